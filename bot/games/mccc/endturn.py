"""End Turn: "adding a card faceup to the Conveyor Belt from the Maze Deck" and the surprises
it brings (the Cat, a secret agenda, the Cucumber)."""

from __future__ import annotations

from bot.engine import Event
from bot.games.mccc import ending, texts, turns
from bot.games.mccc import maze as mz
from bot.games.mccc.data import BELT, GameData
from bot.games.mccc.state import State


def refill(data: GameData, s: State, events: list[Event]) -> None:
    """Fill the Conveyor Belt; an agenda or the Cat drawn lets the next card come too."""
    while len(s.belt) < BELT and s.deck:
        token = s.deck.pop(0)
        if token == "cat":
            # "place the Cat in the closest empty space counted orthogonally from the Cheese"
            options = mz.closest_empty(s.maze, s.chars, s.chars["cheese"])
            assert options, "the 5 x 5 limit always leaves a space for the Cat"
            if len(options) > 1:
                # "If there's a tie for closest empty space, you choose which of those empty spaces."
                s.cat_options = options
                s.phase = "cat"
                events.append(Event(texts.cat_revealed([mz.label(c) for c in options])))
                return
            cat_arrives(s, options[0], events)
        elif isinstance(token, str) and token.startswith("agenda:"):
            _agenda_revealed(data, s, token, events)
        elif token == "cucumber":
            # "If you add the Cucumber Character Card to the Conveyor Belt, the Endgame begins immediately."
            s.belt.append(token)
            events.append(Event(texts.cucumber_shows()))
            if s.solo:
                ending.solo_endgame(data, s, events)
            else:
                ending.score(data, s, events, "cucumber", texts.cucumber_ends(), None)
            return
        else:
            s.belt.append(token)
    if not s.solo:
        s.seat = (s.seat + 1) % s.players
    turns.start_turn(data, s, events)
    if not s.solo and s.phase != "over":
        events.append(Event(texts.next_player(s.seat)))


def _agenda_revealed(data: GameData, s: State, token: str, events: list[Event]) -> None:
    """ "set that Secret Agenda aside and refill the Conveyor Belt as normal\""""
    key = token.split(":", 1)[1]
    s.aside.append(token)
    s.agendas_revealed.append(key)
    if not s.easier:
        s.forced = key
    events.append(Event(texts.agenda_revealed(data.agendas[key].title, s.easier)))


def cat_arrives(s: State, cell: int, events: list[Event]) -> None:
    s.chars["cat"] = cell
    s.cat_options = []
    if s.last is not None:
        s.last.cat_arrived = cell
    events.append(Event(texts.cat_arrives(mz.label(cell), becomes_active=s.solo and not s.easier)))
