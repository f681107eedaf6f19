"""Every registered game, played to its end through Discord by clicks.

Parametrised over the registry, so a game is covered as soon as it registers. One
human refuses DMs (tried once, ever); the others are humans or computer players. No
public message, posted or edited, holds a piece of any seat's secret at that moment. The people click what
a person would click (``bot.devtools.fake_players``): buttons on the prompt that
pings them, or their own panel behind "▶ Play", and forms with their defaults.
"""

from __future__ import annotations

import json
import logging
import random
import re
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.devtools.fake_discord import FakeDiscord
from bot.devtools.fake_players import Players, read_game
from bot.engine import SeatTag
from bot.games.registry import default_registry
from render import text_board
from tests.cogs.games import resolve_game
from tests.cogs.helpers import board, prompts

SPECS = default_registry().specs()
PLACEHOLDER = re.compile(r"\{p\d+\}")


def _plain(text: str) -> str:
    return re.sub(r"[*_`~|]", "", text)


def secret_fragments(engine: Any, state: Any, seats: int) -> set[str]:
    """Every seat's private text now, as the pieces a leak would copy: lines that say something
    (not headings), cut at name placeholders, at least 10 characters long."""
    pieces: set[str] = set()
    for seat in range(seats):
        for line in engine.private_text(engine.seat_view(state, seat)).splitlines():
            for piece in PLACEHOLDER.split(_plain(line)):
                piece = piece.strip(" :·,—-")
                if len(piece) >= 10 and not line.rstrip("* ").endswith(":"):
                    pieces.add(piece)
    return pieces


@dataclass
class SecretWatch:
    """Checks every public message, when it is posted and at each edit, against every seat's
    secret at that moment (the game's state read from the database, as the bot committed it)."""

    fake: FakeDiscord
    db: Path
    game_id: int = 0
    leaks: list[tuple[str, str]] = field(default_factory=list)
    checked: int = 0

    def install(self) -> None:
        new_message, edit = self.fake._new_message, self.fake._edit

        def posted(channel_id: int, body: dict[str, Any], files: Any, **kw: Any) -> Any:
            message = new_message(channel_id, body, files, **kw)
            if channel_id == self.fake.channel_id and not message.ephemeral:
                self.check(message.text)
            return message

        def edited(message: Any, body: dict[str, Any], files: Any) -> None:
            edit(message, body, files)
            if message.channel_id == self.fake.channel_id and not message.ephemeral:
                self.check(message.text)

        self.fake._new_message, self.fake._edit = posted, edited

    def logged(self) -> list[str]:
        with sqlite3.connect(self.db) as connection:
            rows = connection.execute("SELECT log FROM posts WHERE game_id = ?", (self.game_id,)).fetchall()
        return [line for (log,) in rows for line in json.loads(log)]

    def check(self, text: str) -> None:
        if not self.game_id:
            return
        stored = read_game(self.db, self.game_id)
        if stored.status != "active" or stored.state is None:
            return  # after the game every secret may be revealed
        game = resolve_game(stored.game_type)
        engine = game.engine
        state = engine.load(stored.state)
        view = engine.public_view(state)
        # What the public view says and what public events said (the board's latest moves) is
        # public, even where a seat's private text repeats it (a secret agenda revealed).
        public = _plain(engine.status_text(view)) + _plain(" ".join(self.logged()))
        drawn = text_board(game.spec)
        if drawn is not None:
            public += _plain(drawn(view, [SeatTag(seat, f"seat{seat}") for seat in range(len(stored.seats))]))
        shown = _plain(text)
        self.checked += 1
        pieces = secret_fragments(engine, state, len(stored.seats))
        self.leaks += [(piece, text) for piece in pieces if piece in shown and piece not in public]


def seating(min_players: int, max_players: int) -> tuple[int, int]:
    """(humans, computers): two humans where the game seats two, computers for the rest of its minimum."""
    humans = 1 if max_players == 1 else 2
    return humans, max(0, min_players - humans)


TABLES = [(spec.name, *seating(spec.min_players, spec.max_players)) for spec in SPECS] + [
    ("catacombs", 1, 0),  # Catacombs of Mu: "A full game ... for 1, 2 and 4 players"
    ("catacombs", 2, 2),
    ("cmiyc", 3, 0),  # Cache Me If You Can: "A full game ... with 3 humans, one of them refusing DMs"
]


@pytest.mark.parametrize(("name", "humans", "computers"), TABLES, ids=[f"{n}-{h}h{c}c" for n, h, c in TABLES])
async def test_a_full_game_through_discord(bot, fake, caplog, db_path, name, humans, computers):
    spec = next(spec for spec in SPECS if spec.name == name)
    users = [fake.user(f"player{i + 1}") for i in range(humans)]
    refusing = users[0]
    fake.close_dms(refusing)
    watch = SecretWatch(fake, db_path)
    watch.install()
    with caplog.at_level(logging.WARNING):
        opened = await fake.command(
            bot, users[0], "game new", game=spec.name, computers=computers or None, thread=False
        )
        assert "table is open" in opened.reply.text, opened.texts
        for user in users[1:]:
            await fake.click(bot, user, fake.last_post(), "Join")
        await fake.click(bot, users[0], fake.last_post(), "Start")
        game_id = watch.game_id = await bot.service.open_game_id(fake.channel_id)
        players = Players(fake, bot, db_path, resolve_game, {u.id: u for u in users}, random.Random(11))
        stored = await players.play(game_id)

    assert stored.status == "finished"
    assert watch.checked > players.decisions / 2 and not watch.leaks, [leak for _, leak in watch.leaks[:1]]
    final = board(fake)
    assert "Game over" in final.text and final.button_labels() == ["🔁 Rematch"] and prompts(fake) == []
    assert final.attachments and final.attachments[0][1].startswith(b"\x89PNG")
    engine = bot.service.entry(spec.name).engine
    secrets = engine.has_private_information(humans + computers) and humans > 1  # alone: the panel shows them
    assert fake.dm_attempts(refusing) == (1 if secrets else 0), "a refused DM is tried once, ever"
    if humans > 1:
        assert bool(fake.dms(users[1])) == secrets, "DMs only for games with secrets"
    for message in fake.channel_messages():
        assert "{p" not in message.text, "every seat placeholder is replaced by a name"
        assert set(message.pinged_ids) <= {u.id for u in users}
    problems = [r for r in caplog.records if r.levelno >= logging.ERROR or "Ignoring exception" in r.getMessage()]
    assert not problems, [r.getMessage() for r in problems]
    assert players.decisions >= 1
