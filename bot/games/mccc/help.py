"""Mouse Cheese Cat Cucumber's "❓" texts: each decision with the sentence of the rule text (004,
"Who Done It?" solo rules, whose turn the multiplayer game shares) it comes from."""

from __future__ import annotations

from bot.engine.rulehelp import RuleQuote, help_for
from bot.games.mccc.views import SeatView

PLACE = RuleQuote(
    "The card goes next to the Active Character (or on top of a card with matching walls); its cogs then turn "
    "the neighbours.",
    "1. Place",
    "Pick a Maze Card from the Conveyor Belt and place it orthogonally adjacent to the Active Character.",
)

HELP = {
    "pick": PLACE,
    "place": PLACE,
    "confirm": RuleQuote(
        "Nothing is placed until you confirm: the preview shows where everyone would run.",
        "1. Place",
        "The Maze may never be larger than 5 x 5.",
    ),
    "order": RuleQuote(
        "Both characters run through the card you placed; the order decides who takes a space first.",
        "3. Move",
        "If you place a card that causes both the Cat and Mouse to Move at the same time and they pass over each "
        "other, the game ends immediately.",
    ),
    "dest": RuleQuote(
        "The character runs along the corridors of the card you placed to any empty space.",
        "3. Move",
        "A **legal destination** is any empty space in the 5 x 5 grid or one that ends the game immediately.",
    ),
    "cat": RuleQuote(
        "The Cat has just come up: it starts as close to the Cheese as it can, and you pick among the ties.",
        "4. End Turn",
        "If there's a tie for closest empty space, you choose which of those empty spaces.",
    ),
    "cheese": RuleQuote(
        "The Cheese's ability turns one maze card.",
        "Special Abilities",
        "Cheese: Immediately rotate any one Maze Card in any direction as far as you want.",
    ),
}


def rule_help(view: SeatView) -> str:
    return help_for(HELP, view.public.phase)
