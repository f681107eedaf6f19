"""Builders for Mutiny scenario tests: reach a phase with plain choices, then set up a situation."""

from __future__ import annotations

from bot.engine import Event
from bot.games.mutiny.rules import crew, seat_of
from bot.games.mutiny.state import Die, DieKind, MutinyState, Phase, Role
from bot.games.mutiny.views import PublicView, SeatView
from bot.games.registry import game

E = game("mutiny").engine
DATA = E.data


def fresh(seed: int = 1) -> MutinyState:
    return E.new_game(4, E.options_for({}, 4), seed)


def plain_action(state: MutinyState, seat: int) -> str:
    """Everyone defends, nobody buys or peeks, no card is played."""
    actions = [c.action for c in E.legal_actions(state, seat)]
    for safe in ("vote:defend", "done", "pass", "peek:none", "look:random"):
        if safe in actions:
            return safe
    return actions[0]


def act(state: MutinyState, action: str, seat: int | None = None) -> tuple[MutinyState, list[Event]]:
    seat = E.current_seats(state)[0] if seat is None else seat
    transition = E.apply(state, seat, action)
    E.check_invariants(transition.state)
    return transition.state, transition.events


def advance(state: MutinyState, phase: Phase, round_: int | None = None) -> MutinyState:
    """Play plain choices until ``phase`` (in ``round_``) is reached; returns a copy a test may change."""
    for _ in range(5000):
        if state.phase is phase and (round_ is None or state.round == round_):
            return E.clone(state)
        seat = E.current_seats(state)[0]
        state = E.apply(state, seat, plain_action(state, seat)).state
    raise AssertionError(f"never reached {phase}")


def give_card(state: MutinyState, seat: int, cid: str) -> None:
    """Move a card of that kind from the deck into a hand (keeps the 26 cards conserved)."""
    state.deck.remove(cid)
    state.hands[seat].append(cid)


def dice(*codes: str) -> list[Die]:
    """``dice("r6", "g2", "q8")``: red, green, the Quarter Master's d8, ``c`` a Cannon's d6."""
    return [Die(DieKind(code[0]), int(code[1:])) for code in codes]


def set_dice(state: MutinyState, values: dict[int, list[Die]]) -> None:
    for seat, rolled in values.items():
        assert sum(1 for d in rolled if d.crew) == crew(DATA, state, seat), "keep the crew count"
        state.dice[seat] = list(rolled)


def roles(state: MutinyState) -> tuple[int, int, int, int]:
    """Captain, First Mate, Quarter Master, Scout."""
    return (
        state.captain,
        seat_of(state, Role.FIRST_MATE),
        seat_of(state, Role.QUARTER_MASTER),
        seat_of(state, Role.SCOUT),
    )


def vote_order(state: MutinyState) -> list[int]:
    _c, f, q, s = roles(state)
    return [s, q, f]


def cast_votes(state: MutinyState, votes: dict[int, str], scout_final: str | None = None):
    """Vote in the rule's order; the Scout's final decision defaults to the first one."""
    events: list[Event] = []
    for seat in vote_order(state):
        state, ev = act(state, f"vote:{votes[seat]}", seat)
        events += ev
    scout = seat_of(state, Role.SCOUT)
    state, ev = act(state, f"vote:{scout_final or votes[scout]}", scout)
    return state, events + ev


def at_vote(seed: int = 1, round_: int = 1) -> MutinyState:
    return advance(fresh(seed), Phase.VOTE, round_)


def public(state: MutinyState) -> PublicView:
    return E.public_view(state)


def seat(state: MutinyState, number: int) -> SeatView:
    return E.seat_view(state, number)


def public_texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events if e.public)


def private_texts(events: list[Event], seat: int) -> str:
    return "\n".join(e.text for e in events if e.seats == (seat,))
