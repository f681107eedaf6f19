"""Playing by clicks: prompts and the live board, private information, refusals, forms, races, bugs."""

from __future__ import annotations

import asyncio
import logging
import re

from tests.cogs.helpers import board, boards, game_record, prompt_for, prompts, start_table
from tests.support.toy_game import TOY


async def test_a_click_answers_with_the_prompts_own_update_and_pings_only_the_next_player(bot, fake):
    table = await start_table(fake, bot)
    alice, bob = table.players
    first = prompt_for(fake, alice)
    old_board = board(fake)

    clicked = await fake.click(bot, alice, first, "Pass")

    assert clicked.response_type == 7 and clicked.created == [], "the clicked prompt became the board: one call"
    live = board(fake)
    assert live.id == first.id and old_board.id in fake.deleted
    assert "🟥 **alice** passes." in live.text and live.attachments[0][0] == f"toy-{table.game_id}.png"
    assert live.pinged_ids == [] and live.button_labels() == ["▶️ Play", "🔒 My private info"]
    [next_prompt] = prompts(fake)
    assert next_prompt.pinged_ids == [bob.id] and f"<@{alice.id}>" not in next_prompt.text
    assert not next_prompt.may_ping_everyone_or_roles
    assert fake.channel_messages()[-2:] == [live, next_prompt], "the board sits right above the newest prompt"
    record = await game_record(bot, table.game_id)
    assert record.version == 1


async def test_the_game_runs_to_its_result(bot, fake):
    table = await start_table(fake, bot, options="rounds=1")
    alice, bob = table.players
    await fake.click(bot, alice, prompt_for(fake, alice), "Pass")
    await fake.click(bot, bob, prompt_for(fake, bob), "Call!")
    final = board(fake)
    record = await game_record(bot, table.game_id)
    assert record.status == "finished"
    assert "Dice revealed" in final.text and "Winner" in final.text and "🏁 **Game over**" in final.text
    assert final.button_labels() == ["🔁 Rematch"] and prompts(fake) == []
    assert len(fake.channel_messages()) == 2, "the lobby and the board: the channel reads like a game"


async def test_private_information_goes_to_its_player_and_behind_the_lock_button(bot, fake):
    table = await start_table(fake, bot)
    alice, bob = table.players
    dice = (await game_record(bot, table.game_id)).state["dice"]

    panel = (await fake.click(bot, alice, prompt_for(fake, alice), "Play")).reply
    await fake.click(bot, alice, panel, "Peek at 🟦 bob's die")
    assert panel.text.startswith(f"🟦 **bob**'s die shows {dice[1]}."), "shown where she clicked"
    assert len(fake.dms(alice)) == 1, "only her welcome: she saw the peek in her panel"
    assert "🟥 **alice** peeks at 🟦 **bob**'s die." in board(fake).text

    shown = await fake.click(bot, alice, board(fake), "My private info")
    assert shown.reply.ephemeral and shown.reply.visible_to == alice.id
    assert shown.reply.text == f"🔒 Your die: **{dice[0]}**\n🟦 **bob**'s die: {dice[1]}"
    assert shown.reply.buttons == [], "DMs are open: nothing to switch back on"
    bobs = await fake.click(bot, bob, board(fake), "My private info")
    assert bobs.reply.text == f"🔒 Your die: **{dice[1]}**"

    outsider = fake.user("carol")
    refused = await fake.click(bot, outsider, board(fake), "My private info")
    assert "not playing" in refused.reply.text

    public = fake.everything_public()
    assert "die shows" not in public and "Your die" not in public


async def test_closed_dms_are_tried_once_shown_as_closed_and_can_be_switched_back_on(bot, fake):
    alice, bob = fake.user("alice"), fake.user("bob")
    fake.close_dms(bob)
    await fake.command(bot, alice, "game new", game="toy")
    await fake.click(bot, bob, fake.last_post(), "Join")
    await fake.click(bot, alice, fake.last_post(), "Start")
    assert fake.dms(bob) == [] and fake.dm_attempts(bob) == 1
    assert not [m for m in fake.channel_messages() if "direct messages" in m.text and "<@" in m.text], "no notice"

    await fake.click(bot, alice, prompt_for(fake, alice), "Pass")
    prompt = prompt_for(fake, bob)
    assert "📪" in prompt.text and "🔒 My private info" in prompt.text
    assert "🟦 **bob** 📪" in board(fake).text
    panel = await fake.click(bot, bob, prompt, "Play")
    await fake.click(bot, bob, panel.reply, "Peek at 🟥 alice's die")  # a new secret for Bob
    assert fake.dm_attempts(bob) == 1, "a refused DM is never tried again"

    dice = (await game_record(bot, (await bot.service.latest_game_id(fake.channel_id)) or 0)).state["dice"]
    shown = await fake.click(bot, bob, board(fake), "My private info")
    assert f"🟥 **alice**'s die: {dice[0]}" in shown.reply.text and "can't send you DMs" in shown.reply.text
    still = await fake.click(bot, bob, shown.reply, "Send me DMs again")
    assert "still refuses" in shown.reply.text and fake.dm_attempts(bob) == 2 and still.response_type == 7
    fake.open_dms(bob)
    await fake.click(bot, bob, shown.reply, "Send me DMs again")
    assert "Sent you a DM" in shown.reply.text
    assert f"Your die: **{dice[1]}**" in fake.dms(bob)[-1].text


async def test_play_opens_the_clickers_panel_which_updates_in_place(bot, fake):
    table = await start_table(fake, bot)
    alice, bob = table.players
    opened = await fake.click(bot, alice, prompt_for(fake, alice), "Play")
    panel = opened.reply
    assert panel.ephemeral and panel.visible_to == alice.id
    assert panel.text.startswith("**Pass, call, peek or bid.**")
    assert panel.button_labels() == ["Pass", "Call!", "Peek at 🟦 bob's die", "📝 Bid…", "❓"]

    waiting = await fake.click(bot, bob, board(fake), "Play")
    assert waiting.reply.text.endswith("It's not your turn. Waiting for 🟥 **alice**.")
    assert waiting.reply.buttons == []

    clicked = await fake.click(bot, alice, panel, "Pass")
    assert clicked.response_type == 6 and panel.id in fake.deleted, "nothing new to show her: the panel goes"


async def test_a_stale_click_is_refused_with_a_fresh_panel_and_changes_nothing(bot, fake):
    table = await start_table(fake, bot)
    alice, bob = table.players
    old_prompt = prompt_for(fake, alice).snapshot()  # a phone that has not refreshed yet
    await fake.click(bot, alice, prompt_for(fake, alice), "Pass")
    before = await game_record(bot, table.game_id)
    messages_before = len(fake.channel_messages())

    stale = await fake.click(bot, bob, old_prompt, "Pass")

    assert stale.reply.ephemeral and stale.reply.visible_to == bob.id
    assert stale.reply.text.startswith("That button is from an earlier turn, so nothing happened.")
    assert "**Pass, call, peek or bid.**" in stale.reply.text  # Bob's current decision...
    assert "Peek at 🟥 alice's die" in stale.reply.button_labels()  # ...with its buttons
    after = await game_record(bot, table.game_id)
    assert (after.version, after.state) == (before.version, before.state)
    assert len(fake.channel_messages()) == messages_before

    # The fresh panel works.
    await fake.click(bot, bob, stale.reply, "Pass")
    assert (await game_record(bot, table.game_id)).version == 2


async def test_clicks_by_the_wrong_people_are_refused(bot, fake):
    table = await start_table(fake, bot)
    _alice, bob = table.players
    before = await game_record(bot, table.game_id)
    prompt = prompt_for(fake, table.host)

    not_yours = await fake.click(bot, bob, prompt, "Pass")
    assert not_yours.reply.text == "It's not your turn. Waiting for 🟥 **alice**."
    assert not_yours.reply.ephemeral

    carol = fake.user("carol")
    outsider = await fake.click(bot, carol, prompt, "Call!")
    assert outsider.reply.text == "You are not playing in this game. Start your own with `/game new`."

    after = await game_record(bot, table.game_id)
    assert (after.version, after.state) == (before.version, before.state)
    assert prompts(fake) == [prompt]


async def test_forged_ids_are_refused_privately_and_never_crash(bot, fake, caplog):
    table = await start_table(fake, bot)
    prompt = prompt_for(fake, table.host)
    huge = "9" * 30
    for custom_id in (
        f"gm:a:{huge}:0:pass",
        f"gm:a:{table.game_id}:{huge}:pass",
        "gm:a:١:0:pass",  # an Arabic-Indic digit: Python's isdigit() says yes
        f"gm:priv:{2**63}",
        f"gm:lobby:{table.game_id}:explode",
        "gm:whatever",
    ):
        with caplog.at_level(logging.ERROR):
            answer = await fake.click_id(bot, table.host, prompt, custom_id)
        assert answer.reply.ephemeral, custom_id
        assert "don't know" in answer.reply.text or "isn't one I know" in answer.reply.text, custom_id
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert (await game_record(bot, table.game_id)).version == 0


async def test_a_form_opens_a_prefilled_modal_and_validates_the_answer(bot, fake):
    table = await start_table(fake, bot)
    alice, _bob = table.players
    panel = (await fake.click(bot, alice, prompt_for(fake, alice), "Play")).reply

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
    assert "🟥 **alice** bids 42." in board(fake).text
    assert (await game_record(bot, table.game_id)).state["bids"] == [42, 0]
    assert panel.id in fake.deleted

    # The same modal submitted again is from an earlier turn now.
    again = await fake.submit(bot, alice, opened, {"amount": "43"})
    assert "earlier turn" in again.reply.text


async def test_a_form_from_an_old_panel_does_not_open(bot, fake):
    table = await start_table(fake, bot)
    alice, _bob = table.players
    panel = (await fake.click(bot, alice, prompt_for(fake, alice), "Play")).reply.snapshot()
    await fake.click(bot, alice, prompt_for(fake, alice), "Pass")
    refused = await fake.click(bot, alice, panel, "Bid")
    assert refused.modal is None and "earlier turn" in refused.reply.text


async def test_two_identical_clicks_at_once_apply_once(bot, fake):
    table = await start_table(fake, bot)
    alice, _bob = table.players
    prompt = prompt_for(fake, alice).snapshot()

    first, second = await asyncio.gather(
        fake.click(bot, alice, prompt, "Pass"),
        fake.click(bot, alice, prompt, "Pass"),
    )

    record = await game_record(bot, table.game_id)
    assert record.version == 1
    refusals = [r for r in (first, second) if r.created]
    assert len(refusals) == 1 and "earlier turn" in refusals[0].reply.text
    assert board(fake).text.count("passes") == 1 and len(boards(fake)) == 1


async def test_an_unexpected_error_apologises_with_a_reference_and_changes_nothing(bot, fake, monkeypatch, caplog):
    table = await start_table(fake, bot)
    alice, _bob = table.players
    before = await game_record(bot, table.game_id)

    def broken_apply(state, seat, action):
        raise ZeroDivisionError("engine bug")

    with monkeypatch.context() as patched, caplog.at_level(logging.ERROR, logger="cogs.errors"):
        patched.setattr(TOY.engine, "apply", broken_apply)
        failed = await fake.click(bot, alice, prompt_for(fake, alice), "Pass")

    assert failed.reply.ephemeral and failed.reply.visible_to == alice.id
    match = re.search(r"reference `([0-9a-f]{8})`", failed.reply.text)
    assert match and failed.reply.text.startswith("😵 Sorry, something went wrong")
    logged = [r for r in caplog.records if match.group(1) in r.getMessage()]
    assert logged and logged[0].exc_info[0] is ZeroDivisionError
    message = logged[0].getMessage()
    assert f"gm:a:{table.game_id}:0" in message and "pass" not in message.split(f"gm:a:{table.game_id}:0")[1]
    after = await game_record(bot, table.game_id)
    assert (after.version, after.state) == (before.version, before.state)

    # Once the bug is gone, the same button works.
    await fake.click(bot, alice, prompt_for(fake, alice), "Pass")
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


async def test_forged_forms_and_pages_are_refused_privately(bot, fake):
    from bot.devtools.fake_discord import InteractionRecord

    table = await start_table(fake, bot)
    alice = table.host
    panel = (await fake.click(bot, alice, prompt_for(fake, alice), "Play")).reply
    field = {"type": 18, "component": {"type": 4, "custom_id": "amount", "value": "5"}}
    for custom_id in (f"gm:modal:{'9' * 30}:0:bid", f"gm:modal:{table.game_id}:{'9' * 30}:bid"):
        forged = InteractionRecord(
            0, "t", 3, alice, fake.channel_id, panel, modal={"custom_id": custom_id, "components": [field]}
        )
        answer = await fake.submit(bot, alice, forged)
        assert answer.reply.ephemeral and "don't know" in answer.reply.text
    menu = {
        "type": 3,
        "custom_id": f"gm:s:{table.game_id}:0:0:move",
        "options": [{"label": "x", "value": "gm:page:" + "9" * 40}],
    }
    forged_panel = panel.snapshot()
    forged_panel.components = [{"type": 1, "components": [menu]}]
    paged = await fake.choose(bot, alice, forged_panel, "x")
    assert "page is not one I know" in paged.reply.text
    assert (await game_record(bot, table.game_id)).version == 0
