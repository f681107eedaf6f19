"""Information-set Monte Carlo tree search over what one seat may know (SO-ISMCTS).

Cowling, Powley & Whitehouse (2012), "Information Set Monte Carlo Tree Search", the single-observer
form, as in OpenSpiel's ``ISMCTSBot`` with ``resample_from_infostate``: every iteration starts from a
fresh *determinization*, a full state that agrees with everything the searching seat can know
(``engine.determinize(state, seat, seed)``) and redeals the rest. One tree is shared by all of them;
a node's children are keyed by (seat, action), and a child's selection counts only the iterations in
which it was available, so moves that exist in only some determinizations are not favoured.

The searcher never reads the real state's secrets: the real state is handed to ``determinize`` and
to nothing else, and the tests prove that the choice is the same when the hidden parts of the real
state are redealt.

A game's own heuristic computer player is the *rollout policy* (with some random moves, so rollouts
explore) and the *prior*: its choice at a node is tried first and keeps a bonus that fades with visits.
Rollouts stop after ``rollout_moves`` moves and are scored by ``engine.estimate`` (scores in 0..1 per
seat), so a long game does not have to be played to its end thousands of times.

With ``SearchBudget.candidates`` set, the tree gives way to a flat, paired rollout search (Tesauro &
Galperin's "on-line policy improvement", with common random numbers): the heuristic's own move and
its best few others are each played from the *same* samples and rolled out with identically seeded
random numbers, so their differences are paired and far less noisy than their values; another move
replaces the heuristic's only when it is clearly better (its mean paired gain exceeds both
``SWITCH_DEVIATIONS`` standard errors and ``SWITCH_GAIN``). With a budget of tens of samples a tree
search's noise replaced a good plan by no better move; this keeps the plan unless the samples agree.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from bot.engine.base import Choice, ComputerPlayer, GameEngine
from bot.engine.errors import RuleError
from bot.engine.rng import Rng

EXPLORATION = 0.7
"""UCB's exploration constant for returns in 0..1 (√2 is the textbook value for 0/1 wins; smaller
values search the promising moves deeper, which suits the long games here)."""
PRIOR_WEIGHT = 1.0
"""Bonus of the heuristic's own choice at a node, divided by (1 + its visits)."""
ROLLOUT_RANDOMNESS = 0.15
"""Share of rollout moves chosen at random instead of by the heuristic (so rollouts differ)."""
SWITCH_DEVIATIONS = 2.0
"""A paired search leaves the heuristic's move only for one whose mean gain over it exceeds this many
standard errors of that mean (about a 2.5 % chance per alternative that a no better move passes)."""
SWITCH_GAIN = 0.01
"""... and this much of a win's worth (0.9 for a win, so about a 1 % better chance to win)."""
DETOUR_MOVES = 4
"""Moves of its own the heuristic plays after a weighed move to see whether it comes straight back
(``is_detour``)."""


@dataclass(frozen=True)
class SearchBudget:
    """How much one decision may cost: whichever limit comes first ends the search."""

    iterations: int = 200
    seconds: float = 1.0
    rollout_moves: int = 30
    """Moves a rollout plays before its position is scored by ``engine.estimate``."""
    prior_weight: float = PRIOR_WEIGHT
    """Bonus of the heuristic's own choice at a node, divided by (1 + its visits): smaller for a game
    whose estimate tells moves apart by less than the default bonus."""
    candidates: int = 0
    """0: the tree search. More: the paired search, weighing at most this many moves (the heuristic's
    own and its best others, as its ``ranked`` lists them); ``iterations`` then counts samples, each
    rolled out once per move."""
    rollout_randomness: float = ROLLOUT_RANDOMNESS
    """Share of rollout moves chosen at random: the paired search's rollouts are best the heuristic's
    own play (0), so a move is judged by what the plan makes of it."""


@runtime_checkable
class RankingPlayer(Protocol):
    """A heuristic that can name the moves worth weighing at a decision, its own choice first; a
    decision it settles alone is a list of one."""

    def ranked(self, view: Any, choices: Sequence[Choice], rng: Rng) -> list[str]: ...


Clock = Callable[[], float]


@dataclass(eq=False)
class _Node:
    visits: int = 0
    total: float = 0.0
    """Sum of the returns of the seat that chose the move leading here."""
    available: int = 0
    """Iterations in which this move was legal at its parent."""
    children: dict[tuple[int, str], _Node] = field(default_factory=dict)
    preferred: tuple[int, str] | None = None
    """The heuristic's choice here, found once when the node is first expanded."""

    def score(self, key: tuple[int, str], child: _Node, prior_weight: float = PRIOR_WEIGHT) -> float:
        if child.visits == 0:
            return math.inf
        mean = child.total / child.visits
        explore = EXPLORATION * math.sqrt(math.log(max(child.available, 1)) / child.visits)
        bonus = prior_weight / (1 + child.visits) if key == self.preferred else 0.0
        return mean + explore + bonus


def returns(engine: GameEngine[Any, Any, Any], state: Any) -> tuple[float, ...]:
    """What a position is worth to each seat, in 0..1: the result once the game is over, else the
    engine's estimate."""
    if engine.is_terminal(state):
        return engine.final_value(state)
    return engine.estimate(state)


class SearchPlayer(ComputerPlayer[Any]):
    """A computer seat that searches; ``policy`` is the game's heuristic player."""

    def __init__(
        self,
        engine: GameEngine[Any, Any, Any],
        policy: ComputerPlayer[Any],
        budget: SearchBudget | None = None,
        *,
        clock: Clock = time.perf_counter,
    ) -> None:
        self.engine = engine
        self.policy = policy
        self.budget = budget or SearchBudget()
        self.clock = clock

    def searches(self, choices: Sequence[Choice]) -> bool:
        return len(choices) > 1

    def choose(self, view: Any, choices: Sequence[Choice], rng: Rng) -> str:
        """Without the state (a front end that has only the view), the heuristic decides."""
        return self.policy.choose(view, choices, rng)

    def choose_in_state(
        self, engine: GameEngine[Any, Any, Any], state: Any, seat: int, choices: Sequence[Choice], rng: Rng
    ) -> str:
        actions = [c.action for c in choices]
        if len(actions) <= 1:
            return actions[0] if actions else self.policy.choose(engine.seat_view(state, seat), choices, rng)
        if self.budget.candidates:
            return self._paired(engine, state, seat, choices, rng)
        sample = engine.determinize(state, seat, rng.next_u64())
        actions = _root_actions(engine, sample, seat, actions)
        if len(actions) == 1:
            return actions[0]
        root = _Node()
        deadline = self.clock() + self.budget.seconds
        for iteration in range(self.budget.iterations):
            if iteration:
                if self.clock() > deadline:
                    break
                sample = engine.determinize(state, seat, rng.next_u64())
            self._iterate(root, sample, seat, set(actions), rng)
        return self._best(root, seat, actions, engine, state, choices, rng)

    def _best(
        self,
        root: _Node,
        seat: int,
        actions: list[str],
        engine: GameEngine[Any, Any, Any],
        state: Any,
        choices: Sequence[Choice],
        rng: Rng,
    ) -> str:
        # The most visited move; among equally visited ones (a budget smaller than the choices visits
        # many once) the heuristic's own choice, then the better mean, rather than the first listed.
        visited = []
        for i, action in enumerate(actions):
            child = root.children.get((seat, action))
            if child is not None and child.visits:
                preferred = root.preferred == (seat, action)
                visited.append((child.visits, preferred, child.total / child.visits, -i, action))
        if not visited:
            return self.policy.choose(engine.seat_view(state, seat), choices, rng)
        return max(visited)[4]

    def _iterate(self, root: _Node, state: Any, seat: int, root_actions: set[str], rng: Rng) -> None:
        engine = self.engine
        node, path, first = root, [], True
        while not engine.is_terminal(state):
            actor = _actor(engine, state, seat if first else None)
            legal = [c.action for c in engine.search_choices(state, actor)]
            if first:
                legal = [a for a in legal if a in root_actions]
                first = False
            if not legal:
                break
            keys = [(actor, a) for a in legal]
            if node.preferred is None:
                node.preferred = (actor, self._policy_action(state, actor, rng))
            untried = [k for k in keys if k not in node.children]
            for key in keys:
                if key in node.children:
                    node.children[key].available += 1
            if untried:
                key = node.preferred if node.preferred in untried else untried[0]
                child = node.children[key] = _Node(available=1)
                state = _apply(engine, state, key)
                path.append((key[0], child))
                break
            key = max(keys, key=lambda k: node.score(k, node.children[k], self.budget.prior_weight))
            node = node.children[key]
            state = _apply(engine, state, key)
            path.append((key[0], node))
        values = self._rollout(state, rng)
        root.visits += 1
        for actor, visited in path:
            visited.visits += 1
            visited.total += values[actor]

    def _paired(
        self, engine: GameEngine[Any, Any, Any], state: Any, seat: int, choices: Sequence[Choice], rng: Rng
    ) -> str:
        seed = rng.next_u64()
        sample = engine.determinize(state, seat, seed)
        # the seat's view of a sample is its view of the real state: the ranking reads no secret
        moves = self._ranked(engine.seat_view(sample, seat), choices, rng)
        moves = moves[:1] + [move for move in moves[1:] if not self.is_detour(sample, seat, move)]
        if len(moves) == 1:
            return moves[0]
        gains: list[list[float]] = [[] for _ in moves[1:]]
        deadline = self.clock() + self.budget.seconds
        for iteration in range(self.budget.iterations):
            if iteration:
                if self.clock() > deadline:
                    break
                seed = rng.next_u64()
                sample = engine.determinize(state, seat, seed)
            # every move from the same sample, rolled out with the same random numbers
            values = [
                self._rollout(_apply(engine, sample, (seat, move)), Rng.from_seed(seed, "paired"))[seat]
                for move in moves
            ]
            for gain, value in zip(gains, values[1:]):
                gain.append(value - values[0])
        better = clearly_better(gains)
        return moves[better + 1] if better >= 0 else moves[0]

    def is_detour(self, state: Any, seat: int, move: str) -> bool:
        """Whether ``move`` leads the seat straight back to ``state`` once the heuristic plays on for
        it: opening a card's targets or a trade that the heuristic then leaves with "back". Such a
        move changes nothing but spends moves of the look-ahead (counted in moves), so it sees less
        of the game and may look better than every real move; chosen, it would be chosen again at
        the same position, for ever."""
        engine = self.engine
        start = engine.dump(state)
        rng = Rng.from_seed(0, "detour")
        for _ in range(DETOUR_MOVES):
            state = _apply(engine, state, (seat, move))
            if engine.is_terminal(state) or seat not in engine.current_seats(state):
                return False
            if engine.dump(state) == start:
                return True
            move = self.policy.choose(engine.seat_view(state, seat), engine.search_choices(state, seat), rng)
        return False

    def _ranked(self, view: Any, choices: Sequence[Choice], rng: Rng) -> list[str]:
        """The heuristic's own move first, then the others worth weighing, at most ``candidates``."""
        offered = [c.action for c in choices]
        if isinstance(self.policy, RankingPlayer):
            listed = self.policy.ranked(view, choices, rng)
        else:
            listed = [self.policy.choose(view, choices, rng), *offered]
        moves: list[str] = []
        for move in listed:
            if move in offered and move not in moves:
                moves.append(move)
        return moves[: self.budget.candidates] or offered[:1]

    def _policy_action(self, state: Any, seat: int, rng: Rng) -> str:
        choices = self.engine.search_choices(state, seat)
        return self.policy.choose(self.engine.seat_view(state, seat), choices, rng)

    def _rollout(self, state: Any, rng: Rng) -> tuple[float, ...]:
        engine = self.engine
        for _ in range(self.budget.rollout_moves):
            if engine.is_terminal(state):
                break
            actor = _actor(engine, state, None)
            choices = engine.search_choices(state, actor)
            if not choices:
                break
            if self.budget.rollout_randomness and rng.random() < self.budget.rollout_randomness:
                action = rng.choice(choices).action
            else:
                action = self.policy.choose(engine.seat_view(state, actor), choices, rng)
            state = _apply(engine, state, (actor, action))
        return returns(engine, state)


def clearly_better(gains: Sequence[Sequence[float]]) -> int:
    """The index of the alternative whose paired gains over the heuristic's move (one per sample) are
    clearly above zero, the largest mean of those; -1 when none is."""
    best, best_mean = -1, 0.0
    for index, sample in enumerate(gains):
        count = len(sample)
        if count < 2:
            continue
        mean = sum(sample) / count
        spread = math.sqrt(sum((g - mean) ** 2 for g in sample) / (count - 1) / count)
        if mean > max(SWITCH_DEVIATIONS * spread, SWITCH_GAIN) and mean > best_mean:
            best, best_mean = index, mean
    return best


def _root_actions(engine: GameEngine[Any, Any, Any], sample: Any, seat: int, offered: list[str]) -> list[str]:
    """The offered moves the game wants weighed, and the form actions it adds (those are not legal
    choices, so they were not offered); the offered ones if the game leaves out all of them."""
    legal = {c.action for c in engine.legal_actions(sample, seat)}
    wanted = [c.action for c in engine.search_choices(sample, seat) if c.action in offered or c.action not in legal]
    return wanted or offered


def _actor(engine: GameEngine[Any, Any, Any], state: Any, prefer: int | None) -> int:
    seats = engine.current_seats(state)
    return prefer if prefer is not None and prefer in seats else seats[0]


def _apply(engine: GameEngine[Any, Any, Any], state: Any, key: tuple[int, str]) -> Any:
    seat, action = key
    try:
        return engine.apply(state, seat, action).state
    except RuleError:
        # A heuristic may answer with a form action the sample does not allow; its first choice stands in.
        first = engine.search_choices(state, seat)[0].action
        return engine.apply(state, seat, first).state
