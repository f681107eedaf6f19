"""Move: "If the Cat or Mouse are adjacent to the Maze Card you just played, they must Move
through that Maze Card if possible." One mover at a time, in the order the player chose; the
destinations come from ``moves.py`` (shared with the preview and the computer player)."""

from __future__ import annotations

from bot.engine import Event
from bot.games.mccc import ending, endturn, moves, rules, texts
from bot.games.mccc import maze as mz
from bot.games.mccc.data import GameData
from bot.games.mccc.state import Run, State


def destinations(data: GameData, s: State, mover: str) -> tuple[moves.Destinations, dict[int, int], dict[int, str]]:
    """Where ``mover`` may stop now, the parent links of the routes, and the other mover's ghost."""
    assert s.placed is not None
    ghosts = moves.ghosts_for(mover, s.moving, s.starts, s.chars)
    dests, parent = moves.destinations(data.table, s.maze, s.chars, mover, s.placed, rules.mouse_holes(s), ghosts)
    return dests, parent, ghosts


def continue_moves(data: GameData, s: State, events: list[Event]) -> None:
    """Move whoever is left; ask where when a mover has a choice."""
    assert s.placed is not None
    while s.movers:
        mover = s.movers[0]
        dests, _, _ = destinations(data, s, mover)
        if not dests:
            s.movers.pop(0)
            if mover in s.active_set or not s.solo:
                events.append(Event(texts.cannot_move(mover, mz.label(s.placed))))
            continue
        if len(dests) > 1:
            s.phase = "dest"
            return
        run(data, s, mover, next(iter(dests)), events)
        if s.outcome is not None:
            return
    after_moves(data, s, events)


def run(data: GameData, s: State, mover: str, dest: int, events: list[Event]) -> None:
    """``mover`` runs to ``dest`` (one of its destinations); a run onto a character ends the game."""
    dests, parent, ghosts = destinations(data, s, mover)
    hit = dests[dest]
    path = moves.route(parent, s.chars[mover], dest)
    cells = [mz.label(c) for c in path]
    if s.last is not None:
        s.last.runs.append(Run(mover, tuple(path)))
    s.movers.remove(mover)
    if hit is None:
        s.chars[mover] = dest
        events.append(Event(texts.ran(mover, cells)))
        return
    # Running onto the other mover's starting space, gone or not, is passing over each other.
    ghost = dest in ghosts
    crossed = ghost or (hit in s.moving and s.starts.get(hit) == dest)
    events.append(Event(texts.ran_onto(mover, cells, hit, ghost)))
    ending.game_ending_run(data, s, events, mover, hit, crossed)


def after_moves(data: GameData, s: State, events: list[Event]) -> None:
    """ "2. After Move, the Active Character ends in the location they started." (solo loss)"""
    if s.solo and s.active_set and all(s.chars[c] == s.starts[c] for c in s.active_set):
        ending.lose(s, events, "stuck", texts.stuck(s.active_set))
        return
    endturn.refill(data, s, events)
