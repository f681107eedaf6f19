"""Seeded random games to the end: 1-4 players, with and without monsters, competitive and co-op.

Invariants after every action (``engine.check_invariants``): the 111 tiles are each in exactly one
place (bag, hands, board, equipment, discards, relics, monsters, drawn tiles, the box); health and
bullets within their caps; every pawn on a passage tile or the Exit; equipment within its limit
(except while the player is making room). Random moves rarely escape a labyrinth, so these games
play with the house lamps limit (``GAME.random_play_options``: 60 rounds), which a real table
leaves off: every game ends by an escape, a perishing in solo or co-op, all Relics at the Exit, or
the lamps."""

from __future__ import annotations

import pytest

from bot.engine.playout import play
from tests.games.catacombs.helpers import engine

CASES = [
    (1, {"monsters": "0"}),
    (1, {"monsters": "3", "relics": "6"}),
    (2, {"monsters": "0"}),
    (2, {"monsters": "2"}),
    (2, {"mode": "cooperative", "monsters": "2"}),
    (3, {"monsters": "0", "characters": "random"}),
    (3, {"monsters": "6"}),
    (3, {"mode": "cooperative", "monsters": "0"}),
    (4, {"monsters": "0"}),
    (4, {"monsters": "4", "longer": True}),
    (4, {"mode": "cooperative", "monsters": "4", "characters": "random"}),
]


@pytest.mark.parametrize("players,options", CASES, ids=[f"{p}p-{'-'.join(map(str, o.values()))}" for p, o in CASES])
def test_random_games_end_with_every_invariant_kept(players, options):
    e = engine()
    for seed in range(2):
        outcome = play(e, players, seed, options, after_each=e.check_invariants)
        assert e.is_terminal(outcome.final)
        result = e.results(outcome.final)
        assert outcome.final.over in ("escaped", "limit", "perished", "delivered", "expedition")
        assert len(result.scores) == players


def test_a_short_round_limit_ends_every_game():
    """The house lamps limit, when a table chooses it: the lamps burn out after that many rounds."""
    e = engine()
    final = play(e, 2, 3, {"rounds": 20, "monsters": "0"}).final
    assert final.over in ("escaped", "limit") and final.round <= 21
