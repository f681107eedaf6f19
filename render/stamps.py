"""Parts of a board drawn once per drawing process, then stamped: the static layers of issue 23.

A board's key (the codes and signs it explains) is the same on almost every board of a game, and
costs a millisecond or two of text and little shapes each time. ``stamped`` draws such a part once,
keeps the pixels of its box, and on the next board with the same part over the same background
pastes them instead. What is pasted is exactly what drawing would have made: the part's own key
names everything it draws from, and a digest of the box's pixels before drawing names what it was
drawn over. The part must draw only inside its box.

Only parts shared by many games are worth a stamp. A player's mat or panel changes with its game,
and with hundreds of games drawn in turn by the same processes a kept mat is pushed out long before
its game's next board: stamping Mutiny's mats and the Cache Me If You Can panels cost the drawing
processes 3 ms more per action in the load benchmark (500 games) instead of saving it, so only the
keys are stamped (about 9 boards in 10 find theirs kept, with 100 games drawn in turn).

While a test records texts or marks (``render.text.recording``, ``render.marks.marking``), parts are
drawn, never stamped, so the phone checks see every text and mark.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from PIL import Image, ImageDraw

from render import marks
from render.text import is_recording

T = TypeVar("T")
Box = tuple[int, int, int, int]

KEPT = 64
"""Stamps kept per process (a key is a few hundred kB of pixels; most boards show one or two)."""

_kept: OrderedDict[Hashable, tuple[Image.Image, Any]] = OrderedDict()
_lock = threading.Lock()  # the thread drawer (RENDER_PROCESSES=0) draws from several threads


def callable_identity(function: Callable[..., Any]) -> Hashable:
    """What a drawing function is, for a stamp's key: its code and the values it closed over, so the
    same lambda made again for another board is the same drawer (raises TypeError if unhashable)."""
    code = getattr(function, "__code__", None)
    if code is None:
        raise TypeError(f"no code to name {function!r}")
    cells = tuple(_frozen(cell.cell_contents) for cell in function.__closure__ or ())
    defaults = tuple(_frozen(value) for value in function.__defaults__ or ())
    identity = (code, cells, defaults)
    hash(identity)
    return identity


def _frozen(value: Any) -> Hashable:
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    if callable(value) and hasattr(value, "__code__"):
        return callable_identity(value)
    return value  # type: ignore[no-any-return]


def stamped(draw: ImageDraw.ImageDraw, box: Box, key: Hashable, paint: Callable[[], T]) -> T:
    """``paint()``'s result, its pixels inside ``box`` drawn once for ``key`` and this box's
    background, then pasted."""
    image: Image.Image | None = getattr(draw, "_image", None)
    if image is None or is_recording() or marks.active():
        return paint()
    left, top, right, bottom = box
    box = (max(left, 0), max(top, 0), min(right, image.width), min(bottom, image.height))
    if box[2] <= box[0] or box[3] <= box[1]:
        return paint()
    under = hashlib.blake2b(image.crop(box).tobytes(), digest_size=16).digest()
    try:
        name = (key, box, image.mode, under)
        with _lock:
            found = _kept.get(name)
            if found is not None:
                _kept.move_to_end(name)
    except TypeError:  # a key that cannot be hashed: drawn every time
        return paint()
    if found is not None:
        pixels, result = found
        image.paste(pixels, box[:2])
        return result  # type: ignore[no-any-return]
    result = paint()
    with _lock:
        _kept[name] = (image.crop(box), result)
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return result


def forget() -> None:
    """Drop every stamp (tests compare a stamped board with one drawn afresh)."""
    with _lock:
        _kept.clear()
