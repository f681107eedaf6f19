"""Starting the bot for real: check the local set-up first, then connect, retrying while offline.

The local set-up (settings, the database folder, the database itself, no other
bot on the same file) is checked before anything talks to Discord, so a broken
database is reported at once, even without a network. Every problem a person
can fix is printed as one or two lines with a non-zero exit code.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from pathlib import Path

import aiohttp
import discord

from bot.config import ConfigError, Settings, configure_logging
from bot.ops.database import DatabaseProblem, inspect_database
from bot.ops.lock import DatabaseInUse, DatabaseLock

log = logging.getLogger("bot")

RETRY_FIRST = 2.0
RETRY_MAX = 300.0


class StartupProblem(Exception):
    """Something in the local set-up that stops the bot from starting; the message says what to do."""


def check_database_path(path: Path) -> None:
    """The database's folder exists (or can be made) and the bot can write there."""
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise StartupProblem(
            f"DATABASE_PATH {path}: {folder} is a file, not a folder. Choose another DATABASE_PATH."
        ) from None
    except OSError as error:
        reason = error.strerror or str(error)
        raise StartupProblem(
            f"Cannot create the folder {folder} for DATABASE_PATH ({reason}). "
            "Create it yourself, or set DATABASE_PATH to a place the bot may write."
        ) from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise StartupProblem(
            f"The bot may not write in {folder} (DATABASE_PATH {path}). Fix its permissions or choose another path."
        )
    if path.exists() and not os.access(path, os.R_OK | os.W_OK):
        raise StartupProblem(
            f"The bot may not read and write {path}. Fix its permissions or choose another DATABASE_PATH."
        )


def check_local_setup(settings: Settings) -> str:
    """The token, the database folder and the database; returns the token."""
    try:
        token = settings.require_token()
    except ConfigError as error:
        raise StartupProblem(str(error)) from None
    if settings.database_url:
        # PostgreSQL: reachable, and not from a newer bot; the store migrates it when it opens.
        from bot.ops.health import postgres_problem

        problem = postgres_problem(settings.database_url)
        if problem is not None:
            raise StartupProblem(f"DATABASE_URL: {problem}")
        return token
    check_database_path(settings.database_path)
    try:
        inspect_database(settings.database_path)
    except DatabaseProblem as problem:
        raise StartupProblem(str(problem)) from None
    return token


def quiet_voice_warnings() -> None:
    """The bot never uses voice: discord.py's warnings about voice libraries are noise."""
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False


async def login_with_retry(client: discord.Client, token: str, *, first: float = RETRY_FIRST) -> None:
    """Log in, waiting with back-off (one log line per try) while Discord cannot be reached."""
    delay = first
    while not client.is_closed():
        try:
            await client.login(token)
            return
        except (aiohttp.ClientConnectionError, TimeoutError, OSError) as error:
            reason = type(error).__name__ if not str(error) else str(error).splitlines()[0]
            log.warning("Cannot reach Discord (%s); trying again in %.0f s", reason, delay)
            await asyncio.sleep(delay)
            delay = min(delay * 2, RETRY_MAX)


async def serve(settings: Settings, token: str) -> None:
    from bot.client import GameBot

    quiet_voice_warnings()
    bot = GameBot(settings)
    loop = asyncio.get_running_loop()
    stopping: list[asyncio.Task[None]] = []

    def stop() -> None:
        log.info("Stopping: no new clicks; finishing the ones in flight")
        stopping.append(asyncio.ensure_future(bot.close()))

    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop)
    async with bot:
        await login_with_retry(bot, token)
        if not bot.is_closed():
            await bot.connect(reconnect=True)
        if stopping:
            await asyncio.gather(*stopping)
    log.info("Stopped cleanly")


def run_bot(settings: Settings) -> int:
    try:
        token = check_local_setup(settings)
        # One process per SQLite file; PostgreSQL is shared by design (per-game locks in the database).
        lock = DatabaseLock(settings.database_path) if not settings.database_url else None
        if lock is not None:
            lock.acquire()
    except (StartupProblem, DatabaseInUse) as problem:
        print(f"Cannot start the bot: {problem}", file=sys.stderr)
        return 2
    try:
        configure_logging(settings.log_level)
        log.info("Starting with %r", settings)
        asyncio.run(serve(settings, token))
    except discord.LoginFailure:
        print(
            "Discord rejected DISCORD_TOKEN. Reset the token in the Developer Portal (Bot → Reset Token) "
            "and put the new one in your environment or .env.",
            file=sys.stderr,
        )
        return 1
    except discord.PrivilegedIntentsRequired:
        print("Discord refused the connection: the bot asked for an intent that is not enabled.", file=sys.stderr)
        return 1
    finally:
        if lock is not None:
            lock.release()
    return 0
