"""Issue 21's proof: each of the five games played to its end through Discord by a group of three
(one refusing DMs), and alone, by people who pick the first option they are offered.

What a group would notice is asserted: at most one DM per player per own turn (and none of what
their own click showed them), none at all in a game of one person, and an end announced by a new
message that pings every player while the channel keeps only the lobby and the final board. The
taps a turn takes are asserted (issue 21.3: "a typical turn in every game takes at most 3 taps"),
and printed with the refusals during set-up (``-s``).
"""

from __future__ import annotations

import statistics

import pytest

from bot.devtools.fake_discord import FakeDiscord, FakeUser
from bot.devtools.fake_players import Players
from bot.games.registry import default_registry
from tests.cogs.games import resolve_game
from tests.cogs.helpers import board, prompts

GAMES = default_registry().names()
HOUSE_LIMITS = {"cmiyc": "round_limit=20", "catacombs": "rounds=60"}
"""People who always pick the first option never reach the points target, so these games stop by
their house round limit (an option off by default); what is checked here is the table, not the ending.
Muggles needs none: with its safety stop off, such a team loses by the rules' own ending (the muggles
trash a group within about 50-140 rounds)."""
SOLO = [spec.name for spec in default_registry().specs() if spec.min_players == 1]
TAPS = {"catacombs": (3, 9)}
"""Taps per turn (median, 95th percentile) where a game differs from the target of 3 (and 6). A typical
Catacombs turn takes 3 (a tile and its place take the move to its end along when no tile could follow,
the step that ends the action, or the discard down, comes with the monster it leads to, and a click on
the public prompt that leads to a private decision goes on in the panel its answer opens); its long
turns stay long (people picking the first option lay every tile that fits, one per tap)."""


async def play_to_the_end(fake: FakeDiscord, bot, db_path, game: str, users: list[FakeUser], computers: int = 0):
    opened = await fake.command(
        bot, users[0], "game new", game=game, computers=computers or None, thread=False, options=HOUSE_LIMITS.get(game)
    )
    assert "table is open" in opened.reply.text, opened.texts
    for user in users[1:]:
        await fake.click(bot, user, fake.last_post(), "Join")
    await fake.click(bot, users[0], fake.last_post(), "Start")
    game_id = await bot.service.open_game_id(fake.channel_id)
    players = Players(fake, bot, db_path, resolve_game, {u.id: u for u in users}, first=True)
    stored = await players.play(game_id)
    assert stored.status == "finished"
    return players


@pytest.mark.parametrize("game", GAMES)
async def test_a_group_of_three_hears_only_news_and_the_end(bot, fake, db_path, game):
    users = [fake.user(name) for name in ("host", "friend", "quiet")]
    fake.close_dms(users[2])
    computers = max(0, default_registry().spec(game).min_players - len(users))
    players = await play_to_the_end(fake, bot, db_path, game, users, computers)

    for user in users[:2]:
        turns = players.own_turns(user.id)
        assert turns >= 1
        assert len(fake.dms(user)) <= turns, f"{user.name}: {len(fake.dms(user))} DMs in {turns} own turns"
    assert fake.dm_attempts(users[2]) <= 1, "a refused DM is tried once, ever"

    final = board(fake)
    assert fake.channel_messages() == [fake.channel_messages()[0], final], "the lobby and the final board"
    assert "Game over" in final.text and final.attachments and prompts(fake) == []
    assert set(final.pinged_ids) == {u.id for u in users}, "the end pings every player"
    assert all(f"<@{u.id}>" in final.text for u in users)

    taps = [count for _, count in players.turns()]
    median, high = TAPS.get(game, (3, 6))
    assert statistics.median(taps) <= median, f"a typical turn takes {statistics.median(taps)} taps"
    assert sorted(taps)[int(0.95 * (len(taps) - 1))] <= high, f"95th percentile: {sorted(taps)}"
    print(
        f"\n{game}: taps per turn median {statistics.median(taps)}, "
        f"95th percentile {sorted(taps)[int(0.95 * (len(taps) - 1))]}; "
        f"refusals {[players.refusals.get(u.id, 0) for u in users]}; DMs {[len(fake.dms(u)) for u in users]} "
        f"in {[players.own_turns(u.id) for u in users]} own turns"
    )


@pytest.mark.parametrize("game", SOLO)
async def test_a_game_alone_sends_no_dm_and_announces_its_end(bot, fake, db_path, game):
    alone = fake.user("alone")
    await play_to_the_end(fake, bot, db_path, game, [alone])
    assert fake.dm_attempts(alone) == 0, "the private panel shows everything: nothing by DM"
    final = board(fake)
    assert final.pinged_ids == [alone.id] and "Game over" in final.text
    assert len(fake.channel_messages()) == 2
