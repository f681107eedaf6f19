"""The searching computer player (bot/engine/search.py) on the toy games: it looks ahead past a
bad heuristic, and it never reads a secret of the real state."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from bot.engine import Choice, ComputerPlayer, GameEngine, GameResult, GameSpec, Relation, Rng, Transition
from bot.engine.results import result_returns
from bot.engine.search import SearchBudget, SearchPlayer, clearly_better
from tests.support.toy_game import SafeCracker, SafePublic, SecretSum


class GuessState(msgspec.Struct):
    players: int
    rng: int
    card: int
    told: bool = False
    guess: str = ""


class HighOrLow(GameEngine[GuessState, bool, bool]):
    """Solo: a hidden card from 1 to 10; guess high (6-10) or low (1-5). The only thing that could
    tell the guesser which is right is the secret itself, so a search that peeks guesses right."""

    spec = GameSpec(
        name="guess",
        title="High or Low",
        summary="Guess the hidden card.",
        min_players=1,
        max_players=1,
        relations=frozenset({Relation.SOLO}),
        hidden_information=True,
        chance=True,
        engine="",
        computer="",
        renderer="",
    )
    state_type = GuessState

    def new_game(self, players: int, options: Mapping[str, Any], seed: int) -> GuessState:
        rng = Rng(seed)
        return GuessState(1, rng.state, rng.randint(1, 10))

    def current_seats(self, state: GuessState) -> list[int]:
        return [] if state.guess else [0]

    def legal_actions(self, state: GuessState, seat: int) -> list[Choice]:
        return [Choice("high", "High"), Choice("low", "Low")] if not state.guess else []

    def apply(self, state: GuessState, seat: int, action: str) -> Transition[GuessState]:
        new = self.clone(state)
        new.guess = action
        return Transition(new)

    def is_terminal(self, state: GuessState) -> bool:
        return bool(state.guess)

    def results(self, state: GuessState) -> GameResult:
        won = (state.card > 5) == (state.guess == "high")
        return GameResult.team(Relation.SOLO, 1, won, "guessed", ending="guessed")

    def public_view(self, state: GuessState) -> bool:
        return bool(state.guess)

    def seat_view(self, state: GuessState, seat: int) -> bool:
        return bool(state.guess)

    def status_text(self, public_view: bool) -> str:
        return ""

    def private_text(self, seat_view: bool) -> str:
        return ""

    def check_invariants(self, state: GuessState) -> None:
        assert 1 <= state.card <= 10

    def shuffle_hidden(self, state: GuessState, seed: int) -> GuessState:
        return self.determinize(state, 0, seed)

    def determinize(self, state: GuessState, seat: int, seed: int) -> GuessState:
        sample = self.clone(state)
        rng = Rng.from_seed(seed, "determinize")
        sample.card = rng.randint(1, 10)
        sample.rng = rng.state
        return sample


class Lowballer(ComputerPlayer[bool]):
    def choose(self, view: bool, choices: Sequence[Choice], rng: Rng) -> str:
        return "low"


class AlwaysThree(ComputerPlayer[SafePublic]):
    """A heuristic that jams the lock whenever fewer than three clicks are left."""

    def choose(self, view: SafePublic, choices: Sequence[Choice], rng: Rng) -> str:
        return "add:3"


class Caller(ComputerPlayer[object]):
    def choose(self, view: object, choices: Sequence[Choice], rng: Rng) -> str:
        return "call"


def test_the_search_finds_the_winning_click_its_heuristic_misses():
    engine = SafeCracker()
    state = engine.new_game(2, {}, seed=5)
    state.dial = state.code - 2
    player = SearchPlayer(engine, AlwaysThree(), SearchBudget(iterations=60, seconds=30))
    choices = engine.legal_actions(state, 0)
    assert player.choose_in_state(engine, state, 0, choices, Rng(1)) == "add:2"


def test_with_fewer_play_outs_than_choices_the_search_keeps_its_heuristic_s_choice():
    """Two play-outs for three clicks: the heuristic's +3 (which opens the safe) and the first other one
    are tried once each; the tie goes to the heuristic's click, not to the first in the list."""
    engine = SafeCracker()
    state = engine.new_game(2, {}, seed=5)
    state.dial = state.code - 3
    player = SearchPlayer(engine, AlwaysThree(), SearchBudget(iterations=2, seconds=30))
    choices = engine.legal_actions(state, 0)
    assert player.choose_in_state(engine, state, 0, choices, Rng(1)) == "add:3"


def test_the_search_plans_two_seats_ahead_in_a_team_game():
    engine = SafeCracker()
    state = engine.new_game(2, {}, seed=5)
    state.dial = state.code - 5  # +2 leaves 3 for the partner; +1 leaves 4, which nobody can finish at once
    player = SearchPlayer(engine, AlwaysThree(), SearchBudget(iterations=200, seconds=30))
    choices = engine.legal_actions(state, 0)
    assert player.choose_in_state(engine, state, 0, choices, Rng(2)) == "add:2"


PAIRED = SearchBudget(iterations=20, seconds=30, rollout_moves=4, candidates=3, rollout_randomness=0.0)


def test_the_paired_search_leaves_the_heuristic_s_move_for_one_clearly_better():
    """The heuristic's +3 jams the lock two short of the code; +2 opens the safe in every sample."""
    engine = SafeCracker()
    state = engine.new_game(2, {}, seed=5)
    state.dial = state.code - 2
    player = SearchPlayer(engine, AlwaysThree(), PAIRED)
    assert player.choose_in_state(engine, state, 0, engine.legal_actions(state, 0), Rng(1)) == "add:2"


def test_the_paired_search_keeps_the_heuristic_s_move_when_no_other_is_clearly_better():
    """High or low on a card nobody has seen: over any samples neither guess is clearly better, so the
    heuristic's "low" stands (the tree search, with its noise, may pick either)."""
    engine = HighOrLow()
    player = SearchPlayer(engine, Lowballer(), PAIRED)
    for seed in range(10):
        state = engine.new_game(1, {}, seed=seed)
        assert player.choose_in_state(engine, state, 0, engine.legal_actions(state, 0), Rng(seed)) == "low"


def test_a_move_is_clearly_better_only_when_its_paired_gains_are_large_and_steady():
    steady = [0.05, 0.06, 0.04, 0.05]
    noisy = [0.3, -0.25, 0.28, -0.2]
    tiny = [0.002, 0.003, 0.002, 0.003]
    assert clearly_better([noisy, steady]) == 1
    assert clearly_better([noisy, tiny]) == -1, "below the least gain worth a switch"
    assert clearly_better([[0.5]]) == -1, "one sample proves nothing"
    assert clearly_better([steady, [0.2, 0.21, 0.19, 0.2]]) == 1, "the larger of two clear gains"


def test_the_paired_search_guesses_the_same_whatever_the_secret_card_is():
    engine = HighOrLow()
    player = SearchPlayer(engine, Lowballer(), PAIRED)
    state = engine.new_game(1, {}, seed=3)
    choices = engine.legal_actions(state, 0)
    guesses = set()
    for card in range(1, 11):
        state.card = card
        guesses.add(player.choose_in_state(engine, state, 0, choices, Rng(3)))
    assert len(guesses) == 1


def test_a_sample_agrees_with_everything_the_seat_knows_and_redeals_the_rest():
    engine = SecretSum()
    state = engine.new_game(3, {"rounds": 3}, seed=4)
    state = engine.apply(state, 0, "peek:1").state
    samples = [engine.determinize(state, 0, seed) for seed in range(40)]
    assert all(engine.seat_view(sample, 0) == engine.seat_view(state, 0) for sample in samples)
    assert len({sample.dice[2] for sample in samples}) > 1, "the die nobody saw is rolled anew"
    assert {sample.dice[1] for sample in samples} == {state.dice[1]}, "the peeked die is kept"


def test_the_search_guesses_the_same_whatever_the_secret_card_is():
    engine = HighOrLow()
    player = SearchPlayer(engine, Lowballer(), SearchBudget(iterations=40, seconds=30))
    for seed in range(5):
        state = engine.new_game(1, {}, seed=seed)
        choices = engine.legal_actions(state, 0)
        guesses = set()
        for card in range(1, 11):
            state.card = card
            guesses.add(player.choose_in_state(engine, state, 0, choices, Rng(seed)))
        assert len(guesses) == 1, f"seed {seed}: the guess followed the secret card"


def test_results_are_worth_most_to_the_winners_and_shared_on_a_tie():
    engine = SecretSum()
    state = engine.new_game(3, {"rounds": 3}, seed=1)
    state.revealed, state.dice = True, [6, 6, 2]
    values = result_returns(engine.results(state))
    assert values[0] == values[1] > values[2]
    assert min(values) >= 0 and max(values) <= 1


class ErrandState(msgspec.Struct):
    players: int
    rng: int
    day: int = 0
    in_shop: bool = False
    bought: int = 0


class Errands(GameEngine[ErrandState, int, int]):
    """Solo, no secrets: rest to end the day, or step into the shop, where one may buy or leave. The
    game ends on day 50. Its estimate falls day by day, so a look-ahead of a few moves sees less of
    that fall along a line that spends moves going into the shop and out again."""

    spec = GameSpec(
        name="errands",
        title="Errands",
        summary="Rest, or go shopping.",
        min_players=1,
        max_players=1,
        relations=frozenset({Relation.SOLO}),
        hidden_information=False,
        chance=False,
        engine="",
        computer="",
        renderer="",
    )
    state_type = ErrandState
    DAYS = 50

    def new_game(self, players: int, options: Mapping[str, Any], seed: int) -> ErrandState:
        return ErrandState(1, Rng(seed).state)

    def current_seats(self, state: ErrandState) -> list[int]:
        return [] if self.is_terminal(state) else [0]

    def legal_actions(self, state: ErrandState, seat: int) -> list[Choice]:
        if self.is_terminal(state):
            return []
        if state.in_shop:
            return [Choice("buy", "Buy"), Choice("leave", "Leave")]
        return [Choice("rest", "Rest"), Choice("shop", "Go shopping")]

    def apply(self, state: ErrandState, seat: int, action: str) -> Transition[ErrandState]:
        new = self.clone(state)
        if action == "rest":
            new.day += 1
        elif action == "shop":
            new.in_shop = True
        else:
            new.in_shop = False
            new.bought += action == "buy"
        return Transition(new)

    def is_terminal(self, state: ErrandState) -> bool:
        return state.day >= self.DAYS

    def results(self, state: ErrandState) -> GameResult:
        return GameResult.team(Relation.SOLO, 1, True, "done", ending="done")

    def estimate(self, state: ErrandState) -> tuple[float, ...]:
        return (1 - state.day / 100,)

    def public_view(self, state: ErrandState) -> int:
        return state.day

    def seat_view(self, state: ErrandState, seat: int) -> int:
        return -1 if state.in_shop else state.day

    def status_text(self, public_view: int) -> str:
        return ""

    def private_text(self, seat_view: int) -> str:
        return ""

    def check_invariants(self, state: ErrandState) -> None:
        assert 0 <= state.day <= self.DAYS

    def shuffle_hidden(self, state: ErrandState, seed: int) -> ErrandState:
        return self.clone(state)


class Homebody(ComputerPlayer[int]):
    """Rests, and leaves a shop it finds itself in without buying."""

    def choose(self, view: int, choices: Sequence[Choice], rng: Rng) -> str:
        return "leave" if view == -1 else "rest"


def test_the_paired_search_never_weighs_a_move_its_heuristic_would_undo_at_once():
    """Into the shop and out again, the look-ahead ends two moves short of the rest line and its
    estimate is higher: weighed, the shop would be clearly better at every position, and the
    computer would walk in and out for ever (Cache Me If You Can's strong seat once played a card
    and took it back 3,000 times over)."""
    engine = Errands()
    state = engine.new_game(1, {}, seed=1)
    player = SearchPlayer(engine, Homebody(), PAIRED)
    assert player.is_detour(state, 0, "shop")
    assert not player.is_detour(state, 0, "rest")
    assert player.choose_in_state(engine, state, 0, engine.legal_actions(state, 0), Rng(1)) == "rest"


def test_a_searching_player_plays_a_game_with_a_way_back_to_its_end():
    engine = Errands()
    state = engine.new_game(1, {}, seed=2)
    player = SearchPlayer(engine, Homebody(), PAIRED)
    moves = 0
    while not engine.is_terminal(state) and moves < 3 * Errands.DAYS:
        action = player.choose_in_state(engine, state, 0, engine.legal_actions(state, 0), Rng(moves))
        state = engine.apply(state, 0, action).state
        moves += 1
    assert engine.is_terminal(state)
    assert moves == Errands.DAYS, "every move a day's rest"
