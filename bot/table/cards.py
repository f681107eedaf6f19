"""What the table asks a front end (Discord or the terminal) to show.

Nothing here knows Discord. A ``Card`` is one message as the table means it: its
final text (names substituted), whom it pings, its board image (by hash), and the
controls it carries. Cards are stored in the outbox as JSON and turned into real
messages, buttons and files by the front end when they are delivered. A public
card is built only from the public view and public events, so it can never
carry a secret.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import msgspec

from bot.engine import Choice, Form, MultiChoice


class LevelChoice(msgspec.Struct, frozen=True):
    """One entry of the lobby's level select: a computer seat (``seat``; -1: computers taking over a
    seat once the game runs) to play at ``level``."""

    seat: int
    level: str
    label: str
    description: str = ""


class LobbyControls(msgspec.Struct, frozen=True):
    """Which lobby buttons are offered and which are usable now."""

    join: bool = True
    add_computer: bool = True
    remove_computer: bool = True
    start: bool = True
    options: bool = False
    levels: tuple[LevelChoice, ...] = ()
    """The level changes the host may pick (a select under the buttons)."""


class Card(msgspec.Struct, frozen=True, omit_defaults=True):
    kind: str
    """``lobby``, ``live`` (the board), ``prompt`` (a wait starts: pings), ``dm``."""
    game_id: int
    text: str
    version: int = 0
    """The state version its controls were built at (carried in their custom ids)."""
    mentions: tuple[int, ...] = ()
    """Users this message pings (only when it is created, and only if ``silent`` is False)."""
    silent: bool = False
    board: str = ""
    """Hash of the board image it shows ("": no image)."""
    board_name: str = "board.png"
    choices: tuple[Choice, ...] = ()
    """Public-safe choices, as buttons or menus on the message itself."""
    play: bool = False
    """Offer "▶ Play": opens the clicker's own panel (their private choices and forms)."""
    private: bool = False
    """Offer "🔒 My private info"."""
    lobby: LobbyControls | None = None
    extras: tuple[str, ...] = ()
    """Table buttons beside the game's (``cogs.table_buttons.extra_buttons``): ``quiet`` (🔕 not this
    turn), ``rematch``, ``reclaim``, ``undo``."""
    language: str = ""
    """The language its text is written in ("": English), so that the front end labels its
    controls in the same one (``presenter.in_table_language`` sets it)."""

    def digest(self) -> str:
        return hashlib.sha256(msgspec.json.encode(self)).hexdigest()[:16]

    def to_json(self) -> str:
        return msgspec.json.encode(self).decode()

    @classmethod
    def from_json(cls, text: str) -> Card:
        return msgspec.json.decode(text, type=cls)


@dataclass(frozen=True)
class Panel:
    """The decision one seat faces now, with its private context; shown only to that player."""

    game_id: int
    version: int
    """The version the seat's current decision opened at: its controls stay good until it changes."""
    seat: int
    text: str
    choices: tuple[Choice, ...] = ()
    forms: tuple[Form, ...] = ()
    extras: tuple[str, ...] = ()
    """Table buttons for this player (see ``Card.extras``): ``undo``, ``reclaim``."""
    news: tuple[str, ...] = ()
    """What the player's own move just showed them (private events), first in ``text``."""
    fresh: bool = False
    """Its secrets hold something the player was not shown before (then it is worth showing
    even without a decision: nothing else will tell them)."""
    multis: tuple[MultiChoice, ...] = ()
    """Several-at-once choices (one select each, with ``max_values`` > 1)."""
    picture: bytes | None = None
    """PNG of the places the decision chooses among, marked as its menu names them (only for them)."""

    @property
    def has_decision(self) -> bool:
        return bool(self.choices or self.forms or self.multis)

    @property
    def has_news(self) -> bool:
        return bool(self.news) or self.fresh

    @property
    def needs_privacy(self) -> bool:
        """Some of it may only be shown to the player (a private choice, or a form)."""
        hidden = [not c.public for c in self.choices] + [not m.public for m in self.multis]
        return bool(self.forms) or any(hidden)


@dataclass(frozen=True)
class PrivateInfo:
    """What "🔒 My private info" shows: the player's secrets, and whether their DMs are closed."""

    game_id: int
    text: str
    dms_closed: bool = False


@dataclass(frozen=True)
class StatusView:
    """``/game status`` for the asker: the board as it stands, and what it waits for."""

    game_id: int
    text: str
    board: bytes | None = None
    board_name: str = "board.png"
    active: bool = False
    """The game runs and the asker plays in it: their view offers "📢 Show everyone"."""
    lobby: Card | None = None


@dataclass(frozen=True)
class Outcome:
    """The answer to one request. What the table posts for everyone is in the outbox."""

    game_id: int
    reply: str | Panel | None = None
    """Shown only to the user who asked (ephemeral)."""
