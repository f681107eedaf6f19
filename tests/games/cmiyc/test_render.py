"""The board image: the Town and both Woods on a labelled grid, tiles face down and revealed, pieces in
seat colours, each player's equipment, GPS/PEN, caches, coins and score; readable on a phone."""

from __future__ import annotations

from PIL import Image

from bot.engine.playout import play
from bot.engine.seats import plain_tags
from bot.games.cmiyc import GAME
from render import encode_png
from render.cmiyc import SEAT_COLOURS, _layout, render_board
from render.cmiyc_text import text_board
from render.text import outside, overlaps, recording, too_small
from tests.games.cmiyc.helpers import BOARD, E, fresh, give_cache, give_coin, put_tile
from tests.render.test_render_contract import awkward_tags


def drawn_texts(view, tags):
    with recording() as placed:
        image = render_board(view, tags)
    return image, placed


def test_the_grid_is_labelled_and_the_town_buildings_are_named():
    state = E.new_game(2, E.options_for({}, 2), 1)
    image, placed = drawn_texts(E.public_view(state), plain_tags(2, GAME.seat_colours))
    texts = [p.text for p in placed]
    assert all(letter in texts for letter in "ABCDEFGH")
    assert all(str(row) in texts for row in range(1, 21))
    assert {"Café", "Swag", "Mega", "Gear", "Card", "Peek", "Pay", "ER", "Exit"} <= set(texts)
    assert 600 <= image.width <= 1600 and image.height <= 2000


def test_revealed_tiles_show_their_code_and_players_their_holdings():
    state = fresh(2)
    put_tile(state, "A1", "cliff", face_up=True)
    give_cache(state, 0, "nano")
    give_coin(state, 0, "night_owl", flipped=True)
    state.seats[1].gps = False
    _image, placed = drawn_texts(E.public_view(state), plain_tags(2, GAME.seat_colours))
    texts = [p.text for p in placed]
    assert "CLF" in texts
    assert texts.count("NA") == 2, "the cache as a chip in its holder's panel, and in the key"
    assert any("coins 3★" in t for t in texts)
    assert "GPS/PEN lost" in texts
    score = E.public_view(state).seats[0].score
    assert (f"{score} pts" if score != 1 else "1 pt") in texts


def test_pieces_are_drawn_in_seat_colours():
    state = E.new_game(3, E.options_for({}, 3), 1)
    tags = plain_tags(3, GAME.seat_colours)
    image = render_board(E.public_view(state), tags)
    x0, y0, x1, y1 = _layout().box(BOARD.cafe)
    colours = {image.getpixel((x, y)) for x in range(x0, x1) for y in range(y0, y1)}
    for tag in tags:
        assert SEAT_COLOURS[tag.colour] in colours


def test_boards_along_a_game_pass_the_phone_checks_with_awkward_names():
    outcome = play(E, 6, 4, keep_states=True)
    tags = awkward_tags(6, GAME.seat_colours)
    for state in [outcome.initial, *outcome.states[:: max(1, len(outcome.states) // 12)], outcome.final]:
        image, placed = drawn_texts(E.public_view(state), tags)
        assert not too_small(placed, image.width)
        assert not overlaps(placed)
        assert not outside(placed, image.size)
    png = encode_png(image)
    assert png.startswith(b"\x89PNG")


def test_the_text_board_shows_the_grid_and_the_players():
    state = E.new_game(2, E.options_for({}, 2), 1)
    board = text_board(E.public_view(state), plain_tags(2, GAME.seat_colours))
    lines = board.splitlines()
    assert lines[0].split() == list("ABCDEFGH")
    assert any(line.startswith("  9 ") and "12" in line for line in lines), "both pieces on the café"
    assert "Player 1" in board and "pts" in board
    assert isinstance(render_board(E.public_view(state), plain_tags(2, GAME.seat_colours)), Image.Image)
