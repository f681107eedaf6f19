"""Where humans can still go in the woods, and what they can still obtain, for the losing rule.

"If the only winning cache tiles are surround by impassable tiles such as Cliffs, Ponds, or Cave and
thus unreachable by humans, the game is considered lost. If the blocking tiles could be crossed with
the right equipment, it is okay to try to obtain that equipment in the town. You cannot wait for a
muggle to randomly step over a Snake to pick up a humanly unreachable cache."

A face-up tile blocks a human when landing on it puts them somewhere else (the Hospital, back where
they came from, the Café, the trail head) and its protecting item can no longer be had. Off the
trails humans move one square a turn, so every woods square they cross is landed on. The Cave
itself is never crossable; the awake bear's neighbours are (the Snack is always somewhere in the
event cards). An item can be had while a card showing it on either side is in the equipment deck or
in front of any player (flipped at the Swag Store, traded, borrowed); discarded cards never return.
"""

from __future__ import annotations

from collections import deque

from bot.games.cmiyc.data import GameData
from bot.games.cmiyc.state import State

SENDS_AWAY = frozenset({"hospital", "go_back", "bear", "go_to_cafe", "flee_to_trail_head"})
"""Problem effects that keep a human off the tile: Cliff, Snake, Pond, Cave, Cold weather, Beehive."""


def obtainable_items(data: GameData, state: State) -> frozenset[str]:
    cards = list(state.equipment_deck) + [g.card for p in state.seats for g in p.gear]
    return frozenset(item for card in cards for item in data.equipment[card].sides)


def impassable(data: GameData, state: State, square: str, items: frozenset[str]) -> bool:
    tile = state.board.get(square)
    if tile is None:
        return False
    kind = data.kind(tile)
    if kind.effect == "bear":
        return tile in state.faceup or tile in state.known
    if tile not in state.faceup or kind.category != "problem" or kind.effect not in SENDS_AWAY:
        return False
    return not (kind.protection and kind.protection in items)


def human_reach(data: GameData, state: State, items: frozenset[str]) -> frozenset[str]:
    """Woods squares humans can still step onto: from the Town's gates and where humans stand."""
    board = data.board
    starts = {nxt for sq, info in board.squares.items() if not board.is_woods(sq) for nxt in board.links[sq]}
    starts = {sq for sq in starts if board.is_woods(sq)}
    starts |= {p.square for p in state.seats if board.is_woods(p.square)}
    seen = {sq for sq in starts if not impassable(data, state, sq, items)}
    queue = deque(seen)
    while queue:
        square = queue.popleft()
        for nxt in board.links[square]:
            if nxt not in seen and board.is_woods(nxt) and not impassable(data, state, nxt, items):
                seen.add(nxt)
                queue.append(nxt)
    return frozenset(seen)


def collectable_on_board(data: GameData, state: State) -> list[int]:
    """Cache tiles on the board that a human can still reach and take (the item it needs can be had)."""
    items = obtainable_items(data, state)
    reach = human_reach(data, state, items)
    return [
        tile
        for square, tile in state.board.items()
        if data.kind(tile).is_cache
        and square in reach
        and (not data.kind(tile).needs or data.kind(tile).needs in items)
    ]
