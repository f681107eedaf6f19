"""The Cache Me If You Can engine: the contract's methods and the table of moves.

The rules live in the modules named after their part of the game (``movement``, ``woods``,
``town``, ``trades``, ``cards``, ``abilities``, ``scoring``, ``turns``); this class only checks
that an action is legal, hands a clone of the state to the right rule function and settles what
follows without a decision.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from bot.engine import Choice, GameEngine, GameResult, Rng, RuleError, Transition
from bot.games.cmiyc import (
    GAME,
    abilities,
    bear,
    cards,
    checks,
    choices,
    sampling,
    setup,
    texts,
    town,
    trades,
    turns,
    woods,
)
from bot.games.cmiyc import views as game_views
from bot.games.cmiyc.context import Ctx, RuleSet
from bot.games.cmiyc.data import GameData, default
from bot.games.cmiyc.help import rule_help
from bot.games.cmiyc.i18n import N_, _
from bot.games.cmiyc.state import State
from bot.games.cmiyc.views import PublicView, SeatView

Handler = Callable[[Ctx, int, list[str]], None]


def _number(text: str) -> int:
    return int(text)


def _peek(ctx: Ctx, seat: int, args: list[str]) -> None:
    prompt = ctx.state.prompts[-1]
    if args[0] == "done":
        ctx.state.prompts.pop()
        return
    prompt.count -= 1
    cards.peek(ctx, seat, args[0])


def _drop(ctx: Ctx, seat: int, args: list[str]) -> None:
    ctx.state.prompts.pop()
    woods.drop_equipment(ctx, seat, _number(args[0]))


def _dodge(ctx: Ctx, seat: int, args: list[str]) -> None:
    ctx.state.prompts.pop()
    if args[0] != "stay":
        woods.dodge(ctx, seat, args[0])


def _target(ctx: Ctx, seat: int, args: list[str]) -> None:
    prompt = ctx.state.prompts.pop()
    cards.play_on(ctx, seat, prompt.card, args[0])


def _cancel(ctx: Ctx, seat: int, args: list[str]) -> None:
    ctx.state.prompts.pop()


HANDLERS: dict[str, Handler] = {
    "side": lambda ctx, seat, a: turns.choose_side(ctx, seat, _number(a[0]), _number(a[1])),
    "go": lambda ctx, seat, a: turns.move(ctx, seat, a[0]),
    "stay": lambda ctx, seat, a: turns.stay(ctx, seat),
    "cont": lambda ctx, seat, a: turns.carry_on(ctx, seat),
    "end": lambda ctx, seat, a: turns.end(ctx, seat),
    "ev": lambda ctx, seat, a: turns.play_event(ctx, seat, _number(a[0])),
    "ab": lambda ctx, seat, a: abilities.use(ctx, seat, ":".join(["ab", *a])),
    "shop": lambda ctx, seat, a: turns.shop(ctx, seat),
    "flip": lambda ctx, seat, a: town.flip(ctx, seat, _number(a[0])),
    "trade": lambda ctx, seat, a: turns.start_trade(ctx, seat),
    "to": lambda ctx, seat, a: trades.choose_partner(ctx, seat, _number(a[0])),
    "give": lambda ctx, seat, a: trades.choose_give(ctx, seat, a[0]),
    "want": lambda ctx, seat, a: trades.choose_want(ctx, seat, a[0]),
    "accept": lambda ctx, seat, a: trades.reply(ctx, seat, True),
    "refuse": lambda ctx, seat, a: trades.reply(ctx, seat, False),
    "cancel": _cancel,
    "peek": _peek,
    "drop": _drop,
    "dodge": _dodge,
    "tgt": _target,
    "bear": lambda ctx, seat, a: bear.answer(ctx, seat, a[0]),
}

ENDINGS = {"target": N_("points"), "advanced": N_("mega-event"), "rounds": N_("round-limit")}
"""Result ending keys for the state's ``end_reason``: the text's two victories, and the house round
limit a group may choose (off by default)."""
SHORTEST_LIMIT = 20


class CacheEngine(GameEngine[State, PublicView, SeatView]):
    spec = GAME
    state_type = State

    def __init__(self, data: GameData | None = None) -> None:
        self.data = data or default()

    def rules(self, state: State) -> RuleSet:
        return _rules(state.victory, state.round_limit)

    def _ctx(self, state: State) -> Ctx:
        return Ctx(self.data, self.rules(state), state, Rng(state.rng))

    # ------------------------------------------------------------------ set-up and play

    def check_options(self, options: Mapping[str, Any], players: int) -> None:
        limit = int(options.get("round_limit", 0))
        if 0 < limit < SHORTEST_LIMIT:
            raise RuleError(_(texts.SHORT_LIMIT).format(shortest=SHORTEST_LIMIT))

    def new_game(self, players: int, options: Mapping[str, Any], seed: int) -> State:
        return setup.new_state(self.data, players, seed, options["victory"], options["round_limit"])

    def current_seats(self, state: State) -> list[int]:
        return turns.current_seats(state)

    def legal_actions(self, state: State, seat: int) -> list[Choice]:
        return choices.legal(self._ctx(state), seat)

    def apply(self, state: State, seat: int, action: str) -> Transition[State]:
        if state.over:
            raise RuleError(_(texts.GAME_OVER))
        if seat not in self.current_seats(state):
            raise RuleError(_(texts.NOT_YOUR_TURN))
        if action not in {c.action for c in self.legal_actions(state, seat)}:
            raise RuleError(_(texts.NOT_NOW))
        new = self.clone(state)
        ctx = self._ctx(new)
        verb, *args = action.split(":")
        HANDLERS[verb](ctx, seat, args)
        turns.settle(ctx)
        new.rng = ctx.rng.state
        return Transition(new, ctx.events, reveals=ctx.revealed or new.rng != state.rng)

    def default_action(self, state: State, seat: int) -> str | None:
        """A trade offer left unanswered is refused; the bear's question throws a held Snack."""
        prompt = turns.prompt_for(state, seat)
        if prompt is None:
            return None
        match prompt.kind:
            case "trade_reply":
                return "refuse"
            case "bear":
                return bear.default(self._ctx(state), seat)
        return None

    def answers_another(self, state: State, seat: int) -> bool:
        """A trade offer is answered during the offering player's turn, and the bear's question by
        everyone it threatens, whoever's turn it is."""
        prompt = turns.prompt_for(state, seat)
        return prompt is not None and (
            prompt.kind == "trade_reply" or (prompt.kind == "bear" and seat != state.turn.seat)
        )

    def is_terminal(self, state: State) -> bool:
        return state.over

    def results(self, state: State) -> GameResult:
        view = self.public_view(state)
        scores = tuple(float(p.score) for p in view.seats)
        ending = ENDINGS.get(state.end_reason, state.end_reason)
        return GameResult.competitive(
            scores, tuple(state.winners), texts.results_text(view), variant=state.victory, ending=ending
        )

    # ------------------------------------------------------------------ information

    def public_view(self, state: State) -> PublicView:
        return game_views.public_view(self.data, state, self.rules(state).target)

    def seat_view(self, state: State, seat: int) -> SeatView:
        return game_views.seat_view(self._ctx(state), seat)

    def seat_view_with(self, state: State, seat: int, public: PublicView) -> SeatView:
        return game_views.seat_view(self._ctx(state), seat, public)

    def status_text(self, public_view: PublicView) -> str:
        return texts.status_text(public_view)

    def private_text(self, seat_view: SeatView) -> str:
        return texts.private_text(self.data, seat_view)

    def rule_help(self, seat_view: SeatView) -> str:
        return rule_help(seat_view)

    def prompt_text(self, seat_view: SeatView) -> str:
        return texts.prompt_text(self.data, seat_view)

    def reveal_text(self, state: State) -> str:
        return texts.reveal_text(self.data, [[self.data.events[c] for c in p.events] for p in state.seats])

    def check_invariants(self, state: State) -> None:
        checks.check_invariants(self.data, state)

    def shuffle_hidden(self, state: State, seed: int) -> State:
        return checks.shuffle_hidden(self.data, self.clone(state), seed)

    # ------------------------------------------------------------------ search

    def determinize(self, state: State, seat: int, seed: int) -> State:
        return sampling.determinize(self.clone(state), seat, seed)

    def estimate(self, state: State) -> tuple[float, ...]:
        return sampling.estimate(self.data, state, self.rules(state).target)


@cache
def _rules(victory: str, round_limit: int) -> RuleSet:
    return RuleSet.from_options({"victory": victory, "round_limit": round_limit})


@cache
def build_engine() -> CacheEngine:
    return CacheEngine()
