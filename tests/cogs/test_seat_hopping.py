"""A seat belongs to its player (issue 19, point 2): in a game with hidden information, whoever held
a seat may take back only a seat they held, and a newcomer takes a computer's seat only where the
game's registration allows it."""

from __future__ import annotations

from tests.cogs.helpers import board, game_record, lobby_channel, start_table


async def leave(fake, bot, user) -> None:
    """``/game leave`` in a running game, confirmed (issue 21: it asks first)."""
    asked = await fake.command(bot, user, "game leave")
    await fake.click(bot, user, asked.reply, "Leave the game")


HOPPING = (
    "You played **🟦 Blue** in this game and know its secrets, so that is the only seat you may take back, "
    "and it isn't free now. Keep watching with `/game status`."
)


async def test_a_player_who_left_cannot_take_another_computer_seat(bot, fake):
    table = await start_table(fake, bot, names=("alice", "bob", "carol"))  # Red, Blue, Green
    alice, bob, carol = table.players
    await leave(fake, bot, bob)
    dora = fake.user("dora")
    taken = await fake.command(bot, dora, "game join")  # a newcomer takes Blue from the computer
    assert taken.reply.text == "You took over a computer seat."
    await leave(fake, bot, carol)  # Green is a computer's now
    seats_before = (await game_record(bot, table.game_id)).seats
    secrets_before = [m.text for m in fake.dms(bob)]

    by_command = await fake.command(bot, bob, "game join")
    lobby = fake.channel_messages(lobby_channel(fake))[0]  # closed at the start: Join from a stale screen
    by_button = await fake.click_id(bot, bob, lobby, f"gm:lobby:{table.game_id}:join")

    for refused in (by_command, by_button):
        assert refused.reply.ephemeral and refused.reply.text == HOPPING
    record = await game_record(bot, table.game_id)
    assert record.seats == seats_before and record.seat_of(bob.id) is None
    assert record.seats[2].user_id is None, "Green stays the computer's"
    assert [m.text for m in fake.dms(bob)] == secrets_before, "no secret of another seat reaches bob"
    private = await fake.click_id(bot, bob, board(fake), f"gm:priv:{table.game_id}")
    assert private.reply.text.startswith("You are not playing in this game")
    # Carol, who held Green, takes it back.
    back = await fake.command(bot, carol, "game join")
    assert back.reply.text == "🙋 Your seat is yours again."
    assert (await game_record(bot, table.game_id)).seat_of(carol.id) == 2 != alice.id


async def test_a_player_who_left_takes_back_their_own_seat_not_the_first_free_one(bot, fake):
    table = await start_table(fake, bot, names=("alice", "carol"), computers=1)  # Red alice, Blue 🤖, Green carol
    alice = table.host
    bob = fake.user("bob")
    await fake.command(bot, bob, "game join")  # a newcomer: Blue
    await leave(fake, bot, alice)  # Red is a computer's now, before Blue in seat order
    await leave(fake, bot, bob)

    back = await fake.command(bot, bob, "game join")

    assert back.reply.text == "🙋 Your seat is yours again."
    record = await game_record(bot, table.game_id)
    assert record.seat_of(bob.id) == 1 and record.seats[0].user_id is None
    assert "🙋 🟦 **bob** is back and plays their seat again." in board(fake).text


async def test_a_running_mutiny_takes_no_newcomer(bot, fake):
    table = await start_table(fake, bot, "mutiny", names=("alice",), computers=3)
    record = await game_record(bot, table.game_id)
    watcher = fake.user("dora")

    refused = await fake.command(bot, watcher, "game join", channel_id=lobby_channel(fake))

    assert refused.reply.ephemeral
    assert refused.reply.text == (
        "A running game of **Mutiny** takes no new players: its seats hold secrets (the game's guide says why). "
        "Watch it with `/game status`, and join the next one."
    )
    after = await game_record(bot, table.game_id)
    assert (after.seats, after.version) == (record.seats, record.version)
