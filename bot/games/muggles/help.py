"""Muggles' "❓" texts: its own rules (000, the co-op add-on) where they change a decision, Cache Me
If You Can's (001) for the rest. Kept apart from ``texts.py`` so it changes on its own."""

from __future__ import annotations

from bot.engine.rulehelp import RuleQuote, help_for
from bot.games.cmiyc.help import HELP as BASE_HELP
from bot.games.cmiyc.help import translated
from bot.games.muggles.i18n import N_, _
from bot.games.muggles.views import SeatView

TRADE = RuleQuote(
    N_("Team trades are few: both players on the Mega Event, one item for one of the same kind."),
    N_("Mega Event trades"),
    N_("Trades must be a single item for a single item of the same type (Event card, Equipment card, Coin, or Cache)."),
)
EVENT = RuleQuote(
    N_("A muggle found a Take Event Card tile: a player draws one event card and discards one."),
    N_("Muggles"),
    N_(
        "When a muggle steps on a Take Event Card tile, the player both gets and discards an Event Card, in either order."
    ),
)

OWN = {
    "move": RuleQuote(
        N_("Move as in the base game, but no cache can be taken on or next to a muggle's square."),
        N_("Human – Muggle Interaction"),
        N_(
            "Stealth – Geocachers avoid attention while a muggle is around, so a human may not pick up a cache if he is "
            "on a muggle’s space or any of the eight adjacent spaces."
        ),
    ),
    "act": RuleQuote(
        N_("On a muggle's square you may talk it into a swap for one of your caches."),
        N_("Human – Muggle Interaction"),
        N_(
            "Swapping – A human on the same space as a muggle can talk the muggle into swapping for a cache tile the "
            "human has collected."
        ),
    ),
    "trade_partner": RuleQuote(
        N_("Both of you must stand on the Mega Event to trade."),
        N_("Mega Event trades"),
        N_("Both players must be on Mega Event space to trade"),
    ),
    "trade_give": TRADE,
    "trade_want": TRADE,
    "trade_reply": TRADE,
    "peek": RuleQuote(
        N_("In the co-op game a peek turns the tile face up for the whole team."),
        N_("Other special rules"),
        N_("Opportunities to peek at six tiles (gained in store or by cards) are changed to – Reveal FOUR Tiles."),
    ),
    "toss": EVENT,
    "order": EVENT,
}
"""Muggles' own entries (000, English): marked here, translated faithfully where shown."""
HELP = {**BASE_HELP, **OWN}


def rule_help(view: SeatView) -> str:
    own = {kind: RuleQuote(_(e.why), _(e.section), _(e.quote)) for kind, e in OWN.items()}
    return help_for({**translated(BASE_HELP), **own}, view.prompt)
