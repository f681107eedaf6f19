"""Shortcuts for the cog tests: open a table, start it, read the game back from SQLite."""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage import GameRecord
from bot.devtools.fake_discord import FakeDiscord, FakeMessage, FakeUser


@dataclass
class Table:
    game_id: int
    host: FakeUser
    players: list[FakeUser]


async def open_table(
    fake: FakeDiscord, bot, game: str = "toy", *, names=("alice", "bob"), computers: int = 0, **options
) -> Table:
    """``/game new`` by the first name; the others press Join."""
    users = [fake.user(name) for name in names]
    record = await fake.command(bot, users[0], "game new", game=game, computers=computers or None, **options)
    assert "table is open" in record.reply.text, record.texts
    for user in users[1:]:
        lobby = fake.last_post(_lobby_channel(fake, bot))
        await fake.click(bot, user, lobby, "Join")
    game_record = await bot.store.open_game_in_channel(_lobby_channel(fake, bot))
    return Table(game_record.id, users[0], users)


def _lobby_channel(fake: FakeDiscord, bot) -> int:
    return fake.threads_created[-1] if fake.threads_created else fake.channel_id


async def start_table(fake: FakeDiscord, bot, game: str = "toy", **kwargs) -> Table:
    table = await open_table(fake, bot, game, **kwargs)
    channel = _lobby_channel(fake, bot)
    await fake.click(bot, table.host, fake.last_post(channel), "Start")
    return table


async def game_record(bot, game_id: int) -> GameRecord:
    record = await bot.store.game(game_id)
    assert record is not None
    return record


def turn_posts(fake: FakeDiscord, channel_id: int | None = None) -> list[FakeMessage]:
    """Turn messages: the ones with a board attached."""
    return [m for m in fake.channel_messages(channel_id) if m.attachments]
