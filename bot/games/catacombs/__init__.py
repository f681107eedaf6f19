"""Catacombs of Mu (registry name ``catacombs``): competitive, solo and co-op, with monsters."""

from __future__ import annotations

from bot.engine import GameSpec, OptionSpec, Relation
from bot.engine.search import SearchBudget
from bot.games.catacombs.i18n import N_

TEAM = frozenset({Relation.SOLO, Relation.COOPERATIVE})
LAMPS_LIMITS = {
    20: N_("20 rounds"),
    30: N_("30 rounds"),
    40: N_("40 rounds"),
    50: N_("50 rounds"),
    60: N_("60 rounds"),
    80: N_("80 rounds"),
    100: N_("100 rounds"),
    150: N_("150 rounds"),
    200: N_("200 rounds"),
}
"""Round limits a table may choose for the house rule "the lamps burn out" (off by default), each with
its label (one text each: the lobby translates a choice's label as it is)."""

GAME = GameSpec(
    name="catacombs",
    title="Catacombs of Mu",
    # The lobby's words are marked for the catacombs catalogue; the table shows them.
    summary=N_(
        "Explore the labyrinth under the lost continent of Mu with tiles from your hand: each turn "
        "draw 2, then play Passage Tiles to lay your way (and move to its end), add items, move a "
        "Relic or redraw. Obstacles cost health or the right item, slides rush you on, monsters "
        "roam the quadrants. **Competitive:** the first to escape through the Exit with 2 Relics "
        "wins. **Solo and co-op:** bring as many Relics to the Exit as you can before anyone perishes."
    ),
    min_players=1,
    max_players=4,
    relations=frozenset({Relation.COMPETITIVE, Relation.COOPERATIVE, Relation.SOLO}),
    hidden_information=True,
    chance=True,
    engine="bot.games.catacombs.engine:build_engine",
    computer="bot.games.catacombs.ai:build_computer",
    easy_computer="bot.games.catacombs.ai:build_easy_computer",
    # a strong decision (4 players, clock included): wall p99 1.36 s, CPU p50 0.83 s, p99 0.96 s; the
    # heuristic's move gets a smaller head start (its estimate tells moves apart by a few hundredths)
    search_budget=SearchBudget(iterations=60, seconds=1.3, rollout_moves=8, prior_weight=0.3),
    renderer="render.catacombs:render_board",
    text_board="render.catacombs_text:text_board",
    places_renderer="render.catacombs_places:render_places",
    docs="docs/games/catacombs.md",
    options=(
        OptionSpec(
            "mode",
            N_("Mode"),
            "competitive",
            choices=(("competitive", N_("Competitive")), ("cooperative", N_("Co-op"))),
            description=N_("Race each other for the Relics, or work together (1 player is always solo)."),
            relations=frozenset({Relation.COMPETITIVE, Relation.COOPERATIVE}),
        ),
        OptionSpec(
            "monsters",
            N_("Monsters"),
            "players",
            choices=(("players", N_("one per player (recommended)")),) + tuple((str(n), str(n)) for n in range(7)),
            description=N_("How many Monster tiles roam the Catacombs (0-6)."),
        ),
        OptionSpec(
            "longer",
            N_("Longer game"),
            False,
            description=N_("Escape with 3 Relics to win."),
            relations=frozenset({Relation.COMPETITIVE}),
        ),
        OptionSpec(
            "relics",
            N_("Relics"),
            "auto",
            choices=(("auto", N_("by player count")),) + tuple((str(n), str(n)) for n in range(1, 7)),
            description=N_("How many Relics lie in the Catacombs (1-6)."),
            relations=TEAM,
        ),
        OptionSpec(
            "rounds",
            N_("Lamps limit (house rule)"),
            0,
            choices=((0, N_("off")),) + tuple(LAMPS_LIMITS.items()),
            description=N_(
                "House rule, not in the rules and off by default: the lamps burn out after this many "
                "rounds and the most Relics wins (solo and co-op: the expedition is lost)."
            ),
        ),
        OptionSpec(
            "characters",
            N_("Characters"),
            "choose",
            choices=(("choose", N_("players choose")), ("random", N_("dealt at random"))),
            description=N_("Each player picks a character in seat order, or each is dealt one."),
        ),
    ),
    mode_option="mode",
    seat_colours=("Red", "Blue", "Green", "Yellow"),
    long_game=True,
    # Co-op expeditions welcome a newcomer in a computer's seat; competitive ones do not (the guide says why).
    newcomers_take_computer_seats=frozenset({Relation.COOPERATIVE}),
    random_play_options=(("rounds", 60),),
)
