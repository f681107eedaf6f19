"""Quiet logs: at any LOG_LEVEL no game state, secret move or hidden value reaches a log line."""

from __future__ import annotations

import logging

import pytest

from bot.config import LIBRARY_LOGGERS, load_settings, quiet_libraries
from tests.cogs.helpers import board, game_record, prompt_for, start_table


@pytest.fixture
def restore_levels():
    saved = {name: logging.getLogger(name).level for name in LIBRARY_LOGGERS}
    yield
    for name, level in saved.items():
        logging.getLogger(name).setLevel(level)


async def test_a_debug_level_game_logs_no_state_and_no_secret(bot, fake, caplog, restore_levels):
    caplog.set_level(logging.DEBUG)
    # With the libraries at DEBUG (what LIBRARY_LOG_LEVEL=DEBUG asks for), they log every call:
    quiet_libraries("DEBUG", "DEBUG")
    table = await start_table(fake, bot)
    assert any(r.name == "aiosqlite" and r.levelno == logging.DEBUG for r in caplog.records)
    caplog.clear()
    # At LOG_LEVEL=DEBUG alone, nothing of the game reaches the log.
    quiet_libraries("DEBUG")
    alice, bob = table.players
    panel = (await fake.click(bot, alice, prompt_for(fake, alice), "Play")).reply
    await fake.click(bot, alice, panel, "Peek at 🟦 bob's die")
    bob_panel = (await fake.click(bot, bob, prompt_for(fake, bob), "Play")).reply
    await fake.submit(bot, bob, await fake.click(bot, bob, bob_panel, "Bid"), {"amount": "17"})
    await fake.click(bot, alice, prompt_for(fake, alice), "Call!")
    record = await game_record(bot, table.game_id)
    assert record.status == "finished" and "Dice revealed" in board(fake).text

    logged = "\n".join(f"{r.name} {r.getMessage()} {r.exc_text or ''}" for r in caplog.records)
    for secret in ('"dice"', "Your die", "die shows", "peek:", "bid:17", "bid:", '"turn"'):
        assert secret not in logged, secret
    assert not [r for r in caplog.records if r.name.startswith(("aiosqlite", "discord")) and r.levelno < logging.INFO]


def test_library_loggers_stay_at_info_unless_a_separate_setting_asks(restore_levels):
    quiet_libraries("DEBUG")
    assert not logging.getLogger("aiosqlite").isEnabledFor(logging.DEBUG)
    assert not logging.getLogger("discord.http").isEnabledFor(logging.DEBUG)
    quiet_libraries("WARNING")
    assert not logging.getLogger("discord.gateway").isEnabledFor(logging.INFO)
    settings = load_settings({"LOG_LEVEL": "debug", "LIBRARY_LOG_LEVEL": "debug"}, env_file=None)
    quiet_libraries(settings.log_level, settings.library_log_level)
    assert logging.getLogger("aiosqlite").isEnabledFor(logging.DEBUG)
