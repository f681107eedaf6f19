"""Builders for Mutiny scenario tests: reach a phase with plain choices, then set up a situation."""

from __future__ import annotations

from bot.engine import Event
from bot.games.mutiny.state import MutinyState
from bot.games.registry import game

E = game("mutiny").engine


def fresh(seed: int = 1) -> MutinyState:
    return E.new_game(4, E.options_for({}, 4), seed)


def default_action(state: MutinyState, seat: int) -> str:
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


def advance(state: MutinyState, phase: str, round_: int | None = None) -> MutinyState:
    """Play plain choices (everyone defends, nobody buys) until ``phase`` (in ``round_``) is reached."""
    for _ in range(5000):
        if state.phase == phase and (round_ is None or state.round == round_):
            return state
        seat = E.current_seats(state)[0]
        state = E.apply(state, seat, default_action(state, seat)).state
    raise AssertionError(f"never reached {phase}")


def give_card(state: MutinyState, seat: int, cid: str) -> None:
    """Move a card of that kind from the deck into a hand (keeps the 26 cards conserved)."""
    state.deck.remove(cid)
    state.hands[seat].append(cid)


def set_dice(state: MutinyState, dice: dict[int, list[str]]) -> None:
    for seat, values in dice.items():
        assert sum(1 for d in values if d[0] in "rg") == E._crew(state, seat), "keep the crew count"
        state.dice[seat] = list(values)


def vote_order(state: MutinyState) -> list[int]:
    return [state.roles.index("S"), state.roles.index("Q"), state.roles.index("F")]


def cast_votes(state: MutinyState, votes: dict[int, str], scout_final: str | None = None):
    """Vote in the rule's order; the Scout's final decision defaults to the first one."""
    events: list[Event] = []
    for seat in vote_order(state):
        state, ev = act(state, f"vote:{votes[seat]}", seat)
        events += ev
    scout = state.roles.index("S")
    state, ev = act(state, f"vote:{scout_final or votes[scout]}", scout)
    return state, events + ev


def at_vote(seed: int = 1, round_: int = 1) -> MutinyState:
    return advance(fresh(seed), "vote", round_).clone()


def public_texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events if e.public)


def private_texts(events: list[Event], seat: int) -> str:
    return "\n".join(e.text for e in events if e.seats == (seat,))
