"""How a game ends: the solo losses and the Endgame's Paths, the multiplayer scoring."""

from __future__ import annotations

from bot.engine import Event
from bot.games.mccc import maze as mz
from bot.games.mccc import texts
from bot.games.mccc.data import GameData
from bot.games.mccc.state import Ending, Outcome, State

Paths = tuple[list[int] | None, list[int] | None]


def trace_paths(data: GameData, s: State) -> Paths:
    """The Mouse→Cheese and Cat→Mouse Paths, or None where there is none."""
    return (
        mz.trace(data.table, s.maze, s.chars, "mouse", "cheese"),
        mz.trace(data.table, s.maze, s.chars, "cat", "mouse"),
    )


def _close(s: State, outcome: Outcome) -> None:
    s.phase = "over"
    s.movers = []
    s.chosen = None
    s.outcome = outcome


def lose(s: State, events: list[Event], ending: Ending, text: str) -> None:
    """A solo loss during play (the text says why)."""
    _close(s, Outcome(ending=ending, won=False, scores=(0.0,)))
    events.append(Event(texts.game_over_event(text, False)))


def solo_endgame(data: GameData, s: State, events: list[Event]) -> None:
    """ "To win, trace, or do not trace, the Paths required by the Secret Agenda at the bottom of
    the Maze Deck." The bottom card is revealed and its two conditions checked."""
    final = s.deck.pop()
    assert isinstance(final, str) and final.startswith("agenda:")
    key = final.split(":", 1)[1]
    s.aside.append(final)
    s.agendas_revealed.append(key)
    agenda = data.agendas[key]
    mc, cm = trace_paths(data, s)
    won = (mc is not None) == agenda.mouse_cheese and (cm is not None) == agenda.cat_mouse
    _close(
        s,
        Outcome(
            ending="endgame",
            won=won,
            agenda=key,
            traced=True,
            mouse_cheese=mc is not None,
            cat_mouse=cm is not None,
            mouse_cheese_path=tuple(mc or ()),
            cat_mouse_path=tuple(cm or ()),
            scores=(1.0 if won else 0.0,),
            winners=(0,) if won else (),
        ),
    )
    events.append(Event(texts.game_over_event(texts.endgame(agenda, mc is not None, cm is not None, won), won)))


def score(data: GameData, s: State, events: list[Event], ending: Ending, text: str, reached: str | None) -> None:
    """Multiplayer end: the character that reached its target wins for the player siding with
    it; otherwise every agenda scores one point per win condition that holds."""
    mc, cm = trace_paths(data, s)
    facts = {"mouse_cheese": mc is not None, "cat_mouse": cm is not None}
    if reached:
        facts[reached] = True
    scores = []
    for key in s.secret:
        agenda = data.agendas[key]
        scores.append(float((facts["mouse_cheese"] == agenda.mouse_cheese) + (facts["cat_mouse"] == agenda.cat_mouse)))
    reacher = {"mouse_cheese": "mouse", "cat_mouse": "cat"}.get(reached or "")
    satisfied = next(
        k
        for k, a in data.agendas.items()
        if a.mouse_cheese == facts["mouse_cheese"] and a.cat_mouse == facts["cat_mouse"]
    )
    if reacher in s.secret:
        scores = [2.0 if key == reacher else min(points, 1.0) for key, points in zip(s.secret, scores)]
        satisfied = reacher
    best = max(scores)
    s.revealed_seats = [True] * s.players
    _close(
        s,
        Outcome(
            ending=ending,
            won=None,
            agenda=satisfied,
            traced=True,
            mouse_cheese=facts["mouse_cheese"],
            cat_mouse=facts["cat_mouse"],
            mouse_cheese_path=tuple(mc or ()),
            cat_mouse_path=tuple(cm or ()),
            scores=tuple(scores),
            winners=tuple(n for n, points in enumerate(scores) if points == best),
        ),
    )
    # The final scoring is the game's result, which the table shows once under this event.
    events.append(Event(texts.game_over_event(text, None)))


def game_ending_run(data: GameData, s: State, events: list[Event], mover: str, hit: str, crossed: bool) -> None:
    """The Mouse onto the Cheese, the Cat and the Mouse meeting or passing over each other."""
    if mover == "mouse" and hit == "cheese":
        ending: Ending = "cheese"
        kind = "cheese"
    elif crossed:
        ending = kind = "crossed"
    else:
        ending = "caught"
        kind = "mouse_into_cat" if mover == "mouse" else "caught"
    if s.solo:
        lose(s, events, ending, texts.ending_text(kind, solo=True))
    else:
        reached = "mouse_cheese" if ending == "cheese" else "cat_mouse"
        score(data, s, events, ending, texts.ending_text(kind, solo=False), reached)
