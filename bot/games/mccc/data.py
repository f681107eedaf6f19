"""Loading and validating the game data in ``bot/games/mccc/data/``.

Every rule a file must keep is checked here; a broken file is refused with a
``DataError`` naming the file, the entry and the rule it breaks, e.g.
``maze_cards.json: card 17 has a mouse hole on an open edge (E)``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from bot.engine import OptionSpec
from bot.games.mccc import GAME
from bot.games.mccc import maze as mz
from bot.games.mccc.views import Agenda

DATA_DIR = Path(__file__).parent / "data"

MAZE_CARDS = 28
CHARACTERS = ("mouse", "cheese", "cat", "cucumber")
AGENDAS = CHARACTERS
ABILITIES = {
    "mouse": "mouse_holes",
    "cat": "swap_cat_cheese",
    "cheese": "rotate_any",
    "cucumber": "stack_anywhere",
}
TOTAL_CARDS = 36
BELT = 4
STACKS = 4


class DataError(ValueError):
    """A data file breaks a rule; the message names the file, the entry and the rule."""


@dataclass(frozen=True)
class Stack:
    maze: int
    shuffle_in: str | None
    keep_on_top: int


@dataclass(frozen=True)
class Setup:
    id: int
    name: str
    difficulty: str
    story: str
    cheese: int
    mouse: int
    cards: tuple[tuple[int, int, int], ...]
    """(card, cell, rot) of the starting maze cards."""
    stacks: tuple[Stack, ...]
    easier_short_stack: int
    """Index of the stack dealt one card short in easier mode (the Mouse's Studio is removed)."""
    multiplayer_stacks: tuple[Stack, ...] = ()
    """The deck of the balanced multiplayer rules (2-4 players, no agendas in it); empty: the solo
    ``stacks``."""

    def deck_stacks(self, players: int, balanced: bool) -> tuple[Stack, ...]:
        """The stacks the Maze Deck is built from at a table of ``players`` (``balanced``: the house
        multiplayer balance is played)."""
        if players > 1 and balanced and self.multiplayer_stacks:
            return self.multiplayer_stacks
        return self.stacks


@dataclass(frozen=True)
class GameData:
    cards: tuple[dict[str, Any], ...]
    table: mz.CardTable
    puzzle: tuple[tuple[int, ...], ...]
    characters: dict[str, dict[str, Any]]
    agendas: dict[str, Agenda]
    setups: dict[int, Setup]
    studio: int


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


def _edges(value: Any, name: str, where: str, field: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(d, str) and d in mz.DIRS for d in value):
        raise _fail(name, f"{where} has `{field}` that is not a list of edges N, E, S, W")
    if len(set(value)) != len(value):
        raise _fail(name, f"{where} lists an edge twice in `{field}`")
    return value


def validate_cards(
    raw: Any, name: str = "maze_cards.json"
) -> tuple[tuple[dict[str, Any], ...], tuple[tuple[int, ...], ...]]:
    if not isinstance(raw, dict) or not isinstance(raw.get("cards"), list):
        raise _fail(name, "must be an object with a `cards` list")
    cards = raw["cards"]
    seen: set[int] = set()
    studios = []
    cw_total = ccw_total = 0
    for index, card in enumerate(cards):
        if not isinstance(card, dict) or not isinstance(card.get("id"), int) or isinstance(card.get("id"), bool):
            raise _fail(name, f"entry {index + 1} has no whole-number `id`")
        cid = card["id"]
        where = f"card {cid}"
        unknown = set(card) - {"id", "walls", "holes", "cogs", "studio", "name"}
        if unknown:
            raise _fail(name, f"{where} has unknown field(s) {', '.join(sorted(unknown))}")
        if cid in seen:
            raise _fail(name, f"{where} appears twice (ids must be unique)")
        if not 1 <= cid <= MAZE_CARDS:
            raise _fail(name, f"{where}: ids run from 1 to {MAZE_CARDS}")
        seen.add(cid)
        walls = _edges(card.get("walls"), name, where, "walls")
        holes = _edges(card.get("holes", []), name, where, "holes")
        for edge in holes:
            if edge not in walls:
                raise _fail(name, f"{where} has a mouse hole on an open edge ({edge}); mouse holes sit in walls")
        cogs = card.get("cogs", {})
        if not isinstance(cogs, dict):
            raise _fail(name, f"{where} has `cogs` that is not an object edge -> cw/ccw")
        for edge, turn in cogs.items():
            if edge not in mz.DIRS:
                raise _fail(name, f"{where} has a cog on `{edge}`, which is not an edge N, E, S or W")
            if turn not in ("cw", "ccw"):
                raise _fail(name, f"{where} has a cog turning `{turn}`; a cog turns `cw` or `ccw`")
            cw_total += turn == "cw"
            ccw_total += turn == "ccw"
        if card.get("studio"):
            if len(walls) != 4 or len(holes) != 4:
                raise _fail(name, f"{where} is the Mouse's Studio, which must have four walls each with a mouse hole")
            studios.append(cid)
        elif len(holes) == 4:
            raise _fail(name, f"{where} has four mouse holes but is not marked as the Mouse's Studio")
    if len(cards) != MAZE_CARDS:
        raise _fail(name, f"has {len(cards)} maze cards; the game has exactly {MAZE_CARDS}")
    if len(studios) != 1:
        raise _fail(
            name, f"has {len(studios)} Mouse's Studio cards; exactly one card is the Studio with four mouse holes"
        )
    if not cw_total or not ccw_total:
        raise _fail(name, "needs cogs of both directions (clockwise and counter-clockwise)")
    by_id = {card["id"]: card for card in cards}
    puzzle = raw.get("puzzle")
    if not isinstance(puzzle, list) or len(puzzle) != 4 or not all(isinstance(r, list) and len(r) == 7 for r in puzzle):
        raise _fail(name, "`puzzle` must be 4 rows of 7 card ids (the Maze is 4 x 7 Maze Cards)")
    flat = [cid for row in puzzle for cid in row]
    if sorted(flat) != sorted(by_id):
        raise _fail(name, "`puzzle` must use every maze card exactly once")
    for y, row in enumerate(puzzle):
        for x, cid in enumerate(row):
            for d, (dx, dy) in ((mz.E, (1, 0)), (mz.S, (0, 1))):
                nx, ny = x + dx, y + dy
                if nx >= 7 or ny >= 4:
                    continue
                other = puzzle[ny][nx]
                here = mz.DIRS[d] in by_id[cid]["walls"]
                there = mz.DIRS[(d + 2) % 4] in by_id[other]["walls"]
                if here != there:
                    raise _fail(
                        name,
                        f"puzzle: card {cid} and card {other} do not match along their shared edge "
                        f"({'wall' if here else 'open'} against {'wall' if there else 'open'})",
                    )
    return tuple(cards), tuple(tuple(row) for row in puzzle)


def validate_characters(raw: Any, name: str = "characters.json") -> dict[str, dict[str, Any]]:
    if not isinstance(raw, dict) or not isinstance(raw.get("characters"), list):
        raise _fail(name, "must be an object with a `characters` list")
    result: dict[str, dict[str, Any]] = {}
    for index, entry in enumerate(raw["characters"]):
        key = entry.get("key") if isinstance(entry, dict) else None
        if key not in CHARACTERS:
            raise _fail(name, f"entry {index + 1} has key `{key}`; the characters are {', '.join(CHARACTERS)}")
        if key in result:
            raise _fail(name, f"character `{key}` appears twice")
        for field in ("name", "title", "colour"):
            if not isinstance(entry.get(field), str) or not entry[field]:
                raise _fail(name, f"character `{key}` needs a `{field}` text")
        catches = entry.get("catches")
        if catches is not None and catches not in CHARACTERS:
            raise _fail(name, f"character `{key}` catches unknown character `{catches}`")
        result[key] = entry
    if len(result) != len(CHARACTERS):
        missing = ", ".join(k for k in CHARACTERS if k not in result)
        raise _fail(name, f"has {len(result)} character cards; the game has exactly 4 (missing {missing})")
    if not result["mouse"].get("moves") or not result["cat"].get("moves"):
        raise _fail(name, "the Mouse and the Cat are the characters that move")
    if result["cheese"].get("moves"):
        raise _fail(name, "character `cheese` must not move (The Royal Cheese may not be bothered to Move)")
    if result["mouse"].get("catches") != "cheese" or result["cat"].get("catches") != "mouse":
        raise _fail(name, "the Mouse must not run over the Cheese and the Cat must not run over the Mouse")
    return result


def validate_agendas(raw: Any, name: str = "agendas.json") -> dict[str, Agenda]:
    if not isinstance(raw, dict) or not isinstance(raw.get("agendas"), list):
        raise _fail(name, "must be an object with an `agendas` list")
    result: dict[str, Agenda] = {}
    combos = set()
    for index, entry in enumerate(raw["agendas"]):
        key = entry.get("key") if isinstance(entry, dict) else None
        if key not in AGENDAS:
            raise _fail(name, f"entry {index + 1} has key `{key}`; the agendas are {', '.join(AGENDAS)}")
        if key in result:
            raise _fail(name, f"agenda `{key}` appears twice")
        win = entry.get("win")
        if (
            not isinstance(win, dict)
            or set(win) != {"mouse_cheese", "cat_mouse"}
            or not all(isinstance(v, bool) for v in win.values())
        ):
            raise _fail(name, f"agenda `{key}` needs `win` with true/false for mouse_cheese and cat_mouse")
        combo = (win["mouse_cheese"], win["cat_mouse"])
        if combo in combos:
            raise _fail(name, f"agenda `{key}` has the same win condition as another agenda")
        combos.add(combo)
        if entry.get("ability") != ABILITIES[key]:
            raise _fail(name, f"agenda `{key}` must have the ability `{ABILITIES[key]}`")
        for field in ("title", "motive", "ability_text"):
            if not isinstance(entry.get(field), str) or not entry[field]:
                raise _fail(name, f"agenda `{key}` needs a `{field}` text")
        result[key] = Agenda(
            key=key,
            title=entry["title"],
            motive=entry["motive"],
            ability_text=entry["ability_text"],
            mouse_cheese=win["mouse_cheese"],
            cat_mouse=win["cat_mouse"],
        )
    if len(result) != len(AGENDAS):
        raise _fail(name, f"has {len(result)} secret agenda cards; the game has exactly 4")
    return result


def _cell(value: Any, name: str, where: str) -> int:
    try:
        return mz.parse_label(value if isinstance(value, str) else "")
    except ValueError:
        raise _fail(name, f"{where}: `{value}` is not a grid cell A1..I9") from None


def setup_option() -> OptionSpec:
    """The registration's ``setup`` option (``bot/games/mccc/__init__.py``)."""
    return next(option for option in GAME.options if option.key == "setup")


def option_label(setup: Setup) -> str:
    """How the setup option names a setup: ``1 · Cat's Crossing (hard)``."""
    return f"{setup.id} · {setup.name} ({setup.difficulty.lower()})"


def check_setup_option(setups: dict[int, Setup], option: OptionSpec, name: str = "setups.json") -> None:
    """The setups in the file are exactly the registration's setup choices, named alike."""
    offered = {value: label for value, label in option.choices}
    for sid in sorted(set(setups) | set(offered)):
        if sid not in setups:
            raise _fail(name, f"has no setup {sid}, but the game's `setup` option offers it ({offered[sid]})")
        if sid not in offered:
            raise _fail(name, f"setup {sid} is not among the `setup` option's choices in bot/games/mccc/__init__.py")
        if offered[sid] != option_label(setups[sid]):
            raise _fail(
                name,
                f'setup {sid} is "{option_label(setups[sid])}" but the `setup` option in '
                f'bot/games/mccc/__init__.py calls it "{offered[sid]}"',
            )


def _layout(
    layout: Any, known: set[int], studio: int, name: str, where: str
) -> tuple[int, int, list[tuple[int, int, int]]]:
    """The Cheese's cell, the Mouse's cell and the starting ``(card, cell, rot)`` of a setup."""
    if not isinstance(layout, dict):
        raise _fail(name, f"{where} needs a `layout`")
    cheese = _cell(layout.get("cheese"), name, f"{where} cheese")
    mouse = _cell(layout.get("mouse"), name, f"{where} mouse")
    placed: list[tuple[int, int, int]] = []
    cells = {cheese: "the Cheese"}
    if mouse in cells:
        raise _fail(name, f"{where}: the Mouse and the Cheese share {mz.label(mouse)}")
    cells[mouse] = "the Mouse"
    for item in layout.get("cards", []):
        cid = item.get("card")
        if cid not in known:
            raise _fail(name, f"{where}: starting card `{cid}` is not a maze card")
        if cid == studio:
            raise _fail(
                name, f"{where}: the Mouse's Studio cannot start in the maze (easier mode removes it before setup)"
            )
        if any(cid == p[0] for p in placed):
            raise _fail(name, f"{where}: card {cid} is laid twice")
        cell = _cell(item.get("cell"), name, f"{where} card {cid}")
        if cell in cells:
            raise _fail(name, f"{where}: card {cid} and {cells[cell]} share {mz.label(cell)}")
        rot = item.get("rot", 0)
        if rot not in (0, 1, 2, 3):
            raise _fail(name, f"{where}: card {cid} has rot `{rot}`; rot is 0-3 quarter turns clockwise")
        cells[cell] = f"card {cid}"
        placed.append((cid, cell, rot))
    if not placed:
        raise _fail(name, f"{where}: the starting maze needs at least one maze card")
    x0, y0, x1, y1 = mz.box_of(cells)
    if x1 - x0 >= mz.LIMIT or y1 - y0 >= mz.LIMIT:
        raise _fail(
            name, f"{where}: the starting layout is larger than 5 x 5 (The Maze may never be larger than 5 x 5)"
        )
    cx0, cy0, cx1, cy1 = mz.box_of(c for _, c, _ in placed)
    reach = mz.LIMIT - 1
    if cx1 - reach < 0 or cy1 - reach < 0 or cx0 + reach >= mz.SIZE or cy0 + reach >= mz.SIZE:
        raise _fail(name, f"{where}: the starting maze cards must sit near E5 so the maze stays inside the A1-I9 grid")
    return cheese, mouse, placed


def _stacks(stacks_raw: Any, name: str, where: str, solo: bool = True) -> list[Stack]:
    if not isinstance(stacks_raw, list) or len(stacks_raw) != STACKS:
        raise _fail(name, f"{where} needs exactly {STACKS} stacks (one per secret agenda)")
    stacks = []
    for number, stack in enumerate(stacks_raw, start=1):
        size = stack.get("maze")
        if not isinstance(size, int) or size < 1:
            raise _fail(name, f"{where} stack {number} needs a positive `maze` card count")
        extra = stack.get("shuffle_in")
        if extra not in (None, "cat", "cucumber"):
            raise _fail(
                name, f"{where} stack {number} shuffles in `{extra}`; only the Cat or the Cucumber are shuffled in"
            )
        top = stack.get("keep_on_top", 0)
        if not isinstance(top, int) or top < 0 or top >= size:
            raise _fail(name, f"{where} stack {number}: keep_on_top must leave at least one maze card to shuffle")
        if top and extra is None:
            raise _fail(name, f"{where} stack {number}: keep_on_top only makes sense with a card shuffled in")
        stacks.append(Stack(size, extra, top))
    extras = [s.shuffle_in for s in stacks]
    if extras.count("cat") != 1 or extras.count("cucumber") != 1:
        raise _fail(name, f"{where}: the Cat and the Cucumber must each be shuffled into one stack")
    if extras.index("cat") > extras.index("cucumber"):
        raise _fail(name, f"{where}: the Cat must come before the Cucumber (the Endgame needs the Cat in the maze)")
    if solo and extras.index("cucumber") != STACKS - 1:
        raise _fail(
            name, f"{where}: the Cucumber goes into the last stack, above the agenda at the bottom of the Maze Deck"
        )
    return stacks


def _counts(stacks: list[Stack], laid: int, name: str, where: str) -> None:
    """The setup uses every maze card once and leaves the Cat room."""
    total = sum(s.maze for s in stacks) + BELT + laid
    if total != MAZE_CARDS:
        raise _fail(
            name,
            f"{where} uses {total} maze cards ({laid} laid, {BELT} on the belt, "
            f"{sum(s.maze for s in stacks)} in stacks); there are exactly {MAZE_CARDS}",
        )
    cat_stack = [s.shuffle_in for s in stacks].index("cat")
    before_cat = laid + sum(s.maze for s in stacks[: cat_stack + 1])
    if before_cat + 3 > mz.LIMIT * mz.LIMIT:
        raise _fail(name, f"{where}: too many maze cards before the Cat for it to find an empty space")


def _short(stacks: list[Stack], short: Any, name: str, where: str) -> None:
    """Easier mode can lose the Studio from the stack it names."""
    if not isinstance(short, int) or not 1 <= short <= STACKS:
        raise _fail(name, f"{where}: easier_short_stack must be a stack number 1-{STACKS}")
    shortened = stacks[short - 1]
    if shortened.maze - 1 <= shortened.keep_on_top:
        raise _fail(name, f"{where}: stack {short} is too small to lose the Mouse's Studio in easier mode")


def validate_setups(
    raw: Any, cards: tuple[dict[str, Any], ...], studio: int, name: str = "setups.json"
) -> dict[int, Setup]:
    if not isinstance(raw, dict) or not isinstance(raw.get("setups"), list):
        raise _fail(name, "must be an object with a `setups` list")
    known = {card["id"] for card in cards}
    result: dict[int, Setup] = {}
    for index, entry in enumerate(raw["setups"]):
        sid = entry.get("id") if isinstance(entry, dict) else None
        if not isinstance(sid, int) or sid in result:
            raise _fail(name, f"entry {index + 1} needs a unique whole-number `id`")
        where = f"setup {sid}"
        for field in ("name", "difficulty", "story"):
            if not isinstance(entry.get(field), str) or not entry[field]:
                raise _fail(name, f"{where} needs a `{field}` text")
        cheese, mouse, placed = _layout(entry.get("layout"), known, studio, name, where)
        stacks = _stacks(entry.get("stacks"), name, where)
        short = entry.get("easier_short_stack", 1)
        _counts(stacks, len(placed), name, where)
        _short(stacks, short, name, where)
        multiplayer: list[Stack] = []
        if "multiplayer_stacks" in entry:
            multiplayer = _stacks(entry["multiplayer_stacks"], name, f"{where} multiplayer", solo=False)
            _counts(multiplayer, len(placed), name, f"{where} multiplayer")
        result[sid] = Setup(
            id=sid,
            name=entry["name"],
            difficulty=entry["difficulty"],
            story=entry["story"],
            cheese=cheese,
            mouse=mouse,
            cards=tuple(placed),
            stacks=tuple(stacks),
            easier_short_stack=short - 1,
            multiplayer_stacks=tuple(multiplayer),
        )
    check_setup_option(result, setup_option(), name)
    return result


def load(directory: Path | str = DATA_DIR) -> GameData:
    directory = Path(directory)
    cards, puzzle = validate_cards(_read(directory, "maze_cards.json"))
    table = mz.CardTable(cards)
    characters = validate_characters(_read(directory, "characters.json"))
    agendas = validate_agendas(_read(directory, "agendas.json"))
    setups = validate_setups(_read(directory, "setups.json"), cards, table.studio)
    total = len(cards) + len(characters) + len(agendas)
    if total != TOTAL_CARDS:
        raise DataError(f"maze_cards.json: the game has {TOTAL_CARDS} cards but the data holds {total}")
    return GameData(
        cards=cards,
        table=table,
        puzzle=puzzle,
        characters=characters,
        agendas=agendas,
        setups=setups,
        studio=table.studio,
    )


@lru_cache(maxsize=1)
def default() -> GameData:
    return load(DATA_DIR)
