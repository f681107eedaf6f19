"""Seeded playouts to the end for 1-6 players, with the base game's invariants and the muggles':
"Each muggle remains on that board for the entire game. They never go to the hospital or any other
part of the Town board." and "the pieces are capable of carrying one cache tile." """

from __future__ import annotations

import shutil

import pytest

from bot.engine import Rng
from bot.engine.playout import play
from bot.games.muggles.ai import build_computer
from bot.games.muggles.data import OWN_DIR, load
from bot.games.muggles.engine import MugglesEngine
from tests.games.muggles.helpers import BOARD, DATA, E, fresh


def invariants(state) -> None:
    E.check_invariants(state)
    if not state.over:
        assert all(E.legal_actions(state, seat) for seat in E.current_seats(state)), "the game waits on a choice"
    for muggle in state.muggles:
        square = BOARD.squares[muggle.square]
        assert square.board == muggle.board and square.kind in ("woods", "woods_trail"), "never in Town"
        assert isinstance(muggle.carrying, int), "at most one carried cache"
    carried = [m.carrying for m in state.muggles if m.carrying >= 0]
    assert len(carried) == len(set(carried))
    held = sum(len(p.caches) for p in state.seats)
    assert len(state.board) + len(state.stock) + len(state.discard) + held + len(carried) == 104
    assert len(state.coin_stack) + sum(len(p.coins) for p in state.seats) == 12


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_random_playouts_end_with_the_invariants_held(players):
    for seed in range(2):
        outcome = play(E, players, seed, after_each=invariants)
        final = outcome.final
        assert final.over and final.outcome
        result = E.results(final)
        assert result.team_won == (final.outcome == "won")


@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_computer_team_plays_to_the_end(players):
    ai = build_computer(E)
    state = E.new_game(players, E.options_for({}, players), players)
    for step in range(3000):
        if E.is_terminal(state):
            break
        seat = E.current_seats(state)[0]
        action = ai.choose(E.seat_view(state, seat), E.legal_actions(state, seat), Rng.from_seed(players, step))
        state = E.apply(state, seat, action).state
        invariants(state)
    assert state.over and state.outcome in ("won", "trashed", "sets", "unreachable", "each", "coins", "rounds")


def test_the_invariants_catch_a_muggle_in_town_and_a_second_carried_cache():
    state = fresh(2)
    state.muggles[0].square = "D9"
    with pytest.raises(AssertionError):
        invariants(state)
    state = fresh(2)
    tile = state.stock.pop()
    state.muggles[0].carrying = tile
    state.muggles[1].carrying = tile
    with pytest.raises(AssertionError):
        invariants(state)
    state = fresh(2)
    state.stock.pop()
    with pytest.raises(AssertionError):
        E.check_invariants(state)


def test_replaying_a_game_reproduces_every_roll():
    from bot.engine.playout import replay

    outcome = play(E, 3, 9)
    again = replay(E, 3, 9, None, outcome.log)
    assert E.dump(again) == E.dump(outcome.final)
    assert DATA is E.data


LEVERS = OWN_DIR.parents[3] / "bench" / "muggles_levers"
COMPACT = "woods_4_rows_stub_trails_coins_take_event"


@pytest.mark.parametrize(
    ("lever", "seed", "players"),
    [
        pytest.param(COMPACT, 44, 1, id="poison-ivy-on-the-way"),
        pytest.param(COMPACT, 58, 1, id="poison-ivy-again"),
        pytest.param(COMPACT, 30, 1, id="snack-in-the-discard-pile"),
        pytest.param(COMPACT, 14, 1, id="nothing-to-swap-with"),
        pytest.param(COMPACT, 12, 1, id="swag-store-flips-back-and-forth"),
        pytest.param(COMPACT, 22, 1, id="hospital-coin-out-of-reach"),
        pytest.param("woods_4_rows_disable_cache", 30, 4, id="a-snake-beside-the-way-to-the-hospital"),
    ],
)
def test_games_that_stalled_on_compact_woods_end_by_the_rules(lever, seed, players, tmp_path):
    """Games on four-row Wooded boards (balance levers in ``bench/muggles_levers``), played as
    ``bench/muggles_stats.py`` plays them, that ran to its stop at round 1000 or past round 400: each
    now ends by the rules ("The game ends and the human players lose whenever the above winning
    conditions become impossible", or the team wins), with no round limit set, in under 200 rounds."""
    for source in (OWN_DIR, LEVERS / lever):
        for file in source.glob("*.json"):
            shutil.copy(file, tmp_path / file.name)
    engine = MugglesEngine(load(own=tmp_path))
    ai = build_computer(engine)
    state = engine.new_game(players, engine.options_for({}, players), seed)
    rng = Rng.from_seed(seed, "muggles-bench")
    while not engine.is_terminal(state) and state.round < 200:
        seat = engine.current_seats(state)[0]
        action = ai.choose(engine.seat_view(state, seat), engine.legal_actions(state, seat), rng)
        state = engine.apply(state, seat, action).state
    assert engine.is_terminal(state), f"still playing in round {state.round}"
    endings = ("requirements-met", "group-trashed", "sets-trashed", "groups-unreachable", "coins-impossible")
    assert engine.results(state).ending in endings
