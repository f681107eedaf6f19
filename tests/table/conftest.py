from __future__ import annotations

import pytest

from bot.storage import Store
from bot.table import Person, TableService
from tests.support.toy_game import toy_games

ANN, BOB, CY, EVE = Person(1, "Ann"), Person(2, "Bob"), Person(3, "Cy"), Person(9, "Eve")


@pytest.fixture
async def store(tmp_path):
    store = await Store.open(tmp_path / "games.db")
    yield store
    await store.close()


@pytest.fixture
def service(store):
    return TableService(
        store, renderer=lambda spec, view, seats: b"\x89PNG fake", games=toy_games, seed_source=lambda: 7
    )


async def started(service: TableService, *people: Person, computers: int = 0, options=None) -> int:
    outcome = await service.create(
        guild_id=1,
        channel_id=10,
        parent_channel_id=None,
        game_name="toy",
        options=options or {},
        creator=people[0],
        computers=computers,
    )
    game_id = outcome.post.game_id
    for person in people[1:]:
        await service.join(game_id, person)
    await service.start(game_id, people[0].user_id)
    return game_id
