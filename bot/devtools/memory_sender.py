"""A ``Sender`` that keeps what it is sent in memory: for table tests and benchmarks."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from bot.storage import PostRecord
from bot.table import Card, Refused


@dataclass
class Shown:
    """A message as the channel shows it."""

    id: int
    post_id: int
    card: Card
    board: bytes | None
    nonce: str


@dataclass
class MemorySender:
    messages: dict[int, Shown] = field(default_factory=dict)
    deleted: list[int] = field(default_factory=list)
    dms: list[tuple[int, Card]] = field(default_factory=list)
    refusing: set[int] = field(default_factory=set)
    """Users whose DMs are closed."""
    dm_attempts: list[int] = field(default_factory=list)
    uploads: int = 0
    calls: int = 0
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(1000))

    async def create(self, post: PostRecord, card: Card, board: bytes | None, nonce: str) -> int:
        self.calls += 1
        for shown in self.messages.values():
            if shown.nonce == nonce:
                return shown.id
        message_id = next(self._ids)
        self.messages[message_id] = Shown(message_id, post.id, card, board, nonce)
        self.uploads += board is not None
        return message_id

    async def edit(self, post: PostRecord, card: Card, board: bytes | None) -> None:
        self.calls += 1
        shown = self.messages[post.message_id or 0]
        shown.card = card
        if board is not None:
            shown.board = board
            self.uploads += 1
        elif not card.board:
            shown.board = None

    async def delete(self, post: PostRecord) -> None:
        self.calls += 1
        if post.message_id in self.messages:
            del self.messages[post.message_id]
            self.deleted.append(post.message_id)

    async def direct(self, user_id: int, card: Card, nonce: str) -> None:
        self.calls += 1
        self.dm_attempts.append(user_id)
        if user_id in self.refusing:
            raise Refused("Cannot send messages to this user", dms_closed=True)
        self.dms.append((user_id, card))

    def of_kind(self, kind: str) -> list[Shown]:
        return [m for m in self.messages.values() if m.card.kind == kind]

    def dms_to(self, user_id: int) -> list[str]:
        return [card.text for user, card in self.dms if user == user_id]


@dataclass
class NullSender:
    """A ``Sender`` that accepts everything and keeps nothing: for benchmarks of the table's own cost."""

    sent: int = 0
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(1000))

    async def create(self, post: PostRecord, card: Card, board: bytes | None, nonce: str) -> int:
        self.sent += 1
        return next(self._ids)

    async def edit(self, post: PostRecord, card: Card, board: bytes | None) -> None:
        self.sent += 1

    async def delete(self, post: PostRecord) -> None:
        self.sent += 1

    async def direct(self, user_id: int, card: Card, nonce: str) -> None:
        self.sent += 1
