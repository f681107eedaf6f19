"""Restarts: old buttons keep working, and whatever a crash left unsent is sent on ready."""

from __future__ import annotations

import json
import sqlite3

from tests.cogs.helpers import board, game_record, kill, prompt_for, prompts, start_table
from tests.support.toy_game import TOY


async def test_buttons_and_forms_from_before_a_restart_still_work(make_bot, fake):
    bot = await make_bot()
    table = await start_table(fake, bot)
    alice, bob = table.players
    bob_info = board(fake).snapshot()
    await fake.click(bot, alice, prompt_for(fake, alice), "Pass")
    bob_panel = (await fake.click(bot, bob, prompt_for(fake, bob), "Play")).reply
    opened_form = await fake.click(bot, bob, bob_panel, "Bid")
    assert opened_form.modal is not None
    await bot.close()
    assert not bot.is_open  # the store closed with the bot

    # A new process: new Store, TableService and bot on the same SQLite file.
    again = await make_bot()
    assert again.service is not bot.service

    submitted = await fake.submit(again, bob, opened_form, {"amount": "33"})
    assert submitted.original.id == bob_panel.id and bob_panel.id in fake.deleted
    assert "🟦 **bob** bids 33." in board(fake).text
    await fake.click(again, alice, prompt_for(fake, alice), "Call!")
    record = await game_record(again, table.game_id)
    assert record.status == "finished" and record.version == 3
    shown = await fake.click(again, bob, bob_info, "My private info")
    assert shown.reply.text.startswith("🔒 Your die")


async def test_an_old_prompt_is_refused_after_a_restart_too(make_bot, fake):
    bot = await make_bot()
    table = await start_table(fake, bot)
    alice, bob = table.players
    old = prompt_for(fake, alice).snapshot()
    await fake.click(bot, alice, prompt_for(fake, alice), "Pass")
    await bot.close()
    again = await make_bot()
    stale = await fake.click(again, bob, old, "Call!")
    assert "earlier turn" in stale.reply.text
    assert (await game_record(again, table.game_id)).version == 1


async def test_moves_committed_before_a_crash_are_shown_when_ready(make_bot, fake, db_path):
    bot = await make_bot()
    table = await start_table(fake, bot, names=("alice", "bob"))
    alice, bob = table.players
    # The process dies right after Alice's move is committed, before anything is sent.
    service = bot.service
    await service.act(table.game_id, alice.id, 0, "pass")
    await kill(bot)
    assert "passes" not in board(fake).text

    again = await make_bot()
    again.dispatch("ready")
    await fake.settle()

    assert "🟥 **alice** passes." in board(fake).text
    assert [p.pinged_ids for p in prompts(fake)] == [[bob.id]]
    # A second ready (a gateway reconnect) sends nothing twice.
    requests = len(fake.requests)
    again.dispatch("ready")
    await fake.settle()
    assert len(fake.requests) == requests


async def test_computer_moves_a_crash_interrupted_are_made_and_shown_when_ready(make_bot, fake, db_path):
    bot = await make_bot()
    table = await start_table(fake, bot, names=("alice",), computers=1)
    alice = table.host
    record = await game_record(bot, table.game_id)
    await bot.close()
    # An older version of the bot committed Alice's move alone and died before the computer's.
    engine = TOY.engine
    after = engine.apply(engine.load(record.state), 0, "pass").state
    with sqlite3.connect(db_path) as connection:
        connection.execute(
            "UPDATE games SET state = ?, version = 1 WHERE id = ?", (json.dumps(engine.dump(after)), table.game_id)
        )
        connection.execute(
            "INSERT INTO actions (game_id, version, seat, user_id, action, events, created_at) "
            "VALUES (?, 1, 0, ?, 'pass', ?, 't')",
            (table.game_id, alice.id, json.dumps(["{p0} passes."])),
        )
    again = await make_bot()
    again.dispatch("ready")
    await fake.settle()
    assert "🤖 Computer 1** passes." in board(fake).text
    assert (await game_record(again, table.game_id)).version == 2
    assert prompt_for(fake, alice).pinged_ids == [alice.id]
