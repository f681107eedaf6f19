"""Mouse Cheese Cat Cucumber's "❓" texts: each decision with the sentence of the rule text (004,
"Who Done It?" solo rules, whose turn the multiplayer game shares) it comes from.

The texts are marked here and translated when shown; a translation quotes the rule faithfully."""

from __future__ import annotations

from bot.engine.rulehelp import RuleQuote, help_for
from bot.games.mccc.i18n import N_, _
from bot.games.mccc.texts import FIRST_ROUND_PHASES
from bot.games.mccc.views import SeatView

PLACE = RuleQuote(
    N_(
        "The card goes next to the Active Character (or on top of a card with matching walls); its cogs then turn "
        "the neighbours."
    ),
    N_("1. Place"),
    N_("Pick a Maze Card from the Conveyor Belt and place it orthogonally adjacent to the Active Character."),
)

HELP = {
    "pick": PLACE,
    "place": PLACE,
    "confirm": RuleQuote(
        N_("Nothing is placed until you confirm: the preview shows where everyone would run."),
        N_("1. Place"),
        N_("The Maze may never be larger than 5 x 5."),
    ),
    "order": RuleQuote(
        N_("Both characters run through the card you placed; the order decides who takes a space first."),
        N_("3. Move"),
        N_(
            "If you place a card that causes both the Cat and Mouse to Move at the same time and they pass over each "
            "other, the game ends immediately."
        ),
    ),
    "dest": RuleQuote(
        N_("The character runs along the corridors of the card you placed to any empty space."),
        N_("3. Move"),
        N_("A **legal destination** is any empty space in the 5 x 5 grid or one that ends the game immediately."),
    ),
    "cat": RuleQuote(
        N_("The Cat has just come up: it starts as close to the Cheese as it can, and you pick among the ties."),
        N_("4. End Turn"),
        N_("If there's a tie for closest empty space, you choose which of those empty spaces."),
    ),
    "cheese": RuleQuote(
        N_("The Cheese's ability turns one maze card."),
        N_("Special Abilities"),
        N_("Cheese: Immediately rotate any one Maze Card in any direction as far as you want."),
    ),
}


FIRST_ROUND = RuleQuote(
    N_(
        "House rule of the balanced multiplayer game: until everyone has had a turn, no one may end the game "
        "while another way to play remains, so game-ending cards, spaces and orders are not offered."
    ),
    N_("3. Move"),
    N_("A **legal destination** is any empty space in the 5 x 5 grid or one that ends the game immediately."),
)
"""The rule the first round holds back (multiplayer is not in the text)."""


def rule_help(view: SeatView) -> str:
    entries = {kind: RuleQuote(_(e.why), _(e.section), _(e.quote)) for kind, e in HELP.items()}
    phase = view.public.phase
    if view.public.first_round and phase in FIRST_ROUND_PHASES:
        entries[phase] = RuleQuote(_(FIRST_ROUND.why), _(FIRST_ROUND.section), _(FIRST_ROUND.quote))
    return help_for(entries, phase)
