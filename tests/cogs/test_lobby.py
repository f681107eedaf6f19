"""From `/game new` to the first turn: lobby, join, computers, start, threads, options."""

from __future__ import annotations

from tests.cogs.helpers import game_record, open_table, start_table, turn_posts


async def test_game_new_posts_a_lobby_with_buttons_and_tells_only_the_host(bot, fake):
    alice = fake.user("alice")

    answer = await fake.command(bot, alice, "game new", game="toy")

    assert answer.reply.ephemeral and answer.reply.visible_to == alice.id
    assert "Secret Sum" in answer.reply.text and "open below" in answer.reply.text
    lobby = fake.last_post()
    assert not lobby.ephemeral
    assert "Secret Sum — lobby" in lobby.text and "1. alice" in lobby.text
    assert lobby.button_labels() == ["🙋 Join", "🚪 Leave", "➕ Computer", "➖ Computer", "🎲 Start"]
    assert lobby.mention_ids == [] and not lobby.may_ping_everyone_or_roles
    record = await bot.store.open_game_in_channel(fake.channel_id)
    assert record.status == "lobby" and record.last_post_id == lobby.id


async def test_join_leave_and_computers_edit_the_lobby_in_place(bot, fake):
    table = await open_table(fake, bot, names=("alice", "bob"))
    alice, bob = table.players
    lobby = fake.last_post()
    assert "2. bob" in lobby.text
    assert fake.ephemerals(bob)[-1].text == "You joined **Secret Sum**."

    again = await fake.click(bot, bob, lobby, "Join")
    assert again.reply.text == "You already have a seat at this table."

    stranger = fake.user("carol")
    refused = await fake.click(bot, stranger, lobby, "➕ Computer")
    assert "host" in refused.reply.text.lower()

    await fake.click(bot, alice, lobby, "➕ Computer")
    assert "🤖 Computer 1" in lobby.text and "(3/3)" in lobby.text
    full = await fake.click(bot, stranger, lobby, "Join")
    assert full.reply.text == "The table is full (3 seats)."
    await fake.click(bot, alice, lobby, "➖ Computer")
    assert "Computer" not in lobby.text.split("Seats")[1]

    await fake.click(bot, bob, lobby, "Leave")
    assert "2. bob" not in lobby.text
    # The lobby was edited, never re-posted.
    assert [m.id for m in fake.channel_messages()] == [lobby.id]


async def test_start_posts_the_board_pings_the_first_player_and_sends_welcome_dms(bot, fake):
    table = await open_table(fake, bot, names=("alice", "bob"))
    alice, bob = table.players
    lobby = fake.last_post()

    started = await fake.click(bot, alice, lobby, "Start")

    assert started.created == []  # the new turn message says it all
    assert lobby.buttons == [] and "The game has started below." in lobby.text
    post = fake.last_post()
    assert post.attachments and post.attachments[0][0].endswith(".png")
    assert post.attachments[0][1].startswith(b"\x89PNG")
    assert f"<@{alice.id}>" in post.text
    assert post.mention_ids == [alice.id] and not post.may_ping_everyone_or_roles
    assert post.button_labels() == ["Pass", "Call!", "▶️ Play", "🔒 My private info"]
    record = await game_record(bot, table.game_id)
    assert record.status == "active" and record.last_post_id == post.id
    dice = record.state["dice"]
    for seat, user in enumerate((alice, bob)):
        welcome = fake.dms(user)[0]
        assert "has started" in welcome.text and f"Your die: **{dice[seat]}**" in welcome.text
        assert f"https://discord.com/channels/{fake.guild_id}/{fake.channel_id}/{post.id}" in welcome.text
    # Alice must act and has a private choice (peek) and a form: her DM carries her panel.
    assert "Peek at bob's die" in fake.dms(alice)[0].button_labels()
    assert fake.dms(bob)[0].buttons == []


async def test_only_the_host_starts_and_not_alone(bot, fake):
    table = await open_table(fake, bot, names=("alice",))
    lobby = fake.last_post()
    alone = await fake.click(bot, table.host, lobby, "Start")
    assert alone.reply.text == "Secret Sum needs 2-3 players (this table has 1)."
    bob = fake.user("bob")
    await fake.click(bot, bob, lobby, "Join")
    not_host = await fake.click(bot, bob, lobby, "Start")
    assert "host" in not_host.reply.text.lower()
    assert (await game_record(bot, table.game_id)).status == "lobby"


async def test_computers_option_and_start_by_command(bot, fake):
    alice = fake.user("alice")
    await fake.command(bot, alice, "game new", game="toy", computers=1)
    assert "🤖 Computer 1" in fake.last_post().text
    answer = await fake.command(bot, alice, "game start")
    assert answer.reply.text == "The game has started."
    assert turn_posts(fake)[-1].mention_ids == [alice.id]


async def test_join_and_leave_by_command(bot, fake):
    alice, bob = fake.user("alice"), fake.user("bob")
    await fake.command(bot, alice, "game new", game="toy")
    joined = await fake.command(bot, bob, "game join")
    assert joined.reply.text == "You joined **Secret Sum**."
    assert "2. bob" in fake.last_post().text
    left = await fake.command(bot, bob, "game leave")
    assert left.reply.text == "You left the table."
    assert "bob" not in fake.last_post().text


async def test_one_open_game_per_channel(bot, fake):
    await open_table(fake, bot, names=("alice",))
    bob = fake.user("bob")
    busy = await fake.command(bot, bob, "game new", game="toy")
    assert "already has a game" in busy.reply.text
    assert busy.reply.ephemeral


async def test_options_are_parsed_and_validated_before_anything_is_created(bot, fake):
    alice = fake.user("alice")
    bad = await fake.command(bot, alice, "game new", game="toy", options="rounds=9")
    assert bad.reply.ephemeral and bad.reply.text == "Option **Rounds** must be at most 5."
    unknown = await fake.command(bot, alice, "game new", game="toy", options="speed=3")
    assert unknown.reply.text == "Unknown option `speed` for Secret Sum. Its options: `rounds`."
    no_game = await fake.command(bot, alice, "game new", game="chess")
    assert no_game.reply.text.startswith("There is no game called `chess`.")
    too_many = await fake.command(bot, alice, "game new", game="toy", computers=3)
    assert "at most 3 players" in too_many.reply.text
    assert await bot.store.count_games() == 0
    assert fake.channel_messages() == []

    ok = await fake.command(bot, alice, "game new", game="toy", options="rounds=2")
    assert "table is open" in ok.reply.text
    assert (await bot.store.open_game_in_channel(fake.channel_id)).options == {"rounds": 2}


async def test_autocomplete_offers_games_and_their_options(bot, fake):
    alice = fake.user("alice")
    games = await fake.autocomplete(bot, alice, "game new", "game", game="se")
    assert {"name": "Secret Sum (2-3 players)", "value": "toy"} in games
    assert all(c["value"] in ("toy", "longtoy", "wide", "mutiny", "mccc") for c in games)

    options = await fake.autocomplete(bot, alice, "game new", "options", game="toy", options="")
    assert options == [{"name": "rounds=3 · Rounds", "value": "rounds=3"}]
    values = await fake.autocomplete(bot, alice, "game new", "options", game="toy", options="rounds=")
    assert [c["value"] for c in values] == ["rounds=1", "rounds=2", "rounds=3", "rounds=4", "rounds=5"]


async def test_long_games_get_their_own_thread(bot, fake):
    alice = fake.user("alice")
    answer = await fake.command(bot, alice, "game new", game="longtoy")
    assert len(fake.threads_created) == 1
    thread = fake.threads_created[0]
    assert f"<#{thread}>" in answer.reply.text
    assert fake.channels[thread]["name"] == "Long Secret Sum · alice's table"
    assert fake.channels[thread]["thread_metadata"]["auto_archive_duration"] == 10080
    assert fake.channel_messages() == []  # nothing in the parent channel
    lobby = fake.last_post(thread)
    assert "lobby" in lobby.text
    record = await bot.store.open_game_in_channel(thread)
    assert record.parent_channel_id == fake.channel_id and record.channel_id == thread
    assert ("PUT", f"/channels/{thread}/thread-members/{alice.id}") in fake.requests

    # The game plays in the thread, buttons and all.
    bob = fake.user("bob")
    await fake.click(bot, bob, lobby, "Join")
    await fake.click(bot, alice, lobby, "Start")
    post = fake.last_post(thread)
    await fake.click(bot, alice, post, "Pass")
    assert fake.last_post(thread).mention_ids == [bob.id]


async def test_thread_can_be_asked_for_or_declined(bot, fake):
    alice = fake.user("alice")
    await fake.command(bot, alice, "game new", game="toy", thread=True)
    assert len(fake.threads_created) == 1
    await fake.command(bot, alice, "game new", game="longtoy", thread=False)
    assert len(fake.threads_created) == 1
    assert "lobby" in fake.last_post().text


async def test_without_thread_permission_long_games_stay_in_the_channel(bot, fake):
    fake.bot_permissions &= ~(1 << 35)  # no Create Public Threads
    alice = fake.user("alice")
    refused = await fake.command(bot, alice, "game new", game="toy", thread=True)
    assert "Create Public Threads" in refused.reply.text
    answer = await fake.command(bot, alice, "game new", game="longtoy")
    assert "open below" in answer.reply.text and fake.threads_created == []


async def test_missing_channel_permissions_are_named(bot, fake):
    fake.bot_permissions &= ~(1 << 15)  # no Attach Files
    alice = fake.user("alice")
    refused = await fake.command(bot, alice, "game new", game="toy")
    assert refused.reply.text == "I can't run a game here: I'm missing **Attach Files** in this channel."
    assert await bot.store.count_games() == 0


async def test_started_game_can_be_joined_by_taking_over_a_computer_seat(bot, fake):
    table = await start_table(fake, bot, names=("alice",), computers=1)
    bob = fake.user("bob")
    answer = await fake.command(bot, bob, "game join")
    assert answer.reply.text == "You took over a computer seat."
    assert "**bob** takes over 🤖 Computer 1's seat." in fake.last_post().text
    record = await game_record(bot, table.game_id)
    assert [s.user_id for s in record.seats] == [table.host.id, bob.id]


async def test_a_lobby_that_cannot_be_posted_does_not_block_the_channel(bot, fake):
    fake.channels_refusing_posts.add(fake.channel_id)
    alice = fake.user("alice")
    refused = await fake.command(bot, alice, "game new", game="toy")
    assert refused.reply.text.startswith("I can't post or edit messages here.")
    assert "reference" in refused.reply.text
    assert await bot.store.open_game_in_channel(fake.channel_id) is None

    fake.channels_refusing_posts.clear()
    answer = await fake.command(bot, alice, "game new", game="toy")
    assert "table is open" in answer.reply.text
