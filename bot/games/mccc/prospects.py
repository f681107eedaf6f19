"""How an unfinished game looks (``engine.estimate``): what a searching player scores the end of a
rollout with. The state is a sample (``sampling.determinize``), so the deck order, the agenda at the
bottom and the hidden sides are one possible deal, and reading them is what averaging over samples
is for.

Solo: the chance to win, a logistic model fitted on the normal computer player's games (setups 1-4
and easier mode): how many turns are left before the Cucumber, the room the Active Character has to
move next turn, and whether the Paths already suit the agenda at the bottom of the deck.

Multiplayer: each seat's chance, from its side, the Paths, the distances and the turns left.
"""

from __future__ import annotations

import math

from bot.games.mccc import maze as mz
from bot.games.mccc import viewing
from bot.games.mccc.ai_score import Planner, held
from bot.games.mccc.data import GameData
from bot.games.mccc.state import State

WIN_VALUE = 0.9
"""What the search gives a won game (``bot.engine.results.result_returns``)."""

# Solo: weights of the logistic model (fitted on 10,000 turns of 665 games of the normal player).
SOLO_BIAS = -2.09
SOLO_TURNS_LEFT = -0.20
SOLO_MOBILITY = 0.54
SOLO_WORKING = 0.74
SOLO_ROOM = 1.17
SOLO_PATHS_HELD = 1.14
SOLO_ONE_PATH = -0.49
SOLO_CAT_ACTIVE = -0.99
SOLO_EASIER = 2.43
SOLO_PATHS_MISSING_AT_THE_END = -1.15
"""Times 1 / turns left when the agenda's Paths are not both there: worst on the last turn."""


# Multiplayer: weights of a multinomial logit over the seats (fitted on 1,900 turns of 150 games of the
# normal players, 2-4 seats): the side, the Paths its agenda wants, how close the characters are to
# what it wants, who plays next, and for the Mouse and the Cat how long they have to reach their target.
MULTI_SIDE = {"mouse": -1.06, "cat": -2.17, "cheese": -0.95, "cucumber": 0.0}
MULTI_RUNNER = {"mouse": 1.83, "cat": 2.14}
"""Times the turns left (up to 10, over 10): the Mouse and the Cat win by running, which takes time."""
MULTI_PATHS_HELD = 0.35
MULTI_ONE_PATH = -0.13
MULTI_PATHS_HELD_AT_THE_END = 1.02
MULTI_CLOSER = 0.125
MULTI_CLOSER_CAT = -0.005
MULTI_TO_PLAY = (0.51, 0.21)
"""The seat that plays now, and the one after it."""


def turns_left(s: State) -> int:
    """Turns still to play in this sample: one per maze card before the Cucumber, and this one."""
    if "cucumber" not in s.deck:
        return 1
    return 1 + sum(1 for token in s.deck[: s.deck.index("cucumber")] if isinstance(token, int))


def solo_chance(data: GameData, s: State) -> float:
    plan = Planner(viewing.seat_view(data, s, 0), data)
    active = [c for c in plan.active if c in plan.chars]
    mobility, working = plan.mobility(plan.maze, plan.chars, plan.belt + plan.proxies)
    known = len(plan.belt)
    room = plan.room(plan.maze, plan.chars, active)
    bottom = str(s.deck[-1]).split(":", 1)[1] if s.deck else None
    paths = held(plan.facts(plan.maze, plan.chars), data.agendas[bottom]) if bottom in data.agendas else 0
    left = turns_left(s)
    z = (
        SOLO_BIAS
        + SOLO_TURNS_LEFT * left
        + SOLO_MOBILITY * min(mobility, 16) / 16
        + SOLO_WORKING * min(working, known + 1) / (known + 1)
        + SOLO_ROOM * min(room, 4) / 4
        + SOLO_PATHS_HELD * (paths == 2)
        + SOLO_ONE_PATH * (paths == 1)
        + SOLO_CAT_ACTIVE * ("cat" in s.chars)
        + SOLO_EASIER * s.easier
        + SOLO_PATHS_MISSING_AT_THE_END * (paths < 2) / left
    )
    return 1 / (1 + math.exp(-z))


def _side_utility(data: GameData, s: State, seat: int, facts: dict[str, bool], left: int) -> float:
    side = s.secret[seat]
    want = data.agendas[side]
    paths = held(facts, want)
    chars = s.chars
    apart = mz.distance(chars["mouse"], chars["cheese"])
    closer = -apart if want.mouse_cheese else apart
    if "cat" in chars:
        gap = mz.distance(chars["cat"], chars["mouse"])
        closer_cat = -gap if want.cat_mouse else gap
    else:
        closer_cat = 0
    until = (seat - s.seat) % s.players
    return (
        MULTI_SIDE.get(side, 0.0)
        + MULTI_RUNNER.get(side, 0.0) * min(left, 10) / 10
        + MULTI_PATHS_HELD * (paths == 2)
        + MULTI_ONE_PATH * (paths == 1)
        + MULTI_PATHS_HELD_AT_THE_END * (paths == 2) / left
        + MULTI_CLOSER * closer
        + MULTI_CLOSER_CAT * closer_cat
        + (MULTI_TO_PLAY[until] if until < len(MULTI_TO_PLAY) else 0.0)
    )


def multi_chances(data: GameData, s: State) -> list[float]:
    """Each seat's chance to win: a softmax of its side's prospects."""
    facts = {
        "mouse_cheese": mz.trace(data.table, s.maze, s.chars, "mouse", "cheese") is not None,
        "cat_mouse": mz.trace(data.table, s.maze, s.chars, "cat", "mouse") is not None,
    }
    left = turns_left(s)
    utility = [_side_utility(data, s, seat, facts, left) for seat in range(s.players)]
    top = max(utility)
    weights = [math.exp(u - top) for u in utility]
    total = sum(weights)
    return [w / total for w in weights]


def estimate(data: GameData, s: State) -> tuple[float, ...]:
    if s.solo:
        return (WIN_VALUE * solo_chance(data, s),)
    chances = multi_chances(data, s)
    best = max(chances)
    # As a finished game is scored: the win, plus a little for being close to the leader.
    return tuple(WIN_VALUE * p + (1 - WIN_VALUE) * p / best for p in chances)
