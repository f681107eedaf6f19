from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.devtools.memory_sender import MemorySender
from bot.storage import Store
from bot.table import Person, TableService
from tests.table.games import table_games

ANN, BOB, CY, EVE = Person(1, "Ann"), Person(2, "Bob"), Person(3, "Cy"), Person(9, "Eve")


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2024, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, minutes: float) -> None:
        self.now += timedelta(minutes=minutes)


def board_of(spec, view, seats) -> bytes:
    """A fake PNG that changes exactly when the public view or the seat tags change."""
    return b"\x89PNG " + repr((view, [(t.name, t.dms_closed) for t in seats])).encode()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def store(tmp_path, clock):
    store = await Store.open(tmp_path / "games.db", clock=lambda: clock().isoformat(timespec="seconds"))
    yield store
    await store.close()


@pytest.fixture
def service(store, clock):
    return TableService(store, renderer=board_of, games=table_games, seed_source=lambda: 7, clock=clock)


@pytest.fixture
def sender() -> MemorySender:
    return MemorySender()


async def started(
    service: TableService, *people: Person, computers: int = 0, options=None, game: str = "toy", sender=None
) -> int:
    outcome = await service.create(
        guild_id=1,
        channel_id=10,
        parent_channel_id=None,
        game_name=game,
        options=options or {},
        creator=people[0],
        computers=computers,
    )
    game_id = outcome.game_id
    for person in people[1:]:
        await service.join(game_id, person)
    await service.start(game_id, people[0].user_id)
    if sender is not None:
        await service.deliver(game_id, sender)
    return game_id
