"""Group commit: transactions of concurrent games queued within a millisecond share one SQLite
transaction.

Each request's ``work`` still runs as if alone: inside its own savepoint, so a work that fails (a
version conflict: someone moved first) is rolled back alone and its caller gets the error, while
the others of the group commit together. A failed commit fails every caller of the group, so
nobody is told a change was written that was not. Works run in the order they were queued, as
they would one after the other.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any, TypeVar

from bot.storage.writer import Writer

T = TypeVar("T")

GATHER_SECONDS = 0.001
"""How long the first transaction of a group waits for others to join it."""

Work = Callable[[Writer], Any]
Outcome = tuple[bool, Any]
"""(True, what the work returned) or (False, the exception it raised)."""


def run_group(connection: sqlite3.Connection, clock: Callable[[], str], works: list[Work]) -> list[Outcome]:
    """In the writing thread: every work of the group in one transaction, each in a savepoint."""
    connection.execute("BEGIN IMMEDIATE")
    outcomes: list[Outcome] = []
    try:
        for work in works:
            connection.execute("SAVEPOINT work")
            try:
                result = work(Writer(connection, clock()))
            except Exception as error:
                connection.execute("ROLLBACK TO work")
                connection.execute("RELEASE work")
                outcomes.append((False, error))
                continue
            connection.execute("RELEASE work")
            outcomes.append((True, result))
        connection.commit()
    except BaseException:
        connection.rollback()
        raise
    return outcomes


class CommitGroups:
    """Queues transactions and hands them to the writing thread a group at a time."""

    def __init__(self, writing: Executor, run: Callable[[list[Work]], list[Outcome]]) -> None:
        self._writing = writing
        self._run = run
        self._queue: list[tuple[Work, asyncio.Future[Any]]] = []
        self._draining: asyncio.Task[None] | None = None
        self.groups = 0
        self.transactions = 0

    async def transaction(self, work: Callable[[Writer], T]) -> T:
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._queue.append((work, future))
        if self._draining is None or self._draining.done():
            self._draining = asyncio.create_task(self._drain())
        return await future

    async def _drain(self) -> None:
        loop = asyncio.get_running_loop()
        await asyncio.sleep(GATHER_SECONDS)
        while self._queue:
            # Transactions queued while a group is written make the next group.
            group, self._queue = self._queue, []
            try:
                outcomes = await loop.run_in_executor(self._writing, self._run, [work for work, _ in group])
            except BaseException as error:
                for _, future in group:
                    if not future.done():
                        future.set_exception(error)
                if not isinstance(error, Exception):
                    raise
                continue
            self.groups += 1
            self.transactions += len(group)
            for (_, future), (ok, value) in zip(group, outcomes, strict=True):
                if future.done():
                    continue  # its caller was cancelled; the change is written all the same
                if ok:
                    future.set_result(value)
                else:
                    future.set_exception(value)
