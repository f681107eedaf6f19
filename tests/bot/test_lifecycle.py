"""Stopping (SIGTERM, Ctrl-C): clicks in flight finish and are delivered, later clicks are turned away
privately and change nothing, and the database is closed with nothing pending."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from bot.client import GameBot
from bot.devtools.fake_discord import FakeDiscord, FakeUser
from bot.lifecycle import RESTARTING
from bot.ops.check import check_database
from tests.cogs.games import resolve_game
from tests.cogs.helpers import prompt_for

TABLES = 6


def outbox_rows(db: Path) -> int:
    with sqlite3.connect(db) as connection:
        return int(connection.execute("SELECT COUNT(*) FROM outbox").fetchone()[0])


def versions(db: Path) -> dict[int, int]:
    with sqlite3.connect(db) as connection:
        return dict(connection.execute("SELECT id, version FROM games").fetchall())


async def start_tables(fake: FakeDiscord, bot: GameBot) -> list[tuple[int, FakeUser]]:
    """Toy games in their own channels; returns each channel and the player it waits on."""
    waiting = []
    for index in range(TABLES):
        channel = fake.text_channel(f"table-{index}")
        alice, bob = fake.user(f"alice{index}"), fake.user(f"bob{index}")
        opened = await fake.command(bot, alice, "game new", channel_id=channel, game="toy", thread=False)
        assert "table is open" in opened.reply.text, opened.texts
        await fake.click(bot, bob, fake.last_post(channel), "Join")
        await fake.click(bot, alice, fake.last_post(channel), "Start")
        waiting.append((channel, alice))
    return waiting


def click_now(
    fake: FakeDiscord, bot: GameBot, user: FakeUser, channel: int, label: str, *, on_prompt_of: FakeUser | None = None
) -> str:
    """Deliver a click to the bot without waiting for its answer (it is then in flight)."""
    message = prompt_for(fake, on_prompt_of or user, channel)
    custom_id = message.button(label)["custom_id"]
    payload = fake._interaction(user, channel, 3, {"custom_id": custom_id, "component_type": 2}, message)
    bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
    return str(payload["token"])


async def test_stopping_mid_load_finishes_every_click_in_flight_and_sends_everything(make_bot, fake, db_path):
    bot = await make_bot()
    waiting = await start_tables(fake, bot)
    before = versions(db_path)

    in_flight = [click_now(fake, bot, user, channel, "Pass") for channel, user in waiting]
    closing = asyncio.create_task(bot.close())
    await asyncio.sleep(0)
    channel, alice = waiting[0]
    bob = next(u for u in fake.users.values() if u.name == "bob0")
    late = fake.interactions[click_now(fake, bot, bob, channel, "Pass", on_prompt_of=alice)]
    await closing

    after = versions(db_path)
    assert all(after[game] == before[game] + 1 for game in before), "every click in flight was applied once"
    for token in in_flight:
        assert fake.interactions[token].response_type is not None, "every click in flight was answered"
    assert outbox_rows(db_path) == 0, "everything the moves must send was sent before closing"
    assert not bot.is_open
    assert late.created and late.created[0].text == RESTARTING and late.created[0].ephemeral
    assert check_database(db_path, resolve_game).ok


async def test_a_restarted_bot_goes_on_where_the_stopped_one_ended(make_bot, fake, db_path):
    bot = await make_bot()
    [(channel, alice), *_] = await start_tables(fake, bot)
    click_now(fake, bot, alice, channel, "Pass")
    await bot.close()
    restarted = await make_bot()
    await restarted.on_ready()
    await fake.settle()
    bob = next(u for u in fake.users.values() if u.name == "bob0")
    assert prompt_for(fake, bob, channel), "the next player's prompt is there after the restart"
