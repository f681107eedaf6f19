"""SQLite storage: games, seats, the action log, versioned migrations."""

from bot.storage.migrations import SchemaTooNew, latest_version, migrate, schema_version
from bot.storage.store import (
    ActionRecord,
    ChannelBusy,
    GameRecord,
    SeatRecord,
    StorageError,
    Store,
    VersionConflict,
)

__all__ = [
    "ActionRecord",
    "ChannelBusy",
    "GameRecord",
    "SchemaTooNew",
    "SeatRecord",
    "StorageError",
    "Store",
    "VersionConflict",
    "latest_version",
    "migrate",
    "schema_version",
]
