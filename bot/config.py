"""Settings from the environment (and a ``.env`` file, which never overrides the environment)."""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from datetime import timedelta
from pathlib import Path

import discord
from dotenv import dotenv_values

DEFAULT_DATABASE_PATH = "data/games.db"
DEFAULT_LOG_LEVEL = "INFO"
DEFAULT_WEB_HOST = "127.0.0.1"
LOG_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")
DEFAULT_BACKUP_EVERY = timedelta(days=1)
DEFAULT_BACKUP_KEEP = 7
DEFAULT_COMPUTER_PROCESSES = 1
"""One worker process plays the computer seats (their searches), off the event loop's GIL."""
MOST_WORKER_PROCESSES = 32
SHORTEST_BACKUP_EVERY = timedelta(minutes=5)
NAMED_INTERVALS = {"hourly": timedelta(hours=1), "daily": timedelta(days=1), "weekly": timedelta(weeks=1)}
INTERVAL_UNITS = {"m": "minutes", "h": "hours", "d": "days", "w": "weeks"}


class ConfigError(ValueError):
    """A setting is missing or malformed; the message says which and how to fix it."""


@dataclass(frozen=True)
class Settings:
    discord_token: str | None = field(default=None, repr=False)
    database_path: Path = Path(DEFAULT_DATABASE_PATH)
    log_level: str = DEFAULT_LOG_LEVEL
    dev_guild_id: int | None = None
    library_log_level: str = DEFAULT_LOG_LEVEL
    """Level of the libraries' loggers (discord.py, aiosqlite): never below INFO unless set here."""
    backup_dir: Path | None = None
    """Where the running bot keeps automatic backups; None: no automatic backups."""
    backup_every: timedelta = DEFAULT_BACKUP_EVERY
    backup_keep: int = DEFAULT_BACKUP_KEEP
    database_url: str | None = field(default=None, repr=False)
    """``postgresql://...``: the database several bot processes share; None: SQLite at ``database_path``."""
    shard_count: int | None = None
    """Shards in all (SHARD_COUNT, the same in every process); None: discord.py asks Discord."""
    shard_ids: tuple[int, ...] | None = None
    """The shards this process runs (SHARD_IDS); None: all of them."""
    computer_processes: int = 0
    """Worker processes for the computer players (COMPUTER_PROCESSES, default 1 when read from the
    environment); 0: a worker thread, which takes a share of the GIL from the event loop
    (``bot.table.computers``)."""
    render_processes: int = 0
    """Worker processes drawing the boards (RENDER_PROCESSES, default one per core when read from the
    environment, none on a one-core machine); 0: a worker thread, which takes a share of the GIL
    from the event loop (``bot.table.painter``)."""
    public_url: str | None = None
    """What players' browsers reach the web table at (PUBLIC_URL); None: no web table."""
    web_port: int | None = None
    """The port the web table listens on (WEB_PORT); None: no web table."""
    web_host: str = DEFAULT_WEB_HOST
    activity: bool = False
    """ACTIVITY=1: the web table also opens inside Discord as an Activity ("🎲 Open in Discord")."""
    discord_client_secret: str | None = field(default=None, repr=False)
    """DISCORD_CLIENT_SECRET: the application's OAuth2 secret, for the Activity's sign-in."""

    @property
    def web_on(self) -> bool:
        """The web table runs only when both PUBLIC_URL and WEB_PORT are set."""
        return self.public_url is not None and self.web_port is not None

    @property
    def activity_on(self) -> bool:
        """The Activity needs the web table, ACTIVITY=1 and the client secret (``load_settings``
        refuses ACTIVITY=1 without the other two)."""
        return self.web_on and self.activity and bool(self.discord_client_secret)

    def __repr__(self) -> str:
        # The token is a password for the bot account: never printed, never logged.
        shown = []
        for item in fields(self):
            value = getattr(self, item.name)
            if item.name == "discord_client_secret" and not value:
                continue  # unset: nothing to say (its name alone would read like a leaked password)
            if item.name in ("discord_token", "discord_client_secret"):
                text = "'***'" if value else "None"
            elif item.name == "database_url" and value:
                text = repr(re.sub(r"(://[^:/@]+):[^@]*@", r"\1:***@", value))
            elif isinstance(value, Path):
                text = repr(str(value))
            else:
                text = repr(value)
            shown.append(f"{item.name}={text}")
        return f"Settings({', '.join(shown)})"

    __str__ = __repr__

    def require_token(self) -> str:
        if not self.discord_token:
            raise ConfigError(
                "DISCORD_TOKEN is not set. Put the bot token from the Discord Developer Portal "
                "(Applications → your app → Bot → Reset Token) in the DISCORD_TOKEN environment variable, "
                "or copy .env.example to .env and fill it in. See docs/discord-setup.md."
            )
        return self.discord_token


def load_settings(
    environ: Mapping[str, str] | None = None, env_file: str | os.PathLike[str] | None = ".env"
) -> Settings:
    """Read the settings; values in ``environ`` (default: ``os.environ``) win over the ``.env`` file."""
    values: dict[str, str] = {}
    if env_file is not None and Path(env_file).is_file():
        values.update({k: v for k, v in dotenv_values(env_file).items() if v is not None})
    values.update(os.environ if environ is None else environ)

    def get(name: str) -> str:
        return (values.get(name) or "").strip()

    level = get("LOG_LEVEL").upper() or DEFAULT_LOG_LEVEL
    if level not in LOG_LEVELS:
        raise ConfigError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)} (got {level!r}).")
    library = get("LIBRARY_LOG_LEVEL").upper() or DEFAULT_LOG_LEVEL
    if library not in LOG_LEVELS:
        raise ConfigError(f"LIBRARY_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)} (got {library!r}).")
    guild = get("DEV_GUILD_ID")
    if guild and not _digits(guild, SNOWFLAKE_DIGITS):
        raise ConfigError(
            "DEV_GUILD_ID must be a server id (a number: enable Developer Mode in Discord, "
            "right-click the server → Copy Server ID), or left empty."
        )
    backup_dir = get("BACKUP_DIR")
    public_url, web_port = parse_public_url(get("PUBLIC_URL")), parse_port(get("WEB_PORT"))
    activity = parse_activity(
        get("ACTIVITY"), get("DISCORD_CLIENT_SECRET"), public_url is not None and web_port is not None
    )
    database_url, sqlite_path = parse_database_url(get("DATABASE_URL"))
    shard_count, shard_ids = parse_shards(get("SHARD_COUNT"), get("SHARD_IDS"), shared=database_url is not None)
    return Settings(
        discord_token=get("DISCORD_TOKEN") or None,
        database_path=sqlite_path or Path(get("DATABASE_PATH") or DEFAULT_DATABASE_PATH),
        log_level=level,
        dev_guild_id=int(guild) if guild else None,
        library_log_level=library,
        backup_dir=Path(backup_dir) if backup_dir else None,
        backup_every=parse_interval(get("BACKUP_EVERY")),
        backup_keep=_backup_keep(get("BACKUP_KEEP")),
        database_url=database_url,
        shard_count=shard_count,
        shard_ids=shard_ids,
        computer_processes=_computer_processes(get("COMPUTER_PROCESSES")),
        render_processes=_render_processes(get("RENDER_PROCESSES")),
        public_url=public_url,
        web_port=web_port,
        web_host=get("WEB_HOST") or DEFAULT_WEB_HOST,
        activity=activity,
        discord_client_secret=get("DISCORD_CLIENT_SECRET") or None,
    )


def parse_public_url(text: str) -> str | None:
    """``PUBLIC_URL``: http(s)://host[:port], what players' browsers open (the pages live at its root)."""
    if not text:
        return None
    if not re.fullmatch(r"https?://[A-Za-z0-9.\-\[\]:]+/?", text):
        raise ConfigError(
            f"PUBLIC_URL must be the web table's address, such as https://games.example.org (got {text!r})."
        )
    return text.rstrip("/")


def parse_activity(text: str, client_secret: str, web_on: bool) -> bool:
    """``ACTIVITY``: 1 opens the web table inside Discord too; it needs the web table and the secret."""
    if text not in ("", "0", "1"):
        raise ConfigError(f"ACTIVITY must be 1 (the web table inside Discord as an Activity) or 0 (got {text!r}).")
    if text != "1":
        return False
    if not client_secret:
        raise ConfigError(
            "ACTIVITY=1 needs DISCORD_CLIENT_SECRET: the Developer Portal → your app → OAuth2 → Client Secret "
            "(Reset Secret). See docs/discord-setup.md."
        )
    if not web_on:
        raise ConfigError("ACTIVITY=1 needs the web table: set PUBLIC_URL and WEB_PORT too (docs/web.md).")
    return True


def parse_port(text: str) -> int | None:
    if not text:
        return None
    if not _digits(text, 5) or not 1 <= int(text) <= 65535:
        raise ConfigError(f"WEB_PORT must be a port number from 1 to 65535 (got {text!r}).")
    return int(text)


SNOWFLAKE_DIGITS = 20
"""Discord ids are 64-bit: at most 20 digits."""


def _digits(text: str, most: int) -> bool:
    """ASCII digits only (``"²".isdigit()`` is True, and ``int`` refuses it), and few enough to read."""
    return 0 < len(text) <= most and text.isascii() and text.isdigit()


def parse_interval(text: str) -> timedelta:
    """``BACKUP_EVERY``: ``hourly``, ``daily``, ``weekly`` or a number with a unit (``30m``, ``6h``, ``2d``)."""
    if not text:
        return DEFAULT_BACKUP_EVERY
    named = NAMED_INTERVALS.get(text.lower())
    if named is not None:
        return named
    match = re.fullmatch(r"([0-9]{1,5})\s*([mhdw])", text.lower())
    if match is None:
        raise ConfigError(
            f"BACKUP_EVERY must be hourly, daily, weekly or a number with a unit such as 6h or 2d (got {text!r})."
        )
    interval = timedelta(**{INTERVAL_UNITS[match.group(2)]: int(match.group(1))})
    if interval < SHORTEST_BACKUP_EVERY:
        raise ConfigError(f"BACKUP_EVERY must be at least 5 minutes (got {text!r}).")
    return interval


def _backup_keep(text: str) -> int:
    if not text:
        return DEFAULT_BACKUP_KEEP
    if not _digits(text, 4) or not 1 <= int(text) <= 1000:
        raise ConfigError(f"BACKUP_KEEP must be how many backups to keep, from 1 to 1000 (got {text!r}).")
    return int(text)


def _computer_processes(text: str) -> int:
    if not text:
        return DEFAULT_COMPUTER_PROCESSES
    return _worker_processes("COMPUTER_PROCESSES", text, "play the computers")


def default_render_processes() -> int:
    """One per core; none on a one-core machine, where a worker process would only compete with the loop."""
    cores = os.cpu_count() or 1
    return min(cores, MOST_WORKER_PROCESSES) if cores > 1 else 0


def _render_processes(text: str) -> int:
    if not text:
        return default_render_processes()
    return _worker_processes("RENDER_PROCESSES", text, "draw the boards")


def _worker_processes(name: str, text: str, job: str) -> int:
    """COMPUTER_PROCESSES and RENDER_PROCESSES: 0 (a thread of the bot process) to 32."""
    if not _digits(text, 2) or int(text) > MOST_WORKER_PROCESSES:
        raise ConfigError(
            f"{name} must be how many worker processes {job}, 0 to {MOST_WORKER_PROCESSES} (0: a thread; got {text!r})."
        )
    return int(text)


MAX_SHARDS = 10_000


def parse_database_url(text: str) -> tuple[str | None, Path | None]:
    """``DATABASE_URL``: ``postgresql://...`` (the shared database), or ``sqlite:///path`` (a file,
    as DATABASE_PATH). Returns (PostgreSQL URL, SQLite path); both None when empty."""
    if not text:
        return None, None
    if text.startswith(("postgresql://", "postgres://")):
        return text, None
    if text.startswith("sqlite:///") and len(text) > len("sqlite:///"):
        return None, Path(text.removeprefix("sqlite:///"))
    raise ConfigError(
        "DATABASE_URL must be postgresql://user:password@host:5432/dbname (or sqlite:///path/to/games.db), "
        f"got {text.split('://')[0] + '://...' if '://' in text else 'something else'}."
    )


def parse_shards(count_text: str, ids_text: str, shared: bool) -> tuple[int | None, tuple[int, ...] | None]:
    """``SHARD_COUNT`` (all processes alike) and ``SHARD_IDS`` (this process's: ``0,1`` or ``4-7``)."""
    count: int | None = None
    if count_text:
        if not _digits(count_text, 5) or not 1 <= int(count_text) <= MAX_SHARDS:
            raise ConfigError(
                f"SHARD_COUNT must be how many shards the bot has in all, 1 or more (got {count_text!r})."
            )
        count = int(count_text)
    if not ids_text:
        return count, None
    if count is None:
        raise ConfigError("SHARD_IDS needs SHARD_COUNT (the number of shards in all, the same in every process).")
    ids: list[int] = []
    for part in ids_text.replace(" ", "").split(","):
        match = re.fullmatch(r"([0-9]{1,5})(?:-([0-9]{1,5}))?", part)
        if match is None:
            raise ConfigError(f"SHARD_IDS must be shard numbers such as 0,1 or 4-7 (got {ids_text!r}).")
        first, last = int(match.group(1)), int(match.group(2) or match.group(1))
        ids += range(first, last + 1)
    if not ids or any(not 0 <= i < count for i in ids) or len(set(ids)) != len(ids):
        raise ConfigError(
            f"SHARD_IDS must name different shards from 0 to {count - 1} (SHARD_COUNT={count}), got {ids_text!r}."
        )
    if len(ids) < count and not shared:
        raise ConfigError(
            "SHARD_IDS names only some of the shards, so other processes run the rest, and they must share "
            "the games: set DATABASE_URL=postgresql://... (one SQLite file serves one process)."
        )
    return count, tuple(sorted(ids))


LIBRARY_LOGGERS = ("discord", "aiosqlite", "asyncio", "aiohttp", "PIL")
"""Loggers of the libraries. At DEBUG, discord.py logs whole request and event bodies (DMs with
players' secrets included) and aiosqlite every statement with its parameters (whole game states)."""


def configure_logging(level: str, library_level: str = DEFAULT_LOG_LEVEL) -> None:
    discord.utils.setup_logging(level=_numeric(level), root=True)
    quiet_libraries(level, library_level)


def _numeric(level: str) -> int:
    value = getattr(logging, level.upper(), logging.INFO)
    return value if isinstance(value, int) else logging.INFO


def quiet_libraries(level: str, library_level: str = DEFAULT_LOG_LEVEL) -> None:
    """The libraries' loggers stay at INFO or above, whatever LOG_LEVEL says, unless
    LIBRARY_LOG_LEVEL asks for more: the bot's own logs never hold game state or secrets,
    theirs would."""
    own, wanted = _numeric(level), _numeric(library_level)
    libraries = wanted if wanted < logging.INFO else max(own, wanted)
    for name in LIBRARY_LOGGERS:
        logging.getLogger(name).setLevel(libraries)


def bot_permissions() -> discord.Permissions:
    """What the bot needs in a game channel (see docs/discord-setup.md for why each one)."""
    return discord.Permissions(
        view_channel=True,
        send_messages=True,
        send_messages_in_threads=True,
        create_public_threads=True,
        attach_files=True,
        read_message_history=True,
    )


def invite_url(application_id: int) -> str:
    return discord.utils.oauth_url(
        application_id, permissions=bot_permissions(), scopes=("bot", "applications.commands")
    )
