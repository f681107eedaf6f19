"""How much the computer player wants a square, an item, a card: numbers built from its seat view."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from bot.games.cmiyc.components import TileKind
from bot.games.cmiyc.data import GameData
from bot.games.cmiyc.views import PlayerView, SeatView, TileView

PENALTY = {
    "hospital": 1.6,
    "bear": 2.0,
    "lose_turn": 0.7,
    "lose_gps_pen": 1.0,
    "poison_ivy": 0.8,
    "go_to_cafe": 0.9,
    "flee_to_trail_head": 0.6,
    "discard_equipment": 0.6,
    "go_back": 0.3,
}
"""What a problem costs, in points: about half a point for every turn it takes away."""
EVENT_TILE = 0.8
MAP_TILE = 0.6
LATER = 0.25
"""A cache found but not takeable yet is still worth something: it waits, revealed, for the right gear."""
EVENT_PROTECTION = 0.15
"""An item that protects from an event card (Sneakers, Spare batteries): each such card is rare."""
CURIOSITY = 0.25
"""Turning an unknown tile teaches the table something even when it is nothing."""


@dataclass(frozen=True)
class Inquisitiveness:
    """How much a player goes out of its way to learn where the tiles lie, and to use what it learnt
    (peeks are secret, and knowing the face-down tiles decides more games than anything else:
    ``docs/games/cmiyc.md``, "What the strong player knows"). The two pulls to the store are scaled
    by the share of face-down tiles the player has not seen, so they fade as the woods are learnt."""

    peek_aisle: float = 0.0
    """Added to a store aisle that peeks at tiles."""
    store: float = 0.0
    """A target on the parking square that leads to a peek aisle, drawing the player to the store."""
    peeked: float = 1.0
    """What a face-down tile the player peeked at is worth when it is worth having (a cache it can
    take, an event or map tile), as a multiple of what the same tile face up would be: only the
    peeker knows it lies there, and whoever lands on it first gets it. Counted at 1, a curious player
    lost about a quarter of the caches it peeked at to players who landed on them first."""


INCURIOUS = Inquisitiveness()
"""The normal player: it peeks when it passes a peek aisle on its way."""
INQUISITIVE = Inquisitiveness(peek_aisle=3.0, store=0.85, peeked=5.0)
"""The strong player's rules of thumb (measured against the normal player in the guide)."""


def gear_value(data: GameData, view: SeatView, item: str) -> float:
    """How much the player wants ``item`` facing the board."""
    me = view.public.seats[view.seat]
    if any(g.item == item for g in me.gear):
        return 0.2
    value = 0.0
    revealed = Counter(t.face for t in view.public.tiles if t.face not in ("", "down"))
    for kind in data.kinds.values():
        if kind.needs == item:
            value += 0.35 * kind.count * kind.value + 2.0 * revealed[kind.id] * kind.value
        if kind.protection == item:
            value += 0.3 * kind.count * PENALTY.get(kind.effect, 1.0) + 1.0 * revealed[kind.id]
    if item == "insurance":
        value += 1.5
    value += EVENT_PROTECTION * sum(event.protection == item for event in data.events)
    return value


def _points(data: GameData, player: PlayerView, caches: list[int], coins: list[tuple[int, int]]) -> int:
    """Score of a set of holdings (caches by tile, coins as (coin, points)), as the rules count it."""
    doubled = {c.tile for c in player.caches if c.doubled}
    total = 0
    sets: dict[str, int] = {}
    for tile in caches:
        kind = data.kind(tile)
        if kind.is_set:
            sets[kind.id] = sets.get(kind.id, 0) + 1
        else:
            total += kind.value * (2 if tile in doubled else 1)
    for kind_id, count in sets.items():
        total += count // data.kinds[kind_id].set_size * data.kinds[kind_id].set_value
    return total + sum(points for _, points in coins)


def score_after(data: GameData, view: SeatView, seat: int, lose: str, gain: str) -> int:
    """The seat's score after giving ``lose`` and receiving ``gain`` (item codes)."""
    public = view.public
    player = public.seats[seat]
    caches = [c.tile for c in player.caches]
    coins = [(c.coin, c.points) for c in player.coins]
    if lose.startswith("c"):
        caches.remove(int(lose[1:]))
    elif lose.startswith("g"):
        coins = [c for c in coins if c[0] != int(lose[1:])]
    if gain.startswith("c"):
        caches.append(int(gain[1:]))
    elif gain.startswith("g"):
        points = next(c.points for s in public.seats for c in s.coins if c.coin == int(gain[1:]))
        coins.append((int(gain[1:]), points))
    return _points(data, player, caches, coins)


def coin_places(data: GameData) -> tuple[str, ...]:
    """Squares where a geocoin's place goal can be met on foot: the Mega Event, the Swag Store, the
    store's squares and the woods' far rows (the Hospital is only reached by being sent there)."""
    board = data.board
    return tuple(
        sq for sq in board.squares if sq in (board.mega, board.swag) or board.in_store(sq) or board.far_edge(sq)
    )


def peek_parking(data: GameData) -> tuple[str, ...]:
    """The parking squares whose first step into the store is a peek aisle."""
    board = data.board
    return tuple(p for p in board.parking if any(board.aisles.get(n) == "peek" for n in board.links[p]))


@dataclass
class Appraisal:
    data: GameData
    view: SeatView
    distance: Callable[[str, str], float]
    inquisitiveness: Inquisitiveness = field(default=INCURIOUS, kw_only=True)
    me: PlayerView = field(init=False)
    items: set[str] = field(init=False)
    ability: str = field(init=False)
    tiles: dict[str, TileView] = field(init=False)
    peeked: dict[str, str] = field(init=False)
    unknown: float = field(init=False)
    targets: dict[str, float] = field(init=False)

    def __post_init__(self) -> None:
        self.me = self.view.public.seats[self.view.seat]
        self.items = {g.item for g in self.me.gear if g.item}
        self.ability = self.data.character(self.me.character).ability
        self.tiles = {t.square: t for t in self.view.public.tiles}
        self.peeked = dict(self.view.peeked)
        self.unknown = self._unknown_value()
        self.targets = self._targets()

    # ------------------------------------------------------------------ tiles

    def can_take(self, kind: TileKind) -> bool:
        return self.me.ivy <= 0 and self.could_take(kind)

    def could_take(self, kind: TileKind) -> bool:
        """The player could take a cache of this kind but for a Poison Ivy rash (it fades)."""
        if not self.me.gps or not kind.is_cache:
            return False
        if kind.needs and kind.needs not in self.items:
            return False
        return not kind.prerequisite_types or len({c.kind for c in self.me.caches}) >= kind.prerequisite_types

    def cache_value(self, kind: TileKind) -> float:
        if not kind.is_set:
            return float(kind.value)
        held = sum(c.kind == kind.id for c in self.me.caches)
        if (held + 1) % kind.set_size == 0:
            return float(kind.set_value)
        return kind.set_value / kind.set_size * 0.8

    def kind_value(self, kind: TileKind) -> float:
        """Landing on a tile of this kind (revealed now or already face up)."""
        if kind.is_cache:
            return self.cache_value(kind) if self.can_take(kind) else 0.0
        if kind.category == "problem":
            if kind.protection and kind.protection in self.items:
                return 0.0
            if kind.effect == "lose_gps_pen" and (not self.me.gps or self.ability == "gadgeteer"):
                return 0.0
            if kind.effect == "hospital" and ("insurance" in self.items or self.ability == "medic"):
                return -0.6 * PENALTY["hospital"]
            return -PENALTY.get(kind.effect, 1.0)
        if kind.category == "event":
            return EVENT_TILE
        if kind.category == "map":
            return MAP_TILE
        return 0.0

    def _unknown_value(self) -> float:
        """The average value of a tile nobody has seen."""
        seen: Counter[str] = Counter(self.view.public.discard)
        for tile in self.view.public.tiles:
            if tile.face not in ("", "down"):
                seen[tile.face] += 1
            elif tile.known:
                seen[tile.known] += 1
        for seat in self.view.public.seats:
            seen.update(c.kind for c in seat.caches)
        seen.update(self.peeked.values())
        pool = {k: max(0, kind.count - seen[k]) for k, kind in self.data.kinds.items()}
        total = sum(pool.values())
        if not total:
            return 0.0
        expected = sum(count * self._hidden_value(self.data.kinds[k]) for k, count in pool.items()) / total
        return expected + CURIOSITY

    def _hidden_value(self, kind: TileKind) -> float:
        if kind.is_cache and not self.can_take(kind):
            return LATER * self.cache_value(kind)
        return self.kind_value(kind)

    def tile_value(self, square: str) -> float:
        tile = self.tiles.get(square)
        if tile is None or not tile.face:
            return 0.0
        if tile.face == "down":
            if tile.known:
                return self.kind_value(self.data.kinds[tile.known])
            kind_id = self.peeked.get(square, "")
            if not kind_id:
                return self.unknown
            value = self.kind_value(self.data.kinds[kind_id])
            return value * self.inquisitiveness.peeked if value > 0 else value
        kind = self.data.kinds[tile.face]
        if kind.is_cache:
            return self.kind_value(kind) + (1.0 if tile.coin and self.can_take(kind) else 0.0)
        if kind.category == "problem" or kind.effect == "bear":
            return self.kind_value(kind)
        return 0.0

    # ------------------------------------------------------------------ squares

    def immediate(self, square: str) -> float:
        board = self.data.board
        if board.is_woods(square):
            return self.tile_value(square)
        value = self._coin_places(square)
        if board.in_store(square) or square == board.swag:
            value += 2.5 if not self.me.gps else 0.0
        action = board.aisles.get(square, "")
        if action == "equipment":
            value += 0.5 + 0.5 * len(self.missing_items())
        elif action in ("event", "peek"):
            value += 0.6
        if action == "peek" and self.inquisitiveness.peek_aisle:
            value += self.inquisitiveness.peek_aisle * self.unseen_share()
        if square == board.swag and self.useful_flips():
            value += 1.5
        return value

    def _coin_places(self, square: str) -> float:
        board = self.data.board
        gain = 0.0
        for coin in self.me.coins:
            if coin.flipped:
                continue
            goal = self.data.coins[coin.coin].goal
            if goal.kind != "at":
                continue
            hit = (
                (goal.place == "mega_event" and square == board.mega)
                or (goal.place == "swag_store" and square == board.swag)
                or (goal.place == "store" and board.in_store(square))
                or (goal.place == "far_edge" and board.far_edge(square))
            )
            if hit:
                gain += self.data.coins[coin.coin].value - 1
        return gain

    def unseen_share(self) -> float:
        """The share of the face-down tiles this player has not seen (peeked at, or known to all)."""
        down = [t.square for t in self.view.public.tiles if t.face == "down" and not t.known]
        if not down:
            return 0.0
        return sum(square not in self.peeked for square in down) / len(down)

    def missing_items(self) -> set[str]:
        """Items revealed caches need that the player lacks."""
        missing = set()
        for tile in self.tiles.values():
            if tile.face in ("", "down"):
                continue
            kind = self.data.kinds[tile.face]
            if kind.is_cache and kind.needs and kind.needs not in self.items:
                missing.add(kind.needs)
        return missing

    def useful_flips(self) -> list[int]:
        missing = self.missing_items()
        return [g.card for g in self.me.gear if g.other in missing and g.item not in missing]

    def flip_helps(self, card: int) -> bool:
        return card in self.useful_flips()

    def _targets(self) -> dict[str, float]:
        board = self.data.board
        targets: dict[str, float] = {}
        for square in self.tiles:
            value = self.tile_value(square)
            if value > 0.05:
                targets[square] = value
        if not self.me.gps:
            targets[board.swag] = 3.0
            targets[board.parking[0]] = 2.5
        missing = self.missing_items()
        if missing and self.view.public.equipment_deck:
            targets[board.parking[0]] = max(targets.get(board.parking[0], 0.0), 1.0 + 0.5 * len(missing))
        if self.useful_flips():
            targets[board.swag] = max(targets.get(board.swag, 0.0), 2.0)
        pull = self.inquisitiveness.store and self.inquisitiveness.store * self.unseen_share()
        if pull > 0:
            for square in peek_parking(self.data):
                targets[square] = max(targets.get(square, 0.0), pull)
        if any(not c.flipped and self.data.coins[c.coin].goal.kind == "at" for c in self.me.coins):
            for square in coin_places(self.data):
                bonus = self._coin_places(square)
                if bonus:
                    targets[square] = max(targets.get(square, 0.0), bonus)
        return targets

    # ------------------------------------------------------------------ abilities and cards

    def ability_value(self, action: str) -> float:
        parts = action.split(":")
        match parts[1]:
            case "snoop":
                return 0.5
            case "take":
                other = self.view.public.seats[int(parts[2])]
                given = next(g.item for g in self.me.gear if g.card == int(parts[3]))
                taken = next(g.item for g in other.gear if g.card == int(parts[4]))
                return gear_value(self.data, self.view, taken) - gear_value(self.data, self.view, given) - 0.3
            case "cache":
                return self._cache_swap_value(int(parts[2]), f"c{parts[3]}", f"c{parts[4]}")
            case "swap":
                mine = next(c.points for c in self.me.coins if c.coin == int(parts[3]))
                theirs = next(c.points for s in self.view.public.seats for c in s.coins if c.coin == int(parts[4]))
                return float(theirs - mine)
            case "flip":
                return 1.0 if self.flip_helps(int(parts[2])) else 0.0
        return 0.0

    def _cache_swap_value(self, other: int, mine: str, theirs: str) -> float:
        """The Borrower's cache swap: what it adds to his score, less half of what it adds to theirs;
        never one that hands the other player the game."""
        public = self.view.public
        gain = score_after(self.data, self.view, self.view.seat, mine, theirs) - self.me.score
        after = score_after(self.data, self.view, other, theirs, mine)
        if after >= public.target:
            return 0.0
        return gain - 0.5 * (after - public.seats[other].score) - 0.1

    def card_worth_playing(self, card: int, actions: list[str]) -> bool:
        event = self.data.events[card]
        board = self.data.board
        match event.effect:
            case "golden_ammo_can":
                return any(
                    not self.data.kinds[c.kind].is_set and self.data.kinds[c.kind].value >= 2 for c in self.me.caches
                )
            case "ranger_lift":
                return (
                    not board.is_woods(self.me.square)
                    and min(self.distance(self.me.square, h) for h in board.trail_heads) > 1
                )
            case "mega_invite":
                return self._coin_places(board.mega) > 0
        return True

    def target_value(self, card: int, arg: str) -> float:
        match self.data.events[card].effect:
            case "golden_ammo_can":
                return float(self.data.kind(int(arg)).value)
            case "disable_cache":
                other, tile = (int(x) for x in arg.split("."))
                return self.view.public.seats[other].score + self.data.kind(tile).value
            case "borrow_equipment":
                other, card_id = (int(x) for x in arg.split("."))
                gear = next(g for g in self.view.public.seats[other].gear if g.card == card_id)
                return gear_value(self.data, self.view, gear.item)
            case "ranger_lift":
                return -min(self.distance(arg, sq) for sq, v in self.targets.items() if v > 0) if self.targets else 0.0
        return 0.0


def appraise(
    data: GameData,
    view: SeatView,
    distance: Callable[[str, str], float],
    inquisitiveness: Inquisitiveness = INCURIOUS,
) -> Appraisal:
    return Appraisal(data, view, distance, inquisitiveness=inquisitiveness)
