"""Restarts: old buttons keep working, interrupted computer moves are posted on ready."""

from __future__ import annotations

from tests.cogs.helpers import game_record, start_table, turn_posts
from tests.support.toy_game import TOY


async def test_buttons_and_forms_from_before_a_restart_still_work(make_bot, fake):
    bot = await make_bot()
    table = await start_table(fake, bot)
    alice, bob = table.players
    post = fake.last_post()
    bob_info = fake.last_post().snapshot()
    await fake.click(bot, alice, post, "Pass")
    bob_panel = (await fake.click(bot, bob, fake.last_post(), "Play")).reply
    opened_form = await fake.click(bot, bob, bob_panel, "Bid")
    assert opened_form.modal is not None
    await bot.close()
    assert bot.store is None  # closed with the bot

    # A new process: new Store, TableService and bot on the same SQLite file.
    again = await make_bot()
    assert again.service is not bot.service

    submitted = await fake.submit(again, bob, opened_form, {"amount": "33"})
    assert submitted.original.id == bob_panel.id and bob_panel.text == "✅ Done."
    assert fake.last_post().text.startswith("**bob** bids 33.")
    await fake.click(again, alice, fake.last_post(), "Call!")
    record = await game_record(again, table.game_id)
    assert record.status == "finished" and record.version == 3
    shown = await fake.click(again, bob, bob_info, "My private info")
    assert shown.reply.text.startswith("🔒 Your die")


async def test_an_old_turn_message_is_refused_after_a_restart_too(make_bot, fake):
    bot = await make_bot()
    table = await start_table(fake, bot)
    alice, bob = table.players
    old = fake.last_post().snapshot()
    await fake.click(bot, alice, fake.last_post(), "Pass")
    await bot.close()
    again = await make_bot()
    stale = await fake.click(again, bob, old, "Call!")
    assert "earlier turn" in stale.reply.text
    assert (await game_record(again, table.game_id)).version == 1


async def test_computer_moves_interrupted_by_a_crash_are_posted_when_ready(make_bot, fake):
    bot = await make_bot()
    table = await start_table(fake, bot, names=("alice",), computers=1)
    alice = table.host
    # The process dies right after Alice's move is committed, before the computer answers.
    record = await game_record(bot, table.game_id)
    engine = TOY.engine
    transition = engine.apply(engine.load(record.state), 0, "pass")
    await bot.store.commit_action(
        table.game_id,
        expected_version=record.version,
        seat=0,
        user_id=alice.id,
        action="pass",
        state=engine.dump(transition.state),
        public_events=[e.text for e in transition.events if e.public],
    )
    await bot.close()
    posts_before = len(turn_posts(fake))

    again = await make_bot()
    again.dispatch("ready")
    await fake.settle()

    assert len(turn_posts(fake)) == posts_before + 1
    post = fake.last_post()
    assert "**🤖 Computer 1** passes." in post.text
    assert post.mention_ids == [alice.id]
    assert (await game_record(again, table.game_id)).version == 2
    # A second ready (a gateway reconnect) does not post again.
    again.dispatch("ready")
    await fake.settle()
    assert len(turn_posts(fake)) == posts_before + 1
