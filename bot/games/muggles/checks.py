"""Invariants the tests assert after every action, and re-dealing what nobody can see.

Muggles' invariants are the base game's (104 tiles, 12 geocoins, 28 equipment and 18 event cards,
nobody next to the awake bear) with the muggles' carried caches counted in, plus the muggles' own:
each stays on its Wooded board ("They never go to the hospital or any other part of the Town
board") and carries at most one cache.
"""

from __future__ import annotations

from bot.engine import Rng
from bot.games.cmiyc.data import GameData
from bot.games.cmiyc.movement import bear_zone
from bot.games.muggles.state import MugglesState
from bot.games.muggles.walk import DIRECTIONS


def check_invariants(data: GameData, state: MugglesState) -> None:
    on_board = list(state.board.values())
    held = [t for p in state.seats for t in p.caches]
    carried = [m.carrying for m in state.muggles if m.carrying >= 0]
    tiles = on_board + state.stock + state.discard + held + carried
    assert sorted(tiles) == list(range(len(data.tiles))), (
        "the 104 tiles are on the board, in the stock, out of play, held or carried"
    )
    assert set(state.faceup) <= set(on_board), "face-up tiles lie on the board"
    assert set(state.known) <= set(on_board) - set(state.faceup), "publicly known tiles lie face down"
    assert set(state.trail_since) <= set(state.faceup), "only revealed trail tiles and slabs count as trail"
    assert set(state.slabs) <= set(state.faceup), "concrete slabs stay in place, face up"
    assert all(data.kind(t).category == "blank" for t in state.slabs), "slabs are blank tiles"
    assert all(data.kind(t).is_cache for t in held + carried), "only caches are held and carried"
    assert not state.ammo, "the Golden Ammo Can gives an extra turn in Muggles; it never lies under a cache"

    coins = state.coin_stack + [c for p in state.seats for c in p.coins]
    assert sorted(coins) == list(range(len(data.coins))), "12 geocoins"
    gear = state.equipment_deck + state.equipment_discard + [g.card for p in state.seats for g in p.gear]
    assert sorted(gear) == list(range(len(data.equipment))), "28 equipment cards"
    events = state.event_deck + state.event_discard + [c for p in state.seats for c in p.events]
    assert sorted(events) == list(range(len(data.events))), "18 event cards"

    assert len(state.muggles) == len(data.board.woods) == 2, "two muggles, one for each Wooded board"
    for muggle in state.muggles:
        square = data.board.squares[muggle.square]
        assert square.board == muggle.board and data.board.is_woods(muggle.square), (
            "a muggle never leaves its Wooded board"
        )
        assert muggle.facing in DIRECTIONS, "a muggle faces along the grid"
    assert len({m.board for m in state.muggles}) == 2, "one muggle on each Wooded board"

    zone = bear_zone(data, state)
    for seat, player in enumerate(state.seats):
        assert player.square in data.board.squares, f"seat {seat} stands on a square of the board"
        assert player.square not in zone, f"seat {seat} stands next to the awake bear"
    assert state.muggle_phase or not state.muggle_tasks, "muggle tasks wait only in the muggles' part of the round"
    if state.over:
        assert state.outcome, "a finished game says how it ended"
        assert state.winners in ([], list(range(state.players))), "the team wins or loses together"
        assert (state.outcome == "won") == bool(state.winners)
    else:
        assert state.prompts, "a game in progress waits for a decision"


def shuffle_hidden(data: GameData, state: MugglesState, seed: int) -> MugglesState:
    """Re-deal what no one can know: face-down tiles and the stock, the order of the decks and coins."""
    rng = Rng.from_seed(seed, "hidden")
    hidden = sorted(sq for sq, t in state.board.items() if t not in state.faceup and t not in state.known)
    pool = [state.board[sq] for sq in hidden] + state.stock
    rng.shuffle(pool)
    for square in hidden:
        state.board[square] = pool.pop()
    state.stock = pool
    rng.shuffle(state.equipment_deck)
    rng.shuffle(state.coin_stack)
    rng.shuffle(state.event_deck)
    return state
