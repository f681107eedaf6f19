"""Databases for the operations tests, built without the bot: the schema from the numbered
migrations (at any version), and finished or running games from seeded playouts."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from bot.engine import GameEngine
from bot.engine.playout import play
from bot.storage.migrations import migrations

NOW = "2026-11-26T00:00:00+00:00"


def create_schema(path: Path, version: int | None = None) -> sqlite3.Connection:
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA journal_mode = WAL")
    for migration in migrations():
        if version is not None and migration.version > version:
            break
        connection.executescript(f"BEGIN;\n{migration.sql}\nPRAGMA user_version = {migration.version};\nCOMMIT;")
    return connection


def add_game(
    connection: sqlite3.Connection,
    engine: GameEngine,
    *,
    channel_id: int,
    players: int,
    seed: int,
    stop_after: int | None = None,
) -> int:
    """A game played by random moves (all of it, or its first ``stop_after`` actions)."""
    options = engine.options_for({}, players)
    outcome = play(engine, players, seed, options, keep_states=True)
    log = outcome.log if stop_after is None else outcome.log[:stop_after]
    state = outcome.states[len(log) - 1] if log else outcome.initial
    finished = engine.is_terminal(state)
    cursor = connection.execute(
        "INSERT INTO games (guild_id, channel_id, game_type, options, status, seed, state, version, creator_id, "
        "created_at, updated_at, finished_at) VALUES (1, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)",
        (
            channel_id,
            engine.spec.name,
            json.dumps(options),
            "finished" if finished else "active",
            seed,
            json.dumps(engine.dump(state)),
            len(log),
            NOW,
            NOW,
            NOW if finished else None,
        ),
    )
    game_id = int(cursor.lastrowid or 0)
    connection.executemany(
        "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
        [(game_id, seat, 100 + seat, f"Player {seat + 1}") for seat in range(players)],
    )
    connection.executemany(
        "INSERT INTO actions (game_id, version, seat, user_id, action, events, created_at) VALUES (?, ?, ?, ?, ?, '[]', ?)",
        [(game_id, number, seat, 100 + seat, action, NOW) for number, (seat, action) in enumerate(log, start=1)],
    )
    return game_id
