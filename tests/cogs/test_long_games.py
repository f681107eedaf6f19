"""Long games through Discord (issue 13), on the fake Discord's clock: reminders ping only the
waited-on player and survive a restart, 🔕 Not this turn, quiet hours, turn clocks and taking a seat
back, /game mine, undo, rematch, reveal, replay, export, stats."""

from __future__ import annotations

import io
import json

from PIL import Image

from cogs.long_games import TimerPass
from tests.cogs.helpers import board, game_record, prompt_for, prompts, start_table


async def tick(bot) -> int:
    timers = bot.get_cog("TimerPass")
    assert isinstance(timers, TimerPass)
    return await timers.tick()


async def test_a_reminder_reposts_the_prompt_pinging_only_the_waited_on_player(bot, fake):
    table = await start_table(fake, bot)
    alice, bob = table.players
    first = prompt_for(fake, alice)
    fake.advance(minutes=12 * 60 - 1)
    assert await tick(bot) == 0
    fake.advance(minutes=1)
    pings = len(fake.pings)
    assert await tick(bot) == 1
    reminder = prompt_for(fake, alice)
    assert first.id in fake.deleted and reminder.id != first.id
    assert fake.pings[pings:] == [(reminder.id, alice.id)], "one ping, to her only"
    assert "⏰ Reminder: the game has waited 12 h for you." in reminder.text
    assert reminder.button_labels() == ["Pass", "Call!", "▶️ Play", "🔒 My private info", "🔕 Not this turn", "❓"]
    assert fake.channel_messages()[-1].id == reminder.id, "at the bottom of the channel"

    silenced = await fake.click(bot, bob, reminder, "Not this turn")
    assert silenced.reply.ephemeral and "Only the player" in silenced.reply.text
    silenced = await fake.click(bot, alice, reminder, "Not this turn")
    assert silenced.reply.ephemeral and "No more reminders for this turn" in silenced.reply.text
    fake.advance(minutes=24 * 60)
    dms = len(fake.dms(alice))
    assert await tick(bot) == 0 and len(fake.dms(alice)) == dms, "no DM after 🔕"

    await fake.click(bot, alice, reminder, "Pass")  # the reminder's buttons play the game
    assert (await game_record(bot, table.game_id)).version == 1
    assert [p.pinged_ids for p in prompts(fake)] == [[bob.id]]


async def test_a_reminder_due_while_the_bot_was_down_comes_once_after_the_restart(make_bot, fake):
    bot = await make_bot()
    table = await start_table(fake, bot)
    alice, _ = table.players
    await bot.close()
    fake.advance(minutes=13 * 60)
    again = await make_bot()
    assert await tick(again) == 1
    assert "has waited 13 h for you" in prompt_for(fake, alice).text
    assert await tick(again) == 0
    fake.advance(minutes=12 * 60)
    assert await tick(again) == 1
    assert "⏰ **Secret Sum** has waited 1 d 1 h for your move." in fake.dms(alice)[-1].text


async def test_settings_set_quiet_hours_that_reminders_respect(bot, fake):
    alice = fake.user("alice")
    shown = await fake.command(bot, alice, "game settings")
    assert shown.reply.ephemeral and "Time zone **UTC**, no quiet hours" in shown.reply.text
    saved = await fake.command(bot, alice, "game settings", time_zone="Asia/Tokyo", quiet="22-8")
    assert "Time zone **Asia/Tokyo**, quiet hours 22:00–08:00" in saved.reply.text
    bad = await fake.command(bot, alice, "game settings", time_zone="Mars/Olympus")
    assert "I don't know the time zone" in bad.reply.text
    choices = await fake.autocomplete(bot, alice, "game settings", "time_zone", time_zone="tokyo")
    assert [c["value"] for c in choices] == ["Asia/Tokyo"]

    bob = fake.user("bob")
    await fake.command(bot, alice, "game new", game="toy", remind="2h")
    await fake.click(bot, bob, fake.last_post(), "Join")
    await fake.click(bot, alice, fake.last_post(), "Start")
    fake.advance(minutes=2 * 60)  # 11:00 in Tokyo: not quiet
    assert await tick(bot) == 1
    await fake.command(bot, alice, "game settings", quiet="10-12")
    fake.advance(minutes=2 * 60)  # the DM is due at 13:00 in Tokyo: not quiet either
    assert await tick(bot) == 1


async def test_a_turn_clock_plays_for_the_player_and_the_seat_can_be_reclaimed(bot, fake):
    alice, bob = fake.user("alice"), fake.user("bob")
    created = await fake.command(bot, alice, "game new", game="toy", clock="1h", missed=1, remind="off")
    assert "table is open" in created.reply.text
    lobby = fake.last_post()
    assert "🔕 No reminders · ⌛ 1 h per move, then the computer decides" in lobby.text
    await fake.click(bot, bob, lobby, "Join")
    await fake.click(bot, alice, lobby, "Start")
    fake.advance(minutes=60)
    assert await tick(bot) == 1
    live = board(fake)
    assert "⌛ 🟥 **alice**'s time ran out (1 h): the computer chose for them." in live.text
    assert "a computer plays the seat until they take it back" in live.text
    assert [p.pinged_ids for p in prompts(fake)] == [[bob.id]]

    panel = await fake.click(bot, alice, live, "Play")
    assert panel.reply.ephemeral and panel.reply.button_labels() == ["🙋 Reclaim my seat"]
    await fake.click(bot, alice, panel.reply, "Reclaim my seat")
    assert "Your seat is yours again" in fake.messages[panel.reply.id].text
    record = await game_record(bot, (await bot.service.latest_game_id(fake.channel_id)) or 0)
    assert record.seats[0].user_id == alice.id
    assert "🟥 **alice** is back and plays their seat again." in board(fake).text


async def test_bad_time_options_are_refused_before_anything_opens(bot, fake):
    alice = fake.user("alice")
    refused = await fake.command(bot, alice, "game new", game="toy", clock="soon")
    assert refused.reply.ephemeral and "I can't read `soon` as a turn clock" in refused.reply.text
    refused = await fake.command(bot, alice, "game new", game="toy", missed=2)
    assert "give a turn clock too" in refused.reply.text
    assert fake.channel_messages() == []


async def test_mine_lists_my_games_privately_with_jump_links(bot, fake):
    table = await start_table(fake, bot)
    alice, bob = table.players
    fake.advance(minutes=90)
    mine = await fake.command(bot, alice, "game mine")
    assert mine.reply.ephemeral and mine.reply.visible_to == alice.id
    link = f"https://discord.com/channels/{fake.guild_id}/{fake.channel_id}"
    assert f"➡️ [Secret Sum](<{link}>)" in mine.reply.text and "**your move** for 1 h 30 min" in mine.reply.text
    theirs = await fake.command(bot, bob, "game mine")
    assert "waiting for 🟥 **alice** for 1 h 30 min" in theirs.reply.text
    assert mine.reply.pinged_ids == [] and theirs.reply.pinged_ids == []


async def test_undo_takes_back_a_move_and_the_table_sees_it(bot, fake):
    table = await start_table(fake, bot)
    alice, bob = table.players
    await fake.click(bot, alice, prompt_for(fake, alice), "Pass")
    refused = await fake.command(bot, bob, "game undo")
    assert refused.reply.ephemeral and "Only your own last move" in refused.reply.text
    undone = await fake.command(bot, alice, "game undo")
    assert undone.reply.ephemeral and undone.reply.has_button("Pass")
    assert "↩️ 🟥 **alice** took back their last move." in board(fake).text
    assert [p.pinged_ids for p in prompts(fake)] == [[alice.id]]
    assert (await game_record(bot, table.game_id)).version == 2


async def test_a_finished_game_offers_rematch_reveal_replay_and_export(bot, fake):
    table = await start_table(fake, bot, options="rounds=1")
    alice, bob = table.players
    early = await fake.command(bot, bob, "game export")
    assert "once it is over" in early.reply.text
    await fake.click(bot, alice, prompt_for(fake, alice), "Pass")
    await fake.click(bot, bob, prompt_for(fake, bob), "Call!")
    final = board(fake)

    reveal = await fake.command(bot, bob, "game reveal")
    assert reveal.reply.ephemeral and "Dice: 🟥 **alice**" in reveal.reply.text
    shared = await fake.command(bot, bob, "game reveal", public=True)
    assert not shared.reply.ephemeral and shared.reply.pinged_ids == []

    replay = await fake.command(bot, bob, "game replay")
    assert replay.reply.ephemeral
    names = [name for name, _ in replay.reply.attachments]
    assert names == [f"toy-{table.game_id}-replay.gif", f"toy-{table.game_id}-log.txt"]
    assert Image.open(io.BytesIO(replay.reply.attachments[0][1])).format == "GIF"
    assert "🟦 **bob** calls!" in replay.reply.attachments[1][1].decode()

    exported = await fake.command(bot, alice, "game export")
    [(name, data)] = exported.reply.attachments
    assert name == f"toy-{table.game_id}.json" and json.loads(data)["actions"][-1]["action"] == "call"

    rematch = await fake.click(bot, bob, final, "Rematch")
    assert rematch.reply.ephemeral and "rematch lobby is open" in rematch.reply.text
    lobby = fake.last_post()
    assert "Secret Sum — lobby" in lobby.text and "alice" in lobby.text and "bob" in lobby.text
    assert "Options: Rounds: 1" in lobby.text and lobby.pinged_ids == []
    await fake.click(bot, bob, lobby, "Start")
    assert (await bot.service.record(await bot.service.open_game_id(fake.channel_id))).status == "active"


async def test_stats_show_win_rates_lengths_and_can_be_shown_to_everyone(bot, fake):
    table = await start_table(fake, bot, options="rounds=1")
    alice, bob = table.players
    fake.advance(minutes=30)
    await fake.click(bot, alice, prompt_for(fake, alice), "Call!")
    mine = await fake.command(bot, alice, "game stats")
    assert mine.reply.ephemeral
    assert "1 game, 0 won" in mine.reply.text and "Secret Sum**: 1 played" in mine.reply.text
    assert "• Secret Sum: 1 finished, on average 1 move over 30 min · ended: called 1" in mine.reply.text
    assert f"**Most active:** <@{alice.id}> (1 game), <@{bob.id}> (1 game)" in mine.reply.text
    shared = await fake.command(bot, alice, "game stats", public=True)
    assert not shared.reply.ephemeral and shared.reply.pinged_ids == []


async def test_a_spectator_follows_a_thread_game_without_being_pinged(bot, fake):
    alice, carol = fake.user("alice"), fake.user("carol")
    nothing = await fake.command(bot, carol, "game follow")
    assert "no game in this channel" in nothing.reply.text
    await fake.command(bot, alice, "game new", game="longtoy")
    [thread] = fake.threads_created
    followed = await fake.command(bot, carol, "game follow", channel_id=thread)
    assert followed.reply.ephemeral and "You follow this game's thread" in followed.reply.text
    assert ("PUT", f"/channels/{thread}/thread-members/{carol.id}") in fake.requests
    assert fake.pings_of(carol) == 0


async def test_the_timer_pass_starts_when_connected_repeats_and_stops_with_the_bot(bot, fake):
    timers = bot.get_cog("TimerPass")
    assert isinstance(timers, TimerPass) and timers._handle is None, "nothing runs before the bot is connected"
    table = await start_table(fake, bot)
    alice, _ = table.players
    await timers.on_ready()
    first = timers._handle
    assert first is not None, "a first pass is due at once"
    await timers.on_ready()  # a reconnect
    assert timers._handle is first, "one pass at a time"
    fake.advance(minutes=12 * 60)
    first.cancel()
    timers._start()  # what the event loop does when the pass is due
    running = timers._running
    assert running is not None
    await running
    assert "Reminder" in prompt_for(fake, alice).text
    assert timers._handle is not None and timers._running is None, "the next pass is scheduled"
    await bot.remove_cog("TimerPass")
    assert timers._handle.cancelled()
