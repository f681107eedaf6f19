"""The table service: runs games for any front end (Discord, the terminal)."""

from bot.table.access import UNKNOWN_GAME, Place, asked_from
from bot.table.cards import Card, LobbyControls, Outcome, Panel, PrivateInfo, StatusView
from bot.table.core import Person, computer_name
from bot.table.delivery import Gone, Refused, Report, Sender, TooOld, Unavailable
from bot.table.errors import NoGameHere, NotAllowed, NotAPlayer, NotYourTurn, StaleAction, TableError
from bot.table.service import TableService

__all__ = [
    "UNKNOWN_GAME",
    "Card",
    "Gone",
    "LobbyControls",
    "NoGameHere",
    "NotAPlayer",
    "NotAllowed",
    "NotYourTurn",
    "Outcome",
    "Panel",
    "Person",
    "Place",
    "PrivateInfo",
    "Refused",
    "Report",
    "Sender",
    "StaleAction",
    "StatusView",
    "TableError",
    "TableService",
    "TooOld",
    "Unavailable",
    "asked_from",
    "computer_name",
]
