"""Phase 1, Assign Roles: "the Captain assigns the roles of First Mate, Quarter Master, and Scout"."""

from __future__ import annotations

from itertools import permutations

from bot.engine import Choice, RuleError
from bot.engine.actions import number, split
from bot.games.mutiny import island, labels, refusals, texts
from bot.games.mutiny.rules import Move, refused
from bot.games.mutiny.state import MutinyState, Role

Assignment = tuple[int, int, int]
"""First Mate, Quarter Master, Scout."""


def assignments(state: MutinyState) -> list[Assignment]:
    """Every way to hand the three roles to the three other players; last round's roles first when possible."""
    captain = state.captain
    others = [(captain + k) % 4 for k in (1, 2, 3)]
    orders = list(permutations(others))
    if all(state.roles[o] in (Role.FIRST_MATE, Role.QUARTER_MASTER, Role.SCOUT) for o in others):
        keep = tuple(state.roles.index(r) for r in (Role.FIRST_MATE, Role.QUARTER_MASTER, Role.SCOUT))
        orders.remove(keep)
        orders.insert(0, keep)
    return [(f, q, s) for f, q, s in orders]


def repeats_last_round(state: MutinyState, assignment: Assignment) -> bool:
    return all(
        state.roles[seat] is role for seat, role in zip(assignment, (Role.FIRST_MATE, Role.QUARTER_MASTER, Role.SCOUT))
    )


def action(assignment: Assignment) -> str:
    return "assign:%d,%d,%d" % assignment


def choices(state: MutinyState, seat: int) -> list[Choice]:
    return [
        Choice(
            action(a),
            labels.assign_label(*a),
            group="assign",
            description=labels.label(labels.SAME_ROLES) if repeats_last_round(state, a) else "",
            style="primary",
            public=True,
        )
        for a in assignments(state)
    ]


def default(state: MutinyState) -> str:
    """Time ran out: last round's roles again, or else First Mate, Quarter Master, Scout clockwise."""
    return action(assignments(state)[0])


def do_assign(move: Move, seat: int, act: str) -> None:
    verb, args = split(act)
    if verb != "assign" or len(args) != 1 or len(args[0].split(",")) != 3:
        raise refused(act)
    first_mate, quarter_master, scout = (number(x, 0, 3, "seat") for x in args[0].split(","))
    if sorted((first_mate, quarter_master, scout)) != sorted((seat + k) % 4 for k in (1, 2, 3)):
        raise RuleError(refusals.refusal(refusals.CAPTAIN_ROLE_KEPT))
    s = move.state
    s.roles = [Role.NONE] * 4
    s.roles[seat] = Role.CAPTAIN
    s.roles[first_mate], s.roles[quarter_master], s.roles[scout] = Role.FIRST_MATE, Role.QUARTER_MASTER, Role.SCOUT
    text = texts.assigned(seat, first_mate, quarter_master, scout)
    if s.round == 1:
        # A computer Captain assigns at once: the roll that made them Captain must still be read somewhere.
        text = texts.first_captain(s.first_rolls, s.captain) + "\n" + text
    move.say(text)
    island.begin_scouting(move)
