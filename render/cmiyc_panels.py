"""A player's panel beside the map of Cache Me If You Can and Muggles: their colour, name, score,
character, troubles (red), equipment facing the board, caches (as coloured code chips, like the
tiles on the map) and geocoins, and in Muggles their face-up event cards.

``compact`` (many players in a narrow column) keeps the equipment to one line. Colours come in a
``PanelStyle`` from the renderer whose source the PNG palette is built from.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from bot.engine import SeatTag
from bot.games.cmiyc.data import GameData
from bot.games.cmiyc.i18n import _
from bot.games.cmiyc.texts import character_name, item_name
from bot.games.cmiyc.views import CacheView, PlayerView
from render import marks
from render.cmiyc_board import BOARD_COLOURS, LIGHT_ON, player_troubles, points, tile_role
from render.stamps import rounded_rectangle
from render.status import seat_name, wrap
from render.text import draw_text, ellipsize, text_length

Colour = tuple[int, int, int]
PAD = 6
TIGHT_PAD = 3
DISC = 22
CHIP_PAD = 4
PANEL_MODES = ("full", "compact", "tight", "minimal")
"""How much a panel says, most first: ``full`` (equipment on up to two lines, then caches and
coins), ``compact`` (caches and equipment on one line), ``tight`` (name, then caches and character
on one line), ``minimal`` (name, caches and score on one line; the character and the equipment
only in the player's own panel): a table of six leaves each player little room beside the map."""


FITS = (
    ("full", False),
    ("compact", False),
    ("tight", False),
    ("compact", True),
    ("tight", True),
    ("minimal", True),
)
"""The players' panels and the key beside the map, from most to least room taken: a panel mode
and whether the key flows like a sentence (an entry may wrap between its words)."""


def fit(panels: Callable[[str], int], key: Callable[[bool], int], room: int) -> tuple[str, bool]:
    """The roomiest panels and key (``FITS``) whose heights (``panels(mode)``, ``key(inline)``)
    fit ``room``; the most compact when none does."""
    return next(((m, i) for m, i in FITS if panels(m) + key(i) <= room), FITS[-1])


@dataclass(frozen=True)
class PanelStyle:
    text: int
    line: int
    ink: Colour
    muted: Colour
    bad: Colour
    grid: Colour
    panel: Colour
    turn: Colour
    edge: Colour = (20, 20, 20)


def _gear(data: GameData, player: PlayerView) -> str:
    return ", ".join(item_name(data, g.item) if g.item else _("choosing…") for g in player.gear) or _("no equipment")


def _coins(player: PlayerView) -> list[str]:
    coins = " ".join(f"{c.points}★" if c.flipped else f"{c.points}" for c in player.coins)
    return [_("coins {coins}").format(coins=coins)] if coins else []


def _holdings(player: PlayerView, extra: Sequence[str]) -> str:
    parts = _coins(player) + list(extra)
    return " · ".join(parts) if parts or player.caches else _("no caches yet")


def player_height(
    style: PanelStyle, data: GameData, player: PlayerView, width: int, mode: str, extra: Sequence[str] = ()
) -> int:
    if mode in ("tight", "minimal"):
        return (2 if mode == "tight" else 1) * style.line + 2 * TIGHT_PAD
    if mode == "compact":
        return 3 * style.line + 2 * PAD
    gear = len(wrap(_gear(data, player), style.text, width - 2 * PAD, limit=2))
    return (3 + gear) * style.line + 2 * PAD


def draw_player(
    draw: ImageDraw.ImageDraw,
    style: PanelStyle,
    data: GameData,
    player: PlayerView,
    tag: SeatTag,
    colour: Colour,
    place: tuple[int, int, int],
    highlighted: bool,
    mode: str,
    score: str = "",
    extra: Sequence[str] = (),
) -> int:
    """The panel with its top left at ``place`` (x, y, width); returns the y below it."""
    left, top, width = place
    bottom = top + player_height(style, data, player, width, mode, extra)
    fill = style.turn if highlighted else style.panel
    rounded_rectangle(draw, (left, top, left + width, bottom), radius=8, fill=fill, outline=style.grid)
    x, right = left + PAD, left + width - PAD
    mid = top + (TIGHT_PAD if mode == "tight" else PAD) + style.line // 2
    draw.ellipse((x, mid - DISC // 2, x + DISC, mid + DISC // 2), fill=colour, outline=style.edge, width=2)
    score_box = draw_text(
        draw, (right, mid), score or points(player.score), style.text, style.ink, anchor="rm", bold=mode != "minimal"
    )
    room = score_box[0] - 10 - (x + DISC + 6)
    if mode == "minimal":
        room = max(room - _chips_width(style, data, player), round(room * 0.5))
    name = seat_name(tag, style.text, room)
    name_box = draw_text(draw, (x + DISC + 6, mid), name, style.text, style.ink, anchor="lm", bold=True)
    if mode == "minimal":
        _chips(draw, style, data, player, name_box[2] + 8, mid, score_box[0] - 8)
        return bottom
    who = [character_name(data, player.character)] + [
        m for m, on in ((_("CPU"), tag.computer), (_("no DMs"), tag.dms_closed)) if on
    ]
    mid += style.line
    if mode == "tight":
        rest = who + player_troubles(player) + [_gear(data, player), *_coins(player), *extra]
        _after_chips(draw, style, data, player, (x, mid, right), " · ".join(rest), style.muted)
        return bottom
    _character_line(draw, style, player, " · ".join(who), (x, mid, right))
    if mode == "compact":
        words = " · ".join([_gear(data, player), *_coins(player), *extra])
        _after_chips(draw, style, data, player, (x, mid + style.line, right), words, style.ink)
        return bottom
    for line in wrap(_gear(data, player), style.text, width - 2 * PAD, limit=2):
        mid += style.line
        draw_text(draw, (x, mid), line, style.text, style.ink, anchor="lm")
    _after_chips(draw, style, data, player, (x, mid + style.line, right), _holdings(player, extra), style.muted)
    return bottom


def _character_line(
    draw: ImageDraw.ImageDraw, style: PanelStyle, player: PlayerView, who: str, place: tuple[int, int, int]
) -> None:
    """The character (and CPU, no DMs) in grey, the troubles in red at the right."""
    x, mid, right = place
    troubles = " · ".join(player_troubles(player))
    if troubles:
        shown = ellipsize(troubles, style.text, (right - x) * 0.55)
        right = draw_text(draw, (right, mid), shown, style.text, style.bad, anchor="rm")[0] - 8
    draw_text(draw, (x, mid), ellipsize(who, style.text, right - x), style.text, style.muted, anchor="lm")


def _after_chips(
    draw: ImageDraw.ImageDraw,
    style: PanelStyle,
    data: GameData,
    player: PlayerView,
    place: tuple[int, int, int],
    words: str,
    ink: Colour,
) -> None:
    x, mid, right = place
    after = _chips(draw, style, data, player, x, mid, right)
    if after < right - 30:
        draw_text(draw, (after, mid), ellipsize(words, style.text, right - after), style.text, ink, anchor="lm")


def _chip_width(style: PanelStyle, data: GameData, cache: CacheView) -> int:
    code = data.kinds[cache.kind].code + ("×2" if cache.doubled else "")
    return round(text_length(style.text, code, bold=True, condensed=True)) + 2 * CHIP_PAD


def _chips_width(style: PanelStyle, data: GameData, player: PlayerView) -> int:
    return sum(_chip_width(style, data, cache) + 4 for cache in player.caches) + 4 if player.caches else 0


def _chips(
    draw: ImageDraw.ImageDraw, style: PanelStyle, data: GameData, player: PlayerView, x: int, mid: int, right: int
) -> int:
    """The player's caches as code chips coloured like their tiles; returns the x after them."""
    half = style.line // 2 - 1
    for index, cache in enumerate(player.caches):
        code = data.kinds[cache.kind].code + ("×2" if cache.doubled else "")
        chip = _chip_width(style, data, cache)
        left_over = len(player.caches) - index
        if x + chip > right - (32 if left_over > 1 else 0):
            return draw_text(draw, (x, mid), f"+{left_over}", style.text, style.muted, anchor="lm")[2] + 8
        role = tile_role(data, cache.kind)
        rounded_rectangle(
            draw, (x, mid - half, x + chip, mid + half), radius=4, fill=BOARD_COLOURS[role], outline=style.grid
        )
        ink = BOARD_COLOURS["text_light"] if role in LIGHT_ON else BOARD_COLOURS["text"]
        drawn = draw_text(draw, (x + chip / 2, mid + 1), code, style.text, ink, anchor="mm", bold=True, condensed=True)
        marks.code(data.kinds[cache.kind].code, drawn)
        x += chip + 4
    return x + 4
