"""A game answers only clicks made where it is played: its server and its channel (issue 19, point 1).

A custom id names its game by number, and a modified client can send any custom id from any message
it sees. These tests forge ids from a server whose members are not members of the game's server,
from a DM, and from another channel; each must be answered as an id of no game at all."""

from __future__ import annotations

import logging

from bot.table import UNKNOWN_GAME
from tests.cogs.helpers import game_record, start_table

UNKNOWN_BUTTON_WORDS = "isn't one I know"


async def _state(bot, fake, game_id, channel_id):
    record = await game_record(bot, game_id)
    messages = [(m.id, m.text, m.edits, len(m.attachments)) for m in fake.channel_messages(channel_id)]
    return record.version, record.state, record.seats, record.status, messages


async def test_a_forged_join_from_another_server_seats_nobody(bot, fake):
    other_server, other_channel = fake.server()
    bob = fake.user("bob", guild_id=other_server)
    opened = await fake.command(bot, bob, "game new", game="toy", channel_id=other_channel)
    assert "table is open" in opened.reply.text
    theirs = await bot.service.open_game_id(other_channel)
    their_lobby = fake.last_post(other_channel)
    alice = fake.user("alice")  # a member of the first server only
    await fake.command(bot, alice, "game new", game="toy")
    my_lobby = fake.last_post()
    before = await _state(bot, fake, theirs, other_channel)

    forged = await fake.click_id(bot, alice, my_lobby, f"gm:lobby:{theirs}:join")

    assert forged.reply.ephemeral and forged.reply.visible_to == alice.id
    assert forged.reply.text == UNKNOWN_GAME
    assert await _state(bot, fake, theirs, other_channel) == before
    assert "alice" not in their_lobby.text
    # Exactly what an id of no game gets: the answer tells nothing about the other server's game.
    nothing = await fake.click_id(bot, alice, my_lobby, f"gm:lobby:{theirs + 1000}:join")
    assert nothing.reply.text == forged.reply.text
    # The same button where the game is played seats a member of that server.
    carol = fake.user("carol", guild_id=other_server)
    await fake.click(bot, carol, their_lobby, "Join")
    assert [s.user_id for s in (await game_record(bot, theirs)).seats] == [bob.id, carol.id]


async def test_every_control_of_a_game_elsewhere_answers_as_an_unknown_game(bot, fake, caplog):
    table = await start_table(fake, bot)  # alice and bob play in the first server
    game = table.game_id
    alice = table.host
    other_server, other_channel = fake.server()
    eve = fake.user("eve", guild_id=other_server)
    await fake.command(bot, eve, "game new", game="toy", channel_id=other_channel)
    elsewhere = fake.last_post(other_channel)
    second_channel = fake.text_channel("chatter")
    await fake.say(bot, alice, "hello", channel_id=second_channel)
    await fake.command(bot, alice, "game new", game="toy", channel_id=second_channel)
    same_server_other_channel = fake.last_post(second_channel)
    from_a_dm = fake.dms(alice)[-1]
    before = await _state(bot, fake, game, fake.channel_id)

    buttons = [
        f"gm:a:{game}:0:pass",
        f"gm:play:{game}:0",
        f"gm:priv:{game}",
        f"gm:dms:{game}",
        f"gm:show:{game}",
        f"gm:form:{game}:0:bid",
        *(f"gm:lobby:{game}:{verb}" for verb in ("join", "leave", "addcpu", "delcpu", "options", "start")),
        f"gm:quiet:{game}:0",
        f"gm:undo:{game}:0",
        f"gm:reclaim:{game}",
        f"gm:rematch:{game}",
    ]
    answers = []
    with caplog.at_level(logging.WARNING):
        for user, message in ((eve, elsewhere), (alice, same_server_other_channel), (alice, from_a_dm)):
            for custom_id in buttons:
                answers.append((custom_id, await fake.click_id(bot, user, message, custom_id)))
            answers.append(("select", await fake.choose_id(bot, user, message, f"gm:s:{game}:0:0:move", "pass")))
            answers.append(("form pick", await fake.choose_id(bot, user, message, f"gm:fsel:{game}:0", "bid")))
            modal = f"gm:modal:{game}:0:bid"
            answers.append((modal, await fake.submit_id(bot, user, message, modal, {"amount": "42"})))
            options = f"gm:lopt:{game}"
            answers.append((options, await fake.submit_id(bot, user, message, options, {"rounds": "5"})))

    for what, answer in answers:
        assert answer.modal is None, what
        assert [m.text for m in answer.created] == [UNKNOWN_GAME], what
        assert answer.reply.ephemeral, what
    assert await _state(bot, fake, game, fake.channel_id) == before
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    # Where the game is played, the same ids work as before.
    panel = await fake.click_id(bot, alice, fake.last_post(), f"gm:play:{game}:0")
    assert "Pass, call, peek or bid." in panel.reply.text
