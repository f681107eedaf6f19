"""Mutiny's board: the 12 island spaces of the Map of the Caribbean, the four player mats (with
this round's shares, decisions and cups), a panel for what matters now (the first-Captain roll,
the decisions in order, the battle, the last round, the final Infamy) and the supplies.

Drawn only from the public view and the seat tags. 800 px wide, so at the ~400 px a phone shows,
every text (22 px and up here) is at least 11 px tall.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.engine import SeatTag
from bot.games.mutiny.notation import PHASE_STEP
from bot.games.mutiny.state import BattleRecord, Die, DieKind, PeaceRecord, Phase, Role, Vote, dice_total
from bot.games.mutiny.views import IslandState, IslandView, PlayerView, PublicView
from render.text import board_name, draw_text, ellipsize, text_length

Colour = tuple[int, int, int]
Box = tuple[float, float, float, float]

# ---------------------------------------------------------------- layout
W = 800
PAD = 10
SMALL = 22
"""The smallest text: 11 px on a phone showing the board 400 px wide."""
HEADER_H = 52
MAP_TOP = HEADER_H
TILE_W, TILE_H, TILE_GAP = 189, 84, 8
MAP_H = 3 * TILE_H + 2 * TILE_GAP + 2 * PAD
MAT_TOP = MAP_TOP + MAP_H + 8
MAT_H, MAT_GAP = 112, 6
PANEL_TOP = MAT_TOP + 4 * MAT_H + 3 * MAT_GAP + 8
PANEL_H = 214
FOOTER_TOP = PANEL_TOP + PANEL_H + 8
H = FOOTER_TOP + 46
CUBE = 30
DIE = 34
ROW_H = 40
"""One line of the panel: a name chip and dice."""

# ---------------------------------------------------------------- colours
BG = (24, 30, 44)
HEADER_BG = (14, 18, 28)
SEA = (38, 120, 178)
SAND = (226, 200, 140)
SAND_DARK = (170, 140, 90)
SAND_INK = (110, 84, 40)
INK = (20, 20, 28)
WHITE = (250, 250, 250)
MUTED = (190, 196, 210)
HILITE = (255, 214, 40)
MAT_BG = (40, 46, 62)
PANEL_BG = (30, 36, 52)
PLAYER: dict[str, Colour] = {
    "Purple": (130, 62, 172),
    "Red": (206, 44, 44),
    "Blue": (36, 96, 212),
    "Brown": (134, 84, 40),
}
SEAT_COLOURS = ("Purple", "Red", "Blue", "Brown")
LOOT: tuple[Colour, ...] = ((246, 246, 246), (246, 140, 22), (250, 208, 30), (58, 168, 64))
RUM = (120, 66, 24)
RUM_LINE = (200, 150, 90)
RED_DIE = (206, 40, 40)
GREEN_DIE = (40, 150, 60)
D8 = (24, 24, 24)
CANNON = (70, 70, 80)
CANNON_RIM = (255, 150, 40)
CARD = (120, 60, 170)
MUTINY_RED = (255, 110, 110)
DEFEND_BLUE = (130, 180, 255)
MUTINY_TINT = (92, 30, 30)
DEFEND_TINT = (28, 52, 100)
ROLE_WORD = {
    Role.CAPTAIN: "CAPTAIN",
    Role.FIRST_MATE: "FIRST MATE",
    Role.QUARTER_MASTER: "QUARTER MASTER",
    Role.SCOUT: "SCOUT",
}
STAT_WORDS = ("rum", "crew", "cards", "Infamy")
VOTE_WORD = {Vote.MUTINY: ("YARR! MUTINY", MUTINY_RED), Vote.DEFEND: ("DEFENDS", DEFEND_BLUE)}


# ---------------------------------------------------------------- primitives


def _text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int = SMALL,
    fill: Colour = WHITE,
    *,
    anchor: str = "la",
    bold: bool = False,
) -> tuple[int, int, int, int]:
    return draw_text(draw, xy, text, size, fill, anchor=anchor, bold=bold)


def _fitted(text: str, width: float, size: int) -> tuple[str, int, bool]:
    """Bold at ``size`` (down to 22 px), else regular 22 px, else shortened with "…"."""
    for candidate in range(size, SMALL - 1, -1):
        if text_length(candidate, text, True) <= width:
            return text, candidate, True
    return ellipsize(text, SMALL, width), SMALL, False


def seat_colour(seat: int, seats: Sequence[SeatTag]) -> Colour:
    name = seats[seat].colour if seat < len(seats) and seats[seat].colour else SEAT_COLOURS[seat]
    return PLAYER.get(name, PLAYER[SEAT_COLOURS[seat]])


def seat_name(seats: Sequence[SeatTag], seat: int, width: float, size: int = SMALL, bold: bool = True) -> str:
    tag = seats[seat] if seat < len(seats) else SeatTag(seat, "")
    return board_name(tag.name, tag.colour or SEAT_COLOURS[seat], size, width, bold)


def cube_width(count: int) -> int:
    return max(CUBE, round(text_length(SMALL, str(count), True)) + 10)


def _cube(draw: ImageDraw.ImageDraw, x: float, y: float, colour: int, count: int) -> float:
    """A loot cube with its count; returns the x after it."""
    width = cube_width(count)
    draw.rounded_rectangle((x, y, x + width, y + CUBE), radius=5, fill=LOOT[colour], outline=INK, width=2)
    _text(draw, (x + width / 2, y + CUBE / 2), str(count), SMALL, INK, anchor="mm", bold=True)
    return x + width + 4


def _loot(draw: ImageDraw.ImageDraw, x: float, y: float, counts: Sequence[int], *, all_kinds: bool = False) -> float:
    """Cubes with counts, left to right; returns the x after the last one."""
    for colour, count in enumerate(counts):
        if count or all_kinds:
            x = _cube(draw, x, y, colour, count)
    return x


def loot_width(counts: Sequence[int]) -> int:
    return sum(cube_width(n) + 4 for n in counts if n)


def _die(draw: ImageDraw.ImageDraw, x: float, y: float, die: Die, lost: bool = False) -> float:
    """A die showing its value (or, on a mat, how many dice of that colour); returns the x after it."""
    fill = {DieKind.RED: RED_DIE, DieKind.GREEN: GREEN_DIE, DieKind.D8: D8, DieKind.CANNON: CANNON}[die.kind]
    width = max(DIE, round(text_length(SMALL, str(die.value), True)) + 10)
    if die.kind is DieKind.D8:
        c = DIE / 3.4
        corners = ((c, 0), (DIE - c, 0), (DIE, c), (DIE, DIE - c), (DIE - c, DIE), (c, DIE), (0, DIE - c), (0, c))
        draw.polygon([(x + dx, y + dy) for dx, dy in corners], fill=fill, outline=WHITE)
    else:
        rim = CANNON_RIM if die.kind is DieKind.CANNON else WHITE
        draw.rounded_rectangle((x, y, x + width, y + DIE), radius=6, fill=fill, outline=rim, width=2)
    _text(draw, (x + width / 2, y + DIE / 2), str(die.value), SMALL, WHITE, anchor="mm", bold=True)
    if lost:
        draw.line((x - 2, y - 2, x + width + 2, y + DIE + 2), fill=HILITE, width=4)
        draw.line((x - 2, y + DIE + 2, x + width + 2, y - 2), fill=HILITE, width=4)
    return x + width + 4


def _star(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    draw.polygon(points, fill=HILITE, outline=INK)


def _envelope(draw: ImageDraw.ImageDraw, x: float, y: float) -> float:
    """Closed DMs: a crossed-out envelope (the font has no 📪)."""
    draw.rectangle((x, y, x + 30, y + 20), fill=WHITE, outline=INK, width=2)
    draw.line((x, y, x + 15, y + 11, x + 30, y), fill=INK, width=2)
    draw.line((x - 2, y + 24, x + 32, y - 4), fill=MUTINY_TINT, width=4)
    return x + 34


def _tag(draw: ImageDraw.ImageDraw, x: float, cy: float, word: str) -> float:
    """A small dark box with a word (CPU for a computer player); returns the x after it."""
    width = text_length(SMALL, word, True) + 12
    draw.rounded_rectangle((x, cy - 15, x + width, cy + 15), radius=6, fill=INK)
    _text(draw, (x + 6, cy), word, SMALL, MUTED, anchor="lm", bold=True)
    return x + width


def markers_width(tag: SeatTag | None) -> float:
    width = 0.0
    if tag and tag.computer:
        width += text_length(SMALL, "CPU", True) + 20
    if tag and tag.dms_closed:
        width += 40
    return width


# ---------------------------------------------------------------- header and map


def _header(draw: ImageDraw.ImageDraw, view: PublicView) -> None:
    draw.rectangle((0, 0, W, HEADER_H), fill=HEADER_BG)
    _text(draw, (PAD + 4, HEADER_H / 2), "MUTINY", 28, HILITE, anchor="lm", bold=True)
    if view.over:
        title = "Game over: final Infamy"
    else:
        step, name = PHASE_STEP[view.phase]
        title = f"Round {view.round}/{view.rounds} · {step}. {name}"
    _text(draw, (W - PAD - 4, HEADER_H / 2), title, 26, WHITE, anchor="rm", bold=True)


def _tile_box(space: int) -> Box:
    row, col = divmod(space, 4)
    x = PAD + col * (TILE_W + TILE_GAP)
    y = MAP_TOP + PAD + row * (TILE_H + TILE_GAP)
    return (x, y, x + TILE_W, y + TILE_H)


def _island(draw: ImageDraw.ImageDraw, island: IslandView, seats: Sequence[SeatTag]) -> None:
    x0, y0, x1, y1 = _tile_box(island.space - 1)
    inner = TILE_W - 16
    if island.state is IslandState.DOWN:
        draw.rounded_rectangle(
            (x0, y0, x1, y1),
            radius=10,
            fill=SAND,
            outline=HILITE if island.looking else SAND_DARK,
            width=6 if island.looking else 3,
        )
        _text(draw, (x0 + 12, y0 + 10), f"#{island.space}", 28, SAND_INK, bold=True)
        if island.looking:
            _text(draw, (x0 + 12, y1 - 10), "SCOUT LOOKS", SMALL, INK, anchor="ld", bold=True)
        return
    name, size, bold = _fitted(island.name or "", inner, 24)
    if island.state is IslandState.UP:
        draw.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=WHITE, outline=HILITE, width=6)
        _text(draw, (x0 + 10, y0 + 10), name, size, INK, bold=bold)
        loot = island.loot or (0, 0, 0, 0)
        if sum(loot):
            _loot(draw, x0 + 10, y1 - 10 - CUBE, loot)
        else:
            _text(draw, (x0 + 10, y1 - 12), "on the mats", SMALL, INK, anchor="ld")
        return
    owner = island.owner if island.owner is not None else 0
    draw.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=seat_colour(owner, seats), outline=WHITE, width=3)
    _text(draw, (x0 + 10, y0 + 10), name, size, WHITE, bold=bold)
    _star(draw, x0 + 22, y1 - 24, 12)
    _text(draw, (x0 + 40, y1 - 24), seat_name(seats, owner, inner - 32), SMALL, HILITE, anchor="lm", bold=True)


def _map(draw: ImageDraw.ImageDraw, view: PublicView, seats: Sequence[SeatTag]) -> None:
    draw.rectangle((0, MAP_TOP, W, MAP_TOP + MAP_H), fill=SEA)
    for island in view.islands:
        _island(draw, island, seats)


# ---------------------------------------------------------------- player mats


def _mat_top_bar(
    draw: ImageDraw.ImageDraw, view: PublicView, player: PlayerView, seats: Sequence[SeatTag], box: Box
) -> None:
    x0, y0, x1, _ = box
    seat = player.seat
    tag = seats[seat] if seat < len(seats) else None
    colour = seat_colour(seat, seats)
    draw.rounded_rectangle((x0, y0, x1, y0 + 38), radius=10, fill=colour)
    cy = y0 + 19
    role = ROLE_WORD.get(player.role, "")
    role_width = text_length(SMALL, role, True) if role else 0
    x = x0 + 10
    if seat in view.awaiting:
        draw.polygon([(x, cy - 11), (x + 16, cy), (x, cy + 11)], fill=HILITE, outline=INK)
        x += 24
    name_width = x1 - 14 - role_width - 16 - markers_width(tag) - x
    name = seat_name(seats, seat, name_width, 24)
    box_drawn = _text(draw, (x, cy), name, 24, WHITE, anchor="lm", bold=True)
    x = box_drawn[2] + 10
    if tag and tag.computer:
        x = _tag(draw, x, cy, "CPU") + 8
    if tag and tag.dms_closed:
        _envelope(draw, x, cy - 10)
    if role:
        _text(
            draw, (x1 - 12, cy), role, SMALL, HILITE if player.role is Role.CAPTAIN else WHITE, anchor="rm", bold=True
        )


def _number(draw: ImageDraw.ImageDraw, x: float, cy: float, value: int, label: str) -> float:
    x = _text(draw, (x, cy), str(value), 26, WHITE, anchor="lm", bold=True)[2] + 6
    if label:
        x = _text(draw, (x, cy), label, SMALL, MUTED, anchor="lm")[2] + 4
    return x


def _stats_width(player: PlayerView, labels: bool) -> float:
    numbers = sum(text_length(26, str(n), True) + 6 for n in (player.rum, player.cards, player.infamy))
    words = sum(text_length(SMALL, word) + 6 for word in STAT_WORDS) if labels else 0
    return 28 + 2 * (DIE + 14) + loot_width(player.loot) + 30 + 34 + 4 * 18 + numbers + words


def _mat_stats(draw: ImageDraw.ImageDraw, player: PlayerView, x: float, cy: float, right: float) -> None:
    """Rum, crew dice (red and green), loot, cards in hand and Infamy; the words go when a mat is too full."""
    rum, crew, cards, infamy = STAT_WORDS if _stats_width(player, True) <= right - x else ("", "", "", "")
    draw.rounded_rectangle((x, cy - 17, x + 22, cy + 17), radius=6, fill=RUM, outline=RUM_LINE, width=2)
    draw.line((x, cy - 5, x + 22, cy - 5), fill=RUM_LINE, width=2)
    x = _number(draw, x + 28, cy, player.rum, rum) + 14
    for kind, count in ((DieKind.RED, player.red), (DieKind.GREEN, player.green)):
        x = _die(draw, x, cy - DIE / 2, Die(kind, count))
    if crew:
        x = _text(draw, (x + 2, cy), crew, SMALL, MUTED, anchor="lm")[2] + 4
    x = _loot(draw, x + 14, cy - CUBE / 2, player.loot, all_kinds=True) + 14
    draw.rounded_rectangle((x, cy - 17, x + 24, cy + 17), radius=4, fill=CARD, outline=WHITE, width=2)
    x = _number(draw, x + 30, cy, player.cards, cards) + 14
    _star(draw, x + 14, cy, 15)
    _number(draw, x + 34, cy, player.infamy, infamy)


def _status_items(view: PublicView, player: PlayerView) -> list[tuple[str, Colour, Sequence[int] | None]]:
    """What this round says about the player: their decision, share, cup, cards played."""
    items: list[tuple[str, Colour, Sequence[int] | None]] = []
    if player.vote in VOTE_WORD and view.phase in (Phase.VOTE, Phase.CARDS, Phase.BUY):
        word, colour = VOTE_WORD[player.vote]
        items.append((word, colour, None))
    elif view.phase is Phase.VOTE and player.seat in view.vote_order:
        items.append(("to decide", MUTED, None))
    if player.share is not None:
        items.append(("share", MUTED, player.share) if sum(player.share) else ("no share", MUTED, None))
    if player.cup:
        items.append((f"cup: {player.cup} dice" + (", peeked" if player.peeked else ""), MUTED, None))
    if player.cannons:
        items.append((f"cannons {player.cannons}", MUTED, None))
    if "pegleg" in player.played:
        items.append(("Peg-Leg", HILITE, None))
    return items


def _mat_status(
    draw: ImageDraw.ImageDraw, view: PublicView, player: PlayerView, x: float, cy: float, right: float
) -> None:
    for word, colour, cubes in _status_items(view, player):
        width = text_length(SMALL, word, True) + (8 + max(loot_width(cubes), 30) if cubes is not None else 0)
        if x + width > right:
            break
        x = _text(draw, (x, cy), word, SMALL, colour, anchor="lm", bold=colour is not MUTED)[2] + 8
        if cubes is not None:
            x = _loot(draw, x, cy - CUBE / 2, cubes) - 4
        x += 20


def _mats(draw: ImageDraw.ImageDraw, view: PublicView, seats: Sequence[SeatTag]) -> None:
    for player in view.players:
        y0 = MAT_TOP + player.seat * (MAT_H + MAT_GAP)
        box = (PAD, y0, W - PAD, y0 + MAT_H)
        acting = player.seat in view.awaiting
        draw.rounded_rectangle(
            box,
            radius=10,
            fill=MAT_BG,
            outline=HILITE if acting else seat_colour(player.seat, seats),
            width=4 if acting else 2,
        )
        _mat_top_bar(draw, view, player, seats, box)
        _mat_stats(draw, player, PAD + 12, y0 + 62, W - PAD - 10)
        _mat_status(draw, view, player, PAD + 12, y0 + 96, W - PAD - 10)


# ---------------------------------------------------------------- the panel: what matters now


def _panel_title(draw: ImageDraw.ImageDraw, text: str, fill: Colour = HILITE) -> None:
    _text(draw, (PAD + 12, PANEL_TOP + 10), text, 24, fill, bold=True)


def _chip(draw: ImageDraw.ImageDraw, seats: Sequence[SeatTag], seat: int, x: float, y: float, width: float) -> None:
    draw.rounded_rectangle((x, y, x + width, y + DIE), radius=8, fill=seat_colour(seat, seats))
    _text(draw, (x + 8, y + DIE / 2), seat_name(seats, seat, width - 16), SMALL, WHITE, anchor="lm", bold=True)


def _battle_rows(
    draw: ImageDraw.ImageDraw,
    seats: Sequence[SeatTag],
    votes: Sequence[Vote],
    dice: Sequence[Sequence[Die]],
    lost: Sequence[Sequence[Die]],
    highlight: int | None,
) -> None:
    y = PANEL_TOP + 48
    for seat in sorted(range(4), key=lambda q: (votes[q] is not Vote.MUTINY, q)):
        tint = MUTINY_TINT if votes[seat] is Vote.MUTINY else DEFEND_TINT
        draw.rounded_rectangle(
            (PAD + 6, y - 3, W - PAD - 6, y + DIE + 3),
            radius=8,
            fill=tint,
            outline=HILITE if seat == highlight else tint,
            width=3,
        )
        _chip(draw, seats, seat, PAD + 12, y, 200)
        word = "YARR!" if votes[seat] is Vote.MUTINY else "DEFENDS"
        _text(
            draw,
            (PAD + 222, y + DIE / 2),
            word,
            SMALL,
            MUTINY_RED if word == "YARR!" else DEFEND_BLUE,
            anchor="lm",
            bold=True,
        )
        x: float = PAD + 348
        limit = W - PAD - 70
        shown = [(die, False) for die in dice[seat]] + [(die, True) for die in lost[seat]]
        room = int((limit - x) // (DIE + 4))
        for die, gone in shown[: room if len(shown) <= room else room - 1]:
            x = _die(draw, x, y, die, lost=gone)
        if len(shown) > room:
            _text(draw, (x + 2, y + DIE / 2), f"+{len(shown) - room + 1}", SMALL, MUTED, anchor="lm", bold=True)
        _text(draw, (W - PAD - 14, y + DIE / 2), f"={dice_total(list(dice[seat]))}", 26, WHITE, anchor="rm", bold=True)
        y += ROW_H


def _live_battle(draw: ImageDraw.ImageDraw, view: PublicView, seats: Sequence[SeatTag]) -> None:
    battle = view.battle
    if battle is None:
        return
    _panel_title(draw, f"BATTLE: Mutineers {battle.mutiny_total} vs Captain's side {battle.defend_total}")
    _battle_rows(draw, seats, battle.votes, battle.dice, battle.lost, None)


def _last_battle(draw: ImageDraw.ImageDraw, record: BattleRecord, seats: Sequence[SeatTag]) -> None:
    won = "Mutineers won" if record.winner is Vote.MUTINY else "Captain's side won"
    high, low = max(record.mutiny_total, record.defend_total), min(record.mutiny_total, record.defend_total)
    _panel_title(draw, f"Round {record.round} battle: {won} {high}–{low}", WHITE)
    highlight = record.captain if record.winner is Vote.MUTINY else None
    _battle_rows(draw, seats, record.votes, record.dice, record.lost, highlight)


def _last_peace(draw: ImageDraw.ImageDraw, record: PeaceRecord, seats: Sequence[SeatTag]) -> None:
    _panel_title(draw, f"Round {record.round}: everyone defended, no battle", WHITE)
    y = PANEL_TOP + 64
    _star(draw, PAD + 28, y + DIE / 2, 14)
    _chip(draw, seats, record.captain, PAD + 50, y, 300)
    kept = ellipsize(f"kept power: {record.island}", 24, W - PAD - 376, bold=True)
    _text(draw, (PAD + 366, y + DIE / 2), kept, 24, WHITE, anchor="lm", bold=True)
    _text(draw, (PAD + 12, y + 64), "Dice stay under the cups; everyone took their share.", SMALL, MUTED)


def _decisions(draw: ImageDraw.ImageDraw, view: PublicView, seats: Sequence[SeatTag]) -> None:
    """Phase 5 in the rule's order: Scout, Quarter Master, First Mate, the Scout's last word; the Captain defends."""
    _panel_title(draw, "DECIDE ALOUD: MUTINY OR DEFEND")
    y = PANEL_TOP + 46
    rows = [(seat, ROLE_WORD[view.players[seat].role]) for seat in view.vote_order]
    for index, (seat, role) in enumerate([*rows, (view.captain, "CAPTAIN")]):
        now = seat in view.awaiting and (index == view.vote_step or (index == 0 and view.vote_step == 3))
        _text(draw, (PAD + 12, y + DIE / 2), role, SMALL, HILITE if now else MUTED, anchor="lm", bold=True)
        _chip(draw, seats, seat, PAD + 252, y, 280)
        if role == "CAPTAIN":
            word, colour = "always defends", DEFEND_BLUE
        elif now:
            word, colour = ("may change", HILITE) if view.vote_step == 3 else ("deciding…", HILITE)
        else:
            word, colour = VOTE_WORD.get(view.players[seat].vote, ("to decide", MUTED))
        _text(draw, (PAD + 546, y + DIE / 2), word, SMALL, colour, anchor="lm", bold=True)
        y += ROW_H


def _first_roll(draw: ImageDraw.ImageDraw, view: PublicView, seats: Sequence[SeatTag]) -> None:
    """ "The player who rolls the highest is the first Captain." Ties roll again (shown after an arrow)."""
    _panel_title(draw, "FIRST CAPTAIN: HIGHEST ROLL OF 2 DICE")
    y = PANEL_TOP + 46
    for seat in range(4):
        _chip(draw, seats, seat, PAD + 12, y, 300)
        rolls = " → ".join(str(row[seat]) for row in view.first_rolls if row[seat])
        captain = seat == view.captain
        text = f"{rolls}   CAPTAIN" if captain else rolls
        _text(draw, (PAD + 326, y + DIE / 2), text, 26, HILITE if captain else WHITE, anchor="lm", bold=True)
        y += ROW_H


def _final(draw: ImageDraw.ImageDraw, view: PublicView, seats: Sequence[SeatTag]) -> None:
    final = view.final
    if final is None:
        return
    _panel_title(draw, "FINAL INFAMY")
    y = PANEL_TOP + 48
    for seat in sorted(range(4), key=lambda q: (-final.totals[q], q)):
        won = seat in final.winners
        if won:
            _star(draw, PAD + 26, y + DIE / 2, 15)
        _chip(draw, seats, seat, PAD + 48, y, 260)
        parts = [f"isl. {final.islands[seat]}"]
        parts += [
            f"{word} {n}"
            for word, n in (
                ("Fierce", final.fierceness[seat]),
                ("Drunk", final.drunk[seat]),
                ("Peg", final.peg_leg[seat]),
            )
            if n
        ]
        _text(draw, (PAD + 322, y + DIE / 2), " · ".join(parts), SMALL, MUTED, anchor="lm")
        _text(
            draw,
            (W - PAD - 14, y + DIE / 2),
            str(final.totals[seat]),
            28,
            HILITE if won else WHITE,
            anchor="rm",
            bold=True,
        )
        y += ROW_H


def _panel(draw: ImageDraw.ImageDraw, view: PublicView, seats: Sequence[SeatTag]) -> None:
    # (236, 222, 188): parchment, the Loot Distribution Mat's edge
    draw.rounded_rectangle(
        (0, PANEL_TOP, W, PANEL_TOP + PANEL_H), radius=0, fill=PANEL_BG, outline=(236, 222, 188), width=2
    )
    if view.final is not None:
        _final(draw, view, seats)
    elif view.battle is not None:
        _live_battle(draw, view, seats)
    elif view.phase is Phase.VOTE and view.vote_order:
        _decisions(draw, view, seats)
    elif view.round == 1 and view.phase is Phase.ASSIGN:
        _first_roll(draw, view, seats)
    elif isinstance(view.last, BattleRecord):
        _last_battle(draw, view.last, seats)
    elif isinstance(view.last, PeaceRecord):
        _last_peace(draw, view.last, seats)
    else:
        _round_guide(draw, view)


def _round_guide(draw: ImageDraw.ImageDraw, view: PublicView) -> None:
    """Round 1 before any battle: the seven phases, this one lit."""
    _panel_title(draw, "EACH ROUND", WHITE)
    step = PHASE_STEP[view.phase][0]
    names = sorted({number: name for number, name in PHASE_STEP.values() if number}.items())
    for index, (number, name) in enumerate(names):
        col, row = divmod(index, 4)
        x, y = PAD + 12 + col * 390, PANEL_TOP + 48 + row * ROW_H
        _text(
            draw,
            (x, y),
            f"{number}. {name}",
            24 if number == step else SMALL,
            HILITE if number == step else MUTED,
            bold=number == step,
        )


# ---------------------------------------------------------------- footer and the whole board


def _footer(draw: ImageDraw.ImageDraw, view: PublicView) -> None:
    draw.rectangle((0, FOOTER_TOP, W, H), fill=HEADER_BG)
    supply = view.supply
    cy = FOOTER_TOP + 23
    text = f"Supply: rum {supply.rum} · green {supply.green} · cards {supply.deck} · bank"
    x = _text(draw, (PAD + 4, cy), text, SMALL, MUTED, anchor="lm")[2] + 10
    _loot(draw, x, cy - CUBE / 2, supply.bank, all_kinds=True)


def render_board(view: PublicView, seats: Sequence[SeatTag]) -> Image.Image:
    image = Image.new("RGB", (W, H), BG)
    draw = ImageDraw.Draw(image)
    _header(draw, view)
    _map(draw, view, seats)
    _mats(draw, view, seats)
    _panel(draw, view, seats)
    _footer(draw, view)
    return image
