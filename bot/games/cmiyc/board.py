"""The board geometry: the Town and the two Wooded boards on one labelled grid (``board.json``).

Squares are named like the picture labels them: a column letter and a row number (``D9`` is the
Moonrise Café). The three boards share the grid: the North Woods above the Town, the South Woods
below it, so a square's label is unique across the whole table. Movement edges are directed
(the store's arrows and the hospital's path run one way); ``links`` holds every edge that does not
depend on the player, ``insured_exits`` the one that does (leaving the emergency room early).

Muggles reuses this module unchanged (its muggles walk the same woods squares).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from itertools import pairwise
from typing import Any

from bot.games.cmiyc.loading import fail, need

FILE = "board.json"

TOWN_CODES = {
    "r": "road",
    "g": "grass",
    "T": "trail_head",
    "P": "parking",
    "S": "aisle",
    "K": "checkout",
    "C": "cafe",
    "W": "swag",
    "M": "mega",
    "H": "hospital",
}
FAST_KINDS = frozenset({"road", "trail_head", "parking", "woods_trail"})
"""Roads and trails: up to 3 squares a turn ("Auf den Wegen und Straßen ... bis zu 3 Felder")."""
ORDINARY_TOWN = frozenset({"road", "grass", "trail_head", "parking", "cafe", "swag", "mega"})
"""Town squares joined to their four neighbours (store aisles and the hospital follow their arrows)."""
WOODS_GATES = frozenset({"grass", "trail_head"})
"""Town squares from which the woods may be entered ("an den Trail Heads und Grasflächen")."""
STORE_ACTIONS = frozenset({"equipment", "event", "peek"})


@dataclass(frozen=True)
class Square:
    label: str
    column: int
    """0-based column index (A = 0)."""
    row: int
    """Row number as printed (1 at the top)."""
    board: str
    kind: str


@dataclass(frozen=True)
class Part:
    id: str
    name: str
    kind: str
    """``town`` or ``woods``."""
    first_row: int
    last_row: int
    trail_head: str = ""
    trail: tuple[str, ...] = ()
    far_row: int = 0
    """Woods: the row furthest from the Town."""


@dataclass(frozen=True)
class Board:
    columns: str
    rows: int
    parts: tuple[Part, ...]
    squares: dict[str, Square]
    links: dict[str, tuple[str, ...]]
    cafe: str
    swag: str
    mega: str
    parking: tuple[str, ...]
    aisles: dict[str, str]
    """Store square -> its action (``equipment``, ``event``, ``peek``)."""
    checkout: str
    hospital: tuple[str, ...]
    """Emergency room first, then the path to the exit."""
    insured_exits: tuple[str, ...]
    trail_heads: tuple[str, ...]
    tile_squares: tuple[str, ...]
    """Woods squares without a printed trail, in reading order: one tile each at set-up."""

    # ------------------------------------------------------------------ lookups

    def part(self, part_id: str) -> Part:
        return self._parts_by_id[part_id]

    @cached_property
    def _parts_by_id(self) -> dict[str, Part]:
        # looked up for every woods square a choice or a view names, thousands of times a search
        return {p.id: p for p in self.parts}

    @cached_property
    def memo(self) -> dict[tuple[str, ...], str]:
        """Words worked out from this board alone, kept with it: a square's name in a language
        (``texts.square_name``), which a search's choices ask for thousands of times."""
        return {}

    @property
    def woods(self) -> tuple[Part, ...]:
        return tuple(p for p in self.parts if p.kind == "woods")

    @property
    def emergency_room(self) -> str:
        return self.hospital[0]

    def label(self, column: int, row: int) -> str:
        return f"{self.columns[column]}{row}"

    def at(self, column: int, row: int) -> str | None:
        if 0 <= column < len(self.columns) and 1 <= row <= self.rows:
            return self.label(column, row)
        return None

    def is_woods(self, square: str) -> bool:
        return self.squares[square].kind in ("woods", "woods_trail")

    def is_fast(self, square: str) -> bool:
        return self.squares[square].kind in FAST_KINDS

    def in_store(self, square: str) -> bool:
        return self.squares[square].kind in ("aisle", "checkout")

    def in_hospital(self, square: str) -> bool:
        return self.squares[square].kind == "hospital"

    def around(self, square: str) -> tuple[str, ...]:
        """The up to 8 squares around ``square`` on the grid (any board)."""
        here = self.squares[square]
        found = []
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if dr or dc:
                    other = self.at(here.column + dc, here.row + dr)
                    if other is not None:
                        found.append(other)
        return tuple(found)

    def woods_around(self, square: str) -> tuple[str, ...]:
        """The up to 8 woods squares around ``square`` on its own Wooded board."""
        board = self.squares[square].board
        return tuple(s for s in self.around(square) if self.squares[s].board == board and self.is_woods(s))

    def orthogonal(self, square: str) -> tuple[str, ...]:
        here = self.squares[square]
        cells = ((0, -1), (1, 0), (0, 1), (-1, 0))
        return tuple(s for dc, dr in cells if (s := self.at(here.column + dc, here.row + dr)) is not None)

    def woods_part(self, square: str) -> Part | None:
        part = self.part(self.squares[square].board)
        return part if part.kind == "woods" else None

    def far_edge(self, square: str) -> bool:
        part = self.woods_part(square)
        return part is not None and self.squares[square].row == part.far_row


# ---------------------------------------------------------------------- parsing


def parse(raw: Any) -> Board:
    columns = need(raw, "columns", str, FILE, "the grid")
    if not columns or len(set(columns)) != len(columns) or not columns.isalpha():
        raise fail(FILE, "columns", "must be distinct letters")
    parts = tuple(_part(entry, index) for index, entry in enumerate(need(raw, "boards", list, FILE, "the grid")))
    _check_parts(parts)
    rows = parts[-1].last_row
    squares: dict[str, Square] = {}
    for part, entry in zip(parts, raw["boards"]):
        if part.kind == "town":
            _town_squares(entry, part, columns, squares)
        else:
            _woods_squares(part, columns, squares)
    draft = _Draft(columns, rows, parts, squares)
    return draft.finish(raw)


def _part(entry: Any, index: int) -> Part:
    where = f"board #{index + 1}"
    part_id = need(entry, "id", str, FILE, where)
    where = f"board {part_id!r}"
    kind = need(entry, "kind", str, FILE, where)
    if kind not in ("town", "woods"):
        raise fail(FILE, where, "kind must be 'town' or 'woods'")
    first, last = need(entry, "first_row", int, FILE, where), need(entry, "last_row", int, FILE, where)
    if not 1 <= first <= last:
        raise fail(FILE, where, "rows must run from first_row to last_row, both at least 1")
    if kind == "town":
        return Part(part_id, need(entry, "name", str, FILE, where), kind, first, last)
    trail = tuple(need(entry, "trail", list, FILE, where))
    return Part(
        part_id,
        need(entry, "name", str, FILE, where),
        kind,
        first,
        last,
        trail_head=need(entry, "trail_head", str, FILE, where),
        trail=trail,
    )


def _check_parts(parts: tuple[Part, ...]) -> None:
    if [p.kind for p in parts].count("town") != 1 or [p.kind for p in parts].count("woods") != 2:
        raise fail(FILE, "boards", "there is one Town board and two Wooded boards")
    expected = 1
    for part in parts:
        if part.first_row != expected:
            raise fail(FILE, f"board {part.id!r}", f"must start at row {expected} (boards stack without gaps)")
        expected = part.last_row + 1
    if len({p.id for p in parts}) != len(parts):
        raise fail(FILE, "boards", "board ids must be distinct")


def _town_squares(entry: Any, part: Part, columns: str, squares: dict[str, Square]) -> None:
    where = f"board {part.id!r}"
    lines = need(entry, "map", list, FILE, where)
    if len(lines) != part.last_row - part.first_row + 1:
        raise fail(FILE, where, "the map needs one line per row")
    for offset, line in enumerate(lines):
        codes = str(line).split()
        row = part.first_row + offset
        if len(codes) != len(columns):
            raise fail(FILE, f"{where} row {row}", f"needs {len(columns)} squares")
        for column, code in enumerate(codes):
            if code not in TOWN_CODES:
                raise fail(FILE, f"{where} square {columns[column]}{row}", f"unknown map code {code!r}")
            label = f"{columns[column]}{row}"
            squares[label] = Square(label, column, row, part.id, TOWN_CODES[code])


def _woods_squares(part: Part, columns: str, squares: dict[str, Square]) -> None:
    for row in range(part.first_row, part.last_row + 1):
        for column, letter in enumerate(columns):
            label = f"{letter}{row}"
            kind = "woods_trail" if label in part.trail else "woods"
            squares[label] = Square(label, column, row, part.id, kind)


class _Draft:
    """The squares read so far; ``finish`` checks the buildings and paths and builds the links."""

    def __init__(self, columns: str, rows: int, parts: tuple[Part, ...], squares: dict[str, Square]) -> None:
        self.columns, self.rows, self.parts, self.squares = columns, rows, parts, squares

    def kind_squares(self, kind: str) -> list[str]:
        return [label for label, sq in self.squares.items() if sq.kind == kind]

    def single(self, kind: str, what: str) -> str:
        found = self.kind_squares(kind)
        if len(found) != 1:
            raise fail(FILE, "Town map", f"needs exactly one {what} square (found {len(found)})")
        return found[0]

    def adjacent(self, a: str, b: str) -> bool:
        sa, sb = self.squares[a], self.squares[b]
        return abs(sa.column - sb.column) + abs(sa.row - sb.row) == 1

    def known(self, label: Any, where: str) -> str:
        if not isinstance(label, str) or label not in self.squares:
            raise fail(FILE, where, f"{label!r} is not a square of the grid")
        return label

    def finish(self, raw: Any) -> Board:
        cafe, swag, mega = (
            self.single("cafe", "Moonrise Café"),
            self.single("swag", "Swag Store"),
            self.single("mega", "Mega Event"),
        )
        heads = self._trail_heads(raw)
        parts = tuple(self._woods(part, heads) for part in self.parts)
        self.parts = parts
        links: dict[str, list[str]] = {label: [] for label in self.squares}
        self._grid_links(links)
        aisles, checkout, parking = self._store(need(raw, "store", dict, FILE, "store"), links)
        hospital, insured = self._hospital(need(raw, "hospital", dict, FILE, "hospital"), links)
        board = Board(
            columns=self.columns,
            rows=self.rows,
            parts=parts,
            squares=self.squares,
            links={k: tuple(v) for k, v in links.items()},
            cafe=cafe,
            swag=swag,
            mega=mega,
            parking=parking,
            aisles=aisles,
            checkout=checkout,
            hospital=hospital,
            insured_exits=insured,
            trail_heads=heads,
            tile_squares=tuple(label for label, sq in self.squares.items() if sq.kind == "woods"),
        )
        _check_reachable(board)
        return board

    def _trail_heads(self, raw: Any) -> tuple[str, ...]:
        heads = tuple(self.known(h, "trail_heads") for h in need(raw, "trail_heads", list, FILE, "trail_heads"))
        if len(heads) != 3 or len(set(heads)) != 3:
            raise fail(FILE, "trail_heads", "the Town has three trail heads marked by signposts")
        if sorted(heads) != sorted(self.kind_squares("trail_head")):
            raise fail(FILE, "trail_heads", "must list exactly the Town map's T squares")
        return heads

    def _woods(self, part: Part, heads: tuple[str, ...]) -> Part:
        if part.kind != "woods":
            return part
        where = f"board {part.id!r}"
        if part.trail_head not in heads:
            raise fail(FILE, where, f"trail_head {part.trail_head!r} is not one of the Town's trail heads")
        others = [p for p in self.parts if p.kind == "woods" and p.id != part.id]
        if any(p.trail_head == part.trail_head for p in others):
            raise fail(FILE, where, "two Wooded boards cannot share a trail head")
        trail = [self.known(s, f"{where} trail") for s in part.trail]
        if not trail or len(set(trail)) != len(trail):
            raise fail(FILE, f"{where} trail", "the printed trail needs distinct squares")
        if any(self.squares[s].board != part.id for s in trail):
            raise fail(FILE, f"{where} trail", "every trail square lies on its own Wooded board")
        if not self.adjacent(trail[0], part.trail_head):
            raise fail(FILE, f"{where} trail", f"must start next to its trail head {part.trail_head}")
        for a, b in pairwise(trail):
            if not self.adjacent(a, b):
                raise fail(FILE, f"{where} trail", f"{a} and {b} are not neighbours (the trail must be connected)")
        town = next(p for p in self.parts if p.kind == "town")
        far = part.first_row if part.last_row < town.first_row else part.last_row
        return Part(part.id, part.name, part.kind, part.first_row, part.last_row, part.trail_head, tuple(trail), far)

    def _grid_links(self, links: dict[str, list[str]]) -> None:
        for label, sq in self.squares.items():
            for dc, dr in ((0, -1), (1, 0), (0, 1), (-1, 0)):
                column, row = sq.column + dc, sq.row + dr
                if not (0 <= column < len(self.columns) and 1 <= row <= self.rows):
                    continue
                other = self.squares[f"{self.columns[column]}{row}"]
                if _joined(sq, other):
                    links[label].append(other.label)

    def _store(self, raw: dict[str, Any], links: dict[str, list[str]]) -> tuple[dict[str, str], str, tuple[str, ...]]:
        aisles_raw = need(raw, "aisles", dict, FILE, "store")
        aisles: dict[str, str] = {}
        for square, action in aisles_raw.items():
            self.known(square, "store aisles")
            if self.squares[square].kind != "aisle":
                raise fail(FILE, f"store aisle {square}", "is not an S square of the Town map")
            if action not in STORE_ACTIONS:
                raise fail(FILE, f"store aisle {square}", f"unknown action {action!r} (known: {sorted(STORE_ACTIONS)})")
            aisles[square] = action
        if sorted(aisles) != sorted(self.kind_squares("aisle")):
            raise fail(FILE, "store aisles", "every S square of the Town map needs an action")
        if set(aisles.values()) != STORE_ACTIONS:
            raise fail(FILE, "store aisles", "the store offers equipment, event cards and peeks")
        checkout = self.known(need(raw, "checkout", str, FILE, "store"), "store checkout")
        if checkout != self.single("checkout", "checkout"):
            raise fail(FILE, "store checkout", "must be the K square of the Town map")
        parking = tuple(self.kind_squares("parking"))
        if not parking:
            raise fail(FILE, "Town map", "the store needs a parking lot (P squares)")
        for index, arrow in enumerate(need(raw, "arrows", list, FILE, "store")):
            where = f"store arrow #{index + 1}"
            if not (isinstance(arrow, list) and len(arrow) == 2):
                raise fail(FILE, where, "an arrow is [from, to]")
            a, b = (self.known(s, where) for s in arrow)
            if a not in aisles and a not in parking:
                raise fail(FILE, where, f"starts at {a}, which is neither the parking lot nor an aisle")
            if b not in aisles and b != checkout:
                raise fail(FILE, where, f"ends at {b}, which is neither an aisle nor the checkout")
            if not self.adjacent(a, b):
                raise fail(FILE, where, f"{a} and {b} are not neighbours")
            links[a].append(b)
        exits = [self.known(s, "store exits") for s in need(raw, "exits", list, FILE, "store")]
        for square in exits:
            if self.squares[square].kind != "road" or not self.adjacent(square, checkout):
                raise fail(FILE, f"store exit {square}", "must be a road next to the checkout")
        links[checkout].extend(exits)
        _check_one_way(aisles, parking, checkout, links)
        return aisles, checkout, parking

    def _hospital(self, raw: dict[str, Any], links: dict[str, list[str]]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        path = tuple(self.known(s, "hospital path") for s in need(raw, "path", list, FILE, "hospital"))
        if sorted(path) != sorted(self.kind_squares("hospital")) or len(path) < 2:
            raise fail(FILE, "hospital path", "must list every H square, emergency room first, exit last")
        for a, b in pairwise(path):
            if not self.adjacent(a, b):
                raise fail(FILE, "hospital path", f"{a} and {b} are not neighbours")
            links[a].append(b)
        for key, start in (("exits", path[-1]), ("insured_exits", path[0])):
            squares = [self.known(s, f"hospital {key}") for s in need(raw, key, list, FILE, "hospital")]
            if not squares or any(self.squares[s].kind != "road" or not self.adjacent(s, start) for s in squares):
                raise fail(FILE, f"hospital {key}", f"must be roads next to {start}")
            if key == "exits":
                links[start].extend(squares)
            else:
                insured = tuple(squares)
        return path, insured


def _joined(a: Square, b: Square) -> bool:
    """Whether the grid joins two neighbouring squares (both ways)."""
    if a.board == b.board:
        if a.kind in ORDINARY_TOWN and b.kind in ORDINARY_TOWN:
            return True
        return a.kind in ("woods", "woods_trail") and b.kind in ("woods", "woods_trail")
    town, woods = (a, b) if a.kind in ORDINARY_TOWN else (b, a)
    return town.kind in WOODS_GATES and woods.kind in ("woods", "woods_trail")


def _check_one_way(
    aisles: dict[str, str], parking: tuple[str, ...], checkout: str, links: dict[str, list[str]]
) -> None:
    """Every aisle lies on an arrow path from the parking lot to the checkout, and no path loops."""
    store = set(aisles) | {checkout}
    reached = _closure(parking, lambda s: [t for t in links[s] if t in store])
    for aisle in aisles:
        if aisle not in reached:
            raise fail(FILE, f"store aisle {aisle}", "no arrow path leads here from the parking lot")
        if checkout not in _closure([aisle], lambda s: [t for t in links[s] if t in store]):
            raise fail(FILE, f"store aisle {aisle}", "no arrow path leads from here to the checkout")
    state: dict[str, int] = {}

    def visit(square: str) -> None:
        state[square] = 1
        for nxt in links[square]:
            if nxt in aisles:
                if state.get(nxt) == 1:
                    raise fail(FILE, f"store arrow {square}->{nxt}", "the arrows must run one way (they form a loop)")
                if nxt not in state:
                    visit(nxt)
        state[square] = 2

    for aisle in aisles:
        if aisle not in state:
            visit(aisle)


def _closure(start: Iterable[str], step: Any) -> set[str]:
    seen = set(start)
    todo = list(seen)
    while todo:
        for nxt in step(todo.pop()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def _check_reachable(board: Board) -> None:
    """From the Café every square can be reached, and the hospital leads back out."""
    reached = _closure([board.cafe], lambda s: board.links[s])
    for label in board.squares:
        if board.in_hospital(label):
            continue
        if label not in reached:
            raise fail(FILE, f"square {label}", "cannot be reached from the Moonrise Café")
    out = _closure([board.emergency_room], lambda s: board.links[s])
    if board.cafe not in out:
        raise fail(FILE, "hospital", "the path from the emergency room must lead back into the Town")
