"""The other /game commands: status, hand, log, stats, rules, help, leave, abandon; command sync."""

from __future__ import annotations

from tests.cogs.helpers import board, game_record, open_table, prompt_for, prompts, start_table


async def test_commands_are_synced_globally_with_their_subcommands(bot, fake):
    [game] = fake.synced_commands["global"]
    assert game["name"] == "game"
    assert {o["name"] for o in game["options"]} == {
        "new",
        "join",
        "leave",
        "start",
        "status",
        "hand",
        "log",
        "stats",
        "abandon",
        "rules",
        "help",
        "mine",
        "settings",
        "undo",
        "reclaim",
        "reveal",
        "replay",
        "export",
        "follow",
    }
    new = next(o for o in game["options"] if o["name"] == "new")
    assert [(o["name"], o.get("required", False), o.get("autocomplete", False)) for o in new["options"]] == [
        ("game", True, True),
        ("options", False, True),
        ("computers", False, False),
        ("thread", False, False),
        ("remind", False, False),
        ("clock", False, False),
        ("missed", False, False),
    ]
    assert game.get("contexts") == [0]  # servers only


async def test_dev_guild_id_syncs_to_that_server_only(make_bot, fake):
    await make_bot(dev_guild_id=fake.guild_id)
    assert [c["name"] for c in fake.synced_commands[str(fake.guild_id)]] == ["game"]
    assert "global" not in fake.synced_commands


async def test_status_answers_only_the_asker_and_a_player_can_show_everyone(bot, fake):
    table = await start_table(fake, bot)
    alice, _bob = table.players
    live = board(fake)
    carol = fake.user("carol")
    messages = len(fake.channel_messages())

    answer = await fake.command(bot, carol, "game status")

    assert answer.reply.ephemeral and answer.reply.visible_to == carol.id
    assert "⏳ Waiting for 🟥 **alice**" in answer.reply.text and answer.reply.attachments
    assert answer.reply.button_labels() == [], "a spectator may look, not repost"
    assert len(fake.channel_messages()) == messages, "nothing was posted for everyone"

    fake.advance(minutes=1)
    mine = await fake.command(bot, alice, "game status")
    assert mine.reply.button_labels() == ["📢 Show everyone"]
    shown = await fake.click(bot, alice, mine.reply, "Show everyone")
    assert shown.response_type == 7 and "Posted the board below" in mine.reply.text
    moved = board(fake)
    assert moved.id != live.id and live.id in fake.deleted and fake.channel_messages()[-1] == moved
    await fake.click(bot, alice, prompt_for(fake, alice), "Pass")
    assert (await game_record(bot, table.game_id)).version == 1


async def test_status_of_a_lobby_and_of_a_finished_game_is_only_for_the_asker(bot, fake):
    carol = fake.user("carol")
    nothing = await fake.command(bot, carol, "game status")
    assert nothing.reply.text == "There is no game in this channel. Start one with `/game new`."

    table = await open_table(fake, bot)
    lobby = await fake.command(bot, carol, "game status")
    assert "Secret Sum — lobby" in lobby.reply.text and lobby.reply.ephemeral
    assert "🙋 Join" in lobby.reply.button_labels()
    await fake.click(bot, carol, lobby.reply, "Join")  # joining from the copy updates the real lobby
    assert "3. 🟩 **carol**" in fake.channel_messages()[0].text

    await fake.click(bot, table.host, fake.last_post(), "Start")
    await fake.click(bot, table.host, prompt_for(fake, table.host), "Call!")
    posts = len(fake.channel_messages())
    final = await fake.command(bot, carol, "game status")
    assert final.reply.ephemeral and "Winner" in final.reply.text and final.reply.attachments
    assert "Waiting" not in final.reply.text and final.reply.buttons == []
    assert len(fake.channel_messages()) == posts


async def test_hand_shows_your_panel_only_to_you(bot, fake):
    table = await start_table(fake, bot)
    alice, bob = table.players
    dice = (await game_record(bot, table.game_id)).state["dice"]
    mine = await fake.command(bot, alice, "game hand")
    assert mine.reply.ephemeral and f"Your die: **{dice[0]}**" in mine.reply.text
    assert "📝 Bid…" in mine.reply.button_labels()
    theirs = await fake.command(bot, bob, "game hand")
    assert "Waiting for 🟥 **alice**" in theirs.reply.text and theirs.reply.buttons == []
    outsider = await fake.command(bot, fake.user("carol"), "game hand")
    assert outsider.reply.text == "You are not playing in this game."


async def test_log_lists_public_moves_only(bot, fake):
    table = await start_table(fake, bot)
    alice, bob = table.players
    panel = (await fake.click(bot, alice, prompt_for(fake, alice), "Play")).reply
    await fake.click(bot, alice, panel, "Peek at 🟦 bob's die")
    answer = await fake.command(bot, bob, "game log")
    assert answer.reply.text.startswith("**Recent moves**") and answer.reply.ephemeral
    assert "🟥 **alice** peeks at 🟦 **bob**'s die." in answer.reply.text
    assert "shows" not in answer.reply.text


async def test_stats_count_every_kind_of_game(bot, fake):
    table = await start_table(fake, bot)
    alice, _bob = table.players
    await fake.click(bot, alice, prompt_for(fake, alice), "Call!")
    answer = await fake.command(bot, alice, "game stats")
    assert answer.reply.ephemeral and "## 📊 alice" in answer.reply.text
    assert "**Secret Sum**: 1 played, won" in answer.reply.text
    assert "## 🏠 This server" in answer.reply.text


async def test_rules_and_help(bot, fake):
    alice = fake.user("alice")
    rules = await fake.command(bot, alice, "game rules", game="toy")
    [embed] = rules.reply.embeds
    assert embed["title"] == "Secret Sum" and rules.reply.ephemeral
    assert {f["name"]: f["value"] for f in embed["fields"]}["Players"] == "2-3 players"
    assert "`rounds` — Rounds: 1–5 (default `3`)" in {f["name"]: f["value"] for f in embed["fields"]}["Options"]
    unknown = await fake.command(bot, alice, "game rules", game="go")
    assert unknown.reply.text.startswith("There is no game called `go`.")
    helped = await fake.command(bot, alice, "game help")
    assert "/game new" in helped.reply.text and helped.reply.ephemeral


async def test_leaving_a_running_game_asks_first_then_a_computer_keeps_the_seat(bot, fake):
    table = await start_table(fake, bot, names=("alice", "bob", "carol"))
    alice, bob, _carol = table.players
    asked = await fake.command(bot, alice, "game leave")
    assert asked.reply.ephemeral and asked.reply.text.startswith("🚪 Leave **Secret Sum**?")
    assert asked.reply.button_labels() == ["🚪 Leave the game", "🪑 Stay"]
    assert (await game_record(bot, table.game_id)).seats[0].user_id == alice.id, "nothing happens before yes"
    await fake.click(bot, alice, asked.reply, "Stay")
    assert asked.reply.text == "🪑 You stay at the table." and asked.reply.buttons == []

    asked = await fake.command(bot, alice, "game leave")
    await fake.click(bot, alice, asked.reply, "Leave the game")
    assert asked.reply.text.startswith("✅ 🚪 You left; a computer plays your seat.")
    live = board(fake).text
    assert "🟥 **alice** left the table; 🤖 Computer 1 takes over the seat." in live
    assert "🤖 Computer 1** passes." in live  # it was her turn: the computer moved
    assert [p.pinged_ids for p in prompts(fake)] == [[bob.id]]
    assert (await game_record(bot, table.game_id)).status == "active"

    back = await fake.command(bot, alice, "game reclaim")
    assert "Your seat is yours again" in back.reply.text
    assert (await game_record(bot, table.game_id)).seats[0].user_id == alice.id


async def test_abandon_by_host_by_vote_and_by_a_manager(bot, fake):
    table = await start_table(fake, bot, names=("alice", "bob", "carol"))
    _alice, bob, carol = table.players
    outsider = await fake.command(bot, fake.user("dave"), "game abandon")
    assert "Only the host" in outsider.reply.text
    vote = await fake.command(bot, bob, "game abandon")
    assert vote.reply.text.startswith("Your vote to abandon is counted (1 of 2 needed).")
    assert (await game_record(bot, table.game_id)).status == "active"
    done = await fake.command(bot, carol, "game abandon")
    assert done.reply.text == "Abandoned."
    final = board(fake)
    assert "abandoned by a majority of its players" in final.text and final.buttons == []
    assert "Waiting" not in final.text and prompts(fake) == []
    assert (await game_record(bot, table.game_id)).status == "abandoned"

    # A new game in the same channel, abandoned by someone with Manage Server.
    await open_table(fake, bot, names=("erin",))
    manager = fake.user("mod", manage_guild=True)
    answer = await fake.command(bot, manager, "game abandon")
    assert answer.reply.text == "Abandoned."
    lobby = fake.last_post()
    assert "abandoned by a server manager" in lobby.text and lobby.buttons == []


async def test_commands_without_a_game_say_how_to_start_one(bot, fake):
    alice = fake.user("alice")
    for command in ("game join", "game leave", "game start", "game abandon", "game hand", "game log"):
        answer = await fake.command(bot, alice, command)
        assert "no game in this channel" in answer.reply.text.lower(), command
        assert answer.reply.ephemeral


async def test_rules_of_a_real_game_attach_its_player_guide(bot, fake):
    alice = fake.user("alice")
    rules = await fake.command(bot, alice, "game rules", game="mutiny")
    [embed] = rules.reply.embeds
    assert embed["title"] == "Mutiny" and "url" not in embed
    [(filename, data)] = rules.reply.attachments
    assert filename == "mutiny-rules.md"
    assert data.decode("utf-8").startswith("# Mutiny")
    assert not rules.reply.buttons, "a link button needs an absolute URL; the guide is attached instead"
