"""Muggles' data: Cache Me If You Can's boards, tiles and cards, plus the seven Cache Groups.

Muggles is played "with the standard game board, tiles, cards, and coins" (000, Discussion 1), so
the pieces are Cache Me If You Can's data files, read by its loaders. A file of the same name in
``bot/games/muggles/data`` replaces the base game's for Muggles only (house tuning for the
cooperative game; none is needed at present). Muggles' own files: ``groups.json``, the seven groups
with the counts the text gives, checked against the tile mix, and ``card_texts.json``, the texts of
the event cards Muggles plays differently (only the texts: a card's effect, timing and count stay
the base game's, so the two games' cards cannot drift apart).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from bot.games.cmiyc import board as board_module
from bot.games.cmiyc import components as parts
from bot.games.cmiyc.data import GameData, cross_check
from bot.games.cmiyc.loading import DATA_DIR as BASE_DIR
from bot.games.cmiyc.loading import DataError, fail, need, read

__all__ = ["DataError", "Group", "MugglesData", "default", "load"]

OWN_DIR = Path(__file__).parent / "data"
GROUPS_FILE = "groups.json"
CARD_TEXTS_FILE = "card_texts.json"
GROUP_COUNT = 7
"""Muggles (000): "The various cache types fall into seven groups"."""


@dataclass(frozen=True)
class Group:
    id: str
    name: str
    short: str
    """The name the board's Cache Groups panel shows (at most 7 characters)."""
    kinds: tuple[str, ...]
    """The cache types of the group."""
    sets: bool
    """Multi-caches: the group is held only with a completed set."""


@dataclass(frozen=True)
class MugglesData:
    game: GameData
    groups: tuple[Group, ...]
    by_kind: Mapping[str, Group] = field(init=False, repr=False, compare=False)
    """Cache type -> its group (the losing check asks this many times a move)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_kind", MappingProxyType({k: g for g in self.groups for k in g.kinds}))

    def group_of(self, kind: str) -> Group:
        return self.by_kind[kind]

    def group(self, group_id: str) -> Group:
        return next(g for g in self.groups if g.id == group_id)


def _read(name: str, own: Path, base: Path) -> Any:
    return read(own if (own / name).is_file() else base, name)


def load(own: Path = OWN_DIR, base: Path = BASE_DIR) -> MugglesData:
    """The base game's files (or Muggles' own copy of one), then the groups, all validated."""
    board = board_module.parse(_read(board_module.FILE, own, base))
    items, equipment = parts.parse_equipment(_read(parts.EQUIPMENT_FILE, own, base))
    kinds, tiles = parts.parse_tiles(_read(parts.TILES_FILE, own, base), items)
    game = GameData(
        board=board,
        kinds=kinds,
        tiles=tiles,
        items=items,
        equipment=equipment,
        events=card_texts(parts.parse_events(_read(parts.EVENTS_FILE, own, base), items), own),
        characters=parts.parse_characters(_read(parts.CHARACTERS_FILE, own, base)),
        coins=parts.parse_coins(_read(parts.COINS_FILE, own, base), kinds),
    )
    cross_check(game)
    return MugglesData(game, parse_groups(read(own, GROUPS_FILE), game))


def card_texts(events: tuple[parts.EventCard, ...], own: Path) -> tuple[parts.EventCard, ...]:
    """The base game's event cards with Muggles' texts for the cards it plays differently."""
    if not (own / CARD_TEXTS_FILE).is_file():
        return events
    texts = need(read(own, CARD_TEXTS_FILE), "texts", dict, CARD_TEXTS_FILE, "texts")
    for kind, text in texts.items():
        if not any(card.kind == kind for card in events):
            raise fail(CARD_TEXTS_FILE, f"card {kind!r}", "is not one of the event cards")
        if not isinstance(text, str) or not text.strip():
            raise fail(CARD_TEXTS_FILE, f"card {kind!r}", "needs a text")
    return tuple(replace(card, text=texts.get(card.kind, card.text)) for card in events)


def parse_groups(raw: Any, game: GameData) -> tuple[Group, ...]:
    groups: list[Group] = []
    for index, entry in enumerate(need(raw, "groups", list, GROUPS_FILE, "groups")):
        group_id = need(entry, "id", str, GROUPS_FILE, f"group #{index + 1}")
        where = f"group {group_id!r}"
        if any(g.id == group_id for g in groups):
            raise fail(GROUPS_FILE, where, "is listed twice")
        short = need(entry, "short", str, GROUPS_FILE, where)
        if not 1 <= len(short) <= 7:
            raise fail(GROUPS_FILE, where, "the short name has 1 to 7 characters (the board shows it)")
        members = entry.get("members", {})
        sets = entry.get("sets", {})
        if bool(members) == bool(sets) or not isinstance(members, dict) or not isinstance(sets, dict):
            raise fail(GROUPS_FILE, where, "lists either 'members' (cache counts) or 'sets' (multi-cache sets)")
        for kind_id, count in {**members, **sets}.items():
            kind = game.kinds.get(kind_id)
            if kind is None or not kind.is_cache:
                raise fail(GROUPS_FILE, where, f"{kind_id!r} is not a cache type of the tile mix")
            if kind.is_set != bool(sets):
                raise fail(GROUPS_FILE, where, f"{kind_id!r}: multi-caches are counted in 'sets', others in 'members'")
            have = kind.count // kind.set_size if kind.is_set else kind.count
            if have != count:
                raise fail(
                    GROUPS_FILE, where, f"Muggles' counts are binding: {count} of {kind_id!r}, the tiles have {have}"
                )
        name = need(entry, "name", str, GROUPS_FILE, where)
        groups.append(Group(group_id, name, short, tuple(members) + tuple(sets), bool(sets)))
    if len(groups) != GROUP_COUNT:
        raise fail(GROUPS_FILE, "groups", f"the cache types fall into {GROUP_COUNT} groups, not {len(groups)}")
    listed = [k for g in groups for k in g.kinds]
    for kind in game.cache_kinds():
        if listed.count(kind.id) != 1:
            raise fail(GROUPS_FILE, f"cache type {kind.id!r}", "belongs to exactly one group")
    return tuple(groups)


@cache
def default() -> MugglesData:
    return load()
