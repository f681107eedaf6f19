"""What the web table shows (issue 24): a game's public page at any step of its history, one seat's
page, and the places on the board its choices refer to.

A public page is built from the public view, the public events and the seat tags only, exactly as
the live board in Discord is: ``public_page`` is a pure function of those, so the leak tests can
build it from a state whose hidden parts were shuffled and compare. Earlier steps are replayed from
the seed and the action log (as ``/game replay`` does) and kept per game while its log is unchanged.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine import Event, GameEngine
from bot.i18n.table import _
from bot.table import presenter, viewed
from bot.table.cards import Panel
from bot.table.context import Table
from bot.table.errors import NotAPlayer, TableError
from bot.table.history import HistoryOps, played
from bot.table.texts import for_reading
from render.hits import HitRegion, hit_regions

WEB_LOG_LINES = 40
"""Latest public events a page lists (the history slider reaches every earlier one)."""
HISTORIES_KEPT = 32
"""Games whose replayed steps are kept in memory (least recently asked for forgotten first)."""


@dataclass(frozen=True)
class PublicPage:
    game_id: int
    title: str
    status: str
    """``lobby``, ``active``, ``finished`` or ``abandoned``."""
    step: int
    """Moves shown on this page (0: the set-up)."""
    steps: int
    """Moves in the game so far."""
    lines: tuple[str, ...]
    """Where the game stands and whom it waits for, or its result (Discord Markdown, names filled in)."""
    log: tuple[str, ...]
    """The public events up to this step, newest last."""
    clocks: tuple[tuple[str, str], ...] = ()
    """(player, due at in ISO 8601 UTC) of each running clock: only on the current step."""
    over: bool = False


@dataclass(frozen=True)
class SeatPage:
    public: PublicPage
    panel: Panel
    regions: tuple[HitRegion, ...]


def public_page(
    table: Table,
    state: Any,
    step: int,
    steps: int,
    events: Sequence[Event],
    *,
    clocks: Sequence[tuple[str, str]] = (),
) -> PublicPage:
    """The public page of ``state``: from its public view, the public events and the tags alone."""
    record, engine = table.record, table.engine
    over = engine.is_terminal(state)
    lines: list[str] = []
    if over:
        lines += presenter.result_lines(table, engine.results(state))
        reveal = engine.reveal_text(state)
        if reveal:
            lines.append(for_reading(reveal, table.tags))
    elif record.status == "abandoned" and step == steps:
        lines.append(_("🏳️ This game was abandoned."))
    else:
        lines.append(for_reading(engine.status_text(viewed.public_view(engine, state)), table.tags))
        waiting = presenter.waiting_line(table, state)
        if waiting:
            lines.append(waiting)
    log = presenter.public_lines(table, events)[-WEB_LOG_LINES:]
    status = record.status if step == steps else "history"
    return PublicPage(record.id, table.spec.title, status, step, steps, tuple(lines), tuple(log), tuple(clocks), over)


def clock_list(table: Table) -> list[tuple[str, str]]:
    """The running clocks of the game as loaded: whose decision times out, and when."""
    return [(table.tags[seat].name, due) for seat, (_, due) in sorted(table.clocks.items()) if seat < len(table.tags)]


@dataclass
class _History:
    moves: list[tuple[int, str]]
    """The played moves it was replayed from (a new move extends it; an undo replays it anew)."""
    states: list[Any]
    events: list[Event]
    """Every public event, in order; ``ends[k]``: how many of them happened up to step k."""
    ends: list[int]

    @property
    def length(self) -> int:
        return len(self.moves)

    def extend(self, engine: GameEngine[Any, Any, Any], moves: Sequence[tuple[int, str]]) -> None:
        state = self.states[-1]
        for seat, action in moves:
            transition = engine.apply(state, seat, action)
            state = transition.state
            self.moves.append((seat, action))
            self.states.append(state)
            self.events += [e for e in transition.events if e.public]
            self.ends.append(len(self.events))


class WebOps(HistoryOps):
    """The web table's reads. Actions from the web go through ``act`` and ``submit_form`` as a
    Discord click does (same version guard, same refusals)."""

    _histories: OrderedDict[int, _History] | None = None
    _replaying: dict[int, asyncio.Lock] | None = None

    async def web_table(self, game_id: int) -> Table:
        table = await self._load(game_id)
        if table.record.state is None:
            raise TableError(_("This game has not started yet."))
        return table

    async def _history(self, table: Table) -> _History:
        """Every state of the game from its start, replayed from the log: once, then extended by
        each new move (many pages asking at once wait for one replay)."""
        if self._histories is None or self._replaying is None:
            self._histories, self._replaying = OrderedDict(), {}
        lock = self._replaying.setdefault(table.id, asyncio.Lock())
        async with lock:
            moves = played(await self._log(table.id))
            kept = self._histories.pop(table.id, None)
            if kept is None or kept.moves != moves[: kept.length]:
                record = table.record
                kept = _History([], [table.engine.new_game(len(record.seats), record.options, record.seed)], [], [0])
            kept.extend(table.engine, moves[kept.length :])
            self._histories[table.id] = kept
            while len(self._histories) > HISTORIES_KEPT:
                forgotten, _ = self._histories.popitem(last=False)
                self._replaying.pop(forgotten, None)
        return kept

    async def web_step(self, table: Table, step: int | None) -> tuple[Any, PublicPage]:
        """The state and public page of a step of the game (None: as it stands now)."""
        history = await self._history(table)
        steps = history.length
        if step is None or step >= steps:
            state = table.state()
            clocks = clock_list(table) if table.record.status == "active" else []
            return state, public_page(table, state, steps, steps, history.events[-WEB_LOG_LINES:], clocks=clocks)
        step = max(step, 0)
        state = history.states[step]
        shown = history.events[: history.ends[step]][-WEB_LOG_LINES:]
        return state, public_page(table, state, step, steps, shown)

    async def web_board(self, table: Table, state: Any) -> bytes | None:
        """The board image of a state, drawn from its public view as the live board is (without
        deadlines: the page shows the clocks itself)."""
        drawn = await self._board(table, state, table.tags)
        return drawn[1] if drawn else None

    async def seat_page(self, game_id: int, user_id: int, seat: int) -> SeatPage:
        """One seat's page: its decision, its secrets and the places its choices point at. Only
        for the person who holds that seat now."""
        table = await self.web_table(game_id)
        if not 0 <= seat < len(table.record.seats) or table.record.seats[seat].user_id != user_id:
            raise NotAPlayer(
                _("This link is for a seat you no longer hold. Ask for a new one with ▶ Play → 🌐 My board.")
            )
        state, page = await self.web_step(table, None)
        panel = presenter.panel(table, state, seat)
        return SeatPage(page, panel, tuple(regions_for(table, state, panel)))


def regions_for(table: Table, state: Any, panel: Panel) -> list[HitRegion]:
    """The places on the public board that the panel's choices refer to (the renderer knows where)."""
    if not panel.choices:
        return []

    return hit_regions(table.spec, viewed.public_view(table.engine, state), table.tags, panel.choices)
