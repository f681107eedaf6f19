"""The computer team: each seat plays on its own view, and all seats judge the same public facts
the same way, so they act together without talking.

It is the base game's patient geocacher (``bot.games.cmiyc.ai``) with Muggles' values
(``ai_values``): it goes for the groups the team is missing, keeps clear of caches a muggle is
watching, chases a muggle that carries a needed cache and swaps with it, heads for the places that
flip the geocoins it needs, and saves the team's three Mega Event trades for the ones that complete
something (``ai_plans``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.engine import Choice, ComputerPlayer, Rng
from bot.games.cmiyc.ai import CacheComputer, ability_or_card
from bot.games.cmiyc.data import GameData
from bot.games.muggles import ai_paths, ai_plans, reach
from bot.games.muggles.ai_values import TeamAppraisal, team_gear_value
from bot.games.muggles.data import MugglesData, default
from bot.games.muggles.views import SeatView

MEGA_PULL = 12.0
"""How strongly a player in the team's trade plan is drawn to the Mega Event."""


_BASES: dict[int, tuple[GameData, CacheComputer]] = {}


def _base_computer(data: GameData) -> CacheComputer:
    """The base game's computer player (stateless), built once per data set: it works out the
    board's turn distances, and a team plays many games."""
    known = _BASES.get(id(data))
    if known is None or known[0] is not data:
        known = _BASES[id(data)] = (data, CacheComputer(data))
    return known[1]


class TeamComputer(ComputerPlayer[SeatView]):
    def __init__(self, team: MugglesData) -> None:
        self.team = team
        self.data = team.game
        self.base = _base_computer(self.data)
        self.reverse = ai_paths.reverse_links(self.data)
        self._plan_key: object = None
        self._plan: tuple[int, int, str, str] | None = None

    def appraise(self, view: SeatView) -> TeamAppraisal:
        return TeamAppraisal(self.data, view.base, self.base.distance, self.team, view.public)

    def choose(self, view: SeatView, choices: Sequence[Choice], rng: Rng) -> str:
        actions = [c.action for c in choices]
        handler = HANDLERS.get(view.prompt)
        if handler is None:
            picked = self.base.choose(view.base, choices, rng)
        else:
            picked = handler(self, view, actions, rng)
        return picked if picked in actions else actions[0]

    # ------------------------------------------------------------------ decisions

    def side(self, view: SeatView, actions: list[str], rng: Rng) -> str:
        sides = self.data.equipment[view.prompt_card].sides
        values = [team_gear_value(self.data, self.team, view, item) for item in sides]
        return f"side:{view.prompt_card}:{0 if values[0] >= values[1] else 1}"

    def special(self, view: SeatView, actions: list[str], judge: TeamAppraisal) -> str:
        """A swap, a planned trade, the solitaire coin trade, an ability or a card worth using now."""
        swap = ai_plans.best_swap(self.team, view.public, view.seat, actions)
        if swap:
            return swap
        if "trade" in actions:
            plan = ai_plans.trade_plan(self.team, view.public)
            if plan is not None and plan[0] == view.seat:
                return "trade"
        coin = next((a for a in actions if a.startswith("coin:") and judge.coin_trade_helps(int(a[5:]))), "")
        if coin:
            return coin
        return ability_or_card(actions, judge)

    def plan(self, view: SeatView) -> tuple[int, int, str, str] | None:
        """The team's trade plan, worked out again only when what it depends on changed (every seat
        reads the same)."""
        key = (
            view.public.goal,
            view.public.trades_left,
            tuple(view.public.traded),
            tuple(tuple(c.tile for c in s.caches) for s in view.public.base.seats),
            tuple(tuple((c.coin, c.flipped) for c in s.coins) for s in view.public.base.seats),
        )
        if key != self._plan_key:
            self._plan_key, self._plan = key, ai_plans.trade_plan(self.team, view.public)
        return self._plan

    def move(self, view: SeatView, actions: list[str], rng: Rng) -> str:
        judge = self.appraise(view)
        special = self.special(view, actions, judge)
        if special:
            return special
        wanted = self.pull_to_trade(view, judge)
        here = view.public.base.seats[view.seat].square
        if wanted == (self.data.board.mega,) and here == wanted[0] and "stay" in actions:
            return "stay"
        return ai_paths.best_move(judge, here, actions, rng, self.reverse)

    def pull_to_trade(self, view: SeatView, judge: TeamAppraisal) -> tuple[str, ...]:
        """Where the team's trade plan draws this player (raised in ``judge``'s targets): the Mega Event,
        or the woods first after a trade; nowhere when the plan leaves it out."""
        plan = self.plan(view)
        if plan is None or view.seat not in plan[:2]:
            return ()
        # "Players must leave town between trades": a step into the woods first
        wanted = (
            tuple(sorted(reach.woods_gates(self.data.board)))
            if view.seat in view.public.traded
            else (self.data.board.mega,)
        )
        for square in wanted:
            judge.targets[square] = max(judge.targets.get(square, 0.0), MEGA_PULL)
        return wanted

    def ranked(self, view: SeatView, choices: Sequence[Choice], rng: Rng) -> list[str]:
        """The moves a searching partner weighs (``SearchBudget.candidates``), this player's own choice
        first: at the move prompt its best-scored steps after it, at the decisions of ``WEIGHED`` every
        choice, at the others (whose effect a few moves of look-ahead cannot show) its choice alone."""
        actions = [c.action for c in choices]
        picked = self.choose(view, choices, rng)
        if view.prompt == "move":
            judge = self.appraise(view)
            self.pull_to_trade(view, judge)
            here = view.public.base.seats[view.seat].square
            scored = ai_paths.move_scores(judge, here, actions, rng, self.reverse)
            return [picked, *(action for _, action in sorted(scored, reverse=True))]
        return [picked, *actions] if view.prompt in WEIGHED else [picked]

    def landed(self, view: SeatView, actions: list[str], rng: Rng) -> str:
        judge = self.appraise(view)
        abilities = [a for a in actions if a.startswith("ab:")]
        best = max(((judge.ability_value(a), a) for a in abilities), default=(0.0, ""))
        return best[1] if best[0] > 0 else "cont"

    def act(self, view: SeatView, actions: list[str], rng: Rng) -> str:
        judge = self.appraise(view)
        aisle = self.data.board.aisles.get(view.public.base.seats[view.seat].square, "")
        # First To Find is a coinless teammate's only way to a geocoin: leave the event cards to them
        if "shop" in actions and not (aisle == "event" and judge.spares_events):
            return "shop"
        for action in actions:
            if action.startswith("flip:") and judge.flip_helps(int(action[5:])):
                return action
        return self.special(view, actions, judge) or "end"

    def peek(self, view: SeatView, actions: list[str], rng: Rng) -> str:
        """Reveal the tiles nearest to the team's players in the woods (or the nearest to the Town)."""
        squares = [a[5:] for a in actions if a.startswith("peek:") and a != "peek:done"]
        if not squares:
            return "peek:done"
        spots = [s.square for s in view.public.base.seats if self.data.board.is_woods(s.square)]
        spots = spots or list(self.data.board.trail_heads[:2])
        return "peek:" + min(squares, key=lambda sq: (min(self.base.distance(p, sq) for p in spots), sq))

    def target(self, view: SeatView, actions: list[str], rng: Rng) -> str:
        options = [a for a in actions if a.startswith("tgt:")]
        if not options:
            return "cancel"
        if self.data.events[view.prompt_card].effect == "disable_cache":
            return ai_plans.disable_target(self.team, view.public, options)
        if self.data.events[view.prompt_card].effect == "borrow_equipment" and "cancel" in actions:
            return "cancel"
        judge = self.appraise(view)
        return max(options, key=lambda a: judge.target_value(view.prompt_card, a[4:]))

    def trade_step(self, view: SeatView, actions: list[str], rng: Rng) -> str:
        plan = self.plan(view)
        if plan is None or plan[0] != view.seat:
            return "cancel"
        _, partner, give, want = plan
        wanted = {"trade_partner": f"to:{partner}", "trade_give": f"give:{give}", "trade_want": f"want:{want}"}
        return wanted.get(view.prompt, "cancel")

    def reply(self, view: SeatView, actions: list[str], rng: Rng) -> str:
        give, want = view.give, view.want
        if give[:1] not in ("c", "g") or want[:1] not in ("c", "g"):
            return "refuse"
        gain = ai_plans.trade_gain(self.team, view.public, view.partner, give, view.seat, want)
        return "accept" if gain > 0 else "refuse"

    def toss(self, view: SeatView, actions: list[str], rng: Rng) -> str:
        names = {c.id: c.kind for c in self.data.events}
        return ai_plans.toss_choice(view.public, view.seat, [a for a in actions if a.startswith("toss:")], names)

    def order(self, view: SeatView, actions: list[str], rng: Rng) -> str:
        return "order:discard"


WEIGHED = frozenset({"act", "landed", "target", "trade_reply"})
"""Decisions with few choices whose effect shows within a few moves: a search weighs them all."""

Handler = Callable[[TeamComputer, SeatView, list[str], Rng], str]
HANDLERS: dict[str, Handler] = {
    "side": TeamComputer.side,
    "move": TeamComputer.move,
    "landed": TeamComputer.landed,
    "act": TeamComputer.act,
    "peek": TeamComputer.peek,
    "target": TeamComputer.target,
    "trade_partner": TeamComputer.trade_step,
    "trade_give": TeamComputer.trade_step,
    "trade_want": TeamComputer.trade_step,
    "trade_reply": TeamComputer.reply,
    "toss": TeamComputer.toss,
    "order": TeamComputer.order,
}


def build_computer(engine: object) -> TeamComputer:
    team = getattr(engine, "team", None)
    return TeamComputer(team if isinstance(team, MugglesData) else default())
