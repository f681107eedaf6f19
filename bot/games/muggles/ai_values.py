"""How much the computer team wants a square, a cache, an item: the base game's judgement
(``bot.games.cmiyc.ai_values.Appraisal``) with Muggles' values.

Points do not matter in Muggles; the Cache Groups and flipped geocoins do. A cache is worth much
when its group is missing from the team (more the rarer the group's remaining tiles), a multi piece
when it completes a set, any cache a little (it can be swapped with a muggle). A cache next to a
muggle cannot be taken now (stealth). Geocoins matter while the player lacks flipped ones: the
places that flip them, and the caches a coin's goal asks for. A muggle carrying a needed cache is a
target for a swap when the player has a cache to give.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from bot.games.cmiyc.ai_values import PENALTY, Appraisal
from bot.games.cmiyc.components import TileKind
from bot.games.cmiyc.data import GameData
from bot.games.muggles.ai_plans import SWAP_WORTH, Progress, takes_swap, woods_empty
from bot.games.muggles.data import MugglesData
from bot.games.muggles.goals import PLAYER_COINS, PLAYER_GROUPS, TWO_COIN_PLAYERS
from bot.games.muggles.reach import SENDS_AWAY
from bot.games.muggles.views import PublicView, SeatView

MISSING = 7.0
"""A cache of a group the team lacks."""
PERSONAL = 4.0
"""A cache of a group this player still needs for the advanced requirements."""
SPARE = 0.8
"""Any other cache: something to swap with a muggle."""
BAIT = 3.0
"""Any other cache while a muggle carries one the team lacks and the player has nothing to give for it."""
SET_PIECE = 2.5
FLIP = 6.0
"""Flipping a geocoin the player needs."""
COIN = 3.0
"""Getting a geocoin while the player lacks flipped ones."""
COIN_TRADE = 4.0
"""Alone, the Mega Event's coin trade when none of the player's geocoins can flip any more."""
COIN_CARD = "first_to_find"
"""The event card that gives the top geocoin."""
SNACK = "snack"
"""The event card that calms the bear."""
SNACK_HUNT = 0.6
"""Drawing event cards for a Snack, against what waits beside the awake bear."""
RELAY_PULL = 0.7
"""How strongly a swap's worth to the team (progress points) draws a player to the muggle."""
WATCHED = 0.25
"""A cache near a muggle: stealth forbids taking it now."""


def coins_needed(public: PublicView, seat: int) -> int:
    """Flipped geocoins this player should have: one each, two for the two best-placed players
    when the advanced requirements ask for it."""
    need = public.goal[PLAYER_COINS]
    two = public.goal[TWO_COIN_PLAYERS]
    if two:
        ranked = sorted(range(public.base.players), key=lambda s: (-public.flipped[s], s))
        if seat in ranked[:two]:
            need = max(need, 2)
    return need


@dataclass
class TeamAppraisal(Appraisal):
    team: MugglesData
    public: PublicView
    missing: set[str] = field(init=False)
    mine: set[str] = field(init=False)
    watched: set[str] = field(init=False)
    flips_wanted: int = field(init=False)
    left: Counter[str] = field(init=False)
    bear_zone: frozenset[str] = field(init=False)
    """The awake bear's Cave and the squares around it, where this player may not go."""
    has_snack: bool = field(init=False)
    team_snack: bool = field(init=False)
    leaves_coins: bool = field(init=False)
    """This player has coins to spare while a teammate has none: coin caches are left for the teammate."""
    spare_flips: bool = field(init=False)
    """Teammates lack flipped geocoins and trades are left: a second flipped coin can be traded to them."""
    wants_coins: bool = field(init=False)
    """The team lacks flipped geocoins and this player has too few coins to flip or trade, or none
    whose goal can still be met."""
    spares_events: bool = field(init=False)
    """A coinless teammate needs First To Find, and it is in the event deck: this player draws no
    event cards."""
    cycles_events: bool = field(init=False)
    """A coinless teammate needs First To Find, and it is in the discard pile: this player draws
    event cards to bring the reshuffle sooner."""
    to_be_had: Counter[str] = field(init=False)
    bait: float = field(init=False)
    """What any spare cache is worth (``_bait``); 0 for the usual ``SPARE``."""
    """Cache types still to be found or taken (``_to_be_had``)."""

    def __post_init__(self) -> None:
        seat = self.view.seat
        self.missing = {g.id for g in self.public.groups if g.status != "held"}
        self.mine = {g.id for g in self.public.groups if seat in g.holders}
        board = self.data.board
        self.watched = {sq for m in self.public.muggles for sq in (m.square, *board.around(m.square))}
        self.flips_wanted = max(0, coins_needed(self.public, seat) - self.public.flipped[seat])
        deficit = sum(
            max(0, coins_needed(self.public, s) - self.public.flipped[s]) for s in range(self.public.base.players)
        )
        self.spare_flips = deficit > self.flips_wanted and self.public.trades_left > 0
        unflipped = [c for c in self.view.public.seats[seat].coins if not c.flipped]
        self.to_be_had = self._to_be_had()
        live = [c for c in unflipped if self._can_flip(c.coin)]
        self.wants_coins = (
            bool(deficit)
            and self.public.base.coin_stack > 0
            and (not unflipped or (self.flips_wanted > 0 and (len(unflipped) < 2 or not live)))
        )
        coins = [len(s.coins) for s in self.view.public.seats]
        coinless_mate = any(n == 0 and s != seat for s, n in enumerate(coins))
        # a teammate without any geocoin cannot even trade for a flipped one: the coin caches are theirs
        self.leaves_coins = coinless_mate and (coins[seat] > coins_needed(self.public, seat) or not self.flips_wanted)
        if self.leaves_coins:
            self.wants_coins = False
        # First To Find is a coinless teammate's only way to a geocoin once the coin caches are gone:
        # while it is in the deck they draw it; while it waits in the discard pile, drawing the
        # deck empty brings it back sooner
        in_discard = COIN_CARD in self.view.public.event_discard
        self.spares_events = self.leaves_coins and not in_discard
        self.cycles_events = self.leaves_coins and in_discard and self.public.base.coin_stack > 0
        self.left = Counter({g.id: g.woods + g.carried for g in self.public.groups})
        self.bait = self._bait()
        cave = next((t.square for t in self.view.public.tiles if t.face == "cave"), "")
        awake = self.view.public.bear_awake and cave
        self.has_snack = SNACK in self.public.events[seat]
        self.team_snack = any(SNACK in held for held in self.public.events)
        self.bear_zone = frozenset({cave, *board.woods_around(cave)}) if awake else frozenset()
        if self.has_snack:
            # stepping next to the bear with the Snack calms it: only the Cave itself stays shut
            self.bear_zone = frozenset()
        super().__post_init__()

    def _can_flip(self, coin: int) -> bool:
        """This player can still meet the coin's goal: a place, or caches and cards still to be had
        (held by this player, face up in the woods, carried by a muggle, or not seen yet)."""
        goal = self.data.coins[coin].goal
        mine = Counter(c.kind for c in self.view.public.seats[self.view.seat].caches)
        match goal.kind:
            case "hold":
                return sum(mine[t] + self.to_be_had[t] for t in goal.types) >= goal.count
            case "types":
                return len(set(mine) | {k for k, n in self.to_be_had.items() if n}) >= goal.count
            case "equipment":
                return len(self.view.public.seats[self.view.seat].gear) + self.view.public.equipment_deck >= goal.count
            case "at":
                return goal.place != "hospital" or self._hospital_reachable()
        return True

    def _hospital_reachable(self) -> bool:
        """A tile can still send this player to the Hospital: a face-up one whose protecting item the
        player does not show, or one nobody has seen (the Hospital is reached only by being sent)."""
        items = {g.item for g in self.view.public.seats[self.view.seat].gear}
        for tile in self.view.public.tiles:
            if tile.face == "down":
                return True
            kind = self.data.kinds[tile.face] if tile.face else None
            if kind is not None and kind.effect == "hospital" and kind.protection not in items:
                return True
        return False

    def flips_at_a_place(self, coin: int) -> bool:
        """The coin's goal is a place this player can still get to."""
        return self.data.coins[coin].goal.kind == "at" and self._can_flip(coin)

    def coin_trade_helps(self, coin: int) -> bool:
        """Alone, while no geocoin is flipped: trade one that cannot flip at a place for a fresh one,
        when none of his can."""
        me = self.view.public.seats[self.view.seat]
        if self.public.flipped[self.view.seat] or self.flips_at_a_place(coin):
            return False
        return not any(self.flips_at_a_place(c.coin) for c in me.coins)

    def _coin_trade_wanted(self) -> bool:
        """The solitaire coin trade is still to be had and none of his geocoins can flip any more: the
        Mega Event is the way to a fresh one (a player protected from every Cliff and Snake held a
        Hospital geocoin for 500 rounds)."""
        public = self.public
        if public.base.players != 1 or public.coin_trade_used or not public.base.coin_stack or not self.flips_wanted:
            return False
        unflipped = [c.coin for c in self.me.coins if not c.flipped]
        return bool(unflipped) and not any(self._can_flip(coin) for coin in unflipped)

    def _to_be_had(self) -> Counter[str]:
        """Cache types still to be found or taken: face up in the woods, carried, or not seen yet."""
        public = self.view.public
        seen: Counter[str] = Counter(public.discard)
        found: Counter[str] = Counter()
        for tile in public.tiles:
            if tile.face not in ("", "down") and self.data.kinds[tile.face].is_cache:
                seen[tile.face] += 1
                found[tile.face] += 1
            elif tile.face == "down" and tile.known:
                seen[tile.known] += 1
        for seat in public.seats:
            seen.update(c.kind for c in seat.caches)
        for muggle in self.public.muggles:
            if muggle.carrying:
                seen[muggle.carrying] += 1
                found[muggle.carrying] += 1
        for kind in self.data.cache_kinds():
            found[kind.id] += max(0, kind.count - seen[kind.id])
        return found

    # ------------------------------------------------------------------ caches

    def cache_value(self, kind: TileKind) -> float:
        group = self.team.group_of(kind.id)
        value = self.bait or SPARE
        if kind.is_set:
            held = sum(c.kind == kind.id for c in self.me.caches)
            completes = (held + 1) % kind.set_size == 0
            if group.id in self.missing or (self.public.goal[PLAYER_GROUPS] and group.id not in self.mine):
                value = MISSING if completes else SET_PIECE
        elif group.id in self.missing:
            value = MISSING + 3.0 / max(1, self.left[group.id])
        elif self.public.goal[PLAYER_GROUPS] and group.id not in self.mine:
            value = PERSONAL
        return value + self._coin_goal_bonus(kind)

    def flip_value(self) -> float:
        """What flipping one more geocoin is worth to the team now."""
        if self.flips_wanted:
            return FLIP
        return FLIP * 0.6 if self.spare_flips else 0.0

    def _coin_goal_bonus(self, kind: TileKind) -> float:
        """Holding this cache would meet the goal of one of the player's unflipped geocoins."""
        if not self.flip_value():
            return 0.0
        kinds = Counter(c.kind for c in self.me.caches)
        for coin in self.me.coins:
            if coin.flipped:
                continue
            goal = self.data.coins[coin.coin].goal
            if goal.kind == "hold" and kind.id in goal.types and sum(kinds[t] for t in goal.types) + 1 >= goal.count:
                return self.flip_value()
            if goal.kind == "types" and kind.id not in kinds and len(kinds) + 1 >= goal.count:
                return self.flip_value()
        return 0.0

    def kind_value(self, kind: TileKind) -> float:
        protected = bool(kind.protection) and kind.protection in self.items
        if kind.category == "problem" and kind.effect == "hospital" and not protected and self._wants_hospital():
            # a tile this player is protected from sends nowhere (Snake gaiters against the Snake)
            return self.flip_value()
        if kind.category == "event" and self.spares_events:
            return 0.0
        return super().kind_value(kind)

    def _wants_hospital(self) -> bool:
        """An unflipped "be in the Hospital" geocoin: a Cliff or a Snake is a quick way there."""
        return bool(self.flip_value()) and any(
            not c.flipped and self.data.coins[c.coin].goal.place == "hospital" for c in self.me.coins
        )

    def tile_value(self, square: str) -> float:
        value = super().tile_value(square)
        tile = self.tiles.get(square)
        if tile is not None and tile.face not in ("", "down") and tile.coin:
            kind = self.data.kinds[tile.face]
            if self.wants_coins and self.can_take(kind):
                value += COIN
            elif self.leaves_coins and self.team.group_of(kind.id).id not in self.missing:
                value -= COIN
        return value

    def can_take(self, kind: TileKind) -> bool:
        """Poison Ivy only delays taking (the rash fades within two turns), so the caches the player
        goes for stay worth going for: judged by the rash, a player who caught it on the way to the
        team's last cache turned back, came again through the Ivy and never got there."""
        return self.could_take(kind)

    def immediate(self, square: str) -> float:
        """Landing now: a cache a muggle is watching cannot be taken (far targets are not scaled:
        the muggles will have moved by the time the player gets there)."""
        value = super().immediate(square)
        return value * WATCHED if square in self.watched and value > 0 else value

    def landing(self, square: str) -> float:
        """What landing on ``square`` this turn brings: nothing on a cache while the rash itches
        (it stays face up for a later turn, and standing on it is no way to take it)."""
        if self.me.ivy > 0 and self._cache_on(square):
            return 0.0
        return max(self.immediate(square), self.targets.get(square, 0.0))

    def _cache_on(self, square: str) -> bool:
        """A cache lies there, face up or known to the player."""
        tile = self.tiles.get(square)
        if tile is None or not tile.face:
            return False
        kind = tile.face if tile.face != "down" else tile.known or self.peeked.get(square, "")
        return bool(kind) and self.data.kinds[kind].is_cache

    # ------------------------------------------------------------------ places and targets

    def _coin_places(self, square: str) -> float:
        worth = self.flip_value()
        board = self.data.board
        gain = 0.0
        action = board.aisles.get(square, "")
        if action == "event" and self.wants_coins:
            gain += COIN * 0.7
        elif action == "event" and self.spares_events:
            gain -= COIN * 0.7
        elif action == "event" and self.cycles_events:
            gain += COIN * 0.4
        if action == "equipment" and worth and self._gear_goal():
            gain += worth * 0.5
        if not worth:
            return gain
        for coin in self.me.coins:
            goal = self.data.coins[coin.coin].goal
            if coin.flipped or goal.kind != "at":
                continue
            hit = (
                (goal.place == "mega_event" and square == board.mega)
                or (goal.place == "swag_store" and square == board.swag)
                or (goal.place == "store" and board.in_store(square))
                or (goal.place == "far_edge" and board.far_edge(square))
            )
            gain += worth if hit else 0.0
        return gain

    def _gear_goal(self) -> bool:
        """An unflipped "hold five equipment cards" geocoin."""
        return any(not c.flipped and self.data.coins[c.coin].goal.kind == "equipment" for c in self.me.coins)

    def missing_items(self) -> set[str]:
        """Items that revealed caches of wanted groups need and the player lacks."""
        return set(self.unlock_values())

    def unlock_values(self) -> dict[str, float]:
        """Item -> the best revealed cache of a wanted group that it would let the player take."""
        return {item: value for item, value in self.item_values().items() if item not in self.items}

    def item_values(self) -> dict[str, float]:
        """Item -> the best revealed cache of a wanted group that needs it (held or not)."""
        found: dict[str, float] = {}
        for tile in self.tiles.values():
            if tile.face in ("", "down"):
                continue
            kind = self.data.kinds[tile.face]
            if kind.is_cache and kind.needs:
                value = self.cache_value(kind)
                if value > SPARE:
                    found[kind.needs] = max(found.get(kind.needs, 0.0), value)
        return found

    def useful_flips(self) -> list[int]:
        """Cards whose other side opens a better revealed cache than the side facing the board (the
        base game's test, any item a revealed cache needs, turned a card back and forth between
        Tweezers and Laptop at every visit to the Swag Store, for 1000 rounds)."""
        opens = self.item_values()
        shown = Counter(g.item for g in self.me.gear)
        return [
            g.card
            for g in self.me.gear
            if not shown[g.other] and opens.get(g.other, 0.0) > (opens.get(g.item, 0.0) if shown[g.item] == 1 else 0.0)
        ]

    def _targets(self) -> dict[str, float]:
        targets = super()._targets()
        board = self.data.board
        unlock = self.unlock_values()
        if unlock and self.view.public.equipment_deck:
            shop = 0.6 * max(unlock.values())
            for aisle, action in board.aisles.items():
                if action == "equipment":
                    targets[aisle] = max(targets.get(aisle, 0.0), shop)
        useful = self.useful_flips()
        flips = [g.other for g in self.me.gear if g.card in useful]
        if flips:
            targets[board.swag] = max(targets.get(board.swag, 0.0), 0.8 * max(unlock[item] for item in flips))
        if self._coin_trade_wanted():
            targets[board.mega] = max(targets.get(board.mega, 0.0), COIN_TRADE)
        for square in (board.mega, board.swag, board.parking[0], *board.aisles, *self._far_row()):
            bonus = self._coin_places(square)
            if bonus > 0:
                targets[square] = max(targets.get(square, 0.0), bonus)
        behind_bear = [v for sq, v in targets.items() if sq in self.bear_zone and v > SPARE]
        if behind_bear and not self.team_snack and self._snack_drawable():
            for aisle, action in board.aisles.items():
                if action == "event":
                    targets[aisle] = max(targets.get(aisle, 0.0), SNACK_HUNT * max(behind_bear))
        if self.me.caches:
            for muggle in self.public.muggles:
                if muggle.carrying:
                    gain = self.cache_value(self.data.kinds[muggle.carrying]) - SPARE
                    worth = self._swap_worth(muggle.tile)
                    # a relay's giver gains nothing himself: the swap's worth to the team draws him
                    pull = max(gain, RELAY_PULL * worth) if woods_empty(self.public) else gain
                    if pull > 1.0 and worth > SWAP_WORTH:
                        targets[muggle.square] = max(targets.get(muggle.square, 0.0), 0.6 * pull)
        # a tile that sends the player away is nowhere to stand (a far-edge Pond), only a way to the
        # Hospital when a geocoin wants it: aiming at it stalled a player for ever
        for square in [sq for sq in targets if self._sends_away(sq)]:
            kind = self.data.kinds[self.tiles[square].face]
            if not (kind.effect == "hospital" and self._wants_hospital()):
                del targets[square]
        return targets

    def _sends_away(self, square: str) -> bool:
        """A face-up tile there sends this player away (a Pond on the far edge): no place to stand on."""
        tile = self.tiles.get(square)
        if tile is None or tile.face in ("", "down"):
            return False
        kind = self.data.kinds[tile.face]
        protected = bool(kind.protection) and kind.protection in self.items
        return kind.category == "problem" and kind.effect in SENDS_AWAY and not protected

    def _snack_drawable(self) -> bool:
        """The Snack can still be drawn: it is in the deck, or in the discard pile, which is shuffled
        into a new deck when the deck runs out ("werden ... neu gemischt"), so drawing the deck
        empty brings it back (waiting for the deck to empty by itself stalled a solitaire game)."""
        public = self.view.public
        return public.event_deck > 0 or SNACK in public.event_discard

    def _bait(self) -> float:
        """A muggle carries a cache of a group the team lacks and this player holds nothing worth
        giving for it: a spare cache is what the swap needs (a solitaire player holding one cache
        of each group wandered for 600 rounds while the muggle carried the group it lacked)."""
        for muggle in self.public.muggles:
            wanted = muggle.tile >= 0 and self.team.group_of(muggle.carrying).id in self.missing
            if wanted and not self._would_swap(muggle.tile):
                return BAIT
        return 0.0

    def _would_swap(self, carried: int) -> bool:
        """Some cache of this player is worth giving for ``carried`` (the swap the player would make on
        the muggle's square): chasing a muggle for a cache it cannot give anything for stalls the game."""
        return self._swap_worth(carried) > SWAP_WORTH

    def _swap_worth(self, carried: int) -> float:
        """What this player's best swap for ``carried`` does for the team (``ai_plans.takes_swap``)."""
        return takes_swap(self.team, self.public, Progress(self.team, self.public), self.view.seat, carried)

    def _far_row(self) -> list[str]:
        return far_row(self.data)

    # ------------------------------------------------------------------ abilities

    def ability_value(self, action: str) -> float:
        parts = action.split(":")
        match parts[1]:
            case "snoop":
                return 0.6
            case "swap":
                return self._coin_swap_value(int(parts[2]), int(parts[3]), int(parts[4]))
            case "take":
                return -1.0
        return super().ability_value(action)

    def target_value(self, card: int, arg: str) -> float:
        """The base game's judgement; Ranger's Lift with nowhere worth going goes anywhere (the base
        game measures the way to the nearest square worth something)."""
        if self.data.events[card].effect == "ranger_lift" and not any(v > 0 for v in self.targets.values()):
            return 0.0
        return super().target_value(card, arg)

    def card_worth_playing(self, card: int, actions: list[str]) -> bool:
        """Borrowed Gear only moves equipment within the team: never worth a card."""
        if self.data.events[card].effect == "borrow_equipment":
            return False
        return super().card_worth_playing(card, actions)

    def _coin_swap_value(self, other: int, mine: int, theirs: int) -> float:
        """The Coin Collector swaps when it brings the team nearer its flipped geocoins."""
        from bot.games.muggles.ai_plans import coin_swap_value

        value = coin_swap_value(self.team, self.public, self.view.seat, other, mine, theirs)
        return value if value > 0 else -1.0


_FAR_ROWS: dict[int, tuple[GameData, list[str]]] = {}


def far_row(data: GameData) -> list[str]:
    """The squares of both Wooded boards' far edges (worked out once per data set)."""
    known = _FAR_ROWS.get(id(data))
    if known is None or known[0] is not data:
        board = data.board
        known = _FAR_ROWS[id(data)] = (data, [sq for sq in board.squares if board.far_edge(sq)])
    return known[1]


def team_gear_value(data: GameData, team: MugglesData, view: SeatView, item: str) -> float:
    """How much the player wants ``item`` facing the board: the caches of missing groups it opens,
    less when a teammate already has it; protections and insurance as in the base game."""
    public = view.public
    me = public.base.seats[view.seat]
    if any(g.item == item for g in me.gear):
        return 0.1
    others = sum(g.item == item for s in public.base.seats if s.seat != view.seat for g in s.gear)
    missing = {g.id for g in public.groups if g.status != "held"}
    value = 0.0
    for kind in data.kinds.values():
        if kind.needs == item:
            wanted = team.group_of(kind.id).id in missing or bool(public.goal[PLAYER_GROUPS])
            value += (1.2 if wanted else 0.2) * kind.count / (1 + 2 * others)
        if kind.protection == item:
            value += 0.25 * kind.count * PENALTY.get(kind.effect, 1.0)
    if item == "insurance":
        value += 1.2
    return value
