"""All of the game's data, loaded and validated once: ``default()`` (or ``load(directory)`` for a copy).

Muggles loads the same files through ``load`` and keeps every piece: the boards, the 104 tiles,
the equipment and event cards, the characters and the geocoins.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from bot.games.cmiyc import board as board_module
from bot.games.cmiyc import components as parts
from bot.games.cmiyc.board import Board
from bot.games.cmiyc.components import Character, EquipmentCard, EventCard, Geocoin, Item, Tile, TileKind
from bot.games.cmiyc.loading import DATA_DIR, DataError, fail, read

__all__ = ["DataError", "GameData", "default", "load"]


@dataclass(frozen=True)
class GameData:
    board: Board
    kinds: dict[str, TileKind]
    tiles: tuple[Tile, ...]
    items: dict[str, Item]
    equipment: tuple[EquipmentCard, ...]
    events: tuple[EventCard, ...]
    characters: tuple[Character, ...]
    coins: tuple[Geocoin, ...]

    def kind(self, tile: int) -> TileKind:
        return self.kinds[self.tiles[tile].kind]

    def character(self, char_id: str) -> Character:
        return next(c for c in self.characters if c.id == char_id)

    def item_name(self, item: str) -> str:
        return self.items[item].name

    def cache_kinds(self) -> list[TileKind]:
        return [k for k in self.kinds.values() if k.is_cache]


def load(directory: Path = DATA_DIR) -> GameData:
    board = board_module.parse(read(directory, board_module.FILE))
    items, equipment = parts.parse_equipment(read(directory, parts.EQUIPMENT_FILE))
    kinds, tiles = parts.parse_tiles(read(directory, parts.TILES_FILE), items)
    data = GameData(
        board=board,
        kinds=kinds,
        tiles=tiles,
        items=items,
        equipment=equipment,
        events=parts.parse_events(read(directory, parts.EVENTS_FILE), items),
        characters=parts.parse_characters(read(directory, parts.CHARACTERS_FILE)),
        coins=parts.parse_coins(read(directory, parts.COINS_FILE), kinds),
    )
    cross_check(data)
    return data


def cross_check(data: GameData) -> None:
    """Checks across files: fewer tile squares than tiles (a stock remains), items the caches need."""
    squares = len(data.board.tile_squares)
    if squares >= len(data.tiles):
        raise fail(
            board_module.FILE,
            "Wooded boards",
            f"{squares} squares take a tile, but fewer than the {len(data.tiles)} tiles must (a stock remains)",
        )
    for kind in data.cache_kinds():
        if kind.needs and sum(kind.needs in card.sides for card in data.equipment) < 2:
            raise fail(
                parts.EQUIPMENT_FILE, f"item {kind.needs!r}", f"{kind.name} needs it: put it on at least two cards"
            )
    for required in ("insurance",):
        if required not in data.items:
            raise fail(parts.EQUIPMENT_FILE, "items", "the Hospital's health insurance is an equipment item")


@cache
def default() -> GameData:
    return load()
