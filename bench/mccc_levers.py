"""House levers under study for Mouse Cheese Cat Cucumber's multiplayer balance (issue 22), played
by ``bench/mccc_winrate.py --multiplayer`` without changing the game:

* ``guard``: nobody ends the game before every player has had a turn. The computer players are
  offered only the choices after which the mover can still finish the turn without ending the game
  (all of them, when none can); the rule itself is not in the engine.
* ``cat_stack``: the Cat is shuffled into this stack (1-4) of the setup's deck instead of its own.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from bot.engine import Choice
from bot.games.mccc.data import GameData

GUARD_DEPTH = 6
"""Decisions of one turn looked through (a pick, a placement, its preview, the moves)."""


@dataclasses.dataclass(frozen=True)
class Levers:
    guard: bool = False
    cat_stack: int = 0
    """0: the setup's own stack."""

    def label(self) -> str:
        parts = ["first-round guard"] if self.guard else []
        if self.cat_stack:
            parts.append(f"Cat in stack {self.cat_stack}")
        return ", ".join(parts) or "as played"


@contextmanager
def cat_moved(data: GameData, setup: int, stack: int) -> Iterator[None]:
    """The setup's deck with the Cat shuffled into ``stack`` (1-4), for the duration."""
    original = data.setups[setup]
    if stack:
        specs = [dataclasses.replace(s, shuffle_in=None) if s.shuffle_in == "cat" else s for s in original.stacks]
        target = specs[stack - 1]
        if target.shuffle_in is not None:
            raise ValueError(f"stack {stack} already holds the {target.shuffle_in}")
        specs[stack - 1] = dataclasses.replace(target, shuffle_in="cat")
        data.setups[setup] = dataclasses.replace(original, stacks=tuple(specs))
    try:
        yield
    finally:
        data.setups[setup] = original


def _finishes_quietly(engine: Any, state: Any, seat: int, depth: int) -> bool:
    """Whether ``seat`` can finish its turn from ``state`` without the game ending."""
    if engine.is_terminal(state):
        return False
    movers = engine.current_seats(state)
    if not movers or movers[0] != seat or depth == 0:
        return True
    actions = [c.action for c in engine.legal_actions(state, seat) if c.action != "back"]
    if "confirm" in actions:
        # a preview: turning the card another way is its own placement, weighed where it was offered
        actions = ["confirm"]
    return any(_finishes_quietly(engine, engine.apply(state, seat, a).state, seat, depth - 1) for a in actions)


def guarded(engine: Any, state: Any, seat: int, choices: Sequence[Choice]) -> list[Choice]:
    """The choices that leave the mover a way to end the turn with the game still on."""
    kept = [
        c for c in choices if _finishes_quietly(engine, engine.apply(state, seat, c.action).state, seat, GUARD_DEPTH)
    ]
    return kept or list(choices)


AS_PLAYED = Levers()
"""No lever: the game as the bot plays it."""
