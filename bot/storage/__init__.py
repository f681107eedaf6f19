"""SQLite storage: games, seats, the action log, the outbox, results; versioned migrations."""

from bot.storage.migrations import SchemaTooNew, latest_version, migrate, schema_version
from bot.storage.records import (
    ActionRecord,
    GameRecord,
    OutboxRow,
    PostRecord,
    ResultRecord,
    SeatRecord,
    StatLine,
    TableRecord,
)
from bot.storage.store import MAX_ID, Store
from bot.storage.writer import ChannelBusy, Pending, StorageError, VersionConflict, Writer

__all__ = [
    "MAX_ID",
    "ActionRecord",
    "ChannelBusy",
    "GameRecord",
    "OutboxRow",
    "Pending",
    "PostRecord",
    "ResultRecord",
    "SchemaTooNew",
    "SeatRecord",
    "StatLine",
    "StorageError",
    "Store",
    "TableRecord",
    "VersionConflict",
    "Writer",
    "latest_version",
    "migrate",
    "schema_version",
]
