"""The table service: runs games for any front end (Discord, the terminal)."""

from bot.table.errors import NoGameHere, NotAllowed, NotAPlayer, NotYourTurn, StaleAction, TableError
from bot.table.outcome import DirectMessage, LobbyPost, Outcome, Panel, PublicPost
from bot.table.service import Person, TableService

__all__ = [
    "DirectMessage",
    "LobbyPost",
    "NoGameHere",
    "NotAPlayer",
    "NotAllowed",
    "NotYourTurn",
    "Outcome",
    "Panel",
    "Person",
    "PublicPost",
    "StaleAction",
    "TableError",
    "TableService",
]
