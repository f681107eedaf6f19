"""Every storage test runs on both databases: SQLite (a file) and PostgreSQL (a fresh schema)."""

from __future__ import annotations

import os

import pytest

from bot.storage import Store
from tests.storage.pg_server import drop_schema, new_schema


@pytest.fixture(params=["sqlite", "postgres"])
async def target(request, tmp_path):
    """Where a store lives: a SQLite file path, or a PostgreSQL URL on an empty schema."""
    if request.param == "sqlite":
        yield tmp_path / "games.db"
        return
    try:
        schema, url = await new_schema()
    except RuntimeError as error:
        if os.environ.get("ALLOW_NO_POSTGRES") == "1" and not os.environ.get("CI"):
            pytest.skip(f"PostgreSQL half skipped (ALLOW_NO_POSTGRES=1): {error}")
        raise
    yield url
    await drop_schema(schema)


@pytest.fixture
async def store(target):
    store = await Store.open(target)
    yield store
    await store.close()
