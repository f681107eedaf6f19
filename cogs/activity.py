"""How far up the channel the live board has scrolled: messages others wrote since.

The bot asks for no message content (a privileged intent); the message events of
the non-privileged Guild Messages intent carry ids and authors, which is all this
needs: the newest few message ids per channel, kept in memory.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

if TYPE_CHECKING:
    from bot.client import GameBot

KEPT_PER_CHANNEL = 32
CHANNELS = 5_000
"""Channels remembered (least recently active forgotten first): a few hundred kilobytes at most."""


class ChannelActivity(commands.Cog):
    def __init__(self) -> None:
        self._recent: OrderedDict[int, deque[int]] = OrderedDict()

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or (message.guild is None and message.channel.type is discord.ChannelType.private):
            return
        self.seen(message.channel.id, message.id)

    def seen(self, channel_id: int, message_id: int) -> None:
        recent = self._recent.pop(channel_id, None) or deque(maxlen=KEPT_PER_CHANNEL)
        recent.append(message_id)
        self._recent[channel_id] = recent
        while len(self._recent) > CHANNELS:
            self._recent.popitem(last=False)

    def messages_after(self, channel_id: int, message_id: int) -> int:
        """How many messages by others the channel had after ``message_id`` (up to 32)."""
        return sum(1 for seen in self._recent.get(channel_id, ()) if seen > message_id)


async def setup(bot: GameBot) -> None:
    await bot.add_cog(bot.channel_activity)
