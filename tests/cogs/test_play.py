"""Playing by clicks: moves, private information, refusals, forms, races and bugs."""

from __future__ import annotations

import asyncio
import logging
import re

from tests.cogs.helpers import game_record, start_table, turn_posts
from tests.support.toy_game import TOY


async def test_a_click_posts_a_fresh_turn_message_and_clears_the_old_buttons(bot, fake):
    table = await start_table(fake, bot)
    alice, bob = table.players
    first = fake.last_post()

    clicked = await fake.click(bot, alice, first, "Pass")

    assert clicked.response_type == 6 and clicked.created == []  # deferred; the new post says it all
    post = fake.last_post()
    assert post.id != first.id
    assert post.text.startswith("**alice** passes.")
    assert post.attachments and post.attachments[0][0] == f"toy-{table.game_id}-1.png"
    assert f"<@{bob.id}>" in post.text and post.mention_ids == [bob.id]
    assert not post.may_ping_everyone_or_roles
    assert first.buttons == [] and first.text.startswith("The game begins")  # old board kept, buttons gone
    record = await game_record(bot, table.game_id)
    assert record.version == 1 and record.last_post_id == post.id


async def test_the_game_runs_to_its_result(bot, fake):
    table = await start_table(fake, bot, options="rounds=1")
    alice, bob = table.players
    await fake.click(bot, alice, fake.last_post(), "Pass")
    await fake.click(bot, bob, fake.last_post(), "Call!")
    final = fake.last_post()
    record = await game_record(bot, table.game_id)
    assert record.status == "finished"
    assert "Dice revealed" in final.text and "Winner" in final.text
    assert final.buttons == [] and final.mention_ids == []
    assert all(m.buttons == [] for m in fake.dms(alice) + fake.dms(bob))


async def test_private_information_goes_by_dm_and_by_the_lock_button(bot, fake):
    table = await start_table(fake, bot)
    alice, bob = table.players
    dice = (await game_record(bot, table.game_id)).state["dice"]

    # Alice peeks at Bob's die from her DM panel: a private choice.
    dm_panel = fake.dms(alice)[0]
    await fake.click(bot, alice, dm_panel, "Peek at bob's die")
    assert dm_panel.buttons == []  # used
    secret_dm = fake.dms(alice)[-1]
    assert f"**bob**'s die shows {dice[1]}." in secret_dm.text
    assert "**alice** peeks at **bob**'s die." in fake.last_post().text

    shown = await fake.click(bot, alice, fake.last_post(), "My private info")
    assert shown.reply.ephemeral and shown.reply.visible_to == alice.id
    assert shown.reply.text == f"🔒 Your die: **{dice[0]}**\n**bob**'s die: {dice[1]}"
    bobs = await fake.click(bot, bob, fake.last_post(), "My private info")
    assert bobs.reply.text == f"🔒 Your die: **{dice[1]}**"

    outsider = fake.user("carol")
    refused = await fake.click(bot, outsider, fake.last_post(), "My private info")
    assert "not playing" in refused.reply.text

    public = fake.everything_public()
    assert "die shows" not in public and "Your die" not in public


async def test_closed_dms_get_one_notice_in_the_channel_without_secrets(bot, fake):
    alice, bob = fake.user("alice"), fake.user("bob")
    fake.close_dms(bob)
    await fake.command(bot, alice, "game new", game="toy")
    await fake.click(bot, bob, fake.last_post(), "Join")
    await fake.click(bot, alice, fake.last_post(), "Start")

    notices = [m for m in fake.channel_messages() if "can't send you direct messages" in m.text]
    assert len(notices) == 1
    notice = notices[0]
    assert f"<@{bob.id}>" in notice.text and notice.mention_ids == [bob.id]
    assert "🔒 My private info" in notice.text
    assert "die" not in notice.text.lower()
    assert fake.dms(bob) == []

    # Bob peeks on his turn (a private event for him): still only one notice.
    await fake.click(bot, alice, turn_posts(fake)[-1], "Pass")
    panel = await fake.click(bot, bob, fake.last_post(), "Play")
    await fake.click(bot, bob, panel.reply, "Peek at alice's die")
    assert len([m for m in fake.channel_messages() if "can't send you direct messages" in m.text]) == 1
    # ...and the lock button gives him what the DM would have.
    record = await bot.store.open_game_in_channel(fake.channel_id)
    dice = record.state["dice"]
    shown = await fake.click(bot, bob, fake.last_post(), "My private info")
    assert f"**alice**'s die: {dice[0]}" in shown.reply.text


async def test_play_opens_the_clickers_panel_which_updates_in_place(bot, fake):
    table = await start_table(fake, bot)
    alice, bob = table.players
    opened = await fake.click(bot, alice, fake.last_post(), "Play")
    panel = opened.reply
    assert panel.ephemeral and panel.visible_to == alice.id
    assert panel.text.startswith("**Pass, call, peek or bid.**")
    assert panel.button_labels() == ["Pass", "Call!", "Peek at bob's die", "📝 Bid…"]

    waiting = await fake.click(bot, bob, fake.last_post(), "Play")
    assert waiting.reply.text.endswith("It's not your turn. Waiting for **alice**.")
    assert waiting.reply.buttons == []

    await fake.click(bot, alice, panel, "Pass")
    assert panel.text == "✅ Done." and panel.buttons == []


async def test_a_stale_click_is_refused_with_a_fresh_panel_and_changes_nothing(bot, fake):
    table = await start_table(fake, bot)
    alice, bob = table.players
    old_post = fake.last_post().snapshot()  # a phone that has not refreshed yet
    await fake.click(bot, alice, fake.last_post(), "Pass")
    before = await game_record(bot, table.game_id)
    posts_before = len(fake.channel_messages())

    stale = await fake.click(bot, bob, old_post, "Pass")

    assert stale.reply.ephemeral and stale.reply.visible_to == bob.id
    assert stale.reply.text.startswith("That button is from an earlier turn, so nothing happened.")
    assert "**Pass, call, peek or bid.**" in stale.reply.text  # Bob's current decision...
    assert "Peek at alice's die" in stale.reply.button_labels()  # ...with its buttons
    after = await game_record(bot, table.game_id)
    assert (after.version, after.state) == (before.version, before.state)
    assert len(fake.channel_messages()) == posts_before

    # The fresh panel works.
    await fake.click(bot, bob, stale.reply, "Pass")
    assert (await game_record(bot, table.game_id)).version == 2


async def test_clicks_by_the_wrong_people_are_refused(bot, fake):
    table = await start_table(fake, bot)
    _alice, bob = table.players
    before = await game_record(bot, table.game_id)

    not_yours = await fake.click(bot, bob, fake.last_post(), "Pass")
    assert not_yours.reply.text == "It's not your turn. Waiting for **alice**."
    assert not_yours.reply.ephemeral

    carol = fake.user("carol")
    outsider = await fake.click(bot, carol, fake.last_post(), "Call!")
    assert outsider.reply.text == "You are not playing in this game. Start your own with `/game new`."

    after = await game_record(bot, table.game_id)
    assert (after.version, after.state) == (before.version, before.state)
    assert len(turn_posts(fake)) == 1


async def test_a_form_opens_a_prefilled_modal_and_validates_the_answer(bot, fake):
    table = await start_table(fake, bot)
    alice, _bob = table.players
    panel = (await fake.click(bot, alice, fake.last_post(), "Play")).reply

    opened = await fake.click(bot, alice, panel, "Bid")
    assert opened.response_type == 9
    assert opened.modal["title"] == "Place a bid"
    field = opened.modal["components"][0]
    assert field["label"] == "Your bid (1-99)"
    assert field["component"]["custom_id"] == "amount" and field["component"]["value"] == "10"

    before = await game_record(bot, table.game_id)
    invalid = await fake.submit(bot, alice, opened, {"amount": "lots"})
    assert invalid.reply.ephemeral and invalid.reply.text == "A bid is a whole number from 1 to 99."
    after = await game_record(bot, table.game_id)
    assert (after.version, after.state) == (before.version, before.state)
    assert panel.buttons != []  # still usable

    await fake.submit(bot, alice, opened, {"amount": "42"})
    assert fake.last_post().text.startswith("**alice** bids 42.")
    assert (await game_record(bot, table.game_id)).state["bids"] == [42, 0]
    assert panel.text == "✅ Done."

    # The same modal submitted again is from an earlier turn now.
    again = await fake.submit(bot, alice, opened, {"amount": "43"})
    assert "earlier turn" in again.reply.text


async def test_a_form_from_an_old_panel_does_not_open(bot, fake):
    table = await start_table(fake, bot)
    alice, _bob = table.players
    panel = (await fake.click(bot, alice, fake.last_post(), "Play")).reply.snapshot()
    await fake.click(bot, alice, fake.last_post(), "Pass")
    refused = await fake.click(bot, alice, panel, "Bid")
    assert refused.modal is None and "earlier turn" in refused.reply.text


async def test_two_identical_clicks_at_once_apply_once(bot, fake):
    table = await start_table(fake, bot)
    alice, _bob = table.players
    post = fake.last_post().snapshot()

    first, second = await asyncio.gather(
        fake.click(bot, alice, post, "Pass"),
        fake.click(bot, alice, post, "Pass"),
    )

    record = await game_record(bot, table.game_id)
    assert record.version == 1
    assert len(turn_posts(fake)) == 2  # the start and exactly one move
    refusals = [r for r in (first, second) if r.created]
    assert len(refusals) == 1 and "earlier turn" in refusals[0].reply.text
    assert sum(1 for m in fake.channel_messages() if "passes" in m.text) == 1


async def test_an_unexpected_error_apologises_with_a_reference_and_changes_nothing(bot, fake, monkeypatch, caplog):
    table = await start_table(fake, bot)
    alice, _bob = table.players
    before = await game_record(bot, table.game_id)

    def broken_apply(state, seat, action):
        raise ZeroDivisionError("engine bug")

    with monkeypatch.context() as patched, caplog.at_level(logging.ERROR, logger="cogs.errors"):
        patched.setattr(TOY.engine, "apply", broken_apply)
        failed = await fake.click(bot, alice, fake.last_post(), "Pass")

    assert failed.reply.ephemeral and failed.reply.visible_to == alice.id
    match = re.search(r"reference `([0-9a-f]{8})`", failed.reply.text)
    assert match and failed.reply.text.startswith("😵 Sorry, something went wrong")
    logged = [r for r in caplog.records if match.group(1) in r.getMessage()]
    assert logged and logged[0].exc_info[0] is ZeroDivisionError
    assert "gm:a:1:0" in logged[0].getMessage() and "pass" not in logged[0].getMessage().split("gm:a:1:0")[1]
    after = await game_record(bot, table.game_id)
    assert (after.version, after.state) == (before.version, before.state)
    assert len(turn_posts(fake)) == 1

    # Once the bug is gone, the same button works.
    await fake.click(bot, alice, fake.last_post(), "Pass")
    assert (await game_record(bot, table.game_id)).version == 1


async def test_an_unexpected_error_in_a_command_is_reported_too(bot, fake, monkeypatch, caplog):
    alice = fake.user("alice")

    async def broken(*args, **kwargs):
        raise RuntimeError("store exploded")

    monkeypatch.setattr(bot.service, "create", broken)
    with caplog.at_level(logging.ERROR, logger="cogs.errors"):
        answer = await fake.command(bot, alice, "game new", game="toy")
    assert "reference" in answer.reply.text and answer.reply.ephemeral
    assert any("/game new" in r.getMessage() for r in caplog.records)
    assert fake.channel_messages() == []


async def test_dm_panel_clicks_work_and_outdated_dm_buttons_are_cleared(bot, fake):
    table = await start_table(fake, bot, names=("alice", "bob", "carol"))
    alice, bob, _carol = table.players
    welcome = fake.dms(alice)[0]
    assert welcome.buttons
    # Alice moves from the public post instead: her DM panel is outdated and loses its buttons.
    await fake.click(bot, alice, fake.last_post(), "Pass")
    assert welcome.buttons == []
    # Bob bids from his DM panel.
    bob_panel = fake.dms(bob)[-1]
    opened = await fake.click(bot, bob, bob_panel, "Bid")
    await fake.submit(bot, bob, opened, {"amount": "7"})
    assert fake.last_post().text.startswith("**bob** bids 7.")
    assert bob_panel.buttons == []
