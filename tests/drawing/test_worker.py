"""A drawing process loads only what drawing needs."""

from __future__ import annotations

import asyncio

from bot.engine.seats import plain_tags
from bot.games.registry import game, game_names
from bot.table.painter import ProcessDrawer
from tests.drawing.loaded_modules import loaded


def test_a_drawing_process_has_not_imported_the_table_the_storage_or_discord():
    """The pool's own warm-up and a real board, then the modules the process holds: the table
    service, the storage and Discord would each cost every drawing process memory it never uses."""
    names = game_names()
    drawer = ProcessDrawer(1, [game(name).spec.renderer for name in names], names)
    try:
        digest, png = asyncio.run(drawer.draw(game("mutiny").spec, _opening_view("mutiny"), _tags("mutiny")))
        assert png.startswith(b"\x89PNG") and len(digest) == 16
        modules = set(drawer._executor().submit(loaded).result(timeout=60))
    finally:
        drawer.close()
    assert {"render.mutiny", "render.catacombs", "bot.drawing.worker"} <= modules
    for heavy in ("bot.table", "bot.storage", "aiosqlite", "discord", "aiohttp"):
        assert heavy not in modules, heavy


def _opening_view(name: str):
    engine = game(name).engine
    players = engine.spec.max_players
    return engine.public_view(engine.new_game(players, engine.options_for({}, players), 3))


def _tags(name: str):
    spec = game(name).spec
    return plain_tags(spec.max_players, spec.seat_colours)
