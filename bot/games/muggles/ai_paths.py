"""Where the computer player steps: a value field over the board that knows the revealed hazards.

Every target (a cache worth having, an unknown tile, a store, the Mega Event) spreads its value
backwards along the board's moves, shrinking by ``GAMMA`` for every turn the way costs: a third of
a turn on roads and trails, a turn elsewhere, more over a tile that costs a turn; a tile that sends
the player away (a Cliff, a Pond, a Beehive ... without protection, the Cave and the awake bear's
squares) cannot be crossed. A move is worth what it lands on now plus the best value within reach
from there, so the player walks round hazards instead of bumping into them.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence

from bot.engine import Rng
from bot.games.cmiyc.data import GameData
from bot.games.muggles.ai_values import TeamAppraisal
from bot.games.muggles.reach import SENDS_AWAY

GAMMA = 0.8
FAST = 1 / 3
LOOKAHEAD = 0.8
STAY = 0.3
Costs = dict[str, float | None]
SLOW_EFFECTS = {"lose_turn": 1.0, "poison_ivy": 0.7, "discard_equipment": 0.7, "lose_gps_pen": 0.7}


def reverse_links(data: GameData) -> dict[str, tuple[str, ...]]:
    """For each square, the squares a move can come from."""
    found: dict[str, list[str]] = {square: [] for square in data.board.squares}
    for square, nexts in data.board.links.items():
        for nxt in nexts:
            found[nxt].append(square)
    return {square: tuple(before) for square, before in found.items()}


def step_cost(judge: TeamAppraisal, square: str) -> float | None:
    """Turns it costs to step onto ``square`` on the way; None when it cannot be crossed."""
    board = judge.data.board
    if square in judge.bear_zone:
        return None
    if not board.is_woods(square):
        return FAST if board.is_fast(square) else 1.0
    tile = judge.tiles.get(square)
    if board.squares[square].kind == "woods_trail" or tile is None or not tile.face:
        return FAST
    if tile.face == "down":
        return None if tile.known == "cave" else 1.2
    kind = judge.data.kinds[tile.face]
    if tile.trail_from and tile.trail_from <= judge.public.base.round:
        return FAST
    if kind.category != "problem" or (kind.protection and kind.protection in judge.items):
        return 1.0
    if kind.effect in SENDS_AWAY:
        return None
    return 1.0 + SLOW_EFFECTS.get(kind.effect, 0.0)


def field(judge: TeamAppraisal, reverse: dict[str, tuple[str, ...]]) -> tuple[dict[str, float], Costs]:
    """Each square's best target value, discounted by the turns to get there, and each square's
    step cost (worked out once: the spreading asks for it many times)."""
    costs: Costs = {square: step_cost(judge, square) for square in reverse}
    ends = {t for t, v in judge.targets.items() if v > 0 and costs[t] is None and _destination(judge, t)}
    best = {t: v for t, v in judge.targets.items() if v > 0 and (costs[t] is not None or t in ends)}
    heap = [(-v, t) for t, v in best.items()]
    heapq.heapify(heap)
    while heap:
        negative, square = heapq.heappop(heap)
        value = -negative
        if value < best.get(square, 0.0) - 1e-9:
            continue
        cost = 1.0 if square in ends else costs[square]
        if cost is None:
            continue
        carried = value * GAMMA**cost
        for before in reverse[square]:
            if carried > best.get(before, 0.0) + 1e-9 and costs[before] is not None:
                best[before] = carried
                heapq.heappush(heap, (-carried, before))
    return best, costs


def _destination(judge: TeamAppraisal, square: str) -> bool:
    """A square that sends the player away can still be where it wants to go (a Cliff, to reach the
    Hospital for a geocoin); never the bear's."""
    tile = judge.tiles.get(square)
    return square not in judge.bear_zone and tile is not None and tile.face not in ("", "down", "cave")


def ahead(judge: TeamAppraisal, values: dict[str, float], costs: Costs, square: str) -> float:
    """The best value within reach after standing on ``square`` (its own excepted)."""
    found = 0.0
    for nxt in judge.data.board.links[square]:
        cost = costs[nxt]
        if cost is not None and nxt in values:
            found = max(found, values[nxt] * GAMMA**cost)
    return found


def best_move(
    judge: TeamAppraisal, here: str, actions: Sequence[str], rng: Rng, reverse: dict[str, tuple[str, ...]]
) -> str:
    values, costs = field(judge, reverse)
    scored: list[tuple[float, str]] = []
    for action in actions:
        if action.startswith("go:"):
            square = action[3:]
            landing = max(judge.immediate(square), judge.targets.get(square, 0.0))
            # a square that sends the player away (a Beehive, a Cliff ...) leads nowhere from there
            reach_on = ahead(judge, values, costs, square) if costs[square] is not None else 0.0
            score = landing + LOOKAHEAD * reach_on
            scored.append((score + rng.random() * 0.01, action))
        elif action == "stay":
            scored.append((LOOKAHEAD * ahead(judge, values, costs, here) - STAY, action))
    if not scored:
        return actions[0]
    return max(scored)[1]
