"""Shortcuts for the cog tests: open a table, start it, find the board and the prompts."""

from __future__ import annotations

from dataclasses import dataclass

from bot.client import GameBot
from bot.devtools.fake_discord import FakeDiscord, FakeMessage, FakeUser
from bot.storage import GameRecord


@dataclass
class Table:
    game_id: int
    host: FakeUser
    players: list[FakeUser]


async def open_table(
    fake: FakeDiscord, bot: GameBot, game: str = "toy", *, names=("alice", "bob"), computers: int = 0, **options
) -> Table:
    """``/game new`` by the first name; the others press Join."""
    users = [fake.user(name) for name in names]
    record = await fake.command(bot, users[0], "game new", game=game, computers=computers or None, **options)
    assert "table is open" in record.reply.text, record.texts
    for user in users[1:]:
        lobby = fake.last_post(lobby_channel(fake))
        await fake.click(bot, user, lobby, "Join")
    game_id = await bot.service.open_game_id(lobby_channel(fake))
    return Table(game_id, users[0], users)


def lobby_channel(fake: FakeDiscord) -> int:
    return fake.threads_created[-1] if fake.threads_created else fake.channel_id


async def start_table(fake: FakeDiscord, bot: GameBot, game: str = "toy", **kwargs) -> Table:
    table = await open_table(fake, bot, game, **kwargs)
    await fake.click(bot, table.host, fake.last_post(lobby_channel(fake)), "Start")
    return table


async def game_record(bot: GameBot, game_id: int) -> GameRecord:
    return await bot.service.record(game_id)


async def kill(bot: GameBot) -> None:
    """Stop ``bot`` as ``kill -9`` would: no click in flight is finished and nothing pending is
    sent (a clean ``close`` sends what is pending first)."""
    bot._stopping = True  # close() then skips its drain
    await bot.close()


def boards(fake: FakeDiscord, channel_id: int | None = None) -> list[FakeMessage]:
    """Messages showing a board (the live board: one per game)."""
    return [m for m in fake.channel_messages(channel_id) if m.attachments]


def board(fake: FakeDiscord, channel_id: int | None = None) -> FakeMessage:
    [live] = boards(fake, channel_id)
    return live


def prompts(fake: FakeDiscord, channel_id: int | None = None) -> list[FakeMessage]:
    return [m for m in fake.channel_messages(channel_id) if m.text.startswith("➡️")]


def prompt_for(fake: FakeDiscord, user: FakeUser, channel_id: int | None = None) -> FakeMessage:
    found = [m for m in prompts(fake, channel_id) if f"<@{user.id}>" in m.text]
    assert found, f"no prompt mentions {user.name}: {[m.text for m in prompts(fake, channel_id)]}"
    return found[-1]
