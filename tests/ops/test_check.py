"""`python -m bot check` replays every game's log and finds tampered states and missing log rows."""

from __future__ import annotations

import json
import sqlite3

from bot.ops.check import check_database
from tests.ops.builder import add_game, create_schema
from tests.support.toy_game import TEAM, TOY, toy_games


def build(path):
    connection = create_schema(path)
    for index in range(3):
        add_game(connection, TOY.engine, channel_id=10 + index, players=2 + index % 2, seed=index)
    add_game(connection, TEAM.engine, channel_id=20, players=2, seed=5, stop_after=2)
    connection.close()


def test_a_sound_database_passes_with_a_line_per_game_type(tmp_path):
    db = tmp_path / "games.db"
    build(db)
    report = check_database(db, toy_games)
    assert report.ok
    assert report.lines() == [
        "integrity: ok",
        "team: 1 games checked, all replay exactly",
        "toy: 3 games checked, all replay exactly",
    ]


def test_a_tampered_state_is_reported(tmp_path):
    db = tmp_path / "games.db"
    build(db)
    raw = sqlite3.connect(db)
    state = json.loads(raw.execute("SELECT state FROM games WHERE id = 2").fetchone()[0])
    state["dice"][0] = 7 if state["dice"][0] != 7 else 6
    raw.execute("UPDATE games SET state = ? WHERE id = 2", (json.dumps(state),))
    raw.commit()
    raw.close()
    report = check_database(db, toy_games)
    assert not report.ok
    assert [(p.game_id, p.text) for p in report.problems] == [(2, "the replayed state differs from the stored state")]
    assert "toy: 3 games checked, 1 with problems" in report.lines()


def test_a_missing_log_row_is_reported_as_a_gap(tmp_path):
    db = tmp_path / "games.db"
    build(db)
    raw = sqlite3.connect(db)
    raw.execute("DELETE FROM actions WHERE game_id = 1 AND version = 2")
    raw.commit()
    raw.close()
    report = check_database(db, toy_games)
    [problem] = report.problems
    assert problem.game_id == 1 and "gaps (missing versions [2]" in problem.text


def test_an_unknown_game_type_is_reported_not_crashed_on(tmp_path):
    db = tmp_path / "games.db"
    build(db)
    raw = sqlite3.connect(db)
    raw.execute("UPDATE games SET game_type = 'chess' WHERE id = 3")
    raw.commit()
    raw.close()
    report = check_database(db, toy_games)
    assert [(p.game_id, p.text) for p in report.problems] == [(3, "this version of the bot does not know the game")]


def test_a_move_taken_back_is_skipped_on_replay_and_its_undo_is_no_gap(tmp_path):
    db = tmp_path / "games.db"
    connection = create_schema(db)
    game_id = add_game(connection, TOY.engine, channel_id=30, players=2, seed=2, stop_after=4)
    # The fourth move is taken back: its row stays, marked, and the undo took version 5 (no row).
    three = add_game(connection, TOY.engine, channel_id=31, players=2, seed=2, stop_after=3)
    state = connection.execute("SELECT state FROM games WHERE id = ?", (three,)).fetchone()[0]
    connection.execute("UPDATE games SET state = ?, version = 5 WHERE id = ?", (state, game_id))
    connection.execute("UPDATE actions SET undone = 1 WHERE game_id = ? AND version = 4", (game_id,))
    connection.close()
    assert check_database(db, toy_games).ok
    raw = sqlite3.connect(db)
    raw.execute("UPDATE actions SET undone = 0 WHERE game_id = ?", (game_id,))
    raw.commit()
    raw.close()
    [problem] = check_database(db, toy_games).problems
    assert problem.game_id == game_id and "gaps (missing versions [5]" in problem.text
