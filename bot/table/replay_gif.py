"""A game's replay as an animated GIF of its public boards, and its public log.

One frame per step that changed the public view. A long game (Catacombs of Mu runs to well over
a thousand moves) keeps at most ``MAX_FRAMES`` of them, evenly spread, first and last included:
a replay is watched, not studied, and its size and build time must stay within Discord's upload
limit and a few seconds. The frames are scaled once, from the size of a sample, instead of encoding
the whole GIF again at each smaller size.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec
from PIL import Image

from bot.engine import Event
from bot.storage.records import LoggedAction
from bot.table.context import Table
from bot.table.texts import for_reading

MAX_FRAMES = 240
"""About four minutes at the replay's pace: every move of most games, a summary of the longest."""
SAMPLE = 12
FILL = 0.8
"""The share of the upload limit the estimate aims at (frames differ in how well they compress)."""


class TooBig(Exception):
    """Even scaled down, the boards do not fit in one upload."""


@dataclass(frozen=True)
class Drawn:
    gif: bytes
    frames: int
    steps: int
    lines: list[str]


def changed_views(
    table: Table, states: Iterable[tuple[Any, list[Event]]], log: Sequence[LoggedAction]
) -> tuple[list[Any], list[str], int]:
    """The public views that differ from the one before, and the public log lines."""
    engine = table.engine
    versions = [a.version for a in log if not a.undone]
    views: list[Any] = []
    lines: list[str] = []
    last = b""
    steps = 0
    for index, (state, events) in enumerate(states):
        view = engine.public_view(state)
        encoded = msgspec.json.encode(view)
        if encoded != last:
            views.append(view)
            last = encoded
        if index:
            steps += 1
            lines += [f"{versions[index - 1]:>4}  {for_reading(e.text, table.tags)}" for e in events if e.public]
    return views, lines, steps


def spread(items: list[Any], limit: int) -> list[Any]:
    """At most ``limit`` items, evenly spread, the first and the last kept."""
    if len(items) <= limit:
        return items
    picked = sorted({round(i * (len(items) - 1) / (limit - 1)) for i in range(limit)})
    return [items[i] for i in picked]


def _fitted(frames: list[Image.Image], palette: Image.Image | None, limit: int) -> list[Image.Image]:
    """The frames scaled so that the whole GIF should take about ``FILL`` of ``limit``: estimated
    from a run of consecutive frames (a GIF stores what changed from one frame to the next)."""
    from render.replay import animate

    start = max(0, len(frames) // 2 - SAMPLE // 2)
    run = frames[start : start + SAMPLE]
    first = len(animate(run[:1], palette, limit=2**62))
    changes = (len(animate(run, palette, limit=2**62)) - first) / max(len(run) - 1, 1)
    estimate = first + changes * (len(frames) - 1)
    if estimate <= FILL * limit:
        return frames
    scale = math.sqrt(FILL * limit / estimate)
    size = (max(1, round(frames[0].width * scale)), max(1, round(frames[0].height * scale)))
    return [frame.convert("RGB").resize(size, Image.Resampling.BOX) for frame in frames]


def draw_replay(table: Table, states: Iterable[tuple[Any, list[Event]]], log: Sequence[LoggedAction]) -> Drawn:
    """The GIF of a game's public boards and its public log. Blocking: run it in a worker thread."""
    from render import board_palette, renderer
    from render.replay import UPLOAD_LIMIT, animate, same_size

    views, lines, steps = changed_views(table, states, log)
    draw = renderer(table.spec)
    # Views are compared before drawing (cheaper than comparing pictures): one frame per changed view.
    frames = same_size([draw(view, table.tags) for view in spread(views, MAX_FRAMES)])
    try:
        palette: Image.Image | None = board_palette(table.spec)
    except Exception:  # a renderer without declared colours: the GIF's own palette
        palette = None
    try:
        gif = animate(_fitted(frames, palette, UPLOAD_LIMIT), palette)
    except ValueError as error:
        raise TooBig(str(error)) from error
    return Drawn(gif, len(frames), steps, lines)
