"""Mutiny (rule text 002): a 4-player game of backstabbing, power-grabbing and treasure taking."""

from __future__ import annotations

from bot.engine import GameSpec, Relation
from bot.engine.search import SearchBudget
from bot.games.mutiny.i18n import N_

GAME = GameSpec(
    name="mutiny",
    title="Mutiny",
    # in the mutiny catalogue, for the table to show in the reader's language
    summary=N_(
        "Pirates raid 12 Caribbean islands. Each round the **Captain** assigns roles, the **Scout** "
        "picks an island, the Captain divides the loot, then everyone rolls their crew under a cup and "
        "decides aloud, in turn: **Yarr! Mutiny** or **Defend**. Win battles, buy rum, crew and mystery cards; "
        "the most **Infamy** after the 12th island wins. Exactly 4 seats (computer crew fill empty ones)."
    ),
    min_players=4,
    max_players=4,
    relations=frozenset({Relation.COMPETITIVE}),
    hidden_information=True,
    chance=True,
    engine="bot.games.mutiny.engine:build_engine",
    computer="bot.games.mutiny.ai:build_computer",
    # a strong decision's budget: p99 within 1.5 s on one core (bench/search_mm.py --clocked)
    search_budget=SearchBudget(iterations=100, seconds=1.4, rollout_moves=30),
    renderer="render.mutiny:render_board",
    text_board="render.mutiny_text:text_board",
    docs="docs/games/mutiny.md",
    seat_colours=("Purple", "Red", "Blue", "Brown"),
    long_game=True,
    # Cups, cards and scouted islands are secret: no newcomer in a running game (the guide says why).
    newcomers_take_computer_seats=frozenset(),
)
