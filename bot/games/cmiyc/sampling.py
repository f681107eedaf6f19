"""What a searching computer player works with: a state redealt from what one seat may know
(``determinize``), and how good an unfinished game looks for each seat (``estimate``).

A seat knows everything public (the boards with their face-up tiles, every piece, equipment, caches,
geocoins, how many event cards each player saved, the discards), its own saved event cards, the
face-down tiles it peeked at (``Player.peeked``), the tiles everyone knows (the Cave turned back by the
Snack), and the contents of a trade offer it is part of. Everything else is redealt: the face-down
tiles it never saw together with the stock, the other players' saved cards together with the event
deck, the order of the equipment deck and of the geocoin stack, and the future dice (a fresh RNG).
Every pool is sorted before it is shuffled, so the sample depends on what the seat knows and on the
seed only, never on how the real state lies.

Where the others peeked is public ("{p} peeks at D5"), what they saw is not: a peek is kept as a
square, and the peeker knows whatever the sample lays there. A card the seat once handed another
player in a trade is not followed (no state remembers it): that player's hand is redealt like any.

Muggles uses ``redeal`` with its own openness: event cards lie face up and peeks are reveals, so
only the tiles, the stock and the decks are unknown to all.
"""

from __future__ import annotations

import math
from typing import TypeVar

from bot.engine import Rng
from bot.games.cmiyc import scoring
from bot.games.cmiyc.context import has_item
from bot.games.cmiyc.data import GameData
from bot.games.cmiyc.state import State

AnyState = TypeVar("AnyState", bound=State)


def _redeal_tiles(state: State, seen: set[int], rng: Rng) -> None:
    """Face-down tiles the seat has not seen, with the stock: the same tiles, laid anew."""
    faceup = set(state.faceup)
    hidden = sorted(sq for sq, tile in state.board.items() if tile not in faceup and tile not in seen)
    where = {tile: sq for sq, tile in state.board.items()}
    peeks = [[where.get(tile, "") for tile in player.peeked] for player in state.seats]
    landed = state.turn.landed
    waiting = state.board.get(landed) == state.turn.landed_tile and state.turn.landed_tile not in faceup
    pool = sorted([state.board[sq] for sq in hidden] + state.stock)
    rng.shuffle(pool)
    for square in hidden:
        state.board[square] = pool.pop()
    state.stock = pool
    for player, squares in zip(state.seats, peeks):
        player.peeked = [state.board[sq] for sq in squares if sq]
    state.turn.landed_tile = state.board[landed] if waiting else -1


def _redeal_events(state: State, seat: int, rng: Rng) -> None:
    """The other players' saved cards (how many each holds is public) with the event deck; a card
    offered in a pending trade stays where it is."""
    offered = {int(code[1:]) for p in state.prompts for code in (p.give, p.want) if code.startswith("v")}
    others = [q for q in range(len(state.seats)) if q != seat]
    loose = {q: [c for c in state.seats[q].events if c not in offered] for q in others}
    pool = sorted(state.event_deck + [c for q in others for c in loose[q]])
    rng.shuffle(pool)
    state.event_deck, pool = pool[: len(state.event_deck)], pool[len(state.event_deck) :]
    for q in others:
        kept = [c for c in state.seats[q].events if c in offered]
        state.seats[q].events, pool = kept + pool[: len(loose[q])], pool[len(loose[q]) :]


def _shuffled(cards: list[int], rng: Rng) -> list[int]:
    ordered = sorted(cards)
    rng.shuffle(ordered)
    return ordered


def redeal(state: AnyState, seat: int, rng: Rng, *, open_hands: bool, coins_known_below: int = 0) -> AnyState:
    """``state`` (a copy, changed in place) with what ``seat`` cannot know redealt. ``open_hands``:
    event cards lie face up and every peek is known to all (Muggles). ``coins_known_below``: so many
    geocoins at the bottom of the stack are known (Muggles' solitaire coin trade puts one there)."""
    seen = set(state.known)
    for q, player in enumerate(state.seats):
        if open_hands or q == seat:
            seen.update(player.peeked)
    _redeal_tiles(state, seen, rng)
    if not open_hands:
        _redeal_events(state, seat, rng)
    else:
        state.event_deck = _shuffled(state.event_deck, rng)
    state.equipment_deck = _shuffled(state.equipment_deck, rng)
    bottom = state.coin_stack[:coins_known_below]
    state.coin_stack = bottom + _shuffled(state.coin_stack[coins_known_below:], rng)
    state.rng = rng.next_u64()
    return state


def determinize(state: State, seat: int, seed: int) -> State:
    """``state`` (a copy, changed in place) with everything ``seat`` cannot know redealt from ``seed``."""
    return redeal(state, seat, Rng.from_seed(seed, "cmiyc-determinize"), open_hands=False)


# --------------------------------------------------------------------------- how the game looks

SHARPNESS = 9.0
"""How strongly a lead of the whole points target decides the game (a softmax over the seats)."""
HALF_SET = 0.4
"""What an unfinished multi-cache set is worth, as a share of the set's points per piece held."""
UNFLIPPED = 0.5
"""An unflipped geocoin's hope of flipping: this share of the points its goal would add."""
KNOWN_CACHE = 0.5
"""A face-down cache the seat peeked at and could take is half found: this share of its points (so a
search sees what a peek is worth before the look-ahead reaches the cache)."""


def prospect(data: GameData, state: State, seat: int) -> float:
    """Points a seat holds, plus part of what its unfinished sets and unflipped geocoins promise, less a
    little for turns it must sit out and a lost GPS/PEN (it cannot take caches until it gets one back)."""
    player = state.seats[seat]
    points = float(scoring.score(data, state, seat))
    pieces: dict[str, int] = {}
    for tile in player.caches:
        kind = data.kind(tile)
        if kind.is_set:
            pieces[kind.id] = pieces.get(kind.id, 0) + 1
    for kind_id, count in pieces.items():
        kind = data.kinds[kind_id]
        points += HALF_SET * (count % kind.set_size) * kind.set_value / kind.set_size
    for coin in player.coins:
        if coin not in state.coins_flipped:
            points += UNFLIPPED * max(0, data.coins[coin].value - scoring.COIN_FACE_UP)
    points += KNOWN_CACHE * known_caches(data, state, seat)
    return points - 0.5 * player.skip - 0.3 * player.ivy - (0.0 if player.gps else 0.5)


def known_caches(data: GameData, state: State, seat: int) -> float:
    """Points in the face-down caches the seat peeked at and could take now (a set's piece counts
    its share of the set): what its peeks promise."""
    player = state.seats[seat]
    if not player.gps or not player.peeked:
        return 0.0
    down = set(state.board.values()).difference(state.faceup)
    types = scoring.distinct_types(data, player)
    points = 0.0
    for tile in player.peeked:
        kind = data.kind(tile)
        if tile not in down or not kind.is_cache:
            continue
        if kind.needs and not has_item(data, player, kind.needs):
            continue
        if types < kind.prerequisite_types:
            continue
        points += kind.set_value / kind.set_size if kind.is_set else kind.value
    return points


def estimate(data: GameData, state: State, target: int) -> tuple[float, ...]:
    """Each seat's chance to win: a softmax of its prospects as a share of the target, sharper as the
    leader nears the target; on the scale the search scores a finished game with (0.9 for the win,
    up to 0.1 more for being close to the leader)."""
    values = [prospect(data, state, q) for q in range(len(state.seats))]
    lead = max(0.0, min(1.0, max(values) / target))
    sharpness = SHARPNESS * (0.4 + lead)
    top = max(values)
    exp = [math.exp(sharpness * (v - top) / target) for v in values]
    total = sum(exp)
    return tuple(0.9 * e / total + 0.1 * e for e in exp)
