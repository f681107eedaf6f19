"""A several-at-once choice (``bot.engine.MultiChoice``) as one select menu with ``max_values`` > 1.

Like every item of ``cogs.components`` it is a ``DynamicItem`` registered on the bot, so a menu
posted before a restart still works. The chosen values go to the table, which turns them into the
engine's one action; the engine checks the whole set, so nothing is ever half-applied.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.engine import MultiChoice
from cogs import ids
from cogs.components import Interaction, Select, _delivery, _numbers, _run, _select_like, parse_emoji


class MultiSelect(discord.ui.DynamicItem[Select], template=ids.MULTI):
    """Several options of one decision, chosen together (the discards of a full hand, say)."""

    def __init__(self, select: Select, game_id: int, version: int, verb: str) -> None:
        super().__init__(select)
        self.game_id = game_id
        self.version = version
        self.verb = verb

    @classmethod
    def make(cls, game_id: int, version: int, multi: MultiChoice) -> MultiSelect | None:
        custom_id = ids.multi(game_id, version, multi.verb)
        if custom_id is None or not multi.options:
            return None
        options = [
            discord.SelectOption(
                label=(c.label or c.action)[:100],
                value=c.action[:100],
                description=c.description[:100] or None,
                emoji=parse_emoji(c.emoji),
            )
            for c in multi.options[:25]
        ]
        select: Select = discord.ui.Select(
            custom_id=custom_id,
            placeholder=multi.placeholder[:150] or None,
            options=options,
            min_values=max(0, min(multi.min_values, len(options))),
            max_values=max(1, min(multi.max_values, len(options))),
        )
        return cls(select, game_id, version, multi.verb)

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MultiSelect:
        game, version = _numbers(match)
        return cls(_select_like(item, match.group(0)), game, version, match["verb"])

    async def callback(self, interaction: Interaction) -> None:
        values = list(self.item.values)
        await _run(
            interaction,
            self.game_id,
            lambda: _delivery(interaction).choose_several(interaction, self.game_id, self.version, self.verb, values),
        )
