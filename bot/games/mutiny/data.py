"""Mutiny's game data: loaded from ``data/*.json`` and validated against the rule text.

Every number the rule text states is checked here (HOUSE-RULES principle 1), so a
data file that changes one is refused with a message naming the file, the entry
and the rule it breaks. House data (island names and cube mixes, card effect
texts and timing) may be tweaked within the limits checked below.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).parent / "data"

LOOT_CODES = ("S", "O", "G", "P")
LOOT_NAMES = ("Sugar", "Orange", "Gold", "Plantain")

# Counts stated by the rule text (002). A data file must agree with every one of them.
RULE_TEXT = {
    "seats": (4, "Mutiny is 'a 4-player game'"),
    "rum_total": (33, "the rule text has 33 Rum Pieces"),
    "start_rum": (2, "each player starts with 2 Rum Pieces"),
    "red_dice_per_player": (2, "each player starts with 2 Red Crew Member dice (8 in the box)"),
    "green_dice": (10, "the rule text has 10 Green Crew Dice"),
    "crew_die_sides": (6, "crew dice are d6 (house rule) and the roll-off uses 'one d6'"),
    "quarter_master_die_sides": (8, "the Quarter Master gets 'an eight-sided die (the d8)'"),
    "island_count": (12, "the rule text has 12 Island Cards"),
    "mystery_cards": (26, "the rule text has 26 Mystery Cards"),
}
RULE_COLOURS = ["Purple", "Red", "Blue", "Brown"]
RULE_PRICES = {
    "rum": {"Sugar": 1, "Orange": 1},
    "crew": {"Orange": 1, "Gold": 2, "Plantain": 1},
    "card": {"Sugar": 1, "Gold": 1, "Plantain": 1},
}
RULE_PRICE_TEXT = {
    "rum": "'1 Rum = 1 Sugar + 1 Orange'",
    "crew": "'1 Crew = 1 Orange + 2 Gold + 1 Plantain'",
    "card": "'1 Mystery Card = 1 Sugar + 1 Gold + 1 Plantain'",
}
RULE_SCORING = {"island": 1, "fierceness": 3, "fierceness_tie": 1, "drunk": 2, "drunk_tie": 1}
RULE_CARD_COUNTS = {
    "cannon": ("Cannon", 13),
    "treasure": ("Buried Treasure", 3),
    "madness": ("Drunken Madness", 3),
    "reload": ("Quick Reload", 2),
    "stowaway": ("Stow-away", 2),
    "pegleg": ("Exceptionally Fine Peg-Leg", 1),
    "pressgang": ("Press-gang", 1),
    "storm": ("The Perfect Storm", 1),
}
# When each card's effect can make sense: the house timing must be one of these.
CARD_TIMINGS = {
    "cannon": {"battle"},
    "treasure": {"buy", "any"},
    "madness": {"battle"},
    "reload": {"battle"},
    "stowaway": {"battle", "buy", "any"},
    "pegleg": {"buy", "battle", "any"},
    "pressgang": {"battle", "buy", "any"},
    "storm": {"battle"},
}
CARD_AMOUNTS = {"treasure": (1, 5), "stowaway": (1, 1), "pressgang": (2, 2), "pegleg": (1, 5)}
ISLAND_MIN, ISLAND_MAX = 5, 10
ISLAND_COLOURS_MIN, ISLAND_COLOURS_MAX = 2, 4


class DataError(ValueError):
    """A data file breaks a rule; the message names the file, the entry and the rule."""


@dataclass(frozen=True)
class Island:
    name: str
    loot: tuple[int, int, int, int]


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    emoji: str
    count: int
    when: str
    effect: str
    amount: int = 0

    @property
    def in_battle(self) -> bool:
        return self.when in ("battle", "any")

    @property
    def in_buy(self) -> bool:
        return self.when in ("buy", "any")


@dataclass(frozen=True)
class GameData:
    islands: tuple[Island, ...]
    cards: dict[str, Card]
    deck: tuple[str, ...]
    rum_total: int
    start_rum: int
    red_dice: int
    green_dice: int
    crew_sides: int
    qm_sides: int
    cubes: tuple[int, int, int, int]
    prices: dict[str, tuple[int, int, int, int]]
    exchange_give: int
    exchange_get: int
    scoring: dict[str, int]


def _read(name: str, directory: Path) -> Any:
    path = directory / name
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"{name}: cannot be read ({exc.strerror}).") from exc
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(f"{name}: is not valid JSON (line {exc.lineno}: {exc.msg}).") from exc


def _int(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise DataError(f"{where} must be a whole number, not {value!r}.")
    return value


def _loot_dict(raw: Any, where: str) -> tuple[int, int, int, int]:
    if not isinstance(raw, Mapping):
        raise DataError(f"{where} must map loot names (Sugar, Orange, Gold, Plantain) to counts.")
    counts = [0, 0, 0, 0]
    for key, value in raw.items():
        if key not in LOOT_NAMES:
            raise DataError(f"{where} names an unknown loot '{key}'; loot is Sugar, Orange, Gold or Plantain.")
        number = _int(value, f"{where} '{key}'")
        if number < 0:
            raise DataError(f"{where} has {number} {key}; a count cannot be negative.")
        counts[LOOT_NAMES.index(key)] = number
    return tuple(counts)  # type: ignore[return-value]


def validate_rules(raw: Any, file: str = "rules.json") -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise DataError(f"{file}: must be a JSON object.")
    out: dict[str, Any] = {}
    for key, (wanted, why) in RULE_TEXT.items():
        if key not in raw:
            raise DataError(f"{file}: '{key}' is missing; {why}.")
        value = _int(raw[key], f"{file}: '{key}'")
        if value != wanted:
            raise DataError(f"{file}: '{key}' is {value}; {why}.")
        out[key] = value
    if raw.get("player_colours") != RULE_COLOURS:
        raise DataError(
            f"{file}: 'player_colours' must be {RULE_COLOURS}; the rule text has 4 Player Mats: Purple, Red, Blue, Brown."
        )
    loot = raw.get("loot")
    if not isinstance(loot, list) or [e.get("name") if isinstance(e, Mapping) else None for e in loot] != list(
        LOOT_NAMES
    ):
        raise DataError(
            f"{file}: 'loot' must list Sugar, Orange, Gold, Plantain in that order; the rule text has these 4 kinds."
        )
    cubes = []
    for entry in loot:
        if entry.get("code") != LOOT_CODES[LOOT_NAMES.index(entry["name"])]:
            raise DataError(
                f"{file}: loot '{entry['name']}' must have code '{LOOT_CODES[LOOT_NAMES.index(entry['name'])]}'."
            )
        count = _int(entry.get("cubes"), f"{file}: loot '{entry['name']}' cubes")
        if count != 25:
            raise DataError(
                f"{file}: loot '{entry['name']}' has {count} cubes; the rule text has 100 Loot Cubes, 25 of each kind."
            )
        cubes.append(count)
    out["cubes"] = tuple(cubes)
    prices = raw.get("prices")
    if not isinstance(prices, Mapping):
        raise DataError(f"{file}: 'prices' is missing.")
    priced: dict[str, tuple[int, int, int, int]] = {}
    out["prices"] = priced
    for item, rule_price in RULE_PRICES.items():
        if item not in prices:
            raise DataError(f"{file}: price of '{item}' is missing; the rule text says {RULE_PRICE_TEXT[item]}.")
        got = _loot_dict(prices[item], f"{file}: price of '{item}'")
        if got != _loot_dict(rule_price, "rule"):
            raise DataError(f"{file}: price of '{item}' is {prices[item]}; the rule text says {RULE_PRICE_TEXT[item]}.")
        priced[item] = got
    exchange = raw.get("exchange")
    if exchange != {"give": 3, "get": 1}:
        raise DataError(
            f"{file}: 'exchange' must be {{'give': 3, 'get': 1}}; the rule text says 'exchange 3 pieces of loot for 1 piece of loot from the bank'."
        )
    scoring = raw.get("scoring")
    if scoring != RULE_SCORING:
        raise DataError(
            f"{file}: 'scoring' must be {RULE_SCORING}; the rule text gives 1 Infamy per island, "
            "3 for Fierceness in Battle and 2 for Notorious Drunk (1 each on a tie)."
        )
    out["scoring"] = dict(scoring)
    return out


def validate_islands(raw: Any, file: str = "islands.json") -> tuple[Island, ...]:
    if not isinstance(raw, Mapping) or not isinstance(raw.get("islands"), list):
        raise DataError(f"{file}: must be an object with a list 'islands'.")
    entries = raw["islands"]
    if len(entries) != 12:
        raise DataError(f"{file}: has {len(entries)} islands; the rule text has 12 Island Cards.")
    islands = []
    names: set[str] = set()
    totals = [0, 0, 0, 0]
    for index, entry in enumerate(entries):
        if not isinstance(entry, Mapping) or not isinstance(entry.get("name"), str) or not entry["name"].strip():
            raise DataError(f"{file}: island #{index + 1} has no name.")
        name = entry["name"]
        if name in names:
            raise DataError(f"{file}: island '{name}' appears twice; island names must be unique.")
        names.add(name)
        if len(name) > 18:
            raise DataError(f"{file}: island '{name}' has a name longer than 18 characters; it must fit on the map.")
        loot = _loot_dict(entry.get("loot"), f"{file}: island '{name}' loot")
        total = sum(loot)
        if not ISLAND_MIN <= total <= ISLAND_MAX:
            raise DataError(f"{file}: island '{name}' has {total} cubes; islands hold {ISLAND_MIN} to {ISLAND_MAX}.")
        kinds = sum(1 for n in loot if n)
        if not ISLAND_COLOURS_MIN <= kinds <= ISLAND_COLOURS_MAX:
            raise DataError(
                f"{file}: island '{name}' has {kinds} kinds of loot; islands have {ISLAND_COLOURS_MIN} to {ISLAND_COLOURS_MAX}."
            )
        for colour in range(4):
            totals[colour] += loot[colour]
        islands.append(Island(name=name, loot=loot))
    for colour in range(4):
        if totals[colour] > 25:
            raise DataError(
                f"{file}: the islands hold {totals[colour]} {LOOT_NAMES[colour]}; "
                "there are only 25 cubes of each kind of loot."
            )
    return tuple(islands)


def validate_cards(raw: Any, file: str = "cards.json") -> dict[str, Card]:
    if not isinstance(raw, Mapping) or not isinstance(raw.get("cards"), list):
        raise DataError(f"{file}: must be an object with a list 'cards'.")
    cards: dict[str, Card] = {}
    for index, entry in enumerate(raw["cards"]):
        if not isinstance(entry, Mapping):
            raise DataError(f"{file}: card #{index + 1} must be an object.")
        cid = entry.get("id")
        if cid not in RULE_CARD_COUNTS:
            known = ", ".join(RULE_CARD_COUNTS)
            raise DataError(f"{file}: card '{cid}' has no effect the bot knows; the rule text's cards are {known}.")
        if cid in cards:
            raise DataError(f"{file}: card '{cid}' appears twice.")
        rule_name, rule_count = RULE_CARD_COUNTS[cid]
        if entry.get("name") != rule_name:
            raise DataError(f"{file}: card '{cid}' must be named '{rule_name}' as in the rule text.")
        count = _int(entry.get("count"), f"{file}: card '{cid}' count")
        if count != rule_count:
            raise DataError(
                f"{file}: card '{cid}' has count {count}; the rule text has {rule_count} {rule_name} cards."
            )
        when = entry.get("when")
        if when not in CARD_TIMINGS[cid]:
            allowed = ", ".join(sorted(CARD_TIMINGS[cid]))
            raise DataError(f"{file}: card '{cid}' has timing '{when}'; its effect only works with: {allowed}.")
        effect = entry.get("effect")
        if not isinstance(effect, str) or not effect.strip() or len(effect) > 100:
            raise DataError(f"{file}: card '{cid}' needs an 'effect' text of 1 to 100 characters.")
        amount = 0
        if cid in CARD_AMOUNTS:
            low, high = CARD_AMOUNTS[cid]
            amount = _int(entry.get("amount"), f"{file}: card '{cid}' amount")
            if not low <= amount <= high:
                raise DataError(f"{file}: card '{cid}' has amount {amount}; it must be {low} to {high}.")
        cards[cid] = Card(
            id=cid,
            name=rule_name,
            emoji=str(entry.get("emoji", "")),
            count=count,
            when=when,
            effect=effect,
            amount=amount,
        )
    missing = [cid for cid in RULE_CARD_COUNTS if cid not in cards]
    if missing:
        raise DataError(
            f"{file}: card '{missing[0]}' is missing; the rule text lists {RULE_CARD_COUNTS[missing[0]][0]}."
        )
    total = sum(card.count for card in cards.values())
    if total != 26:
        raise DataError(f"{file}: has {total} cards; the rule text has 26 Mystery Cards.")
    return cards


def load_data(directory: Path | None = None) -> GameData:
    """Load and validate the three data files; raise DataError naming the file, entry and rule."""
    directory = directory or DATA_DIR
    rules = validate_rules(_read("rules.json", directory))
    islands = validate_islands(_read("islands.json", directory))
    cards = validate_cards(_read("cards.json", directory))
    deck: list[str] = []
    for card in cards.values():
        deck.extend([card.id] * card.count)
    return GameData(
        islands=islands,
        cards=cards,
        deck=tuple(deck),
        rum_total=rules["rum_total"],
        start_rum=rules["start_rum"],
        red_dice=rules["red_dice_per_player"],
        green_dice=rules["green_dice"],
        crew_sides=rules["crew_die_sides"],
        qm_sides=rules["quarter_master_die_sides"],
        cubes=rules["cubes"],
        prices=rules["prices"],
        exchange_give=3,
        exchange_get=1,
        scoring=rules["scoring"],
    )
