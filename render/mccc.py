"""Mouse Cheese Cat Cucumber board: the maze on its labelled grid, the Conveyor Belt and the deck.

Built only from ``engine.view(state, None)``. Portrait, 1000 px wide, so a phone shows it
large. Every maze card shows its corridors (light) and walls (dark), mouse holes (black
arches in walls) and cogs (blue discs: dark blue turns clockwise ↻, light blue
counter-clockwise ↺). The last move's path is drawn as a line with an arrow, the card
placed this turn has a gold frame and the cards its cogs turned a blue one. Empty spaces
where something may still go (inside the 5 x 5 limit) carry their grid label, the same
label the placement menu uses.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.engine import SeatTag
from render.text import board_name, draw_text, fit_size

# --- layout -----------------------------------------------------------------
WIDTH = 1000
TITLE_H = 96
BOARD_TOP = TITLE_H
LABEL_MARGIN = 44
BOARD_SIZE = 900  # square area for the grid, inside the label margins
CELL_MAX = 176
BELT_TOP_GAP = 24
BELT_TILE = 150
BELT_H = 300
HEIGHT = BOARD_TOP + LABEL_MARGIN + BOARD_SIZE + BELT_TOP_GAP + BELT_H

# --- colours ----------------------------------------------------------------
BG = (246, 241, 230)
TITLE_BG = (52, 58, 72)
TITLE_FG = (250, 250, 250)
GRID_LABEL = (70, 70, 80)
EMPTY_FILL = (234, 228, 214)
EMPTY_LINE = (206, 198, 182)
EMPTY_TEXT = (160, 152, 138)
WALL = (62, 66, 80)
FLOOR = (238, 214, 160)
HOLE = (20, 20, 24)
COG_CW = (30, 70, 160)  # dark blue: clockwise
COG_CCW = (120, 185, 235)  # light blue: counter-clockwise
PLACED = (230, 170, 20)
TURNED = (60, 120, 220)
STACK_BADGE = (150, 40, 40)
PATH_COLOURS = {"mouse": (90, 90, 200), "cat": (220, 100, 20)}
TRACE_COLOURS = {"mouse_cheese": (240, 190, 20), "cat_mouse": (210, 60, 60)}
CHAR_STYLE = {
    "mouse": ((150, 155, 165), (40, 40, 48), "MOUSE"),
    "cheese": ((250, 205, 60), (90, 60, 0), "CHEESE"),
    "cat": ((235, 130, 50), (60, 25, 0), "CAT"),
}
CUCUMBER = ((90, 160, 70), (255, 255, 255))
DEST_MARK = (40, 150, 60)
TEXT = (40, 40, 48)
MUTED = (110, 110, 120)

COLUMNS = "ABCDEFGHI"


def _parse(label: str) -> tuple[int, int]:
    return COLUMNS.index(label[0]), int(label[1:]) - 1


def _text_center(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill) -> None:
    draw_text(draw, xy, text, size, fill, anchor="mm")


@lru_cache(maxsize=512)
def _tile(edges: tuple[str, ...], size: int) -> Image.Image:
    """One maze card as seen from above, in the given orientation (edge codes N, E, S, W)."""
    img = Image.new("RGB", (size, size), WALL)
    d = ImageDraw.Draw(img)
    w = max(6, size // 11)  # wall thickness
    core = size * 0.3
    c0, c1 = size / 2 - core / 2, size / 2 + core / 2
    opens = [code[0] == "O" for code in edges]
    if any(opens):
        d.rectangle([c0, c0, c1, c1], fill=FLOOR)
    arms = (
        (c0, 0, c1, c0),
        (c1, c0, size, c1),
        (c0, c1, c1, size),
        (0, c0, c0, c1),
    )
    for k, is_open in enumerate(opens):
        if is_open:
            d.rectangle(arms[k], fill=FLOOR)
    # a thin frame so neighbouring cards read as separate cards
    d.rectangle([0, 0, size - 1, size - 1], outline=(30, 32, 40), width=2)
    # mouse holes: a black arch in the middle of the wall
    r = size * 0.09
    mid = size / 2
    for k, code in enumerate(edges):
        if "h" not in code:
            continue
        if k == 0:
            box = (mid - r, w * 0.2, mid + r, w * 0.2 + 2 * r)
        elif k == 1:
            box = (size - w * 0.2 - 2 * r, mid - r, size - w * 0.2, mid + r)
        elif k == 2:
            box = (mid - r, size - w * 0.2 - 2 * r, mid + r, size - w * 0.2)
        else:
            box = (w * 0.2, mid - r, w * 0.2 + 2 * r, mid + r)
        d.ellipse(box, fill=HOLE, outline=(230, 230, 230), width=2)
    # cogs: a disc near the edge, dark blue clockwise, light blue counter-clockwise
    cr = size * 0.11
    inset = size * 0.15
    centres = ((size * 0.75, inset), (size - inset, size * 0.75), (size * 0.25, size - inset), (inset, size * 0.25))
    for k, code in enumerate(edges):
        if "+" in code or "-" in code:
            cx, cy = centres[k]
            colour = COG_CW if "+" in code else COG_CCW
            teeth = 8
            for t in range(teeth):
                a = 2 * math.pi * t / teeth
                tx, ty = cx + math.cos(a) * cr * 1.05, cy + math.sin(a) * cr * 1.05
                d.ellipse([tx - cr * 0.28, ty - cr * 0.28, tx + cr * 0.28, ty + cr * 0.28], fill=colour)
            d.ellipse([cx - cr, cy - cr, cx + cr, cy + cr], fill=colour, outline=(20, 20, 30), width=2)
            _draw_turn_arrow(d, cx, cy, cr * 0.62, clockwise="+" in code)
    return img


def _draw_turn_arrow(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, clockwise: bool) -> None:
    """A 270° arc with an arrowhead, white, so the cog's direction reads without a legend."""
    box = [cx - r, cy - r, cx + r, cy + r]
    width = max(2, int(r / 3.2))
    d.arc(box, start=300, end=210, fill=(255, 255, 255), width=width)
    # arrowhead at the end of the arc in the direction of travel
    end_deg = 210 if clockwise else 300
    a = math.radians(end_deg)
    ex, ey = cx + r * math.cos(a), cy + r * math.sin(a)
    # tangent direction: clockwise in screen coordinates means increasing angle
    sign = 1 if clockwise else -1
    tx, ty = -math.sin(a) * sign, math.cos(a) * sign
    nx, ny = math.cos(a), math.sin(a)
    head = r * 0.75
    tip = (ex + tx * head * 0.9, ey + ty * head * 0.9)
    left = (ex + nx * head * 0.55, ey + ny * head * 0.55)
    right = (ex - nx * head * 0.55, ey - ny * head * 0.55)
    d.polygon([tip, left, right], fill=(255, 255, 255))


def _char_tile(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], key: str) -> None:
    fill, ink, word = CHAR_STYLE[key]
    x0, y0, x1, y1 = box
    pad = (x1 - x0) * 0.08
    d.rounded_rectangle(
        [x0 + pad, y0 + pad, x1 - pad, y1 - pad], radius=(x1 - x0) * 0.2, fill=fill, outline=ink, width=3
    )
    size = fit_size(word, (x1 - x0) * 0.72, 34)
    _text_center(d, ((x0 + x1) / 2, (y0 + y1) / 2), word, size, ink)


def _arrow_line(
    d: ImageDraw.ImageDraw,
    points: list[tuple[float, float]],
    colour,
    width: int,
    stop: float = 0.0,
    lead: float = 0.0,
) -> None:
    """A polyline with an arrowhead; ``stop`` pulls the head back from the last point and ``lead``
    starts the line away from the first one (to the edge of a character tile, not over its name)."""
    if len(points) < 2:
        return
    points = list(points)
    if lead:
        (sx, sy), (nx, ny) = points[0], points[1]
        b = math.atan2(ny - sy, nx - sx)
        points[0] = (sx + lead * math.cos(b), sy + lead * math.sin(b))
    (x0, y0), (x1, y1) = points[-2], points[-1]
    a = math.atan2(y1 - y0, x1 - x0)
    if stop:
        x1, y1 = x1 - stop * math.cos(a), y1 - stop * math.sin(a)
        points = points[:-1] + [(x1, y1)]
    d.line(points, fill=colour, width=width, joint="curve")
    for x, y in points[:-1]:
        d.ellipse([x - width * 0.7, y - width * 0.7, x + width * 0.7, y + width * 0.7], fill=colour)
    head = width * 3.2
    d.polygon(
        [
            (x1 + head * 0.3 * math.cos(a), y1 + head * 0.3 * math.sin(a)),
            (x1 - head * math.cos(a - 0.45), y1 - head * math.sin(a - 0.45)),
            (x1 - head * math.cos(a + 0.45), y1 - head * math.sin(a + 0.45)),
        ],
        fill=colour,
    )


def _title(view: Mapping[str, Any]) -> tuple[str, str]:
    setup = f"Setup {view['setup']} · {view['setup_name']}" + (" · easier" if view.get("easier") else "")
    result = view.get("result")
    if result:
        reasons = {
            "no_place": "no card fits next to the Active Character",
            "stuck": "the Active Character could not move",
            "cheese": "the Mouse ran over the Cheese",
            "caught": "the Cat caught the Mouse",
        }
        agenda = (view["agendas"].get("titles") or {}).get(result.get("agenda") or "", "")
        if view["mode"] == "solo":
            why = agenda if result["kind"] == "endgame" else reasons.get(result["kind"], "")
            second = ("YOU WIN! · " if result.get("won") else "You lose · ") + why
        else:
            second = "Game over · " + (agenda or reasons.get(result["kind"], ""))
        return setup, second
    names = {"mouse": "Mouse", "cat": "Cat", "cheese": "Cheese"}
    if view["mode"] == "solo":
        active = " or ".join(names[c] for c in view["active"])
        return setup, f"Turn {view['turn']} · Active: {active}"
    return setup, f"Turn {view['turn']} · {_player(view, view['seat'])} to play"


def _player(view: Mapping[str, Any], seat: int) -> str:
    """A player's name when the table passed them along (``names``), else "Player N"."""
    names = view.get("names") or []
    name = str(names[seat]) if seat < len(names) and names[seat] else f"Player {seat + 1}"
    return name if len(name) <= 16 else name[:14] + ".."


def render_board(view: Mapping[str, Any], seats: Sequence[SeatTag]) -> Image.Image:
    view = {**view, "names": [board_name(t.name, t.colour or f"Player {t.seat + 1}", 24, 400) for t in seats]}
    img = Image.new("RGB", (WIDTH, HEIGHT), BG)
    d = ImageDraw.Draw(img)

    # --- title ---------------------------------------------------------------
    d.rectangle([0, 0, WIDTH, TITLE_H], fill=TITLE_BG)
    line1, line2 = _title(view)
    draw_text(d, (24, 16), line1, 30, TITLE_FG)
    draw_text(d, (24, 54), line2, 30, (255, 214, 120))

    # --- grid ----------------------------------------------------------------
    cols = view["frame"]["cols"]
    rows = view["frame"]["rows"]
    x_index = {c: i for i, c in enumerate(cols)}
    y_index = {r: i for i, r in enumerate(rows)}
    cell = int(min(CELL_MAX, BOARD_SIZE / max(len(cols), 1), BOARD_SIZE / max(len(rows), 1)))
    gx = LABEL_MARGIN + (BOARD_SIZE - cell * len(cols)) // 2
    gy = BOARD_TOP + LABEL_MARGIN + (BOARD_SIZE - cell * len(rows)) // 2

    def box_of(label: str) -> tuple[int, int, int, int] | None:
        col, row = label[0], int(label[1:])
        if col not in x_index or row not in y_index:
            return None
        x = gx + x_index[col] * cell
        y = gy + y_index[row] * cell
        return x, y, x + cell, y + cell

    def centre(label: str) -> tuple[float, float]:
        b = box_of(label)
        assert b is not None
        return (b[0] + b[2]) / 2, (b[1] + b[3]) / 2

    label_size = max(24, min(34, cell // 4))
    for i, col in enumerate(cols):
        _text_center(d, (gx + i * cell + cell / 2, gy - LABEL_MARGIN / 2 - 2), col, label_size, GRID_LABEL)
    for i, row in enumerate(rows):
        _text_center(d, (gx - LABEL_MARGIN / 2, gy + i * cell + cell / 2), str(row), label_size, GRID_LABEL)

    occupied: dict[str, str] = {}
    for entry in view["maze"]:
        occupied[entry["cell"]] = "maze"
    for key, where in view["characters"].items():
        if where:
            occupied[where] = key

    # empty spaces that can still be used
    small = max(20, min(28, cell // 5))
    for col in cols:
        for row in rows:
            label = f"{col}{row}"
            if label in occupied:
                continue
            b = box_of(label)
            assert b is not None
            d.rectangle([b[0] + 2, b[1] + 2, b[2] - 2, b[3] - 2], fill=EMPTY_FILL, outline=EMPTY_LINE, width=2)
            _text_center(d, ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2), label, small, EMPTY_TEXT)

    last = view.get("last") or {}
    turned = {r["cell"] for r in last.get("rotated", [])}
    for entry in view["maze"]:
        b = box_of(entry["cell"])
        if b is None:
            continue
        img.paste(_tile(tuple(entry["edges"]), cell), (b[0], b[1]))
        if entry.get("stacked"):
            bw = max(26, cell // 4)
            d.rectangle([b[2] - bw - 3, b[1] + 3, b[2] - 3, b[1] + 3 + bw], fill=STACK_BADGE)
            _text_center(d, (b[2] - 3 - bw / 2, b[1] + 3 + bw / 2), "x2", max(18, bw * 2 // 3), (255, 255, 255))
        if entry["cell"] in turned:
            d.rectangle([b[0] + 1, b[1] + 1, b[2] - 1, b[3] - 1], outline=TURNED, width=5)
        if entry["cell"] == last.get("cell"):
            d.rectangle([b[0] + 1, b[1] + 1, b[2] - 1, b[3] - 1], outline=PLACED, width=7)

    for key, where in view["characters"].items():
        if where:
            b = box_of(where)
            if b is not None:
                _char_tile(d, b, key)

    # paths: the Paths traced in the Endgame, then the last move (arrow stops at the tile's edge)
    result = view.get("result")
    width = max(5, cell // 18)
    char_cells = {where for where in view["characters"].values() if where}
    if result and result.get("paths"):
        for shift, (key, cells) in zip((-1, 1), result["paths"].items()):
            if cells and len(cells) > 1:
                offset = shift * width * 0.9  # two traces along the same corridor stay visible
                points = [(x + offset, y + offset) for x, y in (centre(c) for c in cells if box_of(c))]
                _arrow_line(d, points, TRACE_COLOURS[key], width, stop=cell * 0.38, lead=cell * 0.38)
    for mover, cells in (last.get("paths") or {}).items():
        points = [centre(c) for c in cells if box_of(c)]
        stop = cell * 0.38 if cells and cells[-1] in char_cells else 0.0
        _arrow_line(d, points, PATH_COLOURS.get(mover, (0, 0, 0)), width, stop=stop)

    # choices that are waiting: destinations, where the Cat may arrive
    marks = list(view.get("destinations") or []) + list(view.get("cat_options") or [])
    for label in marks:
        b = box_of(label)
        if b is None:
            continue
        cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
        r = cell * 0.18
        d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=DEST_MARK, width=max(4, cell // 25))

    # --- belt, deck, agendas -----------------------------------------------------
    top = BOARD_TOP + LABEL_MARGIN + BOARD_SIZE + BELT_TOP_GAP
    d.line([(20, top - 12), (WIDTH - 20, top - 12)], fill=EMPTY_LINE, width=3)
    draw_text(d, (24, top), "Conveyor Belt", 26, TEXT)
    slot_w = BELT_TILE + 22
    for i, entry in enumerate(view["belt"]):
        x = 24 + i * slot_w
        y = top + 40
        if isinstance(entry["card"], int):
            img.paste(_tile(tuple(entry["edges"]), BELT_TILE), (x, y))
            name = entry["name"].replace("Mouse's Studio", "Studio")
        else:
            d.rounded_rectangle([x, y, x + BELT_TILE, y + BELT_TILE], radius=18, fill=CUCUMBER[0])
            _text_center(d, (x + BELT_TILE / 2, y + BELT_TILE / 2), "CUCUMBER", 26, CUCUMBER[1])
            name = "the Cucumber"
        if view.get("picked") == entry["slot"]:
            d.rectangle([x - 5, y - 5, x + BELT_TILE + 5, y + BELT_TILE + 5], outline=PLACED, width=6)
        d.ellipse([x - 10, y - 10, x + 30, y + 30], fill=TITLE_BG)
        _text_center(d, (x + 10, y + 10), str(entry["slot"]), 24, TITLE_FG)
        _text_center(d, (x + BELT_TILE / 2, y + BELT_TILE + 24), name, 22, TEXT)

    # deck pile
    px = 24 + 4 * slot_w + 16
    py = top + 40
    for k in range(3, 0, -1):
        d.rounded_rectangle(
            [px + k * 5, py + k * 5, px + 110 + k * 5, py + 150 + k * 5],
            radius=12,
            fill=(90, 70, 110),
            outline=(40, 30, 50),
            width=2,
        )
    d.rounded_rectangle([px, py, px + 110, py + 150], radius=12, fill=(120, 95, 150), outline=(40, 30, 50), width=3)
    _text_center(d, (px + 55, py + 60), str(view["deck"]["count"]), 44, (255, 255, 255))
    _text_center(d, (px + 55, py + 108), "left", 22, (235, 225, 245))
    _text_center(d, (px + 60, top + 14), "Maze Deck", 24, TEXT)

    # agendas, abilities, the Cucumber's chance: two text lines under the belt
    titles = view["agendas"].get("titles", {})
    parts = [titles.get(key, key).replace("!", "").replace("The ", "") for key in view["agendas"]["revealed"]]
    if view["mode"] == "solo" and not result:
        parts.append(f"{view['deck']['agendas_in_deck']} hidden")
    if view["mode"] == "multiplayer":
        parts = [
            f"{_player(view, int(seat))}: {key.title()}"
            for seat, key in sorted((view.get("revealed_players") or {}).items())
        ]
        line1 = "Sides shown: " + (" · ".join(parts) if parts else "none yet")
    else:
        line1 = "Agendas: " + " · ".join(parts)
    extra = []
    ability = view.get("ability") or {}
    if ability.get("this_turn"):
        extra.append("This turn: " + ", ".join(f"{k.title()}'s ability" for k in ability["this_turn"]))
    if view["mode"] == "solo" and view.get("easier"):
        ready = [k for k in view["agendas"]["revealed"] if k not in ability.get("used", [])]
        if ready and not result:
            extra.append("Ready: " + ", ".join(k.title() for k in ready))
    chance = (view.get("outlook") or {}).get("cucumber")
    if chance and not result:
        extra.append(f"Cucumber this turn: {round(chance * 100)}%")
    draw_text(d, (24, top + 232), line1, fit_size(line1, WIDTH - 48, 24), TEXT)
    if extra:
        line2 = " · ".join(extra)
        draw_text(d, (24, top + 264), line2, fit_size(line2, WIDTH - 48, 24), MUTED)
    return img
