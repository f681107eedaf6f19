"""Board pictures: drawn off the event loop, and each picture drawn once.

A board is a pure function of its renderer, the public view and the seat tags (``render/``), so a
digest of the three names the picture. A picture whose digest was drawn recently (kept up to a
byte budget) is neither drawn nor encoded again: a vote or a hidden card that changes nothing
public costs one digest.

The drawing runs in a ``Drawer``. ``ProcessDrawer`` is a pool of worker processes fed the
renderer's import path, the public view and the seat tags, returning PNG bytes: the event loop
keeps the GIL to itself and two cores draw two boards at once. ``ThreadDrawer`` draws in a worker
thread, which shares the GIL with the event loop (one-core machines, tests, the terminal).
``RENDER_PROCESSES`` chooses (``bot/config.py``).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import hashlib
import logging
import multiprocessing
import os
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import msgspec

from bot.drawing.warmup import warm
from bot.drawing.worker import Board, draw_in_worker, named
from bot.engine import GameSpec, SeatTag
from bot.i18n import current_language

log = logging.getLogger(__name__)

BoardRenderer = Callable[[GameSpec, Any, Sequence[SeatTag]], bytes]
KEEP_BYTES = 4 * 2**20
"""PNG bytes of recent pictures kept by digest: about a hundred boards. With 500 games moving in turn a
board comes round again seconds later, and 16 MB found 53 of 2,790 boards drawn against 42 of 2,807
for 4 MB, for 12 MB more of the bot's memory (README, "Memory")."""


def default_renderer(spec: GameSpec, view: Any, seats: Sequence[SeatTag]) -> bytes:
    from render import render_png

    return render_png(spec, view, seats)


class Drawer(Protocol):
    async def draw(self, spec: GameSpec, view: Any, seats: Sequence[SeatTag]) -> Board: ...

    def start(self) -> None: ...

    async def started(self) -> None: ...

    def close(self) -> None: ...


class ThreadDrawer:
    """Draws in the event loop's default thread pool."""

    def __init__(self, render: BoardRenderer = default_renderer) -> None:
        self._render = render

    async def draw(self, spec: GameSpec, view: Any, seats: Sequence[SeatTag]) -> Board:
        return await asyncio.to_thread(lambda: named(self._render(spec, view, seats)))

    def start(self) -> None:
        pass

    async def started(self) -> None:
        pass

    def close(self) -> None:
        pass


class ProcessDrawer:
    """Draws in a pool of worker processes (started on first use, with ``spawn``: a fork of a
    process holding an event loop and database threads is not safe). Only the renderer's import
    path, the public view and the seat tags cross into a worker. A worker that dies breaks the
    pool: it is replaced by a new pool and the board is drawn there."""

    def __init__(self, workers: int, renderer_paths: Sequence[str] = (), games: Sequence[str] = ()) -> None:
        self._workers = workers
        self.warm_renderers = tuple(renderer_paths)
        self.warm_games = tuple(games)
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._starting: list[concurrent.futures.Future[int]] = []
        self.replaced = 0

    def _executor(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            self._pool = concurrent.futures.ProcessPoolExecutor(
                self._workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=warm,
                initargs=(self.warm_renderers, self.warming()),
            )
        return self._pool

    def warming(self) -> tuple[str, ...]:
        """The games whose boards a new pool draws before its first: every game at a start; none for
        a pool that replaces a broken one, since a click is waiting for it (about 0.75 s of warm-up
        against 80-125 ms for its board drawn cold)."""
        return () if self.replaced else self.warm_games

    async def draw(self, spec: GameSpec, view: Any, seats: Sequence[SeatTag]) -> Board:
        loop = asyncio.get_running_loop()
        pool = self._executor()
        # A worker process has none of this task's context: the board's language goes along.
        drawing = functools.partial(draw_in_worker, spec.renderer, view, tuple(seats), current_language())
        try:
            return await loop.run_in_executor(pool, drawing)
        except concurrent.futures.BrokenExecutor:
            log.error("A board-drawing worker process died; its pool is replaced and the board drawn again")
            self._replace(pool)
        return await loop.run_in_executor(self._executor(), drawing)

    def start(self) -> None:
        """Start the workers now (they import the renderers and draw a board of each game in the
        background, ``bot.drawing.warmup``), so the first click after a start does not wait for them."""
        self._starting = [self._executor().submit(os.getpid) for _ in range(self._workers)]

    async def started(self) -> None:
        """Until the workers have started and warmed up (benchmarks wait for this before their clocks
        start)."""
        if not self._starting:
            self.start()
        await asyncio.gather(*(asyncio.wrap_future(future) for future in self._starting))

    def _replace(self, broken: concurrent.futures.ProcessPoolExecutor) -> None:
        # Every board that was waiting in the broken pool lands here; the first replaces it.
        if self._pool is broken:
            broken.shutdown(wait=False, cancel_futures=True)
            self._pool = None
            self.replaced += 1

    def worker_pids(self) -> list[int]:
        """The worker processes now running (started by the first board)."""
        processes = getattr(self._pool, "_processes", None) or {}
        return sorted(processes)

    def close(self) -> None:
        """Stop the workers and wait for them to exit."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


def picture_key(spec: GameSpec, view: Any, seats: Sequence[SeatTag]) -> bytes | None:
    """The digest naming the picture of ``view`` with ``seats`` in the language it is drawn in (None:
    a view that does not encode)."""
    try:
        body = msgspec.json.encode((spec.name, spec.renderer, view, tuple(seats), current_language()))
    except (TypeError, msgspec.EncodeError):
        return None
    return hashlib.blake2b(body, digest_size=16).digest()


class Painter:
    """The boards of every game of one process: drawn by its drawer, each picture once."""

    def __init__(self, drawer: Drawer, keep_bytes: int = KEEP_BYTES) -> None:
        self.drawer = drawer
        self._keep_bytes = keep_bytes
        self._kept: OrderedDict[bytes, Board] = OrderedDict()
        self._kept_total = 0
        self._by_digest: dict[str, bytes] = {}
        """The kept PNGs by their digest (what a card names), so a delivery need not read them back."""
        self.drawn = 0
        self.reused = 0

    async def board(self, spec: GameSpec, view: Any, seats: Sequence[SeatTag]) -> Board:
        key = picture_key(spec, view, seats)
        if key is not None and (kept := self._kept.get(key)) is not None:
            self._kept.move_to_end(key)
            self.reused += 1
            return kept
        board = await self.drawer.draw(spec, view, seats)
        self.drawn += 1
        if key is not None:
            self._keep(key, board)
        return board

    def _keep(self, key: bytes, board: Board) -> None:
        if key in self._kept:
            return
        self._kept[key] = board
        self._by_digest[board[0]] = board[1]
        self._kept_total += len(board[1])
        while self._kept_total > self._keep_bytes and self._kept:
            _, (digest, png) = self._kept.popitem(last=False)
            self._kept_total -= len(png)
            if self._by_digest.get(digest) is png:
                del self._by_digest[digest]

    def png(self, digest: str) -> bytes | None:
        """The PNG of a board drawn recently in this process, by its digest (None: not kept)."""
        return self._by_digest.get(digest)

    def start(self) -> None:
        self.drawer.start()

    async def started(self) -> None:
        await self.drawer.started()

    def close(self) -> None:
        self.drawer.close()


def process_painter(workers: int) -> Painter:
    """The bot's painter: ``workers`` processes, each with every registered renderer imported and a
    board of every game drawn before the first click."""
    from bot.games.registry import game, game_names

    names = game_names()
    return Painter(ProcessDrawer(workers, [game(name).spec.renderer for name in names], names))
