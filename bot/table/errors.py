"""Errors whose message is safe to show the user who caused them (ephemerally)."""

from __future__ import annotations


class TableError(Exception):
    """Something the user asked for cannot be done; the message says why and what to do."""


class NoGameHere(TableError):
    pass


class NotAPlayer(TableError):
    pass


class NotYourTurn(TableError):
    pass


class StaleAction(TableError):
    """The click was on a message from an earlier turn."""

    def __init__(self, message: str, game_id: int, user_id: int) -> None:
        super().__init__(message)
        self.game_id = game_id
        self.user_id = user_id


class NotAllowed(TableError):
    pass
