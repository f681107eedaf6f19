"""Loading and validating the game data in ``bot/games/catacombs/data/``.

Every count the rule text states is checked against the files; a broken file is refused with a
``DataError`` naming the file, the entry and the rule it breaks, e.g.
``tiles.json: entry "L" has count 19, but the rules say "L Tiles x 20"``.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from bot.games.catacombs import geometry as geo

DATA_DIR = Path(__file__).parent / "data"

TOTAL_TILES = 111
CLASSES = ("passage", "encounter", "bonus", "item", "relic")
RULE_COUNTS = {
    "L": (20, "L Tiles x 20"),
    "I": (15, "I Tiles x 15"),
    "T": (5, "T Tiles x 5"),
    "dead_end": (5, "Standard Dead End Tiles x 5"),
    "rival_dead_end": (5, "Rival Dead End Tiles x 5"),
    "X": (2, "X Tiles x 2"),
    "gulch_I": (2, "I Gulch x 2"),
    "gulch_L": (2, "L Gulch x 2"),
    "cave_in_I": (2, "I Cave In x 2"),
    "cave_in_L": (2, "L Cave In x 2"),
    "flooded_I": (2, "I Flooded Passage x 2"),
    "flooded_L": (2, "L Flooded Passage x 2"),
    "slide": (4, "I Slide x 4"),
    "beast": (4, "Beast Items x 4"),
    "trap": (2, "Trap Tiles x 2"),
    "path_marker": (2, "Path Marker x 2"),
    "draw_two": (1, "Draw 2 Additional Tiles"),
    "draw_passage": (1, "Draw 1 Path Tile"),
    "draw_item": (1, "Draw 1 Item Tile"),
    "draw_three": (1, "Draw 3 Tiles, Keep 1, Discard Others"),
    "whip": (3, "Whip Items x 3"),
    "pickaxe": (3, "Pickaxe Items x 3"),
    "kayak": (3, "Kayak Items x 3"),
    "ammunition": (3, "Ammunition Items x 3"),
    "torch": (3, "Torch Items x 3"),
    "first_aid": (4, "First Aid Items x 4"),
}
CLASS_TOTALS = {
    "passage": (68, "Path Tiles x 68"),
    "encounter": (8, "Encounter Tiles x 8"),
    "bonus": (4, "Bonus Tiles x 4"),
    "item": (19, "Item Tiles x 19"),
    "relic": (6, "Relic Tiles x 6"),
}
OBSTACLES = {"gulch": "whip", "cave_in": "pickaxe", "flooded": "kayak"}
"""Each obstacle and the item that crosses it ("Gulch Tiles may be crossed ... by using the Whip")."""
ENCOUNTER_EFFECTS = {"beast", "trap", "path_marker"}
BONUS_EFFECTS = {"draw_two", "draw_passage", "draw_item", "draw_three"}
ITEM_EFFECTS = {"cross", "bullet", "torch", "health"}
MONSTER_MOVES = {
    "koka": (4, "Koka and Vikoka – Movement = 4"),
    "sirrush": (2, "Sirrush – Movement = 2"),
    "grootslang": (1, "Grootslang – Movement = 1"),
    "minhocao": (3, "Minhocão – Movement = 3"),
    "tauriz": (2, "Tauriz – Movement = 2"),
    "yaoguai": (3, "Yaoguai – Movement = 3"),
}
MONSTER_ATTACKS = {
    "koka": "health",
    "sirrush": "steal_items",
    "grootslang": "steal_relics",
    "minhocao": "discard_hand",
    "tauriz": "health",
    "yaoguai": "send_away",
}
CHARACTER_RULES = {
    "archeologist": ("extra_draw", 3, 3, 4),
    "mercenary": ("gunman", 3, 4, 4),
    "adventurer": ("free_crossing", 3, 3, 4),
    "miner": ("dig", 3, 3, 4),
    "traveler": ("backpack", 3, 3, 5),
    "athlete": ("tough", 4, 3, 4),
}
"""ability, health, bullets, equipment: "3 Health Point tokens (4 ... for the Athlete) and 3 Bullet
tokens (4 ... for the Mercenary)", "You may only carry four Items ... (the Traveler may carry 5)"."""
RELIC_SETS = (3, 4, 6)
BINDING_RULES = {
    "hand_size": (5, "Discard Down to 5 Tiles"),
    "traveler_full_hand": (3, "3 tiles for the Traveler if he has 5 items in his Equipment"),
    "draw_per_turn": (2, "he must draw 2 tile from the Draw Bag"),
    "redraw_count": (5, "discard one tile and then draw 5 new tiles"),
    "extra_turn_redraw": (2, "discard a tile and draw 2 tiles"),
    "slide_draw": (3, "you may draw three Passage Tiles"),
}


class DataError(ValueError):
    """A data file breaks a rule; the message names the file, the entry and the rule."""


@dataclass(frozen=True)
class TileKind:
    key: str
    name: str
    cls: str
    """passage, encounter, bonus, item, relic or monster."""
    openings: str = ""
    obstacle: str = ""
    slide: bool = False
    rival: bool = False
    effect: str = ""
    crosses: str = ""

    @property
    def is_passage(self) -> bool:
        return self.cls == "passage"


@dataclass(frozen=True)
class MonsterKind:
    key: str
    name: str
    letter: str
    movement: int
    attack: str
    damage: int
    torch: bool
    bullets: bool


@dataclass(frozen=True)
class Character:
    key: str
    name: str
    health: int
    bullets: int
    equipment: int
    ability: str
    text: str


@dataclass(frozen=True)
class StartTile:
    key: str
    cell: int
    rotation: int


@dataclass(frozen=True)
class BoardData:
    exit_cell: int
    exit_open: str
    archways: tuple[tuple[int, int], ...]
    relic_spaces: dict[int, tuple[int, ...]]
    yaoguai: dict[int, tuple[int, ...]]
    """Quadrant -> its two Yaoguai target spaces."""
    start_tiles: dict[int, tuple[StartTile, ...]]
    starts: dict[int, tuple[tuple[int, str], ...]]
    arrows: str
    """144 letters: the arrow on each space, row by row."""
    grid: geo.Grid


@dataclass(frozen=True)
class House:
    hand_size: int
    traveler_full_hand: int
    draw_per_turn: int
    redraw_count: int
    extra_turn_redraw: int
    slide_draw: int


@dataclass(frozen=True)
class GameData:
    kinds: tuple[TileKind, ...]
    """The kind of each of the 111 tiles, by tile id (monster tiles last)."""
    monsters: tuple[MonsterKind, ...]
    monster_tiles: tuple[int, ...]
    """The tile id of each monster (same order as ``monsters``)."""
    characters: dict[str, Character]
    board: BoardData
    house: House

    def kind(self, tile: int) -> TileKind:
        return self.kinds[tile]

    def monster_of(self, tile: int) -> MonsterKind:
        return self.monsters[self.monster_tiles.index(tile)]

    def tiles_of(self, key: str) -> list[int]:
        return [i for i, kind in enumerate(self.kinds) if kind.key == key]


# --------------------------------------------------------------------------- reading


def _read(directory: Path, name: str) -> Any:
    path = directory / name
    try:
        with path.open(encoding="utf-8") as handle:
            return json.load(handle)
    except FileNotFoundError:
        raise DataError(f"{name}: the file is missing from {directory}") from None
    except json.JSONDecodeError as exc:
        raise DataError(f"{name}: not valid JSON (line {exc.lineno}: {exc.msg})") from None


def _fail(name: str, text: str) -> DataError:
    return DataError(f"{name}: {text}")


def _entries(raw: Any, name: str, field: str) -> list[dict[str, Any]]:
    if not isinstance(raw, dict) or not isinstance(raw.get(field), list):
        raise _fail(name, f"must be an object with a `{field}` list")
    for index, entry in enumerate(raw[field]):
        if not isinstance(entry, dict) or not isinstance(entry.get("key"), str) or not entry["key"]:
            raise _fail(name, f"entry {index + 1} has no `key`")
        if not isinstance(entry.get("name"), str) or not entry["name"].strip():
            raise _fail(name, f'entry "{entry["key"]}" has no `name`')
    keys = Counter(entry["key"] for entry in raw[field])
    twice = sorted(k for k, n in keys.items() if n > 1)
    if twice:
        raise _fail(name, f'entry "{twice[0]}" appears twice (keys must be unique)')
    entries: list[dict[str, Any]] = raw[field]
    return entries


def _openings(value: Any, name: str, where: str) -> str:
    if (
        not isinstance(value, str)
        or not value
        or any(d not in geo.DIRS for d in value)
        or len(set(value)) != len(value)
    ):
        raise _fail(name, f"{where} has `openings` {value!r}: a passage has 1 to 4 distinct ends among N, E, S, W")
    return geo.rotate(value, 0)


def _count(entry: dict[str, Any], name: str) -> int:
    count = entry.get("count")
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise _fail(name, f'entry "{entry["key"]}" needs a whole-number `count` of at least 1')
    return count


def validate_tiles(raw: Any, name: str = "tiles.json") -> list[tuple[TileKind, int]]:
    kinds: list[tuple[TileKind, int]] = []
    for entry in _entries(raw, name, "tiles"):
        key, cls = entry["key"], entry.get("class")
        where = f'entry "{key}"'
        if cls not in CLASSES:
            raise _fail(name, f"{where} has class {cls!r}; tiles are {', '.join(CLASSES)}")
        count = _count(entry, name)
        if key in RULE_COUNTS and count != RULE_COUNTS[key][0]:
            raise _fail(name, f'{where} has count {count}, but the rules say "{RULE_COUNTS[key][1]}"')
        openings = obstacle = effect = crosses = ""
        if cls in ("passage", "relic"):
            openings = _openings(entry.get("openings"), name, where)
        obstacle = entry.get("obstacle", "")
        if obstacle and (cls != "passage" or obstacle not in OBSTACLES or len(openings) != 2):
            raise _fail(name, f"{where}: an obstacle ({', '.join(OBSTACLES)}) is an I or L passage tile")
        effect = entry.get("effect", "")
        allowed = {"encounter": ENCOUNTER_EFFECTS, "bonus": BONUS_EFFECTS, "item": ITEM_EFFECTS}.get(cls)
        if allowed is not None and effect not in allowed:
            raise _fail(name, f"{where} has effect {effect!r}; a {cls} tile's effect is one of {sorted(allowed)}")
        crosses = entry.get("crosses", "")
        if (effect == "cross") != bool(crosses) or (crosses and crosses not in OBSTACLES):
            raise _fail(name, f"{where}: an item that crosses names the obstacle it crosses ({', '.join(OBSTACLES)})")
        slide, rival = bool(entry.get("slide", False)), bool(entry.get("rival", False))
        if (slide or rival) and cls != "passage":
            raise _fail(name, f"{where}: only passage tiles are Slides or Rival Dead Ends")
        if rival and len(openings) != 1:
            raise _fail(name, f"{where}: a Rival Dead End has exactly one opening")
        kind = TileKind(key, entry["name"], cls, openings, obstacle, slide, rival, effect, crosses)
        kinds.append((kind, count))
    present = {kind.key for kind, _ in kinds}
    for key, (_, text) in RULE_COUNTS.items():
        if key not in present:
            raise _fail(name, f'entry "{key}" is missing: the rules list "{text}"')
    for cls, (total, text) in CLASS_TOTALS.items():
        have = sum(n for kind, n in kinds if kind.cls == cls)
        if have != total:
            raise _fail(name, f'class "{cls}" has {have} tiles, but the rules say "{text}"')
    for obstacle, item in OBSTACLES.items():
        if not any(kind.key == item and kind.crosses == obstacle for kind, _ in kinds):
            raise _fail(name, f'entry "{item}" must cross {obstacle} ("may be crossed ... by using the {item}")')
    return kinds


def validate_monsters(raw: Any, name: str = "monsters.json") -> list[MonsterKind]:
    monsters: list[MonsterKind] = []
    for entry in _entries(raw, name, "monsters"):
        key = entry["key"]
        where = f'entry "{key}"'
        if key not in MONSTER_MOVES:
            raise _fail(name, f"{where} is not one of the rules' monsters ({', '.join(MONSTER_MOVES)})")
        movement, text = MONSTER_MOVES[key]
        if entry.get("movement") != movement:
            raise _fail(name, f'{where} has movement {entry.get("movement")!r}, but the rules say "{text}"')
        if entry.get("attack") != MONSTER_ATTACKS[key]:
            raise _fail(name, f"{where} must attack with {MONSTER_ATTACKS[key]!r} (see its rule text)")
        letter = entry.get("letter")
        if not isinstance(letter, str) or len(letter) != 1 or not letter.isalpha():
            raise _fail(name, f"{where} needs a one-letter `letter` for the board")
        damage = entry.get("damage", 0)
        if entry["attack"] == "health" and damage not in (1, 2):
            raise _fail(name, f"{where}: Koka and Vikoka take 1 Health Point, Tauriz 2")
        monsters.append(
            MonsterKind(
                key,
                entry["name"],
                letter,
                movement,
                entry["attack"],
                damage,
                bool(entry.get("torch", False)),
                bool(entry.get("bullets", False)),
            )
        )
    if len(monsters) != 6 or len({m.key for m in monsters}) != 6:
        raise _fail(name, 'the rules have "Monster Tiles x 6", one of each monster')
    if len({m.letter for m in monsters}) != 6:
        raise _fail(name, "two monsters share a board letter")
    return monsters


def validate_characters(raw: Any, name: str = "characters.json") -> dict[str, Character]:
    characters: dict[str, Character] = {}
    for entry in _entries(raw, name, "characters"):
        key = entry["key"]
        where = f'entry "{key}"'
        if key not in CHARACTER_RULES:
            raise _fail(name, f"{where} is not one of the rules' 6 Character Cards ({', '.join(CHARACTER_RULES)})")
        ability, health, bullets, equipment = CHARACTER_RULES[key]
        for field, wanted in (("ability", ability), ("health", health), ("bullets", bullets), ("equipment", equipment)):
            if entry.get(field) != wanted:
                raise _fail(name, f"{where} has {field} {entry.get(field)!r}; its rule text gives {wanted!r}")
        characters[key] = Character(key, entry["name"], health, bullets, equipment, ability, str(entry.get("text", "")))
    if len(characters) != 6:
        raise _fail(name, 'the rules have "6 Character Cards"')
    return characters


def _space(value: Any, name: str, where: str) -> int:
    cell = geo.parse_label(value) if isinstance(value, str) else None
    if cell is None:
        raise _fail(name, f"{where}: {value!r} is not a space from A1 to L12")
    return cell


def _check_arrows(rows: Any, name: str) -> str:
    if not isinstance(rows, list) or len(rows) != geo.SIZE or not all(isinstance(r, str) for r in rows):
        raise _fail(name, "`arrows` must be 12 rows of 12 letters (an arrow on every space)")
    for y, row in enumerate(rows):
        if len(row) != geo.SIZE or any(d not in geo.DIRS for d in row):
            raise _fail(name, f"arrows row {y + 1} must be 12 letters among N, E, S, W")
    arrows = "".join(rows)
    for cell, direction in enumerate(arrows):
        if geo.quadrant_step(cell, direction) < 0:
            raise _fail(name, f"the arrow on {geo.label(cell)} points out of its quadrant (monsters never leave it)")
    for q, quarter in enumerate(geo.QUADRANT_NAMES):
        start = next(c for c in range(geo.SIZE * geo.SIZE) if geo.quadrant(c) == q)
        seen, cell = [], start
        while cell not in seen:
            seen.append(cell)
            cell = geo.raw_step(cell, arrows[cell])
        if len(seen) != geo.HALF * geo.HALF or cell != start:
            raise _fail(
                name,
                f"the arrows of the {quarter} quadrant must lead a monster round all 36 of its spaces "
                f"(from {geo.label(start)} it loops after {len(seen)})",
            )
    return arrows


def _archways(raw: Any, name: str) -> tuple[tuple[int, int], ...]:
    if not isinstance(raw, list):
        raise _fail(name, "`archways` must be a list of space pairs")
    pairs: list[tuple[int, int]] = []
    segments: set[frozenset[int]] = set()
    for index, pair in enumerate(raw):
        where = f"archway {index + 1}"
        if not isinstance(pair, list) or len(pair) != 2:
            raise _fail(name, f"{where} must be a pair of spaces")
        a, b = (_space(p, name, where) for p in pair)
        if b not in {geo.raw_step(a, d) for d in geo.DIRS} or geo.quadrant(a) == geo.quadrant(b):
            raise _fail(name, f"{where} must join two neighbouring spaces of different quadrants")
        segment = frozenset((geo.quadrant(a), geo.quadrant(b)))
        if segment in segments:
            raise _fail(name, f"{where}: one archway per wall between two quadrants")
        segments.add(segment)
        pairs.append((a, b))
    if len(segments) != 4:
        raise _fail(name, "each of the 4 walls between neighbouring quadrants needs its archway")
    return tuple(pairs)


def validate_board(raw: Any, name: str = "board.json") -> BoardData:
    if not isinstance(raw, dict):
        raise _fail(name, "must be an object")
    if raw.get("size") != geo.SIZE or raw.get("quadrant") != geo.HALF:
        raise _fail(name, 'the board is "four 6x6 space quadrants" (size 12, quadrant 6)')
    archways = _archways(raw.get("archways"), name)
    grid = geo.Grid(frozenset(frozenset(p) for p in archways))
    exit_raw = raw.get("exit") or {}
    exit_cell = _space(exit_raw.get("space"), name, "exit")
    exit_open = geo.rotate(str(exit_raw.get("open", "")), 0)
    if len(exit_open) != 2 or any(grid.step(exit_cell, d) < 0 for d in exit_open):
        raise _fail(name, "the Exit has two open sides, each leading to a space of its quadrant")
    if all(geo.raw_step(exit_cell, d) >= 0 for d in geo.DIRS):
        raise _fail(name, "the Exit sits on the outer edge of the board")
    exit_q = geo.quadrant(exit_cell)
    relic_spaces: dict[int, tuple[int, ...]] = {}
    for count in RELIC_SETS:
        spaces = (raw.get("relic_spaces") or {}).get(str(count))
        where = f"relic spaces for {count} relics"
        if not isinstance(spaces, list) or len(spaces) != count:
            raise _fail(name, f"{where} must list {count} spaces (1-2 players: 3, 3 players: 4, 4 players: 6)")
        cells = tuple(_space(s, name, where) for s in spaces)
        if len(set(cells)) != count or exit_cell in cells:
            raise _fail(name, f"{where} must be {count} different spaces, not the Exit")
        quarters = {geo.quadrant(c) for c in cells}
        if exit_q in quarters or len(quarters) != 3:
            raise _fail(name, f'{where} must lie in "the three quadrants" without the Exit')
        relic_spaces[count] = cells
    yaoguai: dict[int, tuple[int, ...]] = {}
    for q, quarter in enumerate(geo.QUADRANT_NAMES):
        spaces = (raw.get("yaoguai_targets") or {}).get(quarter)
        where = f"Yaoguai targets of the {quarter} quadrant"
        if not isinstance(spaces, list) or len(spaces) != 2:
            raise _fail(name, f"{where} must be 2 spaces")
        cells = tuple(_space(s, name, where) for s in spaces)
        if len(set(cells)) != 2 or any(geo.quadrant(c) != q or c == exit_cell for c in cells):
            raise _fail(name, f"{where} must be 2 different spaces of that quadrant, not the Exit")
        yaoguai[q] = cells
    start_tiles, starts = _starts(raw, name, grid, exit_cell, exit_open)
    arrows = _check_arrows(raw.get("arrows"), name)
    return BoardData(exit_cell, exit_open, archways, relic_spaces, yaoguai, start_tiles, starts, arrows, grid)


def _starts(
    raw: dict[str, Any], name: str, grid: geo.Grid, exit_cell: int, exit_open: str
) -> tuple[dict[int, tuple[StartTile, ...]], dict[int, tuple[tuple[int, str], ...]]]:
    start_tiles: dict[int, tuple[StartTile, ...]] = {}
    starts: dict[int, tuple[tuple[int, str], ...]] = {}
    for players in range(1, 5):
        where = f"start tiles for {players} players"
        tiles_raw = (raw.get("start_tiles") or {}).get(str(players))
        if not isinstance(tiles_raw, list) or len(tiles_raw) != max(0, players - 2):
            raise _fail(name, f'{where}: "For 3 or 4 player games take 1 or 2 T Passage Tiles"')
        tiles: list[StartTile] = []
        openings: dict[int, str] = {exit_cell: exit_open}
        for entry in tiles_raw:
            cell = _space(entry.get("space"), name, where)
            rotation = entry.get("rotation")
            if entry.get("tile") != "T" or rotation not in (0, 1, 2, 3):
                raise _fail(name, f"{where}: each is a T tile with a rotation 0-3")
            ends = geo.rotate("NEW", rotation)
            toward = next((d for d in geo.DIRS if grid.step(cell, d) == exit_cell), "")
            if not toward or toward not in ends or geo.OPPOSITE[toward] not in exit_open:
                raise _fail(name, f"{where}: the T at {geo.label(cell)} must connect to the Exit space")
            if any(grid.step(cell, d) < 0 for d in ends):
                raise _fail(name, f"{where}: the T at {geo.label(cell)} has an end blocked by the outer walls")
            tiles.append(StartTile("T", cell, rotation))
            openings[cell] = ends
        start_tiles[players] = tuple(tiles)
        spots_raw = (raw.get("starts") or {}).get(str(players))
        where = f"starting ends for {players} players"
        if not isinstance(spots_raw, list) or len(spots_raw) != players:
            raise _fail(name, f"{where} must give one end per player")
        spots: list[tuple[int, str]] = []
        for spot in spots_raw:
            cell = _space(spot[0] if isinstance(spot, list) and spot else None, name, where)
            side = spot[1] if isinstance(spot, list) and len(spot) == 2 else None
            if cell not in openings or not isinstance(side, str) or (side and side not in openings[cell]):
                raise _fail(name, f'{where}: "Place each player pawn on the end of a pathway" of the Exit or a T')
            if side and (grid.step(cell, side) < 0 or grid.step(cell, side) in openings):
                raise _fail(name, f"{where}: the end {geo.label(cell)} {side} must lead to an empty space")
            spots.append((cell, side))
        if len(set(spots)) != players:
            raise _fail(name, f"{where}: two players start at the same end")
        starts[players] = tuple(spots)
    return start_tiles, starts


def validate_house(raw: Any, name: str = "rules.json") -> House:
    if not isinstance(raw, dict):
        raise _fail(name, "must be an object")
    for key, (value, text) in BINDING_RULES.items():
        if raw.get(key) != value:
            raise _fail(name, f'`{key}` is {raw.get(key)!r}, but the rules say "{text}"')
    return House(*(raw[key] for key in BINDING_RULES))


def build(directory: Path = DATA_DIR) -> GameData:
    kinds_counted = validate_tiles(_read(directory, "tiles.json"))
    monsters = validate_monsters(_read(directory, "monsters.json"))
    characters = validate_characters(_read(directory, "characters.json"))
    board = validate_board(_read(directory, "board.json"))
    house = validate_house(_read(directory, "rules.json"))
    kinds: list[TileKind] = [kind for kind, count in kinds_counted for _ in range(count)]
    monster_tiles = tuple(range(len(kinds), len(kinds) + len(monsters)))
    kinds += [TileKind(m.key, m.name, "monster") for m in monsters]
    if len(kinds) != TOTAL_TILES:
        raise DataError(f'tiles.json + monsters.json: {len(kinds)} tiles, but the rules say "111 Tiles"')
    return GameData(tuple(kinds), tuple(monsters), monster_tiles, characters, board, house)


@cache
def load() -> GameData:
    return build()
