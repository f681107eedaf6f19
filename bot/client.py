"""The Discord client: opens the store, builds the table service, loads the cogs."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

import discord
from discord.ext import commands

from bot.config import Settings
from bot.engine import LoadedGame
from bot.games import registry
from bot.storage import Store
from bot.table import TableService
from cogs import EXTENSIONS
from cogs.components import DYNAMIC_ITEMS
from cogs.delivery import Delivery

log = logging.getLogger(__name__)

_DEFAULT: Any = object()


def intents() -> discord.Intents:
    """Slash commands and component clicks arrive as interactions, which need no intent at all.

    ``guilds`` keeps the server and channel cache (channel types, thread parents)
    up to date. No privileged intent (members, presences, message content) is
    used: names come from the interaction's member, and the bot never reads messages.
    """
    wanted = discord.Intents.none()
    wanted.guilds = True
    return wanted


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
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.settings = settings
        self.game_names: list[str] = list(game_names) if game_names is not None else registry.game_names()
        self._games = games
        self._renderer = renderer
        self._seed_source = seed_source
        self._sync_commands = sync_commands
        self.store: Store | None = None
        self.service: TableService | None = None
        self.delivery: Delivery | None = None
        self._resumed = False

    async def setup_hook(self) -> None:
        self.store = await Store.open(self.settings.database_path)
        options: dict[str, Any] = {"games": self._games, "seed_source": self._seed_source}
        if self._renderer is not _DEFAULT:
            options["renderer"] = self._renderer
        self.service = TableService(self.store, **options)
        self.delivery = Delivery(self, self.service)
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
        if self._resumed or self.delivery is None:
            return
        self._resumed = True
        try:
            moved = await self.delivery.resume_games()
        except Exception:
            log.exception("Resuming interrupted games failed")
        else:
            if moved:
                log.info("Resumed %d games whose computer moves a restart had interrupted", moved)

    async def close(self) -> None:
        try:
            await super().close()
        finally:
            if self.store is not None:
                await self.store.close()
                self.store = None
