"""Where Mouse Cheese Cat Cucumber's choices point on the board (issue 24's hit regions): a card to
pick or discard (``belt:N``, ``discard:N``) is its slot of the Conveyor Belt; a space to place the
picked card on (``place:C3:r1``, ``stack:C3:r0``), a destination (``dest:C3``), the Cat's space
(``cat:C3``) and a card to turn (``turn:C3:1``) are that space of the maze; which character moves
first (``first:mouse``) is the space it stands on. Everything else (an ability, ↻, confirm, back)
has no place: a button."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Choice, SeatTag
from bot.games.mccc.views import PublicView
from render.hits import HitRegion, rect
from render.mccc import belt_box, grid_of

BELT_SLOTS = 4
SPACE_VERBS = ("place", "stack", "dest", "cat", "turn")


def _slot(text: str) -> int | None:
    if not (text.isascii() and text.isdigit() and len(text) == 1):
        return None
    value = int(text)
    return value if 1 <= value <= BELT_SLOTS else None


def _space(text: str) -> str | None:
    """A grid label such as ``C3`` (the grid says whether it is on the board)."""
    ok = len(text) == 2 and text[0].isascii() and text[0].isupper() and text[1].isascii() and text[1].isdigit()
    return text if ok else None


def hit_regions(view: PublicView, seats: Sequence[SeatTag], choices: Sequence[Choice]) -> list[HitRegion]:
    grid = grid_of(view, seats)
    standing = dict(view.characters.placed())
    regions = []
    for choice in choices:
        if choice.group == "confirm":
            continue  # ↻ names the previewed card's space, but it is a button beside confirm
        verb, _, rest = choice.action.partition(":")
        first = rest.split(":", 1)[0]
        box: tuple[int, int, int, int] | None = None
        if verb in ("belt", "discard") and (slot := _slot(rest)) is not None:
            box = belt_box(view, seats, slot)
        elif verb in SPACE_VERBS and (space := _space(first)) is not None:
            box = grid.box(space)
        elif verb == "first" and rest in standing:
            box = grid.box(standing[rest])
        if box is not None:
            regions.append(rect(choice, box))
    return regions
