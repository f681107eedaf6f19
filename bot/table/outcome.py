"""What the table service asks the front end (Discord or the terminal) to show.

Nothing here knows Discord: a front end turns these into messages, buttons and
files. Every text is final (player names substituted); a public post is built
only from the public view and public events, so it can never carry a secret.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import Choice, Form


@dataclass(frozen=True)
class Panel:
    """The decision one seat faces now, with its private context; shown only to that player."""

    game_id: int
    version: int
    seat: int
    text: str
    choices: tuple[Choice, ...] = ()
    forms: tuple[Form, ...] = ()

    @property
    def has_decision(self) -> bool:
        return bool(self.choices or self.forms)


@dataclass(frozen=True)
class LobbyPost:
    game_id: int
    channel_id: int
    text: str
    is_open: bool
    """False once the game started or the lobby closed: the front end drops the lobby buttons."""


@dataclass(frozen=True)
class PublicPost:
    """A fresh turn message: what happened, the board, whose move it is."""

    game_id: int
    version: int
    channel_id: int
    text: str
    mention_ids: tuple[int, ...] = ()
    board_png: bytes | None = None
    board_filename: str = "board.png"
    choices: tuple[Choice, ...] = ()
    """Public-safe choices of the seats to act, shown as buttons on the post itself."""
    play_button: bool = False
    """Someone to act has choices that are private: offer a button that opens their panel."""
    private_button: bool = False
    finished: bool = False


@dataclass(frozen=True)
class DirectMessage:
    user_id: int
    game_id: int
    channel_id: int
    text: str
    """What changed for this player (may be empty when only ``panel`` needs sending)."""
    panel: Panel | None = None
    """A private decision the player can take right here in DMs."""


@dataclass(frozen=True)
class Outcome:
    """The result of one request to the table."""

    reply: str | Panel | None = None
    """Shown only to the user who asked (ephemeral)."""
    post: PublicPost | LobbyPost | None = None
    direct: tuple[DirectMessage, ...] = ()
    lobby_closed: LobbyPost | None = None
    """When a game starts, the lobby message to update (buttons removed)."""
