"""Seeded random playouts to the end, with the invariants checked after every action (1,000-game
statistics belong in a bench script, not in the test-suite).

Invariants (engine.check_invariants): the 100 cubes are conserved across islands, bank, mat and players (the cup
only exists inside one action); rum (33), green dice (10) and mystery cards (26) never exceed their supply and are
conserved; no count goes negative; islands conquered == rounds played; the game ends exactly after the 12th island.
"""

from __future__ import annotations

from bot.engine import Rng
from bot.engine.playout import random_action
from bot.games.mutiny.state import Phase
from bot.games.registry import game

GAMES = 150
E = game("mutiny").engine


def test_random_playouts_keep_every_invariant():
    cards = 0
    for seed in range(GAMES):
        state = E.new_game(4, {}, seed)
        E.check_invariants(state)
        rng = Rng.from_seed(seed, "mutiny-playout")
        actions = 0
        while not E.is_terminal(state):
            seat, action = random_action(E, state, rng)
            before_round = state.round
            state = E.apply(state, seat, action).state
            E.check_invariants(state)
            actions += 1
            assert actions < 5000, f"seed {seed} does not end"
            cards += action.startswith("card:")
            assert state.round in (before_round, before_round + 1)
        assert sum(1 for x in state.status if x >= 0) == 12 and state.round == 12 and state.phase is Phase.OVER
        assert E.current_seats(state) == []
        result = E.results(state)
        assert result.winners and max(result.scores) == result.scores[result.winners[0]]
        assert state.result is not None and sum(state.result.islands) == 12
    assert cards > 0, "random play must exercise the mystery cards"
