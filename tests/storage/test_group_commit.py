"""Group commit on SQLite (issue 23): concurrent games' transactions share one SQLite transaction,
each caller learns its own outcome, and the version guard still holds per game."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot.storage import Store, VersionConflict
from tests.storage.test_store import active_game, move


@pytest.fixture
async def grouped(tmp_path):
    store = await Store.open(tmp_path / "games.db")
    store.commit_in_groups()
    yield store
    await store.close()


async def test_moves_of_concurrent_games_commit_together_and_each_caller_gets_its_answer(grouped):
    games = [await active_game(grouped, channel) for channel in range(10, 16)]
    groups_before = grouped.groups.groups
    await asyncio.gather(*(move(grouped, game_id, 0, f"a{game_id}", {"n": game_id}) for game_id in games))
    assert grouped.groups.groups - groups_before < len(games), "the six moves shared transactions"
    for game_id in games:
        record = await grouped.game(game_id)
        assert record.version == 1 and record.state == {"n": game_id}
        assert [a.action for a in await grouped.actions(game_id)] == [f"a{game_id}"]


async def test_a_move_that_lost_the_race_is_refused_alone(grouped):
    first, second = await active_game(grouped, 10), await active_game(grouped, 11)
    results = await asyncio.gather(
        move(grouped, first, 0, "won", {"by": "won"}),
        move(grouped, first, 0, "lost", {"by": "lost"}),  # same game, same version: second in line
        move(grouped, second, 0, "other", {"by": "other"}),
        return_exceptions=True,
    )
    assert results[0] is None and isinstance(results[1], VersionConflict) and results[2] is None
    assert [a.action for a in await grouped.actions(first)] == ["won"], "nothing of the refused move is written"
    assert (await grouped.game(first)).state == {"by": "won"}
    assert [a.action for a in await grouped.actions(second)] == ["other"]


async def test_a_failed_commit_fails_every_caller_of_its_group(grouped, monkeypatch):
    games = [await active_game(grouped, channel) for channel in (10, 11)]

    def failing_commit(works):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(grouped, "_run_group", failing_commit)
    grouped.commit_in_groups()
    results = await asyncio.gather(*(move(grouped, g, 0, "x", {"n": 1}) for g in games), return_exceptions=True)
    assert all(isinstance(r, sqlite3.OperationalError) for r in results), "nobody is told it was written"
    monkeypatch.undo()
    grouped.commit_in_groups()
    assert [(await grouped.game(g)).version for g in games] == [0, 0]
    await move(grouped, games[0], 0, "again", {"n": 2})  # the next group is written
    assert (await grouped.game(games[0])).version == 1
