"""Mutiny's board: the Map of the Caribbean with its 12 island spaces, the Loot
Distribution Mat in the centre, the four player mats, the round and phase, and
after a battle the revealed dice of both sides.

Built only from the public view (``engine.view(state, None)``). Shown about
400 px wide on a phone, so nothing that matters is drawn below 22 px at 1200 px.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.engine import SeatTag
from render.text import board_name, draw_text, fit_size, text_length

# ---------------------------------------------------------------- layout
W, H = 1200, 1000
HEADER_H = 72
MAT_W = 300  # player mats: left and right columns
BOARD_TOP = HEADER_H
BOARD_BOTTOM = 668
BAND_TOP = BOARD_BOTTOM  # battle / outcome band
FOOTER_H = 46
BAND_BOTTOM = H - FOOTER_H
MAP_X0, MAP_X1 = MAT_W, W - MAT_W
TILE_W, TILE_H = 138, 104
TILE_GAP = 9
CUBE = 30  # loot cube square
DIE = 44  # die square in the battle band

# ---------------------------------------------------------------- colours
BG = (24, 30, 44)
SEA = (38, 120, 178)
SEA_LIGHT = (70, 150, 205)
SAND = (226, 200, 140)
SAND_DARK = (170, 140, 90)
INK = (20, 20, 28)
WHITE = (250, 250, 250)
MUTED = (190, 196, 210)
HILITE = (255, 214, 40)
PLAYER = {
    "Purple": (130, 62, 172),
    "Red": (206, 44, 44),
    "Blue": (36, 96, 212),
    "Brown": (134, 84, 40),
}
PLAYER_ORDER = ("Purple", "Red", "Blue", "Brown")
LOOT = ((246, 246, 246), (246, 140, 22), (250, 208, 30), (58, 168, 64))  # Sugar Orange Gold Plantain
LOOT_LETTER = ("S", "O", "G", "P")
RUM = (120, 66, 24)
RED_DIE = (206, 40, 40)
GREEN_DIE = (40, 150, 60)
D8 = (24, 24, 24)
CANNON = (70, 70, 80)
CARD = (120, 60, 170)
MUTINY_TINT = (92, 30, 30)
DEFEND_TINT = (28, 52, 100)
ROLE_SHORT = {"Captain": "CAPTAIN", "First Mate": "FIRST MATE", "Quarter Master": "QUARTER MASTER", "Scout": "SCOUT"}


def _text(draw, xy, text, size, fill=WHITE, anchor="la", bold=False, stroke=None):
    if bold:
        draw_text(draw, xy, text, size, fill, anchor=anchor, stroke_width=1, stroke_fill=stroke or fill)
    else:
        draw_text(draw, xy, text, size, fill, anchor=anchor)


def _ink_on(colour) -> tuple[int, int, int]:
    r, g, b = colour[:3]
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else WHITE


def _cube(draw, x, y, colour_index, count, size=CUBE):
    fill = LOOT[colour_index]
    draw.rounded_rectangle((x, y, x + size, y + size), radius=5, fill=fill, outline=INK, width=2)
    _text(draw, (x + size / 2, y + size / 2 + 1), str(count), max(22, size - 6), fill=INK, anchor="mm", bold=True)


def _loot_row(draw, x, y, counts: Sequence[int], size=CUBE, gap=4, skip_zero=False) -> int:
    for c in range(4):
        if skip_zero and not counts[c]:
            continue
        _cube(draw, x, y, c, counts[c], size)
        x += size + gap
    return x


def _die(draw, x, y, die: str, size=DIE, lost=False):
    kind, value = die[0], die[1:]
    fill = {"r": RED_DIE, "g": GREEN_DIE, "q": D8, "c": CANNON}[kind]
    if kind == "q":
        s = size / 3.4
        pts = [
            (x + s, y),
            (x + size - s, y),
            (x + size, y + s),
            (x + size, y + size - s),
            (x + size - s, y + size),
            (x + s, y + size),
            (x, y + size - s),
            (x, y + s),
        ]
        draw.polygon(pts, fill=fill, outline=WHITE)
    else:
        outline = (255, 150, 40) if kind == "c" else WHITE
        draw.rounded_rectangle(
            (x, y, x + size, y + size), radius=7, fill=fill, outline=outline, width=3 if kind == "c" else 1
        )
    _text(draw, (x + size / 2, y + size / 2 + 1), value, 30, fill=WHITE, anchor="mm", bold=True)
    if lost:
        draw.line((x - 2, y - 2, x + size + 2, y + size + 2), fill=HILITE, width=5)
        draw.line((x - 2, y + size + 2, x + size + 2, y - 2), fill=HILITE, width=5)


def _star(draw, cx, cy, r, fill=HILITE):
    import math

    pts = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    draw.polygon(pts, fill=fill, outline=INK)


def _name(view, seat: int) -> str:
    names = view.get("names")
    if isinstance(names, Sequence) and len(names) > seat and isinstance(names[seat], str):
        return names[seat][:14]
    return PLAYER_ORDER[seat]


# ---------------------------------------------------------------- parts


def _header(draw, view):
    draw.rectangle((0, 0, W, HEADER_H), fill=(14, 18, 28))
    _text(draw, (20, HEADER_H / 2), "MUTINY", 40, fill=HILITE, anchor="lm", bold=True)
    if view["phase"] == "over":
        title = "Game over"
    else:
        title = f"Round {view['round']}/{view['rounds']}  ·  {view['step']}. {view['phase_title']}"
    _text(draw, (200, HEADER_H / 2), title, 32, anchor="lm", bold=True)
    seats = view.get("awaiting") or []
    if seats:
        seat = seats[0]
        label = f"Waiting: {_name(view, seat)}"
        size = fit_size(label, 300, 30, 18)
        right = W - 20
        width = text_length(size, label) + 28
        draw.rounded_rectangle((right - width, 12, right, HEADER_H - 12), radius=10, fill=PLAYER[PLAYER_ORDER[seat]])
        _text(draw, (right - width / 2, HEADER_H / 2), label, size, anchor="mm", bold=True)


def _player_mat(draw, view, seat: int, box):
    x0, y0, x1, _y1 = box
    pl = view["players"][seat]
    colour = PLAYER[pl["colour"]]
    acting = seat in (view.get("awaiting") or [])
    draw.rounded_rectangle(
        box, radius=14, fill=(40, 46, 62), outline=HILITE if acting else colour, width=6 if acting else 3
    )
    draw.rounded_rectangle((x0, y0, x1, y0 + 50), radius=14, fill=colour)
    draw.rectangle((x0, y0 + 30, x1, y0 + 50), fill=colour)
    _text(draw, (x0 + 14, y0 + 25), _name(view, seat).upper(), 28, anchor="lm", bold=True)
    role = ROLE_SHORT.get(pl["role"] or "", "")
    if role:
        size = fit_size(role, 130, 22, 16)
        _text(draw, (x1 - 12, y0 + 25), role, size, fill=HILITE if role == "CAPTAIN" else WHITE, anchor="rm", bold=True)
    y = y0 + 62
    # rum and crew
    draw.rounded_rectangle((x0 + 14, y, x0 + 44, y + 40), radius=8, fill=RUM, outline=(200, 150, 90), width=2)
    draw.line((x0 + 14, y + 13, x0 + 44, y + 13), fill=(200, 150, 90), width=2)
    draw.line((x0 + 14, y + 27, x0 + 44, y + 27), fill=(200, 150, 90), width=2)
    tx = _number_label(draw, x0 + 52, y + 20, str(pl["rum"]), "rum")
    cx = max(tx + 14, x0 + 130)
    draw.rounded_rectangle((cx, y + 2, cx + 36, y + 38), radius=6, fill=RED_DIE)
    _text(draw, (cx + 18, y + 21), str(pl["red"]), 26, anchor="mm", bold=True)
    cx += 42
    draw.rounded_rectangle((cx, y + 2, cx + 36, y + 38), radius=6, fill=GREEN_DIE)
    _text(draw, (cx + 18, y + 21), str(pl["green"]), 26, anchor="mm", bold=True)
    _text(draw, (cx + 44, y + 22), "crew", 22, fill=MUTED, anchor="lm")
    y += 54
    # loot
    _loot_row(draw, x0 + 14, y, pl["loot"], size=40, gap=8)
    _text(draw, (x0 + 14 + 4 * 48, y + 21), "loot", 22, fill=MUTED, anchor="lm")
    y += 54
    # cards and infamy
    draw.rounded_rectangle((x0 + 14, y, x0 + 42, y + 40), radius=5, fill=CARD, outline=WHITE, width=2)
    _text(draw, (x0 + 28, y + 20), "?", 24, anchor="mm", bold=True)
    tx = _number_label(draw, x0 + 52, y + 20, str(pl["cards"]), "cards")
    sx = max(tx + 16, x0 + 150)
    _star(draw, sx + 16, y + 20, 17)
    _number_label(draw, sx + 38, y + 20, str(pl["infamy"]), "infamy", fill=HILITE)
    y += 52
    # status line: played cannons, vote, cup
    bits = []
    if pl["cannons"]:
        bits.append((f"cannons {pl['cannons']}", MUTED))
    vote = pl["vote"]
    if vote == "decided":
        bits.append(("DECIDED", WHITE))
    elif vote == "mutiny":
        bits.append(("MUTINY!", (255, 110, 110)))
    elif vote == "defend":
        bits.append(("DEFENDS", (130, 180, 255)))
    elif view["phase"] == "vote" and seat in view.get("vote_order", []) and pl["role"] != "Captain":
        bits.append(("to decide", MUTED))
    if pl["cup"]:
        bits.append((f"cup: {pl['cup']} dice", MUTED))
    if pl["islands"]:
        bits.append((f"isl. {pl['islands']}", MUTED))
    tx = x0 + 14
    for text, fill in bits:
        size = 22
        if tx + text_length(size, text) > x1 - 10:
            break
        _text(draw, (tx, y + 16), text, size, fill=fill, anchor="lm", bold=fill != MUTED)
        tx += text_length(size, text) + 16


def _number_label(draw, x, y, number: str, label: str, fill=WHITE) -> float:
    """A big number followed by a small muted label; returns the x where it ends."""
    _text(draw, (x, y), number, 34, fill=fill, anchor="lm", bold=True)
    x += text_length(34, number) + 6
    _text(draw, (x, y + 2), label, 22, fill=MUTED, anchor="lm")
    return x + text_length(22, label)


def _tile_boxes():
    x_start = MAP_X0 + (MAP_X1 - MAP_X0 - (4 * TILE_W + 3 * TILE_GAP)) // 2
    top = BOARD_TOP + 10
    bottom = BOARD_BOTTOM - 10 - TILE_H
    xs = [x_start + i * (TILE_W + TILE_GAP) for i in range(4)]
    mid_top = top + TILE_H + 24
    mid_bottom = bottom - TILE_H - 24
    boxes = []
    for x in xs:  # 1..4 top row, left to right
        boxes.append((x, top))
    boxes.append((xs[3], mid_top))  # 5, 6 right column, downwards
    boxes.append((xs[3], mid_bottom))
    for x in reversed(xs):  # 7..10 bottom row, right to left
        boxes.append((x, bottom))
    boxes.append((xs[0], mid_bottom))  # 11, 12 left column, upwards
    boxes.append((xs[0], mid_top))
    return [(x, y, x + TILE_W, y + TILE_H) for x, y in boxes]


TILES = _tile_boxes()


def _island(draw, view, isl, box):
    x0, y0, x1, y1 = box
    state = isl["state"]
    if state == "down":
        outline = HILITE if isl["looking"] else SAND_DARK
        draw.rounded_rectangle(box, radius=12, fill=SAND, outline=outline, width=6 if isl["looking"] else 3)
        _text(
            draw,
            ((x0 + x1) / 2, (y0 + y1) / 2 - (12 if isl["looking"] else 0)),
            f"#{isl['space']}",
            36,
            fill=(110, 84, 40),
            anchor="mm",
            bold=True,
        )
        if isl["looking"]:
            _text(draw, ((x0 + x1) / 2, y1 - 18), "SCOUT LOOKS", 18, fill=INK, anchor="mm", bold=True)
        return
    name = isl["name"] or ""
    if state == "up":
        draw.rounded_rectangle(box, radius=12, fill=WHITE, outline=HILITE, width=6)
        size = fit_size(name, TILE_W - 14, 24, 18)
        _text(draw, ((x0 + x1) / 2, y0 + 20), name, size, fill=INK, anchor="mm", bold=True)
        loot = isl["loot"] if isl["loot"] is not None else [0, 0, 0, 0]
        if sum(loot):
            kinds = sum(1 for n in loot if n)
            width = kinds * CUBE + (kinds - 1) * 3
            _loot_row(draw, (x0 + x1) / 2 - width / 2, y0 + 40, loot, size=CUBE, gap=3, skip_zero=True)
        else:
            _text(draw, ((x0 + x1) / 2, y0 + 55), "on the mat", 20, fill=INK, anchor="mm")
        _text(draw, ((x0 + x1) / 2, y1 - 16), f"#{isl['space']} raided now", 18, fill=INK, anchor="mm")
        return
    owner = isl["owner"]
    colour = PLAYER[PLAYER_ORDER[owner]]
    draw.rounded_rectangle(box, radius=12, fill=colour, outline=WHITE, width=3)
    size = fit_size(name, TILE_W - 14, 24, 18)
    _text(draw, ((x0 + x1) / 2, y0 + 24), name, size, anchor="mm", bold=True)
    owner_name = _name(view, owner)
    size = fit_size(owner_name, TILE_W - 44, 24, 18)
    width = text_length(size, owner_name) + 30
    left = (x0 + x1) / 2 - width / 2
    _star(draw, left + 11, y0 + 62, 12)
    _text(draw, (left + 28, y0 + 62), owner_name, size, fill=HILITE, anchor="lm", bold=True)
    _text(draw, ((x0 + x1) / 2, y1 - 14), f"#{isl['space']}", 18, fill=WHITE, anchor="mm")


def _map(draw, view):
    draw.rectangle((MAP_X0, BOARD_TOP, MAP_X1, BOARD_BOTTOM), fill=SEA)
    for i in range(6):  # a few waves
        y = BOARD_TOP + 60 + i * 95
        for x in range(MAP_X0 + 30, MAP_X1 - 60, 150):
            draw.arc((x, y, x + 40, y + 16), 200, 340, fill=SEA_LIGHT, width=3)
    for isl, box in zip(view["islands"], TILES):
        _island(draw, view, isl, box)
    _loot_mat(draw, view)


def _loot_mat(draw, view):
    left = TILES[11][2] + 12
    right = TILES[5][0] - 12
    top = TILES[0][3] + 12
    bottom = TILES[6][1] - 12
    draw.rounded_rectangle((left, top, right, bottom), radius=14, fill=(236, 222, 188), outline=SAND_DARK, width=4)
    title = "LOOT MAT"
    if view.get("island_name"):
        title = view["island_name"].upper()
    _text(
        draw,
        ((left + right) / 2, top + 20),
        title,
        fit_size(title, right - left - 20, 24, 18),
        fill=INK,
        anchor="mm",
        bold=True,
    )
    qw = (right - left - 24) / 2
    qh = (bottom - top - 48) / 2
    for seat in range(4):
        col, row = (0, 0) if seat == 0 else (1, 0) if seat == 1 else (1, 1) if seat == 2 else (0, 1)
        qx = left + 8 + col * (qw + 8)
        qy = top + 40 + row * (qh + 8)
        colour = PLAYER[PLAYER_ORDER[seat]]
        draw.rounded_rectangle((qx, qy, qx + qw, qy + qh), radius=10, fill=colour)
        _text(
            draw,
            (qx + 10, qy + 16),
            _name(view, seat),
            fit_size(_name(view, seat), qw - 20, 22, 18),
            anchor="lm",
            bold=True,
        )
        share = view["players"][seat]["share"]
        if share is None:
            continue
        total = sum(share)
        if not total:
            _text(draw, (qx + qw / 2, qy + qh / 2 + 12), "nothing", 24, fill=WHITE, anchor="mm")
            continue
        kinds = [c for c in range(4) if share[c]]
        cx = qx + 10
        cy = qy + 36
        for c in kinds:
            if cx + 38 > qx + qw:
                cx = qx + 10
                cy += 42
            _cube(draw, cx, cy, c, share[c], size=36)
            cx += 42


def _band(draw, view):
    draw.rectangle((0, BAND_TOP, W, BAND_BOTTOM), fill=(30, 36, 52))
    final = view.get("final")
    if final:
        _final(draw, view, final)
        return
    battle = view.get("battle")
    record = view.get("last")
    if battle:
        _battle(draw, view, battle, f"BATTLE · Round {view['round']}", live=True)
        return
    if record and record.get("kind") == "battle":
        _battle(draw, view, record, f"Round {record['round']} battle", live=False)
        return
    if record and record.get("kind") == "peace":
        _text(
            draw,
            (W / 2, BAND_TOP + 70),
            f"Round {record['round']}: everyone defended, no battle",
            32,
            anchor="mm",
            bold=True,
        )
        _text(
            draw,
            (W / 2, BAND_TOP + 120),
            f"{_name(view, record['captain'])} kept power and took {record['island']}",
            28,
            fill=MUTED,
            anchor="mm",
        )
        _awaiting_note(draw, view, BAND_TOP + 190)
        return
    setup = view.get("setup") or []
    if setup:
        _text(draw, (W / 2, BAND_TOP + 50), "First Captain roll", 30, anchor="mm", bold=True)
        y = BAND_TOP + 100
        for row in setup[-2:]:
            x = 150
            for seat, value in enumerate(row):
                if value:
                    draw.rounded_rectangle((x, y, x + 200, y + 48), radius=10, fill=PLAYER[PLAYER_ORDER[seat]])
                    _text(draw, (x + 100, y + 24), f"{_name(view, seat)} {value}", 28, anchor="mm", bold=True)
                x += 230
            y += 60
    _awaiting_note(draw, view, BAND_BOTTOM - 40)


def _awaiting_note(draw, view, y):
    text = view.get("waiting") or ""
    for seat in range(4):
        text = text.replace("{p%d}" % seat, _name(view, seat))
    text = text.replace("**", "")
    if text:
        size = fit_size(text, W - 60, 26, 18)
        _text(draw, (W / 2, y), "Waiting for " + text, size, fill=MUTED, anchor="mm")


def _battle(draw, view, b, title, live):
    totals = b["totals"]
    winner = b.get("winner")
    head = f"{title}:  Mutineers {totals['mutiny']}  vs  Captain's side {totals['defend']}"
    _text(
        draw,
        (W / 2, BAND_TOP + 28),
        head,
        fit_size(head, W - 40, 32, 18),
        fill=HILITE if live else WHITE,
        anchor="mm",
        bold=True,
    )
    half = W / 2
    for side, x0, tint, label in (
        ("mutiny", 10, MUTINY_TINT, "MUTINEERS"),
        ("defend", half + 5, DEFEND_TINT, "CAPTAIN'S SIDE"),
    ):
        x1 = x0 + half - 15
        won = winner == side
        draw.rounded_rectangle(
            (x0, BAND_TOP + 54, x1, BAND_BOTTOM - 8), radius=12, fill=tint, outline=HILITE if won else tint, width=5
        )
        tag = f"{label}  {totals[side]}" + ("  WIN" if won else "")
        _text(draw, (x0 + 14, BAND_TOP + 76), tag, 26, fill=HILITE if won else WHITE, anchor="lm", bold=True)
        y = BAND_TOP + 100
        members = [q for q in range(4) if b["votes"][q] == side]
        for seat in members:
            colour = PLAYER[PLAYER_ORDER[seat]]
            draw.rounded_rectangle((x0 + 10, y, x0 + 120, y + DIE + 4), radius=8, fill=colour)
            _text(
                draw,
                (x0 + 65, y + (DIE + 4) / 2),
                _name(view, seat)[:7],
                fit_size(_name(view, seat)[:7], 100, 24, 18),
                anchor="mm",
                bold=True,
            )
            dx = x0 + 130
            dice = b["dice"][seat]
            lost = b["lost"][seat] if b.get("lost") else []
            per = min(DIE + 6, (x1 - 70 - dx) / max(1, len(dice) + len(lost)))
            size = int(min(DIE, per - 4))
            for die in dice:
                _die(draw, dx, y + 2, die, size=size)
                dx += per
            for die in lost:
                _die(draw, dx, y + 2, die, size=size, lost=True)
                dx += per
            _text(draw, (x1 - 12, y + (DIE + 4) / 2), f"={b['sums'][seat]}", 28, anchor="rm", bold=True)
            if not live and winner == "mutiny" and b.get("captain") == seat:
                draw.rounded_rectangle((x0 + 6, y - 4, x1 - 6, y + DIE + 8), radius=10, outline=HILITE, width=3)
            y += DIE + 16


def _final(draw, view, final):
    _text(draw, (W / 2, BAND_TOP + 30), "FINAL INFAMY", 34, fill=HILITE, anchor="mm", bold=True)
    order = sorted(range(4), key=lambda q: (-final["totals"][q], q))
    y = BAND_TOP + 56
    for seat in order:
        colour = PLAYER[PLAYER_ORDER[seat]]
        win = seat in final["winners"]
        draw.rounded_rectangle(
            (60, y, W - 60, y + 50), radius=10, fill=colour, outline=HILITE if win else colour, width=4
        )
        _star(draw, W - 150, y + 25, 16)
        parts = [f"islands {final['islands'][seat]}"]
        if final["fierceness"][seat]:
            parts.append(f"Fierceness {final['fierceness'][seat]}")
        if final["drunk"][seat]:
            parts.append(f"Drunk {final['drunk'][seat]}")
        if final["cards"][seat]:
            parts.append(f"Peg-Leg {final['cards'][seat]}")
        _text(draw, (80, y + 25), ("WINNER  " if win else "") + _name(view, seat), 28, anchor="lm", bold=True)
        _text(draw, (W / 2 - 40, y + 25), ", ".join(parts), 24, anchor="lm")
        _text(draw, (W - 80, y + 25), str(final["totals"][seat]), 32, fill=HILITE, anchor="rm", bold=True)
        y += 55


def _footer(draw, view):
    draw.rectangle((0, BAND_BOTTOM, W, H), fill=(14, 18, 28))
    sup = view["supply"]
    y = BAND_BOTTOM + FOOTER_H / 2
    _text(
        draw,
        (20, y),
        f"Supply: rum {sup['rum']} · green crew {sup['green']} · cards {sup['deck']} · bank",
        24,
        fill=MUTED,
        anchor="lm",
    )
    x = 20 + text_length(24, f"Supply: rum {sup['rum']} · green crew {sup['green']} · cards {sup['deck']} · bank") + 12
    _loot_row(draw, x, y - 15, sup["bank"], size=30, gap=5)
    captain = view.get("captain")
    if captain is not None and view["phase"] != "over":
        label = f"Captain: {_name(view, captain)}"
        _text(
            draw,
            (W - 20, y),
            label,
            26,
            fill=PLAYER[PLAYER_ORDER[captain]] if captain != 3 else (200, 140, 90),
            anchor="rm",
            bold=True,
        )


def render_board(view: Mapping[str, Any], seats: Sequence[SeatTag]) -> Image.Image:
    view = {**view, "names": [board_name(t.name, t.colour or f"Player {t.seat + 1}", 24, 400) for t in seats]}
    image = Image.new("RGB", (W, H), BG)
    draw = ImageDraw.Draw(image)
    _header(draw, view)
    mat_h = (BOARD_BOTTOM - BOARD_TOP - 12) / 2
    boxes = {
        0: (8, BOARD_TOP + 4, MAT_W - 6, BOARD_TOP + 4 + mat_h),
        1: (W - MAT_W + 6, BOARD_TOP + 4, W - 8, BOARD_TOP + 4 + mat_h),
        2: (W - MAT_W + 6, BOARD_TOP + 8 + mat_h, W - 8, BOARD_BOTTOM - 4),
        3: (8, BOARD_TOP + 8 + mat_h, MAT_W - 6, BOARD_BOTTOM - 4),
    }
    for seat, box in boxes.items():
        _player_mat(draw, view, seat, box)
    _map(draw, view)
    _band(draw, view)
    _footer(draw, view)
    return image
