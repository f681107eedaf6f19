"""Processes for the crash tests: they play until they are killed, or until a crash point fires.

``python -m tests.support.crash_worker table DB``
    Plays toy games through the table service as fast as it can, forever; prints ``ready``
    once the first action has committed. The test kills it at random moments.

``python -m tests.support.crash_worker discord DB FAKE``
    The real bot on DB against a fake Discord persisted in the JSON file FAKE. On start it
    resumes (as after a restart), prints one JSON line about what was still pending, then
    plays one toy game by clicks to its end (opening it if there is none) and prints ``done``.
    With ``GM_CRASH_AT`` set it dies at that delivery step (see ``bot.table.crash``).
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import sys
from pathlib import Path

from bot.devtools.fake_discord import FakeDiscord, FakeUser, logged_in_bot, tiny_png
from bot.devtools.memory_sender import MemorySender
from bot.storage import Store
from bot.table import Person, TableService
from tests.support.toy_game import toy_games


async def table_main(path: str) -> None:
    store = await Store.open(path)
    try:
        await play_tables(store)
    finally:
        await store.close()


async def play_tables(store: Store) -> None:
    service = TableService(store, renderer=None, games=toy_games)
    sender = MemorySender()
    announced = False

    async def finish(game_id: int) -> None:
        nonlocal announced
        while True:
            record = await store.game(game_id)
            if record is None or record.status != "active" or record.state is None:
                return
            user = record.seats[record.state["turn"]].user_id
            assert user is not None
            await service.act(game_id, user, record.version, "pass")
            await service.deliver(game_id, sender)
            if not announced:
                print("ready", flush=True)
                announced = True

    # A game the previous (killed) run left half-played continues where it stopped.
    await service.resume(sender)
    for game_id in await store.game_ids(status=["active"]):
        await finish(game_id)
    channels = [record.channel_id for i in await store.game_ids() if (record := await store.game(i)) is not None]
    channel = max(channels, default=1000)
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
        await service.join(lobby.game_id, Person(2, "Bob"))
        await service.join(lobby.game_id, Person(3, "Cy"))
        await service.start(lobby.game_id, 1)
        await finish(lobby.game_id)


def _query(db: Path, sql: str, *parameters: object) -> list[tuple[object, ...]]:
    with sqlite3.connect(db) as connection:
        return list(connection.execute(sql, parameters))


def _user(fake: FakeDiscord, name: str) -> FakeUser:
    found = next((u for u in fake.users.values() if u.name == name), None)
    return found or fake.user(name)


async def discord_main(db: Path, fake_path: Path) -> None:
    fake = FakeDiscord.load(fake_path) if fake_path.exists() else FakeDiscord(persist_to=fake_path)
    alice, bob = _user(fake, "alice"), _user(fake, "bob")
    fake.close_dms(bob)
    fake.changed()
    with fake.patched_webhooks():
        bot = await logged_in_bot(
            fake, db, seed=5, games=toy_games, game_names=["toy"], renderer=lambda spec, view, seats: tiny_png()
        )
        try:
            bot.dispatch("ready")  # a restart: whatever a crash left pending is sent now
            await fake.settle()
            pending = _query(db, "SELECT COUNT(*) FROM outbox")[0][0]
            print(json.dumps({"pending_after_resume": pending}), flush=True)
            await play_one_game(fake, bot, db, (alice, bob))
            print("done", flush=True)
        finally:
            await bot.close()


async def play_one_game(fake: FakeDiscord, bot: object, db: Path, players: tuple[FakeUser, FakeUser]) -> None:
    from discord import Client

    assert isinstance(bot, Client)
    alice, bob = players
    if not _query(db, "SELECT id FROM games"):
        await fake.command(bot, alice, "game new", game="toy", options="rounds=2", thread=False)
        await fake.click(bot, bob, fake.last_post(), "Join")
        await fake.click(bot, alice, fake.last_post(), "Start")
    for _ in range(50):
        status, state = _query(db, "SELECT status, state FROM games ORDER BY id DESC LIMIT 1")[0]
        if status != "active":
            return
        turn = json.loads(str(state))["turn"]
        user = (alice, bob)[turn]
        prompt = next(m for m in reversed(fake.channel_messages()) if f"<@{user.id}>" in m.text and m.buttons)
        await fake.click(bot, user, prompt, "Pass")
    raise AssertionError("the game did not end")


if __name__ == "__main__":
    if sys.argv[1] == "table":
        asyncio.run(table_main(sys.argv[2]))
    else:
        asyncio.run(discord_main(Path(sys.argv[2]), Path(sys.argv[3])))
