"""Muggles! (rule text 000): the cooperative and solitaire variant of Cache Me If You Can, for 1-6 players."""

from __future__ import annotations

from bot.engine import GameSpec, OptionIs, OptionSpec, Relation
from bot.engine.search import SearchBudget
from bot.games.muggles.i18n import N_

CUSTOM = OptionIs("requirements", ("custom",))

GAME = GameSpec(
    name="muggles",
    title="Muggles!",
    # The lobby's words are marked for the muggles catalogue; the table shows them.
    summary=N_(
        "Cache Me If You Can as a team (1-6 players; alone it is the solitaire game). Collect a cache "
        "from each of the **seven Cache Groups** and flip geocoins before the two **muggles** trash "
        "them: after every round each muggle rolls a die, wanders its Wooded board and picks up any "
        "cache it lands on. Talk freely: nothing is secret."
    ),
    min_players=1,
    max_players=6,
    relations=frozenset({Relation.COOPERATIVE, Relation.SOLO}),
    hidden_information=False,
    chance=True,
    engine="bot.games.muggles.engine:build_engine",
    computer="bot.games.muggles.ai:build_computer",
    renderer="render.muggles:render_board",
    text_board="render.muggles_text:text_board",
    docs="docs/games/muggles.md",
    options=(
        OptionSpec(
            "requirements",
            N_("Win requirements"),
            "basic",
            choices=(
                ("basic", N_("basic: all 7 groups as a team, a flipped geocoin each")),
                ("advanced", N_("advanced: also 5 groups each, two players with 2 flipped geocoins")),
                ("custom", N_("custom: set the four numbers yourself")),
            ),
            description=N_("Solitaire: basic means 6 of the 7 groups and one flipped geocoin."),
        ),
        OptionSpec(
            "team_groups",
            N_("Team cache groups"),
            7,
            minimum=0,
            maximum=7,
            description=N_("Cache groups the team holds in all."),
            only_if=CUSTOM,
        ),
        OptionSpec(
            "player_groups",
            N_("Cache groups each"),
            0,
            minimum=0,
            maximum=7,
            description=N_("Cache groups every player holds."),
            only_if=CUSTOM,
        ),
        OptionSpec(
            "team_coins",
            N_("Team flipped geocoins"),
            0,
            minimum=0,
            maximum=12,
            description=N_("Geocoins the team has flipped in all."),
            only_if=CUSTOM,
        ),
        OptionSpec(
            "player_coins",
            N_("Flipped geocoins each"),
            1,
            minimum=0,
            maximum=12,
            description=N_("Geocoins every player has flipped."),
            only_if=CUSTOM,
        ),
        OptionSpec(
            "round_limit",
            N_("Safety stop (house)"),
            0,
            minimum=0,
            maximum=1000,
            zero_means=N_("off"),
            description=N_(
                "0: off (the rules have no round limit). Otherwise a house stop for a stalled game: "
                "the game is stopped after this round, not won"
            ),
        ),
    ),
    seat_colours=("Red", "Blue", "Green", "Yellow", "Purple", "Orange"),
    long_game=True,
    # a strong decision's budget: p99 within 1.5 s on one core (bench/ai_strength.py's cost section)
    search_budget=SearchBudget(iterations=12, seconds=1.3, rollout_moves=10, candidates=3, rollout_randomness=0.0),
)
