"""Where a Muggles computer player steps: Cache Me If You Can's value field (``bot.games.cmiyc.ai_paths``:
every target spreads its value backwards along the board's moves, shrinking with every turn the way
costs, and the tiles that send a player away cannot be crossed) with Muggles' differences. The awake
bear's Cave and its squares are never crossed (the team's judge knows who holds the Snack); a tile
that sends the player away may still be where it wants to go (a Cliff, to reach the Hospital for a
geocoin). A move is worth what it lands on now plus the best value within reach from there.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Rng
from bot.games.cmiyc.ai_paths import FAST, GAMMA, Costs, ahead, reverse_links, spread, woods_cost
from bot.games.muggles.ai_values import TeamAppraisal

__all__ = ["best_move", "field", "move_scores", "reverse_links", "step_cost"]

LOOKAHEAD = 0.8
STAY = 0.3


def step_cost(judge: TeamAppraisal, square: str) -> float | None:
    """Turns it costs to step onto ``square`` on the way; None when it cannot be crossed."""
    board = judge.data.board
    if square in judge.bear_zone:
        return None
    if not board.is_woods(square):
        return FAST if board.is_fast(square) else 1.0
    tile = judge.tiles.get(square)
    if board.is_fast(square) or tile is None or not tile.face:
        return FAST
    return woods_cost(judge, tile, judge.public.base.round)


def field(judge: TeamAppraisal, reverse: dict[str, tuple[str, ...]]) -> tuple[dict[str, float], Costs]:
    """Each square's best target value, discounted by the turns to get there, and each square's
    step cost (worked out once: the spreading asks for it many times)."""
    costs: Costs = {square: step_cost(judge, square) for square in reverse}
    ends = frozenset(t for t, v in judge.targets.items() if v > 0 and costs[t] is None and _destination(judge, t))
    return spread(judge.targets, costs, reverse, ends), costs


def _destination(judge: TeamAppraisal, square: str) -> bool:
    """A square that sends the player away can still be where it wants to go (a Cliff, to reach the
    Hospital for a geocoin); never the bear's."""
    tile = judge.tiles.get(square)
    return square not in judge.bear_zone and tile is not None and tile.face not in ("", "down", "cave")


def best_move(
    judge: TeamAppraisal, here: str, actions: Sequence[str], rng: Rng, reverse: dict[str, tuple[str, ...]]
) -> str:
    scored = move_scores(judge, here, actions, rng, reverse)
    return max(scored)[1] if scored else actions[0]


def move_scores(
    judge: TeamAppraisal, here: str, actions: Sequence[str], rng: Rng, reverse: dict[str, tuple[str, ...]]
) -> list[tuple[float, str]]:
    """Each step and the stay, scored: what it lands on now plus the best value within reach from there."""
    values, costs = field(judge, reverse)
    scored: list[tuple[float, str]] = []
    for action in actions:
        if action.startswith("go:"):
            square = action[3:]
            landing = judge.landing(square)
            # a square that sends the player away (a Beehive, a Cliff ...) leads nowhere from there
            reach_on = _ahead(judge, values, costs, square) if costs[square] is not None else 0.0
            score = landing + LOOKAHEAD * reach_on
            scored.append((score + rng.random() * 0.01, action))
        elif action == "stay":
            scored.append((LOOKAHEAD * _ahead(judge, values, costs, here) - STAY, action))
    return scored


def _ahead(judge: TeamAppraisal, values: dict[str, float], costs: Costs, square: str) -> float:
    """The base game's look one step on (``ahead``), also to a square that cannot be crossed but is
    where the player wants to go (a Snake to the Hospital): left out, a player wandered beside the
    Snake his geocoin needed for 1000 rounds."""
    found = ahead(judge, values, costs, square)
    for nxt in judge.data.board.links[square]:
        if costs[nxt] is None and nxt in values and judge.targets.get(nxt, 0.0) > 0 and _destination(judge, nxt):
            found = max(found, values[nxt] * GAMMA)
    return found
