"""1,000 seeded random playouts to the end, with the invariants checked after every action.

Invariants (engine.check_invariants): the 100 cubes are conserved across islands, bank, mat and players (the cup
only exists inside one action); rum (33), green dice (10) and mystery cards (26) never exceed their supply and are
conserved; no count goes negative; islands conquered == rounds played; the game ends exactly after the 12th island.
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor

from bot.engine import Rng
from bot.engine.playout import random_action
from bot.games.registry import game

GAMES = 1000


def run(seeds: range) -> dict:
    engine = game("mutiny").engine
    stats = {"games": 0, "actions": 0, "battles": 0, "mutinies": 0, "cards": 0, "max_actions": 0}
    for seed in seeds:
        state = engine.new_game(4, {}, seed)
        engine.check_invariants(state)
        rng = Rng.from_seed(seed, "mutiny-playout")
        actions = 0
        while not engine.is_terminal(state):
            seat, action = random_action(engine, state, rng)
            before_round = state.round
            state = engine.apply(state, seat, action).state
            engine.check_invariants(state)
            actions += 1
            assert actions < 5000, f"seed {seed} does not end"
            if action.startswith("card:"):
                stats["cards"] += 1
            assert state.round in (before_round, before_round + 1)
        assert sum(1 for x in state.status if x >= 0) == 12 and state.round == 12
        assert engine.current_seats(state) == []
        result = engine.results(state)
        assert result.winners and max(result.scores) == result.scores[result.winners[0]]
        assert sum(state.result["islands"]) == 12
        stats["games"] += 1
        stats["actions"] += actions
        stats["max_actions"] = max(stats["max_actions"], actions)
    return stats


def test_thousand_random_playouts_keep_every_invariant():
    workers = min(2, os.cpu_count() or 1)
    chunks = [range(i, GAMES, workers) for i in range(workers)]
    if workers == 1:
        results = [run(chunks[0])]
    else:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(run, chunks))
    games = sum(r["games"] for r in results)
    assert games == GAMES
    assert sum(r["cards"] for r in results) > 0, "random play must exercise the mystery cards"
