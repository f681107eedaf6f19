"""Invariants the tests assert after every action, and re-randomising what nobody can see."""

from __future__ import annotations

from bot.engine import Rng
from bot.games.cmiyc import scoring
from bot.games.cmiyc.data import GameData
from bot.games.cmiyc.movement import bear_zone
from bot.games.cmiyc.state import State


def check_invariants(data: GameData, state: State) -> None:
    on_board = list(state.board.values())
    held = [t for p in state.seats for t in p.caches]
    tiles = on_board + state.stock + state.discard + held
    assert sorted(tiles) == list(range(len(data.tiles))), (
        "the 104 tiles are on the board, in the stock, discarded or held"
    )
    assert set(state.faceup) <= set(on_board), "face-up tiles lie on the board"
    assert set(state.known) <= set(on_board) - set(state.faceup), "publicly known tiles lie face down"
    assert set(state.trail_since) <= set(state.faceup), "only revealed trail tiles count as trail"
    assert all(sq in data.board.tile_squares for sq in state.board), "tiles lie on woods squares without printed trail"

    coins = state.coin_stack + [c for p in state.seats for c in p.coins]
    assert sorted(coins) == list(range(len(data.coins))), "12 geocoins"
    gear = state.equipment_deck + state.equipment_discard + [g.card for p in state.seats for g in p.gear]
    assert sorted(gear) == list(range(len(data.equipment))), "28 equipment cards"
    events = state.event_deck + state.event_discard + [c for p in state.seats for c in p.events]
    events += [pair[1] for pair in state.ammo]
    assert sorted(events) == list(range(len(data.events))), "18 event cards"
    assert all(pair[0] in held for pair in state.ammo), "a Golden Ammo Can lies under a held cache"

    zone = bear_zone(data, state)
    for seat, player in enumerate(state.seats):
        assert player.square in data.board.squares, f"seat {seat} stands on a square of the board"
        threatened = any(p.kind == "bear" and str(seat) in p.squares for p in state.prompts)
        assert player.square not in zone or threatened, f"seat {seat} stands next to the awake bear"
        assert _score(data, state, seat) == scoring.score(data, state, seat), "a score is the sum of the holdings"
        for g in player.gear:
            if g.side < 0:
                assert any(p.kind == "side" and p.card == g.card for p in state.prompts), (
                    "a card without a side is being chosen"
                )
    if not state.over:
        assert state.prompts, "a game in progress waits for a decision"
    else:
        assert state.winners


def _score(data: GameData, state: State, seat: int) -> int:
    """The sum of a player's holdings, counted the long way."""
    player = state.seats[seat]
    doubled = {pair[0] for pair in state.ammo}
    total = 0
    sets: dict[str, int] = {}
    for tile in player.caches:
        kind = data.kind(tile)
        if kind.is_set:
            sets[kind.id] = sets.get(kind.id, 0) + 1
        else:
            total += kind.value * (2 if tile in doubled else 1)
    for kind_id, count in sets.items():
        total += (count // data.kinds[kind_id].set_size) * data.kinds[kind_id].set_value
    for coin in player.coins:
        total += data.coins[coin].value if coin in state.coins_flipped else 1
    return total


def shuffle_hidden(data: GameData, state: State, seed: int) -> State:
    """Re-deal what no observer can know: face-down tiles and the stock, the decks, saved cards."""
    rng = Rng.from_seed(seed, "hidden")
    hidden_squares = sorted(sq for sq, t in state.board.items() if t not in state.faceup and t not in state.known)
    pool = [state.board[sq] for sq in hidden_squares] + state.stock
    rng.shuffle(pool)
    for square in hidden_squares:
        state.board[square] = pool.pop()
    state.stock = pool
    rng.shuffle(state.equipment_deck)
    rng.shuffle(state.coin_stack)
    offered = {int(code[1:]) for p in state.prompts for code in (p.give, p.want) if code.startswith("v")}
    hands = [[c for c in p.events if c not in offered] for p in state.seats]
    cards = state.event_deck + [c for hand in hands for c in hand]
    rng.shuffle(cards)
    state.event_deck = [cards.pop() for _ in state.event_deck]
    for player, hand in zip(state.seats, hands):
        kept = [c for c in player.events if c in offered]
        player.events = kept + [cards.pop() for _ in hand]
    for player in state.seats:
        player.peeked = [t for t in player.peeked if t in state.board.values()]
    return state
