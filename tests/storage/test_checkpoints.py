"""WAL checkpoints run in their own thread, never inside a move's commit (issue 23): a commit that
crossed SQLite's 1000-page mark used to copy the log back itself, 19-23 ms that every game's
commit queued behind."""

from __future__ import annotations

import sqlite3

from bot.storage import Store
from bot.storage.checkpoints import EVERY, Checkpointer


def insert(tx, n: int) -> None:
    tx._db.execute("CREATE TABLE IF NOT EXISTS probe (n)")
    tx._db.execute("INSERT INTO probe VALUES (?)", (n,))


async def test_commits_leave_checkpoints_to_their_own_thread(tmp_path):
    store = await Store.open(tmp_path / "games.db")
    try:
        assert store._writer.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0, "no commit checkpoints"
        for n in range(EVERY * 3):
            await store.transaction(lambda tx, n=n: insert(tx, n))
        store.checkpoints._running.result(timeout=10)
        assert store.checkpoints.done >= 2
    finally:
        await store.close()
    with sqlite3.connect(str(tmp_path / "games.db")) as db:
        assert db.execute("SELECT count(*) FROM probe").fetchone()[0] == EVERY * 3


def test_a_checkpoint_that_fails_is_logged_and_the_next_one_tries_again(tmp_path, caplog):
    checkpoints = Checkpointer(str(tmp_path / "no such folder" / "games.db"), every=1)
    try:
        checkpoints.committed()
        checkpoints._running.result(timeout=10)
        assert checkpoints.done == 0 and "A WAL checkpoint failed" in caplog.text
    finally:
        checkpoints.close()
