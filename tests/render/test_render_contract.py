"""Every game's board renders from public views along a whole game, at a phone-readable size."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.games.registry import game, game_names
from render import render_png, renderer
from tests.support.playout import play


@pytest.mark.parametrize("name", game_names())
def test_boards_render_throughout_a_game(name):
    engine = game(name).engine
    players = engine.max_players
    outcome = play(engine, players, 17, keep_states=True)
    states = [outcome.initial, *outcome.states]
    picks = states[:: max(1, len(states) // 25)] + [outcome.final]
    draw = renderer(name)
    for state in picks:
        image = draw(engine.view(state, None))
        width, height = image.size
        # Discord shows attachments up to ~550 px wide on phones; anything narrower is upscaled and blurry,
        # anything far wider wastes bytes.
        assert 800 <= width <= 1800 and 500 <= height <= 1800
    png = render_png(name, engine.view(outcome.final, None))
    assert png.startswith(b"\x89PNG")
    assert Image.open(io.BytesIO(png)).size == draw(engine.view(outcome.final, None)).size
