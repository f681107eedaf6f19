"""Numbers typed into slash commands, read with their bounds before anything counts with them.

Discord's client keeps an integer option between its ``min_value`` and ``max_value``, but the bot
never relies on what a client did: a modified one can send ``10**400``, a float, or infinity (JSON
reads ``1e999`` as ``inf``). ``WholeNumber`` declares the same bounds to Discord and checks them
again when the command arrives, so a forged value gets a private one-line refusal (``cogs.errors``
shows the ``TableError``) instead of an overflow deep in the table.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n.table import _
from bot.table import TableError
from bot.table.timing import MISSED_TURNS


class WholeNumber(app_commands.Transformer[Any]):
    def __init__(self, name: str, low: int, high: int) -> None:
        self.name = name
        self.low = low
        self.high = high

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.integer

    @property
    def min_value(self) -> int:
        return self.low

    @property
    def max_value(self) -> int:
        return self.high

    async def transform(self, interaction: discord.Interaction[Any], value: Any, /) -> int:
        if type(value) is not int or not self.low <= value <= self.high:
            raise TableError(
                _("`{name}:` must be a whole number from {low} to {high}.").format(
                    name=self.name, low=self.low, high=self.high
                )
            )
        return value


COMPUTERS = WholeNumber("computers", 0, 9)
MISSED = WholeNumber("missed", *MISSED_TURNS)
PAGE = WholeNumber("page", 1, 100)
