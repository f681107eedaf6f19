"""Whole games played through Discord by one human (driven by clicks and modals) and computer players.

The human's moves are random picks among the controls they can see: buttons on
the turn message, or — when the post offers "▶ Play" — the buttons, menus and
forms of their own ephemeral panel (forms are submitted with their defaults).
The Mutiny test runs as soon as ``bot.games.mutiny`` exists.
"""

from __future__ import annotations

import importlib.util
import logging
import random

import pytest

from tests.cogs.helpers import turn_posts
from bot.devtools.fake_discord import FakeDiscord, FakeMessage, FakeUser

MAX_DECISIONS = 5_000


def _controls(message: FakeMessage) -> list[tuple[str, str, int | None]]:
    """(kind, label or value, select index) of everything on ``message`` that makes a move."""
    found: list[tuple[str, str, int | None]] = []
    for button in message.buttons:
        if button["custom_id"].startswith(("gm:a:", "gm:form:")):
            found.append(("button", button["custom_id"], None))
    for index, menu in enumerate(message.selects):
        if menu["custom_id"].startswith(("gm:s:", "gm:fsel:")):
            for option in menu["options"]:
                if not option["value"].startswith("gm:page:"):
                    found.append(("option", option["value"], index))
    return found


async def play_as_human(fake: FakeDiscord, bot, human: FakeUser, game_id: int, seed: int = 7):
    rng = random.Random(seed)
    for decision in range(MAX_DECISIONS):
        record = await bot.store.game(game_id)
        if record.status != "active":
            return record, decision
        post = turn_posts(fake, record.channel_id)[-1]
        assert post.mention_ids == [human.id], f"the game waits, but not for the human: {post.text!r}"
        surface = post
        if post.has_button("Play"):
            surface = (await fake.click(bot, human, post, "Play")).reply
        controls = _controls(surface)
        assert controls, f"the human is to act but has nothing to click: {surface.text!r}"
        kind, target, index = rng.choice(controls)
        if kind == "button":
            answer = await fake.click(bot, human, surface, target)
        else:
            answer = await fake.choose(bot, human, surface, target, select=index)
        if answer.modal is not None:
            answer = await fake.submit(bot, human, answer)
        after = await bot.store.game(game_id)
        assert after.version > record.version, f"the move did not apply: {answer.texts}"
    raise AssertionError(f"no result after {MAX_DECISIONS} human decisions")


async def _full_game(fake, bot, caplog, game: str, computers: int, options: str | None = None):
    human = fake.user("captain")
    with caplog.at_level(logging.WARNING):
        opened = await fake.command(
            bot, human, "game new", game=game, computers=computers, thread=False, options=options
        )
        assert "table is open" in opened.reply.text, opened.texts
        await fake.click(bot, human, fake.last_post(), "Start")
        game_id = (await bot.store.latest_game_in_channel(fake.channel_id)).id
        record, decisions = await play_as_human(fake, bot, human, game_id)
    assert record.status == "finished"
    final = turn_posts(fake)[-1]
    assert final.buttons == [] and final.mention_ids == []
    assert all(post.attachments and post.attachments[0][1].startswith(b"\x89PNG") for post in turn_posts(fake))
    engine = bot.service.entry(game).engine
    if engine.has_private_information(len(record.seats)):
        assert fake.dms(human), "the human got their welcome DM"
    else:
        assert not fake.dms(human), "a game without secrets sends no DMs"
    problems = [r for r in caplog.records if r.levelno >= logging.ERROR or "Ignoring exception" in r.getMessage()]
    assert not problems, [r.getMessage() for r in problems]
    return record, final, decisions


async def test_a_toy_game_with_computers_is_playable_to_the_end(bot, fake, caplog):
    _record, final, decisions = await _full_game(fake, bot, caplog, "toy", computers=2, options="rounds=5")
    assert decisions >= 1
    assert "Winner" in final.text


@pytest.mark.skipif(importlib.util.find_spec("bot.games.mutiny") is None, reason="Mutiny is not built yet")
async def test_a_full_mutiny_game_with_one_human_and_three_computers(bot, fake, caplog):
    record, _final, decisions = await _full_game(fake, bot, caplog, "mutiny", computers=3)
    engine = bot.service.entry("mutiny").engine
    assert engine.is_terminal(engine.load(record.state))
    result = engine.results(engine.load(record.state))
    assert len(result.scores) == 4
    assert decisions >= 1


@pytest.mark.skipif(importlib.util.find_spec("bot.games.mccc") is None, reason="MCCC is not built yet")
@pytest.mark.parametrize("computers", [0, 1], ids=["solo", "with-a-computer"])
async def test_a_full_mccc_game(bot, fake, caplog, computers):
    _record, _final, decisions = await _full_game(fake, bot, caplog, "mccc", computers=computers)
    assert decisions >= 1
