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

from bot.games.cmiyc.board import Board
from bot.games.cmiyc.data import GameData
from bot.games.cmiyc.state import State

SENDS_AWAY = frozenset({"hospital", "go_back", "bear", "go_to_cafe", "flee_to_trail_head"})
"""Problem effects that keep a human off the tile: Cliff, Snake, Pond, Cave, Cold weather, Beehive."""


def obtainable_items(data: GameData, state: State) -> frozenset[str]:
    cards = list(state.equipment_deck) + [g.card for p in state.seats for g in p.gear]
    return frozenset(item for card in cards for item in data.equipment[card].sides)


def impassable(data: GameData, state: State, square: str, items: frozenset[str], faceup: frozenset[int]) -> bool:
    tile = state.board.get(square)
    if tile is None:
        return False
    kind = data.kind(tile)
    if kind.effect == "bear":
        return tile in faceup or tile in state.known
    if tile not in faceup or kind.category != "problem" or kind.effect not in SENDS_AWAY:
        return False
    return not (kind.protection and kind.protection in items)


_GRAPHS: dict[int, tuple[Board, frozenset[str], dict[str, tuple[str, ...]]]] = {}


def _woods_graph(board: Board) -> tuple[frozenset[str], dict[str, tuple[str, ...]]]:
    """The woods squares entered straight from the Town, and each woods square's woods neighbours
    (worked out once per board: the losing check runs after every change)."""
    known = _GRAPHS.get(id(board))
    if known is None or known[0] is not board:
        gates = frozenset(
            nxt for sq in board.squares if not board.is_woods(sq) for nxt in board.links[sq] if board.is_woods(nxt)
        )
        links = {
            sq: tuple(n for n in board.links[sq] if board.is_woods(n)) for sq in board.squares if board.is_woods(sq)
        }
        known = _GRAPHS[id(board)] = (board, gates, links)
    return known[1], known[2]


def woods_gates(board: Board) -> frozenset[str]:
    """The woods squares entered straight from the Town."""
    return _woods_graph(board)[0]


def human_reach(data: GameData, state: State, items: frozenset[str]) -> frozenset[str]:
    """Woods squares humans can still step onto: from the Town's gates and where humans stand."""
    board = data.board
    gates, links = _woods_graph(board)
    starts = gates | {p.square for p in state.seats if board.is_woods(p.square)}
    faceup = frozenset(state.faceup)
    seen = {sq for sq in starts if not impassable(data, state, sq, items, faceup)}
    queue = deque(seen)
    while queue:
        square = queue.popleft()
        for nxt in links[square]:
            if nxt not in seen and not impassable(data, state, nxt, items, faceup):
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
