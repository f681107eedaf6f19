"""The Discord client: opens the store, builds the table service, loads the cogs."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

import discord
from discord.ext import commands

from bot.config import Settings, bot_permissions
from bot.engine import LoadedGame
from bot.games import registry
from bot.lifecycle import SHUTDOWN_GRACE, finish_in_flight, refuse_while_restarting
from bot.ops.heap import settle_heap_once
from bot.ops.schedule import BackupSchedule
from bot.storage import Store
from bot.table import TableService
from bot.table.computers import ProcessRunner
from bot.table.painter import process_painter
from bot.web.discord_auth import ActivityApp, DiscordAuth
from bot.web.server import WebServer
from bot.web.table import WebTable
from cogs import EXTENSIONS
from cogs.activity import ChannelActivity
from cogs.components import DYNAMIC_ITEMS
from cogs.delivery import Delivery
from cogs.lobby_language import LanguageSelect
from cogs.lobby_levels import LevelSelect
from cogs.multi_select import MultiSelect
from cogs.open_in_discord import OpenInDiscordButton
from cogs.table_buttons import TABLE_BUTTONS
from cogs.translator import CommandTranslator

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


def _sharding(settings: Settings) -> dict[str, Any]:
    """SHARD_COUNT and SHARD_IDS for AutoShardedBot (both absent: discord.py asks Discord)."""
    sharding: dict[str, Any] = {"shard_count": settings.shard_count}
    if settings.shard_ids is not None:
        sharding["shard_ids"] = list(settings.shard_ids)
    return sharding


class NotReady(RuntimeError):
    """A service was used before ``setup_hook`` built it."""


class GameBot(commands.AutoShardedBot):
    """discord.py's own sharding: SHARD_COUNT and SHARD_IDS, or automatic. Any process may get any
    click (DMs arrive on shard 0); everything is sent through the REST API, which works from every
    process, so nothing needs the shard a game's channel is on."""

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
            **_sharding(settings),
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
        self._stopping = False
        self._backups: asyncio.Task[None] | None = None
        self.web: WebTable | None = None
        """The web table (issue 24), when PUBLIC_URL and WEB_PORT are set."""
        self._web_server: WebServer | None = None

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

    @property
    def syncs_commands(self) -> bool:
        """Slash commands belong to the application: the process with shard 0 syncs them, the others need not."""
        return self.settings.shard_ids is None or 0 in self.settings.shard_ids

    async def setup_hook(self) -> None:
        clock = self._clock
        where = self.settings.database_url or self.settings.database_path
        self._store = await Store.open(where, clock=lambda: clock().isoformat(timespec="seconds"))
        options: dict[str, Any] = {
            "games": self._games,
            "seed_source": self._seed_source,
            "clock": clock,
            "activity": self.channel_activity.messages_after,
        }
        if self._renderer is not _DEFAULT:
            options["renderer"] = self._renderer
        elif self.settings.render_processes:
            painter = process_painter(self.settings.render_processes)
            painter.start()
            options["painter"] = painter
        if self.settings.computer_processes:
            options["runner"] = ProcessRunner(self.settings.computer_processes)
        self._service = TableService(self._store, **options)
        self._delivery = Delivery(self, self._service)
        # Registered on the bot, not on a View: buttons of messages posted before a restart keep working.
        self.add_dynamic_items(
            MultiSelect, OpenInDiscordButton, *TABLE_BUTTONS, *DYNAMIC_ITEMS, LevelSelect, LanguageSelect
        )
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        await self.tree.set_translator(CommandTranslator())
        if self._sync_commands and self.syncs_commands:
            await self.sync_commands()
        self._start_backups()
        await self._start_web()
        settle_heap_once("started")

    async def _start_web(self) -> None:
        settings = self.settings
        if settings.public_url is None or settings.web_port is None or self._store is None:
            return
        delivery = self.delivery
        self.web = WebTable(self.service, self._store, settings.public_url, deliver=delivery.send_pending)
        self._web_server = WebServer(self.web, settings.web_host, settings.web_port, auth=self._activity_auth())
        await self._web_server.start()

    def _activity_auth(self) -> DiscordAuth | None:
        """The Activity's sign-in with Discord (ACTIVITY=1 and DISCORD_CLIENT_SECRET), else None."""
        settings = self.settings
        if not settings.activity_on or self.application_id is None:
            return None
        secret, token = settings.discord_client_secret or "", settings.discord_token or ""
        return DiscordAuth(ActivityApp(self.application_id, secret, token))

    @property
    def activity_on(self) -> bool:
        """Whether "🎲 Open in Discord" is offered: the web table runs with the Activity's sign-in."""
        return self._web_server is not None and self._web_server.app.auth is not None

    def _start_backups(self) -> None:
        folder = self.settings.backup_dir
        if folder is None or self.settings.database_url:  # PostgreSQL: pg_dump (docs/deploy.md)
            return
        schedule = BackupSchedule(
            self.settings.database_path, folder, self.settings.backup_every, self.settings.backup_keep
        )
        self._backups = asyncio.create_task(schedule.run(), name="automatic-backups")

    async def sync_commands(self) -> None:
        guild_id = self.settings.dev_guild_id
        if guild_id:
            guild = discord.Object(guild_id)
            self.tree.copy_global_to(guild=guild)
            try:
                synced = await self.tree.sync(guild=guild)
            except discord.Forbidden:
                # 50001 Missing Access: invited without the applications.commands scope.
                log.error(
                    "Cannot add slash commands to server %s (DEV_GUILD_ID): the bot was invited without the "
                    "applications.commands scope. Invite it again with the link from `python -m bot invite <app id>`.",
                    guild_id,
                )
                return
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
        for guild in self.guilds:
            warn_missing_permissions(guild)
        try:
            resumed = await self._delivery.resume()
        except Exception:
            log.exception("Resuming interrupted games failed")
        else:
            if resumed:
                log.info("Resumed %d games with moves or messages a restart had interrupted", resumed)
        # The servers' channels and members, cached on connecting, live as long as the process too.
        settle_heap_once("connected")

    async def on_guild_join(self, guild: discord.Guild) -> None:
        warn_missing_permissions(guild)

    def is_closed(self) -> bool:
        # While stopping, discord.py's connection loop must not reconnect the closed gateway.
        return self._stopping or super().is_closed()

    async def close(self) -> None:
        """Stop taking clicks, finish those in flight and what they must send, then close."""
        if not self._stopping:
            self._stopping = True
            await self._drain()
        try:
            await super().close()
        finally:
            if self._service is not None:
                self._service.stop_drawing()
            if self._store is not None:
                await self._store.close()
                self._store = None

    async def _drain(self) -> None:
        parser = lambda data: refuse_while_restarting(self._connection, data)  # noqa: E731
        self._connection.parsers["INTERACTION_CREATE"] = parser
        setattr(self._connection, "parse_interaction_create", parser)  # noqa: B010 (the parsers' other entrance)
        if self.ws is not None and self.ws.open:
            await self.ws.close(code=1000)
        if self._backups is not None:
            self._backups.cancel()
        if self._web_server is not None:
            await self._web_server.stop()
        left = await finish_in_flight(SHUTDOWN_GRACE)
        if left:
            log.warning("Stopping with %d clicks still running after %.0f s", left, SHUTDOWN_GRACE)
        if self._service is None or self._delivery is None:
            return
        self._service.stop_computers()
        self._service.deliverer.stop()
        try:
            sent = await asyncio.wait_for(self._service.deliverer.flush_all(self._delivery.sender), SHUTDOWN_GRACE)
        except (TimeoutError, discord.HTTPException, OSError) as error:
            log.warning(
                "Stopping with messages still to send (%s); they are sent after the restart", type(error).__name__
            )
        else:
            if sent:
                log.info("Sent what %d games still had pending before stopping", sent)


def warn_missing_permissions(guild: discord.Guild) -> None:
    """One log line naming what the server's invite left out (a channel may still grant it)."""
    me = guild.me
    if me is None:
        return
    missing = [name for name, wanted in bot_permissions() if wanted and not getattr(me.guild_permissions, name)]
    if missing:
        log.warning(
            "Server %s (%s) gave the bot no %s server-wide; games work only in channels that allow it. "
            "Invite link with every permission: `python -m bot invite <app id>`.",
            guild.name,
            guild.id,
            ", ".join(missing),
        )
