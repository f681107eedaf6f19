"""Seeded random playouts through the engine contract (OpenSpiel's random_sim_test, for our API).

Used by the contract tests, the benchmarks and the data check: a uniformly random seat among
those to act takes a random legal action (or a form with its default values)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.engine import Event, Form, GameEngine, Rng

MAX_ACTIONS = 20_000


@dataclass
class Playout:
    initial: Any
    final: Any
    log: list[tuple[int, str]] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    states: list[Any] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    """The options the game was played with (``random_play_options``)."""


def random_play_options(
    engine: GameEngine[Any, Any, Any], players: int, options: dict[str, Any] | None
) -> dict[str, Any]:
    """The options checked for the table, with the game's ``random_play_options`` wherever the
    caller left an option at its default (random moves never escape a labyrinth on their own)."""
    chosen = dict(options or {})
    defaults = {spec.key: spec.default for spec in engine.spec.options}
    for key, value in engine.spec.random_play_options:
        if chosen.get(key, defaults.get(key)) == defaults.get(key):
            chosen[key] = value
    return engine.options_for(chosen, players)


def random_action(engine: GameEngine[Any, Any, Any], state: Any, rng: Rng) -> tuple[int, str]:
    """A uniformly random seat among those to act, then a random legal action or default form."""
    seats = engine.current_seats(state)
    assert seats, "a non-terminal state must have a seat to act"
    seat = rng.choice(seats)
    choices: list[str | Form] = [c.action for c in engine.legal_actions(state, seat)]
    choices += engine.forms(state, seat)
    assert choices, f"seat {seat} is to act but has no legal action or form"
    picked = rng.choice(choices)
    if isinstance(picked, Form):
        return seat, engine.form_action(state, seat, picked.key, {f.key: f.default for f in picked.fields})
    return seat, picked


def play(
    engine: GameEngine[Any, Any, Any],
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    *,
    keep_states: bool = False,
    after_each: Callable[[Any], None] | None = None,
) -> Playout:
    opts = random_play_options(engine, players, options)
    state = engine.new_game(players, opts, seed)
    result = Playout(initial=state, final=state, options=opts)
    rng = Rng.from_seed(seed, "playout")
    if after_each:
        after_each(state)
    for _ in range(MAX_ACTIONS):
        if engine.is_terminal(state):
            break
        seat, action = random_action(engine, state, rng)
        transition = engine.apply(state, seat, action)
        state = transition.state
        result.log.append((seat, action))
        result.events.extend(transition.events)
        if keep_states:
            result.states.append(state)
        if after_each:
            after_each(state)
    else:
        raise AssertionError(f"game did not end within {MAX_ACTIONS} actions (seed {seed})")
    result.final = state
    return result


def replay(
    engine: GameEngine[Any, Any, Any],
    players: int,
    seed: int,
    options: dict[str, Any] | None,
    log: list[tuple[int, str]],
) -> Any:
    opts = random_play_options(engine, players, options)
    state = engine.new_game(players, opts, seed)
    for seat, action in log:
        state = engine.apply(state, seat, action).state
    return state
