"""The game's pieces as data: tile kinds and the 104 tiles, equipment, event cards, characters, geocoins.

Each ``parse_*`` function reads one data file and refuses a broken one with a ``DataError`` naming
the file, the entry and the rule. The counts the rule texts state are checked here: 104 tiles,
Muggles' cache counts per type, 28 equipment cards with two items each, 18 event cards, 8
characters, 12 geocoins. Muggles reuses these loaders and types unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.games.cmiyc.loading import fail, need

TILES_FILE = "tiles.json"
EQUIPMENT_FILE = "equipment.json"
EVENTS_FILE = "events.json"
CHARACTERS_FILE = "characters.json"
COINS_FILE = "geocoins.json"

TOTAL_TILES = 104
EQUIPMENT_CARDS = 28
EVENT_CARDS = 18
CHARACTERS = 8
GEOCOINS = 12

MUGGLES_CACHE_COUNTS = {
    "traditional": 8,
    "nano": 4,
    "mystery": 2,
    "puzzle": 2,
    "water": 2,
    "night": 3,
    "padlock": 2,
    "combo_lock": 2,
    "challenge": 1,
    "virtual": 1,
    "maintenance": 2,
}
"""Muggles (000), "Cache Groups": the number of caches of each single type."""
MUGGLES_SETS = {"multi": 4, "super_multi": 1}
"""Muggles (000): "Multi-caches (4 sets), Super-multi-caches (1 set)"."""
PROBLEM_GROUPS = {
    "geocaching": ("no_signal", "battery", "lost_pen", "good_hide"),
    "weather": ("hot_sun", "cold"),
    "terrain": ("pond", "cliff", "cave", "swamp"),
    "nuisance": ("snake", "poison_ivy", "prickers", "beehive"),
}
"""Muggles (000), "Problem tiles": the four groups and the tiles in each."""
CATEGORIES = ("cache", "problem", "event", "map", "blank", "trail", "scenery")
TILE_EFFECTS = frozenset(
    {
        "lose_turn",
        "lose_gps_pen",
        "go_to_cafe",
        "go_back",
        "hospital",
        "bear",
        "poison_ivy",
        "discard_equipment",
        "flee_to_trail_head",
    }
)
TIMINGS = ("immediately", "turn", "any")
EVENT_EFFECTS = frozenset(
    {
        "golden_ammo_can",
        "disable_cache",
        "snack",
        "peek",
        "shuffle_tiles",
        "borrow_equipment",
        "second_wind",
        "ranger_lift",
        "lose_turn",
        "lose_gps_pen",
        "equipment_sale",
        "first_to_find",
        "thunderstorm",
        "mega_invite",
    }
)
ABILITIES = frozenset(
    {"snoop", "shopper", "borrower", "coin_collector", "trail_runner", "medic", "gadgeteer", "swag_hunter"}
)
NAMED_CHARACTERS = ("snoop", "shopper", "borrower", "coin_collector")
"""Characters the rule texts name: The Snoop (001's FAQ), Shopper, Borrower, Coin Collector (000)."""
GOAL_KINDS = frozenset({"at", "hold", "types", "set", "equipment"})
GOAL_PLACES = frozenset({"hospital", "mega_event", "swag_store", "store", "far_edge"})


@dataclass(frozen=True)
class TileKind:
    id: str
    name: str
    code: str
    """At most 3 characters: what a revealed tile shows on the board."""
    category: str
    count: int
    value: int = 0
    """Single caches: points."""
    set_size: int = 0
    """Multi and super-multi: tiles per set."""
    set_value: int = 0
    needs: str = ""
    """Equipment item needed to take the cache."""
    prerequisite_types: int = 0
    """Challenge cache: caches of this many different types needed first."""
    coin_symbols: int = 0
    group: str = ""
    effect: str = ""
    protection: str = ""
    replace: bool = False
    """The tile says "Replace when revealed" (it leaves the board once revealed)."""

    @property
    def is_cache(self) -> bool:
        return self.category == "cache"

    @property
    def is_set(self) -> bool:
        return self.set_size > 0


@dataclass(frozen=True)
class Tile:
    id: int
    kind: str
    coin: bool
    """Carries the geocoin symbol."""


@dataclass(frozen=True)
class Item:
    id: str
    name: str
    use: str


@dataclass(frozen=True)
class EquipmentCard:
    id: int
    sides: tuple[str, str]


@dataclass(frozen=True)
class EventCard:
    id: int
    kind: str
    name: str
    timing: str
    effect: str
    text: str
    amount: int = 0
    protection: str = ""


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    ability: str
    text: str


@dataclass(frozen=True)
class Goal:
    kind: str
    place: str = ""
    types: tuple[str, ...] = ()
    count: int = 0


@dataclass(frozen=True)
class Geocoin:
    id: int
    key: str
    name: str
    value: int
    goal: Goal
    text: str


# ---------------------------------------------------------------------- tiles


def parse_tiles(raw: Any, items: dict[str, Item]) -> tuple[dict[str, TileKind], tuple[Tile, ...]]:
    total = need(raw, "total", int, TILES_FILE, "the tile mix")
    if total != TOTAL_TILES:
        raise fail(TILES_FILE, "total", f"the game has {TOTAL_TILES} caching-area tiles, not {total}")
    kinds: dict[str, TileKind] = {}
    for index, entry in enumerate(need(raw, "kinds", list, TILES_FILE, "the tile mix")):
        kind = _tile_kind(entry, index, items)
        if kind.id in kinds:
            raise fail(TILES_FILE, f"kind {kind.id!r}", "is listed twice")
        kinds[kind.id] = kind
    _check_mix(kinds)
    tiles: list[Tile] = []
    for kind in kinds.values():
        for copy in range(kind.count):
            tiles.append(Tile(len(tiles), kind.id, copy < kind.coin_symbols))
    if len(tiles) != TOTAL_TILES:
        raise fail(TILES_FILE, "kinds", f"the counts add up to {len(tiles)} tiles, not {TOTAL_TILES}")
    return kinds, tuple(tiles)


def _tile_kind(entry: Any, index: int, items: dict[str, Item]) -> TileKind:
    kind_id = need(entry, "id", str, TILES_FILE, f"kind #{index + 1}")
    where = f"kind {kind_id!r}"
    category = need(entry, "category", str, TILES_FILE, where)
    if category not in CATEGORIES:
        raise fail(TILES_FILE, where, f"unknown category {category!r}")
    code = need(entry, "code", str, TILES_FILE, where)
    if len(code) > 3 or (category != "trail" and not code):
        raise fail(TILES_FILE, where, "the board code has 1 to 3 characters")
    count = need(entry, "count", int, TILES_FILE, where)
    if count < 1:
        raise fail(TILES_FILE, where, "count must be at least 1")
    kind = TileKind(
        id=kind_id,
        name=need(entry, "name", str, TILES_FILE, where),
        code=code,
        category=category,
        count=count,
        value=int(entry.get("value", 0)),
        set_size=int(entry.get("set_size", 0)),
        set_value=int(entry.get("set_value", 0)),
        needs=str(entry.get("needs", "")),
        prerequisite_types=int(entry.get("prerequisite_types", 0)),
        coin_symbols=int(entry.get("coin_symbols", 0)),
        group=str(entry.get("group", "")),
        effect=str(entry.get("effect", "")),
        protection=str(entry.get("protection", "")),
        replace=bool(entry.get("replace", False)),
    )
    _check_kind(kind, where, items)
    return kind


def _check_kind(kind: TileKind, where: str, items: dict[str, Item]) -> None:
    if kind.is_cache:
        if kind.is_set:
            if kind.set_size < 2 or kind.set_value < 1 or kind.count % kind.set_size:
                raise fail(TILES_FILE, where, "a multi-cache kind needs set_size >= 2, a set_value and whole sets")
        elif kind.value < 1:
            raise fail(TILES_FILE, where, "a cache is worth at least 1 point")
        if not 0 <= kind.coin_symbols <= kind.count:
            raise fail(TILES_FILE, where, "coin_symbols must be between 0 and count")
    elif kind.coin_symbols or kind.value:
        raise fail(TILES_FILE, where, "only caches have points or coin symbols")
    if kind.needs and kind.needs not in items:
        raise fail(TILES_FILE, where, f"needs unknown equipment item {kind.needs!r}")
    if kind.protection and kind.protection not in items:
        raise fail(TILES_FILE, where, f"unknown protecting item {kind.protection!r}")
    if kind.category == "problem":
        if kind.effect not in TILE_EFFECTS:
            raise fail(TILES_FILE, where, f"unknown effect {kind.effect!r}")
        if kind.group not in PROBLEM_GROUPS or kind.id not in PROBLEM_GROUPS[kind.group]:
            raise fail(TILES_FILE, where, "belongs to one of the four problem groups as Muggles lists them")
    elif kind.effect or kind.group:
        raise fail(TILES_FILE, where, "only problem tiles have an effect and a group")


def _check_mix(kinds: dict[str, TileKind]) -> None:
    for kind_id, count in MUGGLES_CACHE_COUNTS.items():
        found = kinds.get(kind_id)
        if found is None or not found.is_cache or found.count != count:
            raise fail(TILES_FILE, f"kind {kind_id!r}", f"Muggles' cache counts are binding: {count} caches")
    for kind_id, sets in MUGGLES_SETS.items():
        found = kinds.get(kind_id)
        if found is None or not found.is_set or found.count != sets * found.set_size:
            raise fail(TILES_FILE, f"kind {kind_id!r}", f"Muggles' cache counts are binding: {sets} set(s)")
    caches = {k for k, v in kinds.items() if v.is_cache}
    extra = caches - set(MUGGLES_CACHE_COUNTS) - set(MUGGLES_SETS)
    if extra:
        raise fail(TILES_FILE, f"kind {sorted(extra)[0]!r}", "is not one of Muggles' cache types")
    for group, members in PROBLEM_GROUPS.items():
        for member in members:
            if member not in kinds or kinds[member].group != group:
                raise fail(TILES_FILE, f"kind {member!r}", f"the {group} group needs this problem tile")
    if sum(1 for k in kinds.values() if k.effect == "bear") != 1 or kinds["cave"].count != 1:
        raise fail(TILES_FILE, "kind 'cave'", "there is exactly one Cave tile (it wakes the bear)")
    for category, least in (("event", 1), ("map", 1), ("trail", 1), ("scenery", 1)):
        if sum(k.count for k in kinds.values() if k.category == category) < least:
            raise fail(TILES_FILE, "kinds", f"the mix needs {category} tiles")
    if sum(k.count for k in kinds.values() if k.category == "blank") != 2:
        raise fail(TILES_FILE, "kinds", "the game has two blank tiles")


# ---------------------------------------------------------------------- equipment


def parse_equipment(raw: Any) -> tuple[dict[str, Item], tuple[EquipmentCard, ...]]:
    items: dict[str, Item] = {}
    for index, entry in enumerate(need(raw, "items", list, EQUIPMENT_FILE, "items")):
        item_id = need(entry, "id", str, EQUIPMENT_FILE, f"item #{index + 1}")
        if item_id in items:
            raise fail(EQUIPMENT_FILE, f"item {item_id!r}", "is listed twice")
        where = f"item {item_id!r}"
        items[item_id] = Item(
            item_id, need(entry, "name", str, EQUIPMENT_FILE, where), need(entry, "use", str, EQUIPMENT_FILE, where)
        )
    cards = []
    for index, entry in enumerate(need(raw, "cards", list, EQUIPMENT_FILE, "cards")):
        where = f"card #{index + 1}"
        if not (isinstance(entry, list) and len(entry) == 2):
            raise fail(EQUIPMENT_FILE, where, "each equipment card shows two items")
        if entry[0] == entry[1]:
            raise fail(EQUIPMENT_FILE, where, "the two items of a card differ")
        for item in entry:
            if item not in items:
                raise fail(EQUIPMENT_FILE, where, f"unknown item {item!r}")
        cards.append(EquipmentCard(index, (entry[0], entry[1])))
    if len(cards) != EQUIPMENT_CARDS:
        raise fail(EQUIPMENT_FILE, "cards", f"the game has {EQUIPMENT_CARDS} equipment cards, not {len(cards)}")
    on_cards = {item for card in cards for item in card.sides}
    for item in items:
        if item not in on_cards:
            raise fail(EQUIPMENT_FILE, f"item {item!r}", "appears on no card")
    return items, tuple(cards)


# ---------------------------------------------------------------------- events, characters, coins


def parse_events(raw: Any, items: dict[str, Item]) -> tuple[EventCard, ...]:
    cards: list[EventCard] = []
    seen: set[str] = set()
    for index, entry in enumerate(need(raw, "cards", list, EVENTS_FILE, "cards")):
        kind = need(entry, "id", str, EVENTS_FILE, f"card #{index + 1}")
        where = f"card {kind!r}"
        if kind in seen:
            raise fail(EVENTS_FILE, where, "is listed twice")
        seen.add(kind)
        timing, effect = need(entry, "timing", str, EVENTS_FILE, where), need(entry, "effect", str, EVENTS_FILE, where)
        if timing not in TIMINGS:
            raise fail(EVENTS_FILE, where, f"timing must be one of {TIMINGS}")
        if effect not in EVENT_EFFECTS:
            raise fail(EVENTS_FILE, where, f"unknown effect {effect!r}")
        protection = str(entry.get("protection", ""))
        if protection and protection not in items:
            raise fail(EVENTS_FILE, where, f"unknown protecting item {protection!r}")
        amount = int(entry.get("amount", 0))
        if effect in ("peek", "shuffle_tiles", "equipment_sale") and amount < 1:
            raise fail(EVENTS_FILE, where, "this effect needs an amount of at least 1")
        if effect == "snack" and timing != "any":
            raise fail(EVENTS_FILE, where, "the Snack is played whenever the bear matters (timing 'any')")
        name, text = need(entry, "name", str, EVENTS_FILE, where), need(entry, "text", str, EVENTS_FILE, where)
        for _ in range(need(entry, "count", int, EVENTS_FILE, where)):
            cards.append(EventCard(len(cards), kind, name, timing, effect, text, amount, protection))
    if len(cards) != EVENT_CARDS:
        raise fail(EVENTS_FILE, "cards", f"the game has {EVENT_CARDS} event cards, not {len(cards)}")
    if {c.timing for c in cards} != set(TIMINGS):
        raise fail(EVENTS_FILE, "cards", "event cards come in three timings: immediately, turn and any")
    for named in ("golden_ammo_can", "disable_cache", "snack"):
        if named not in seen:
            raise fail(EVENTS_FILE, "cards", f"the rule texts name the card {named!r}")
    return tuple(cards)


def parse_characters(raw: Any) -> tuple[Character, ...]:
    found: list[Character] = []
    for index, entry in enumerate(need(raw, "characters", list, CHARACTERS_FILE, "characters")):
        char_id = need(entry, "id", str, CHARACTERS_FILE, f"character #{index + 1}")
        where = f"character {char_id!r}"
        ability = need(entry, "ability", str, CHARACTERS_FILE, where)
        if ability not in ABILITIES:
            raise fail(CHARACTERS_FILE, where, f"unknown ability {ability!r}")
        if any(c.id == char_id or c.ability == ability for c in found):
            raise fail(CHARACTERS_FILE, where, "ids and abilities are distinct")
        found.append(
            Character(
                char_id,
                need(entry, "name", str, CHARACTERS_FILE, where),
                ability,
                need(entry, "text", str, CHARACTERS_FILE, where),
            )
        )
    if len(found) != CHARACTERS:
        raise fail(CHARACTERS_FILE, "characters", f"the game has {CHARACTERS} character cards, not {len(found)}")
    for named in NAMED_CHARACTERS:
        if named not in {c.id for c in found}:
            raise fail(CHARACTERS_FILE, "characters", f"the rule texts name the character {named!r}")
    return tuple(found)


def parse_coins(raw: Any, kinds: dict[str, TileKind]) -> tuple[Geocoin, ...]:
    coins: list[Geocoin] = []
    for index, entry in enumerate(need(raw, "coins", list, COINS_FILE, "coins")):
        key = need(entry, "id", str, COINS_FILE, f"coin #{index + 1}")
        where = f"coin {key!r}"
        if any(c.key == key for c in coins):
            raise fail(COINS_FILE, where, "is listed twice")
        value = need(entry, "value", int, COINS_FILE, where)
        if value < 2:
            raise fail(COINS_FILE, where, "a flipped coin is worth more than its face-up 1 point")
        goal = _goal(need(entry, "goal", dict, COINS_FILE, where), where, kinds)
        name, text = need(entry, "name", str, COINS_FILE, where), need(entry, "text", str, COINS_FILE, where)
        coins.append(Geocoin(len(coins), key, name, value, goal, text))
    if len(coins) != GEOCOINS:
        raise fail(COINS_FILE, "coins", f"the game has {GEOCOINS} geocoins, not {len(coins)}")
    return tuple(coins)


def _goal(raw: dict[str, Any], where: str, kinds: dict[str, TileKind]) -> Goal:
    kind = need(raw, "kind", str, COINS_FILE, where)
    if kind not in GOAL_KINDS:
        raise fail(COINS_FILE, where, f"unknown goal kind {kind!r} (the bot checks {sorted(GOAL_KINDS)})")
    place = str(raw.get("place", ""))
    types = tuple(str(t) for t in raw.get("types", ()))
    count = int(raw.get("count", 0))
    if kind == "at" and place not in GOAL_PLACES:
        raise fail(COINS_FILE, where, f"unknown place {place!r} (known: {sorted(GOAL_PLACES)})")
    if kind == "hold":
        if not types or any(t not in kinds or not kinds[t].is_cache for t in types):
            raise fail(COINS_FILE, where, "a 'hold' goal names cache types")
        if not 1 <= count <= sum(kinds[t].count for t in types):
            raise fail(COINS_FILE, where, "the goal asks for more caches than the game has")
    if kind in ("types", "equipment") and count < 1:
        raise fail(COINS_FILE, where, "the goal needs a count of at least 1")
    return Goal(kind, place, types, count)
