"""Where the computer player steps: a value field over the board that knows the revealed hazards.

Every target (a cache worth having, an unknown tile, a store aisle, a place that flips a coin) spreads
its value backwards along the board's moves, shrinking by ``GAMMA`` for every turn the way costs: a
third of a turn on roads and trails, a turn elsewhere, more over a tile that costs a turn. A tile that
sends the player away (a Cliff, a Pond, a Beehive ... it is not protected from, the Cave, a tile beside
the awake bear) cannot be crossed. A move is worth what it lands on now plus the best value within reach
from where the player then stands (a Beehive puts them on its trail head, a Pond back where they came
from), so the player walks round hazards instead of bumping into them, and a dead end it cannot leave
on foot is left the way the board allows.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping

from bot.games.cmiyc.ai_values import Appraisal
from bot.games.cmiyc.data import GameData
from bot.games.cmiyc.views import TileView

GAMMA = 0.8
"""What a target is worth one turn further away."""
FAST = 1 / 3
UNKNOWN_STEP = 1.2
"""A face-down tile on the way: a turn, and a risk."""
SLOW_EFFECTS = {"lose_turn": 1.0, "poison_ivy": 0.7, "discard_equipment": 0.7, "lose_gps_pen": 0.7}
SENDS_AWAY = frozenset({"hospital", "go_back", "bear", "go_to_cafe", "flee_to_trail_head"})
Costs = dict[str, float | None]


def reverse_links(data: GameData) -> dict[str, tuple[str, ...]]:
    """For each square, the squares a move can come from."""
    found: dict[str, list[str]] = {square: [] for square in data.board.squares}
    for square, nexts in data.board.links.items():
        for nxt in nexts:
            found[nxt].append(square)
    return {square: tuple(before) for square, before in found.items()}


def bear_zone(judge: Appraisal) -> frozenset[str]:
    """Squares the player may not end a move on: the awake bear's 8 woods squares (not with the Snack)."""
    public = judge.view.public
    cave = next((t.square for t in public.tiles if t.face == "cave"), "")
    if not public.bear_awake or not cave or "snack" in judge.view.events:
        return frozenset()
    return frozenset(judge.data.board.woods_around(cave))


def sent_to(judge: Appraisal, square: str, here: str) -> str:
    """Where the player stands after landing on ``square`` from ``here`` (a face-up tile may send them on)."""
    tile = judge.tiles.get(square)
    if tile is None or tile.face in ("", "down"):
        return square
    kind = judge.data.kinds[tile.face]
    if kind.category != "problem" or (kind.protection and kind.protection in judge.items):
        return square
    board = judge.data.board
    match kind.effect:
        case "go_back":
            return here
        case "flee_to_trail_head":
            part = board.woods_part(square)
            return part.trail_head if part is not None else square
        case "go_to_cafe":
            return board.cafe
        case "hospital" | "bear":
            return board.emergency_room
    return square


def step_cost(judge: Appraisal, zone: frozenset[str], square: str) -> float | None:
    """Turns it costs to step onto ``square`` on the way; None when it cannot be crossed."""
    board = judge.data.board
    if not board.is_woods(square):
        return FAST if board.is_fast(square) else 1.0
    tile = judge.tiles.get(square)
    if board.is_fast(square) or tile is None or not tile.face:
        return FAST
    if square in zone:
        return None
    return woods_cost(judge, tile, judge.view.public.round)


def woods_cost(judge: Appraisal, tile: TileView, round_: int) -> float | None:
    """Turns it costs to step onto a woods square off the trail that holds ``tile`` (in ``round_``);
    None when it cannot be crossed. Muggles' step costs use it too."""
    if tile.face == "down":
        return None if tile.known == "cave" else UNKNOWN_STEP
    kind = judge.data.kinds[tile.face]
    if tile.trail_from and tile.trail_from <= round_:
        return FAST
    if kind.category != "problem" or (kind.protection and kind.protection in judge.items):
        return 1.0
    if kind.effect in SENDS_AWAY:
        return None
    return 1.0 + SLOW_EFFECTS.get(kind.effect, 0.0)


def field(judge: Appraisal, reverse: dict[str, tuple[str, ...]]) -> tuple[dict[str, float], Costs]:
    """Each square's best target value, discounted by the turns to get there, and each square's step
    cost (``reverse``: ``reverse_links`` of the board, worked out once)."""
    zone = bear_zone(judge)
    costs: Costs = {square: step_cost(judge, zone, square) for square in reverse}
    return spread(judge.targets, costs, reverse), costs


def spread(
    targets: Mapping[str, float],
    costs: Costs,
    reverse: dict[str, tuple[str, ...]],
    ends: frozenset[str] = frozenset(),
) -> dict[str, float]:
    """Every target's value carried backwards along the moves, times ``GAMMA`` per turn of the step onto
    a square (``costs``; None: it cannot be crossed); each square keeps the best it is reached with.
    ``ends``: targets that cannot be crossed but may be stepped onto as the end of the way (a step of
    one turn; Muggles' Cliff on the way to the Hospital). A variant with its own step costs spreads
    its own targets with it."""
    best = {t: v for t, v in targets.items() if v > 0 and (costs[t] is not None or t in ends)}
    heap = [(-v, t) for t, v in best.items()]
    heapq.heapify(heap)
    while heap:
        negative, square = heapq.heappop(heap)
        value = -negative
        cost = 1.0 if square in ends else costs[square]
        if value < best.get(square, 0.0) - 1e-9 or cost is None:
            continue
        carried = value * GAMMA**cost
        for before in reverse[square]:
            if carried > best.get(before, 0.0) + 1e-9 and costs[before] is not None:
                best[before] = carried
                heapq.heappush(heap, (-carried, before))
    return best


def ahead(judge: Appraisal, values: dict[str, float], costs: Costs, square: str) -> float:
    """The best value within reach after standing on ``square`` (its own excepted: standing still on a
    target does nothing, landing is what takes or reveals)."""
    found = 0.0
    for nxt in judge.data.board.links[square]:
        cost = costs[nxt]
        if cost is not None and nxt in values:
            found = max(found, values[nxt] * GAMMA**cost)
    return found
