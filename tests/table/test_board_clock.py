"""The board shows the turn clock (issue 21: "the turn clock (when one runs) visible on the board"):
the renderer is handed each waited-on seat's deadline in its seat tag, the time the clock timer
fires, and nothing when no clock runs."""

from __future__ import annotations

from datetime import timedelta

from bot.devtools.memory_sender import MemorySender
from bot.storage.records import GameTiming
from bot.table import TableService
from tests.table.conftest import ANN, BOB
from tests.table.games import table_games

HOUR = 60


class Drawn:
    """A renderer that keeps the seat tags of every board it draws."""

    def __init__(self) -> None:
        self.tags: list = []

    def __call__(self, spec, view, seats) -> bytes:
        self.tags.append(tuple(seats))
        return b"\x89PNG " + repr((view, [(t.name, t.deadline) for t in seats])).encode()

    def deadlines(self) -> dict[str, object]:
        return {t.name: t.deadline for t in self.tags[-1]}


async def game_with(store, clock, timing: GameTiming) -> tuple[TableService, Drawn, int]:
    drawn = Drawn()
    service = TableService(store, renderer=drawn, games=table_games, seed_source=lambda: 7, clock=clock)
    outcome = await service.create(
        guild_id=1, channel_id=10, parent_channel_id=None, game_name="toy", options={}, creator=ANN, timing=timing
    )
    await service.join(outcome.game_id, BOB)
    await service.start(outcome.game_id, ANN.user_id)
    return service, drawn, outcome.game_id


async def test_the_board_carries_the_deadline_of_the_player_the_game_waits_on(store, clock):
    started = clock()
    service, drawn, game_id = await game_with(store, clock, GameTiming(remind_after=3600, turn_clock=4 * 3600))
    assert drawn.deadlines() == {"Ann": started + timedelta(hours=4), "Bob": None}

    clock.advance(30)
    await service.act(game_id, ANN.user_id, 0, "pass")
    assert drawn.deadlines() == {"Ann": None, "Bob": clock() + timedelta(hours=4)}, "Bob's clock starts now"


async def test_a_board_drawn_again_during_a_decision_keeps_its_deadline(store, clock):
    started = clock()
    service, drawn, game_id = await game_with(store, clock, GameTiming(turn_clock=3600))
    await service.deliver(game_id, MemorySender())  # the board is in the channel before anyone reposts it
    clock.advance(20)
    await service.show_everyone(game_id, ANN.user_id)
    assert drawn.deadlines()["Ann"] == started + timedelta(hours=1), "the clock that runs, not a new one"


async def test_without_a_turn_clock_the_board_shows_no_deadline(store, clock):
    service, drawn, game_id = await game_with(store, clock, GameTiming(remind_after=3600))
    await service.act(game_id, ANN.user_id, 0, "pass")
    assert all(t.deadline is None for tags in drawn.tags for t in tags)
