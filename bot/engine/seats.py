"""Who sits in each seat, as presentation input for boards and texts.

Engines never see names: texts use ``{pN}`` placeholders and views know seats
by number. The table passes ``SeatTag``s to renderers beside the public view
(as ``chess.svg.board`` takes ``lastmove=``), so a game's view stays the
game's own and a display name can never be mistaken for game data.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from bot.i18n import N_
from bot.i18n.table import _

COLOUR_MARKS = {
    "Red": "🟥",
    "Orange": "🟧",
    "Yellow": "🟨",
    "Green": "🟩",
    "Blue": "🟦",
    "Purple": "🟪",
    "Brown": "🟫",
    "Black": "⬛",
    "White": "⬜",
}
"""The seat colours a game may use, with the square people see beside a name in messages."""

_COLOUR_NAMES = (
    N_("Red"),
    N_("Orange"),
    N_("Yellow"),
    N_("Green"),
    N_("Blue"),
    N_("Purple"),
    N_("Brown"),
    N_("Black"),
    N_("White"),
)


def colour_name(colour: str) -> str:
    """A seat colour as people read it (``Lila``); the registered name stays English."""
    return _(colour) if colour in _COLOUR_NAMES else colour


@dataclass(frozen=True)
class SeatTag:
    seat: int
    name: str
    """The display name as people chose it (any length, any script); renderers shorten it."""
    colour: str = ""
    """The seat's colour name from the game's registration (``"Purple"``), or empty."""
    computer: bool = False
    dms_closed: bool = False
    """The player refuses direct messages: boards show 📪 beside them."""
    deadline: datetime | None = None
    """When the seat's open decision times out (a turn clock, or an answer's time limit), in UTC:
    boards show it as a time of day ("until 18:00 UTC"), never as a countdown, because a board is
    drawn again only when the game moves."""
    level: str = ""
    """A computer's level (``easy``, ``normal``, ``strong``); empty for a person."""

    @property
    def mark(self) -> str:
        """The coloured square of the seat's colour (empty without a colour)."""
        return COLOUR_MARKS.get(self.colour, "")

    @property
    def label(self) -> str:
        """``🟪 alice``: the name with the colour people see on the board."""
        return f"{self.mark} {self.name}" if self.mark else self.name


_LEVEL_NAMES = {"easy": N_("easy"), "normal": N_("normal"), "strong": N_("strong")}


def level_name(level: str) -> str:
    """A computer's level as people read it (``stark`` in German); the stored value stays English
    (``bot.engine.levels.Level``)."""
    return _(_LEVEL_NAMES[level]) if level in _LEVEL_NAMES else level


LEVEL_MARK = " · "
"""Between a computer's name and its level on a board: ``🤖 Computer 1 · strong``."""


def with_levels(tags: Sequence[SeatTag]) -> tuple[SeatTag, ...]:
    """The tags as boards draw them: a computer's name followed by its level (in the board's
    language), which ``render.text.board_name`` keeps whole when it shortens the name."""
    return tuple(
        replace(tag, name=f"{tag.name}{LEVEL_MARK}{level_name(tag.level)}") if tag.level else tag for tag in tags
    )


def plain_tags(count: int, colours: tuple[str, ...] = ()) -> tuple[SeatTag, ...]:
    """Tags for tests, benchmarks and previews: ``Player 1`` ... with the game's colours."""
    return tuple(SeatTag(i, f"Player {i + 1}", colours[i] if i < len(colours) else "") for i in range(count))
