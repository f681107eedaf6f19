"""What a change to a game must send, decided in memory and then written in one transaction.

After every request that moves a game, the planner works out, from the game before
and after:

* whose decision is open since when (``seats.waiting_since``): buttons built for a
  decision stay good until that seat's decision changes;
* the live board: one message per game with the board and the latest moves, edited
  as the game moves. While one player takes several quick steps of one decision
  and nobody else is deciding, it waits (their prompt shows the steps); it is
  posted anew when it is older than Discord lets a bot edit freely, or far up the
  channel. When a wait ends and the
  picture changed, the superseded prompt becomes the live board (the board then
  sits right above the newest prompt, and the edit costs what deleting would);
* prompts: a short message with the buttons, pinging only the players a wait
  starts on; superseded prompts are deleted;
* direct messages: only at a table of several people, only to those who learned something
  (a private event, or a line of their secret they were not sent) they could not see in the
  answer to their own click; a secret that only lost lines is not sent again;
* the end: the last board, with the result, posted anew at the bottom and pinging every
  player, so the channel keeps the lobby and that board; the result, stored.

``write`` turns the plan into posts and outbox rows inside the caller's transaction.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from bot.i18n import using
from bot.storage import PostRecord, ResultRecord, Writer
from bot.table import presenter, viewed
from bot.table.cards import Card
from bot.table.context import Table
from bot.table.play import Run, decision
from bot.table.texts import for_reading

REPOST_AFTER = timedelta(minutes=50)
"""Discord limits edits of messages older than an hour (30046): the live board moves before that."""
FAR_UP = 15
"""Messages by others below the live board after which it is posted anew at the bottom."""

Activity = Callable[[int, int], int]
"""``(channel_id, message_id) -> how many messages others wrote in the channel after it``."""


LINES = "L:"
"""Marks a secret's digest made of one digest per line (older rows hold one of the whole text)."""


def _whole(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _says_something(line: str) -> bool:
    """A heading ("🧭 **Face-down islands you have scouted:**") says nothing by itself."""
    bare = line.strip().strip("*_ ")
    return bool(bare) and not bare.endswith(":")


def digest(text: str) -> str:
    """What a player was sent of a secret: a digest of each line that says something, so that a
    secret which only lost lines (an island turned face up, a card played) is not news."""
    lines = sorted({_whole(line.strip())[:10] for line in text.splitlines() if _says_something(line)})
    return LINES + " ".join(lines)


def learned(secret: str, sent: str | None) -> bool:
    """Whether ``secret`` holds a line the player was not sent (``sent``: the stored digest)."""
    now = set(digest(secret)[len(LINES) :].split())
    if sent is None:
        return bool(now)
    if not sent.startswith(LINES):
        return _whole(secret) != sent
    return bool(now - set(sent[len(LINES) :].split()))


@dataclass
class NewPost:
    kind: str
    channel_id: int
    users: tuple[int, ...] = ()
    log: tuple[str, ...] = ()
    card: Card | None = None


@dataclass
class Op:
    op: str
    """``create``, ``edit`` or ``delete`` of a post; ``dm`` to a user."""
    post: int | NewPost | None = None
    card: Card | None = None
    user_id: int | None = None


@dataclass
class Plan:
    waits: dict[int, int | None] = field(default_factory=dict)
    boards: dict[str, bytes] = field(default_factory=dict)
    updates: dict[int, dict[str, Any]] = field(default_factory=dict)
    ops: list[Op] = field(default_factory=list)
    secrets: dict[int, str] = field(default_factory=dict)
    result: ResultRecord | None = None

    def update(self, post_id: int, **fields: Any) -> None:
        self.updates.setdefault(post_id, {}).update(fields)

    def create(self, post: NewPost, card: Card) -> None:
        post.card = card
        self.ops.append(Op("create", post, card))

    def edit(self, post: PostRecord | NewPost, card: Card) -> None:
        if isinstance(post, NewPost):
            post.card = card
            self.ops.append(Op("edit", post, card))
            return
        self.update(post.id, card=card.digest(), board=card.board)
        self.ops.append(Op("edit", post.id, card))

    def delete(self, post: PostRecord) -> None:
        self.update(post.id, retired=1)
        self.ops.append(Op("delete", post.id))


def write(tx: Writer, game_id: int, plan: Plan) -> None:
    """Posts, outbox rows, waits, secrets and the result of ``plan``, in the caller's transaction."""
    if plan.waits:
        tx.set_waiting(game_id, plan.waits)
    for board, png in plan.boards.items():
        tx.put_board(game_id, board, png)
    for updated, fields in plan.updates.items():
        tx.update_post(updated, **fields)
    created: dict[int, int] = {}
    for op in plan.ops:
        new = op.post
        if isinstance(new, NewPost) and id(new) not in created:
            digest_, board = (new.card.digest(), new.card.board) if new.card is not None else ("", "")
            created[id(new)] = tx.add_post(
                game_id, new.kind, new.channel_id, users=new.users, log=new.log, card=digest_, board=board
            )
    rows: list[tuple[str, int | None, int | None, str, str]] = []
    for op in plan.ops:
        post_id = created[id(op.post)] if isinstance(op.post, NewPost) else op.post
        card = op.card.to_json() if op.card is not None else "{}"
        rows.append((op.op, post_id, op.user_id, card, op.card.board if op.card is not None else ""))
    if rows:
        tx.enqueue_many(game_id, rows)
    if plan.secrets:
        tx.set_secrets_sent(game_id, plan.secrets)


def _age(post: PostRecord, now: datetime) -> timedelta:
    if post.posted_at is None:
        return timedelta(0)
    return now - datetime.fromisoformat(post.posted_at)


@dataclass
class TurnPlanner:
    """Plans one change of a running (or just finished or abandoned) game."""

    table: Table
    """The game as it was loaded (seats, posts and refusals as they stand)."""
    run: Run
    status: str
    lines: Sequence[str] = ()
    header: str = ""
    start: bool = False
    now: datetime = field(default_factory=lambda: datetime.min)
    activity: Activity | None = None
    repost: bool = False
    """Post the live board anew at the bottom of the channel ("Show everyone")."""
    plan: Plan = field(default_factory=Plan)

    def __post_init__(self) -> None:
        engine, record = self.table.engine, self.table.record
        state = self.run.after
        if engine.is_terminal(state):
            self.status = "finished"
        self.waiting_now = set(engine.current_seats(state)) if self.status == "active" else set()
        self.plan.waits = self._waits()
        seats = tuple(replace(s, waiting_since=self.plan.waits[s.seat]) for s in record.seats)
        after = replace(record, version=self.run.version, status=self.status, seats=seats)
        self.after = replace(self.table, record=after)

    def _waits(self) -> dict[int, int | None]:
        waits: dict[int, int | None] = {}
        version = self.run.version
        for seat in self.table.record.seats:
            since = seat.waiting_since
            if seat.seat not in self.waiting_now:
                waits[seat.seat] = None
            elif since is None or seat.seat in self.run.actors or self._decision_changed(seat.seat):
                waits[seat.seat] = version
            else:
                waits[seat.seat] = since
        return waits

    def _decision_changed(self, seat: int) -> bool:
        before = self.run.before
        return before is None or decision(self.table, before, seat) != decision(self.table, self.run.after, seat)

    # --- who is waited on -------------------------------------------------------------

    @property
    def waited_users(self) -> dict[int, int]:
        """Waited-on people by user id -> seat."""
        record = self.table.record
        return {user: seat for seat in sorted(self.waiting_now) if (user := record.seats[seat].user_id) is not None}

    def may_wait(self) -> bool:
        """At a table of several people, one of them took a step of a decision that is still
        theirs and nothing else moved: their prompt shows the step and the live board waits for
        the decision to end, if the picture did not change or nobody else is deciding now (nobody
        needs the newer picture before the decision ends; one edit instead of one per step).
        Alone at the table, every step shows on the board, and so does every step of a choice of
        places (``places_on_the_board``: a preview is seen before it is confirmed, and goes when taken
        back; the next tile's place is chosen on a board that shows the last)."""
        steps = self.run.steps
        if self.status != "active" or self.start or self.repost or self.lines or self.header or not steps:
            return False
        engine, before = self.table.engine, self.run.before
        if engine.places_on_the_board(self.run.after) or (before is not None and engine.places_on_the_board(before)):
            return False
        actors = self.run.actors
        if len(actors) != 1 or any(step.user_id is None for step in steps):
            return False
        humans = sum(1 for seat in self.table.record.seats if not seat.is_computer)
        return humans > 1 and next(iter(actors)) in self.waiting_now and self.table.post("live") is not None

    # --- the plan ----------------------------------------------------------------------

    def log_lines(self) -> list[str]:
        live = self.table.post("live")
        lines = list(live.log) if live else []
        lines += list(self.lines)  # what happened first: the game began, a seat changed hands
        lines += presenter.public_lines(self.after, self.run.events_in(self.table.engine, self.table.language))
        return lines[-presenter.LOG_LINES :]

    def make(self, board: tuple[str, bytes] | None) -> Plan:
        """Everything to write, given the board image (hash, PNG) of the state after the change."""
        log = self.log_lines()
        prompts = self.table.prompts
        waited = self.waited_users
        superseded = [p for p in prompts if not any(u in waited for u in p.users)]
        kept = [p for p in prompts if p not in superseded]
        live = self.table.post("live")
        unseen = board is None or board[0] == live.board if live is not None else False
        if live is not None and self.may_wait() and (unseen or len(self.waiting_now) == 1):
            self.plan.update(live.id, log=log)
        else:
            superseded = self._live_board(live, log, board, superseded)
        for prompt in superseded:
            self.plan.delete(prompt)
        self._prompts(kept)
        self._direct_messages()
        if self.status == "finished":
            result = self.table.engine.results(self.run.after)
            self.plan.result = ResultRecord(
                result.relation.value,
                result.scores,
                result.winners,
                result.team_won,
                result.team_score,
                result.variant,
                result.ending,
            )
        return self.plan

    def _live_board(
        self, live: PostRecord | None, log: list[str], board: tuple[str, bytes] | None, superseded: list[PostRecord]
    ) -> list[PostRecord]:
        """Queue the live board's update; returns the superseded prompts still to delete."""
        board_hash = board[0] if board else ""
        if board is not None:
            self.plan.boards[board[0]] = board[1]
        ending = self.ends
        mentions = self.after.players if ending else ()
        card = presenter.live_card(self.after, self.run.after, log, board_hash, header=self.header, mentions=mentions)
        channel = self.table.record.channel_id
        if live is None or ending or self._needs_repost(live):
            if live is not None:
                self.plan.delete(live)
            self.plan.create(NewPost("live", channel, log=tuple(log)), card)
            return superseded
        reusable = [
            p
            for p in superseded
            if p.message_id is not None and p.channel_id == channel and _age(p, self.now) < REPOST_AFTER
        ]
        if reusable and board_hash and board_hash != live.board:
            moved = reusable[-1]
            self.plan.update(moved.id, kind="live", log=log, users=())
            self.plan.delete(live)
            self.plan.edit(moved, card)
            return [p for p in superseded if p is not moved]
        self.plan.update(live.id, log=log)
        if card.digest() != live.card:
            self.plan.edit(live, card)
        return superseded

    @property
    def ends(self) -> bool:
        """The game ends with this change: its last board is a new message at the bottom that
        pings every player (an edit notifies nobody), and the old board goes."""
        return self.status == "finished" and self.table.record.status == "active" and bool(self.run.steps)

    def _needs_repost(self, live: PostRecord) -> bool:
        if live.message_id is None:
            return False
        if self.repost:
            return True
        if _age(live, self.now) >= REPOST_AFTER:
            return True
        return self.activity is not None and self.activity(live.channel_id, live.message_id) >= FAR_UP

    def _prompts(self, kept: list[PostRecord]) -> None:
        waited = self.waited_users
        state = self.run.after
        covered: set[int] = set()
        for prompt in kept:
            users = tuple(u for u in prompt.users if u in waited)
            covered.update(users)
            seats = [waited[u] for u in users]
            card = presenter.prompt_card(self.after, state, seats, self._version(seats))
            if card.digest() != prompt.card:
                self.plan.update(prompt.id, users=users)
                self.plan.edit(prompt, card)
        fresh = [u for u in waited if u not in covered]
        if fresh:
            seats = [waited[u] for u in fresh]
            card = presenter.prompt_card(self.after, state, seats, self._version(seats))
            self.plan.create(NewPost("prompt", self.table.record.channel_id, users=tuple(fresh)), card)

    def _version(self, seats: Sequence[int]) -> int:
        """Buttons for several seats carry the newest of their decisions' versions."""
        return max((self.plan.waits[s] or self.run.version for s in seats), default=self.run.version)

    def _direct_messages(self) -> None:
        """A DM carries news a player could not see where they are: a private event, or a line of
        their secret they were not sent, caused by someone else (another player, a computer, a
        clock). The person whose click this is sees their own news in the click's answer (their
        panel), so nothing is DMed to them; every other player gets at most one DM per change,
        with everything the change showed them."""
        table = self.after
        if not table.has_secrets or (self.status != "active" and not self.start):
            return
        sent = self.table.secrets_sent or {}
        for seat in table.record.seats:
            if seat.user_id is not None:
                # Each player's secret is digested in the language they read it in.
                with using(table.reader_language(seat.seat)):
                    self._direct_message(seat.seat, seat.user_id, sent.get(seat.user_id))

    def _direct_message(self, seat: int, user: int, sent: str | None) -> None:
        """One player's direct message of this change (if it has news for them), in their language."""
        table, engine, state = self.after, self.table.engine, self.run.after
        secret = engine.private_text(viewed.seat_view(engine, state, seat))
        secret_digest = digest(secret)
        if user in (set() if self.start else self.run.people):
            if secret_digest != sent:
                self.plan.secrets[user] = secret_digest  # their answer shows it
            return
        if not table.sends_dms or user in table.refusing_dms:
            return
        events = self.run.events_in(engine, table.reader_language(seat))
        news = [for_reading(e.text, table.tags) for e in self.run.news_for(seat, events)]
        if self.start:
            lines = presenter.welcome_lines(table, seat) + ([for_reading(secret, table.tags)] if secret else [])
        elif news or learned(secret, sent):
            lines = news or ([for_reading(secret, table.tags)] if secret else [])
        else:
            if secret_digest != (sent or secret_digest):
                self.plan.secrets[user] = secret_digest  # it only lost lines: nothing to tell
            return
        if lines:
            self.plan.ops.append(Op("dm", card=presenter.dm_card(table, lines), user_id=user))
            self.plan.secrets[user] = secret_digest
