"""The deliverer: sends what the outbox holds, marks it done, and survives crashes.

Every change of a game writes what it must send (posts, edits, deletions, DMs) to
the outbox in the same transaction as the change. The deliverer reads a game's
pending rows in order and sends them through a ``Sender`` (the Discord layer, or
the terminal), then deletes them. It never loses a row: after a crash, whatever is
still pending is sent when the bot starts again.

* Rows for the same message are coalesced: only the newest content of a message is
  sent; a message created and deleted before it was ever sent is never sent.
* Message creation carries a nonce derived from the post (Discord's
  ``enforce_nonce``): a retry after a crash between "Discord has it" and "marked
  done" returns the first message instead of posting a second.
* Edits, deletions and re-sent DMs of a crashed delivery are harmless repeats,
  except DMs, which carry a nonce too.
* A DM refused with 403 / 50007 is remembered: that user gets no DM again until
  they ask for DMs again.
* Discord's answers decide the rest: a deleted message is posted again, a message
  too old to edit (30046) is replaced by a fresh one (silently: it already pinged),
  a channel the bot may not post in drops the row, anything else is retried later.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Protocol

import msgspec

from bot.storage import OutboxRow, Pending, PostRecord, Store, Writer
from bot.table import crash
from bot.table.cards import Card
from bot.table.locks import GameLocks

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 8
"""A row Discord keeps refusing for unknown reasons is dropped after this many tries."""


class Refused(Exception):
    """Discord said no for good (403): missing access, or the user's DMs are closed."""

    def __init__(self, message: str, *, dms_closed: bool = False) -> None:
        super().__init__(message)
        self.dms_closed = dms_closed


class Gone(Exception):
    """The message (or its channel) no longer exists (404)."""


class TooOld(Exception):
    """Discord limits edits of this message: it is older than an hour (30046)."""


class Unavailable(Exception):
    """Discord could not take it now (5xx, network): try again later."""


class Sender(Protocol):
    async def create(self, post: PostRecord, card: Card, board: bytes | None, nonce: str) -> int:
        """Post ``card`` as a new message (with the board image, if any); returns its id."""
        ...

    async def edit(self, post: PostRecord, card: Card, board: bytes | None) -> None:
        """Change the post's message to ``card``. ``board``: a new image to upload, or None to
        keep the image the message shows (none at all when ``card.board`` is empty)."""
        ...

    async def delete(self, post: PostRecord) -> None: ...

    async def direct(self, user_id: int, card: Card, nonce: str) -> None: ...


@dataclass
class Job:
    """What to do for one post (its rows coalesced), or one direct message."""

    rows: list[OutboxRow]
    op: str
    post: PostRecord | None = None
    card: Card | None = None


@dataclass
class Report:
    sent: int = 0
    refused_posts: list[tuple[str, Refused]] = field(default_factory=list)
    """Posts Discord would not take (kind, why): the bot may not post there."""
    refused_dms: set[int] = field(default_factory=set)
    retry: bool = False
    done: list[tuple[Job, dict[str, object] | None]] = field(default_factory=list)
    """Jobs sent and not yet marked, with the post fields to record."""


class Deliverer:
    def __init__(
        self,
        store: Store,
        clock: Callable[[], datetime],
        locks: GameLocks,
        recent_png: Callable[[str], bytes | None] | None = None,
    ) -> None:
        self._store = store
        self._recent_png = recent_png
        """PNGs this process drew recently, by digest: a board just drawn is not read back from the store."""
        self._clock = clock
        self._locks = locks
        self._retries: dict[int, asyncio.Task[None]] = {}
        self._primed: dict[int, tuple[Pending, bool]] = {}
        """Per game: what its last commit left pending, and whether a flush has ended since (then
        rows in it may be sent already, and the database is asked instead)."""

    def prime(self, game_id: int, pending: Pending) -> None:
        """What a commit just left pending, as it read it inside its transaction."""
        self._primed[game_id] = (pending, False)

    async def flush(self, game_id: int, sender: Sender, *, first: int | None = None) -> Report:
        """Send everything pending for ``game_id``; ``first``: a message id to handle before the
        rest (the message a click came from, so its answer can carry the edit)."""
        report = Report()
        async with self._locks(game_id):
            jobs = await self._jobs(game_id)
            jobs.sort(key=lambda job: 0 if job.post is not None and job.post.message_id == first else 1)
            try:
                for job in jobs:
                    if await self._run(job, sender, report):
                        continue
                    report.retry = True
                    self._retry_later(game_id, sender, max(r.attempts for r in job.rows) + 1)
                    if job.op != "dm":
                        break  # the channel's messages keep their order: the rest waits for this one
            finally:
                await self._mark_sent(report)
                if game_id in self._primed:
                    self._primed[game_id] = (self._primed[game_id][0], True)
        return report

    async def flush_all(self, sender: Sender, *, queued_before: str | None = None) -> int:
        """After a start: send what every game still has pending; returns how many games had some.
        ``queued_before``: only games with rows older than that (a sweep for rows nobody is sending:
        left by a process killed after its commit, or a delivery that gave up)."""
        games = await self._store.games_with_pending(queued_before=queued_before)
        for game_id in games:
            await self.flush(game_id, sender)
        return len(games)

    def stop(self) -> None:
        """Cancel the retries still waiting (the bot is shutting down; the rows stay pending)."""
        for task in self._retries.values():
            task.cancel()
        self._retries.clear()

    def _retry_later(self, game_id: int, sender: Sender, attempts: int) -> None:
        if game_id in self._retries and not self._retries[game_id].done():
            return

        async def later() -> None:
            await asyncio.sleep(min(2.0**attempts, 300.0))
            await self.flush(game_id, sender)

        self._retries[game_id] = asyncio.create_task(later())

    async def _jobs(self, game_id: int) -> list[Job]:
        jobs: list[Job] = []
        by_post: dict[int, Job] = {}
        primed = self._primed.pop(game_id, None)
        # Another process may have sent rows of a shared store's game since this commit: read again.
        if primed is not None and not primed[1] and not self._store.shared:
            rows, posts = primed[0]
        else:
            rows, posts = await self._store.pending_with_posts(game_id)
        for row in rows:
            if row.post_id is None:
                jobs.append(Job([row], "dm", card=Card.from_json(row.card)))
                continue
            job = by_post.get(row.post_id)
            if job is None:
                job = by_post[row.post_id] = Job([], "none", posts.get(row.post_id))
                jobs.append(job)
            job.rows.append(row)
        for job in by_post.values():
            last = job.rows[-1]
            post = job.post
            if post is None:
                job.op = "none"
            elif last.op == "delete":
                job.op = "delete" if post.message_id is not None else "none"
            else:
                job.card = Card.from_json(last.card)
                job.op = "create" if post.message_id is None else "edit"
        return jobs

    async def _run(self, job: Job, sender: Sender, report: Report) -> bool:
        """Send one job; False when it must be tried again later."""
        try:
            crash.point("before_send")
            await self._send(job, sender, report)
        except Refused as refused:
            await self._refused(job, refused, report)
            return True
        except Exception as error:
            return await self._failed(job, error)
        report.sent += 1
        return True

    async def _send(self, job: Job, sender: Sender, report: Report) -> None:
        post, card = job.post, job.card
        if job.op == "dm" and card is not None:
            user = job.rows[0].user_id or 0
            await sender.direct(user, card, f"gd{job.rows[0].id}")  # outbox ids are never reused
            crash.point("sent")
            report.done.append((job, None))
        elif job.op == "create" and post is not None and card is not None:
            report.done.append((job, await self._create(post, card, sender)))
        elif job.op == "edit" and post is not None and card is not None:
            report.done.append((job, await self._edit(post, card, sender)))
        elif job.op == "delete" and post is not None:
            with contextlib.suppress(Gone):
                await sender.delete(post)
            crash.point("sent")
            report.done.append((job, {"message_id": None}))
        else:
            report.done.append((job, None))

    async def _create(self, post: PostRecord, card: Card, sender: Sender) -> dict[str, object]:
        board = await self._png(post.game_id, card.board) if card.board else None
        message_id = await sender.create(post, card, board, f"gm{post.id}.{post.generation}")
        crash.point("sent")
        return {"message_id": message_id, "posted_at": self._now(), "shown_board": card.board}

    async def _png(self, game_id: int, digest: str) -> bytes | None:
        recent = self._recent_png(digest) if self._recent_png is not None else None
        return recent if recent is not None else await self._store.board(game_id, digest)

    async def _edit(self, post: PostRecord, card: Card, sender: Sender) -> dict[str, object]:
        upload = card.board != post.shown_board and bool(card.board)
        board = await self._png(post.game_id, card.board) if upload else None
        try:
            await sender.edit(post, card, board)
        except (Gone, TooOld) as why:
            # Post it anew: after a deletion by someone, or when Discord limits edits of an old
            # message (then silently: the first one already pinged whom it had to).
            fresh = replace(post, message_id=None, generation=post.generation + 1)
            again = msgspec.structs.replace(card, silent=True) if isinstance(why, TooOld) else card
            full = await self._png(post.game_id, card.board) if card.board else None
            message_id = await sender.create(fresh, again, full, f"gm{post.id}.{fresh.generation}")
            crash.point("sent")
            if isinstance(why, TooOld):
                try:
                    await sender.delete(post)
                except Exception as error:
                    log.info("Could not delete the replaced message of game %s: %s", post.game_id, type(error).__name__)
            fields = {"message_id": message_id, "generation": fresh.generation, "posted_at": self._now()}
            return {**fields, "shown_board": card.board}
        crash.point("sent")
        return {"shown_board": card.board}

    async def _mark_sent(self, report: Report) -> None:
        """Record every job of a flush as sent, in one transaction. A crash before it sends them
        again: creations and DMs carry nonces, edits and deletions repeat harmlessly."""
        sent, report.done = report.done, []
        if not sent:
            return

        def mark(tx: Writer) -> None:
            prune: set[int] = set()
            for job, fields in sent:
                if job.post is not None and fields is not None:
                    tx.update_post(job.post.id, **fields)
                    if fields.get("shown_board", job.post.shown_board) != job.post.shown_board:
                        prune.add(job.post.game_id)  # the board Discord showed until now may go
            tx.done(row.id for job, _ in sent for row in job.rows)
            for game_id in prune:
                tx.prune_boards(game_id)

        await self._store.transaction(mark)
        crash.point("marked")

    async def _refused(self, job: Job, refused: Refused, report: Report) -> None:
        user = job.rows[0].user_id or 0

        def drop(tx: Writer) -> None:
            tx.done(row.id for row in job.rows)
            if job.op == "dm":
                tx.set_refuses_dms(user, True)
                tx.drop_direct_messages(user)

        await self._store.transaction(drop)
        if job.op == "dm":
            report.refused_dms.add(user)
        if job.op != "dm" and job.post is not None:
            log.warning("Discord refused a %s message of game %s: %s", job.post.kind, job.post.game_id, refused)
            report.refused_posts.append((job.post.kind, refused))

    async def _failed(self, job: Job, error: Exception) -> bool:
        attempts = max(row.attempts for row in job.rows) + 1
        what = job.post.kind if job.post is not None else job.op
        game = job.rows[0].game_id
        ids = [row.id for row in job.rows]
        await self._store.transaction(lambda tx: tx.done(ids) if attempts >= MAX_ATTEMPTS else tx.failed_attempt(ids))
        if attempts >= MAX_ATTEMPTS:
            log.error("Giving up on a %s message of game %s after %d tries: %r", what, game, attempts, error)
            return True
        if isinstance(error, Unavailable):
            log.warning("Discord could not take a %s message of game %s (try %d): %s", what, game, attempts, error)
        else:
            log.error("Sending a %s message of game %s failed (try %d)", what, game, attempts, exc_info=error)
        return False

    def _now(self) -> str:
        return self._clock().isoformat(timespec="seconds")
