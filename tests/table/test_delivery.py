"""The deliverer: coalescing, nonces, and what Discord's refusals turn into."""

from __future__ import annotations

import asyncio

import pytest

from bot.devtools.memory_sender import MemorySender
from bot.storage import PostRecord
from bot.table import Card, Gone, Refused, TooOld, Unavailable
from tests.table.conftest import ANN, BOB, started


class Flaky(MemorySender):
    """Fails the way it is told, once per failure queued."""

    def __init__(self) -> None:
        super().__init__()
        self.failures: list[tuple[str, Exception]] = []
        self.after_create: list[Exception] = []

    def _fail(self, op: str) -> None:
        for index, (when, error) in enumerate(self.failures):
            if when == op:
                del self.failures[index]
                raise error

    async def create(self, post: PostRecord, card: Card, board: bytes | None, nonce: str) -> int:
        self._fail("create")
        message_id = await super().create(post, card, board, nonce)
        if self.after_create:
            raise self.after_create.pop()  # Discord has it, the answer is lost
        return message_id

    async def edit(self, post: PostRecord, card: Card, board: bytes | None) -> None:
        try:
            self._fail("edit")
        except Gone:
            self.messages.pop(post.message_id or 0, None)  # someone deleted it
            raise
        await super().edit(post, card, board)

    async def direct(self, user_id: int, card: Card, nonce: str) -> None:
        self._fail("dm")
        await super().direct(user_id, card, nonce)


async def test_changes_queued_before_a_delivery_are_sent_once_with_the_newest_content(service, sender, store):
    game_id = await started(service, ANN, BOB, game="steps")  # nothing delivered yet
    await service.act(game_id, ANN.user_id, 0, "vote:yes")
    await service.act(game_id, BOB.user_id, 0, "vote:yes")
    await service.act(game_id, ANN.user_id, 2, "pick:1")
    assert len(await store.pending(game_id)) > 4
    await service.deliver(game_id, sender)
    assert await store.pending(game_id) == []
    [board] = sender.of_kind("live")
    [prompt] = sender.of_kind("prompt")
    assert prompt.card.mentions == (ANN.user_id,) and [c.action for c in prompt.card.choices] == ["confirm", "back"]
    assert sender.deleted == [], "prompts created and retired before delivery were never posted"
    assert sender.calls == len(sender.messages), "one call per message: no edits of unsent messages"
    assert "votes" in board.card.text


async def test_a_create_whose_answer_was_lost_is_not_posted_twice(service, store):
    flaky = Flaky()
    flaky.after_create.append(Unavailable("connection reset"))
    game_id = (
        await service.create(
            guild_id=1, channel_id=10, parent_channel_id=None, game_name="toy", options={}, creator=ANN
        )
    ).game_id
    report = await service.deliver(game_id, flaky)
    assert report.retry and len(await store.pending(game_id)) == 1
    await service.deliver(game_id, flaky)
    assert len(flaky.of_kind("lobby")) == 1, "the same nonce returned the first message"
    assert await store.pending(game_id) == []


async def test_a_deleted_message_is_posted_again_and_an_old_one_replaced_silently(service, store):
    flaky = Flaky()
    game_id = await started(service, ANN, BOB, sender=flaky)
    [board] = flaky.of_kind("live")
    flaky.failures.append(("edit", Gone("10008")))
    await service.act(game_id, ANN.user_id, 0, "pass")
    await service.deliver(game_id, flaky)
    boards = flaky.of_kind("live")
    assert len(boards) == 1 and boards[0].id != board.id
    [prompt] = flaky.of_kind("prompt")
    flaky.failures.append(("edit", TooOld("30046")))
    await service.act(game_id, BOB.user_id, 1, "pass")
    await service.deliver(game_id, flaky)
    [replaced] = flaky.of_kind("live")
    assert replaced.id not in (board.id, prompt.id) and prompt.id in flaky.deleted
    assert replaced.card.silent, "the first one already pinged whom it had to"


async def test_a_channel_the_bot_may_not_post_in_drops_the_message_and_says_so(service, store):
    flaky = Flaky()
    flaky.failures.append(("create", Refused("50013 Missing Permissions")))
    game_id = (
        await service.create(
            guild_id=1, channel_id=10, parent_channel_id=None, game_name="toy", options={}, creator=ANN
        )
    ).game_id
    report = await service.deliver(game_id, flaky)
    assert [kind for kind, _ in report.refused_posts] == ["lobby"]
    assert await store.pending(game_id) == [] and flaky.messages == {}


async def test_trouble_at_discord_keeps_the_rows_for_later(service, store):
    flaky = Flaky()
    game_id = await started(service, ANN, BOB, sender=flaky)
    flaky.failures.append(("edit", Unavailable("HTTP 503")))
    await service.act(game_id, ANN.user_id, 0, "pass")
    report = await service.deliver(game_id, flaky)
    assert report.retry
    pending = await store.pending(game_id)
    assert pending and pending[0].attempts == 1
    await service.deliver(game_id, flaky)
    assert await store.pending(game_id) == []
    assert "passes" in flaky.of_kind("live")[0].card.text


async def test_a_refused_dm_is_remembered_and_the_rest_is_still_sent(service, store):
    flaky = Flaky()
    flaky.failures.append(("dm", Refused("50007", dms_closed=True)))
    game_id = await started(service, ANN, BOB, sender=flaky)
    assert await service.refuses_dms(ANN.user_id) and not await service.refuses_dms(BOB.user_id)
    assert len(flaky.dms_to(BOB.user_id)) == 1 and flaky.of_kind("prompt")
    assert await store.pending(game_id) == []


@pytest.mark.parametrize("kind", ["lobby", "live", "prompt", "dm"])
def test_cards_survive_the_outbox(kind):
    card = Card(kind, 3, "text", version=2, mentions=(1,), board="abc", play=True)
    assert Card.from_json(card.to_json()) == card


async def test_a_move_committed_during_a_delivery_is_sent_once(service, store):
    class Slow(MemorySender):
        def __init__(self) -> None:
            super().__init__()
            self.gate = asyncio.Event()
            self.entered = asyncio.Event()

        async def edit(self, post: PostRecord, card: Card, board: bytes | None) -> None:
            self.entered.set()
            await self.gate.wait()
            await super().edit(post, card, board)

    slow = Slow()
    game_id = await started(service, ANN, BOB, game="steps", sender=slow)
    await service.act(game_id, ANN.user_id, 0, "vote:yes")
    first = asyncio.create_task(service.deliver(game_id, slow))
    await slow.entered.wait()  # the first delivery is sending...
    await service.act(game_id, BOB.user_id, 0, "vote:yes")  # ...when the next move commits
    slow.gate.set()
    await first
    calls = slow.calls
    await service.deliver(game_id, slow)
    assert await store.pending(game_id) == []
    assert len(slow.of_kind("live")) == 1 and len(slow.of_kind("prompt")) == 1
    assert slow.calls - calls <= 3, "the second delivery sent only what the second move queued"


async def test_the_minutes_sweep_sends_rows_nobody_is_sending_and_leaves_fresh_ones(service, sender, store, clock):
    """A process killed right after its commit leaves its rows to the others: the timer pass's
    sweep sends rows older than two minutes, once; rows a click is about to send are left to it."""
    game_id = await started(service, ANN, BOB)  # committed, never delivered: as if killed
    assert await service.sweep(sender) == 0 and sender.of_kind("live") == []
    clock.advance(3)
    assert await service.sweep(sender) == 1
    assert len(sender.of_kind("live")) == 1 and await store.pending(game_id) == []
    assert await service.sweep(sender) == 0, "sent once"
