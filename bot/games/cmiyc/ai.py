"""The computer player: it sees only its seat's view and its legal choices.

It plans like a patient geocacher: take the sides of its equipment that fit the caches in play,
shop when it lacks what revealed caches need or lost its GPS/PEN, head for the most promising
square (a takeable cache, an unknown tile, a peeked cache) over a value field that walks round the
revealed hazards it is not protected against and the awake bear (``ai_paths``: a dead end it cannot
leave on foot is left the way the board allows), and use the Mega Event to complete multi-cache sets.
Static turn distances (roads and trails a third of a turn a square, anything else a turn) judge cards
and peeks.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.engine import Choice, ComputerPlayer, Rng
from bot.games.cmiyc import ai_paths, ai_trades
from bot.games.cmiyc.ai_values import INCURIOUS, INQUISITIVE, Appraisal, Inquisitiveness, appraise, gear_value
from bot.games.cmiyc.data import GameData
from bot.games.cmiyc.views import SeatView

FAST_COST = 1 / 3
LOOKAHEAD = 0.8
"""What the best value within reach of a square counts beside what landing there brings now."""
STAY = 0.3
"""Standing still wastes the turn."""


@dataclass(frozen=True)
class Distances:
    """Turn distances between squares of the static board (all pairs)."""

    table: dict[str, dict[str, float]]

    def __call__(self, a: str, b: str) -> float:
        return self.table[a].get(b, 99.0)


def turn_distances(data: GameData) -> Distances:
    board = data.board
    table: dict[str, dict[str, float]] = {}
    for start in board.squares:
        best = {start: 0.0}
        queue = [(0.0, start)]
        while queue:
            cost, square = heapq.heappop(queue)
            if cost > best[square]:
                continue
            for nxt in board.links[square]:
                step = FAST_COST if board.is_fast(nxt) else 1.0
                if cost + step < best.get(nxt, 1e9):
                    best[nxt] = cost + step
                    heapq.heappush(queue, (cost + step, nxt))
        table[start] = best
    return Distances(table)


class CacheComputer(ComputerPlayer[SeatView]):
    def __init__(self, data: GameData, inquisitiveness: Inquisitiveness = INCURIOUS) -> None:
        self.data = data
        self.inquisitiveness = inquisitiveness
        self.distance = turn_distances(data)
        self.reverse = ai_paths.reverse_links(data)

    def choose(self, view: SeatView, choices: Sequence[Choice], rng: Rng) -> str:
        actions = [c.action for c in choices]
        judge = appraise(self.data, view, self.distance, self.inquisitiveness)
        handler = HANDLERS.get(view.prompt, _first_sensible)
        picked = handler(self, view, actions, judge, rng)
        return picked if picked in actions else actions[0]

    # ------------------------------------------------------------------ moving

    def best_move(self, view: SeatView, actions: list[str], judge: Appraisal, rng: Rng) -> str:
        """The best-scored move (``move_scores``)."""
        scored = self.move_scores(view, actions, judge, rng)
        return max(scored)[1] if scored else actions[0]

    def move_scores(self, view: SeatView, actions: list[str], judge: Appraisal, rng: Rng) -> list[tuple[float, str]]:
        """What each move lands on now, plus the best value within reach from where it leaves the
        player, over a field that walks round the revealed hazards (``ai_paths``)."""
        values, costs = ai_paths.field(judge, self.reverse)
        here = view.public.seats[view.seat].square
        staying = ai_paths.ahead(judge, values, costs, here)
        scored: list[tuple[float, str]] = []
        for action in actions:
            if action.startswith("go:"):
                square = action[3:]
                there = ai_paths.sent_to(judge, square, here)
                now = max(judge.immediate(square), judge.targets.get(square, 0.0))
                later = ai_paths.ahead(judge, values, costs, there)
                if there != square:
                    now = judge.immediate(square)
                    later *= ai_paths.GAMMA
                    # shut in (nothing within reach on foot): a tile that carries the player away costs
                    # no turn worth having
                    now = now if staying > 0 else max(now, 0.0)
                scored.append((now + LOOKAHEAD * later + rng.random() * 0.01, action))
            elif action == "stay":
                scored.append((LOOKAHEAD * staying - STAY, action))
        return scored

    def ranked(self, view: SeatView, choices: Sequence[Choice], rng: Rng) -> list[str]:
        """The moves a searching player weighs (``SearchBudget.candidates``), this player's own choice
        first: at the move prompt its best-scored squares after it, at the decisions of ``WEIGHED``
        every choice, at the others (whose effect a few moves of look-ahead cannot show) its choice
        alone. A move towards a peek is weighed like any: the search's estimate counts a peeked cache
        as half found (``sampling.KNOWN_CACHE``)."""
        actions = [c.action for c in choices]
        picked = self.choose(view, choices, rng)
        if view.prompt == "move":
            judge = appraise(self.data, view, self.distance, self.inquisitiveness)
            _draw_to_trades(self, view, judge)
            return [
                picked,
                *(action for _, action in sorted(self.move_scores(view, actions, judge, rng), reverse=True)),
            ]
        return [picked, *actions] if view.prompt in WEIGHED else [picked]


WEIGHED = frozenset({"act", "landed", "target", "dodge", "bear", "trade_reply"})
"""Decisions with few choices whose effect shows within a few moves: a search weighs them all."""


Handler = Callable[[CacheComputer, SeatView, list[str], Appraisal, Rng], str]


def _first_sensible(ai: CacheComputer, view: SeatView, actions: list[str], judge: Appraisal, rng: Rng) -> str:
    for safe in ("end", "cont", "refuse", "cancel", "peek:done", "dodge:stay"):
        if safe in actions:
            return safe
    return actions[0]


def _side(ai: CacheComputer, view: SeatView, actions: list[str], judge: Appraisal, rng: Rng) -> str:
    sides = ai.data.equipment[view.prompt_card].sides
    values = [gear_value(ai.data, view, item) for item in sides]
    return f"side:{view.prompt_card}:{0 if values[0] >= values[1] else 1}"


def _move(ai: CacheComputer, view: SeatView, actions: list[str], judge: Appraisal, rng: Rng) -> str:
    special = ability_or_card(actions, judge)
    if special:
        return special
    if "trade" in actions and ai_trades.best_offer(ai.data, view) is not None:
        return "trade"
    _draw_to_trades(ai, view, judge)
    return ai.best_move(view, actions, judge, rng)


def _draw_to_trades(ai: CacheComputer, view: SeatView, judge: Appraisal) -> None:
    gain = ai_trades.offer_gain(ai.data, view)
    if gain > 0:
        # a trade that adds points draws the player to the Mega Event (the only place to offer one):
        # once the woods are searched, trades and coins are what is left to play for
        mega = ai.data.board.mega
        judge.targets[mega] = max(judge.targets.get(mega, 0.0), float(gain))


def _landed(ai: CacheComputer, view: SeatView, actions: list[str], judge: Appraisal, rng: Rng) -> str:
    return ability_or_card(actions, judge) or "cont"


def ability_or_card(actions: list[str], judge: Appraisal) -> str:
    """The ability worth using now, else an event card worth playing now, else ""."""
    abilities = [a for a in actions if a.startswith("ab:")]
    best = max(((judge.ability_value(a), a) for a in abilities), default=(0.0, ""))
    if best[0] > 0:
        return best[1]
    for action in actions:
        if action.startswith("ev:") and judge.card_worth_playing(int(action[3:]), actions):
            return action
    return ""


def _act(ai: CacheComputer, view: SeatView, actions: list[str], judge: Appraisal, rng: Rng) -> str:
    if "shop" in actions:
        return "shop"
    for action in actions:
        if action.startswith("flip:") and judge.flip_helps(int(action[5:])):
            return action
    if "trade" in actions and ai_trades.best_offer(ai.data, view) is not None:
        return "trade"
    special = ability_or_card(actions, judge)
    return special or "end"


def _peek(ai: CacheComputer, view: SeatView, actions: list[str], judge: Appraisal, rng: Rng) -> str:
    me = view.public.seats[view.seat].square
    squares = [a[5:] for a in actions if a.startswith("peek:") and a != "peek:done"]
    if not squares:
        return "peek:done"
    return "peek:" + min(squares, key=lambda sq: (ai.distance(me, sq), sq))


def _drop(ai: CacheComputer, view: SeatView, actions: list[str], judge: Appraisal, rng: Rng) -> str:
    me = view.public.seats[view.seat]
    worth = {g.card: gear_value(ai.data, view, g.item) if g.item else 0.0 for g in me.gear}
    return min((a for a in actions if a.startswith("drop:")), key=lambda a: worth.get(int(a[5:]), 0.0))


def _dodge(ai: CacheComputer, view: SeatView, actions: list[str], judge: Appraisal, rng: Rng) -> str:
    moves = [a for a in actions if a != "dodge:stay"]
    if not moves:
        return "dodge:stay"
    return max(moves, key=lambda a: judge.immediate(a[6:]))


def _target(ai: CacheComputer, view: SeatView, actions: list[str], judge: Appraisal, rng: Rng) -> str:
    options = [a for a in actions if a.startswith("tgt:")]
    if not options:
        return "cancel"
    return max(options, key=lambda a: judge.target_value(view.prompt_card, a[4:]))


def _trade_step(ai: CacheComputer, view: SeatView, actions: list[str], judge: Appraisal, rng: Rng) -> str:
    offer = ai_trades.best_offer(ai.data, view)
    if offer is None:
        return "cancel"
    partner, give, want = offer
    wanted = {"trade_partner": f"to:{partner}", "trade_give": f"give:{give}", "trade_want": f"want:{want}"}[view.prompt]
    return wanted if wanted in actions else "cancel"


def _bear(ai: CacheComputer, view: SeatView, actions: list[str], judge: Appraisal, rng: Rng) -> str:
    """Throw a held Snack: the Hospital costs more turns than the card is worth later."""
    return "bear:snack" if "bear:snack" in actions else actions[0]


def _reply(ai: CacheComputer, view: SeatView, actions: list[str], judge: Appraisal, rng: Rng) -> str:
    return "accept" if ai_trades.accept(ai.data, view) else "refuse"


HANDLERS: dict[str, Handler] = {
    "side": _side,
    "move": _move,
    "landed": _landed,
    "act": _act,
    "peek": _peek,
    "drop": _drop,
    "dodge": _dodge,
    "target": _target,
    "trade_partner": _trade_step,
    "trade_give": _trade_step,
    "trade_want": _trade_step,
    "trade_reply": _reply,
    "bear": _bear,
}


def build_computer(engine: object) -> CacheComputer:
    """The normal player."""
    return CacheComputer(_data(engine))


def build_search_policy(engine: object) -> CacheComputer:
    """The rules of thumb a strong player searches with: the normal player's, going out of its way to
    peek (``INQUISITIVE``)."""
    return CacheComputer(_data(engine), INQUISITIVE)


def _data(engine: object) -> GameData:
    data = getattr(engine, "data", None)
    if not isinstance(data, GameData):
        from bot.games.cmiyc.data import default

        data = default()
    return data
