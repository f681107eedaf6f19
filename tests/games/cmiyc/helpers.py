"""Builders for Cache Me If You Can scenario tests: a game past set-up, then a situation arranged
by moving pieces the way the physical game could (tiles swapped with the stock, cards dealt from
the decks), so every invariant still holds."""

from __future__ import annotations

from bot.engine import Event
from bot.games.cmiyc import scoring
from bot.games.cmiyc.engine import CacheEngine, build_engine
from bot.games.cmiyc.state import Gear, Prompt, State, Turn

E: CacheEngine = build_engine()
DATA = E.data
BOARD = DATA.board


def fresh(players: int = 2, seed: int = 1, **options: object) -> State:
    """A new game with every player's equipment sides chosen (side 0): seat 0 is to move."""
    state = E.new_game(players, E.options_for(dict(options), players), seed)
    while state.round == 0:
        seat = E.current_seats(state)[0]
        state = E.apply(state, seat, next(c.action for c in E.legal_actions(state, seat))).state
    return state


def act(state: State, action: str, seat: int | None = None) -> tuple[State, list[Event]]:
    seat = E.current_seats(state)[0] if seat is None else seat
    transition = E.apply(state, seat, action)
    E.check_invariants(transition.state)
    return transition.state, transition.events


def text(events: list[Event], public_only: bool = False) -> str:
    return "\n".join(e.text for e in events if not public_only or e.public)


def actions(state: State, seat: int | None = None) -> list[str]:
    seat = E.current_seats(state)[0] if seat is None else seat
    return [c.action for c in E.legal_actions(state, seat)]


def tiles_of(kind: str) -> list[int]:
    return [t.id for t in DATA.tiles if t.kind == kind]


def _take_tile_from_anywhere(state: State, tile: int) -> None:
    for square, there in list(state.board.items()):
        if there == tile:
            scenery = [t for t in state.stock if DATA.kind(t).category == "scenery"]
            replacement = (scenery or state.stock)[0]
            state.stock.remove(replacement)
            state.board[square] = replacement
            if tile in state.faceup:
                state.faceup.remove(tile)
            state.trail_since.pop(tile, None)
            return
    if tile in state.stock:
        state.stock.remove(tile)
        return
    if tile in state.discard:
        state.discard.remove(tile)
        return
    for player in state.seats:
        if tile in player.caches:
            player.caches.remove(tile)
            return
    raise AssertionError(f"tile {tile} not found")


def _spare(state: State, square: str, kind: str) -> int:
    """A tile of ``kind`` to use: from the stock, the discard, else the board away from ``square``."""
    if state.board.get(square) in tiles_of(kind):
        return state.board[square]
    held = {c for p in state.seats for c in p.caches}
    near = {square, *BOARD.around(square)}
    far_on_board = [t for sq, t in sorted(state.board.items()) if sq not in near]
    for pool in (state.stock, state.discard, far_on_board):
        found = [t for t in tiles_of(kind) if t in pool and t not in held]
        if found:
            return found[0]
    raise AssertionError(f"no spare {kind} tile")


def put_tile(state: State, square: str, kind: str, *, face_up: bool = False, tile: int | None = None) -> int:
    """Lay a tile of ``kind`` on ``square`` (the tile there goes to the stock)."""
    if tile is None:
        tile = _spare(state, square, kind)
    if state.board.get(square) != tile:
        _take_tile_from_anywhere(state, tile)
        old = state.board.get(square)
        if old is not None:
            if old in state.faceup:
                state.faceup.remove(old)
            state.trail_since.pop(old, None)
            state.stock.append(old)
        state.board[square] = tile
    if face_up and tile not in state.faceup:
        state.faceup.append(tile)
    if not face_up and tile in state.faceup:
        state.faceup.remove(tile)
    return tile


def clear_square(state: State, square: str) -> None:
    """Take the tile off a woods square (it goes back to the stock): the square counts as trail."""
    tile = state.board.pop(square, None)
    if tile is not None:
        if tile in state.faceup:
            state.faceup.remove(tile)
        state.trail_since.pop(tile, None)
        state.stock.insert(0, tile)


def give_cache(state: State, seat: int, kind: str, tile: int | None = None) -> int:
    """Hand ``seat`` a cache of ``kind`` (from the stock, the discard or the board, never another player)."""
    if tile is None:
        held = {c for p in state.seats for c in p.caches}
        pools = (state.stock, state.discard, [t for _, t in sorted(state.board.items())])
        tile = next(t for pool in pools for t in tiles_of(kind) if t in pool and t not in held)
    _take_tile_from_anywhere(state, tile)
    state.seats[seat].caches.append(tile)
    return tile


def card_with(item: str, state: State | None = None) -> tuple[int, int]:
    """(card, side) of an equipment card showing ``item``, preferably one still in the deck."""
    options = [(c.id, c.sides.index(item)) for c in DATA.equipment if item in c.sides]
    if state is not None:
        in_deck = [o for o in options if o[0] in state.equipment_deck]
        if in_deck:
            return in_deck[0]
    return options[0]


def give_item(state: State, seat: int, item: str) -> int:
    """Hand ``seat`` an equipment card with ``item`` facing the board (taken from wherever it is)."""
    card, side = card_with(item, state)
    for player in state.seats:
        player.gear = [g for g in player.gear if g.card != card]
    if card in state.equipment_deck:
        state.equipment_deck.remove(card)
    if card in state.equipment_discard:
        state.equipment_discard.remove(card)
    state.seats[seat].gear.append(Gear(card, side))
    return card


def strip_gear(state: State, seat: int) -> None:
    """Put all of a player's equipment back in the deck."""
    for gear in state.seats[seat].gear:
        state.equipment_deck.insert(0, gear.card)
    state.seats[seat].gear = []


def give_event(state: State, seat: int, effect: str) -> int:
    card = next(c.id for c in DATA.events if c.effect == effect and c.id in state.event_deck)
    state.event_deck.remove(card)
    state.seats[seat].events.append(card)
    return card


def top_event(state: State, effect: str) -> int:
    """Put a card with ``effect`` on top of the event deck."""
    card = next(c.id for c in DATA.events if c.effect == effect and c.id in state.event_deck)
    state.event_deck.remove(card)
    state.event_deck.append(card)
    return card


def give_coin(state: State, seat: int, key: str, flipped: bool = False) -> int:
    coin = next(c.id for c in DATA.coins if c.key == key)
    for player in state.seats:
        if coin in player.coins:
            player.coins.remove(coin)
    if coin in state.coin_stack:
        state.coin_stack.remove(coin)
    state.seats[seat].coins.append(coin)
    if flipped and coin not in state.coins_flipped:
        state.coins_flipped.append(coin)
    return coin


def set_character(state: State, seat: int, character: str) -> None:
    state.seats[seat].character = character


def turn_of(state: State, seat: int, square: str | None = None) -> State:
    """Make it ``seat``'s turn (about to move), standing on ``square``."""
    if square is not None:
        state.seats[seat].square = square
        state.seats[seat].came_from = ""
    state.turn = Turn(seat=seat)
    state.prompts = [Prompt("move", seat)]
    return state


def reachable(state: State, seat: int | None = None) -> set[str]:
    return {a[3:] for a in actions(state, seat) if a.startswith("go:")}


def score(state: State, seat: int) -> int:
    return scoring.score(DATA, state, seat)


def plain(state: State) -> State:
    """Give every player a character whose ability asks no question (the Shopper)."""
    for player in state.seats:
        player.character = "shopper"
    return state


def give_points(state: State, seat: int, points: int) -> list[int]:
    """Single caches worth exactly ``points`` (highest values first)."""
    held = {c for p in state.seats for c in p.caches}
    free = [
        t.id
        for t in DATA.tiles
        if DATA.kind(t.id).is_cache and not DATA.kind(t.id).is_set and t.id not in held and not t.coin
    ]
    free.sort(key=lambda t: -DATA.kind(t).value)
    given = []
    for tile in free:
        if DATA.kind(tile).value <= points:
            give_cache(state, seat, DATA.tiles[tile].kind, tile=tile)
            points -= DATA.kind(tile).value
            given.append(tile)
        if points == 0:
            return given
    raise AssertionError("not enough caches")
