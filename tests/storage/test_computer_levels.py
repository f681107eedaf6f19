"""Computer levels kept on SQLite and PostgreSQL (migration 0010): each computer seat's, a stand-in's
(handed the seat of a running game), and the game's level for computers taking over a seat."""

from __future__ import annotations

from bot.storage import SeatRecord
from bot.storage.records import GameTiming
from tests.storage.test_long_games_store import active_game


async def test_seat_levels_and_the_stand_in_level_are_kept(store):
    game = await active_game(store, timing=GameTiming(missed_limit=2, stand_in_level="strong"))
    record = await store.game(game)
    assert [seat.level for seat in record.seats] == [None, None, None], "no level chosen: the default"

    seats = [SeatRecord(s.seat, s.user_id, s.name, level="easy" if s.is_computer else None) for s in record.seats]
    await store.transaction(lambda tx: tx.set_seats(game, seats))
    await store.transaction(
        lambda tx: tx.replace_seat(game, SeatRecord(0, None, "🤖 Computer 2 for Ann", level="strong"))
    )
    record = await store.game(game)
    assert [(seat.user_id, seat.level) for seat in record.seats] == [(None, "strong"), (200, None), (None, "easy")]

    await store.transaction(lambda tx: tx.replace_seat(game, SeatRecord(0, 100, "Ann")))
    assert (await store.game(game)).seats[0].level is None, "a person's seat has no level"
    timing = await store.transaction(lambda tx: tx.game_timing(game))
    assert timing.stand_in_level == "strong" and timing.missed_limit == 2
