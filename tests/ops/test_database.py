"""Start-up refuses a database that is not sound, names it, points to restore, and changes nothing."""

from __future__ import annotations

import hashlib

import pytest

from bot.ops.database import DatabaseProblem, inspect_database
from bot.storage.migrations import latest_version
from tests.ops.builder import add_game, create_schema
from tests.support.toy_game import TOY


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_missing_file_is_fine_and_a_sound_one_reports_its_schema(tmp_path):
    assert not inspect_database(tmp_path / "new.db").exists
    db = tmp_path / "games.db"
    connection = create_schema(db)
    add_game(connection, TOY.engine, channel_id=1, players=2, seed=1)
    connection.close()
    assert inspect_database(db).schema_version == latest_version()


def test_a_file_that_is_not_a_database_is_refused_and_left_byte_for_byte(tmp_path):
    db = tmp_path / "games.db"
    db.write_bytes(b"these are my holiday notes, not a database\n" * 100)
    before = digest(db)
    with pytest.raises(DatabaseProblem) as problem:
        inspect_database(db)
    assert str(problem.value).startswith(f"{db} is not a SQLite database.")
    assert "python -m bot restore" in str(problem.value)
    assert digest(db) == before


def test_a_corrupt_database_is_refused_and_left_byte_for_byte(tmp_path):
    db = tmp_path / "games.db"
    connection = create_schema(db)
    for index in range(30):
        add_game(connection, TOY.engine, channel_id=index, players=3, seed=index)
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.execute("PRAGMA journal_mode = DELETE")
    connection.close()
    data = bytearray(db.read_bytes())
    page = 4096
    assert len(data) > 4 * page
    data[2 * page : 4 * page] = b"\xa5" * (2 * page)  # scribble over two b-tree pages
    db.write_bytes(bytes(data))
    before = digest(db)
    with pytest.raises(DatabaseProblem) as problem:
        inspect_database(db)
    assert f"{db} is damaged" in str(problem.value) and "restore" in str(problem.value)
    assert digest(db) == before


def test_a_database_from_a_newer_bot_is_refused(tmp_path):
    db = tmp_path / "games.db"
    connection = create_schema(db)
    connection.execute(f"PRAGMA user_version = {latest_version() + 1}")
    connection.close()
    with pytest.raises(DatabaseProblem, match="only knows up to"):
        inspect_database(db)


def test_a_folder_is_not_a_database(tmp_path):
    with pytest.raises(DatabaseProblem, match="is a folder"):
        inspect_database(tmp_path)
