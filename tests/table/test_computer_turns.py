"""Computer seats at the table: each search is the first move of a commit of its own, made in the
background after the request that left it; a worker process plays the same moves as a thread; a
restart makes a search that was interrupted."""

from __future__ import annotations

import pytest

from bot.engine.levels import Level
from bot.table import TableError, TableService
from bot.table.computers import ProcessRunner
from bot.table.core import Computer
from tests.table.conftest import ANN, board_of
from tests.table.games import table_games


async def strong_table(service: TableService, sender) -> int:
    """Secret Sum for Ann and two strong computers (the toy game samples what a seat knows)."""
    outcome = await service.create(
        guild_id=1, channel_id=10, parent_channel_id=None, game_name="toy", options={}, creator=ANN
    )
    game_id = outcome.game_id
    strong = Computer(Level.STRONG)
    await service.arrange(game_id, ANN.user_id, [ANN, strong, strong])
    await service.start(game_id, ANN.user_id)
    await service.deliver(game_id, sender)
    return game_id


def moves(entries) -> list[tuple[int, str]]:
    return [(entry.seat, entry.action) for entry in entries]


async def test_each_search_is_committed_on_its_own_after_the_click_and_delivered(service, store, sender):
    service.send_follow_ups_with(sender)
    game_id = await strong_table(service, sender)
    record = await service.record(game_id)
    assert [seat.level for seat in record.seats] == [None, "strong", "strong"]

    await service.act(game_id, ANN.user_id, record.version, "pass")
    after_click = await service.record(game_id)
    assert after_click.version == 1, "the click commits Ann's move alone: both computers search"
    with pytest.raises(TableError):
        await service.undo(game_id, ANN.user_id)  # a computer is about to move: the pass stands

    await service.computers_settled(game_id)
    log = await store.actions(game_id)
    assert [entry.seat for entry in log] == [0, 1, 2], "then one commit per search"
    live = sender.of_kind("live")[-1].card.text
    assert "🟩 **🤖 Computer 2**" in live.split("\n\n")[0], "each follow-up is delivered at once"
    assert await service.waiting_on(game_id) == [ANN.user_id]


async def test_a_worker_process_plays_the_same_moves_as_a_thread(store, clock, sender):
    threads = TableService(store, renderer=board_of, games=table_games, seed_source=lambda: 7, clock=clock)
    first = await strong_table(threads, sender)
    await threads.act(first, ANN.user_id, 0, "pass")
    await threads.computers_settled()
    await threads.abandon(10, ANN.user_id, can_manage_guild=True)

    runner = ProcessRunner()
    processes = TableService(
        store, renderer=board_of, games=table_games, seed_source=lambda: 7, clock=clock, runner=runner
    )
    try:
        second = await strong_table(processes, sender)
        await processes.act(second, ANN.user_id, 0, "pass")
        await processes.computers_settled()
    finally:
        processes.stop_computers()
    assert moves(await store.actions(second)) == moves(await store.actions(first))
    assert len(await store.actions(first)) == 3


async def test_a_restart_makes_the_search_a_stopped_bot_left(store, clock, sender):
    stopped = TableService(store, renderer=board_of, games=table_games, seed_source=lambda: 7, clock=clock)
    game_id = await strong_table(stopped, sender)
    stopped.stop_computers()  # the bot stops right after the click's commit
    await stopped.act(game_id, ANN.user_id, 0, "pass")
    stopped.stop_computers()
    assert (await stopped.record(game_id)).version == 1

    restarted = TableService(store, renderer=board_of, games=table_games, seed_source=lambda: 7, clock=clock)
    assert await restarted.resume(sender) >= 1
    await restarted.computers_settled()
    assert [entry.seat for entry in await store.actions(game_id)] == [0, 1, 2]
    assert await restarted.waiting_on(game_id) == [ANN.user_id]
