"""Issue 24 in Discord: with the web table on, the live board carries "🌐 Board" (a link to the
game's public page, riding on the board's own posts and edits: no extra call), and ▶ Play's
private panel carries "🌐 My board" (the player's signed link to their seat's page) and, with the
Activity on, "🎲 Open in Discord", answered with Discord's LAUNCH_ACTIVITY callback."""

from __future__ import annotations

from bot.client import GameBot
from bot.config import Settings
from bot.devtools.fake_discord import FakeDiscord
from tests.cogs.conftest import logged_in_bot
from tests.cogs.helpers import board, prompt_for, start_table

PUBLIC = "https://games.example.org"


LAUNCH_ACTIVITY = 12
"""The interaction callback type that opens the app's Activity in the clicker's client."""


async def _bot(fake: FakeDiscord, path, *, web: bool, activity: bool = False) -> GameBot:
    settings = Settings(
        discord_token="fake-token",
        database_path=path,
        public_url=PUBLIC if web else None,
        web_port=0 if web else None,
        activity=activity,
        discord_client_secret="client-secret" if activity else None,
    )
    return await logged_in_bot(fake, settings)


async def _a_few_turns(fake: FakeDiscord, bot: GameBot) -> list[int]:
    """Start a toy game and play three turns; the REST calls counted after each step."""
    table = await start_table(fake, bot)
    counts = [len(fake.requests)]
    for player in (table.players * 2)[:3]:
        await fake.click(bot, player, prompt_for(fake, player), "Pass")
        counts.append(len(fake.requests))
    return counts


def _link(message, label: str) -> str | None:
    found = [b for b in message.buttons if b.get("label") == label and b.get("style") == 5]
    return found[0]["url"] if found else None


async def test_the_live_board_links_to_the_public_page_at_no_extra_call(fake, monkeypatch, tmp_path):
    off = await _bot(fake, tmp_path / "off.db", web=False)
    try:
        without = await _a_few_turns(fake, off)
        assert _link(board(fake), "Board") is None
    finally:
        await off.close()
    other = FakeDiscord()
    other.patch_webhooks(monkeypatch)
    on = await _bot(other, tmp_path / "on.db", web=True)
    try:
        with_web = await _a_few_turns(other, on)
        url = _link(board(other), "Board")
        game_id = await on.service.open_game_id(other.channel_id)
        assert on.web is not None and url == f"{PUBLIC}/g/{await on.web.public_id(game_id)}"
    finally:
        await on.close()
    assert with_web == without, "the link rides on the board's own posts and edits"


async def test_play_offers_the_players_own_signed_link_to_their_seat(fake, monkeypatch, tmp_path):
    bot = await _bot(fake, tmp_path / "games.db", web=True)
    try:
        table = await start_table(fake, bot)
        bob = table.players[1]
        answer = await fake.click(bot, bob, board(fake), "Play")
        url = _link(answer.reply, "My board")
        assert url is not None and url.startswith(f"{PUBLIC}/p/")
        assert answer.reply.flags & 64, "ephemeral: only Bob sees his link"
        assert bot.web is not None
        link = bot.web.read_link(url.rsplit("/", 1)[1])
        assert link is not None and (link.game_id, link.seat, link.user_id) == (table.game_id, 1, bob.id)
    finally:
        await bot.close()


async def test_without_public_url_and_port_there_is_no_web_table(bot, fake):
    await start_table(fake, bot)
    assert bot.web is None and _link(board(fake), "Board") is None


async def _bobs_panel(fake: FakeDiscord, bot: GameBot):
    table = await start_table(fake, bot)
    bob = table.players[1]
    return table.game_id, bob, (await fake.click(bot, bob, board(fake), "Play")).reply


async def test_open_in_discord_launches_the_activity(fake, tmp_path):
    bot = await _bot(fake, tmp_path / "games.db", web=True, activity=True)
    try:
        _, bob, panel = await _bobs_panel(fake, bot)
        assert _link(panel, "My board") is not None, "the link stays beside it"
        launched = await fake.click(bot, bob, panel, "Open in Discord")
        assert launched.response_type == LAUNCH_ACTIVITY and not launched.created, "no message: the Activity opens"
    finally:
        await bot.close()


async def test_without_the_activity_there_is_no_open_in_discord(fake, tmp_path):
    bot = await _bot(fake, tmp_path / "games.db", web=True)
    try:
        game_id, bob, panel = await _bobs_panel(fake, bot)
        assert not panel.has_button("Open in Discord"), "off by default"
        forged = await fake.click_id(bot, bob, panel, f"gm:launch:{game_id}")
        assert forged.response_type != LAUNCH_ACTIVITY
        assert "off on this bot" in (forged.reply.content or "") and forged.reply.flags & 64
    finally:
        await bot.close()
