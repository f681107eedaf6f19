""" "📢 Show everyone" cannot spam a channel (issue 19, point 5): only the game's players may repost its
board, and the board is posted at most once a minute, a limit that holds across a restart."""

from __future__ import annotations

from tests.cogs.helpers import board, start_table

SPECTATORS = "Only this game's players can post its board for everyone. `/game status` shows it to you any time."


async def test_spectators_are_refused_and_players_repost_once_a_minute(make_bot, fake, db_path):
    bot = await make_bot()
    table = await start_table(fake, bot)
    alice, bob = table.players
    carol = fake.user("carol")
    show = f"gm:show:{table.game_id}"
    fake.advance(minutes=5)
    first = board(fake)

    for _ in range(3):  # a spectator pressing a forged (or old) button again and again
        refused = await fake.click_id(bot, carol, first, show)
        assert refused.reply.ephemeral and refused.reply.text == SPECTATORS
    assert board(fake).id == first.id and first.id not in fake.deleted

    status = (await fake.command(bot, alice, "game status")).reply
    posted = await fake.click(bot, alice, status, "Show everyone")
    assert status.text == "Posted the board below. ⬇️" and posted.response_type == 7
    second = board(fake)
    assert second.id != first.id and fake.channel_messages()[-1] == second

    fake.advance(seconds=20)
    again = await fake.click_id(bot, bob, second, show)
    assert again.reply.ephemeral
    assert again.reply.text == "The board was posted less than a minute ago. Try again in 40 s."
    await bot.close()
    restarted = await make_bot()
    fake.advance(seconds=10)
    after_restart = await fake.click_id(restarted, bob, second, show)
    assert after_restart.reply.text == "The board was posted less than a minute ago. Try again in 30 s."
    assert board(fake).id == second.id, "one repost in that minute, restart or not"

    fake.advance(seconds=30)
    later = (await fake.command(restarted, bob, "game status")).reply
    await fake.click(restarted, bob, later, "Show everyone")
    assert later.text == "Posted the board below. ⬇️" and board(fake).id != second.id
