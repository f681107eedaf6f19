"""Drawing Cache Me If You Can's three boards: the Town between the North and South Woods.

The grid is labelled like the choices (columns A-H on top, rows 1-20 on the left), the boards are
separated by a small gap, and each square shows what lies there: roads, grass and buildings in
Town (with a short name), printed trails, face-down tiles (dark, plain), revealed tiles (coloured
by kind, with their 1-3 letter code), pieces as coloured discs. Colours and sizes come in a
``BoardStyle`` so another renderer (Muggles) can reuse the drawing with its own palette and add
its own markers through ``draw_pieces``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property, partial

from PIL import ImageDraw

from bot.games.cmiyc.data import GameData
from bot.games.cmiyc.i18n import N_, _, _n, data_text
from bot.games.cmiyc.views import PlayerView, TileView
from bot.i18n import current_language
from render import marks
from render.legend import Entry
from render.text import draw_text
from render.tiles import Grid, Tile, draw_tiles

Colour = tuple[int, int, int]
Box = tuple[int, int, int, int]


# --- colours shared by the boards of Cache Me If You Can and Muggles (literal: each renderer's
# PNG palette is built from its module's source and the modules it names in ``PALETTE_FROM``) --
BOARD_COLOURS: dict[str, Colour] = {
    "background": (244, 240, 228),
    "grid": (96, 92, 80),
    "label": (105, 100, 92),
    "road": (178, 178, 172),
    "grass": (150, 196, 118),
    "trail": (222, 196, 142),
    "woods": (58, 110, 62),
    "face_down": (38, 82, 46),
    "face_down_edge": (20, 20, 20),
    "cafe": (170, 92, 40),
    "swag": (120, 70, 160),
    "mega": (40, 96, 180),
    "store": (170, 205, 230),
    "hospital": (246, 214, 214),
    "parking": (178, 178, 172),
    "trail_head": (178, 178, 172),
    "sign": (110, 70, 30),
    "text": (35, 35, 40),
    "text_light": (255, 255, 255),
    "cache": (250, 214, 92),
    "geocaching": (214, 110, 40),
    "weather": (150, 200, 235),
    "terrain": (150, 60, 45),
    "nuisance": (140, 60, 140),
    "event": (40, 120, 170),
    "map": (90, 100, 150),
    "blank": (236, 236, 230),
    "scenery": (170, 205, 150),
    "coin": (230, 180, 30),
    "bear": (215, 30, 30),
    "highlight": (255, 190, 0),
    "piece_edge": (20, 20, 20),
}
"""The ``BoardStyle.colours`` of both games' boards."""
SEAT_COLOURS = {
    "Red": (215, 45, 45),
    "Blue": (40, 110, 225),
    "Green": (50, 170, 70),
    "Yellow": (245, 215, 40),
    "Purple": (140, 70, 190),
    "Orange": (240, 140, 30),
}
"""The six seat colours of the registration (``GAME.seat_colours``)."""

TOWN_CODES = {
    "cafe": N_("Café"),
    "swag": N_("Swag"),
    "mega": N_("Mega"),
    "parking": N_("P"),
    "checkout": N_("Pay"),
}
AISLE_CODES = {"equipment": N_("Gear"), "event": N_("Card"), "peek": N_("Peek")}
HOSPITAL_CODES = (N_("ER"), N_("Ward"), N_("Exit"))
TOWN_LEGEND = (
    (("P",), N_("parking")),
    (("Swag",), N_("Store")),
    (("Mega",), N_("Event")),
    (HOSPITAL_CODES, N_("hospital")),
    (tuple(AISLE_CODES.values()), N_("aisles")),
    (("Pay",), N_("checkout")),
)
"""The Town's square names the legend explains (codes, words); "Café" says what it is."""
LIGHT_ON = ("cafe", "swag", "mega", "terrain", "nuisance", "geocaching", "event", "map")
"""Colour roles whose codes are written in white."""
SYMBOLS = {
    "face_down": N_("face down"),
    "coin": N_("geocoin in it"),
    "bear": N_("bear's reach"),
    "last_move": N_("last move"),
}
"""What the legend says for each sign the board draws (the key of ``render.marks.symbol``)."""


@dataclass(frozen=True)
class BoardStyle:
    square: int
    """Width of a square in pixels."""
    gap: int
    """Space between two boards."""
    label: int
    """Font size of square codes and grid labels."""
    piece: int
    """Diameter of a piece."""
    colours: Mapping[str, Colour]
    """Roles: background, grid, label, road, grass, trail, woods, face_down, face_down_edge,
    cafe, swag, mega, store, hospital, parking, trail_head, sign, text, text_light, cache,
    geocaching, weather, terrain, nuisance, event, map, blank, scenery, coin, bear, highlight,
    piece_edge."""
    row: int = 0
    """Height of a square (0: as wide as it is): a map of shorter rows leaves room below it."""

    @property
    def height(self) -> int:
        return self.row or self.square


@dataclass(frozen=True)
class Layout:
    """Where each square of the grid lies on the image."""

    data: GameData
    style: BoardStyle
    left: int
    top: int

    @cached_property
    def boxes(self) -> dict[str, tuple[int, int, int, int]]:
        size, height, board = self.style.square, self.style.height, self.data.board
        found = {}
        for square, info in board.squares.items():
            gaps = sum(1 for part in board.parts[1:] if info.row >= part.first_row)
            x = self.left + info.column * size
            y = self.top + (info.row - 1) * height + gaps * self.style.gap
            found[square] = (x, y, x + size, y + height)
        return found

    def box(self, square: str) -> tuple[int, int, int, int]:
        return self.boxes[square]

    @cached_property
    def look(self) -> tuple[object, ...]:
        """What every square's drawing reads from the style: sizes and colours."""
        style = self.style
        return (style.square, style.height, style.label, tuple(sorted(style.colours.items())))

    def town_codes(self, language: str) -> dict[str, str]:
        """The Town squares' codes in ``language`` (``town_code``), worked out once per language."""
        found = self._town_codes.get(language)
        if found is None:
            squares = self.data.board.squares
            found = self._town_codes[language] = {s: town_code(self.data, s) for s in squares if s in self._town}
        return found

    def grid(self, language: str) -> Grid:
        """The map as it usually is in ``language``: every Woods tile face down."""
        found = self._grids.get(language)
        if found is None:
            codes = self.town_codes(language)
            found = self._grids[language] = Grid(
                _tile(self, codes, square, kind, TileView(square, "down") if kind == "woods" else None)
                for square, kind in self.kinds.items()
            )
        return found

    @cached_property
    def _grids(self) -> dict[str, Grid]:
        return {}

    @cached_property
    def kinds(self) -> dict[str, str]:
        """Every square's kind, in drawing order."""
        return {square: info.kind for square, info in self.data.board.squares.items()}

    @cached_property
    def _town_codes(self) -> dict[str, dict[str, str]]:
        return {}

    @cached_property
    def _town(self) -> frozenset[str]:
        return frozenset(s for s, info in self.data.board.squares.items() if info.kind not in ("woods", "woods_trail"))

    @property
    def width(self) -> int:
        return len(self.data.board.columns) * self.style.square

    @property
    def height(self) -> int:
        board = self.data.board
        return board.rows * self.style.height + (len(board.parts) - 1) * self.style.gap


def town_code(data: GameData, square: str) -> str:
    """The short name a Town square shows ("Café", "Gear", "ER")."""
    board = data.board
    if square in board.aisles:
        return _(AISLE_CODES[board.aisles[square]])
    if board.in_hospital(square):
        index = board.hospital.index(square)
        return _(HOSPITAL_CODES[0 if index == 0 else (2 if index == len(board.hospital) - 1 else 1)])
    kind = board.squares[square].kind
    return _(TOWN_CODES[kind]) if kind in TOWN_CODES else ""


def draw_grid_labels(draw: ImageDraw.ImageDraw, layout: Layout) -> None:
    style, board = layout.style, layout.data.board
    ink = style.colours["label"]
    for column, letter in enumerate(board.columns):
        x = layout.left + column * style.square + style.square // 2
        draw_text(draw, (x, layout.top - 4), letter, style.label, ink, anchor="md", bold=True)
    for row in range(1, board.rows + 1):
        x0, y0, _, y1 = layout.box(board.label(0, row))
        draw_text(draw, (x0 - 6, (y0 + y1) // 2), str(row), style.label, ink, anchor="rm")


def draw_squares(draw: ImageDraw.ImageDraw, layout: Layout, tiles: Sequence[TileView], bear_awake: bool) -> None:
    """Every square in its colour with its code, framed by the grid: the usual map (the Town, the
    Woods face down) drawn once per drawing process and language, then the squares that differ
    (``render.tiles``)."""
    by_square = {t.square: t for t in tiles}
    language = current_language()
    codes = layout.town_codes(language)
    placed = [_tile(layout, codes, square, kind, by_square.get(square)) for square, kind in layout.kinds.items()]
    draw_tiles(draw, placed, layout.grid(language))
    if bear_awake:
        cave = next((t.square for t in tiles if t.face == "cave"), None)
        if cave is not None:
            _bear_zone(draw, layout, cave)


def _tile(layout: Layout, codes: Mapping[str, str], square: str, kind: str, tile: TileView | None) -> Tile:
    look = (layout.look, *_square_look(layout, kind, codes.get(square, ""), tile))
    return Tile(layout.boxes[square], look, partial(_square, layout, square, kind, tile))


def _square(layout: Layout, square: str, kind: str, tile: TileView | None, draw: ImageDraw.ImageDraw, box: Box) -> None:
    if kind in ("woods", "woods_trail"):
        _woods_square(draw, layout, box, kind, tile)
    else:
        _town_square(draw, layout, box, square, kind)
    draw.rectangle(box, outline=layout.style.colours["grid"], width=1)


def _square_look(layout: Layout, kind: str, code: str, tile: TileView | None) -> tuple[str, ...]:
    """Everything of a square that ``_square`` draws from, besides the style (``Layout.look``): two
    squares with the same look are drawn the same."""
    if kind not in ("woods", "woods_trail"):
        return ("town", kind, code)
    if kind == "woods_trail" or tile is None or not tile.face:
        return ("trail",)
    kinds = layout.data.kinds
    if tile.face == "down":
        return ("down", kinds[tile.known].code if tile.known else "")
    return ("face", tile_role(layout.data, tile.face), kinds[tile.face].code, "coin" if tile.coin else "")


def draw_code(
    draw: ImageDraw.ImageDraw, layout: Layout, box: tuple[int, int, int, int], code: str, ink: Colour
) -> None:
    """A square's code at its top, condensed so three letters fit a square a phone shows 27 px wide."""
    x0, y0, x1, _ = box
    size = layout.style.label
    drawn = draw_text(draw, ((x0 + x1) // 2, y0 + 3), code, size, ink, anchor="ma", bold=True, condensed=True)
    marks.code(code, drawn)


def _town_square(
    draw: ImageDraw.ImageDraw, layout: Layout, box: tuple[int, int, int, int], square: str, kind: str
) -> None:
    style = layout.style
    colours = style.colours
    fill = {
        "road": colours["road"],
        "grass": colours["grass"],
        "trail_head": colours["road"],
        "parking": colours["parking"],
        "aisle": colours["store"],
        "checkout": colours["store"],
        "cafe": colours["cafe"],
        "swag": colours["swag"],
        "mega": colours["mega"],
        "hospital": colours["hospital"],
    }[kind]
    draw.rectangle(box, fill=fill)
    x0, y0, x1, y1 = box
    if kind == "trail_head":
        post = colours["sign"]
        mid = (x0 + x1) // 2
        draw.rectangle((mid - 2, y0 + 10, mid + 2, y1 - 12), fill=post)
        draw.polygon(
            [(mid - 14, y0 + 10), (mid + 10, y0 + 10), (mid + 16, y0 + 18), (mid + 10, y0 + 26), (mid - 14, y0 + 26)],
            fill=post,
        )
        return
    code = town_code(layout.data, square)
    if code:
        draw_code(draw, layout, box, code, colours["text_light"] if kind in LIGHT_ON else colours["text"])
        if code == _("Café"):
            marks.mark("legend", code, box)  # a word, not a code: the square says what it is


TILE_ROLES = {
    "cache": "cache",
    "event": "event",
    "map": "map",
    "blank": "blank",
    "scenery": "scenery",
    "trail": "trail",
}


def _woods_square(
    draw: ImageDraw.ImageDraw, layout: Layout, box: tuple[int, int, int, int], kind: str, tile: TileView | None
) -> None:
    style, data = layout.style, layout.data
    colours = style.colours
    x0, y0, x1, y1 = box
    if kind == "woods_trail" or tile is None or not tile.face:
        draw.rectangle(box, fill=colours["trail"])
        return
    if tile.face == "down":
        draw.rectangle(box, fill=colours["woods"])
        inset = max(4, style.square // 10)
        draw.rectangle(
            (x0 + inset, y0 + inset, x1 - inset, y1 - inset),
            fill=colours["face_down"],
            outline=colours["face_down_edge"],
        )
        marks.symbol("face_down", box)
        if tile.known:
            draw_code(draw, layout, box, data.kinds[tile.known].code, colours["text_light"])
        return
    tile_kind = data.kinds[tile.face]
    role = tile_role(data, tile.face)
    draw.rectangle(box, fill=colours[role])
    if tile_kind.code:
        draw_code(draw, layout, box, tile_kind.code, colours["text_light"] if role in LIGHT_ON else colours["text"])
    if tile.coin:
        r = max(7, style.square // 8)
        coin = (x1 - 2 * r - 2, y1 - 2 * r - 2, x1 - 2, y1 - 2)
        draw.ellipse(coin, fill=colours["coin"], outline=colours["text"], width=2)
        marks.symbol("coin", coin)


def tile_role(data: GameData, kind: str) -> str:
    """The colour role of a tile kind (caches, each problem group, events, maps, scenery ...)."""
    tile_kind = data.kinds[kind]
    return tile_kind.group if tile_kind.category == "problem" else TILE_ROLES[tile_kind.category]


def _bear_zone(draw: ImageDraw.ImageDraw, layout: Layout, cave: str) -> None:
    squares = [cave, *layout.data.board.woods_around(cave)]
    boxes = [layout.box(s) for s in squares]
    box = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
    draw.rectangle(box, outline=layout.style.colours["bear"], width=4)
    marks.symbol("bear", box)


def draw_highlight(draw: ImageDraw.ImageDraw, layout: Layout, square: str) -> None:
    x0, y0, x1, y1 = layout.box(square)
    draw.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=layout.style.colours["highlight"], width=3)
    marks.symbol("last_move", (x0, y0, x1, y1))


def draw_pieces(draw: ImageDraw.ImageDraw, layout: Layout, pieces: Mapping[str, Sequence[Colour]]) -> None:
    """Discs ``style.piece`` across at the foot of each square (the code stays readable above);
    three or more share the square in two overlapping rows, like a stack of counters."""
    size, height, disc = layout.style.square, layout.style.height, layout.style.piece
    edge = layout.style.colours["piece_edge"]
    for square, colours in pieces.items():
        x0, _, _, y1 = layout.box(square)
        per_row = 2 if len(colours) <= 4 else 3
        rows = (len(colours) + per_row - 1) // per_row
        for index, colour in enumerate(colours):
            row, column = divmod(index, per_row)
            in_row = min(per_row, len(colours) - row * per_row)
            step = (size - 4 - disc) / max(in_row - 1, 1)
            left = x0 + 2 + (column * step if in_row > 1 else (size - 4 - disc) / 2)
            top = y1 - 2 - disc - (rows - 1 - row) * (height - 4 - disc)
            box = (left, top, left + disc, top + disc)
            draw.ellipse(box, fill=colour, outline=edge, width=2)
            marks.piece(box)


def town_legend(layout: Layout) -> list[Entry]:
    ink = layout.style.colours["text"]
    return [Entry(" ".join(_(code) for code in codes), _(words), ink=ink) for codes, words in TOWN_LEGEND]


LEGEND_NAMES = {
    "Cache needs maintenance": N_("Maintenance"),
    "Nasty Pricker Bushes": N_("Pricker bushes"),
    "Take Event Card": N_("Event card"),
    "GPS battery dies": N_("Flat battery"),
    "Really good hide": N_("Good hide"),
    "No GPS signal": N_("No GPS"),
    "Rocky ground": N_("Rocks"),
    "Cold weather": N_("Cold"),
}
"""Tile names the key shortens (a key's words are never cut, and a phone column is narrow)."""


def short_name(name: str) -> str:
    """A tile kind's name (English, as the data file has it) as the legend says it: "Traditional",
    "Maintenance", in the reader's language."""
    if name in LEGEND_NAMES:
        return _(LEGEND_NAMES[name])
    shown = data_text(name)
    return shown.removesuffix(" cache").removesuffix("-cache").removesuffix(" tile").removesuffix("-Cache")


def tile_legend(layout: Layout, kinds: Iterable[str]) -> list[Entry]:
    """Entries for the tile kinds given (ids), in the order of the tile table."""
    data, colours = layout.data, layout.style.colours
    wanted = set(kinds)
    entries = []
    for kind in data.kinds.values():
        if kind.id in wanted and kind.code:
            role = tile_role(data, kind.id)
            ink = colours["text_light"] if role in LIGHT_ON else colours["text"]
            entries.append(Entry(kind.code, short_name(kind.name), fill=colours[role], ink=ink))
    return entries


def symbol_legend(layout: Layout, names: Iterable[str]) -> list[Entry]:
    """Entries for the signs named (keys of ``SYMBOLS``), each drawn as on the board."""
    colours = layout.style.colours
    drawers = {
        "face_down": lambda d, b: (
            d.rectangle(b, fill=colours["woods"]),
            d.rectangle((b[0] + 3, b[1] + 3, b[2] - 3, b[3] - 3), fill=colours["face_down"]),
        ),
        "coin": lambda d, b: d.ellipse(
            (b[0] + 3, b[1] + 3, b[2] - 3, b[3] - 3), fill=colours["coin"], outline=(35, 35, 40)
        ),
        "bear": lambda d, b: d.rectangle(b, outline=colours["bear"], width=4),
        "last_move": lambda d, b: d.rectangle(b, outline=colours["highlight"], width=3),
    }
    return [Entry(name, _(SYMBOLS[name]), symbol=drawers[name]) for name in SYMBOLS if name in set(names)]


def tiles_shown(tiles: Sequence[TileView], players: Sequence[PlayerView], carried: Iterable[str] = ()) -> set[str]:
    """Tile kinds whose code the board shows: revealed and known tiles, players' caches, ``carried``."""
    shown = {t.face for t in tiles if t.face not in ("", "down")} | {t.known for t in tiles if t.known}
    shown |= {c.kind for p in players for c in p.caches}
    return shown | set(carried)


def signs_shown(tiles: Sequence[TileView], bear_awake: bool, last_move: bool, layout: Layout) -> set[str]:
    """The signs of ``SYMBOLS`` the board draws."""
    shown = set()
    if any(t.face == "down" for t in tiles):
        shown.add("face_down")
    if any(t.coin for t in tiles):
        shown.add("coin")
    if bear_awake and any(t.face == "cave" for t in tiles):
        shown.add("bear")
    if last_move:
        shown.add("last_move")
    return shown


def points(score: int) -> str:
    """A score as the panels and the text board say it: "1 pt", "6 pts"."""
    return _n("{score} pt", "{score} pts", score).format(score=score)


def player_troubles(player: PlayerView) -> list[str]:
    """What holds a player back, as the panels show it in red."""
    troubles = []
    if not player.gps:
        troubles.append(_("GPS/PEN lost"))
    if player.skip:
        troubles.append(_("skips {turns}").format(turns=player.skip))
    if player.ivy:
        troubles.append(_("Poison Ivy"))
    return troubles
