"""A tiny but complete game for testing the table and the cogs without a real game's bulk.

"Secret Sum": each seat is dealt a secret die (1-6) at the start. Seats act in
turn. On your turn you may *pass* or *call* (public buttons), *peek* at the
next seat's die (a private choice), or *bid* a number through a form. After a
call, or after 3 full rounds, everyone's die is revealed and the highest die
wins (ties share). It exercises public and private choices, forms, private
events, secrets in the state and chance from the state's RNG.
"""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field
from typing import Any, Mapping

from bot.engine import (
    Choice,
    ComputerPlayer,
    Event,
    Form,
    FormField,
    GameEngine,
    GameResult,
    OptionSpec,
    RuleError,
    Rng,
    Transition,
)
from bot.games.registry import GameEntry


@dataclass
class ToyState:
    players: int
    rng: int
    dice: list[int]
    turn: int = 0
    actions_taken: int = 0
    rounds: int = 3
    revealed: bool = False
    bids: list[int] = field(default_factory=list)
    peeks: list[list[int]] = field(default_factory=list)


class SecretSum(GameEngine[ToyState]):
    name = "toy"
    title = "Secret Sum"
    min_players = 2
    max_players = 3
    summary = "Each player holds a secret die. Pass, peek, bid or call; the highest die wins."
    options = (OptionSpec("rounds", "Rounds", 3, minimum=1, maximum=5),)

    def new_game(self, players: int, options: Mapping[str, Any], seed: int) -> ToyState:
        rng = Rng(seed)
        dice = [rng.die() for _ in range(players)]
        return ToyState(players, rng.state, dice, rounds=options["rounds"], bids=[0] * players, peeks=[[] for _ in range(players)])

    def current_seats(self, state: ToyState) -> list[int]:
        return [] if state.revealed else [state.turn]

    def legal_actions(self, state: ToyState, seat: int) -> list[Choice]:
        if seat not in self.current_seats(state):
            return []
        target = (seat + 1) % state.players
        choices = [
            Choice("pass", "Pass", group="move", public=True),
            Choice("call", "Call!", group="move", style="danger", public=True),
        ]
        if target not in state.peeks[seat]:
            choices.append(Choice(f"peek:{target}", "Peek at {p%d}'s die" % target, group="peek"))
        return choices

    def forms(self, state: ToyState, seat: int) -> list[Form]:
        if seat not in self.current_seats(state):
            return []
        return [Form("bid", "Place a bid", "Bid…", (FormField("amount", "Your bid (1-99)", default="10"),))]

    def form_action(self, state: ToyState, seat: int, key: str, values: Mapping[str, str]) -> str:
        if key != "bid" or seat not in self.current_seats(state):
            raise RuleError("You cannot bid now.")
        text = values.get("amount", "").strip()
        if not text.isdigit() or not 1 <= int(text) <= 99:
            raise RuleError("A bid is a whole number from 1 to 99.")
        return f"bid:{int(text)}"

    def apply(self, state: ToyState, seat: int, action: str) -> Transition[ToyState]:
        if seat not in self.current_seats(state):
            raise RuleError("It is not your turn.")
        legal = {c.action for c in self.legal_actions(state, seat)}
        is_bid = action.startswith("bid:") and action[4:].isdigit() and 1 <= int(action[4:]) <= 99
        if action not in legal and not is_bid:
            raise RuleError("That move is not possible now.")
        new = copy.deepcopy(state)
        events: list[Event] = []
        if action == "pass":
            events.append(Event("{p%d} passes." % seat))
        elif action == "call":
            events.append(Event("{p%d} calls!" % seat))
            self._reveal(new, events)
        elif action.startswith("peek:"):
            target = int(action[5:])
            new.peeks[seat].append(target)
            events.append(Event("{p%d} peeks at {p%d}'s die." % (seat, target)))
            events.append(Event("{p%d}'s die shows %d." % (target, state.dice[target]), seats=(seat,)))
        else:
            new.bids[seat] = int(action[4:])
            events.append(Event("{p%d} bids %d." % (seat, new.bids[seat])))
        if not new.revealed:
            new.actions_taken += 1
            new.turn = (new.turn + 1) % new.players
            if new.actions_taken >= new.rounds * new.players:
                self._reveal(new, events)
        return Transition(new, events)

    def _reveal(self, state: ToyState, events: list[Event]) -> None:
        state.revealed = True
        shown = ", ".join("{p%d}: %d" % (s, d) for s, d in enumerate(state.dice))
        events.append(Event(f"Dice revealed: {shown}."))

    def is_terminal(self, state: ToyState) -> bool:
        return state.revealed

    def results(self, state: ToyState) -> GameResult:
        best = max(state.dice)
        winners = tuple(s for s, d in enumerate(state.dice) if d == best)
        return GameResult(tuple(float(d) for d in state.dice), winners, "Winner: " + ", ".join("{p%d}" % w for w in winners))

    def view(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "players": state.players,
            "turn": None if state.revealed else state.turn,
            "bids": list(state.bids),
            "revealed": state.dice if state.revealed else None,
            "peeked": [list(p) for p in state.peeks],
        }
        if seat is not None:
            view["seat"] = seat
            view["my_die"] = state.dice[seat]
            view["seen"] = {str(t): state.dice[t] for t in state.peeks[seat]}
        return view

    def status_text(self, public_view: Mapping[str, Any]) -> str:
        if public_view["revealed"]:
            return "All dice are on the table."
        return "Secret Sum — {p%d} to act." % public_view["turn"]

    def private_text(self, seat_view: Mapping[str, Any]) -> str:
        lines = [f"Your die: **{seat_view['my_die']}**"]
        lines += ["{p%s}'s die: %d" % (t, d) for t, d in seat_view["seen"].items()]
        return "\n".join(lines)

    def prompt_text(self, seat_view: Mapping[str, Any]) -> str:
        return "Pass, call, peek or bid."

    def dump(self, state: ToyState) -> dict[str, Any]:
        return asdict(state)

    def load(self, data: Mapping[str, Any]) -> ToyState:
        return ToyState(**copy.deepcopy(dict(data)))

    def check_invariants(self, state: ToyState) -> None:
        assert all(1 <= d <= 6 for d in state.dice)

    def shuffle_hidden(self, state: ToyState, seed: int) -> ToyState:
        new = copy.deepcopy(state)
        if not new.revealed:
            rng = Rng(seed)
            new.dice = [rng.die() for _ in new.dice]
        return new


class PassingComputer(ComputerPlayer):
    def choose(self, view, choices, rng) -> str:
        return "pass"


TOY = GameEntry(SecretSum(), PassingComputer())


def toy_games(name: str) -> GameEntry:
    """A game resolver for TableService that knows the toy game (and the real ones)."""
    if name == "toy":
        return TOY
    from bot.games.registry import game

    return game(name)
