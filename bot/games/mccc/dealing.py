"""Setup: the seven steps of "Who Done It Setup" (solo), and the multiplayer deal."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.engine import Event, Rng
from bot.games.mccc import turns
from bot.games.mccc.data import BELT, GameData
from bot.games.mccc.state import State, Token


def _stacks(
    data: GameData, setup_id: int, players: int, balanced: bool, easier: bool, pool: list[Token], rng: Rng
) -> list[list[Token]]:
    """Steps 3-5: the facedown stacks with the Cat and the Cucumber shuffled in (in multiplayer,
    the house arrangement of the setup's ``multiplayer_stacks``)."""
    setup = data.setups[setup_id]
    specs = setup.deck_stacks(players, balanced)
    # 3. "Shuffle the remaining Maze Cards and deal them out into 4 facedown stacks in a row."
    rng.shuffle(pool)
    sizes = [stack.maze for stack in specs]
    if easier:
        sizes[setup.easier_short_stack] -= 1
    stacks: list[list[Token]] = []
    for size in sizes:
        stacks.append(pool[:size])
        pool = pool[size:]
    assert not pool
    for stack, spec in zip(stacks, specs):
        if spec.shuffle_in is None:
            continue
        # 4. "In the second stack, shuffle the Cat Character Card." 5. "Take the top two Maze Cards
        # of the fourth stack and set them aside. Shuffle the Cucumber Character Card into the
        # remainder. Place the set aside Maze Cards back on top."
        top, bottom = stack[: spec.keep_on_top], stack[spec.keep_on_top :]
        bottom.append(spec.shuffle_in)
        rng.shuffle(bottom)
        stack[:] = top + bottom
    return stacks


def deal(data: GameData, players: int, options: Mapping[str, Any], seed: int) -> State:
    setup = data.setups[options.get("setup", 1)]
    easier = bool(options.get("easier", False)) and players == 1
    # Absent from the options of games started before the house balance: they replay without it.
    balanced = bool(options.get("balanced", False)) and players > 1
    rng = Rng.from_seed(seed, "mccc")
    # 1. "Set the Cat & Cucumber aside. In the center of the table, place the Cheese, the Mouse,
    # and three appropriate Maze Cards oriented as shown."
    maze: dict[int, tuple[tuple[int, ...], int]] = {cell: ((card,), rot) for card, cell, rot in setup.cards}
    chars = {"cheese": setup.cheese, "mouse": setup.mouse}
    laid = {card for card, _, _ in setup.cards}
    pool: list[Token] = [cid for cid in data.table.ids if cid not in laid]
    aside: list[Token] = []
    if easier:
        # Easier mode: "Before Setup, remove the Mouse's Studio".
        pool.remove(data.studio)
        aside.append(data.studio)
    # 2. "Shuffle the Maze Cards. Deal four Maze Cards off to the side, faceup in a row."
    rng.shuffle(pool)
    belt, rest = pool[:BELT], pool[BELT:]
    stacks = _stacks(data, setup.id, players, balanced, easier, rest, rng)
    agendas: list[Token] = [f"agenda:{key}" for key in data.agendas]
    rng.shuffle(agendas)
    secret: list[str] = []
    hidden: list[Token] = []
    if players == 1:
        # 6. "Shuffle the Agenda Cards. Without looking, place one facedown at the bottom of each stack."
        for stack, agenda in zip(stacks, agendas):
            stack.append(agenda)
    else:
        # Multiplayer (house rule): the agendas are the players' secret sides, dealt by DM.
        secret = [str(agenda).split(":", 1)[1] for agenda in agendas[:players]]
        hidden = list(agendas[players:])
    # 7. "Place the first stack on top of the second stack ..." : the first stack is the top.
    state = State(
        players=players,
        setup=setup.id,
        easier=easier,
        rng=rng.state,
        maze=maze,
        chars=chars,
        belt=belt,
        balanced=balanced,
        deck=[card for stack in stacks for card in stack],
        aside=aside,
        hidden_aside=hidden,
        secret=secret,
        revealed_seats=[False] * (players if players > 1 else 0),
    )
    events: list[Event] = []
    turns.start_turn(data, state, events)
    return state
