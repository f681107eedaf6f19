"""Cache Me If You Can's "❓" texts: each decision with the sentence of the rule text (001, the German
rulebook, version 2) it comes from. Kept apart from ``texts.py`` so it changes on its own."""

from __future__ import annotations

from bot.engine.rulehelp import RuleQuote, help_for
from bot.games.cmiyc.views import SeatView

TRADE = RuleQuote(
    "On the Mega Event you may offer any player a trade; it happens only if they accept.",
    "Geocaching-Mega-Event",
    "Der Handel ist freiwillig und muss von beiden Spielern vereinbart werden.",
)

HELP = {
    "side": RuleQuote(
        "Each equipment card shows two items; the side facing the board is the one you have.",
        "Aufstellen",
        "Der Spieler muss entscheiden, welchen Gegenstand er verwenden möchte, indem er die Karte vor sich mit dem "
        "ausgewählten Gegenstand in Richtung des Spielbretts legt.",
    ),
    "move": RuleQuote(
        "Up to 3 squares on roads and trails, 1 square anywhere else; never diagonally.",
        "Bewegung",
        "Auf den Wegen und Straßen bewegen sich die Spieler bis zu 3 Felder pro Spielzug.",
    ),
    "landed": RuleQuote(
        "Your ability comes after the face-up tiles act and before the tile you stand on is turned.",
        "Spielende Charaktere",
        "Die Reihenfolge der Maßnahmen ist 1) Effekte der offenen Cache-Bereichsplättchen 2) Spielerfähigkeit 3) "
        "Poison Ivy-Effekt 4) Cache-Bereichskachel umdrehen.",
    ),
    "act": RuleQuote(
        "A store square offers its actions; choose what you want from it.",
        "Sportwarengeschäft",
        "Sie können im Store einige der folgenden Aktionen auswählen.",
    ),
    "peek": RuleQuote(
        "You look at a face-down tile in the woods; nobody else sees it.",
        "Schau dir die Plättchen heimlich an",
        "Der Spieler darf zu diesem Zeitpunkt einen Blick auf die Plättchen im Wald werfen.",
    ),
    "dodge": RuleQuote(
        "You landed on a second Pond: you may step aside.",
        "FAQ",
        "In diesem Fall darf der Spieler „ausweichen“ und sich auf ein anderes Feld bewegen.",
    ),
    "target": RuleQuote(
        "An event card does what it says; one it cannot do is discarded.",
        "Nimm eine Ereigniskarte",
        "Können die Bedingungen des Ereignisses nicht erfüllt werden, wird das Ereignis ignoriert und die Karte "
        "abgeworfen.",
    ),
    "trade_partner": RuleQuote(
        "On the Mega Event you may make any player an offer, wherever they are.",
        "Geocaching-Mega-Event",
        "Der Spieler auf diesem Feld kann jedem anderen Spieler Handelsangebote machen.",
    ),
    "trade_give": TRADE,
    "trade_want": TRADE,
    "trade_reply": TRADE,
}


def rule_help(view: SeatView) -> str:
    return help_for(HELP, view.prompt)
