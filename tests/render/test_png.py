"""Boards' PNGs are written by render/png.py: every pixel and palette entry a player's client decodes
is the one quantized, with ISA-L's deflate or the standard library's, and a board costs Discord
about the bytes Pillow's own encoder would have uploaded."""

from __future__ import annotations

import io
from functools import cache

import pytest
from PIL import Image

from bot.engine.playout import play
from bot.engine.seats import plain_tags
from bot.games.registry import default_registry, game, game_names
from render import board_palette, encode_png, png_filter_up, renderer
from render.png import default_compress, write_png, zlib_compress


@cache
def _boards(name: str, count: int = 3) -> list[Image.Image]:
    spec = default_registry().spec(name)
    engine = game(name).engine
    outcome = play(engine, spec.max_players, 5, keep_states=True)
    draw = renderer(spec)
    tags = plain_tags(spec.max_players, spec.seat_colours)
    states = outcome.states[:: max(1, len(outcome.states) // count)][:count]
    palette = board_palette(spec)
    return [draw(engine.public_view(s), tags).quantize(palette=palette, dither=Image.Dither.NONE) for s in states]


def _decoded(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


@pytest.mark.parametrize("compress", [default_compress(), zlib_compress], ids=["default", "zlib"])
@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("up", [False, True], ids=["rows", "up"])
def test_a_board_decodes_to_the_pixels_and_palette_it_was_quantized_to(name, compress, up):
    for indexed in _boards(name):
        decoded = _decoded(write_png(indexed, compress, up=up))
        assert decoded.mode == "P" and decoded.size == indexed.size
        assert decoded.tobytes() == indexed.tobytes()
        assert decoded.getpalette() == indexed.getpalette()


def test_an_image_of_few_colours_and_odd_width_round_trips():
    image = Image.new("RGB", (7, 3), (250, 250, 250))
    image.putpixel((6, 2), (10, 20, 30))
    indexed = image.quantize(colors=256, method=Image.Quantize.FASTOCTREE)
    decoded = _decoded(write_png(indexed)).convert("RGB")
    assert decoded.getpixel((6, 2)) == (10, 20, 30) and decoded.getpixel((0, 0)) == (250, 250, 250)


def test_only_palette_images_are_written():
    with pytest.raises(ValueError):
        write_png(Image.new("RGB", (2, 2)))


@pytest.mark.parametrize("name", game_names())
def test_a_board_uploads_at_most_a_tenth_more_than_pillows_encoder_would(name):
    ours = pillows = 0
    for indexed in _boards(name):
        ours += len(write_png(indexed, up=png_filter_up(default_registry().spec(name))))
        buffer = io.BytesIO()
        indexed.save(buffer, format="PNG", compress_level=3)
        pillows += len(buffer.getvalue())
    assert ours <= 1.10 * pillows


def test_encode_png_writes_through_render_png():
    image = Image.new("RGB", (40, 20), (12, 200, 40))
    png = encode_png(image)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert _decoded(png).convert("RGB").getpixel((39, 19)) == (12, 200, 40)
