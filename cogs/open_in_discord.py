""" "🎲 Open in Discord": the web table's seat page inside Discord, as an Activity (ACTIVITY=1).

The click is answered with Discord's LAUNCH_ACTIVITY callback: the client opens the Activity in the
channel, and the Activity page learns who opened it, and where, from Discord itself
(``bot.web.activity_page``). Like every item of ``cogs.components`` it is a ``DynamicItem``
registered on the bot, so a button posted before a restart still works.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.i18n import N_
from bot.i18n.table import _
from bot.table import TableError
from cogs import ids
from cogs.components import Button, Interaction, _button_like, _numbers, _run, game_bot

ACTIVITY_OFF = N_("Playing inside Discord is off on this bot now: use 🌐 My board under ▶ Play.")


class OpenInDiscordButton(discord.ui.DynamicItem[Button], template=ids.LAUNCH):
    """Launches the Activity in the clicker's channel; the Activity page finds their seat there."""

    def __init__(self, game_id: int, button: Button | None = None) -> None:
        super().__init__(
            button
            or discord.ui.Button(
                label=_("Open in Discord"),
                emoji="🎲",
                style=discord.ButtonStyle.secondary,
                custom_id=ids.launch(game_id),
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> OpenInDiscordButton:
        return cls(_numbers(match)[0], _button_like(item, match.group(0)))

    async def callback(self, interaction: Interaction) -> None:
        bot = game_bot(interaction)

        async def launch() -> None:
            if not bot.activity_on:
                raise TableError(_(ACTIVITY_OFF))
            await bot.service.record(self.game_id)  # a game reachable from here, or the usual refusal
            await interaction.response.launch_activity()

        await _run(interaction, self.game_id, launch)
