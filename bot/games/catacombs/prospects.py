"""How an unfinished expedition looks (``engine.estimate``): what a searching player scores the end
of a rollout with, in 0..1 per seat, on the scale a finished game is scored with
(``bot.engine.results.result_returns``: 0.9 for the win, up to 0.1 more for the score).

Competitive: each explorer's chance to be first out with the Relics it needs, a softmax of its
progress: Relics carried (up to the number needed), how many tiles still part its passage from its
goal (the nearest Relic, or the Exit once it carries enough: the computer player's own reading of
the board) and its health.

Co-op: the team's chance to end alive with at least one Relic out ("You lose if any player
perishes"), from the Relics at the Exit and carried, the way the carriers still have to the Exit, and
how close each explorer is to perishing; plus the score it is bringing home.

Solo: the Relics it can expect to bring out, of all there are. The solo text has no loss: "If you
perish the game is over" and "try to collect as many as you can before perishing", and the Relics
left at the Exit stay the score (``engine.final_value``: the Relics out of all, perished or not). So
a Relic carried counts as it nears the Exit and as the explorer is likely to live to get it there,
and the next Relic a little as the passage nears it.
"""

from __future__ import annotations

import math

from bot.games.catacombs import viewing
from bot.games.catacombs.ai_board import Reading
from bot.games.catacombs.data import GameData
from bot.games.catacombs.state import State
from bot.games.catacombs.views import PublicView, SeatPublic

WIN_VALUE = 0.9
DISTANCE_CAP = 10
"""Tiles: a goal further away than this is as good as out of reach for now."""
WEIGHT_PROGRESS = 2.0
"""Softmax weight of one stage of progress (a Relic carried, or the whole way to the next goal)."""
WEIGHT_HEALTH = 0.6
"""Softmax weight of full health against none."""
WAY_SHARE = 0.8
"""How much of a Relic's worth the way to it is (reaching it still takes an Action)."""
MARGIN = 0.3
"""Competitive: share of the estimate that is the explorer's lead over the best other one, linear in
progress (level: a half; all the Relics needed ahead: all of it). Far behind, the softmax says "lost" whatever it does (a Relic behind is a seventh of the
leader's chance), and a search must still tell the move that gains a tile from the one that loses it."""
HAZARD = {0: 0.45, 1: 0.25, 2: 0.1}
"""Team: chance that an explorer with this much health perishes before the expedition ends ..."""
HAZARD_HEALTHY = 0.04
HAZARD_MONSTERS = 1.5
"""... times this with monsters about (they move every turn and attack)."""
NO_RELIC_YET = 0.3
"""Team: the chance to end with a Relic out while none is carried yet, from half of it (out of
reach for now) to all of it (the passage reaches one)."""
CARRIED_WORTH = 0.7
"""Team: a Relic carried, against one already at the Exit."""
SOLO_NEXT = 0.5
"""Solo: the next Relic's worth once the passage reaches it (it is still to be picked up and carried
out)."""


def _closeness(reading: Reading) -> float:
    """1 when the passage already reaches the goal, 0 when it is out of reach."""
    return 1 - min(reading.frontier(), DISTANCE_CAP) / DISTANCE_CAP


def _competitive(view: PublicView, data: GameData) -> tuple[float, ...]:
    utility = []
    for pawn in view.seats:
        progress = min(pawn.relics, view.relics_to_win) + WAY_SHARE * _closeness(Reading(view, data, pawn.seat))
        health = pawn.health / pawn.health_cap if pawn.health_cap else 0.0
        utility.append(WEIGHT_PROGRESS * progress + WEIGHT_HEALTH * health)
    top = max(utility)
    weights = [math.exp(u - top) for u in utility]
    total = sum(weights)
    chances = [w / total for w in weights]
    best = max(chances)
    span = 2 * WEIGHT_PROGRESS * view.relics_to_win
    values = []
    for seat, chance in enumerate(chances):
        lead = utility[seat] - max(u for other, u in enumerate(utility) if other != seat)
        value = WIN_VALUE * chance + (1 - WIN_VALUE) * chance / best
        values.append((1 - MARGIN) * value + MARGIN * min(1.0, max(0.0, 0.5 + lead / span)))
    return tuple(values)


def _hazard(pawn: SeatPublic, monsters: bool) -> float:
    risk = HAZARD.get(pawn.health, HAZARD_HEALTHY)
    return min(0.9, risk * HAZARD_MONSTERS) if monsters else risk


def _team(view: PublicView, data: GameData) -> float:
    exit_cell = view.board.exit_cell
    out = [pawn for pawn in view.seats if pawn.cell != exit_cell]
    alive = math.prod(1 - _hazard(pawn, bool(view.monsters)) for pawn in out)
    carried = sum(pawn.relics for pawn in view.seats)
    if view.exit_relics:
        home = 1.0
    elif carried:
        carriers = [Reading(view, data, pawn.seat) for pawn in out if pawn.relics]
        home = 0.6 + 0.4 * max((_closeness(r) for r in carriers), default=1.0)
    else:
        nearest = max((_closeness(Reading(view, data, pawn.seat)) for pawn in out), default=0.0)
        home = NO_RELIC_YET * (1 + nearest) / 2
    gathered = view.exit_relics + CARRIED_WORTH * carried
    return WIN_VALUE * alive * home + (1 - WIN_VALUE) * gathered / (gathered + 1)


def _solo(view: PublicView, data: GameData) -> float:
    pawn = view.seats[0]
    reading = Reading(view, data, pawn.seat)
    close = _closeness(reading)
    if pawn.relics:
        ahead = pawn.relics * (CARRIED_WORTH + (1 - CARRIED_WORTH) * close)
    elif reading.goal == "relic":
        ahead = SOLO_NEXT * close
    else:
        ahead = 0.0
    alive = 1 - _hazard(pawn, bool(view.monsters))
    return (view.exit_relics + alive * ahead) / max(view.relic_count, 1)


def solo_value(relics_out: int, relic_count: int) -> float:
    """A finished solo expedition: the Relics it brought out, of all there are."""
    return relics_out / max(relic_count, 1)


def estimate(data: GameData, s: State) -> tuple[float, ...]:
    view = viewing.public_view(s, data)
    if s.mode == "solo":
        return (_solo(view, data),)
    if s.team:
        return (_team(view, data),) * s.players
    return _competitive(view, data)
