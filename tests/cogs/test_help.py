"""Issue 21, point 8: help where a player needs it. "❓" on every prompt and panel explains the
decision privately with the rule it comes from; `/game rules` needs no `game:` where a game is; and
`/game status` in a channel finds the game running in its thread."""

from __future__ import annotations

import re
from pathlib import Path

from tests.cogs.helpers import prompt_for, start_table

DOCS = Path(__file__).resolve().parents[2] / "docs" / "games"


async def test_the_question_mark_explains_the_decision_with_the_rule_privately(bot, fake):
    table = await start_table(fake, bot, "mutiny", names=("alice", "bob", "carol"), computers=1, thread=False)
    captain = next(u for u in table.players if f"<@{u.id}>" in prompt_for_any(fake).text)
    prompt = prompt_for(fake, captain)
    assert "❓" in prompt.button_labels()
    before = len(fake.channel_messages())
    shown = await fake.click(bot, captain, prompt, "❓")
    assert shown.reply.ephemeral and shown.reply.visible_to == captain.id
    text = shown.reply.text
    assert text.startswith("❓ **👑 Who are your First Mate, Quarter Master and Scout?**")
    assert (
        "> At the start of each round, the Captain assigns the roles of First Mate, Quarter Master, and Scout" in text
    )
    assert "*1. Assign Roles*" in text and "`/game rules game:mutiny`" in text
    assert len(fake.channel_messages()) == before, "nothing public"

    panel = (await fake.command(bot, captain, "game hand")).reply
    assert "❓" in panel.button_labels(), "the private panel has it too"
    other = next(u for u in table.players if u is not captain)
    waiting = await fake.click(bot, other, prompt, "❓")
    assert "It's not your turn" in waiting.reply.text
    spectator = await fake.click(bot, fake.user("dave"), prompt, "❓")
    assert "You are not playing" in spectator.reply.text


def prompt_for_any(fake):
    return next(m for m in reversed(fake.channel_messages()) if "your move" in m.text)


async def test_rules_need_no_game_name_where_a_game_is(bot, fake):
    table = await start_table(fake, bot, "mccc", names=("alice",), thread=False)
    rules = await fake.command(bot, table.host, "game rules")
    [embed] = rules.reply.embeds
    assert embed["title"] == "Mouse Cheese Cat Cucumber"
    nowhere = await fake.command(bot, table.host, "game rules", channel_id=fake.text_channel("chat"))
    assert "Which game?" in nowhere.reply.text


def test_player_guides_cite_no_path_of_a_machine():
    """A guide is attached to `/game rules`: it names the rule texts, never a file on the machine it was built on."""
    for guide in DOCS.glob("*.md"):
        text = guide.read_text(encoding="utf-8")
        assert not re.search(r"(?<![\w.])/(work|home|root|tmp|usr)/", text), guide.name
        assert not re.search(r"\b\d{3}_[0-9a-f]{16}\.txt\b", text), guide.name


async def test_status_in_the_channel_shows_the_game_of_its_thread(bot, fake):
    alice, bob = fake.user("alice"), fake.user("bob")
    await fake.command(bot, alice, "game new", game="toy", thread=True)
    [thread] = fake.threads_created
    await fake.click(bot, bob, fake.last_post(thread), "Join")
    await fake.click(bot, alice, fake.last_post(thread), "Start")
    status = await fake.command(bot, bob, "game status")
    assert status.reply.ephemeral and status.reply.text.startswith(f"🧵 In its thread: <#{thread}>")
    assert "Secret Sum" in status.reply.text
    log = await fake.command(bot, bob, "game log")
    assert f"<#{thread}>" in log.reply.text, "other commands point to the thread"
