"""Plays toy games through the table service as fast as it can, until it is killed.

Run as ``python -m tests.support.crash_worker DB_PATH``; prints ``ready`` once
the first action has committed.
"""

from __future__ import annotations

import asyncio
import sys

from bot.storage import Store
from bot.table import Person, TableService
from tests.support.toy_game import toy_games


async def main(path: str) -> None:
    store = await Store.open(path)
    service = TableService(store, renderer=None, games=toy_games)
    announced = False

    async def finish(game_id: int) -> None:
        nonlocal announced
        while True:
            record = await store.game(game_id)
            if record.status != "active":
                return
            turn = record.state["turn"]
            await service.act(game_id, record.seats[turn].user_id, record.version, "pass")
            if not announced:
                print("ready", flush=True)
                announced = True

    # A game the previous (killed) run left half-played continues where it stopped.
    for game_id in await store.game_ids(status=["active"]):
        await finish(game_id)
    channel = max([(await store.game(i)).channel_id for i in await store.game_ids()], default=1000)
    while True:
        channel += 1
        lobby = await service.create(
            guild_id=1,
            channel_id=channel,
            parent_channel_id=None,
            game_name="toy",
            options={"rounds": 5},
            creator=Person(1, "Ann"),
        )
        game_id = lobby.post.game_id
        await service.join(game_id, Person(2, "Bob"))
        await service.join(game_id, Person(3, "Cy"))
        await service.start(game_id, 1)
        await finish(game_id)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
