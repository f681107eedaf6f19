"""Cache Me If You Can's "❓" texts: each decision with the sentence of the rule text (001, the German
rulebook, version 2) it comes from. Kept apart from ``texts.py`` so it changes on its own.

The explanations are marked here and translated when shown; the quotes are the German original."""

from __future__ import annotations

from bot.engine.rulehelp import RuleQuote, help_for
from bot.games.cmiyc.i18n import N_, _
from bot.games.cmiyc.views import SeatView

TRADE = RuleQuote(
    N_("On the Mega Event you may offer any player a trade; it happens only if they accept."),
    "Geocaching-Mega-Event",
    "Der Handel ist freiwillig und muss von beiden Spielern vereinbart werden.",
)

HELP = {
    "side": RuleQuote(
        N_("Each equipment card shows two items; the side facing the board is the one you have."),
        "Aufstellen",
        "Der Spieler muss entscheiden, welchen Gegenstand er verwenden möchte, indem er die Karte vor sich mit dem "
        "ausgewählten Gegenstand in Richtung des Spielbretts legt.",
    ),
    "move": RuleQuote(
        N_("Up to 3 squares on roads and trails, 1 square anywhere else; never diagonally."),
        "Bewegung",
        "Auf den Wegen und Straßen bewegen sich die Spieler bis zu 3 Felder pro Spielzug.",
    ),
    "landed": RuleQuote(
        N_("Your ability comes after the face-up tiles act and before the tile you stand on is turned."),
        "Spielende Charaktere",
        "Die Reihenfolge der Maßnahmen ist 1) Effekte der offenen Cache-Bereichsplättchen 2) Spielerfähigkeit 3) "
        "Poison Ivy-Effekt 4) Cache-Bereichskachel umdrehen.",
    ),
    "act": RuleQuote(
        N_("A store square offers its actions; choose what you want from it."),
        "Sportwarengeschäft",
        "Sie können im Store einige der folgenden Aktionen auswählen.",
    ),
    "peek": RuleQuote(
        N_("You look at a face-down tile in the woods; nobody else sees it."),
        "Schau dir die Plättchen heimlich an",
        "Der Spieler darf zu diesem Zeitpunkt einen Blick auf die Plättchen im Wald werfen.",
    ),
    "dodge": RuleQuote(
        N_("You landed on a second Pond: you may step aside."),
        "FAQ",
        "In diesem Fall darf der Spieler „ausweichen“ und sich auf ein anderes Feld bewegen.",
    ),
    "target": RuleQuote(
        N_("An event card does what it says; one it cannot do is discarded."),
        "Nimm eine Ereigniskarte",
        "Können die Bedingungen des Ereignisses nicht erfüllt werden, wird das Ereignis ignoriert und die Karte "
        "abgeworfen.",
    ),
    "drop": RuleQuote(
        N_(
            "A face-up Nasty Pricker Bushes tile (house tile, see the guide) takes one equipment card of your choice "
            "unless you have Gloves."
        ),
        "Betreten des Waldes",
        "Wenn das Plättchen aufgedeckt und nicht genommen wird, bleibt es offen auf dem Feld liegen und wirkt sich "
        "auf alle Spieler aus, die danach darauf landen.",
    ),
    "trade_partner": RuleQuote(
        N_("On the Mega Event you may make any player an offer, wherever they are."),
        "Geocaching-Mega-Event",
        "Der Spieler auf diesem Feld kann jedem anderen Spieler Handelsangebote machen.",
    ),
    "trade_give": TRADE,
    "trade_want": TRADE,
    "trade_reply": TRADE,
}


def rule_help(view: SeatView) -> str:
    return help_for(translated(HELP), view.prompt)


def translated(entries: dict[str, RuleQuote]) -> dict[str, RuleQuote]:
    """The entries with their explanation in the reader's language; the rule's own sentence and its
    section stay as the German rulebook prints them, in every language."""
    return {kind: RuleQuote(_(e.why), e.section, e.quote) for kind, e in entries.items()}
