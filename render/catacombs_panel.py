"""The words around the Catacombs of Mu labyrinth: the status bar (the round, the goal, who acts
and until when; at the end the result), a card per explorer and the key.

A card says what shapes cannot: the explorer's colour, name, character and hand, then health,
bullets, carried Relics and items as tokens. The key explains every sign and letter the board
draws (issue 21: "a legend for every code it draws"), each drawn as on the board by
``render/catacombs_shapes.py``. Built only from the public view and the seat tags.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from bot.engine import SeatTag
from bot.games.catacombs import texts
from bot.games.catacombs.i18n import N_, _, _n, data_text
from bot.games.catacombs.views import PublicView, SeatPublic
from render import catacombs_shapes as shape
from render import legend, marks, status
from render.stamps import rounded_rectangle
from render.text import draw_text, ellipsize, text_length

Colour = tuple[int, int, int]
Box = tuple[int, int, int, int]

LINE = 28
PAD = 8
CARD_GAP = 8
DISC = 26
TOKEN = 22
ITEM = 30

INK = (236, 228, 214)
MUTED = (170, 160, 146)
HEAD_BG = (24, 21, 18)
CARD_BG = (52, 47, 41)
TURN_MARK = shape.NEW_RIM
WIN = (46, 120, 66)
LOSS = shape.MONSTER
MARKER_BG = (66, 60, 52)


def goal_words(view: PublicView) -> str:
    if view.mode == "competitive":
        return _n("escape with {n} Relic", "escape with {n} Relics", view.relics_to_win).format(n=view.relics_to_win)
    return _("{n}/{total} Relics at the Exit").format(n=view.exit_relics, total=view.relic_count)


def round_words(view: PublicView) -> str:
    """``Round 12``, with ``/60`` only when the lamps limit is on."""
    limit = _limit(view)
    if limit:
        return _("Round {round}/{limit}").format(round=view.round, limit=limit)
    return _("Round {round}").format(round=view.round)


def _limit(view: PublicView) -> int:
    """The round limit when one is on (0: none)."""
    return max(0, getattr(view, "round_limit", 0) or 0)


# --------------------------------------------------------------------------- the status bar


def head_height(view: PublicView, seats: Sequence[SeatTag], width: int, size: int) -> int:
    if view.over:
        return status.banner_height(banner(view, seats, width, size), size, width, LINE, PAD, limit=3)
    return 2 * LINE + 2 * PAD


def draw_head(d: ImageDraw.ImageDraw, view: PublicView, seats: Sequence[SeatTag], box: Box, size: int) -> int:
    """The round, the goal, who acts and until when, or the result, in ``box`` (its height from
    ``head_height``); returns the y below."""
    left, top, right, _bottom = box
    if view.over:
        result = banner(view, seats, right - left, size)
        return status.draw_banner(d, result, box, size, LINE, (WIN, LOSS, INK), pad=PAD, limit=3)
    bottom = top + 2 * LINE + 2 * PAD
    rounded_rectangle(d, (left, top, right, bottom), radius=8, fill=HEAD_BG)
    x, mid = left + PAD + 4, top + PAD + LINE // 2
    first = f"{round_words(view)} · {goal_words(view)}"
    draw_text(d, (x, mid), ellipsize(first, size, right - x - PAD, bold=True), size, INK, anchor="lm", bold=True)
    mid += LINE
    acting = list(view.acting) or [view.turn]
    deadline = status.deadline_of(seats, acting)
    end = right - PAD - 4
    if deadline is not None:
        end -= round(status.deadline_width(deadline, size))
        status.draw_deadline(d, (end, mid), deadline, size, TURN_MARK)
        end -= 16
    doing = _(texts.STEP_STATUS.get(view.step, texts.STEP_STATUS["action"]))
    spare = end - x - text_length(size, doing.format(who=""))
    who = status.names(seats, acting, size, max(spare, 60))
    draw_text(d, (x, mid), ellipsize(doing.format(who=who), size, end - x), size, TURN_MARK, anchor="lm")
    return bottom


def banner(view: PublicView, seats: Sequence[SeatTag], width: int, size: int) -> status.Banner:
    """The result as the rules state it, from the public view: who won and how the game ended."""
    relics = [seat.relics for seat in view.seats]
    if view.over == "limit":
        when = _n("After {n} round", "After {n} rounds", view.round - 1).format(n=view.round - 1)
    else:
        when = _("Round {round}").format(round=view.round)
    if view.mode != "competitive":
        won = view.over in ("delivered", "expedition") and view.exit_relics > 0
        lost = texts.RESULT_TEAM_LOST.get(view.over, texts.RESULT_TEAM_LOST["delivered"])
        detail = _(texts.RESULT_TEAM_WON if won else lost).format(n=view.exit_relics, total=view.relic_count)
        headline = _("The expedition succeeds") if won else _("The expedition fails")
        return status.Banner(headline, _("{when}: {detail}").format(when=when, detail=detail), won=won)
    if view.winners:
        winners = list(view.winners)
        detail = _("escaped through the Exit with {n} Relics.").format(n=relics[winners[0]])
    else:
        best = max(relics, default=0)
        winners = [seat for seat, n in enumerate(relics) if n == best]
        detail = _("nobody escaped before the lamps burned out; the most Relics carried: {n}.").format(n=best)
    lead = _n("Winner: {names}", "Winners: {names}", len(winners))
    room = width - 2 * PAD - text_length(size, lead.format(names=""), True)
    headline = lead.format(names=status.names(seats, winners, size, room, bold=True))
    return status.Banner(headline, _("{when}: {detail}").format(when=when, detail=detail), won=True)


# --------------------------------------------------------------------------- the explorers


def cards_height(players: int) -> int:
    rows = (players + 1) // 2 if players > 1 else 1
    return rows * (3 * LINE + 2 * PAD) + (rows - 1) * CARD_GAP


def draw_cards(
    d: ImageDraw.ImageDraw, view: PublicView, seats: Sequence[SeatTag], place: tuple[int, int, int], size: int
) -> int:
    """A card per explorer, two side by side (one across when alone); returns the y below."""
    left, top, width = place
    columns = 1 if len(view.seats) == 1 else 2
    card_width = (width - (columns - 1) * CARD_GAP) // columns
    height = 3 * LINE + 2 * PAD
    for index, pawn in enumerate(view.seats):
        row, column = divmod(index, columns)
        x = left + column * (card_width + CARD_GAP)
        y = top + row * (height + CARD_GAP)
        _card(d, view, pawn, status.tag_of(seats, pawn.seat), (x, y, x + card_width, y + height), size)
    return top + cards_height(len(view.seats))


def _acts(view: PublicView, seat: int) -> bool:
    return not view.over and (seat in view.acting or (not view.acting and seat == view.turn))


def _card(d: ImageDraw.ImageDraw, view: PublicView, pawn: SeatPublic, tag: SeatTag, box: Box, size: int) -> None:
    left, top, right, _bottom = box
    acting, won = _acts(view, pawn.seat), bool(view.over) and pawn.seat in view.winners
    edge = TURN_MARK if acting or won else CARD_BG
    rounded_rectangle(d, box, radius=8, fill=CARD_BG, outline=edge, width=3)
    x, mid = left + PAD, top + PAD + LINE // 2
    if acting:
        d.polygon([(x, mid - 10), (x + 13, mid), (x, mid + 10)], fill=TURN_MARK)
        x += 18
    colour = shape.SEAT_COLOURS.get(tag.colour, shape.SEAT_COLOURS[""])
    d.ellipse((x, mid - DISC // 2, x + DISC, mid + DISC // 2), fill=colour, outline=shape.PAWN_RIM, width=3)
    x += DISC + 8
    words = [_(w) for w, on in ((N_("CPU"), tag.computer), (N_("DMs off"), tag.dms_closed)) if on]
    markers = sum(text_length(size, w) + 20 for w in words)
    name = status.seat_name(tag, size, max(right - PAD - markers - x, 40))
    x = draw_text(d, (x, mid), name, size, INK, anchor="lm", bold=True)[2] + 10
    for word in words:
        width = round(text_length(size, word)) + 12
        rounded_rectangle(d, (x, mid - 14, x + width, mid + 14), radius=5, fill=MARKER_BG)
        draw_text(d, (x + 6, mid), word, size, INK, anchor="lm")
        x += width + 8
    mid += LINE
    notes = [pawn.character_name or _("choosing…"), _("hand {n}").format(n=pawn.hand)]
    notes += [_("skips {n}").format(n=pawn.skip)] if pawn.skip else []
    notes += [_("winner")] if won else []
    draw_text(
        d, (left + PAD, mid), ellipsize(" · ".join(notes), size, right - left - 2 * PAD), size, MUTED, anchor="lm"
    )
    _tokens(d, pawn, (left + PAD, mid + LINE, right - PAD), size)


def _tokens(d: ImageDraw.ImageDraw, pawn: SeatPublic, place: tuple[int, int, int], size: int) -> None:
    """Health, bullets, carried Relics and items, left to right (items that do not fit: "+2")."""
    left, mid, right = place
    x = float(left)
    for name, count in (("heart", pawn.health_cap), ("bullet", pawn.bullet_cap), ("gem", pawn.relics)):
        if count:
            marks.symbol(name, (x, mid - TOKEN / 2, x + TOKEN, mid + TOKEN / 2))
    for i in range(pawn.health_cap):
        shape.heart(d, x, mid, TOKEN, i < pawn.health)
        x += TOKEN + 2
    x += 8 if pawn.health_cap else 0
    for i in range(pawn.bullet_cap):
        shape.bullet(d, x, mid, TOKEN, i < pawn.bullets)
        x += TOKEN * 0.45 + 4
    x += 8 if pawn.bullet_cap else 0
    for _relic in range(pawn.relics):
        shape.gem(d, x, mid, TOKEN)
        x += TOKEN * 0.8 + 4
    x += 8 if pawn.relics else 0
    for index, key in enumerate(pawn.items):
        if x + ITEM > right - (40 if index < len(pawn.items) - 1 else 0):
            draw_text(d, (x, mid), f"+{len(pawn.items) - index}", size, MUTED, anchor="lm")
            break
        shape.item(d, (round(x), mid - ITEM // 2, round(x) + ITEM, mid + ITEM // 2), key, size)
        x += ITEM + 4


# --------------------------------------------------------------------------- the key


def key_entries(view: PublicView, size: int) -> list[legend.Entry]:
    """An entry for every sign and letter the board shows, in the order a reader meets them."""
    shown = signs_shown(view)
    entries = [legend.Entry(name, _(words), symbol=SYMBOLS[name]) for name, words in SIGNS if name in shown]
    for key in ITEM_ORDER:
        if any(key in seat.items for seat in view.seats):
            fill = shape.ITEM_COLOURS[key]
            name = data_text(shape.ITEM_NAMES[key])
            entries.append(legend.Entry(shape.item_letter(key), name, fill=fill, ink=shape.WHITE))
    for monster in view.monsters:
        words = _("{name}, moves {n}").format(name=monster.name, n=monster.movement)
        entries.append(legend.Entry(monster.letter, words, symbol=_monster_key(monster.letter, size)))
    return entries


ITEM_ORDER = ("whip", "pickaxe", "kayak", "ammunition", "torch", "first_aid")
SIGNS = (
    ("exit", N_("Exit")),
    ("arrow", N_("monsters go")),
    ("relic_space", N_("Relic start")),
    ("spiral", N_("Yaoguai target")),
    ("relic", N_("Relic tile")),
    ("gulch", N_("Gulch")),
    ("flooded", N_("Flooded")),
    ("cave_in", N_("Cave In")),
    ("slide", N_("Slide")),
    ("rival", N_("Rival Dead End")),
    ("new", N_("placed this turn")),
    ("highlight", N_("just played")),
    ("heart", N_("health")),
    ("bullet", N_("bullet")),
    ("gem", N_("Relic carried")),
)
"""The signs the key explains (a name of ``render.marks.symbol``, the words), in its order."""


def signs_shown(view: PublicView) -> set[str]:
    board = view.board
    taken = {t.cell for t in view.tiles} | {r.cell for r in view.relics} | {m.cell for m in view.monsters}
    shown = {"exit"}
    if any(cell not in taken and cell != board.exit_cell for cell in range(len(board.arrows))):
        shown.add("arrow")
    if any(cell not in taken for cell in board.relic_spaces):
        shown.add("relic_space")
    if any(cell not in taken for cell in board.yaoguai):
        shown.add("spiral")
    if view.relics:
        shown.add("relic")
    for name in ("gulch", "flooded", "cave_in"):
        if any(t.obstacle == name for t in view.tiles):
            shown.add(name)
    flags = {
        "slide": any(t.slide for t in view.tiles),
        "rival": any(t.rival for t in view.tiles),
        "new": any(t.new for t in view.tiles),
        "highlight": view.step_cell >= 0 or bool(view.chain),
        "heart": any(s.health_cap for s in view.seats),
        "bullet": any(s.bullet_cap for s in view.seats),
        "gem": any(s.relics for s in view.seats),
    }
    return shown | {name for name, on in flags.items() if on}


def _monster_key(letter: str, size: int) -> legend.SymbolDrawer:
    def drawn(d: ImageDraw.ImageDraw, box: Box) -> None:
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        shape.monster(d, (cx, cy), (box[3] - box[1]) / 2 + 1, letter, size - 4 if size > 22 else size, False)

    return drawn


def _on_floor(sign: legend.SymbolDrawer) -> legend.SymbolDrawer:
    """A floor sign in the key, on the floor's colour as on the board."""

    def drawn(d: ImageDraw.ImageDraw, box: Box) -> None:
        d.rectangle(box, fill=shape.FLOOR)
        sign(d, box)

    return drawn


def _framed(d: ImageDraw.ImageDraw, box: Box) -> None:
    shape.tile(d, box, "EW")
    shape.highlight(d, (box[0] + 2, box[1] + 2, box[2] - 2, box[3] - 2))


SYMBOLS: dict[str, legend.SymbolDrawer] = {
    "exit": lambda d, b: shape.exit_space(d, b),
    "arrow": _on_floor(lambda d, b: shape.floor_arrow(d, b, "E")),
    "relic_space": _on_floor(lambda d, b: shape.relic_space(d, b)),
    "spiral": _on_floor(lambda d, b: shape.spiral(d, (b[0] - 4, b[1] - 4, b[2] + 8, b[3] + 8))),
    "relic": lambda d, b: shape.relic(d, b, "EW"),
    "gulch": lambda d, b: shape.tile(d, b, "EW", "gulch"),
    "flooded": lambda d, b: shape.tile(d, b, "EW", "flooded"),
    "cave_in": lambda d, b: shape.tile(d, b, "EW", "cave_in"),
    "slide": lambda d, b: shape.tile(d, b, "EW", slide=True),
    "rival": lambda d, b: shape.tile(d, b, "W", rival=True),
    "new": lambda d, b: shape.tile(d, b, "EW", new=True),
    "highlight": _framed,
    "heart": lambda d, b: shape.heart(d, b[0] + 1, (b[1] + b[3]) / 2, b[2] - b[0] - 2, True),
    "bullet": lambda d, b: shape.bullet(d, b[0] + 7, (b[1] + b[3]) / 2, b[3] - b[1], True),
    "gem": lambda d, b: shape.gem(d, b[0] + 2, (b[1] + b[3]) / 2, b[3] - b[1]),
}
