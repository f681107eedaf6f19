"""Mouse Cheese Cat Cucumber: solo "Who Done It?" (1 player) and the house multiplayer mode (2-4).

A turn is a short chain of atomic actions:

* ``belt:N`` pick the Nth card of the Conveyor Belt (1 = nearest the start of the row),
  ``back`` puts it back before it is placed;
* ``place:C3:rR`` preview it in the empty space C3 turned R quarter turns clockwise,
  ``stack:C3:rR`` on top of the card at C3; nothing changes yet;
* ``confirm`` lays the previewed card (``back`` returns to the places; ``place:C3:rR`` with
  another R turns the previewed card on its space);
* ``first:mouse`` / ``first:cat`` which character moves first when both must move;
* ``dest:C3`` where the moving character ends its Move;
* ``cat:C3`` where the Cat arrives when several spaces tie;
* ``turn:C3:Q`` the Cheese's ability (turn the card at C3 Q quarter turns clockwise);
* ``ability:KEY`` use a revealed ability (easier mode) or your own (multiplayer);
* ``discard:N`` multiplayer only, when no belt card fits anywhere.

Everything else (cogs, forced single moves, refilling the belt, agendas, the Endgame)
resolves inside ``apply``; the rules live in the phase modules beside this one. See
docs/games/mccc.md for every house decision.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.engine import Choice, Event, GameEngine, GameResult, Relation, Rng, RuleError, Transition
from bot.engine.actions import number
from bot.engine.recent import RecentChoices
from bot.games.mccc import (
    GAME,
    abilities,
    choices,
    dealing,
    endturn,
    help,
    moving,
    placing,
    prospects,
    sampling,
    texts,
    turns,
    viewing,
)
from bot.games.mccc import maze as mz
from bot.games.mccc.data import BELT, TOTAL_CARDS, GameData
from bot.games.mccc.i18n import N_, _
from bot.games.mccc.state import Placement, State, TurnRecord
from bot.games.mccc.views import PublicView, SeatView

Move = Callable[[GameData, State, list[str], list[Event]], None]


def _pick(data: GameData, s: State, args: list[str], events: list[Event]) -> None:
    s.picked = number(args[0], 1, BELT, "belt slot") - 1
    s.phase = "place"


def _back(data: GameData, s: State, args: list[str], events: list[Event]) -> None:
    if s.phase == "confirm":
        s.chosen = None
        s.phase = "place"
    else:
        s.picked = None
        s.phase = "pick"


def _choose(kind: mz.Kind) -> Move:
    """Preview a placement: the card is not laid until ``confirm``."""

    def choose(data: GameData, s: State, args: list[str], events: list[Event]) -> None:
        s.chosen = Placement(kind, mz.parse_label(args[0]), number(args[1][1:], 0, 3, "turn"))
        s.phase = "confirm"

    return choose


def _confirm(data: GameData, s: State, args: list[str], events: list[Event]) -> None:
    placing.confirm(data, s, events)


def _first(data: GameData, s: State, args: list[str], events: list[Event]) -> None:
    s.movers.remove(args[0])
    s.movers.insert(0, args[0])
    moving.continue_moves(data, s, events)


def _dest(data: GameData, s: State, args: list[str], events: list[Event]) -> None:
    moving.run(data, s, s.movers[0], mz.parse_label(args[0]), events)
    if s.outcome is None:
        moving.continue_moves(data, s, events)


def _cat(data: GameData, s: State, args: list[str], events: list[Event]) -> None:
    endturn.cat_arrives(s, mz.parse_label(args[0]), events)
    endturn.refill(data, s, events)


def _turn(data: GameData, s: State, args: list[str], events: list[Event]) -> None:
    abilities.turn_card(s, mz.parse_label(args[0]), number(args[1], 1, 3, "turn"), events)
    turns.ready(data, s, events)


def _ability(data: GameData, s: State, args: list[str], events: list[Event]) -> None:
    abilities.use(data, s, args[0], events)
    if s.phase == "pick":
        turns.ready(data, s, events)


def _discard(data: GameData, s: State, args: list[str], events: list[Event]) -> None:
    card = s.belt.pop(number(args[0], 1, BELT, "belt slot") - 1)
    s.discard.append(card)
    events.append(Event(texts.discarded(s.seat, texts.token_name(data.table, data.agendas, card))))
    s.last = TurnRecord(turn=s.turn, seat=s.seat, discarded=card if isinstance(card, int) else None)
    endturn.refill(data, s, events)


MOVES: dict[str, Move] = {
    "belt": _pick,
    "back": _back,
    "place": _choose("place"),
    "stack": _choose("stack"),
    "confirm": _confirm,
    "first": _first,
    "dest": _dest,
    "cat": _cat,
    "turn": _turn,
    "ability": _ability,
    "discard": _discard,
}


ENDING_KEYS = (
    N_("no-place"),
    N_("stuck"),
    N_("cheese"),
    N_("caught"),
    N_("crossed"),
    N_("endgame"),
    N_("cucumber"),
)
"""The result's ending keys (``State.Ending`` with hyphens), marked so `/game stats` can name them in
the reader's language."""


class MCCCEngine(GameEngine[State, PublicView, SeatView]):
    spec = GAME
    state_type = State

    def __init__(self, data: GameData) -> None:
        self.data = data
        self._choices = RecentChoices()

    # ------------------------------------------------------------------ set-up

    def new_game(self, players: int, options: Mapping[str, Any], seed: int) -> State:
        return dealing.deal(self.data, players, options, seed)

    def has_private_information(self, players: int) -> bool:
        # Solo: the agendas are hidden from the player too, so there is nothing to tell them privately.
        return players > 1

    # ------------------------------------------------------------------ play

    def current_seats(self, state: State) -> list[int]:
        return [] if state.phase == "over" else [state.seat]

    def legal_actions(self, state: State, seat: int) -> list[Choice]:
        if state.phase == "over" or seat != state.seat:
            return []
        return self._choices.choices(state, seat, lambda: choices.choices(self.data, state))

    def apply(self, state: State, seat: int, action: str) -> Transition[State]:
        if state.phase == "over":
            raise RuleError(_("The game is over."))
        if seat != state.seat:
            raise RuleError(_("It is not your turn."))
        if action not in {c.action for c in choices.choices(self.data, state, detailed=False)}:
            prompt = self.prompt_text(self.seat_view(state, seat)).split("\n", 1)[0]
            raise RuleError(_("`{action}` is not possible now. {prompt}").format(action=action[:80], prompt=prompt))
        verb, *args = action.split(":")
        s = self.clone(state)
        events: list[Event] = []
        MOVES[verb](self.data, s, args, events)
        return Transition(s, events, reveals=self._reveals(state, s))

    @staticmethod
    def _reveals(before: State, after: State) -> bool:
        """A card drawn from the Maze Deck, a secret side shown or the game's end (after which
        ``reveal_text`` shows what was hidden) reveal something; placing, previewing, turning
        and moving do not."""
        return (
            len(after.deck) != len(before.deck)
            or after.revealed_seats != before.revealed_seats
            or after.phase == "over"
        )

    def default_action(self, state: State, seat: int) -> str | None:
        """A placement previewed and left unconfirmed is confirmed (the player chose it and saw
        what it does), unless it loses at once: then it is taken back and the next decision falls
        to the computer player, like every other decision."""
        if state.phase != "confirm" or seat != state.seat or state.chosen is None:
            return None
        return "back" if viewing.assess(self.data, state, state.chosen)[3] == "loses" else "confirm"

    def places_on_the_board(self, state: State) -> bool:
        return state.phase == "confirm"

    def is_terminal(self, state: State) -> bool:
        return state.phase == "over"

    def results(self, state: State) -> GameResult:
        outcome = state.outcome
        assert outcome is not None
        if state.solo:
            won = bool(outcome.won)
            ending = outcome.ending.replace("_", "-")
            return GameResult.team(Relation.SOLO, 1, won, texts.solo_result(won), ending=ending)
        result = viewing.result_view(self.data, outcome)
        text = texts.multiplayer_result(outcome.ending, result, state.secret)
        return GameResult.competitive(outcome.scores, outcome.winners, text, ending=outcome.ending.replace("_", "-"))

    def reveal_text(self, state: State) -> str:
        if state.phase != "over":
            return ""
        agendas = self.data.agendas
        if not state.solo:
            sides = [agendas[key] for key in state.secret]
            not_dealt = [agendas[str(t).split(":", 1)[1]] for t in state.hidden_aside]
            return texts.reveal_sides(sides, not_dealt)
        left = [agendas[t.split(":", 1)[1]] for t in state.deck if isinstance(t, str) and t.startswith("agenda:")]
        return texts.reveal_deck(left, left[-1]) if left else ""

    # ------------------------------------------------------------------ information

    def public_view(self, state: State) -> PublicView:
        return viewing.public_view(self.data, state)

    def seat_view(self, state: State, seat: int) -> SeatView:
        return viewing.seat_view(self.data, state, seat)

    def seat_view_with(self, state: State, seat: int, public: PublicView) -> SeatView:
        return viewing.seat_view(self.data, state, seat, public)

    def status_text(self, public_view: PublicView) -> str:
        return texts.status(public_view)

    def private_text(self, seat_view: SeatView) -> str:
        return texts.private(seat_view)

    def prompt_text(self, seat_view: SeatView) -> str:
        return texts.prompt(seat_view)

    def rule_help(self, seat_view: SeatView) -> str:
        return help.rule_help(seat_view)

    # ------------------------------------------------------------------ search

    def search_choices(self, state: State, seat: int) -> list[Choice]:
        """The actions without their labels (placements unlabelled skip the look-ahead each label
        needs), and without ``back``: stepping back to the belt or the places only reaches a
        position the search weighs anyway."""
        if state.phase == "over" or seat != state.seat:
            return []
        found = choices.choices(self.data, state, detailed=False)
        forward = [choice for choice in found if choice.action != "back"]
        return forward or found

    def determinize(self, state: State, seat: int, seed: int) -> State:
        return sampling.determinize(self.data, self.clone(state), seat, seed)

    def estimate(self, state: State) -> tuple[float, ...]:
        return prospects.estimate(self.data, state)

    # ------------------------------------------------------------------ checks

    def check_invariants(self, state: State) -> None:
        s = state
        tokens: list[object] = []
        for cards, rot in s.maze.values():
            assert 1 <= len(cards) <= 2, f"a stack of {len(cards)} cards: you may not stack more than once"
            assert rot in (0, 1, 2, 3)
            tokens.extend(cards)
        tokens.extend(s.chars)
        tokens.extend([*s.belt, *s.deck, *s.aside, *s.hidden_aside, *s.discard])
        tokens.extend(f"agenda:{k}" for k in s.secret)
        if s.phase == "cat":
            tokens.append("cat")  # drawn, waiting for the player to choose its space
            assert "cat" not in s.chars
        expected = set(self.data.table.ids) | {"mouse", "cheese", "cat", "cucumber"}
        expected |= {f"agenda:{k}" for k in self.data.agendas}
        assert len(tokens) == TOTAL_CARDS, f"{len(tokens)} cards instead of {TOTAL_CARDS}"
        assert set(tokens) == expected, "every card exactly once"
        cells = list(s.maze) + list(s.chars.values())
        assert len(cells) == len(set(cells)), "two things share a cell"
        x0, y0, x1, y1 = mz.box_of(cells)
        assert x1 - x0 < mz.LIMIT and y1 - y0 < mz.LIMIT, "the Maze may never be larger than 5 x 5"
        assert (s.chosen is not None) == (s.phase == "confirm"), "a preview exists only while confirming"
        if s.phase != "over":
            assert all(isinstance(c, int) for c in s.belt), "only maze cards wait on the belt during play"
            if s.phase in ("pick", "place", "confirm", "cheese"):
                assert len(s.belt) == BELT, "the Conveyor Belt holds four cards"
            assert len(s.belt) <= BELT
        if s.solo:
            assert not s.secret and not s.hidden_aside and not s.discard
            if s.phase != "over":
                assert isinstance(s.deck[-1], str) and s.deck[-1].startswith("agenda:"), "an agenda stays at the bottom"
        else:
            assert len(s.secret) == s.players and len(set(s.secret)) == s.players

    def shuffle_hidden(self, state: State, seed: int) -> State:
        s = self.clone(state)
        rng = Rng.from_seed(seed, "mccc-hidden")
        rng.shuffle(s.deck)
        if s.solo and s.phase != "over" and s.deck:
            # Keep an agenda at the bottom so the state stays a legal one.
            for i, token in enumerate(s.deck):
                if isinstance(token, str) and token.startswith("agenda:"):
                    s.deck[i], s.deck[-1] = s.deck[-1], s.deck[i]
                    break
        if not s.solo and s.phase != "over":
            hidden_seats = [i for i in range(s.players) if not s.revealed_seats[i]]
            pool = [s.secret[i] for i in hidden_seats] + [str(t).split(":", 1)[1] for t in s.hidden_aside]
            rng.shuffle(pool)
            for i in hidden_seats:
                s.secret[i] = pool.pop()
            s.hidden_aside = [f"agenda:{k}" for k in pool]
        s.rng = rng.next_u64()
        return s


def build_engine() -> MCCCEngine:
    from bot.games.mccc.data import default

    return MCCCEngine(default())
