"""Mutiny (rule text 002): the engine contract and the move table.

Every round walks the seven phases of the rule text in order, one seat deciding at a time, so a
Discord table always knows whom it waits for. The rules live in one module per phase:

1. ``roles``     the Captain names First Mate, Quarter Master and Scout.
2. ``island``    the Scout looks at two face-down islands, picks one, takes 1 loot from it.
3. ``division``  the Captain divides the rest on the Loot Distribution Mat.
4. ``voting``    every cup is rolled; the First Mate may peek;
5. ``voting``    Scout, Quarter Master, First Mate decide aloud, then the Scout may change.
6. ``battle``    the dice are revealed, the mystery-card window runs (``cards``), ties re-roll.
7. ``buying``    from the Captain clockwise; after the 12th island, ``scoring``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.engine import ACTION_LIMIT, Choice, Form, GameEngine, GameResult, Rng, RuleError, Transition
from bot.games.mutiny import (
    GAME,
    battle,
    buying,
    cards,
    checks,
    division,
    help,
    island,
    refusals,
    roles,
    sampling,
    texts,
    viewing,
    voting,
)
from bot.games.mutiny.data import GameData, load_data
from bot.games.mutiny.rules import Move, acting_seats, card_info, refused
from bot.games.mutiny.setup import new_state
from bot.games.mutiny.state import MutinyState, Phase
from bot.games.mutiny.views import PublicView, SeatView
from bot.i18n import N_

MOVES: dict[Phase, Callable[[Move, int, str], None]] = {
    Phase.ASSIGN: roles.do_assign,
    Phase.LOOK: island.do_look,
    Phase.PICK: island.do_pick,
    Phase.TAKE: island.do_take,
    Phase.DIVIDE: division.do_divide,
    Phase.PEEK: voting.do_peek,
    Phase.VOTE: voting.do_vote,
    Phase.CARDS: battle.do_cards,
    Phase.BUY: buying.do_buy,
}


class MutinyEngine(GameEngine[MutinyState, PublicView, SeatView]):
    spec = GAME
    state_type = MutinyState

    def __init__(self, data: GameData) -> None:
        self.data = data

    def new_game(self, players: int, options: Mapping[str, Any], seed: int) -> MutinyState:
        self.spec.check_players(players)
        return new_state(self.data, seed)

    # ------------------------------------------------------------------ play

    def current_seats(self, state: MutinyState) -> list[int]:
        return acting_seats(state)

    def legal_actions(self, state: MutinyState, seat: int) -> list[Choice]:
        if seat not in acting_seats(state):
            return []
        data = self.data
        match state.phase:
            case Phase.ASSIGN:
                return roles.choices(state, seat)
            case Phase.LOOK:
                return island.look_choices(data, state, seat)
            case Phase.PICK:
                return island.pick_choices(data, state, seat)
            case Phase.TAKE:
                return island.take_choices(state, seat)
            case Phase.DIVIDE:
                return division.choices(state, seat)
            case Phase.PEEK:
                return voting.peek_choices(state, seat)
            case Phase.VOTE:
                return voting.vote_choices(state, seat)
            case Phase.CARDS:
                return battle.choices(data, state, seat)
            case Phase.BUY:
                return buying.choices(data, state, seat)
        return []

    def forms(self, state: MutinyState, seat: int) -> list[Form]:
        if seat not in acting_seats(state):
            return []
        if state.phase is Phase.DIVIDE:
            return [division.form(state)]
        if state.phase is Phase.LOOK:
            return [island.look_form(state, seat)]
        if state.phase is Phase.CARDS and "reload" in state.hands[seat] and state.dice[seat]:
            return [cards.reload_form(state, seat)]
        trade = buying.trade_form(self.data, state, seat) if state.phase is Phase.BUY else None
        return [trade] if trade else []

    def form_action(self, state: MutinyState, seat: int, key: str, values: Mapping[str, str]) -> str:
        if key not in {form.key for form in self.forms(state, seat)}:
            raise RuleError(refusals.refusal(refusals.FORM_UNAVAILABLE))
        builders: dict[str, Callable[[], str]] = {
            "divide": lambda: division.form_action(state, values),
            "look": lambda: island.look_form_action(values),
            "reload": lambda: cards.reload_form_action(state, seat, values),
            "trade": lambda: buying.trade_form_action(self.data, values),
        }
        action = builders[key]()
        self.apply(state, seat, action)  # the same checks as a button press
        return action

    def apply(self, state: MutinyState, seat: int, action: str) -> Transition[MutinyState]:
        if state.phase is Phase.OVER:
            raise RuleError(refusals.refusal(refusals.GAME_IS_OVER))
        acting = acting_seats(state)
        if seat not in acting:
            raise RuleError(refusals.not_your_turn(acting[0]))
        if len(action) > ACTION_LIMIT:
            raise refused(action)
        move = Move(self.data, self.clone(state), Rng(state.rng))
        MOVES[state.phase](move, seat, action)
        move.state.rng = move.rng.state
        return Transition(move.state, move.events, reveals=move.shown or move.state.rng != state.rng)

    def default_action(self, state: MutinyState, seat: int) -> str | None:
        """What a decision becomes when time runs out (docs/games/mutiny.md, "When time runs out")."""
        if seat not in acting_seats(state):
            return None
        match state.phase:
            case Phase.ASSIGN:
                return roles.default(state)
            case Phase.LOOK:
                return "look:random"
            case Phase.DIVIDE:
                return division.default(state)
            case Phase.PEEK:
                return "peek:none"
            case Phase.VOTE:
                return voting.default(state, seat)
            case Phase.CARDS:
                return "pass"
            case Phase.BUY:
                return "done"
        return None  # which island to raid and which cube to take: the computer player decides

    def is_terminal(self, state: MutinyState) -> bool:
        return state.phase is Phase.OVER

    def results(self, state: MutinyState) -> GameResult:
        score = state.result
        if score is None:
            raise RuleError(refusals.refusal(refusals.NOT_OVER))
        # "The game ends after the buying phase after the last Island has been conquered."
        totals = tuple(float(x) for x in score.totals)
        return GameResult.competitive(totals, score.winners, texts.final_text(score), ending=N_("islands-conquered"))

    # ------------------------------------------------------------------ information

    def public_view(self, state: MutinyState) -> PublicView:
        return viewing.public_view(self.data, state)

    def seat_view(self, state: MutinyState, seat: int) -> SeatView:
        return viewing.seat_view(self.data, state, seat)

    def seat_view_with(self, state: MutinyState, seat: int, public: PublicView) -> SeatView:
        return viewing.seat_view(self.data, state, seat, public)

    def status_text(self, public_view: PublicView) -> str:
        return texts.status_text(public_view)

    def private_text(self, seat_view: SeatView) -> str:
        return texts.private_text(seat_view)

    def prompt_text(self, seat_view: SeatView) -> str:
        return texts.prompt_text(seat_view)

    def rule_help(self, seat_view: SeatView) -> str:
        return help.rule_help(seat_view)

    def reveal_text(self, state: MutinyState) -> str:
        """After the game: the dice of rounds nobody mutinied in, and the cards never played."""
        hands = [[card_info(self.data.cards[cid]) for cid in hand] for hand in state.hands]
        return texts.reveal(state.unseen, hands)

    # ------------------------------------------------------------------ search

    def search_choices(self, state: MutinyState, seat: int) -> list[Choice]:
        """The legal moves, and when dividing the loot also the splits the computer Captain weighs
        (form actions: a split typed into the form), so a search can keep the heuristic's split."""
        found = self.legal_actions(state, seat)
        if state.phase is Phase.DIVIDE and found:
            offered = {choice.action for choice in found}
            found += [
                Choice(action, action) for action in division.weighed_splits(self.data, state) if action not in offered
            ]
        return found

    def determinize(self, state: MutinyState, seat: int, seed: int) -> MutinyState:
        return sampling.determinize(self.data, self.clone(state), seat, seed)

    def estimate(self, state: MutinyState) -> tuple[float, ...]:
        return sampling.estimate(self.data, state)

    # ------------------------------------------------------------------ checks

    def check_invariants(self, state: MutinyState) -> None:
        checks.check(self.data, state)

    def shuffle_hidden(self, state: MutinyState, seed: int) -> MutinyState:
        return checks.shuffle_hidden(self.data, self.clone(state), Rng.from_seed(seed, "shuffle_hidden"))


def build_engine() -> MutinyEngine:
    return MutinyEngine(load_data())
