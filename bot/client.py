"""The Discord client: opens the store, builds the table service, loads the cogs."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

import discord
from discord.ext import commands

from bot.config import Settings
from bot.engine import LoadedGame
from bot.games import registry
from bot.storage import Store
from bot.table import TableService
from cogs import EXTENSIONS
from cogs.activity import ChannelActivity
from cogs.components import DYNAMIC_ITEMS
from cogs.delivery import Delivery

log = logging.getLogger(__name__)

_DEFAULT: Any = object()


def intents() -> discord.Intents:
    """Slash commands and component clicks arrive as interactions, which need no intent at all.

    ``guilds`` keeps the server and channel cache (channel types, thread parents)
    up to date; ``guild_messages`` tells the bot when others write in a channel, so a
    live board that scrolled far up is posted again at the bottom. No privileged
    intent (members, presences, message content) is used: names come from the
    interaction's member, and the bot never reads what people write.
    """
    wanted = discord.Intents.none()
    wanted.guilds = True
    wanted.guild_messages = True
    return wanted


def _utc_now() -> datetime:
    return datetime.now(UTC)


class NotReady(RuntimeError):
    """A service was used before ``setup_hook`` built it."""


class GameBot(commands.Bot):
    def __init__(
        self,
        settings: Settings,
        *,
        games: Callable[[str], LoadedGame] = registry.game,
        game_names: Sequence[str] | None = None,
        renderer: Any = _DEFAULT,
        seed_source: Callable[[], int] | None = None,
        sync_commands: bool = True,
        clock: Callable[[], datetime] = _utc_now,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            max_messages=None,
        )
        self.settings = settings
        self.game_names: list[str] = list(game_names) if game_names is not None else registry.game_names()
        self.channel_activity = ChannelActivity()
        self._games = games
        self._renderer = renderer
        self._seed_source = seed_source
        self._sync_commands = sync_commands
        self._clock = clock
        self._store: Store | None = None
        self._service: TableService | None = None
        self._delivery: Delivery | None = None
        self._resumed = False

    @property
    def service(self) -> TableService:
        if self._service is None:
            raise NotReady("the table service is built in setup_hook")
        return self._service

    @property
    def delivery(self) -> Delivery:
        if self._delivery is None:
            raise NotReady("the delivery is built in setup_hook")
        return self._delivery

    @property
    def is_open(self) -> bool:
        """Whether the store is open (between ``setup_hook`` and ``close``)."""
        return self._store is not None

    async def setup_hook(self) -> None:
        clock = self._clock
        self._store = await Store.open(self.settings.database_path, clock=lambda: clock().isoformat(timespec="seconds"))
        options: dict[str, Any] = {
            "games": self._games,
            "seed_source": self._seed_source,
            "clock": clock,
            "activity": self.channel_activity.messages_after,
        }
        if self._renderer is not _DEFAULT:
            options["renderer"] = self._renderer
        self._service = TableService(self._store, **options)
        self._delivery = Delivery(self, self._service)
        # Registered on the bot, not on a View: buttons of messages posted before a restart keep working.
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        if self._sync_commands:
            await self.sync_commands()

    async def sync_commands(self) -> None:
        guild_id = self.settings.dev_guild_id
        if guild_id:
            guild = discord.Object(guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("Synced %d commands to development server %s (instant)", len(synced), guild_id)
        else:
            synced = await self.tree.sync()
            log.info("Synced %d global commands (Discord may take a while to show changes)", len(synced))

    async def on_ready(self) -> None:
        log.info(
            "Connected as %s (id %s) to %d servers", self.user, self.user.id if self.user else "?", len(self.guilds)
        )
        if self._resumed or self._delivery is None:
            return
        self._resumed = True
        try:
            resumed = await self._delivery.resume()
        except Exception:
            log.exception("Resuming interrupted games failed")
        else:
            if resumed:
                log.info("Resumed %d games with moves or messages a restart had interrupted", resumed)

    async def close(self) -> None:
        if self._service is not None:
            self._service.deliverer.stop()
        try:
            await super().close()
        finally:
            if self._store is not None:
                await self._store.close()
                self._store = None
