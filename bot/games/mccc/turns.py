"""The start of a turn: a forced ability, then the check that something can be played."""

from __future__ import annotations

from bot.engine import Event
from bot.games.mccc import abilities, ending, rules
from bot.games.mccc.data import GameData
from bot.games.mccc.state import State


def start_turn(data: GameData, s: State, events: list[Event]) -> None:
    s.turn += 1
    s.phase = "pick"
    s.picked = None
    s.chosen = None
    s.placed = None
    s.effects = []
    s.moving = []
    s.movers = []
    s.active_set = []
    s.starts = {}
    if s.solo and not s.easier and s.forced:
        abilities.forced(data, s, events)
    if s.phase == "pick":  # the Cheese's ability asks for a card to turn first
        ready(data, s, events)


def ready(data: GameData, s: State, events: list[Event]) -> None:
    """Enter the pick phase; "You lose during Play if: 1. You are unable to Place a Maze Card
    next to the Active Character." (solo). Multiplayer players discard instead."""
    s.phase = "pick"
    if rules.placeable_slots(data, s) or rules.optional_abilities(data, s):
        return
    if s.solo:
        ending.lose(s, events, "no_place", rules.why_no_place(data, s))
