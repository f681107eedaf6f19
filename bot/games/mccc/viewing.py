"""Building the views from the state: what everyone sees (and a seat's secret side), the
preview of a placement not yet confirmed, and the public chance of the Cucumber."""

from __future__ import annotations

from bot.games.mccc import first_round, moves, moving, rules, texts, words
from bot.games.mccc import maze as mz
from bot.games.mccc.data import GameData
from bot.games.mccc.sampling import AGENDA, Run, deck_runs, drawn
from bot.games.mccc.state import Outcome, Placement, State, TurnRecord
from bot.games.mccc.views import (
    BeltCard,
    CardView,
    Characters,
    Deck,
    Destination,
    Frame,
    LastTurn,
    Outlook,
    Position,
    Preview,
    PreviewMove,
    PublicView,
    Result,
    RunView,
    SeatView,
    Side,
    TurnedView,
    Verdict,
)


def card_views(data: GameData, maze: mz.Maze) -> tuple[CardView, ...]:
    faces = data.table.faces
    views = []
    for cell in sorted(maze):
        cards, rot = maze[cell]
        top = cards[-1]
        under = cards[0] if len(cards) > 1 else None
        views.append(CardView(mz.label(cell), top, rot, texts.card_name(data.table, top), faces[top, rot], under))
    return tuple(views)


def _belt(data: GameData, s: State) -> tuple[BeltCard, ...]:
    faces = data.table.faces
    belt = []
    for i, token in enumerate(s.belt):
        if isinstance(token, int):
            belt.append(BeltCard(i + 1, token, texts.card_name(data.table, token), faces[token, 0]))
        else:
            belt.append(BeltCard(i + 1, None, words.the(token)))
    return tuple(belt)


def _destinations(
    parent: dict[int, int], start: int, dests: moves.Destinations, ghosts: dict[int, str]
) -> tuple[Destination, ...]:
    """Safe spaces first, then the game-ending ones, each column by column."""
    ordered = sorted(dests, key=lambda c: (dests[c] is not None, mz.XY[c]))
    return tuple(
        Destination(
            mz.label(d),
            tuple(mz.label(c) for c in moves.route(parent, start, d)),
            dests[d],
            crossed=d in ghosts,
        )
        for d in ordered
    )


# --------------------------------------------------------------------------- the preview


def assess(
    data: GameData, s: State, chosen: Placement
) -> tuple[mz.Maze, list[tuple[int, int]], tuple[PreviewMove, ...], Verdict]:
    """What a placement would do: the maze after Place and Rotate, the cog turns, each
    neighbouring character's possible Move, and whether it always loses (solo) or always ends
    the game (multiplayer). Nothing in ``s`` changes."""
    table = data.table
    assert s.picked is not None
    card = s.belt[s.picked]
    assert isinstance(card, int)
    after, cog_turns = mz.lay(table, s.maze, chosen.kind, chosen.cell, card, chosen.rot)
    adjacent = rules.adjacent_movers(s.chars, chosen.cell)
    holes = rules.mouse_holes(s)
    movers = [c for c in adjacent if moves.can_enter(table, after, s.chars, c, chosen.cell, holes)]
    previews = []
    for c in adjacent:
        dests, parent = moves.destinations(table, after, s.chars, c, chosen.cell, holes)
        previews.append(PreviewMove(c, c in movers, _destinations(parent, s.chars[c], dests, {})))
    verdict: Verdict = "plays"
    if s.solo:
        active = rules.active_set(s, adjacent)
        if not moves.survivable(table, after, s.chars, chosen.cell, movers, holes, active):
            verdict = "loses"
    elif moves.unavoidable(table, after, s.chars, chosen.cell, movers, holes):
        verdict = "ends"
    return after, cog_turns, tuple(previews), verdict


def preview(data: GameData, s: State) -> Preview | None:
    if s.chosen is None or s.picked is None:
        return None
    chosen = s.chosen
    card = s.belt[s.picked]
    assert isinstance(card, int)
    after, cog_turns, previews, verdict = assess(data, s, chosen)
    return Preview(
        card=card,
        name=texts.card_name(data.table, card),
        cell=mz.label(chosen.cell),
        rot=chosen.rot,
        stacked=chosen.kind == "stack",
        special="cucumber" in s.effects,
        walls=texts.describe(data.table.faces[card, chosen.rot]),
        maze=card_views(data, after),
        turned=tuple(TurnedView(mz.label(cell), 1 if delta > 0 else 3) for cell, delta in cog_turns),
        moves=previews,
        verdict=verdict,
    )


# --------------------------------------------------------------------------- the Cucumber's chance


def outlook(data: GameData, s: State) -> Outlook:
    """Chances that the Cat / the Cucumber show up during this turn's End Turn, from public
    facts only: the setup's stack structure, how many cards are left and what has appeared.

    The refill draws until a maze card lands on the belt, so an agenda (always at the
    bottom of its stack) or the Cat lets the next card come too.
    """
    if s.phase == "over":
        return Outlook(0.0, 0.0)
    runs = deck_runs(data, s)
    cat_seen = "cat" in s.chars or s.phase == "cat"
    first = drawn(runs, s)
    return Outlook(
        round(_chance(runs, first, cat_seen, "cat"), 4), round(_chance(runs, first, cat_seen, "cucumber"), 4)
    )


def _chance(runs: list[Run], pos: int, cat_seen: bool, target: str) -> float:
    # A module function, not a closure over ``runs``: a recursive closure is a reference cycle, left
    # for the garbage collector's slow full passes on every view (issue 23).
    for start, end, what in runs:
        if not start <= pos < end:
            continue
        if what == AGENDA:
            return _chance(runs, pos + 1, cat_seen, target)
        if what is None or (what == "cat" and cat_seen):
            return 0.0
        odds = 1.0 / (end - pos)
        if what == target:
            return odds
        return odds * _chance(runs, pos + 1, True, target) if what == "cat" else 0.0
    return 0.0


# --------------------------------------------------------------------------- the views


def _last(data: GameData, record: TurnRecord | None) -> LastTurn | None:
    if record is None:
        return None
    return LastTurn(
        turn=record.turn,
        seat=record.seat,
        card=record.card,
        name=texts.card_name(data.table, record.card) if record.card is not None else "",
        cell=mz.label(record.cell) if record.cell is not None else None,
        stacked=record.stacked,
        special=record.special,
        turned=tuple(TurnedView(mz.label(t.cell), t.quarter_turns) for t in record.turned),
        runs=tuple(RunView(r.character, tuple(mz.label(c) for c in r.cells)) for r in record.runs),
        swap=(mz.label(record.swap[0]), mz.label(record.swap[1])) if record.swap else None,
        cat_arrived=mz.label(record.cat_arrived) if record.cat_arrived is not None else None,
        discarded=texts.card_name(data.table, record.discarded) if record.discarded is not None else None,
    )


def result_view(data: GameData, outcome: Outcome) -> Result:
    return Result(
        ending=outcome.ending,
        won=outcome.won,
        agenda=data.agendas[outcome.agenda] if outcome.agenda else None,
        traced=outcome.traced,
        mouse_cheese=outcome.mouse_cheese,
        cat_mouse=outcome.cat_mouse,
        mouse_cheese_path=tuple(mz.label(c) for c in outcome.mouse_cheese_path),
        cat_mouse_path=tuple(mz.label(c) for c in outcome.cat_mouse_path),
        scores=outcome.scores,
        winners=outcome.winners,
    )


def destinations_now(data: GameData, s: State) -> tuple[Destination, ...]:
    if s.phase != "dest" or not s.movers:
        return ()
    mover = s.movers[0]
    dests, parent, ghosts = moving.destinations(data, s, mover)
    return _destinations(parent, s.chars[mover], first_round.destinations(data, s, dests), ghosts)


def _deck(s: State) -> Deck:
    return Deck(
        count=len(s.deck),
        cat_in_deck="cat" not in s.chars and s.phase != "cat",
        cucumber_in_deck="cucumber" not in s.belt,
        agendas_in_deck=sum(1 for t in s.deck if isinstance(t, str) and t.startswith("agenda:")),
    )


def public_view(data: GameData, s: State) -> PublicView:
    setup = data.setups[s.setup]
    cells = mz.occupied(s.maze, s.chars) + ([s.chosen.cell] if s.chosen else [])
    x0, y0, x1, y1 = mz.view_frame(cells)
    ready = tuple(rules.optional_abilities(data, s)) if s.solo else ()
    return PublicView(
        players=s.players,
        setup=s.setup,
        setup_name=setup.name,
        difficulty=setup.difficulty,
        easier=s.easier,
        turn=s.turn,
        seat=s.seat,
        phase=s.phase,
        awaiting=() if s.phase == "over" else (s.seat,),
        active=tuple(rules.eligible(s)),
        frame=Frame(mz.COLUMNS[x0 : x1 + 1], tuple(range(y0 + 1, y1 + 2))),
        maze=card_views(data, s.maze),
        characters=Characters(*(mz.label(s.chars[c]) if c in s.chars else None for c in ("mouse", "cheese", "cat"))),
        belt=_belt(data, s),
        picked=None if s.picked is None else s.picked + 1,
        deck=_deck(s),
        outlook=outlook(data, s),
        agendas=tuple(data.agendas[k] for k in s.agendas_revealed),
        forced=s.forced,
        effects=tuple(s.effects),
        abilities_used=tuple(s.abilities_used),
        abilities_ready=ready,
        placed=None if s.placed is None else mz.label(s.placed),
        moving=tuple(s.moving),
        movers=tuple(s.movers),
        active_set=tuple(s.active_set),
        starts=tuple(Position(c, mz.label(cell)) for c, cell in sorted(s.starts.items())),
        cat_options=tuple(mz.label(c) for c in s.cat_options),
        destinations=destinations_now(data, s),
        last=_last(data, s.last),
        preview=preview(data, s),
        discarded=len(s.discard),
        sides=tuple(Side(n, data.agendas[s.secret[n]]) for n in range(len(s.secret)) if s.revealed_seats[n]),
        result=result_view(data, s.outcome) if s.outcome else None,
        first_round=first_round.in_force(s),
    )


def seat_view(data: GameData, s: State, seat: int, public: PublicView | None = None) -> SeatView:
    """``public``: the public view of this state when it is already made."""
    public = public_view(data, s) if public is None else public
    if s.solo or not 0 <= seat < s.players:
        return SeatView(public, seat, abilities=public.abilities_ready)
    return SeatView(
        public,
        seat,
        secret=data.agendas[s.secret[seat]],
        ability_used=s.secret[seat] in s.abilities_used,
        abilities=tuple(rules.optional_abilities(data, s)) if seat == s.seat else (),
    )
