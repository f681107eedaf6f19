"""Replays: one frame per visible change, a looping GIF that fits Discord's upload limit."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from render.replay import animate, distinct_frames


def board(step: int, size: tuple[int, int] = (300, 200)) -> Image.Image:
    image = Image.new("RGB", size, (20, 30, 40))
    ImageDraw.Draw(image).rectangle((step * 10, 10, step * 10 + 30, 40), fill=(200, 50, 50))
    return image


def test_unchanged_steps_are_not_repeated_as_frames():
    frames = [board(0), board(0), board(1), board(1), board(2), board(1)]
    assert len(distinct_frames(frames)) == 4


def test_the_gif_loops_through_every_distinct_frame():
    data = animate([board(i) for i in range(8)] + [board(7)])
    gif = Image.open(io.BytesIO(data))
    assert gif.format == "GIF" and gif.n_frames == 8 and gif.info.get("loop") == 0
    assert gif.size == (300, 200)


def test_a_replay_too_big_for_the_limit_is_scaled_down_until_it_fits():
    frames = [board(i, (800, 600)) for i in range(30)]
    full = animate(frames)
    small = animate(frames, limit=len(full) - 1)
    assert len(small) < len(full)
    assert Image.open(io.BytesIO(small)).size[0] < 800


def test_a_board_that_grows_during_the_game_keeps_its_bottom_in_the_replay():
    """A GIF shows every frame in the first frame's box; a later, taller board (a longer key)
    is padded, not cut."""
    short, tall = board(1, (300, 200)), board(2, (300, 260))
    tall.paste((200, 10, 10), (0, 240, 300, 260))
    gif = Image.open(io.BytesIO(animate([short, tall])))
    assert gif.size == (300, 260)
    gif.seek(1)
    assert gif.convert("RGB").getpixel((150, 250)) == (200, 10, 10)
