"""Seeded playouts to the end with the invariants checked after every action, and the computer player."""

from __future__ import annotations

import pytest

from bot.engine import Rng
from bot.engine.playout import play, replay
from tests.games.mccc.helpers import COMPUTER, ENGINE

CONFIGS = [
    pytest.param(
        players, {"setup": setup, "easier": easier}, id=f"{players}p-setup{setup}{'-easier' if easier else ''}"
    )
    for players in (1, 2, 3, 4)
    for setup in (1, 2, 3, 4)
    for easier in ((False, True) if players == 1 else (False,))
]


@pytest.mark.parametrize("players,options", CONFIGS)
def test_random_playouts_keep_the_invariants(players, options):
    # 36 cards conserved across maze, belt, deck, characters, agendas and discards; the maze never
    # beyond 5 x 5; never a stack of three.
    for seed in range(6):
        outcome = play(ENGINE, players, seed, options, after_each=ENGINE.check_invariants)
        assert ENGINE.is_terminal(outcome.final)
        again = replay(ENGINE, players, seed, options, outcome.log)
        assert ENGINE.dump(again) == ENGINE.dump(outcome.final)


def computer_game(players: int, options: dict, seed: int):
    state = ENGINE.new_game(players, ENGINE.options_for(options, players), seed)
    rng = Rng.from_seed(seed, "test-computer")
    previewed = False
    while not ENGINE.is_terminal(state):
        seat = ENGINE.current_seats(state)[0]
        view = ENGINE.seat_view(state, seat)
        choices = ENGINE.legal_actions(state, seat)
        action = COMPUTER.choose(view, choices, rng)
        if view.public.phase == "place" and players == 1:
            # Avoid immediate losses: a placement marked as losing only when nothing else is left.
            chosen = next(c for c in choices if c.action == action)
            safe = [c for c in choices if c.group == "place" and not c.label.startswith("💀")]
            if safe:
                assert not chosen.label.startswith("💀"), (seed, action)
        # The preview changes nothing for the computer: what it chose, it confirms.
        assert previewed == (action == "confirm"), (seed, action)
        previewed = action.startswith(("place:", "stack:"))
        state = ENGINE.apply(state, seat, action).state
        ENGINE.check_invariants(state)
    return state


@pytest.mark.parametrize("setup", [1, 2, 3, 4])
def test_the_computer_plays_solo_games_to_the_end(setup):
    for seed in range(3):
        final = computer_game(1, {"setup": setup}, seed)
        assert final.outcome.ending in {"no_place", "stuck", "cheese", "caught", "crossed", "endgame"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_computer_plays_multiplayer_games_to_the_end(players):
    for seed in range(2):
        final = computer_game(players, {}, seed)
        assert ENGINE.results(final).winners


def test_easier_mode_is_easier_than_setup_1():
    # "Easier Mode" should win more often than the hard setup 1 (measured over 1,000 games in
    # docs/games/mccc.md: about 3 % against about 50 %). 40 games each leave no room for doubt.
    games = 40
    easy = sum(bool(computer_game(1, {"setup": 1, "easier": True}, seed).outcome.won) for seed in range(games))
    hard = sum(bool(computer_game(1, {"setup": 1}, seed).outcome.won) for seed in range(games))
    assert easy > hard
    assert easy >= 8
