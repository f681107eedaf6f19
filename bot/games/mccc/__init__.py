"""Mouse Cheese Cat Cucumber (registry name ``mccc``): solo "Who Done It?" and house multiplayer."""

from __future__ import annotations

from bot.engine import GameSpec, OptionSpec, Relation
from bot.engine.search import SearchBudget
from bot.games.mccc.i18n import N_

GAME = GameSpec(
    name="mccc",
    title="Mouse Cheese Cat Cucumber",
    # The lobby's words are marked for the mccc catalogue; the table shows them.
    summary=N_(
        "Build a mechanical maze and steer the Mouse and the Cat through it.\n"
        "**Solo (1 player): Who Done It?** Each turn pick a belt card, place it next to the "
        "Active Character (cogs turn the neighbours) and run through it. Survive until the "
        "Cucumber shows up, with the Paths the last secret agenda wants.\n"
        "**Multiplayer (2-4, house rules):** each player secretly sides with a character "
        "(dealt by DM); the game ends when the Mouse or the Cat reaches its target or the "
        "Cucumber appears."
    ),
    min_players=1,
    max_players=4,
    relations=frozenset({Relation.SOLO, Relation.COMPETITIVE}),
    hidden_information=True,
    chance=True,
    engine="bot.games.mccc.engine:build_engine",
    computer="bot.games.mccc.ai:build_computer",
    # a strong decision's budget: p99 within 1.5 s on one core (bench/search_mm.py --clocked)
    search_budget=SearchBudget(iterations=100, seconds=1.3, rollout_moves=12),
    renderer="render.mccc:render_board",
    text_board="render.mccc_text:text_board",
    docs="docs/games/mccc.md",
    options=(
        OptionSpec(
            "setup",
            N_("Setup"),
            1,
            choices=(
                (1, N_("1 · Cat's Crossing (hard)")),
                (2, N_("2 · Mouse's Mirror (medium)")),
                (3, N_("3 · Cheese's Cottage (hard)")),
                (4, N_("4 · Cucumber's Cradle (medium)")),
            ),
            # data/setups.json must hold exactly these setups, named alike (checked when it loads).
            description=N_("Starting maze and deck: 1 Cat's Crossing is the rule book's; 2-4 are house setups."),
        ),
        OptionSpec(
            "easier",
            N_("Easier mode"),
            False,
            description=N_("No Mouse's Studio, Cat or Mouse may be active, abilities once any time."),
            relations=frozenset({Relation.SOLO}),
        ),
        OptionSpec(
            "balanced",
            N_("Balanced start"),
            True,
            description=N_("No one may end the game before everyone has had a turn; the Cat comes a stack later."),
            relations=frozenset({Relation.COMPETITIVE}),
        ),
    ),
    seat_colours=("Purple", "Blue", "Red", "Green"),
    # Secret sides: no newcomer in a running multiplayer game (the guide says why).
    newcomers_take_computer_seats=frozenset(),
)
