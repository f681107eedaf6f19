"""Losing "whenever the above winning conditions become impossible" (000, Winning/Losing conditions).

Each requirement is checked on its own, and per player where it is one ("Every player must have ..."):

* the team's groups: a group is gone when none of its caches is left in play ("Watch for completely
  trashed groups that make the game unwinnable"), or unreachable when what is left lies where no
  human can reach it ("If the only winning cache tiles are surround by impassable tiles ... the game
  is considered lost"); and the team cannot hold more groups than caches, which grow only by caches
  taken from the woods;
* the groups each player needs: enough of each group left for every player, and enough caches left
  to take for the players who hold too few;
* the flipped geocoins: enough coins whose goal can still be met, every player able to hold the
  coins they need, and (when no coin can change hands any more) to flip them.

The check is sound: it declares a loss only when no way of playing on can win. What a player holds
changes only in these ways, and the check allows for every one of them: a cache comes from the woods
(the board or the stock), a swap with a muggle, the Borrower's swap or a trade changes one cache
for another (a single cache for a whole Multi set at most adds the set's other pieces), Disable
Cache takes one away; a geocoin comes only off the geocoin stack (a coin-symbol cache, a Multi
set's coin, First To Find), and every trade of coins, the Coin Collector's swap and the solitaire
coin trade give one coin for one. So a player's number of coins never falls, and rises only
while the stack has coins.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.games.cmiyc.components import Goal
from bot.games.cmiyc.data import GameData
from bot.games.muggles import reach
from bot.games.muggles.data import MugglesData
from bot.games.muggles.goals import (
    PLAYER_COINS,
    PLAYER_GROUPS,
    TEAM_COINS,
    TEAM_GROUPS,
    TWO_COIN_PLAYERS,
    team_groups,
    units,
)
from bot.games.muggles.state import MugglesState
from bot.games.muggles.trading import TEAM_TRADES

COIN_SOURCE = "first_to_find"
"""The event card that gives the top geocoin (its cards are reshuffled and drawn again)."""


@dataclass(frozen=True)
class Loss:
    kind: str
    """``trashed``, ``sets``, ``unreachable``, ``caches`` (the team's groups), ``each``, ``each_caches`` (groups
    each player needs), ``coins``, ``coin_holders``, ``coin_flips`` (flipped geocoins)."""
    groups: tuple[str, ...] = ()
    seats: tuple[int, ...] = ()
    """The players the requirement cannot be met for."""
    needed: int = 0
    possible: int = 0
    each: int = 0
    """What the requirement asks of each player (groups each)."""


@dataclass(frozen=True)
class Outlook:
    """What the team can still come to hold."""

    anywhere: Counter[str]
    """Each group's units (a cache, a whole Multi set) among the tiles still in play."""
    possible: Counter[str]
    """The same among the tiles humans can still get: held, carried by muggles, in the stock, or on
    the board where a human can reach and take them."""
    kinds: Counter[str]
    """Cache types among those tiles."""
    takeable: int
    """Caches humans can still take from the woods (the stock's and the reachable ones)."""
    draws: int
    """Geocoins that can still come off the geocoin stack."""


def fingerprint(state: MugglesState) -> tuple[object, ...]:
    """Everything ``won`` and ``loss`` read: while it is unchanged, so is their answer."""
    return (
        tuple(state.board.items()),
        tuple(state.faceup),
        tuple(state.known),
        len(state.stock),
        tuple(state.coins_flipped),
        tuple(state.coins_claimed),
        len(state.coin_stack),
        tuple(m.carrying for m in state.muggles),
        len(state.equipment_deck),
        len(state.event_deck) + len(state.event_discard),
        (state.team_trades, state.coin_trade_used),
        tuple(
            (p.square, p.character, tuple(p.caches), tuple(p.coins), tuple(g.card for g in p.gear)) for p in state.seats
        ),
    )


def in_play(state: MugglesState) -> list[int]:
    """Cache tiles held by players or carried by muggles."""
    return [t for p in state.seats for t in p.caches] + [m.carrying for m in state.muggles if m.carrying >= 0]


def outlook(team: MugglesData, state: MugglesState, *, strict: bool = False) -> Outlook:
    data = team.game
    if strict:
        reachable = [t for t in state.board.values() if data.kind(t).is_cache]
    else:
        reachable = reach.collectable_on_board(data, state)
    gettable = [*in_play(state), *state.stock, *reachable]
    woods = [t for t in [*state.stock, *reachable] if data.kind(t).is_cache]
    return Outlook(
        anywhere=units(team, [*in_play(state), *state.stock, *state.board.values()]),
        possible=units(team, gettable),
        kinds=Counter(data.tiles[t].kind for t in gettable),
        takeable=len(woods),
        draws=coin_draws(data, state),
    )


def coin_draws(data: GameData, state: MugglesState) -> int:
    """Geocoins that can still come off the stack: all of them while First To Find can be drawn (the
    store's event aisle is always open), otherwise one per coin-symbol cache whose coin is still in
    it (wherever it lies: a muggle may carry it out to be swapped for)."""
    stack = len(state.coin_stack)
    cards = [*state.event_deck, *state.event_discard, *(c for p in state.seats for c in p.events)]
    if not stack or any(data.events[c].effect == COIN_SOURCE for c in cards):
        return stack
    tiles = [*in_play(state), *state.stock, *state.board.values()]
    return min(stack, sum(1 for t in tiles if data.tiles[t].coin and t not in state.coins_claimed))


def loss(team: MugglesData, state: MugglesState, *, strict: bool = False) -> Loss | None:
    """Why winning has become impossible, or None while it is still possible. ``strict``: leave out
    the text's rule on unreachable caches (every cache on the board counts as gettable), so that only
    what no luck can undo is left: once lost, always lost (the tests hold it to that)."""
    look = outlook(team, state, strict=strict)
    return _team_groups(team, state, look) or _each_groups(team, state, look) or _coins(team, state, look)


# ---------------------------------------------------------------------- the team's groups


def _team_groups(team: MugglesData, state: MugglesState, look: Outlook) -> Loss | None:
    held = team_groups(team, state)
    need = state.goal[TEAM_GROUPS]
    ids = [g.id for g in team.groups]
    if sum(1 for g in ids if g in held or look.anywhere[g]) < need:
        gone = tuple(g for g in ids if g not in held and not look.anywhere[g])
        kind = "sets" if all(team.group(g).sets for g in gone) and _pieces_left(team, state) else "trashed"
        return Loss(kind, gone, needed=need)
    if sum(1 for g in ids if g in held or look.possible[g]) < need:
        lost = tuple(g for g in ids if g not in held and look.anywhere[g] and not look.possible[g])
        return Loss("unreachable", lost, needed=need)
    # A group held is one cache held, or a whole Multi set; a swap or a trade changes a cache for a
    # cache (or a Multi set, within the team), so the team's caches grow only by what it takes from
    # the woods.
    caches = sum(len(p.caches) for p in state.seats) + look.takeable
    fewest = fewest_caches(team, need)
    if caches < fewest:
        return Loss("caches", needed=need, possible=caches, each=fewest)
    return None


def fewest_caches(team: MugglesData, groups: int) -> int:
    """The fewest caches that make ``groups`` groups: one for a group of single caches, a whole set
    for a group of Multi-caches."""
    data = team.game
    sizes = sorted(min(data.kinds[k].set_size for k in g.kinds) if g.sets else 1 for g in team.groups)
    return sum(sizes[:groups])


def _pieces_left(team: MugglesData, state: MugglesState) -> bool:
    """Some multi-cache pieces are still in play (but not enough for a set)."""
    data = team.game
    return any(data.kind(t).is_set for t in [*in_play(state), *state.stock, *state.board.values()])


# ---------------------------------------------------------------------- the groups each player needs


def _each_groups(team: MugglesData, state: MugglesState, look: Outlook) -> Loss | None:
    """Every player needs ``each`` groups: each group can serve as many players as it has units left,
    and a player's groups never outnumber the caches they hold, which grow only by caches taken from
    the woods and by receiving a Multi set for a single cache."""
    each = state.goal[PLAYER_GROUPS]
    if not each:
        return None
    players = state.players
    capacity = sum(min(players, look.possible[g.id]) for g in team.groups)
    if capacity < each * players:
        return Loss("each", needed=each * players, possible=capacity, each=each)
    short = [max(0, each - len(p.caches)) for p in state.seats]
    bonus = max(k.set_size for k in team.game.kinds.values()) - 1
    extra = look.takeable + (bonus * (TEAM_TRADES - state.team_trades) if players > 1 else 0)
    if sum(short) > extra:
        return Loss("each_caches", seats=_short_seats(short), needed=sum(short), possible=extra, each=each)
    return None


# ---------------------------------------------------------------------- flipped geocoins


def _coins(team: MugglesData, state: MugglesState, look: Outlook) -> Loss | None:
    data = team.game
    gear = len(state.equipment_deck) + sum(len(p.gear) for p in state.seats)

    def ok(coin: int) -> bool:
        return coin in state.coins_flipped or goal_open(team, data.coins[coin].goal, look, gear)

    return coin_loss(
        CoinGoal(state.goal[PLAYER_COINS], min(state.goal[TWO_COIN_PLAYERS], state.players), state.goal[TEAM_COINS]),
        [[ok(c) for c in p.coins] for p in state.seats],
        [ok(c) for c in state.coin_stack],
        look.draws,
        coins_change_hands(state),
    )


@dataclass(frozen=True)
class CoinGoal:
    each: int
    """Flipped geocoins every player needs."""
    two: int
    """Players who need two."""
    team: int
    """Flipped geocoins in all."""

    def needs(self, players: int) -> list[int]:
        return [max(self.each, 2)] * self.two + [self.each] * (players - self.two)


def coin_loss(
    goal: CoinGoal, held: Sequence[Sequence[bool]], stack: Sequence[bool], draws: int, mobile: bool
) -> Loss | None:
    """The geocoin requirements, from each player's coins and the stack's (True: flipped, or its goal
    can still be met), the coins that can still be drawn, and whether coins can still change hands.
    Winning needs every player to hold enough coins (their number only grows, by draws), enough
    flippable coins in all, and, when coins stay where they are, enough flippable coins of their own."""
    players = len(held)
    if not (goal.each or goal.two or goal.team):
        return None
    short = shortfall([len(coins) for coins in held], goal)
    if sum(short) > draws:
        return Loss("coin_holders", seats=_short_seats(short), needed=sum(short), possible=draws)
    from_stack = min(draws, sum(stack))
    flippable = sum(sum(coins) for coins in held) + from_stack
    needed = max(goal.team, sum(goal.needs(players)))
    if flippable < needed:
        return Loss("coins", needed=needed, possible=flippable)
    if not mobile:
        short = shortfall([sum(coins) for coins in held], goal)
        if sum(short) > from_stack:
            return Loss("coin_flips", seats=_short_seats(short), needed=sum(short), possible=from_stack)
    return None


def shortfall(have: Sequence[int], goal: CoinGoal) -> list[int]:
    """Per player, how many more coins they need at the least: every player ``each``, and ``two``
    players two, those who have the most (the cheapest choice: the extra need falls with ``have``)."""
    order = sorted(range(len(have)), key=lambda s: (-have[s], s))
    short = [0] * len(have)
    for need, seat in zip(goal.needs(len(have)), order):
        short[seat] = max(0, need - have[seat])
    return short


def _short_seats(short: Iterable[int]) -> tuple[int, ...]:
    return tuple(s for s, n in enumerate(short) if n)


def coins_change_hands(state: MugglesState) -> bool:
    """A coin can still go from one player to another: a Mega Event trade is left, a Coin Collector
    plays, or (alone) the coin trade for the top of the stack is unused."""
    if state.players == 1:
        return not state.coin_trade_used and bool(state.coin_stack)
    return state.team_trades < TEAM_TRADES or any(p.character == "coin_collector" for p in state.seats)


def goal_open(team: MugglesData, goal: Goal, look: Outlook, gear: int) -> bool:
    """A geocoin's goal can still be met by some player (places can always be visited)."""
    data = team.game
    match goal.kind:
        case "hold":
            return sum(look.kinds[t] for t in goal.types) >= goal.count
        case "types":
            return sum(1 for k, n in look.kinds.items() if n and data.kinds[k].is_cache) >= goal.count
        case "set":
            return any(look.possible[g.id] for g in team.groups if g.sets)
        case "equipment":
            return gear >= goal.count
    return True
