"""Tiny but complete games for testing the table and the cogs without a real game's bulk.

* **Secret Sum** (``toy``, competitive, hidden information): each seat is dealt
  a secret die (1-6). Seats act in turn: *pass* or *call* (public buttons),
  *peek* at the next seat's die (a private choice), or *bid* a number through a
  form. After a call, or after 3 full rounds, every die is revealed and the
  highest die wins (ties share).
* **Safe Cracker** (``team``, cooperative, no secrets, 1-3 players): the
  safe's code is rolled in the open (10-15). In turn, players add 1, 2 or 3 to
  the dial. Landing exactly on the code opens the safe (the team wins);
  passing it jams the lock (the team loses). Solo with one player.

Both follow the conventions of a real game package: a ``GameSpec``, a
``msgspec.Struct`` state, typed views, move dispatch a static checker can follow.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec
from PIL import Image

from bot.engine import (
    Choice,
    ComputerPlayer,
    Event,
    Form,
    FormField,
    GameEngine,
    GameResult,
    GameSpec,
    OptionSpec,
    Relation,
    Rng,
    RuleError,
    SeatTag,
    Transition,
)
from bot.games.registry import Registry, default_registry

# --------------------------------------------------------------------------- Secret Sum


class ToyState(msgspec.Struct):
    players: int
    rng: int
    dice: list[int]
    turn: int = 0
    actions_taken: int = 0
    rounds: int = 3
    revealed: bool = False
    bids: list[int] = msgspec.field(default_factory=list)
    peeks: list[list[int]] = msgspec.field(default_factory=list)


class ToyPublic(msgspec.Struct, frozen=True):
    players: int
    turn: int | None
    bids: tuple[int, ...]
    revealed: tuple[int, ...] | None
    peeked: tuple[tuple[int, ...], ...]


class ToySeat(msgspec.Struct, frozen=True):
    public: ToyPublic
    seat: int
    my_die: int
    seen: dict[int, int]


TOY_SPEC = GameSpec(
    name="toy",
    title="Secret Sum",
    summary="Each player holds a secret die. Pass, peek, bid or call; the highest die wins.",
    min_players=2,
    max_players=3,
    relations=frozenset({Relation.COMPETITIVE}),
    hidden_information=True,
    chance=True,
    engine="tests.support.toy_game:SecretSum",
    computer="tests.support.toy_game:PassingComputer",
    renderer="tests.support.toy_game:render_board",
    text_board="tests.support.toy_game:text_board",
    options=(OptionSpec("rounds", "Rounds", 3, minimum=1, maximum=5),),
    seat_colours=("Red", "Blue", "Green"),
    newcomers_take_computer_seats=frozenset({Relation.COMPETITIVE}),
)


class SecretSum(GameEngine[ToyState, ToyPublic, ToySeat]):
    spec = TOY_SPEC
    state_type = ToyState

    def new_game(self, players: int, options: Mapping[str, Any], seed: int) -> ToyState:
        rng = Rng(seed)
        dice = [rng.die() for _ in range(players)]
        return ToyState(
            players, rng.state, dice, rounds=options["rounds"], bids=[0] * players, peeks=[[] for _ in range(players)]
        )

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
        if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= 99:
            raise RuleError("A bid is a whole number from 1 to 99.")
        return f"bid:{int(text)}"

    def apply(self, state: ToyState, seat: int, action: str) -> Transition[ToyState]:
        if seat not in self.current_seats(state):
            raise RuleError("It is not your turn.")
        legal = {c.action for c in self.legal_actions(state, seat)}
        amount = action[4:]
        is_bid = action.startswith("bid:") and amount.isascii() and amount.isdigit() and 1 <= int(amount) <= 99
        if action not in legal and not is_bid:
            raise RuleError("That move is not possible now.")
        new = self.clone(state)
        events: list[Event] = []
        reveals = False
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
            reveals = True
        else:
            new.bids[seat] = int(amount)
            events.append(Event("{p%d} bids %d." % (seat, new.bids[seat])))
        if not new.revealed:
            new.actions_taken += 1
            new.turn = (new.turn + 1) % new.players
            if new.actions_taken >= new.rounds * new.players:
                self._reveal(new, events)
        return Transition(new, events, reveals=reveals or new.revealed)

    def _reveal(self, state: ToyState, events: list[Event]) -> None:
        state.revealed = True
        shown = ", ".join("{p%d}: %d" % (s, d) for s, d in enumerate(state.dice))
        events.append(Event(f"Dice revealed: {shown}."))

    def is_terminal(self, state: ToyState) -> bool:
        return state.revealed

    def results(self, state: ToyState) -> GameResult:
        best = max(state.dice)
        winners = tuple(s for s, d in enumerate(state.dice) if d == best)
        text = "Winner: " + ", ".join("{p%d}" % w for w in winners)
        return GameResult.competitive(tuple(float(d) for d in state.dice), winners, text, ending="called")

    def public_view(self, state: ToyState) -> ToyPublic:
        return ToyPublic(
            players=state.players,
            turn=None if state.revealed else state.turn,
            bids=tuple(state.bids),
            revealed=tuple(state.dice) if state.revealed else None,
            peeked=tuple(tuple(p) for p in state.peeks),
        )

    def seat_view(self, state: ToyState, seat: int) -> ToySeat:
        return self.seat_view_with(state, seat, self.public_view(state))

    def seat_view_with(self, state: ToyState, seat: int, public: ToyPublic) -> ToySeat:
        return ToySeat(public, seat, state.dice[seat], {t: state.dice[t] for t in state.peeks[seat]})

    def status_text(self, public_view: ToyPublic) -> str:
        if public_view.revealed is not None:
            return "All dice are on the table."
        return "Secret Sum — {p%d} to act." % (public_view.turn or 0)

    def private_text(self, seat_view: ToySeat) -> str:
        lines = [f"Your die: **{seat_view.my_die}**"]
        lines += ["{p%d}'s die: %d" % (t, d) for t, d in sorted(seat_view.seen.items())]
        return "\n".join(lines)

    def prompt_text(self, seat_view: ToySeat) -> str:
        return "Pass, call, peek or bid.\nThe highest die wins once someone calls."

    def reveal_text(self, state: ToyState) -> str:
        return "Dice: " + ", ".join("{p%d} %d" % (s, d) for s, d in enumerate(state.dice))

    def check_invariants(self, state: ToyState) -> None:
        assert all(1 <= d <= 6 for d in state.dice)

    def shuffle_hidden(self, state: ToyState, seed: int) -> ToyState:
        new = self.clone(state)
        if not new.revealed:
            rng = Rng(seed)
            new.dice = [rng.die() for _ in new.dice]
        return new

    def determinize(self, state: ToyState, seat: int, seed: int) -> ToyState:
        """Keeps the seat's own die and the dice it peeked at; every other die is rolled anew."""
        sample = self.clone(state)
        if sample.revealed:
            return sample
        rng = Rng.from_seed(seed, "determinize")
        known = {seat, *state.peeks[seat]}
        sample.dice = [d if s in known else rng.die() for s, d in enumerate(state.dice)]
        sample.rng = rng.state
        return sample


class PassingComputer(ComputerPlayer[ToySeat]):
    def __init__(self, engine: Any = None) -> None:
        pass

    def choose(self, view: ToySeat, choices: Sequence[Choice], rng: Rng) -> str:
        return "pass"


# --------------------------------------------------------------------------- Safe Cracker (co-op)


class SafeState(msgspec.Struct):
    players: int
    rng: int
    code: int
    dial: int = 0
    turn: int = 0
    over: bool = False


class SafePublic(msgspec.Struct, frozen=True):
    code: int
    dial: int
    turn: int | None
    over: bool


TEAM_SPEC = GameSpec(
    name="team",
    title="Safe Cracker",
    summary="Together, turn the dial to the safe's code exactly. One click too far and the lock jams.",
    min_players=1,
    max_players=3,
    relations=frozenset({Relation.SOLO, Relation.COOPERATIVE}),
    hidden_information=False,
    chance=True,
    engine="tests.support.toy_game:SafeCracker",
    computer="tests.support.toy_game:CarefulCracker",
    renderer="tests.support.toy_game:render_board",
    seat_colours=("Red", "Blue", "Green"),
)


class SafeCracker(GameEngine[SafeState, SafePublic, SafePublic]):
    spec = TEAM_SPEC
    state_type = SafeState

    def new_game(self, players: int, options: Mapping[str, Any], seed: int) -> SafeState:
        rng = Rng.from_seed(seed, "safe")
        code = rng.randint(10, 15)
        return SafeState(players, rng.state, code)

    def current_seats(self, state: SafeState) -> list[int]:
        return [] if state.over else [state.turn]

    def legal_actions(self, state: SafeState, seat: int) -> list[Choice]:
        if seat not in self.current_seats(state):
            return []
        return [Choice(f"add:{n}", f"+{n}", group="dial", public=True) for n in (1, 2, 3)]

    def apply(self, state: SafeState, seat: int, action: str) -> Transition[SafeState]:
        if action not in {c.action for c in self.legal_actions(state, seat)}:
            raise RuleError("Turn the dial by 1, 2 or 3, on your turn.")
        new = self.clone(state)
        new.dial += int(action[4:])
        events = [Event("{p%d} turns the dial to %d." % (seat, new.dial))]
        if new.dial >= new.code:
            new.over = True
            events.append(Event("🔓 The safe opens!" if new.dial == new.code else "🔒 The lock jams."))
        else:
            new.turn = (new.turn + 1) % new.players
        return Transition(new, events, reveals=False)

    def is_terminal(self, state: SafeState) -> bool:
        return state.over

    def results(self, state: SafeState) -> GameResult:
        won = state.dial == state.code
        relation = self.relation(state.players, {})
        text = "The team cracked the safe." if won else "The safe stays shut."
        return GameResult.team(relation, state.players, won, text, ending="cracked" if won else "shut")

    def public_view(self, state: SafeState) -> SafePublic:
        return SafePublic(state.code, state.dial, None if state.over else state.turn, state.over)

    def seat_view(self, state: SafeState, seat: int) -> SafePublic:
        return self.public_view(state)

    def status_text(self, public_view: SafePublic) -> str:
        return f"Code {public_view.code}, dial at {public_view.dial}."

    def private_text(self, seat_view: SafePublic) -> str:
        return ""

    def prompt_text(self, seat_view: SafePublic) -> str:
        return "Turn the dial.\nLand exactly on the code to open the safe; passing it jams the lock."

    def check_invariants(self, state: SafeState) -> None:
        assert state.dial <= state.code + 3

    def shuffle_hidden(self, state: SafeState, seed: int) -> SafeState:
        return self.clone(state)


class CarefulCracker(ComputerPlayer[SafePublic]):
    def __init__(self, engine: Any = None) -> None:
        pass

    def choose(self, view: SafePublic, choices: Sequence[Choice], rng: Rng) -> str:
        gap = view.code - view.dial
        return f"add:{min(3, max(1, gap))}"


# --------------------------------------------------------------------------- shared presentation


def render_board(view: Any, seats: Sequence[SeatTag]) -> Image.Image:
    """A 2 x 2 image: the table's tests check that a board is attached, not what it shows."""
    return Image.new("RGB", (2, 2), (10, 20, 30))


def text_board(view: Any, seats: Sequence[SeatTag]) -> str:
    names = ", ".join(tag.label for tag in seats)
    return f"[{type(view).__name__}] {names}"


def registry_with_toys(*extra: GameSpec) -> Registry:
    """The real games plus the toy games (and any ``extra``)."""
    return default_registry().with_games(TOY_SPEC, TEAM_SPEC, *extra)


_REGISTRY = registry_with_toys()
TOY = _REGISTRY.game("toy")
TEAM = _REGISTRY.game("team")


def toy_games(name: str) -> Any:
    """A game resolver for TableService that knows the toy games (and the real ones)."""
    return _REGISTRY.game(name)
