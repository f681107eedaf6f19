"""Storage of long games (migration 0004), on SQLite and PostgreSQL (``target``, see conftest.py): wait starts and timers follow the waits, a due timer is
claimed once (a lease frees a crashed worker's claim), quiet hours, missed turns and absent players,
undo marks, ``/game mine`` and a server's summary."""

from __future__ import annotations

import pytest

from bot.storage import ResultRecord, SeatRecord, Store, Writer
from bot.storage.records import GameTiming, UserSettings
from bot.storage.stats import server_summary

SEATS = [SeatRecord(0, 100, "Ann"), SeatRecord(1, 200, "Bob"), SeatRecord(2, None, "🤖 Computer 1")]


class Clock:
    def __init__(self) -> None:
        self.now = "2024-01-01T00:00:00+00:00"

    def __call__(self) -> str:
        return self.now


@pytest.fixture
async def clock() -> Clock:
    return Clock()


@pytest.fixture
async def store(target, clock):
    # ``target``: SQLite and PostgreSQL in turn (tests/storage/conftest.py).
    opened = await Store.open(target, clock=clock)
    yield opened
    await opened.close()


async def active_game(store: Store, channel: int = 10, guild: int = 1, timing: GameTiming | None = None) -> int:
    def work(tx: Writer) -> int:
        game_id = tx.create_game(
            guild_id=guild,
            channel_id=channel,
            parent_channel_id=None,
            game_type="toy",
            options={},
            seed=1,
            creator_id=100,
            seats=SEATS,
        )
        tx.set_game_timing(game_id, timing or GameTiming(remind_after=3600, turn_clock=7200, missed_limit=2))
        tx.start_game(game_id, options={}, state={"n": 0})
        return game_id

    return await store.transaction(work)


async def test_timers_follow_the_waits_of_human_seats_only(store, clock):
    game = await active_game(store)
    await store.transaction(lambda tx: tx.sync_turn_timers(game, {0: 0, 1: None, 2: 0}, {0, 1}))
    timers = await store.transaction(lambda tx: tx.timers(game))
    assert [(t.seat, t.kind, t.due_at) for t in timers] == [
        (0, "clock", "2024-01-01T02:00:00+00:00"),
        (0, "remind", "2024-01-01T01:00:00+00:00"),
    ], "the computer seat and the seat not waited on have none"

    clock.now = "2024-01-01T00:30:00+00:00"
    await store.transaction(lambda tx: tx.sync_turn_timers(game, {0: 0, 1: None, 2: 0}, {0, 1}))
    assert [t.due_at for t in await store.transaction(lambda tx: tx.timers(game))][1] == "2024-01-01T01:00:00+00:00"

    await store.transaction(lambda tx: tx.sync_turn_timers(game, {0: None, 1: 3, 2: None}, {0, 1}))
    timers = await store.transaction(lambda tx: tx.timers(game))
    assert {(t.seat, t.since) for t in timers} == {(1, 3)}, "a decision that closed takes its timers along"
    started = await store.transaction(lambda tx: tx.seat_timings(game))
    assert started[1].wait_started == "2024-01-01T00:30:00+00:00" and started[0].wait_started is None


async def test_a_due_timer_is_claimed_once_and_a_lapsed_claim_comes_free(store, clock):
    game = await active_game(store)
    await store.transaction(lambda tx: tx.sync_turn_timers(game, {0: 0}, {0}))
    assert await store.transaction(lambda tx: tx.claim_timers("2024-01-01T00:05:00+00:00", 10)) == []

    clock.now = "2024-01-01T01:00:00+00:00"
    [first] = await store.transaction(lambda tx: tx.claim_timers("2024-01-01T01:05:00+00:00", 10))
    assert first.kind == "remind"
    assert await store.transaction(lambda tx: tx.claim_timers("2024-01-01T01:05:00+00:00", 10)) == []

    clock.now = "2024-01-01T01:06:00+00:00"  # the first worker died: its lease ran out
    [again] = await store.transaction(lambda tx: tx.claim_timers("2024-01-01T01:11:00+00:00", 10))
    assert again.id == first.id
    assert not await store.transaction(lambda tx: tx.finish_timer(first)), "the old claim no longer holds it"
    assert await store.transaction(lambda tx: tx.finish_timer(again))
    assert await store.transaction(lambda tx: tx.timers(game)) == [
        t for t in await store.transaction(lambda tx: tx.timers(game)) if t.kind == "clock"
    ]


async def test_settings_missed_turns_absent_players_and_undo_marks(store):
    game = await active_game(store)
    assert await store.transaction(lambda tx: tx.user_settings(100)) == UserSettings(100)
    await store.transaction(lambda tx: tx.set_user_settings(UserSettings(100, "Europe/Berlin", 22 * 60, 7 * 60)))
    assert (await store.transaction(lambda tx: tx.user_settings(100))).quiet_start == 22 * 60

    assert await store.transaction(lambda tx: tx.add_missed(game, 1)) == 1
    assert await store.transaction(lambda tx: tx.add_missed(game, 1)) == 2
    await store.transaction(lambda tx: tx.reset_missed(game, [1]))
    assert (await store.transaction(lambda tx: tx.seat_timings(game)))[1].missed == 0

    def log(tx: Writer) -> None:
        tx.save_state(game, expected_version=0, version=1, state={"n": 1}, finished=False)
        tx.log_action(game, version=1, seat=0, user_id=100, action="pass", events=[])
        tx.mark_undoable(game, 1)

    await store.transaction(log)
    last = await store.transaction(lambda tx: tx.last_action(game))
    assert last is not None and last.undoable and not last.undone
    await store.transaction(lambda tx: tx.mark_undone(game, 1))
    assert await store.transaction(lambda tx: tx.last_action(game)) is None
    assert [a.undone for a in await store.transaction(lambda tx: tx.action_log(game))] == [True]


async def test_my_games_lists_open_games_with_waits_and_seats_played_for_me(store):
    first = await active_game(store, channel=10, guild=1)
    second = await active_game(store, channel=11, guild=2)
    await active_game(store, channel=12, guild=3)

    def wait(tx: Writer) -> None:
        tx.set_waiting(first, {0: 0, 1: None, 2: None})
        tx.sync_turn_timers(first, {0: 0, 1: None, 2: None}, {0, 1})

    await store.transaction(wait)

    def away(tx: Writer) -> None:
        tx.replace_seat(second, SeatRecord(1, None, "🤖 Bob"))
        tx.set_away(second, 1, 200, "Bob")

    await store.transaction(away)
    mine = await store.transaction(lambda tx: tx.my_games(200))
    assert [g.game_id for g in mine] == [first, second, first + 2]
    assert mine[0].waiting == ((0, "2024-01-01T00:00:00+00:00"),) and mine[1].away_seats == (1,)
    assert mine[1].guild_id == 2 and mine[0].state == '{"n": 0}'


async def test_server_summary_counts_lengths_endings_and_the_most_active_players(store, clock):
    for channel, ending in ((10, "points"), (11, "")):
        game = await active_game(store, channel=channel)
        clock.now = "2024-01-01T03:00:00+00:00"

        def finish(tx: Writer, game: int = game, ending: str = ending) -> None:
            tx.save_state(game, expected_version=0, version=1, state={"n": 1}, finished=True)
            tx.log_action(game, version=1, seat=0, user_id=100, action="win", events=[])
            result = ResultRecord("competitive", (1, 0, 0), (0,), ending=ending)
            tx.save_result(game, game_type="toy", guild_id=1, result=result, players=SEATS)

        await store.transaction(finish)
        clock.now = "2024-01-01T00:00:00+00:00"
    summary = await store.transaction(lambda tx: server_summary(tx.rows, 1))
    [toy] = summary.lengths
    assert (toy.played, toy.average_moves, toy.average_hours) == (2, 1.0, 3.0)
    assert summary.active_players == ((100, 2), (200, 2))
    assert summary.endings == (("toy", "points", 1),), "a game without an ending key is not counted as one"
    assert (await store.transaction(lambda tx: server_summary(tx.rows, 9))).lengths == ()


async def test_games_running_before_long_games_get_their_reminders(tmp_path):
    import aiosqlite

    from bot.storage import migrate

    path = tmp_path / "old.db"
    db = await aiosqlite.connect(str(path), isolation_level=None)
    await migrate(db, target=3)
    await db.execute(
        "INSERT INTO games (id, guild_id, channel_id, game_type, options, status, seed, state, version, creator_id, "
        "created_at, updated_at) VALUES (7, 1, 10, 'toy', '{}', 'active', 5, '{}', 4, 100, "
        "'2024-01-01T00:00:00+00:00', '2024-01-03T09:30:00+00:00')"
    )
    await db.execute(
        "INSERT INTO seats (game_id, seat, user_id, name, waiting_since) VALUES "
        "(7, 0, 100, 'Ann', 4), (7, 1, 200, 'Bob', NULL), (7, 2, NULL, 'Computer', 3)"
    )
    await db.close()
    store = await Store.open(path)
    try:
        timers = await store.transaction(lambda tx: tx.timers(7))
        assert [(t.seat, t.since, t.kind, t.due_at) for t in timers] == [(0, 4, "remind", "2024-01-03T21:30:00+00:00")]
        started = await store.transaction(lambda tx: tx.seat_timings(7))
        assert {seat: t.wait_started for seat, t in started.items()} == {
            0: "2024-01-03T09:30:00+00:00",
            2: "2024-01-03T09:30:00+00:00",
        }
    finally:
        await store.close()
