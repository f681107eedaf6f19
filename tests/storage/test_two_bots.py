"""Two real bot processes (GameBot, each with its own PostgreSQL store) behind one fake Discord:
any process may get any click of any game, a double click landing on both processes at once is
applied once, and every message the game needs is posted once."""

from __future__ import annotations

import asyncio

import pytest

from bot.client import GameBot
from bot.config import Settings
from bot.devtools.fake_discord import FakeDiscord
from tests.cogs.conftest import GAME_NAMES, SEED
from tests.cogs.games import board_renderer, resolve_game
from tests.cogs.helpers import board, boards, game_record, prompt_for, prompts, start_table
from tests.storage.pg_server import drop_schema, new_schema


@pytest.fixture
def fake(monkeypatch) -> FakeDiscord:
    discord_fake = FakeDiscord()
    discord_fake.patch_webhooks(monkeypatch)
    return discord_fake


@pytest.fixture
async def two_bots(fake):
    schema, url = await new_schema()
    bots = []
    for shard in (0, 1):
        settings = Settings(discord_token="fake-token", database_url=url, shard_count=2, shard_ids=(shard,))
        bot = GameBot(
            settings,
            games=resolve_game,
            game_names=GAME_NAMES,
            renderer=board_renderer,
            seed_source=lambda: SEED,
            clock=fake.now,
        )
        await fake.login(bot)
        bots.append(bot)
    yield bots
    for bot in bots:
        await bot.close()
    await drop_schema(schema)


async def test_any_process_plays_any_game_and_a_double_click_is_applied_once(fake, two_bots):
    first, second = two_bots
    table = await start_table(fake, first)  # opened and started through the first process
    alice, bob = table.players
    prompt = prompt_for(fake, alice)
    # Alice double-clicks; the two clicks reach the two processes at once.
    clicks = await asyncio.gather(
        fake.click(first, alice, prompt, "Pass"), fake.click(second, alice, prompt, "Pass"), return_exceptions=True
    )
    assert not any(isinstance(click, BaseException) for click in clicks), clicks
    refusals = [text for click in clicks for text in click.texts if "earlier turn" in text]
    assert len(refusals) == 1, [click.texts for click in clicks]  # the other process refused the second
    await fake.settle()
    record = await game_record(second, table.game_id)
    assert record.version == 1, "applied once"
    assert board(fake).text.count("passes.") == 1
    # Bob's turn is taken through the second process; the board is the same single message.
    await fake.click(second, bob, prompt_for(fake, bob), "Call!")
    await fake.settle()
    record = await game_record(first, table.game_id)
    assert record.status == "finished" and record.version == 2
    assert len(boards(fake)) == 1 and prompts(fake) == []
    assert first.syncs_commands and not second.syncs_commands
