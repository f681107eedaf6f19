"""``python -m bot``: run the Discord bot, and the operator's commands.

    python -m bot                      run the bot
    python -m bot invite <app id>      print the invite URL with the permissions the bot needs
    python -m bot backup [--to DIR]    a consistent snapshot of the database, checked
    python -m bot restore FILE         put a backup back (the bot must be stopped)
    python -m bot check                replay every game's log and compare with its stored state
    python -m bot health               the database, the shard settings, the outbox backlog (exit 1: a problem)
    python -m bot migrate-db --from sqlite:///data/games.db --to postgresql://...
                                       copy every game into an empty PostgreSQL database

Every failure a person can fix is one or two lines saying what is wrong and
what to do, with a non-zero exit code, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bot.config import ConfigError, invite_url, load_settings


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot", description="The Discord game master.")
    commands = parser.add_subparsers(dest="command")
    invite = commands.add_parser("invite", help="print the invite URL")
    invite.add_argument("application_id", help="the Application ID from the Developer Portal")
    backup = commands.add_parser("backup", help="snapshot the database (safe while the bot runs)")
    backup.add_argument("--to", type=Path, help="folder for the backup (default: BACKUP_DIR or data/backups)")
    restore = commands.add_parser("restore", help="restore a backup (stop the bot first)")
    restore.add_argument("file", type=Path)
    commands.add_parser("check", help="check the database: integrity, and every game replays exactly")
    commands.add_parser("health", help="the database, the shard settings and the outbox backlog")
    migrate = commands.add_parser("migrate-db", help="copy a SQLite database into an empty PostgreSQL one")
    migrate.add_argument("--from", dest="source", required=True, help="sqlite:///path/to/games.db")
    migrate.add_argument("--to", dest="target", required=True, help="postgresql://user:password@host/dbname")
    return parser


def main(argv: list[str] | None = None) -> int:
    try:
        args = _parser().parse_args(sys.argv[1:] if argv is None else argv)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    if args.command == "invite":
        if not (args.application_id.isascii() and args.application_id.isdigit()):
            print("usage: python -m bot invite <application id>  (the id is a number)", file=sys.stderr)
            return 2
        print(invite_url(int(args.application_id)))
        return 0
    if args.command == "migrate-db":
        from bot.games.registry import game
        from bot.ops.migrate_db import run_migrate_db

        return run_migrate_db(args.source, args.target, game, sys.stdout, sys.stderr)
    try:
        settings = load_settings()
    except ConfigError as error:
        print(f"Cannot start: {error}", file=sys.stderr)
        return 2
    if args.command == "backup":
        from bot.ops.cli import run_backup

        return run_backup(settings, args.to)
    if args.command == "restore":
        from bot.ops.cli import run_restore

        return run_restore(settings, args.file)
    if args.command == "health":
        from bot.ops.health import run_health

        return run_health(settings, sys.stdout)
    if args.command == "check":
        from bot.games.registry import game
        from bot.ops.cli import run_check

        return run_check(settings, game)
    from bot.runner import run_bot

    return run_bot(settings)


if __name__ == "__main__":
    sys.exit(main())
