"""Boards are encoded with a fixed palette: the colours the renderer draws with survive encoding.

Pillow maps pixels onto a palette through 5-bit colour bins, so a fill comes back
within 7 levels per channel (3 %) of what was drawn: the eye cannot tell.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.engine.playout import play
from bot.engine.seats import plain_tags
from bot.games.registry import default_registry, game, game_names
from render import board_colours, board_palette, encode_png, renderer
from render.palette import CUBE_STEPS, PALETTE_SIZE, declared_colours


@pytest.mark.parametrize("name", game_names())
def test_flat_colours_survive_png_encoding_exactly(name):
    spec = default_registry().spec(name)
    engine = game(name).engine
    outcome = play(engine, spec.max_players, 21, keep_states=True)
    draw = renderer(spec)
    declared = set(board_colours(draw.__module__))
    tags = plain_tags(spec.max_players, spec.seat_colours)
    for state in outcome.states[:: max(1, len(outcome.states) // 3)]:
        original = draw(engine.public_view(state), tags).convert("RGB")
        decoded = Image.open(io.BytesIO(encode_png(original, board_palette(spec)))).convert("RGB")
        assert decoded.size == original.size
        before, after = original.get_flattened_data(), decoded.get_flattened_data()
        flat = [i for i in range(0, len(before), 5) if before[i] in declared]  # every 5th pixel
        assert len(flat) > 0.5 * len(before) / 5, "most of a board is drawn in its declared colours"
        assert all(max(abs(a - b) for a, b in zip(after[i], before[i])) <= 7 for i in flat)


def test_declared_colours_are_read_from_the_source_including_inline_literals():
    import render.mutiny
    import render.mutiny_pieces

    assert render.mutiny_pieces.SEA in declared_colours(render.mutiny_pieces)
    colours = declared_colours(render.mutiny)
    assert (236, 222, 188) in colours  # written inline in a drawing call
    assert all(len(c) == 3 and all(0 <= v <= 255 for v in c) for c in colours)


@pytest.mark.parametrize("name", game_names())
def test_every_declared_colour_gets_a_palette_entry_of_its_own(name):
    """The palette keeps 40 declared colours beside its colour cube; one more would be drawn in
    the nearest cube colour (an orange seat turning a brighter orange)."""
    declared = board_colours(renderer(default_registry().spec(name)).__module__)
    bins = {(r >> 3, g >> 3, b >> 3) for r, g, b in declared}
    assert len(bins) <= PALETTE_SIZE - len(CUBE_STEPS) ** 3
