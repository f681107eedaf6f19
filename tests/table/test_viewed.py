"""One change makes each view of its state once (issue 23): the board, the live card, the prompt,
the mover's panel and every other player's direct message all show the same state, and the prompt
and the check of whose decision changed ask the same choices; a game's views and choices were a
third of the bot's CPU per action."""

from __future__ import annotations

from collections import Counter

from bot.i18n import current_language, using
from bot.table import viewed
from tests.support.toy_game import SecretSum
from tests.table.conftest import ANN, BOB, CY, started
from tests.table.games import VoteAndPick


class Counted:
    """Counts the views the engine is asked to make, by state and seat."""

    def __init__(self, monkeypatch, engine=SecretSum) -> None:
        self.public: Counter[int] = Counter()
        self.seats: Counter[tuple[int, int]] = Counter()
        self.offered: Counter[tuple[int, int]] = Counter()
        public_view, seat_view_with, offered = engine.public_view, engine.seat_view_with, engine.offered

        def counted_public(engine, state):
            self.public[id(state)] += 1
            return public_view(engine, state)

        def counted_seat(engine, state, seat, public):
            self.seats[id(state), seat] += 1
            return seat_view_with(engine, state, seat, public)

        def counted_offered(engine, state, seat):
            self.offered[id(state), seat] += 1
            return offered(engine, state, seat)

        monkeypatch.setattr(engine, "public_view", counted_public)
        monkeypatch.setattr(engine, "offered", counted_offered)
        monkeypatch.setattr(engine, "seat_view_with", counted_seat)


async def test_a_move_makes_each_view_of_its_state_once(service, sender, monkeypatch):
    game_id = await started(service, ANN, BOB, CY, sender=sender)
    counted = Counted(monkeypatch)
    await service.act(game_id, ANN.user_id, 0, "pass")
    await service.deliver(game_id, sender)
    assert {seat for _, seat in counted.seats} == {0, 1, 2}, "every player's secrets were looked at"
    assert counted.public and max(counted.public.values()) == 1, "the public view was made once a state"
    assert counted.seats and max(counted.seats.values()) == 1, "each seat's view was made once a state"


async def test_a_vote_lists_each_waiting_seats_choices_once(service, sender, monkeypatch):
    game_id = await started(service, ANN, BOB, CY, game="steps", sender=sender)
    counted = Counted(monkeypatch, VoteAndPick)
    await service.act(game_id, ANN.user_id, 0, "vote:yes")  # Bob and Cy still vote
    await service.deliver(game_id, sender)
    asked = {seat for _, seat in counted.offered}
    assert {1, 2} <= asked, "the prompt and the check of whose decision changed asked Bob's and Cy's"
    assert max(counted.offered.values()) == 1, "each seat's choices were listed once a state"


class Worded:
    """An engine whose views say the language they were made in (a game's views hold translated
    words, as Catacombs' obstacle names)."""

    def public_view(self, state):
        return ("public", current_language())

    def seat_view_with(self, state, seat, public):
        return (seat, current_language(), public)


def test_a_view_is_made_in_the_language_it_is_read_in():
    engine, state = Worded(), object()
    with using("en"):
        english = viewed.public_view(engine, state)
    with using("de"):
        assert viewed.public_view(engine, state) == ("public", "de")
        assert viewed.seat_view(engine, state, 1) == (1, "de", ("public", "de"))
    with using("en"):
        assert viewed.public_view(engine, state) is english == ("public", "en")
        assert viewed.public_view(engine, object()) is not english, "another state has views of its own"
