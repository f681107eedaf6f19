"""Issue 22 in the lobby and at the table: "Three levels, chosen in the lobby for each computer seat
and for take-overs", "shown on the board beside the computer's name", and "No stalls": the bot
answers everyone while a computer decides, and a searching computer moves after the click that
handed it the turn was answered."""

from __future__ import annotations

import asyncio
import dataclasses
import threading
from collections.abc import Sequence
from typing import Any

import pytest

from bot.devtools.fake_discord import logged_in_bot
from bot.engine import Choice, ComputerPlayer, Rng
from bot.games.registry import default_registry
from render.text import recording
from tests.cogs.conftest import GAME_NAMES, SEED
from tests.cogs.games import TEST_REGISTRY, board_renderer
from tests.cogs.helpers import board, game_record, prompt_for
from tests.support.toy_game import TOY_SPEC, SecretSum

RELEASE = threading.Event()
"""Set by a test when the slow computer may decide."""
THINKING = threading.Event()
"""Set by the slow computer once it has started to decide."""
ORDER: list[str] = []


class SlowComputer(ComputerPlayer[Any]):
    """Passes, once the test lets it: until then it holds whichever thread runs it."""

    def __init__(self, engine: Any = None) -> None:
        pass

    def choose(self, view: Any, choices: Sequence[Choice], rng: Rng) -> str:
        if not RELEASE.is_set():
            ORDER.append("computer thinks")
            THINKING.set()
            RELEASE.wait(timeout=60)
            ORDER.append("computer decided")
        return "pass"


SLOW = dataclasses.replace(
    TOY_SPEC,
    name="slowtoy",
    title="Slow Secret Sum",
    engine="tests.cogs.test_computer_levels:SlowSum",
    computer="tests.cogs.test_computer_levels:SlowComputer",
)


class SlowSum(SecretSum):
    spec = SLOW


@pytest.fixture
async def slow_bot(fake, tmp_path):
    RELEASE.clear()
    THINKING.clear()
    ORDER.clear()
    registry = TEST_REGISTRY.with_games(SLOW)
    bot = await logged_in_bot(
        fake,
        tmp_path / "games.db",
        seed=SEED,
        games=registry.game,
        game_names=[*GAME_NAMES, "slowtoy"],
        renderer=board_renderer,
    )
    yield bot
    RELEASE.set()
    await bot.close()


async def test_the_bot_answers_other_clicks_while_a_computer_decides(slow_bot, fake):
    bot = slow_bot
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    await fake.command(bot, alice, "game new", game="slowtoy", computers=1)
    await fake.click(bot, alice, fake.last_post(), "Start")
    elsewhere = fake.text_channel("elsewhere")
    await fake.command(bot, carol, "game new", game="toy", channel_id=elsewhere)
    other_lobby = fake.last_post(elsewhere)

    passing = await fake.press(bot, alice, prompt_for(fake, alice), "Pass")
    assert await asyncio.to_thread(THINKING.wait, 60), "alice's pass handed the computer its turn"
    joining = await fake.press(bot, bob, other_lobby, "Join")
    await fake.answered(joining)
    ORDER.append("another click answered")
    RELEASE.set()
    await fake.settle()

    assert ORDER == ["computer thinks", "another click answered", "computer decided"]
    assert joining.response_type == 7 and "🟦 **bob**" in other_lobby.text
    assert passing.response_type is not None
    assert "🟦 **🤖 Computer 1** passes." in board(fake).text


async def test_a_strong_computer_moves_after_the_click_that_handed_it_the_turn_was_answered(slow_bot, fake):
    bot = slow_bot
    alice = fake.user("alice")
    await fake.command(bot, alice, "game new", game="slowtoy", computers=1)
    lobby = fake.last_post()
    assert "2. 🟦 **🤖 Computer 1** · normal" in lobby.text, "a computer filling a seat plays normal"
    picked = await fake.choose(bot, alice, lobby, "🟦 🤖 Computer 1 → strong")
    assert picked.response_type == 7 and picked.created == [], "the lobby's own update answers the pick"
    assert "2. 🟦 **🤖 Computer 1** · strong" in lobby.text
    await fake.click(bot, alice, lobby, "Start")

    passing = await fake.press(bot, alice, prompt_for(fake, alice), "Pass")
    await fake.answered(passing)
    assert await asyncio.to_thread(THINKING.wait, 60), "the computer searches after the answer"
    moves = board(fake).text.split("\n\n")[0].split("\n")
    assert moves[-1] == "🟥 **alice** passes.", "the answer shows alice's move at once, and nothing after it"
    RELEASE.set()
    await fake.settle()

    record = await game_record(bot, await bot.service.latest_game_id(fake.channel_id) or 0)
    assert record.seats[1].level == "strong" and record.version >= 2
    moves = board(fake).text.split("\n\n")[0].split("\n")
    assert moves[-1].startswith("🟦 **🤖 Computer 1** "), "the search's move is on the board"


async def test_the_host_sets_each_computers_level_and_the_board_shows_it_beside_the_name(bot, fake):
    """Mutiny seats four: alice, two computers and bob. The levels offered are the game's own."""
    alice, bob = fake.user("alice"), fake.user("bob")
    await fake.command(bot, alice, "game new", game="mutiny", computers=2, thread=False)
    lobby = fake.last_post()
    await fake.click(bot, bob, lobby, "Join")
    levels = default_registry().game("mutiny").levels
    [menu] = [select for select in lobby.selects if not select["custom_id"].startswith("gm:lang")]
    offered = [option["label"] for option in menu["options"]]
    assert offered[-len(levels) + 1 :] == [f"Taking over a seat → {level}" for level in levels if level != "normal"]
    assert ("→ strong" in " ".join(offered)) is ("strong" in levels), "strong only where the game can search"
    assert "🤖 A computer taking over a seat (a player left or ran out of time) plays **normal**." in lobby.text

    refused = await fake.choose(bot, bob, lobby, offered[0])
    assert refused.reply.ephemeral and refused.reply.text == "Only the host can do that."
    second = next(label for label in offered if "Computer 2 → easy" in label)
    await fake.choose(bot, alice, lobby, second)
    await fake.choose(bot, alice, lobby, "Taking over a seat → easy")
    seats = lobby.text.split("**Seats (4/4)**")[1]
    assert "**🤖 Computer 1** · normal" in seats and "**🤖 Computer 2** · easy" in seats
    assert "**bob**\n" in seats, "a person's seat has no level"
    assert "plays **easy**." in lobby.text

    with recording() as placed:
        await fake.click(bot, alice, lobby, "Start")
    drawn = " ".join(text.text for text in placed)
    assert "Computer 1 · normal" in drawn and "Computer 2 · easy" in drawn
    game_id = await bot.service.open_game_id(fake.channel_id)
    record = await game_record(bot, game_id)
    assert [seat.level for seat in record.seats] == [None, None, "easy", None]

    with recording() as placed:
        asked = await fake.command(bot, bob, "game leave")
        await fake.click(bot, bob, asked.reply, "Leave the game")
    assert "🟫 **bob** left the table; 🤖 Computer 3 (easy) takes over the seat." in board(fake).text
    assert "Computer 3 · easy" in " ".join(text.text for text in placed)
    assert (await game_record(bot, game_id)).seats[3].level == "easy"


async def test_a_forged_level_pick_is_refused_privately_and_changes_nothing(bot, fake):
    alice = fake.user("alice")
    await fake.command(bot, alice, "game new", game="toy", computers=1)
    lobby = fake.last_post()
    before = lobby.text
    custom_id = lobby.selects[0]["custom_id"]
    for value, answer in [
        ("0:easy", "That seat is not a computer's any more. Pick again from the lobby."),
        ("1:brilliant", "Computers play Secret Sum at these levels: **easy**, **normal**, **strong**."),
        ("one:easy", "That level choice isn't one I know. Pick again from the lobby."),
    ]:
        forged = await fake.choose_id(bot, alice, lobby, custom_id, value)
        assert forged.reply.ephemeral and forged.reply.text == answer, value
    assert lobby.text == before
