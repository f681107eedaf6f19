"""Cache Me If You Can! (rule text 001, German, version 2): competitive geocaching for 2-6 players."""

from __future__ import annotations

from bot.engine import GameSpec, OptionSpec, Relation
from bot.engine.search import SearchBudget
from bot.games.cmiyc.i18n import N_

GAME = GameSpec(
    name="cmiyc",
    title="Cache Me If You Can!",
    # The lobby's words are marked for the cmiyc catalogue; the table shows them.
    summary=N_(
        "Geocaching for 2-6 players. Walk the **Town**'s roads, shop at the Sporting Goods Store, then "
        "search the two **Wooded boards**: land on a face-down tile to reveal it, take the caches your "
        "equipment allows, dodge ponds, snakes and the bear. Caches and geocoins score; the first to "
        "**15 points** wins."
    ),
    min_players=2,
    max_players=6,
    relations=frozenset({Relation.COMPETITIVE}),
    hidden_information=True,
    chance=True,
    engine="bot.games.cmiyc.engine:build_engine",
    computer="bot.games.cmiyc.ai:build_computer",
    renderer="render.cmiyc:render_board",
    text_board="render.cmiyc_text:text_board",
    docs="docs/games/cmiyc.md",
    options=(
        OptionSpec(
            "victory",
            N_("Victory"),
            "standard",
            choices=(
                ("standard", N_("15 points")),
                ("short", N_("short game: 12 points")),
                ("advanced", N_("advanced: 18 points and end a turn on the Mega Event")),
            ),
        ),
        OptionSpec(
            "round_limit",
            N_("Round limit (house rule)"),
            0,
            minimum=0,
            maximum=200,
            zero_means=N_("off"),
            description=N_(
                "A house rule, not in the rule text: after this round the highest score wins. "
                "0 (the default) plays to the text's own ending, the points target."
            ),
        ),
    ),
    seat_colours=("Red", "Blue", "Green", "Yellow", "Purple", "Orange"),
    long_game=True,
    # Peeked tiles and saved cards are secret: no newcomer in a running game (the guide says why).
    newcomers_take_computer_seats=frozenset(),
    # a strong decision's budget: p99 within 1.5 s on one core (bench/ai_strength.py's cost section)
    search_budget=SearchBudget(iterations=16, seconds=1.3, rollout_moves=10, candidates=4, rollout_randomness=0.0),
    search_policy="bot.games.cmiyc.ai:build_search_policy",
)
