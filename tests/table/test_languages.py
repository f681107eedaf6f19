"""Whose language each text is written in (issue 25): public texts in the table's, a click's answer
in the clicker's, a direct message in its reader's; computers' moves in the table's. The toy game
here marks every event and secret with the language it was written in."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.engine import Event, Transition
from bot.i18n import current_language, using
from bot.storage.records import GameTiming, UserSettings
from bot.table import Person, TableService
from bot.table.painter import picture_key
from bot.table.play import decision
from bot.table.presenter import in_table_language
from bot.table.readers import KEPT_FOR, ReaderLanguages
from tests.support.toy_game import TOY_SPEC, SecretSum, ToyPublic

ANN = Person(1, "Ann", "en")
BOB = Person(2, "Bob", "de")
CY = Person(3, "Cy")


@pytest.fixture(autouse=True)
def spoken(monkeypatch: pytest.MonkeyPatch) -> None:
    apply, private_text = SecretSum.apply, SecretSum.private_text

    def marked_apply(self: SecretSum, state, seat, action):  # type: ignore[no-untyped-def]
        moved = apply(self, state, seat, action)
        marked = [Event(f"[{current_language()}] {e.text}", e.seats) for e in moved.events]
        return Transition(moved.state, marked, moved.reveals)

    monkeypatch.setattr(SecretSum, "apply", marked_apply)
    monkeypatch.setattr(
        SecretSum, "private_text", lambda self, view: f"[{current_language()}] {private_text(self, view)}"
    )


async def german_table(service: TableService, sender, *people: Person, computers: int = 0) -> int:  # type: ignore[no-untyped-def]
    """A started toy game whose table speaks German: Ann hosts, ``people`` join, computers fill seats."""
    outcome = await service.create(
        guild_id=1,
        channel_id=10,
        parent_channel_id=None,
        game_name="toy",
        options={},
        creator=ANN,
        computers=computers,
        timing=GameTiming(language="de"),
    )
    for person in people:
        await service.join(outcome.game_id, person)
    await service.start(outcome.game_id, ANN.user_id)
    await service.deliver(outcome.game_id, sender)
    return outcome.game_id


async def test_each_player_is_dealt_their_secret_in_the_language_they_read(service, sender):
    await german_table(service, sender, BOB, CY)
    [ann] = sender.dms_to(ANN.user_id)
    [bob] = sender.dms_to(BOB.user_id)
    [cy] = sender.dms_to(CY.user_id)
    assert "[en] Your die" in ann
    assert "[de] Your die" in bob
    assert "[de] Your die" in cy, "no language of their own: the table's"


async def test_a_click_is_answered_in_the_clickers_language_and_shown_to_all_in_the_tables(service, sender):
    game_id = await german_table(service, sender, BOB, CY)
    with using("en"):  # as the cogs set it for Ann's click
        outcome = await service.act(game_id, ANN.user_id, 0, "peek:1")
    await service.deliver(game_id, sender)
    reply = str(outcome.reply)
    assert "[en] " in reply and "die shows" in reply, "what Ann learned, in English"
    assert "[de]" not in reply
    [live] = sender.of_kind("live")
    assert "[de]" in live.card.text and "peeks at" in live.card.text
    assert "[en]" not in live.card.text
    log = await service.recent_events(10)
    assert "[de]" in log and "[en]" not in log, "the stored log is the table's"


def test_the_same_decision_whatever_language_asks(service):  # type: ignore[no-untyped-def]
    engine = SecretSum()
    state = engine.new_game(2, {"rounds": 3}, 1)

    class OneTable:
        def __init__(self) -> None:
            self.engine = engine

    with using("de"):
        german = decision(OneTable(), state, 0)  # type: ignore[arg-type]
    assert german == decision(OneTable(), state, 0)  # type: ignore[arg-type]


def test_a_public_card_is_composed_in_the_tables_language_whoever_asks():
    class GermanTable:
        language = "de"

    @in_table_language
    def card(table: GermanTable) -> str:  # type: ignore[misc]
        return current_language()

    with using("en"):
        assert card(GermanTable()) == "de"  # type: ignore[arg-type]
        assert current_language() == "en"


def test_a_board_drawn_in_another_language_is_another_picture():
    view = ToyPublic(players=2, turn=0, bids=(0, 0), revealed=None, peeked=((), ()))
    english = picture_key(TOY_SPEC, view, ())
    with using("de"):
        assert picture_key(TOY_SPEC, view, ()) != english


async def test_a_players_own_choice_beats_their_clients_and_is_read_once_a_while():
    reads: list[int] = []
    stored = {1: "de"}
    now = [0.0]

    async def lookup(user_id: int) -> str | None:
        reads.append(user_id)
        return stored.get(user_id)

    readers = ReaderLanguages(lookup, clock=lambda: now[0])
    assert await readers.of(1, "en-US") == "de"
    assert await readers.of(2, "en-GB") == "en"
    assert await readers.of(1, "en-US") == "de"
    assert reads == [1, 2], "kept in memory"
    stored[1] = None
    readers.remember(1, None)
    assert await readers.of(1, "en-US") == "en", "a choice made here counts at once"
    stored[2] = "de"
    now[0] += KEPT_FOR + 1
    assert await readers.of(2, "en-GB") == "de", "one made elsewhere counts once the kept one expires"


async def test_a_computers_moves_are_written_in_the_tables_language(service, sender):
    game_id = await german_table(service, sender, computers=1)
    with using("en"):
        await service.act(game_id, ANN.user_id, 0, "pass")
    await service.deliver(game_id, sender)
    log = await service.recent_events(10)
    assert log.count("[de]") >= 2 and "[en]" not in log, log


def test_a_games_remembered_choices_are_kept_apart_by_language(monkeypatch: pytest.MonkeyPatch):
    """Catacombs keeps the last positions' choices for its search: a label written in one language
    is never handed to a reader of another."""
    from bot.games.catacombs import flow
    from bot.games.registry import game

    engine = game("catacombs").engine
    state = engine.new_game(2, engine.options_for({}, 2), 5)
    seat = engine.current_seats(state)[0]
    choices_for = flow.choices_for

    def worded(ctx, task):  # type: ignore[no-untyped-def]
        return [replace(c, label=f"[{current_language()}] {c.label}") for c in choices_for(ctx, task)]

    monkeypatch.setattr(flow, "choices_for", worded)
    english = engine.legal_actions(state, seat)
    with using("de"):
        german = engine.legal_actions(state, seat)
    assert all(c.label.startswith("[en]") for c in english)
    assert all(c.label.startswith("[de]") for c in german)


async def test_a_player_who_chooses_a_language_reads_their_running_games_in_it(service, sender):
    game_id = await german_table(service, sender, BOB, CY)
    await service.set_user_settings(UserSettings(BOB.user_id, language="en"))
    seats = {seat.user_id: seat.language for seat in (await service.record(game_id)).seats}
    assert seats[BOB.user_id] == "en", "Bob's seat follows his new choice"
    assert seats[ANN.user_id] == "en" and seats[CY.user_id] is None, "nobody else's seat changes"
    await service.set_user_settings(UserSettings(CY.user_id, time_zone="Europe/Berlin"))
    assert (await service.record(game_id)).seats[2].language is None, "no language chosen: the seat keeps its own"
