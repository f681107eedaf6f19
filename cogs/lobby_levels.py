"""The lobby's level select: how well each computer seat plays, and a computer taking over a seat.

One select under the lobby's buttons lists, for each computer seat, the levels it does not play
yet (``🟦 🤖 Computer 1 → strong``), then the same for computers that take over a seat once the
game runs (a player left, or ran out of time too often). The lobby's text says every seat's level.
Picking one asks the table (host only, checked there); the lobby's own update answers the pick.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Self

import discord

from bot.i18n import N_
from bot.i18n.table import _
from bot.table.cards import LevelChoice
from cogs import ids
from cogs.components import Interaction, Select, _delivery, _numbers, _run, _select_like
from cogs.errors import send_ephemeral

PLACEHOLDER = N_("🤖 Computer levels…")
OPTIONS = 25
"""A select's most options: 5 computers with 2 other levels each and 2 for take-overs are 12."""
UNKNOWN_LEVEL = N_("That level choice isn't one I know. Pick again from the lobby.")


class LobbyPick(discord.ui.DynamicItem[Select], template=r"gm:never-picked:(?P<game>[0-9]+)"):
    """A select under a lobby naming only its game: each pick goes to ``picked`` (an empty one,
    Discord's way of closing the menu, is only acknowledged)."""

    def __init__(self, game_id: int, select: Select) -> None:
        super().__init__(select)
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(_numbers(match)[0], _select_like(item, match.group(0)))

    async def picked(self, interaction: Interaction, value: str) -> None:
        raise NotImplementedError

    async def callback(self, interaction: Interaction) -> None:
        async def work() -> None:
            if not self.item.values:
                await interaction.response.defer()
                return
            await self.picked(interaction, self.item.values[0])

        await _run(interaction, self.game_id, work)


class LevelSelect(LobbyPick, template=ids.LEVEL):
    @classmethod
    def make(cls, game_id: int, choices: Sequence[LevelChoice]) -> LevelSelect:
        options = [
            discord.SelectOption(
                label=choice.label[:100],
                value=ids.level_value(None if choice.seat < 0 else choice.seat, choice.level),
                description=choice.description[:100] or None,
            )
            for choice in choices[:OPTIONS]
        ]
        select: Select = discord.ui.Select(
            custom_id=ids.level_select(game_id), placeholder=_(PLACEHOLDER), options=options
        )
        return cls(game_id, select)

    async def picked(self, interaction: Interaction, value: str) -> None:
        picked = ids.read_level_value(value)
        if picked is None:
            await send_ephemeral(interaction, _(UNKNOWN_LEVEL))
            return
        seat, level = picked
        await _delivery(interaction).set_level(interaction, self.game_id, seat, level)


def level_row(game_id: int, choices: Sequence[LevelChoice]) -> list[discord.ui.Item[Any]]:
    """The lobby's row with the level select (none when there is nothing to choose)."""
    return [LevelSelect.make(game_id, choices)] if choices else []
