"""The numbered migrations in their PostgreSQL dialect (``migrations/postgres/NNNN_*.sql``).

Every SQLite migration ``migrations/NNNN_name.sql`` has a PostgreSQL twin of the same number and
name; both dialects end at the same tables and columns. PostgreSQL has transactional DDL, so each
migration and its version bump commit together. The schema version lives in ``schema_version``
(PostgreSQL has no ``user_version``). An advisory lock makes processes that start together
migrate one after the other.
"""

from __future__ import annotations

from importlib import resources

import asyncpg  # type: ignore[import-untyped]  # no stubs published

from bot.storage.migrations import _NAME, Migration, SchemaTooNew, due, migrations, ordered

MIGRATION_LOCK = 0x67616D65  # "game": the advisory lock key held while migrating


def postgres_migrations() -> list[Migration]:
    folder = resources.files("bot.storage").joinpath("migrations").joinpath("postgres")
    found = []
    for entry in folder.iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append(Migration(int(match.group(1)), entry.name, entry.read_text("utf-8")))
    ordered(found)
    sqlite_names = [m.name for m in migrations()]
    if [m.name for m in found] != sqlite_names:
        raise RuntimeError(
            "every SQLite migration needs its PostgreSQL twin of the same name in migrations/postgres/: "
            f"SQLite has {sqlite_names}, PostgreSQL {[m.name for m in found]}"
        )
    return found


async def schema_version(connection: asyncpg.Connection) -> int:
    exists = await connection.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
    if not exists:
        return 0
    return int(await connection.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))


async def migrate(connection: asyncpg.Connection, target: int | None = None) -> int:
    """Bring the schema up to ``target`` (default: latest), one transaction per migration."""
    available = postgres_migrations()
    latest = available[-1].version if available else 0
    target = latest if target is None else target
    async with connection.transaction():
        await connection.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
        await connection.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    while True:
        async with connection.transaction():
            await connection.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            current = await schema_version(connection)
            if current > latest:
                raise SchemaTooNew(
                    f"This database has schema version {current}, but this version of the bot only knows "
                    f"up to {latest}. Upgrade the bot, or point DATABASE_URL at another database."
                )
            pending = due(available, current, target)
            if not pending:
                return current
            migration = pending[0]
            await connection.execute(migration.sql)
            await connection.execute("DELETE FROM schema_version")
            await connection.execute("INSERT INTO schema_version (version) VALUES ($1)", migration.version)
