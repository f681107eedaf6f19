"""Building hand-made Mouse Cheese Cat Cucumber positions for scenario tests."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from bot.engine import Event
from bot.games.mccc import endturn, turns
from bot.games.mccc import maze as mz
from bot.games.mccc.state import State
from bot.games.mccc.views import PublicView
from bot.games.registry import game

ENGINE = game("mccc").engine
COMPUTER = game("mccc").computer()
DATA = ENGINE.data
T = DATA.table


def mask(walls: str) -> int:
    """``"N+E"`` -> edge mask."""
    return sum(1 << mz.DIRS.index(ch) for ch in walls if ch in mz.DIRS)


def cards_of(shape: str, *, cogs: bool | None = None, holes: bool | None = None) -> list[int]:
    out = []
    for cid in T.ids:
        _op, ho, cw, ccw = T.spec[cid][0]
        if T.shape[cid] != shape:
            continue
        if cogs is not None and bool(cw | ccw) != cogs:
            continue
        if holes is not None and bool(ho) != holes:
            continue
        out.append(cid)
    return out


def card_of(shape: str, *, cogs: bool | None = None, holes: bool | None = None, skip: Iterable[int] = ()) -> int:
    skip = set(skip)
    return next(c for c in cards_of(shape, cogs=cogs, holes=holes) if c not in skip)


def rot_for(card: int, walls: str) -> int:
    """The quarter turns that give ``card`` exactly these walls (the first one if several)."""
    want = mask(walls)
    for r in range(4):
        if T.walls(card, r) == want:
            return r
    raise AssertionError(f"card {card} cannot have walls {walls}")


def cog_rot(card: int, edge: str, turn: str) -> int:
    """A rotation of ``card`` that puts a ``turn`` (cw/ccw) cog on ``edge``."""
    d = mz.DIRS.index(edge)
    for r in range(4):
        _, _, cw, ccw = T.spec[card][r]
        if (cw if turn == "cw" else ccw) >> d & 1:
            return r
    raise AssertionError(f"card {card} has no {turn} cog")


def scenario(
    maze: Mapping[str, tuple[int, int] | tuple[tuple[int, ...], int]],
    chars: Mapping[str, str],
    belt: list[int],
    *,
    players: int = 1,
    easier: bool = False,
    deck_top: Iterable[object] = (),
    bottom: str = "cheese",
    revealed: Iterable[str] = (),
    secret: list[str] | None = None,
    setup: int = 1,
    at_end_turn: bool = False,
) -> State:
    """A solo (or multiplayer) position at the start of a turn, every card accounted for.

    ``maze`` maps a cell label to ``(card, rot)`` or ``((bottom, top), rot)``. Cards not
    placed anywhere go to the deck after ``deck_top``; the agenda ``bottom`` is the last card.
    ``at_end_turn``: the Move is over and the belt waits to be refilled (see ``end_turn``).
    """
    cells: dict[int, tuple[tuple[int, ...], int]] = {}
    used: list[int] = []
    for label, (cards, rot) in maze.items():
        stack = (cards,) if isinstance(cards, int) else tuple(cards)
        cells[mz.parse_label(label)] = (stack, rot)
        used.extend(stack)
    used.extend(belt)
    top = list(deck_top)
    used.extend(c for c in top if isinstance(c, int))
    aside: list[object] = []
    if easier:
        aside.append(DATA.studio)
        used.append(DATA.studio)
    assert len(used) == len(set(used)), "a card is used twice"
    rest = [cid for cid in T.ids if cid not in used]
    deck = top + rest
    if "cat" not in chars and "cat" not in top:
        deck.append("cat")
    if "cucumber" not in top:
        deck.append("cucumber")
    revealed = list(revealed)
    on_top = {t.split(":", 1)[1] for t in top if isinstance(t, str) and t.startswith("agenda:")}
    if bottom in revealed or bottom in on_top:
        bottom = next(k for k in DATA.agendas if k not in revealed and k not in on_top)
    aside.extend(f"agenda:{k}" for k in revealed)
    state_secret: list[str] = []
    hidden: list[object] = []
    if players == 1:
        others = [k for k in DATA.agendas if k != bottom and k not in revealed and k not in on_top]
        deck.extend(f"agenda:{k}" for k in others)
        deck.append(f"agenda:{bottom}")
    else:
        state_secret = list(secret or list(DATA.agendas)[:players])
        hidden = [f"agenda:{k}" for k in DATA.agendas if k not in state_secret]
    state = State(
        players=players,
        setup=setup,
        easier=easier,
        rng=1,
        maze=cells,
        chars={name: mz.parse_label(cell) for name, cell in chars.items()},
        belt=list(belt),
        deck=deck,
        aside=aside,
        hidden_aside=hidden,
        secret=state_secret,
        revealed_seats=[False] * (players if players > 1 else 0),
        agendas_revealed=revealed,
        turn=1,
        phase="dest" if at_end_turn else "pick",
    )
    ENGINE.check_invariants(state)
    return state


def actions(state: State, seat: int = 0) -> list[str]:
    return [c.action for c in ENGINE.legal_actions(state, seat)]


def play(state: State, *moves: str, seat: int = 0) -> tuple[State, list[str]]:
    """Apply the moves in order; returns the final state and every event text."""
    texts: list[str] = []
    for move in moves:
        transition = ENGINE.apply(state, seat, move)
        state = transition.state
        texts.extend(e.text for e in transition.events)
        ENGINE.check_invariants(state)
    return state, texts


def where(state: State, name: str) -> str:
    return mz.label(state.chars[name])


def rot_at(state: State, label: str) -> int:
    return state.maze[mz.parse_label(label)][1]


def end_turn(state: State) -> tuple[State, list[str]]:
    """Run the End Turn (refill the Conveyor Belt, check for surprises) on a copy of ``state``."""
    state = ENGINE.clone(state)
    events: list[Event] = []
    endturn.refill(DATA, state, events)
    ENGINE.check_invariants(state)
    return state, [e.text for e in events]


def start_turn(state: State, forced: str | None = None) -> tuple[State, list[str]]:
    """The start of the next turn on a copy of ``state`` (after ``forced``'s agenda was revealed)."""
    state = ENGINE.clone(state)
    state.forced = forced
    state.turn = 1
    events: list[Event] = []
    turns.start_turn(DATA, state, events)
    ENGINE.check_invariants(state)
    return state, [e.text for e in events]


def ready(state: State) -> tuple[State, list[str]]:
    """The start-of-turn check (can anything be placed?) on a copy of ``state``."""
    state = ENGINE.clone(state)
    events: list[Event] = []
    turns.ready(DATA, state, events)
    return state, [e.text for e in events]


def public(state: State) -> PublicView:
    return ENGINE.public_view(state)


def run_of(state: State, character: str) -> tuple[str, ...]:
    """The cells the character ran through in the last turn (as the view shows them)."""
    last = public(state).last
    assert last is not None
    return next(run.cells for run in last.runs if run.character == character)


def place(state: State, slot: int, action: str) -> tuple[State, list[str]]:
    """Pick belt card ``slot``, preview ``action`` (``place:E5:r0``) and confirm it."""
    return play(state, f"belt:{slot}", action, "confirm")


# Plain cards (no cogs, no mouse holes where it matters) that scenario tests lay out by hand.
CROSS_A = card_of("Cross", cogs=False)
CROSS_B = card_of("Cross", cogs=False, skip=[CROSS_A])
T1 = card_of("T-junction", cogs=False)
T2 = card_of("T-junction", cogs=False, skip=[T1])
T3 = card_of("T-junction", cogs=False, skip=[T1, T2])
T4 = card_of("T-junction", cogs=False, skip=[T1, T2, T3])
CORNER = card_of("Corner", cogs=False, holes=False)
CORNER_2 = card_of("Corner", cogs=False, holes=False, skip=[CORNER])
CORNER_3 = card_of("Corner", cogs=False, holes=False, skip=[CORNER, CORNER_2])
STRAIGHT = card_of("Straight", cogs=False)
N_S_OPEN = rot_for(STRAIGHT, "E+W")
