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
LOG_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")
DEFAULT_BACKUP_EVERY = timedelta(days=1)
DEFAULT_BACKUP_KEEP = 7
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

    def __repr__(self) -> str:
        # The token is a password for the bot account: never printed, never logged.
        shown = []
        for item in fields(self):
            value = getattr(self, item.name)
            if item.name == "discord_token":
                text = "'***'" if value else "None"
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
    if guild and not guild.isdigit():
        raise ConfigError(
            "DEV_GUILD_ID must be a server id (a number: enable Developer Mode in Discord, "
            "right-click the server → Copy Server ID), or left empty."
        )
    backup_dir = get("BACKUP_DIR")
    return Settings(
        discord_token=get("DISCORD_TOKEN") or None,
        database_path=Path(get("DATABASE_PATH") or DEFAULT_DATABASE_PATH),
        log_level=level,
        dev_guild_id=int(guild) if guild else None,
        library_log_level=library,
        backup_dir=Path(backup_dir) if backup_dir else None,
        backup_every=parse_interval(get("BACKUP_EVERY")),
        backup_keep=_backup_keep(get("BACKUP_KEEP")),
    )


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
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= 1000:
        raise ConfigError(f"BACKUP_KEEP must be how many backups to keep, from 1 to 1000 (got {text!r}).")
    return int(text)


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
