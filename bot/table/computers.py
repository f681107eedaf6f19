"""Computer moves off the event loop, and the searches that follow a commit.

A ``strong`` decision searches for up to its budget (about a second); a run of heuristic moves
may take a while in a long game too. Neither may hold up the event loop, which answers every
click of every game: runs are played by a ``Runner``, in a worker thread (``ThreadRunner``) or a
worker process (``ProcessRunner``, a process pool: no share of the GIL is taken from the loop).
``bench/ai_strength.py --stall`` measures the longest stall of the loop with either.

The table still loads once, plays and commits once per request, under the game's lock. A search
is the first move of a commit of its own (``bot.table.play``): after a request's commit leaves a
search to make, ``FollowUps`` makes it in the background: it takes the game's lock, plays one
search and the quick moves after it, commits, delivers what the commit queued, and goes on while
searches remain. So a click is answered at once, and everyone sees each computer's move as it is
made. A restart finds an interrupted follow-up as a game whose computers have moves to make
(``TableService.resume``).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import multiprocessing
from collections.abc import Awaitable, Callable
from typing import Protocol

from bot.engine import GameSpec, LoadedGame
from bot.table.play import ComputerJob, Played, play_computers

log = logging.getLogger(__name__)


class Runner(Protocol):
    async def play(self, game: LoadedGame, job: ComputerJob) -> Played: ...

    def close(self) -> None: ...


class ThreadRunner:
    """Runs computer moves in the event loop's default thread pool."""

    async def play(self, game: LoadedGame, job: ComputerJob) -> Played:
        return await asyncio.to_thread(play_computers, game, job)

    def close(self) -> None:
        pass


def _play_in_worker(spec: GameSpec, job: ComputerJob) -> Played:
    """In a worker process: the game is built there once, from its registration."""
    return play_computers(spec.load(), job)


class ProcessRunner:
    """Runs computer moves in a pool of worker processes (started on first use, with ``spawn``: a
    fork of a process holding an event loop and database threads is not safe). A state goes there
    and back pickled. Should the pool break (a worker killed), the run is played in a thread and
    the pool is started again for the next one."""

    def __init__(self, workers: int = 1) -> None:
        self._workers = workers
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._fallback = ThreadRunner()

    def _executor(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            self._pool = concurrent.futures.ProcessPoolExecutor(
                self._workers, mp_context=multiprocessing.get_context("spawn")
            )
        return self._pool

    async def play(self, game: LoadedGame, job: ComputerJob) -> Played:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(), _play_in_worker, game.spec, job)
        except concurrent.futures.BrokenExecutor:
            log.error("The computer players' worker process died; this run is played in a thread")
            self.close()
            return await self._fallback.play(game, job)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


FollowUp = Callable[[int], Awaitable[bool]]
"""Plays one search and what follows it in a game, commits and delivers; True while more remain."""


class FollowUps:
    """At most one background task per game making the searches its last commit left."""

    def __init__(self) -> None:
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()

    def start(self, game_id: int, follow_up: FollowUp) -> None:
        task = self._tasks.get(game_id)
        if task is not None and not task.done():
            self._again.add(game_id)  # the running task looks again before it ends
            return
        self._tasks[game_id] = asyncio.create_task(self._run(game_id, follow_up), name=f"computers-{game_id}")

    async def _run(self, game_id: int, follow_up: FollowUp) -> None:
        try:
            while True:
                self._again.discard(game_id)
                try:
                    more = await follow_up(game_id)
                except Exception:
                    # Nothing was committed; the next request or restart finds the moves still to make.
                    log.exception("The computer players of game %s could not move", game_id)
                    return
                if not more and game_id not in self._again:
                    return
        finally:
            if self._tasks.get(game_id) is asyncio.current_task():
                del self._tasks[game_id]

    async def wait(self, game_id: int | None = None) -> None:
        """Until the game's follow-ups (every game's: None) are done."""
        while tasks := [t for g, t in self._tasks.items() if game_id in (None, g) and not t.done()]:
            await asyncio.wait(tasks)

    def stop(self) -> None:
        """Cancel the follow-ups (the bot is stopping; a restart makes their moves)."""
        for task in self._tasks.values():
            task.cancel()
        self._tasks.clear()
