"""The Muggles engine: the contract's methods, the move table, and the base game's rules with
Muggles' hooks (``RuleSet``) plugged in.

Most moves are the base game's (``bot.games.cmiyc.engine.HANDLERS``); Muggles replaces the peek
(a public reveal), the Snoop (he reveals too), the trades (restricted), and adds swaps with
muggles, the solitaire coin trade, and the decisions the muggles' Take Event Card tiles ask for.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from bot.engine import Choice, GameEngine, GameResult, Relation, RuleError, Transition
from bot.engine.rng import Rng
from bot.games.cmiyc import cards as base_cards
from bot.games.cmiyc import texts as base_texts
from bot.games.cmiyc import turns
from bot.games.cmiyc.context import Ctx, RuleSet
from bot.games.cmiyc.engine import HANDLERS as BASE_HANDLERS
from bot.games.cmiyc.i18n import data_text as base_data_text
from bot.games.muggles import GAME, checks, choices, company, prospects, reveals, rounds, setup, texts, trading
from bot.games.muggles import options as game_options
from bot.games.muggles import views as game_views
from bot.games.muggles.context import Team, team
from bot.games.muggles.data import MugglesData, default
from bot.games.muggles.help import rule_help
from bot.games.muggles.i18n import N_, _
from bot.games.muggles.state import MugglesState
from bot.games.muggles.views import PublicView, SeatView

NEVER = 10**9
"""The base game's points target, out of reach: Muggles ends by its own rules (and the base game's
house round limit stays off: Muggles' own safety stop is ``MugglesState.stop_round``)."""
SETTLE_ROUNDS = 20
Handler = Callable[[Team, int, list[str]], None]


def _peek(ctx: Team, seat: int, args: list[str]) -> None:
    """ "Opportunities to peek at six tiles ... are changed to – Reveal FOUR Tiles. They are left face up." """
    prompt = ctx.state.prompts[-1]
    if args[0] == "done":
        ctx.state.prompts.pop()
        return
    if args[0] not in base_cards.peekable(ctx, seat):
        raise RuleError(_(texts.NOT_REVEALABLE))
    prompt.count -= 1
    reveals.remote_reveal(ctx, seat, args[0])


def _ability(ctx: Team, seat: int, args: list[str]) -> None:
    """ "Anyone playing as The Snoop turns over (reveals) any tile he peeks at." """
    if args[0] == "snoop":
        ctx.state.turn.ability_used = True
        reveals.remote_reveal(ctx, seat, args[1])
    else:
        BASE_HANDLERS["ab"](ctx, seat, args)


def _reply(accept: bool) -> Handler:
    return lambda ctx, seat, a: trading.reply(ctx, seat, accept)


HANDLERS: dict[str, Handler] = {
    **BASE_HANDLERS,
    "peek": _peek,
    "ab": _ability,
    "trade": lambda ctx, seat, a: trading.start(ctx, seat),
    "to": lambda ctx, seat, a: trading.choose_partner(ctx, seat, int(a[0])),
    "give": lambda ctx, seat, a: trading.choose_give(ctx, seat, a[0]),
    "want": lambda ctx, seat, a: trading.choose_want(ctx, seat, a[0]),
    "accept": _reply(True),
    "refuse": _reply(False),
    "swap": lambda ctx, seat, a: company.swap(ctx, seat, int(a[0]), int(a[1])),
    "coin": lambda ctx, seat, a: trading.coin_trade(ctx, seat, int(a[0])),
    "toss": lambda ctx, seat, a: rounds.choose_toss(ctx, seat, int(a[0])),
    "order": lambda ctx, seat, a: rounds.choose_order(ctx, seat, a[0]),
}


# ---------------------------------------------------------------------- the hooks into the base game's rules


def _next_seat(ctx: Ctx, seat: int) -> int | None:
    return rounds.next_seat(team(ctx), seat)


def _bear(ctx: Ctx, seat: int, square: str, bounce: bool) -> None:
    reveals.bear_effect(team(ctx), seat, square, bounce)


def _construction(ctx: Ctx, seat: int, square: str, fresh: bool) -> None:
    reveals.construction_landing(team(ctx), seat, square, fresh)


def _map(ctx: Ctx, seat: int, square: str, fresh: bool) -> None:
    reveals.map_landing(team(ctx), seat, square, fresh)


def _turn_open(ctx: Ctx, seat: int) -> bool:
    return choices.turn_open(team(ctx), seat)


RULES = RuleSet(
    target=NEVER,
    round_limit=0,
    peek_count=4,
    peeks_public=True,
    events_public=True,
    max_offers=0,
    tile_effects={"bear": _bear},
    landing={"blank": _construction, "map": _map},
    cache_blocker=company.stealth,
    next_seat=_next_seat,
    turn_open=_turn_open,
    fixed_squares=reveals.slab_squares,
)

ENDINGS = {
    "won": N_("requirements-met"),
    "trashed": N_("group-trashed"),
    "sets": N_("sets-trashed"),
    "unreachable": N_("groups-unreachable"),
    "caches": N_("groups-impossible"),
    "each": N_("each-impossible"),
    "each_caches": N_("each-impossible"),
    "coins": N_("coins-impossible"),
    "coin_holders": N_("coins-impossible"),
    "coin_flips": N_("coins-impossible"),
    "rounds": N_("round-limit"),
}
"""Result ending keys for the state's ``outcome`` (``rounds``: the house safety stop, off by default)."""


class MugglesEngine(GameEngine[MugglesState, PublicView, SeatView]):
    spec = GAME
    state_type = MugglesState

    def __init__(self, data: MugglesData | None = None) -> None:
        self.team = data or default()
        self.data = self.team.game

    def _ctx(self, state: MugglesState) -> Team:
        return Team(self.data, RULES, state, Rng(state.rng), team=self.team)

    # ------------------------------------------------------------------ set-up and play

    def check_options(self, options: Mapping[str, Any], players: int) -> None:
        game_options.check(options, players)

    def new_game(self, players: int, options: Mapping[str, Any], seed: int) -> MugglesState:
        return setup.new_state(self.team, players, seed, options)

    def current_seats(self, state: MugglesState) -> list[int]:
        return turns.current_seats(state)

    def legal_actions(self, state: MugglesState, seat: int) -> list[Choice]:
        return choices.legal(self._ctx(state), seat)

    def apply(self, state: MugglesState, seat: int, action: str) -> Transition[MugglesState]:
        if state.over:
            raise RuleError(_(texts.GAME_OVER))
        if seat not in self.current_seats(state):
            raise RuleError(_(texts.NOT_YOUR_TURN))
        if action not in {c.action for c in self.legal_actions(state, seat)}:
            raise RuleError(_(texts.NOT_NOW))
        new = self.clone(state)
        ctx = self._ctx(new)
        ctx.board_before = frozenset(new.board.values())
        verb, *args = action.split(":")
        HANDLERS[verb](ctx, seat, args)
        settle(ctx)
        new.rng = ctx.rng.state
        return Transition(new, ctx.events, reveals=ctx.revealed or new.rng != state.rng)

    def default_action(self, state: MugglesState, seat: int) -> str | None:
        """An unanswered trade offer is refused; a card to discard is the first one held; the
        solitaire order is "discard first"."""
        prompt = turns.prompt_for(state, seat)
        if prompt is None:
            return None
        match prompt.kind:
            case "trade_reply":
                return "refuse"
            case "toss":
                return f"toss:{state.seats[seat].events[0]}"
            case "order":
                return "order:discard"
        return None

    def answers_another(self, state: MugglesState, seat: int) -> bool:
        """A trade offer is answered during the offering player's turn, and the furthest player's
        discard for a muggle's Take Event Card tile during the muggles' turn."""
        prompt = turns.prompt_for(state, seat)
        return prompt is not None and prompt.kind in ("trade_reply", "toss")

    def is_terminal(self, state: MugglesState) -> bool:
        return state.over

    def results(self, state: MugglesState) -> GameResult:
        relation = Relation.SOLO if state.players == 1 else Relation.COOPERATIVE
        text = texts.results_text(self.public_view(state))
        ending = ENDINGS.get(state.outcome, state.outcome)
        return GameResult.team(
            relation, state.players, state.outcome == "won", text, variant=state.requirement, ending=ending
        )

    # ------------------------------------------------------------------ information

    def public_view(self, state: MugglesState) -> PublicView:
        return game_views.public_view(self._ctx(state))

    def seat_view(self, state: MugglesState, seat: int) -> SeatView:
        return game_views.seat_view(self._ctx(state), seat)

    def seat_view_with(self, state: MugglesState, seat: int, public: PublicView) -> SeatView:
        return game_views.seat_view(self._ctx(state), seat, public)

    def status_text(self, public_view: PublicView) -> str:
        return texts.status_text(public_view)

    def private_text(self, seat_view: SeatView) -> str:
        return ""

    def rule_help(self, seat_view: SeatView) -> str:
        return rule_help(seat_view)

    def prompt_text(self, seat_view: SeatView) -> str:
        card = text = ""
        forced = False
        if seat_view.prompt == "side" and seat_view.prompt_card >= 0:
            sides = self.data.equipment[seat_view.prompt_card].sides
            card = f"{base_texts.item_name(self.data, sides[0])} / {base_texts.item_name(self.data, sides[1])}"
        elif seat_view.prompt == "target" and seat_view.prompt_card >= 0:
            event = self.data.events[seat_view.prompt_card]
            card, text = base_data_text(event.name), base_data_text(event.text)
            forced = event.effect == "disable_cache"
        return texts.prompt_text(seat_view, card, text, forced)

    # ------------------------------------------------------------------ search

    def determinize(self, state: MugglesState, seat: int, seed: int) -> MugglesState:
        """Nothing is secret among the players, so every seat redeals the same: the face-down tiles
        with the stock, the order of the decks and of the geocoin stack (but the coin the solitaire
        player traded lies known at its bottom), and the muggles' future dice."""
        return prospects.determinize(self.clone(state), seed)

    def estimate(self, state: MugglesState) -> tuple[float, ...]:
        return prospects.estimate(self.team, state)

    def check_invariants(self, state: MugglesState) -> None:
        checks.check_invariants(self.data, state)

    def shuffle_hidden(self, state: MugglesState, seed: int) -> MugglesState:
        return checks.shuffle_hidden(self.data, self.clone(state), seed)


def settle(ctx: Team) -> None:
    """Run what needs no decision (the base game's settling, whose turn order runs the muggles), with
    Muggles' checks before and after, until nothing more changes."""
    state = ctx.state
    for _step in range(SETTLE_ROUNDS):
        before = ([(p.kind, p.seat, p.card) for p in state.prompts], len(ctx.events), state.over)
        rounds.check(ctx)
        turns.settle(ctx)
        rounds.check(ctx)
        if state.over:
            state.prompts.clear()
            return
        if ([(p.kind, p.seat, p.card) for p in state.prompts], len(ctx.events), state.over) == before:
            return
    raise AssertionError("the game did not settle")


@cache
def build_engine() -> MugglesEngine:
    return MugglesEngine()
