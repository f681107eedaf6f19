"""What a board drew besides plain text, recorded for the phone checks.

Renderers call ``mark`` for what a phone reader must be able to make out or look up:

* ``piece``: a piece on the board (a pawn, a monster, a muggle, a character token); on a phone
  (``PHONE_WIDTH`` wide) it must be at least ``MIN_PIECE_PX`` across;
* ``code``: an abbreviation or letter drawn on the board or a panel ("CLR", "P", "+");
* ``symbol``: a drawn sign whose meaning is not written beside it (a purple swirl, a gold frame);
* ``legend``: the key of a legend entry, the code or symbol name it explains;
* ``cut``: words of a legend that had to be shortened ("Needs mainten…"): a key must be read whole.

Outside ``marking()`` nothing is kept, so a board costs the same as before. The checks
(``small_pieces``, ``unexplained``, ``too_tall``) turn the house standard for phones into
assertions for ``tests/render/test_render_contract.py``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from render.text import PHONE_WIDTH

MIN_PIECE_PX = 14
"""No piece narrower than this when the board is shown ``PHONE_WIDTH`` wide."""
TALLEST = 1.5
"""A board's height is at most this many times its width (taller boards show as a small preview)."""

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Mark:
    kind: str
    """``piece``, ``code``, ``symbol``, ``legend`` or ``cut``."""
    name: str
    """The code as drawn, the symbol's name, or the legend entry's key."""
    box: Box


_marks: ContextVar[list[Mark] | None] = ContextVar("board_marks", default=None)


@contextmanager
def marking() -> Iterator[list[Mark]]:
    """Collect every mark made in this context (renderers run unchanged)."""
    marks: list[Mark] = []
    token = _marks.set(marks)
    try:
        yield marks
    finally:
        _marks.reset(token)


def active() -> bool:
    """Whether marks are being collected (a renderer may skip work done only to record them)."""
    return _marks.get() is not None


def mark(kind: str, name: str, box: Box) -> None:
    found = _marks.get()
    if found is not None:
        found.append(Mark(kind, name, box))


def piece(box: Box, name: str = "") -> None:
    mark("piece", name, box)


def code(text: str, box: Box) -> None:
    mark("code", text, box)


def symbol(name: str, box: Box) -> None:
    mark("symbol", name, box)


def legend_key(name: str, box: Box) -> None:
    mark("legend", name, box)


def cut(words: str, box: Box) -> None:
    mark("cut", words, box)


# --------------------------------------------------------------------------- checks


def phone_px(pixels: float, image_width: int) -> float:
    return pixels * PHONE_WIDTH / image_width


def small_pieces(marks: Sequence[Mark], image_width: int) -> list[Mark]:
    """Pieces under ``MIN_PIECE_PX`` across (their narrower side) at phone width."""
    return [
        m
        for m in marks
        if m.kind == "piece" and phone_px(min(m.box[2] - m.box[0], m.box[3] - m.box[1]), image_width) < MIN_PIECE_PX
    ]


def unexplained(marks: Sequence[Mark]) -> set[str]:
    """Codes and symbols drawn that no legend entry explains."""
    keys = {m.name for m in marks if m.kind == "legend"}
    return {m.name for m in marks if m.kind in ("code", "symbol")} - keys


def cut_words(marks: Sequence[Mark]) -> list[str]:
    """Legend words shortened to fit."""
    return [m.name for m in marks if m.kind == "cut"]


def too_tall(size: tuple[int, int]) -> bool:
    width, height = size
    return height > TALLEST * width
