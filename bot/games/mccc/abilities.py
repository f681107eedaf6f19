"""The four Special Abilities: forced at the start of the turn after the reveal (solo), or
used once by choice (easier mode, multiplayer). An ability that cannot change anything is
skipped with a line saying why, so a turn never waits on a decision that has no choices."""

from __future__ import annotations

from bot.engine import Event
from bot.games.mccc import maze as mz
from bot.games.mccc import rules, texts
from bot.games.mccc.data import GameData
from bot.games.mccc.state import State, Turned, TurnRecord


def _begin(data: GameData, s: State, key: str, events: list[Event]) -> None:
    title = data.agendas[key].title
    match key:
        case "mouse":
            # "This turn, the Mouse may pass through any or all walls touching a Mouse Hole."
            s.effects.append("mouse")
            events.append(Event(texts.ability_now(title, key)))
        case "cat":
            # "Immediately swap the Cheese and Cat's location."
            cat, cheese = s.chars["cat"], s.chars["cheese"]
            s.chars["cat"], s.chars["cheese"] = cheese, cat
            s.last = TurnRecord(turn=s.turn, seat=s.seat, swap=(cat, cheese))
            events.append(Event(texts.swapped(title, mz.label(cat), mz.label(cheese))))
        case "cheese":
            # "Immediately rotate any one Maze Card in any direction as far as you want."
            s.phase = "cheese"
            events.append(Event(texts.ability_now(title, key)))
        case "cucumber":
            # "... place it on top of another card, ignoring the normal restrictions": this
            # turn's placement is the special placement.
            s.effects.append("cucumber")
            events.append(Event(texts.ability_now(title, key)))


def forced(data: GameData, s: State, events: list[Event]) -> None:
    """ "You must use that Secret Agenda's Special Ability at the start of the next turn, if possible.\""""
    key = s.forced
    assert key is not None
    s.forced = None
    s.abilities_used.append(key)
    if rules.ability_possible(data, s, key):
        _begin(data, s, key, events)
    else:
        events.append(Event(texts.ability_skipped(data.agendas[key].title, key)))


def use(data: GameData, s: State, key: str, events: list[Event]) -> None:
    """A revealed ability used by choice (easier mode), or a player's own (multiplayer, which
    reveals their side)."""
    s.abilities_used.append(key)
    if not s.solo:
        s.revealed_seats[s.seat] = True
        events.append(Event(texts.reveals_side(s.seat, data.agendas[key])))
    _begin(data, s, key, events)


def turn_card(s: State, cell: int, quarter_turns: int, events: list[Event]) -> None:
    """The Cheese's ability turns the card at ``cell``."""
    mz.turn(s.maze, cell, quarter_turns)
    s.last = TurnRecord(turn=s.turn, seat=s.seat, turned=[Turned(cell, quarter_turns)])
    events.append(Event(texts.turned_by_cheese(s.seat, mz.label(cell), quarter_turns)))
