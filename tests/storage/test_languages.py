"""Languages kept on SQLite and PostgreSQL (migration 0012): a table's, a player's own choice, and the
language a seat's player reads (for their direct messages)."""

from __future__ import annotations

from bot.storage import SeatRecord
from bot.storage.records import GameTiming, UserSettings
from tests.storage.test_long_games_store import active_game


async def test_the_table_language_is_kept_with_its_settings_and_read_with_the_table(store):
    game = await active_game(store, timing=GameTiming(stand_in_level="easy", language="de"))
    assert (await store.transaction(lambda tx: tx.game_timing(game))).language == "de"
    stored = await store.table(game)
    assert stored.timing is not None
    assert (stored.timing.language, stored.timing.stand_in_level) == ("de", "easy")


async def test_a_game_stored_before_languages_reads_as_english(store):
    game = await active_game(store)
    stored = await store.table(game)
    assert stored.timing is None or stored.timing.language is None


async def test_each_seat_keeps_the_language_its_player_reads(store):
    game = await active_game(store)
    record = await store.game(game)
    seats = [SeatRecord(s.seat, s.user_id, s.name, language=None if s.is_computer else "de") for s in record.seats]
    await store.transaction(lambda tx: tx.set_seats(game, seats))
    assert [s.language for s in (await store.game(game)).seats] == ["de", "de", None]
    await store.transaction(lambda tx: tx.replace_seat(game, SeatRecord(0, 300, "Cem", language="en")))
    assert [s.language for s in (await store.table(game)).game.seats] == ["en", "de", None]


async def test_a_players_own_choice_is_read_apart_from_their_other_settings(store):
    assert await store.chosen_language(100) is None
    await store.transaction(lambda tx: tx.set_user_settings(UserSettings(100, "Europe/Berlin", language="de")))
    assert await store.chosen_language(100) == "de"
    settings = await store.transaction(lambda tx: tx.user_settings(100))
    assert (settings.time_zone, settings.language) == ("Europe/Berlin", "de")
