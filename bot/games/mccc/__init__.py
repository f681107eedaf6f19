"""Mouse Cheese Cat Cucumber (registry name ``mccc``): solo "Who Done It?" and house multiplayer."""

from __future__ import annotations

from bot.engine import GameSpec, OptionSpec, Relation

GAME = GameSpec(
    name="mccc",
    title="Mouse Cheese Cat Cucumber",
    summary=(
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
    renderer="render.mccc:render_board",
    text_board="render.mccc_text:text_board",
    docs="docs/games/mccc.md",
    options=(
        OptionSpec(
            "setup",
            "Setup",
            1,
            choices=(
                (1, "1 · Cat's Crossing (hard)"),
                (2, "2 · Mouse's Mirror (medium)"),
                (3, "3 · Cheese's Cottage (hard)"),
                (4, "4 · Cucumber's Cradle (medium)"),
            ),
            # data/setups.json must hold exactly these setups, named alike (checked when it loads).
            description="Starting maze and deck: 1 Cat's Crossing is the rule book's; 2-4 are house setups.",
        ),
        OptionSpec(
            "easier",
            "Easier mode",
            False,
            description="No Mouse's Studio, Cat or Mouse may be active, abilities once any time.",
            relations=frozenset({Relation.SOLO}),
        ),
    ),
    seat_colours=("Purple", "Blue", "Red", "Green"),
    # Secret sides: no newcomer in a running multiplayer game (the guide says why).
    newcomers_take_computer_seats=frozenset(),
)
