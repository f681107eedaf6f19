"""The searching team partner in Muggles: samples redealt from what the table knows (``determinize``),
the estimate of the team's chances, and a search that never peeks at what nobody can know."""

from __future__ import annotations

import pytest

from bot.engine import Rng
from bot.engine.levels import Level
from bot.engine.search import SearchBudget
from bot.games.muggles import prospects
from bot.games.muggles.ai import build_computer
from bot.games.muggles.state import MugglesState
from bot.games.registry import game as registered
from tests.games.muggles.helpers import BOARD, DATA, E, act, fresh, give_coin, turn_of
from tests.support.searching import play_to_end, search_runs, small_search

COMPUTER = build_computer(E)


def _face_down(state: MugglesState) -> dict[str, int]:
    return {sq: t for sq, t in state.board.items() if t not in state.faceup and t not in state.known}


def test_every_seat_gets_the_same_sample_and_the_open_cards_stay():
    """ "Secrets among players are not needed in a cooperative game, so 1. Players keep event cards
    face up": a sample keeps every hand and redeals only the tiles, the stock and the decks."""
    state = fresh(3, seed=2)
    state.seats[1].events = [state.event_deck.pop()]
    layouts = set()
    for seed in range(30):
        samples = [E.determinize(state, seat, seed) for seat in range(3)]
        assert all(E.dump(s) == E.dump(samples[0]) for s in samples)
        sample = samples[0]
        E.check_invariants(sample)
        assert [p.events for p in sample.seats] == [p.events for p in state.seats]
        assert sorted(sample.stock + list(_face_down(sample).values())) == sorted(
            state.stock + list(_face_down(state).values())
        )
        layouts.add(tuple(sorted(_face_down(sample).items())))
    assert len(layouts) == 30


def test_the_solitaire_players_traded_coin_stays_known_at_the_bottom_of_the_stack():
    """ "d. Once per game he can go to the Mega Event space and trade a coin for the top one on the
    deck": the coin he gave lies at the bottom (house decision), so every sample keeps it there."""
    state = fresh(1)
    coin = give_coin(state, 0, "tiny_finds")
    turn_of(state, 0, BOARD.mega)
    state, _ = act(state, f"coin:{coin}")
    tops = set()
    for seed in range(20):
        sample = E.determinize(state, 0, seed)
        assert sample.coin_stack[0] == coin and sorted(sample.coin_stack) == sorted(state.coin_stack)
        tops.add(sample.coin_stack[-1])
    assert len(tops) > 3


def redeal_hidden(state: MugglesState, seed: int) -> MugglesState:
    """What nobody knows, changed by hand: face-down tiles swapped with the stock, the decks and the
    geocoin stack in another order, the muggles' dice reseeded."""
    s = E.clone(state)
    rng = Rng(seed)
    for square in sorted(_face_down(s))[:6]:
        s.board[square], s.stock[-1] = s.stock[-1], s.board[square]
        rng.shuffle(s.stock)
    rng.shuffle(s.equipment_deck)
    rng.shuffle(s.coin_stack)
    rng.shuffle(s.event_deck)
    s.rng = rng.next_u64()
    E.check_invariants(s)
    assert E.public_view(s) == E.public_view(state) and E.dump(s) != E.dump(state)
    return s


def test_the_search_chooses_the_same_whatever_lies_face_down():
    state = fresh(2, seed=5)
    seat = E.current_seats(state)[0]
    runs = search_runs(E, COMPUTER, [state, redeal_hidden(state, 1), redeal_hidden(state, 2)], seat)
    assert all(run == runs[0] for run in runs)


PAIRED = SearchBudget(iterations=4, seconds=1e9, rollout_moves=4, candidates=3, rollout_randomness=0.0)


def test_the_paired_search_chooses_the_same_whatever_lies_face_down():
    """The registered team partner (the paired search) reads the real state only through
    ``determinize``: the same samples, so the same choice, however the face-down tiles lie."""
    assert (registered("muggles").spec.search_budget or SearchBudget()).candidates > 1
    state = fresh(2, seed=5)
    seat = E.current_seats(state)[0]
    runs = search_runs(E, COMPUTER, [state, redeal_hidden(state, 1), redeal_hidden(state, 2)], seat, PAIRED)
    assert all(run == runs[0] for run in runs)


def test_the_partner_weighs_its_best_steps_and_settles_a_card_s_side_alone():
    """Where to step is weighed: the team's own step first, then its next best ones. Which side of an
    equipment card faces the board shows only over many turns, so the team's rules decide it alone."""
    state = fresh(2, seed=5)
    seat = E.current_seats(state)[0]
    view, choices = E.seat_view(state, seat), E.legal_actions(state, seat)
    ranked = COMPUTER.ranked(view, choices, Rng(1))
    assert view.prompt == "move" and ranked[0] == COMPUTER.choose(view, choices, Rng(1))
    weighed = list(dict.fromkeys(ranked))
    assert len(weighed) >= 3 and all(a.startswith("go:") or a == "stay" for a in weighed)
    assert set(weighed) == {c.action for c in choices if c.action.startswith("go:") or c.action == "stay"}
    setup = E.new_game(2, E.options_for({}, 2), 5)
    seat = E.current_seats(setup)[0]
    view, choices = E.seat_view(setup, seat), E.legal_actions(setup, seat)
    assert view.prompt == "side" and len(choices) > 1
    assert COMPUTER.ranked(view, choices, Rng(1)) == [COMPUTER.choose(view, choices, Rng(1))]


def test_the_estimate_grows_as_the_team_meets_its_requirements():
    """ "As a team, players must have at least one cache type from all seven groups" and "Every player
    must have at least one flipped geocoin": late positions of won games look better than the start,
    and every value is the same for every seat, within 0..0.9 (a win scores 0.9)."""
    for seed in range(3):
        positions, end = play_to_end(E, COMPUTER, 2, seed, {})
        first, late = E.estimate(positions[0]), E.estimate(positions[-1])
        assert first[0] == first[1] and all(0 < v <= 0.9 for v in first + late)
        if end.outcome == "won":
            assert late[0] > first[0] + 0.2
        assert prospects.chance(E.team, positions[0]) < 0.5
    assert DATA is E.data


ENDINGS = {
    "requirements-met",
    "group-trashed",
    "sets-trashed",
    "groups-unreachable",
    "each-impossible",
    "coins-impossible",
}


@pytest.mark.parametrize("level", [Level.EASY, Level.NORMAL, Level.STRONG])
def test_computer_teams_at_every_level_end_by_the_rules(level):
    """ "The game ends and the human players lose whenever the above winning conditions become
    impossible": a solitaire game at each level (strong with a small budget, so the test is quick) ends
    won or lost by the rules, with its ending key; no round limit decides it."""
    player = small_search(E, COMPUTER) if level is Level.STRONG else registered("muggles").computer(level)
    _, state = play_to_end(E, player, 1, 7, {})
    assert state.over and E.results(state).ending in ENDINGS
