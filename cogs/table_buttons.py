"""The table's own buttons beside a game's: reminders' "Not this turn", "Undo", "Reclaim my seat",
"Rematch", "Leave the game" / "Stay" and "❓" (the names a card or panel asks for in
``Card.extras``). Like every item of ``cogs.components`` each is a ``DynamicItem`` registered on the
bot, so it keeps working on old messages and after restarts; the long-game flows
(``cogs.long_games``) do the work. No rules live here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import N_
from bot.i18n.table import _
from cogs import ids
from cogs.components import Button, Interaction, _button_like, _GameButton, _numbers, _run, game_bot

if TYPE_CHECKING:
    from cogs.long_games import LongGameFlows


class _VersionButton(discord.ui.DynamicItem[Button], template=r"gm:never:(?P<game>[0-9]+):(?P<version>[0-9]+)"):
    """A button that names a game and the version of the decision it was posted for."""

    LABEL = ""
    EMOJI = ""

    def __init__(self, game_id: int, version: int, button: Button | None = None) -> None:
        super().__init__(
            button
            or discord.ui.Button(
                label=_(self.LABEL),
                emoji=self.EMOJI,
                style=discord.ButtonStyle.secondary,
                custom_id=self.custom_id_for(game_id, version),
            )
        )
        self.game_id = game_id
        self.version = version

    @staticmethod
    def custom_id_for(game_id: int, version: int) -> str:
        raise NotImplementedError

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> _VersionButton:
        game, version = _numbers(match)
        return cls(game, version, _button_like(item, match.group(0)))

    async def work(self, interaction: Interaction) -> None:
        raise NotImplementedError

    async def callback(self, interaction: Interaction) -> None:
        await _run(interaction, self.game_id, lambda: self.work(interaction))


class QuietButton(_VersionButton, template=ids.QUIET):
    """ "🔕 Not this turn" on a reminder: no more reminders for the decision it was posted for."""

    LABEL, EMOJI = N_("Not this turn"), "🔕"
    custom_id_for = staticmethod(ids.quiet)

    async def work(self, interaction: Interaction) -> None:
        await _flows(interaction).silence(interaction, self.game_id, self.version)


class UndoButton(_VersionButton, template=ids.UNDO):
    """ "↩️ Undo" on the mover's panel: takes back their last move while it revealed nothing."""

    LABEL, EMOJI = N_("Undo"), "↩️"
    custom_id_for = staticmethod(ids.undo)

    async def work(self, interaction: Interaction) -> None:
        await _flows(interaction).undo(interaction, self.game_id, self.version)


class ReclaimButton(_GameButton, template=ids.RECLAIM):
    """ "🙋 Reclaim my seat": an absent player takes their seat back from the computer."""

    LABEL, EMOJI, STYLE = N_("Reclaim my seat"), "🙋", discord.ButtonStyle.success
    custom_id_for = staticmethod(ids.reclaim)

    async def work(self, interaction: Interaction) -> None:
        await _flows(interaction).reclaim(interaction, self.game_id)


class RematchButton(_GameButton, template=ids.REMATCH):
    """ "🔁 Rematch" on a finished game's board: a new lobby with the same players and options."""

    LABEL, EMOJI, STYLE = N_("Rematch"), "🔁", discord.ButtonStyle.primary
    custom_id_for = staticmethod(ids.rematch)

    async def work(self, interaction: Interaction) -> None:
        await _flows(interaction).rematch(interaction, self.game_id)


class LeaveButton(_GameButton, template=ids.LEAVE):
    """ "🚪 Leave the game": the confirmation of ``/game leave`` in a running game."""

    LABEL, EMOJI, STYLE = N_("Leave the game"), "🚪", discord.ButtonStyle.danger
    custom_id_for = staticmethod(ids.leave)

    async def work(self, interaction: Interaction) -> None:
        await _flows(interaction).leave(interaction, self.game_id)


class StayButton(_GameButton, template=ids.STAY):
    """ "Stay": ``/game leave`` answered no; nothing changes."""

    LABEL, EMOJI, STYLE = N_("Stay"), "🪑", discord.ButtonStyle.secondary
    custom_id_for = staticmethod(ids.stay)

    async def work(self, interaction: Interaction) -> None:
        await _flows(interaction).stay(interaction)


class HelpButton(_GameButton, template=ids.HELP):
    """ "❓": the rule behind the clicker's decision, privately."""

    LABEL, EMOJI = "", "❓"
    custom_id_for = staticmethod(ids.help_for)

    async def work(self, interaction: Interaction) -> None:
        await _flows(interaction).rule_help(interaction, self.game_id)


def extra_buttons(game_id: int, version: int, names: Sequence[str]) -> list[discord.ui.Item[Any]]:
    """The table's own buttons a card or panel asks for (``Card.extras``), in order."""
    made: dict[str, Callable[[], discord.ui.Item[Any]]] = {
        "quiet": lambda: QuietButton(game_id, version),
        "undo": lambda: UndoButton(game_id, version),
        "reclaim": lambda: ReclaimButton(game_id),
        "rematch": lambda: RematchButton(game_id),
        "leave": lambda: LeaveButton(game_id),
        "stay": lambda: StayButton(game_id),
        "help": lambda: HelpButton(game_id),
    }
    return [made[name]() for name in names if name in made]


def _flows(interaction: Interaction) -> LongGameFlows:
    from cogs.long_games import LongGameFlows

    return LongGameFlows(game_bot(interaction))


TABLE_BUTTONS = (QuietButton, UndoButton, ReclaimButton, RematchButton, LeaveButton, StayButton, HelpButton)
"""Registered on the bot in ``setup_hook``, before ``cogs.components.DYNAMIC_ITEMS``."""
