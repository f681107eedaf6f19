"""Muggles' "❓" texts: its own rules (000, the co-op add-on) where they change a decision, Cache Me
If You Can's (001) for the rest. Kept apart from ``texts.py`` so it changes on its own."""

from __future__ import annotations

from bot.engine.rulehelp import RuleQuote, help_for
from bot.games.cmiyc.help import HELP as BASE_HELP
from bot.games.muggles.views import SeatView

TRADE = RuleQuote(
    "Team trades are few: both players on the Mega Event, one item for one of the same kind.",
    "Mega Event trades",
    "Trades must be a single item for a single item of the same type (Event card, Equipment card, Coin, or Cache).",
)
EVENT = RuleQuote(
    "A muggle found a Take Event Card tile: a player draws one event card and discards one.",
    "Muggles",
    "When a muggle steps on a Take Event Card tile, the player both gets and discards an Event Card, in either order.",
)

HELP = {
    **BASE_HELP,
    "move": RuleQuote(
        "Move as in the base game, but no cache can be taken on or next to a muggle's square.",
        "Human – Muggle Interaction",
        "Stealth – Geocachers avoid attention while a muggle is around, so a human may not pick up a cache if he is "
        "on a muggle’s space or any of the eight adjacent spaces.",
    ),
    "act": RuleQuote(
        "On a muggle's square you may talk it into a swap for one of your caches.",
        "Human – Muggle Interaction",
        "Swapping – A human on the same space as a muggle can talk the muggle into swapping for a cache tile the "
        "human has collected.",
    ),
    "trade_partner": RuleQuote(
        "Both of you must stand on the Mega Event to trade.",
        "Mega Event trades",
        "Both players must be on Mega Event space to trade",
    ),
    "trade_give": TRADE,
    "trade_want": TRADE,
    "trade_reply": TRADE,
    "peek": RuleQuote(
        "In the co-op game a peek turns the tile face up for the whole team.",
        "Other special rules",
        "Opportunities to peek at six tiles (gained in store or by cards) are changed to – Reveal FOUR Tiles.",
    ),
    "toss": EVENT,
    "order": EVENT,
}


def rule_help(view: SeatView) -> str:
    return help_for(HELP, view.prompt)
