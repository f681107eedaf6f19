"""Every registered game, played to its end through Discord by clicks.

Parametrised over the registry, so a game is covered as soon as it registers. One
human refuses DMs; the others are humans or computer players. The people click what
a person would click (``bot.devtools.fake_players``): buttons on the prompt that
pings them, or their own panel behind "▶ Play", and forms with their defaults.
"""

from __future__ import annotations

import logging
import random

import pytest

from bot.devtools.fake_players import Players
from bot.games.registry import default_registry
from tests.cogs.games import resolve_game
from tests.cogs.helpers import board, prompts

SPECS = default_registry().specs()


def seating(min_players: int, max_players: int) -> tuple[int, int]:
    """(humans, computers): two humans where the game seats two, computers for the rest of its minimum."""
    humans = 1 if max_players == 1 else 2
    return humans, max(0, min_players - humans)


@pytest.mark.parametrize("spec", SPECS, ids=[spec.name for spec in SPECS])
async def test_a_full_game_through_discord(bot, fake, caplog, db_path, spec):
    humans, computers = seating(spec.min_players, spec.max_players)
    users = [fake.user(f"player{i + 1}") for i in range(humans)]
    refusing = users[0]
    fake.close_dms(refusing)
    with caplog.at_level(logging.WARNING):
        opened = await fake.command(
            bot, users[0], "game new", game=spec.name, computers=computers or None, thread=False
        )
        assert "table is open" in opened.reply.text, opened.texts
        for user in users[1:]:
            await fake.click(bot, user, fake.last_post(), "Join")
        await fake.click(bot, users[0], fake.last_post(), "Start")
        game_id = await bot.service.open_game_id(fake.channel_id)
        players = Players(fake, bot, db_path, resolve_game, {u.id: u for u in users}, random.Random(11))
        stored = await players.play(game_id)

    assert stored.status == "finished"
    final = board(fake)
    assert "Game over" in final.text and final.button_labels() == ["🔁 Rematch"] and prompts(fake) == []
    assert final.attachments and final.attachments[0][1].startswith(b"\x89PNG")
    engine = bot.service.entry(spec.name).engine
    secrets = engine.has_private_information(humans + computers)
    assert fake.dm_attempts(refusing) == (1 if secrets else 0), "a refused DM is tried once, ever"
    if humans > 1:
        assert bool(fake.dms(users[1])) == secrets, "DMs only for games with secrets"
    for message in fake.channel_messages():
        assert "{p" not in message.text, "every seat placeholder is replaced by a name"
        assert set(message.pinged_ids) <= {u.id for u in users}
    problems = [r for r in caplog.records if r.levelno >= logging.ERROR or "Ignoring exception" in r.getMessage()]
    assert not problems, [r.getMessage() for r in problems]
    assert players.decisions >= 1
