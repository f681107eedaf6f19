"""From `/game new` to the first turn: lobby, join, computers, options, start, threads."""

from __future__ import annotations

import copy

from bot.devtools.fake_discord import InteractionRecord
from bot.devtools.fake_models import button_text
from tests.cogs.helpers import board, game_record, lobby_channel, open_table, prompt_for, prompts, start_table


async def test_game_new_posts_a_lobby_with_buttons_and_tells_only_the_host(bot, fake):
    alice = fake.user("alice")

    answer = await fake.command(bot, alice, "game new", game="toy")

    assert answer.reply.ephemeral and answer.reply.visible_to == alice.id
    assert "Secret Sum" in answer.reply.text and "open below" in answer.reply.text
    assert "Players press **Join**" in answer.reply.text
    lobby = fake.last_post()
    assert not lobby.ephemeral
    assert "Secret Sum — lobby" in lobby.text and "1. 🟥 **alice**" in lobby.text
    assert "Options: Rounds: 3" in lobby.text, "options read as people write them"
    assert lobby.button_labels() == ["🙋 Join", "🚪 Leave", "➕ Computer", "➖ Computer", "⚙️ Options", "🎲 Start"]
    assert lobby.button("➖ Computer")["disabled"] is True
    assert lobby.mention_ids == [] and not lobby.may_ping_everyone_or_roles


async def test_join_leave_and_computers_edit_the_lobby_in_place(bot, fake):
    table = await open_table(fake, bot, names=("alice", "bob"))
    alice, bob = table.players
    lobby = fake.last_post()
    assert "2. 🟦 **bob**" in lobby.text

    again = await fake.click(bot, bob, lobby, "Join")
    assert again.reply.text == "You already have a seat at this table."

    stranger = fake.user("carol")
    refused = await fake.click(bot, stranger, lobby, "➕ Computer")
    assert "host" in refused.reply.text.lower()

    added = await fake.click(bot, alice, lobby, "➕ Computer")
    assert added.response_type == 7 and added.created == [], "the click's answer is the lobby's own update"
    assert "🤖 Computer 1" in lobby.text and "(3/3)" in lobby.text
    assert "Every seat is taken: the host presses **Start**." in lobby.text and "Press **Join**" not in lobby.text
    assert lobby.button("Join")["disabled"] is True
    full = await fake.click(bot, stranger, lobby, "Join")
    assert full.reply.text == "The table is full (3 seats)."
    await fake.click(bot, alice, lobby, "➖ Computer")
    assert "Computer" not in lobby.text.split("Seats")[1]

    await fake.click(bot, bob, lobby, "Leave")
    assert "bob" not in lobby.text
    # The lobby was edited, never re-posted.
    assert [m.id for m in fake.channel_messages()] == [lobby.id]


async def test_a_solo_lobby_says_how_to_start_alone(bot, fake):
    alice = fake.user("alice")
    answer = await fake.command(bot, alice, "game new", game="team")
    assert "Press **Start** to play now" in answer.reply.text
    assert "The host presses **Start** to play solo" in fake.last_post().text


async def test_start_posts_the_board_pings_the_first_player_and_sends_welcome_dms(bot, fake):
    table = await open_table(fake, bot, names=("alice", "bob"))
    alice, bob = table.players
    lobby = fake.last_post()

    started = await fake.click(bot, alice, lobby, "Start")

    assert started.response_type == 7 and started.created == []
    assert lobby.buttons == [] and "The game has started below." in lobby.text
    live = board(fake)
    assert live.attachments[0][0].endswith(".png") and live.attachments[0][1].startswith(b"\x89PNG")
    assert "The game begins: 🟥 **alice**, 🟦 **bob**." in live.text and "⏳ Waiting for 🟥 **alice**" in live.text
    assert live.pinged_ids == [], "the board pings nobody"
    assert live.button_labels() == ["▶️ Play", "🔒 My private info"]
    prompt = prompt_for(fake, alice)
    assert prompt.pinged_ids == [alice.id] and not prompt.attachments and not prompt.may_ping_everyone_or_roles
    assert prompt.button_labels() == ["Pass", "Call!", "▶️ Play", "🔒 My private info", "❓"]
    assert prompts(fake) == [prompt] and fake.channel_messages() == [lobby, live, prompt]
    record = await game_record(bot, table.game_id)
    dice = record.state["dice"]
    for seat, (user, colour) in enumerate(((alice, "🟥 **Red**"), (bob, "🟦 **Blue**"))):
        [welcome] = fake.dms(user)
        assert f"You play {colour}" in welcome.text and f"Your die: **{dice[seat]}**" in welcome.text
        assert f"https://discord.com/channels/{fake.guild_id}/{fake.channel_id}" in welcome.text
        assert welcome.buttons == []


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


async def test_the_host_changes_options_in_the_lobby_and_they_are_checked_at_start(bot, fake):
    alice, bob = fake.user("alice"), fake.user("bob")
    await fake.command(bot, alice, "game new", game="toy")
    lobby = fake.last_post()
    not_host = await fake.click(bot, bob, lobby, "Options")
    assert not_host.modal is None and "host" in not_host.reply.text.lower()
    opened = await fake.click(bot, alice, lobby, "Options")
    [field] = opened.modal["components"]
    assert field["label"] == "Rounds" and field["component"]["value"] == "3" and "1–5" in field["description"]
    bad = await fake.submit(bot, alice, opened, {"rounds": "9"})
    assert bad.reply.text == "Option **Rounds** must be at most 5." and "Rounds: 3" in lobby.text
    await fake.submit(bot, alice, opened, {"rounds": "2"})
    assert "Options: Rounds: 2" in lobby.text


async def test_easier_mode_applies_only_while_the_table_is_solo(bot, fake):
    """Issue 9: "/game new game:mccc options:easier=true is refused" before anyone joined. Issue 21: show
    only the options that apply. Easier mode (a variant of the solo game) shows while the host sits
    alone and goes when someone joins; a table of two plays without it."""
    alice, bob = fake.user("alice"), fake.user("bob")
    opened = await fake.command(bot, alice, "game new", game="mccc", options="easier=true")
    assert "table is open" in opened.reply.text
    lobby = fake.last_post()
    assert "Easier mode: yes" in lobby.text
    await fake.click(bot, bob, lobby, "Join")
    assert "Easier mode" not in lobby.text
    await fake.click(bot, bob, lobby, "Leave")
    assert "Easier mode: yes" in lobby.text
    await fake.click(bot, bob, lobby, "Join")
    await fake.click(bot, alice, lobby, "Start")
    assert "The game has started below." in lobby.text and "Easier mode" not in lobby.text
    game_id = await bot.service.latest_game_id(fake.channel_id)
    assert (await game_record(bot, game_id)).options == {"setup": 1, "easier": False, "balanced": True}


async def test_computers_option_and_start_by_command(bot, fake):
    alice = fake.user("alice")
    await fake.command(bot, alice, "game new", game="toy", computers=1)
    assert "🤖 Computer 1" in fake.last_post().text
    answer = await fake.command(bot, alice, "game start")
    assert answer.reply.text == "The game has started."
    assert prompt_for(fake, alice).pinged_ids == [alice.id]


async def test_join_and_leave_by_command(bot, fake):
    alice, bob = fake.user("alice"), fake.user("bob")
    await fake.command(bot, alice, "game new", game="toy")
    joined = await fake.command(bot, bob, "game join")
    assert joined.reply.text == "You joined **Secret Sum**."
    assert "2. 🟦 **bob**" in fake.last_post().text
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
    assert await bot.service.latest_game_id(fake.channel_id) is None
    assert fake.channel_messages() == []

    ok = await fake.command(bot, alice, "game new", game="toy", options="rounds=2")
    assert "table is open" in ok.reply.text
    game_id = await bot.service.open_game_id(fake.channel_id)
    assert (await game_record(bot, game_id)).options == {"rounds": 2}


async def test_autocomplete_offers_games_and_their_options(bot, fake):
    alice = fake.user("alice")
    games = await fake.autocomplete(bot, alice, "game new", "game", game="se")
    assert {"name": "Secret Sum (2-3 players)", "value": "toy"} in games

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
    game_id = await bot.service.open_game_id(thread)
    record = await game_record(bot, game_id)
    assert record.parent_channel_id == fake.channel_id and record.channel_id == thread
    assert ("PUT", f"/channels/{thread}/thread-members/{alice.id}") in fake.requests

    # The game plays in the thread, buttons and all.
    bob = fake.user("bob")
    await fake.click(bot, bob, lobby, "Join")
    await fake.click(bot, alice, lobby, "Start")
    await fake.click(bot, alice, prompt_for(fake, alice, thread), "Pass")
    assert prompt_for(fake, bob, thread).pinged_ids == [bob.id]
    assert lobby_channel(fake) == thread


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
    assert await bot.service.latest_game_id(fake.channel_id) is None


async def test_started_game_can_be_joined_by_taking_over_a_computer_seat(bot, fake):
    table = await start_table(fake, bot, names=("alice",), computers=1)
    bob = fake.user("bob")
    answer = await fake.command(bot, bob, "game join")
    assert answer.reply.text == "You took over a computer seat."
    assert "🟦 **bob** takes over 🤖 Computer 1's seat." in board(fake).text
    record = await game_record(bot, table.game_id)
    assert [s.user_id for s in record.seats] == [table.host.id, bob.id]


async def test_a_lobby_that_cannot_be_posted_does_not_block_the_channel(bot, fake):
    fake.channels_refusing_posts.add(fake.channel_id)
    alice = fake.user("alice")
    refused = await fake.command(bot, alice, "game new", game="toy")
    assert refused.reply.text.startswith("I can't post or edit messages here.")
    assert "reference" in refused.reply.text
    game_id = await bot.service.latest_game_id(fake.channel_id)
    assert (await game_record(bot, game_id)).status == "abandoned"

    fake.channels_refusing_posts.clear()
    answer = await fake.command(bot, alice, "game new", game="toy")
    assert "table is open" in answer.reply.text


# --- issue 21: the options form offers only what applies, with selects, checkboxes and numbers ---


def _fields(opened) -> dict[str, dict]:
    """The options modal's fields by their label: the label row (its description) with its component."""
    assert opened.modal is not None, opened.texts
    return {row["label"]: row for row in opened.modal["components"]}


def _options_line(lobby) -> str:
    return next(line for line in lobby.text.splitlines() if line.startswith("Options: "))


async def test_the_host_sets_a_choice_a_checkbox_and_a_number_in_the_options_form(bot, fake):
    """Issue 21: "Lobby options are free text. You type 'cooperative' or 'true', and only the first
    five options appear." Choices are selects, yes/no a checkbox, numbers a text field."""
    table = await open_table(fake, bot, "catacombs", thread=False)
    alice = table.host
    lobby = fake.last_post()
    opened = await fake.click(bot, alice, lobby, "Options")
    assert opened.modal["title"] == "Catacombs of Mu · options"
    fields = _fields(opened)
    assert list(fields) == ["Mode", "Monsters", "Longer game", "Lamps limit (house rule)", "Characters"]
    mode = fields["Mode"]["component"]
    assert mode["type"] == 3 and [o["label"] for o in mode["options"]] == ["Competitive", "Co-op"]
    assert [o["default"] for o in mode["options"]] == [True, False]
    assert fields["Longer game"]["component"] == {"type": 23, "custom_id": "longer", "default": False}
    rounds = fields["Lamps limit (house rule)"]["component"]
    assert rounds["type"] == 3 and [o["label"] for o in rounds["options"]][:2] == ["off", "20 rounds"]
    assert [o["default"] for o in rounds["options"]][:2] == [True, False], "the house limit is off by default"
    assert [o["label"] for o in fields["Characters"]["component"]["options"]] == ["players choose", "dealt at random"]

    answer = await fake.submit(
        bot, alice, opened, {"longer": True, "rounds": "100 rounds", "characters": "dealt at random", "monsters": "2"}
    )
    assert answer.response_type == 7 and answer.original.id == lobby.id, "the lobby's update answers the form"
    assert _options_line(lobby) == (
        "Options: Mode: Competitive, Monsters: 2, Longer game: yes, Lamps limit (house rule): 100 rounds, Characters: dealt at random"
    )
    [reply] = answer.created
    assert reply.ephemeral and reply.visible_to == alice.id and reply.buttons == []
    assert reply.text == f"{_options_line(lobby)}."

    unchecked = await fake.submit(bot, alice, await fake.click(bot, alice, lobby, "Options"), {"longer": False})
    assert "Longer game: no" in _options_line(lobby) and "Lamps limit (house rule): 100 rounds" in _options_line(lobby)
    assert unchecked.reply.buttons == []
    await fake.click(bot, alice, lobby, "Start")
    record = await game_record(bot, table.game_id)
    assert record.options == {
        "mode": "competitive",
        "monsters": "2",
        "longer": False,
        "relics": "auto",
        "rounds": 100,
        "characters": "random",
    }


async def test_a_choice_that_brings_in_options_offers_them_on_the_answer(bot, fake):
    """Co-op Catacombs has Relics to choose ("You may play with as many Relics on the board as you
    like" is for solo and co-op) and no longer game: the form cannot change while open, so the
    answer's button opens the new set, and a form opened there updates that answer in place."""
    table = await open_table(fake, bot, "catacombs", thread=False)
    alice = table.host
    lobby = fake.last_post()
    answer = await fake.submit(bot, alice, await fake.click(bot, alice, lobby, "Options"), {"mode": "Co-op"})
    assert _options_line(lobby) == (
        "Options: Mode: Co-op, Monsters: one per player (recommended), Relics: by player count, "
        "Lamps limit (house rule): off, Characters: players choose"
    )
    reply = answer.reply
    assert "More options: the buttons below open them." in reply.text
    [button] = reply.buttons
    assert button_text(button) == "⚙️ Options: Relics"
    assert button["style"] == 1, "the page with a new option stands out"

    shown = len(fake.ephemerals(alice))
    again = await fake.click(bot, alice, reply, button["custom_id"])
    fields = _fields(again)
    assert list(fields) == ["Mode", "Monsters", "Relics", "Lamps limit (house rule)", "Characters"]
    assert [o["value"] for o in fields["Relics"]["component"]["options"]] == ["auto", "1", "2", "3", "4", "5", "6"]
    settled = await fake.submit(bot, alice, again, {"relics": "4"})
    assert settled.response_type == 7 and settled.original.id == reply.id, "the answer is updated in place"
    assert reply.buttons == [] and "Relics: 4" in reply.text
    assert "Relics: 4" in _options_line(lobby) and len(fake.ephemerals(alice)) == shown
    await fake.click(bot, alice, lobby, "Start")
    record = await game_record(bot, table.game_id)
    assert record.options["mode"] == "cooperative" and record.options["relics"] == "4"


async def test_options_that_do_not_apply_are_hidden_from_the_lobby_and_the_form(bot, fake):
    """Issue 21: "Show only the options that apply." A solo Catacombs table has no mode and no longer
    game; MCCC's easier mode is for the solo game only, its Balanced start for multiplayer only."""
    alice, bob = fake.user("alice"), fake.user("bob")
    await fake.command(bot, alice, "game new", game="catacombs", thread=False)
    lobby = fake.last_post()
    assert _options_line(lobby) == (
        "Options: Monsters: one per player (recommended), Relics: by player count, Lamps limit (house rule): off, "
        "Characters: players choose"
    )
    solo = _fields(await fake.click(bot, alice, lobby, "Options"))
    assert list(solo) == ["Monsters", "Relics", "Lamps limit (house rule)", "Characters"]
    await fake.command(bot, alice, "game abandon")

    await fake.command(bot, alice, "game new", game="mccc", options="easier=true")
    lobby = fake.last_post()
    assert _options_line(lobby) == "Options: Setup: 1 · Cat's Crossing (hard), Easier mode: yes"
    assert list(_fields(await fake.click(bot, alice, lobby, "Options"))) == ["Setup", "Easier mode"]
    await fake.click(bot, bob, lobby, "Join")
    assert _options_line(lobby) == "Options: Setup: 1 · Cat's Crossing (hard), Balanced start: yes"
    assert list(_fields(await fake.click(bot, alice, lobby, "Options"))) == ["Setup", "Balanced start"]


async def test_muggles_custom_numbers_appear_only_with_the_custom_goal_on_a_second_page(bot, fake):
    """Issue 21: "Muggles' requirements cannot be changed there, and the Muggles lobby lists four
    '(custom)' numbers on 'basic'." ("Custom Win requirements 1. Agree on a target combination of Team
    Cache Groups, Team Coins, Individual Cache Groups, and Individual coins.")"""
    table = await open_table(fake, bot, "muggles", thread=False)
    alice = table.host
    lobby = fake.last_post()
    assert _options_line(lobby) == (
        "Options: Win requirements: basic: all 7 groups as a team, a flipped geocoin each, Safety stop (house): off"
    )
    first = await fake.click(bot, alice, lobby, "Options")
    assert list(_fields(first)) == ["Win requirements", "Safety stop (house)"]
    answer = await fake.submit(bot, alice, first, {"requirements": "custom"})
    assert "Team cache groups: 7, Cache groups each: 0" in _options_line(lobby)
    pages = answer.reply.buttons
    assert [button_text(b) for b in pages] == [
        "⚙️ Options 1/2: Team cache groups, Cache groups each, Team flipped geocoins…",
        "⚙️ Options 2/2: Safety stop (house)",
    ]
    assert [b["style"] for b in pages] == [1, 2]

    numbers = await fake.click(bot, alice, answer.reply, pages[0]["custom_id"])
    assert numbers.modal["title"] == "Muggles! · options 1/2"
    assert _fields(numbers)["Flipped geocoins each"]["description"] == "0–12. Geocoins every player has flipped."
    await fake.submit(bot, alice, numbers, {"team_groups": "5", "player_coins": "2"})
    assert "Team cache groups: 5" in _options_line(lobby) and "Flipped geocoins each: 2" in _options_line(lobby)
    limit = await fake.click(bot, alice, answer.reply, answer.reply.buttons[1]["custom_id"])
    assert list(_fields(limit)) == ["Safety stop (house)"] and limit.modal["title"] == "Muggles! · options 2/2"
    await fake.submit(bot, alice, limit, {"round_limit": "80"})
    assert _options_line(lobby).endswith("Safety stop (house): 80")

    back = await fake.submit(bot, alice, await fake.click(bot, alice, lobby, "Options"), {"requirements": "basic"})
    assert "Cache groups" not in lobby.text and back.reply.buttons == []


async def test_bad_option_values_are_refused_privately_and_change_nothing(bot, fake):
    table = await open_table(fake, bot, "catacombs", thread=False)
    alice = table.host
    lobby = fake.last_post()
    before, text = (await game_record(bot, table.game_id)).options, lobby.text
    # Numbers out of range are refused in the toy's form above; here the menus' forged values.
    # What a modified client could send: a value the menu never offered, a key no option has.
    opened = await fake.click(bot, alice, lobby, "Options")
    forged = InteractionRecord(0, "t", 3, alice, fake.channel_id, opened.source, modal=copy.deepcopy(opened.modal))
    menu = _fields(forged)["Monsters"]["component"]
    menu["options"].append({"label": "lots", "value": "99"})
    refused = await fake.submit(bot, alice, forged, {"monsters": "99"})
    assert refused.reply.text == "Option **Monsters** must be one of `players`, `0`, `1`, `2`, `3`, `4`, `5`, `6`."
    limit = _fields(forged)["Lamps limit (house rule)"]["component"]
    limit["options"].append({"label": "90 rounds", "value": "90"})
    refused = await fake.submit(bot, alice, forged, {"rounds": "90 rounds"})
    assert refused.reply.ephemeral and refused.reply.text.startswith(
        "Option **Lamps limit (house rule)** must be one of"
    )
    menu["custom_id"] = "speed"
    unknown = await fake.submit(bot, alice, forged, {"speed": "3"})
    assert unknown.reply.text == "Unknown option `speed` for Catacombs of Mu."
    assert (await game_record(bot, table.game_id)).options == before and lobby.text == text

    bob = fake.user("bob")
    not_host = await fake.submit(bot, bob, opened, {"rounds": "100 rounds"})
    assert "host" in not_host.reply.text.lower() and not_host.reply.visible_to == bob.id
    assert (await game_record(bot, table.game_id)).options == before


async def test_an_options_form_opened_before_a_restart_still_counts(make_bot, fake):
    bot = await make_bot()
    table = await open_table(fake, bot, "muggles", thread=False)
    lobby = fake.last_post()
    opened = await fake.click(bot, table.host, lobby, "Options")
    await bot.close()
    again = await make_bot()
    await fake.submit(
        again, table.host, opened, {"requirements": "advanced: also 5 groups each, two players with 2 flipped geocoins"}
    )
    assert _options_line(lobby).startswith("Options: Win requirements: advanced")
    assert (await game_record(again, table.game_id)).options["requirements"] == "advanced"
