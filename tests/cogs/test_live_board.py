"""Issue 8 in a Discord channel: one live board, one ping per wait, old and far-up boards posted anew."""

from __future__ import annotations

from tests.cogs.helpers import board, game_record, prompt_for, prompts, start_table


async def test_a_simultaneous_wait_is_one_prompt_and_quick_steps_one_ping(bot, fake):
    table = await start_table(fake, bot, "steps", names=("alice", "bob", "carol"))
    alice, bob, carol = table.players
    [everyone] = prompts(fake)
    assert everyone.pinged_ids == sorted(u.id for u in (alice, bob, carol))
    await fake.click(bot, alice, everyone, "Yes")
    await fake.click(bot, carol, everyone, "No")  # the same buttons still work for Carol
    await fake.click(bot, bob, everyone, "Yes")
    [alices] = prompts(fake)
    assert alices.pinged_ids == [alice.id]
    assert fake.channel_messages()[-2:] == [board(fake), alices]

    picked = await fake.click(bot, alice, alices, "Pick 2")
    assert picked.response_type == 7 and [b.get("label") for b in alices.buttons][:2] == ["Confirm 2", "Back"]
    await fake.click(bot, alice, alices, "Back")
    await fake.click(bot, alice, alices, "Pick 3")
    await fake.click(bot, alice, alices, "Confirm 3")
    assert fake.pings_of(alice) == 2, "one ping when everyone voted, one for her turn: never one per step"
    assert "🟪 **alice** picks 3." in board(fake).text
    assert prompt_for(fake, bob).pinged_ids == [bob.id]


async def test_computer_moves_never_ping(bot, fake):
    table = await start_table(fake, bot, "steps", names=("alice",), computers=2)
    alice = table.host
    await fake.click(bot, alice, prompt_for(fake, alice), "Yes")
    live = board(fake)
    assert live.text.count("votes.") == 3 and "🤖 Computer" in live.text
    # The computers voted at once and it is Alice's pick: she just clicked, her prompt simply changed.
    assert {user for _, user in fake.pings} == {alice.id} and fake.pings_of(alice) == 1
    assert [b.get("label") for b in prompt_for(fake, alice).buttons][:3] == ["Pick 1", "Pick 2", "Pick 3"]


async def test_an_hour_old_board_is_posted_again_and_an_old_prompt_replaced_silently(bot, fake):
    table = await start_table(fake, bot)
    alice, bob = table.players
    fake.advance(minutes=70)  # Alice takes her time; Discord now limits edits of the old messages
    await fake.click(bot, alice, prompt_for(fake, alice), "Pass")
    live = board(fake)
    assert live.created_at == fake.now(), "the board was posted anew, not edited"
    assert "passes" in live.text and len([m for m in fake.channel_messages() if m.attachments]) == 1
    fake.advance(minutes=70)
    stale_prompt = prompt_for(fake, bob)
    await fake.click(bot, bob, board(fake), "My private info")
    await fake.click(bot, bob, stale_prompt, "Pass")
    assert (await game_record(bot, table.game_id)).version == 2
    assert len([m for m in fake.channel_messages() if m.attachments]) == 1


async def test_a_board_far_up_the_channel_moves_down(bot, fake):
    table = await start_table(fake, bot, "steps", names=("alice", "bob"))
    alice, bob = table.players
    [vote] = prompts(fake)
    await fake.click(bot, alice, vote, "Yes")
    old = board(fake)
    for line in range(20):
        await fake.say(bot, bob, f"chatter {line}")
    await fake.click(bot, bob, vote, "Yes")
    new = board(fake)
    assert new.id != old.id and old.id in fake.deleted
    assert [m.id for m in fake.channel_messages()][-2:] == [new.id, prompt_for(fake, alice).id]
