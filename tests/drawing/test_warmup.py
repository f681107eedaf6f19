"""A new drawing process draws a board of every game (and a picture of places where a game has
them) before the first click, so the first board after a restart is not the slow one."""

from __future__ import annotations

from bot.drawing.warmup import sample_pictures
from bot.games.registry import game, game_names
from bot.table.painter import process_painter
from render import render_png_at


def test_every_game_has_a_warm_up_board_and_the_games_with_places_a_places_picture():
    for name in game_names():
        spec = game(name).spec
        pictures = list(sample_pictures(game(name)))
        assert [path for path, _, _ in pictures] == [
            spec.renderer,
            *([spec.places_renderer] if spec.places_renderer else []),
        ]
        for path, view, tags in pictures:
            assert render_png_at(path, view, tags).startswith(b"\x89PNG")
    assert any(game(name).spec.places_renderer for name in game_names()), "Catacombs draws its places"


def test_the_bots_pool_warms_up_with_every_game():
    drawer = process_painter(1).drawer
    assert drawer.warm_games == tuple(game_names())
    assert set(drawer.warm_renderers) == {game(name).spec.renderer for name in game_names()}


def test_a_warm_up_that_fails_does_not_stop_the_worker(monkeypatch, caplog):
    """An initializer that raises breaks the pool, and no board would be drawn again: a failing
    warm-up is logged and the next game still warms up."""
    import bot.drawing.warmup as warmup

    drawn = []

    def failing_first(path, view, tags):
        drawn.append(path)
        if len(drawn) == 1:
            raise RuntimeError("a renderer bug")
        return b""

    monkeypatch.setattr("render.render_png_at", failing_first)
    warmup.warm([], ["mutiny", "mccc"])
    assert drawn == [game("mutiny").spec.renderer, game("mccc").spec.renderer]
    assert "Warming up the drawing of mutiny failed" in caplog.text
