"""A board's key is drawn once per drawing process and stamped after (render/stamps.py): every board
must come out pixel for pixel as if it had been drawn afresh, and the phone checks still see it."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from bot.engine import Rng
from bot.engine.playout import random_action
from bot.engine.seats import plain_tags
from bot.games.registry import game, game_names
from render import legend, renderer, stamps
from render.text import recording

STYLE = legend.LegendStyle(size=22, row=30, ink=(20, 20, 20), edge=(90, 90, 90))
ENTRIES = (
    legend.Entry("CLR", "Clearing", fill=(200, 230, 200)),
    legend.Entry("coin", "Geocoin", symbol=lambda d, b: d.ellipse(b, fill=(230, 190, 40))),
)


@pytest.mark.parametrize("name", game_names())
def test_stamped_boards_are_the_boards_drawn_afresh(name):
    engine = game(name).engine
    spec = engine.spec
    draw = renderer(spec)
    tags = plain_tags(spec.max_players, spec.seat_colours)
    state = engine.new_game(spec.max_players, engine.options_for({}, spec.max_players), 3)
    rng = Rng.from_seed(3, "stamps")
    stamps.forget()
    for _ in range(12):
        if engine.is_terminal(state):
            break
        seat, action = random_action(engine, state, rng)
        state = engine.apply(state, seat, action).state
        view = engine.public_view(state)
        stamped = draw(view, tags).tobytes()  # the key pasted from an earlier board after the first
        kept = dict(stamps._kept)
        stamps.forget()
        assert draw(view, tags).tobytes() == stamped
        stamps._kept.update(kept)
    assert stamps._kept, "the key was kept to be stamped"


def _key_on(background: tuple[int, int, int]) -> bytes:
    image = Image.new("RGB", (420, 120), background)
    legend.draw_key(ImageDraw.Draw(image), ENTRIES, (10, 10, 400), STYLE)
    return image.tobytes()


def test_a_key_is_drawn_again_over_another_background():
    stamps.forget()
    white = _key_on((255, 255, 255))
    assert _key_on((255, 255, 255)) == white
    stamps.forget()
    expected_red = _key_on((200, 40, 40))
    stamps.forget()
    _key_on((255, 255, 255))
    assert _key_on((200, 40, 40)) == expected_red != white


def test_the_phone_checks_see_every_keys_words_on_every_board():
    stamps.forget()
    _key_on((255, 255, 255))
    for _ in range(2):
        with recording() as placed:
            _key_on((255, 255, 255))
        assert {"CLR", "Clearing", "Geocoin"} <= {p.text for p in placed}


def test_the_same_lambda_made_again_is_the_same_drawer_but_another_colour_is_not():
    def drawer(colour):
        return lambda d, b: d.ellipse(b, fill=colour)

    assert stamps.callable_identity(drawer((1, 2, 3))) == stamps.callable_identity(drawer((1, 2, 3)))
    assert stamps.callable_identity(drawer((1, 2, 3))) != stamps.callable_identity(drawer((9, 2, 3)))
