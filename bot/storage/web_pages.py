"""What the web table (issue 24) keeps (migration 0011): each game's public page id and the key
that signs private links.

A mixin of ``Writer`` like ``long_games``: plain SQL with ``?`` placeholders and ``INSERT OR
IGNORE``, which the PostgreSQL bridge translates, so both stores run it as it is. Two processes
asking at once both insert; the loser's row is ignored and both read the winner's.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable
from typing import Any


class WebPageWrites:
    _db: sqlite3.Connection

    def _run(self, sql: str, parameters: Iterable[Any] = ()) -> sqlite3.Cursor:
        return self._db.execute(sql, tuple(parameters))

    def web_page(self, game_id: int, make: Callable[[], str]) -> str:
        """The public page id of a game, made with ``make`` the first time it is asked for."""
        self._run("INSERT OR IGNORE INTO web_pages (game_id, public_id) VALUES (?, ?)", (game_id, make()))
        row = self._run("SELECT public_id FROM web_pages WHERE game_id = ?", (game_id,)).fetchone()
        assert row is not None, "inserted or already there"
        return str(row[0])

    def game_of_page(self, public_id: str) -> int | None:
        row = self._run("SELECT game_id FROM web_pages WHERE public_id = ?", (public_id,)).fetchone()
        return int(row[0]) if row is not None else None

    def web_key(self, name: str, make: Callable[[], str]) -> str:
        """A signing key kept in the database, made with ``make`` the first time."""
        self._run("INSERT OR IGNORE INTO web_keys (name, value) VALUES (?, ?)", (name, make()))
        row = self._run("SELECT value FROM web_keys WHERE name = ?", (name,)).fetchone()
        assert row is not None, "inserted or already there"
        return str(row[0])
