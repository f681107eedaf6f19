"""A co-op game through Discord (the toy Safe Cracker): team win, team loss, results and statistics."""

from __future__ import annotations

from tests.cogs.helpers import boards, game_record, prompt_for, prompts, start_table


async def crack(bot, fake, table, *, win: bool) -> str:
    code = (await game_record(bot, table.game_id)).state["code"]
    target = code if win else code - 1
    steps = [3] * (target // 3) + ([target % 3] if target % 3 else []) + ([] if win else [2])
    for turn, step in enumerate(steps):
        player = table.players[turn % len(table.players)]
        await fake.click(bot, player, prompt_for(fake, player), f"+{step}")
    return boards(fake)[-1].text


async def test_the_team_wins_and_loses_together_and_the_statistics_count_it(bot, fake):
    table = await start_table(fake, bot, "team", names=("alice", "bob"))
    alice, bob = table.players
    first_prompt = prompt_for(fake, alice)
    assert "🔒 My private info" not in first_prompt.button_labels(), "nothing is secret in this game"
    won = await crack(bot, fake, table, win=True)
    assert "The team cracked the safe." in won and "🤝 **The team won!**" in won and "🏆" not in won
    assert prompts(fake) == [] and fake.dms(alice) == [] and fake.dms(bob) == []

    again = await fake.command(bot, bob, "game new", game="team")
    assert "table is open" in again.reply.text
    await fake.click(bot, alice, fake.last_post(), "Join")
    await fake.click(bot, bob, fake.last_post(), "Start")
    second = table.__class__(await bot.service.open_game_id(fake.channel_id), bob, [bob, alice])
    lost = await crack(bot, fake, second, win=False)
    assert "The safe stays shut." in lost and "**The team lost.**" in lost

    for person in (alice, bob):
        stats = await fake.command(bot, person, "game stats")
        assert "**Safe Cracker (co-op)**: 2 played, the team won 1" in stats.reply.text
    assert "**Safe Cracker (co-op)**: 2 played, the team won 1" in stats.reply.text.split("This server")[1]


async def test_a_solo_game_says_you_won(bot, fake):
    table = await start_table(fake, bot, "team", names=("alice",))
    assert "🤝 **You won!**" in await crack(bot, fake, table, win=True)
    stats = await fake.command(bot, table.host, "game stats")
    assert "**Safe Cracker (solo)**: 1 played, won 1" in stats.reply.text
