"""Fixtures: a fake Discord, and the real bot logged in against it on a temporary SQLite file."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.client import GameBot
from bot.config import Settings
from bot.devtools.fake_discord import FakeDiscord
from bot.games.registry import default_registry
from tests.cogs.games import board_renderer, resolve_game

GAME_NAMES = ["toy", "team", "wide", "longtoy", "steps", *default_registry().names()]
SEED = 20240611


@pytest.fixture
def fake(monkeypatch) -> FakeDiscord:
    discord_fake = FakeDiscord()
    discord_fake.patch_webhooks(monkeypatch)
    return discord_fake


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.db"


async def logged_in_bot(fake: FakeDiscord, settings: Settings, renderer=board_renderer) -> GameBot:
    """A bot on the test games, logged in to ``fake``."""
    bot = GameBot(
        settings, games=resolve_game, game_names=GAME_NAMES, renderer=renderer, seed_source=lambda: SEED, clock=fake.now
    )
    await fake.login(bot)
    return bot


@pytest.fixture
async def make_bot(fake: FakeDiscord, db_path: Path):
    bots: list[GameBot] = []

    async def make(*, path: Path | None = None, renderer=board_renderer, dev_guild_id: int | None = None) -> GameBot:
        settings = Settings(discord_token="fake-token", database_path=path or db_path, dev_guild_id=dev_guild_id)
        bot = await logged_in_bot(fake, settings, renderer)
        bots.append(bot)
        return bot

    yield make
    for bot in bots:
        await bot.close()


@pytest.fixture
async def bot(make_bot) -> GameBot:
    return await make_bot()
