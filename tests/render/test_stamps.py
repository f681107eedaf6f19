"""Shapes and tiles drawn once per drawing process and pasted after (render/stamps.py,
render/tiles.py): every board a player sees is pixel for pixel the board Pillow's own drawing calls
make, in every game and language, whatever was stamped before; a stamp is never taken for a shape or
square that differs in a colour or a size; the phone checks record the same texts and marks; and the
stamps kept are bounded."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from PIL import Image, ImageDraw

from bot.engine.playout import play
from bot.engine.seats import plain_tags
from bot.games.cmiyc.data import default
from bot.games.cmiyc.views import TileView
from bot.games.registry import default_registry, game, game_names
from bot.i18n import using
from render import renderer, stamps
from render.cmiyc import STYLE, _layout
from render.cmiyc_board import Layout, draw_squares
from render.marks import marking
from render.stamps import Kept, drawn_plainly, rounded_rectangle
from render.text import draw_text, recording
from render.tiles import Grid, Tile, draw_tiles
from tests.render.test_render_contract import awkward_tags

BACKGROUND = (90, 80, 70)
SAMPLES = 12
"""Boards compared per game and seed: spread from the first state to the last."""


@pytest.fixture(autouse=True)
def no_stamps_yet():
    stamps.forget()
    yield
    stamps.forget()


def _pillow(size, box, radius, fill, outline, width):
    image = Image.new("RGB", size, BACKGROUND)
    ImageDraw.Draw(image).rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)
    return image


def _stamped(size, box, radius, fill, outline, width):
    image = Image.new("RGB", size, BACKGROUND)
    rounded_rectangle(ImageDraw.Draw(image), box, radius, fill, outline, width)
    return image


def _random_shape(rng: random.Random):
    def place(limit):
        whole = rng.randint(0, limit)
        return rng.choice([whole, whole + 0.5, whole + rng.randint(1, 63) / 64, rng.uniform(0, limit)])

    x0, y0 = place(100), place(70)
    box = (x0, y0, x0 + place(60), y0 + place(40))
    radius = rng.choice([0, 4, 5, 10, rng.randint(0, 120) / 8, rng.uniform(0, 30), (box[2] - box[0]) / 4])
    fill = rng.choice([None, (10, 200, 30), (250, 250, 250)])
    outline = rng.choice([None, (0, 0, 0), (10, 200, 30), (200, 0, 0)])
    return box, radius, fill, outline, rng.choice([0, 1, 2, 3, 4, 6])


@pytest.mark.parametrize("seed", range(4))
def test_a_stamped_rounded_rectangle_is_pillows_own(seed):
    """Loot cubes, dice, cards, key boxes: anywhere on the image (its edges included), whole or half
    pixels, outlines wider than the box, with and without a fill or an outline."""
    rng = random.Random(seed)
    size = (150, 100)
    checked = 0
    for _ in range(600):
        shape = _random_shape(rng)
        try:
            expected = _pillow(size, *shape)
        except ValueError:  # Pillow refuses some degenerate boxes; so does the stamp
            with pytest.raises(ValueError):
                _stamped(size, *shape)
            continue
        assert _stamped(size, *shape).tobytes() == expected.tobytes(), shape
        assert _stamped(size, *shape).tobytes() == expected.tobytes(), f"{shape} from the kept stamp"
        checked += 1
    assert checked > 450


BASE_SHAPE = ((20, 10, 60, 40), 8, (200, 40, 40), (0, 0, 0), 2)
CHANGES = {
    "fill": ((20, 10, 60, 40), 8, (40, 200, 40), (0, 0, 0), 2),
    "outline": ((20, 10, 60, 40), 8, (200, 40, 40), (255, 255, 255), 2),
    "no outline": ((20, 10, 60, 40), 8, (200, 40, 40), None, 2),
    "no fill": ((20, 10, 60, 40), 8, None, (0, 0, 0), 2),
    "width": ((20, 10, 60, 40), 8, (200, 40, 40), (0, 0, 0), 3),
    "radius": ((20, 10, 60, 40), 5, (200, 40, 40), (0, 0, 0), 2),
    "wider": ((20, 10, 61, 40), 8, (200, 40, 40), (0, 0, 0), 2),
    "taller": ((20, 10, 60, 42), 8, (200, 40, 40), (0, 0, 0), 2),
    "half a pixel on": ((21.5, 10, 61.5, 40), 8, (200, 40, 40), (0, 0, 0), 2),
    "one pixel on": ((21, 10, 61, 40), 8, (200, 40, 40), (0, 0, 0), 2),
    "half a pixel down": ((20, 11.5, 60, 41.5), 8, (200, 40, 40), (0, 0, 0), 2),
}


@pytest.mark.parametrize("change", CHANGES)
def test_a_shape_that_differs_is_not_pasted_from_anothers_stamp(change):
    size = (90, 60)
    other = CHANGES[change]
    assert _pillow(size, *other).tobytes() != _pillow(size, *BASE_SHAPE).tobytes(), "the change shows"
    _stamped(size, *BASE_SHAPE)
    assert _stamped(size, *other).tobytes() == _pillow(size, *other).tobytes()


def test_kept_stamps_are_bounded_and_the_least_recently_used_go_first():
    kept = Kept(limit=100, most=3)
    for name in "abc":
        kept.get(name, lambda name=name: (name.upper(), 30))
    assert kept.get("a", lambda: ("again", 30)) == "A", "kept, and now the most recently used"
    kept.get("d", lambda: ("D", 30))
    assert len(kept) == 3 and kept.pixels == 90
    assert kept.get("b", lambda: ("made again", 30)) == "made again", "b was the least recently used"
    kept.get("e", lambda: ("E", 80))
    assert kept.pixels <= 100


def test_the_processs_stamps_stay_within_their_bound(monkeypatch):
    monkeypatch.setattr(stamps.shapes, "limit", 20_000)
    rng = random.Random(5)
    image = Image.new("RGB", (400, 300), BACKGROUND)
    for _ in range(300):
        x, y = rng.randint(0, 300), rng.randint(0, 200)
        rounded_rectangle(ImageDraw.Draw(image), (x, y, x + rng.randint(5, 60), y + 30), 6, (1, 2, 3), (4, 5, 6), 2)
        assert stamps.shapes.pixels <= 20_000


def _texts(*placed):
    stamped, plain = Image.new("RGB", (320, 80), BACKGROUND), Image.new("RGB", (320, 80), BACKGROUND)
    for image in (stamped, plain):
        draw = ImageDraw.Draw(image)
        draw.rectangle((0, 0, 99, 79), fill=(20, 120, 60))
        draw.rectangle((200, 0, 299, 79), fill=(240, 240, 0))
    for xy, words, fill in placed:
        draw_text(ImageDraw.Draw(stamped), xy, words, 22, fill, bold=True)
        with drawn_plainly():
            draw_text(ImageDraw.Draw(plain), xy, words, 22, fill, bold=True)
    return stamped, plain


def test_a_text_over_one_colour_is_its_blend_made_once():
    """The same words in another colour, other words, over another colour, across two colours, off
    the image, over other words."""
    white, black = (255, 255, 255), (0, 0, 0)
    for placed in (
        [((10, 10), "Rum 3", white), ((10, 40), "Rum 3", black)],
        [((10, 10), "Rum 3", white), ((10, 40), "Rum 4", white)],
        [((10, 10), "Rum 3", white), ((110, 10), "Rum 3", white), ((210, 10), "Rum 3", white)],
        [((10, 40), "Rum 3", white), ((70, 40), "Rum 3", white)],
        [((210, 40), "Rum 3", black), ((290, 60), "Rum 3", black)],
        [((10, 10), "Rum 3", white), ((12, 12), "Rum 3", white)],
    ):
        stamped, plain = _texts(*placed)
        assert stamped.tobytes() == plain.tobytes(), placed
    assert len(stamps.texts) > 0


# --------------------------------------------------------------------------- tiles


def _grid(paint_for, looks, size=20, columns=4):
    return [
        Tile(
            (
                10 + (i % columns) * size,
                10 + (i // columns) * size,
                10 + (i % columns + 1) * size,
                10 + (i // columns + 1) * size,
            ),
            look,
            paint_for(look),
        )
        for i, look in enumerate(looks)
    ]


def _square_painter(look):
    colour, spill = look

    def paint(draw, box):
        draw.rectangle(box, fill=colour)
        if spill == "near":  # two pixels into the left neighbour, as a long code
            draw.rectangle((box[0] - 2, box[1] + 4, box[0] + 3, box[1] + 6), fill=(0, 0, 255))
        elif spill == "far":  # across the right neighbour and past the grid
            draw.line((box[0] + 5, box[1] + 5, box[2] + 30, box[1] + 5), fill=(0, 0, 255), width=2)
        draw.rectangle(box, outline=(90, 90, 90))

    return paint


def _painted(placed):
    image = Image.new("RGB", (120, 120), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for tile in placed:
        tile.paint(draw, tile.box)
    return image


def _tiled(placed, usual):
    image = Image.new("RGB", (120, 120), BACKGROUND)
    draw_tiles(ImageDraw.Draw(image), placed, Grid(usual))
    return image


@pytest.mark.parametrize("spill", ["near", "far"])
@pytest.mark.parametrize("spilling", [(), (5,), (6,), (0, 5), (3,)], ids=["none", "usual", "other", "edge", "right"])
def test_a_grid_of_tiles_is_the_tiles_painted_in_turn(spilling, spill):
    """Tiles whose painter draws outside their box (a long code) are never stamped over a sheet where
    that would change what a neighbour shows: the grid is painted as before."""
    plain = [((200, 200, 180), spill if i in spilling else "") for i in range(16)]
    usual = _grid(_square_painter, plain)
    for changed in ([], [1], [5], [4, 6], [10, 11, 15], [3], [2]):
        looks = [((40, 90, 40), "") if i in changed else look for i, look in enumerate(plain)]
        placed = _grid(_square_painter, looks)
        assert _tiled(placed, usual).tobytes() == _painted(placed).tobytes(), changed
        spilled = [((40, 90, 40), spill) if i in changed else look for i, look in enumerate(plain)]
        placed = _grid(_square_painter, spilled)
        assert _tiled(placed, usual).tobytes() == _painted(placed).tobytes(), changed


def test_grids_alike_but_for_their_usual_looks_have_sheets_of_their_own():
    """Two boards with the squares in the same places (another board's data, another language)."""
    first = _grid(_square_painter, [((200, 200, 180), "")] * 16)
    second = _grid(_square_painter, [((200, 200, 180), "")] * 15 + [((30, 30, 200), "")])
    for usual in (first, second):
        assert _tiled(usual, usual).tobytes() == _painted(usual).tobytes()


def _seeded_tiles(seed):
    outcome = play(game("cmiyc").engine, 4, seed, keep_states=True)
    return game("cmiyc").engine.public_view(outcome.states[len(outcome.states) * 2 // 3]).tiles


STYLE_CHANGES = [("colour", role) for role in STYLE.colours] + [("size", "square"), ("size", "label"), ("size", "row")]


@pytest.mark.parametrize("change", STYLE_CHANGES, ids=[f"{kind}-{what}" for kind, what in STYLE_CHANGES])
def test_a_map_in_another_style_is_not_pasted_from_the_first_styles_stamps(change):
    """Muggles draws the same squares as Cache Me If You Can in its own colours and sizes: a stamp
    made in one style is never pasted in the other."""
    kind, what = change
    if kind == "colour":
        colours = dict(STYLE.colours)
        colours[what] = tuple(255 - v for v in colours[what])
        other = replace(STYLE, colours=colours)
    else:
        other = replace(STYLE, **{what: getattr(STYLE, what) + 4 if what != "row" else 50})
    tiles = _seeded_tiles(3)
    for style in (STYLE, other):
        layout = Layout(default(), style, 44, 36)
        stamped, plain = Image.new("RGB", (800, 1300), BACKGROUND), Image.new("RGB", (800, 1300), BACKGROUND)
        draw_squares(ImageDraw.Draw(stamped), layout, tiles, True)
        with drawn_plainly():
            draw_squares(ImageDraw.Draw(plain), layout, tiles, True)
        assert stamped.tobytes() == plain.tobytes(), style is other


def test_a_squares_look_names_what_it_shows():
    """Two Woods squares with the same look are drawn alike; a revealed tile, a known face-down tile
    and a geocoin each change the look."""
    layout = _layout()
    square = next(s for s, info in layout.data.board.squares.items() if info.kind == "woods")
    cache = next(k.id for k in layout.data.kinds.values() if k.category == "cache" and k.code)
    seen = [
        TileView(square, "down"),
        TileView(square, "down", known=cache),
        TileView(square, cache),
        TileView(square, cache, coin=True),
        TileView(square, ""),
    ]
    from render.cmiyc_board import _tile

    looks = {_tile(layout, {}, square, "woods", view).look for view in seen}
    assert len(looks) == len(seen)


# --------------------------------------------------------------------------- whole boards


def _states(name, seed):
    spec = default_registry().spec(name)
    outcome = play(game(name).engine, spec.max_players, seed, keep_states=True)
    states = [outcome.initial, *outcome.states]
    return [states[i * (len(states) - 1) // (SAMPLES - 1)] for i in range(SAMPLES)]


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("name", game_names())
def test_every_stamped_board_is_the_board_drawn_plainly(name, language):
    """Boards of two seeded games drawn in turn, with stamps left by the other games' boards (they are
    shared, never kept per game), pixel for pixel as Pillow's own calls draw them."""
    spec = default_registry().spec(name)
    engine, draw = game(name).engine, renderer(spec)
    tags = plain_tags(spec.max_players, spec.seat_colours)
    with using(language):
        for other in game_names():
            if other != name:
                other_spec = default_registry().spec(other)
                renderer(other_spec)(
                    game(other).engine.public_view(_states(other, 1)[-1]),
                    plain_tags(other_spec.max_players, other_spec.seat_colours),
                )
        for one, two in zip(_states(name, 1), _states(name, 2), strict=True):
            for state in (one, two):
                view = engine.public_view(state)
                stamped = draw(view, tags)
                with drawn_plainly():
                    plain = draw(view, tags)
                assert stamped.tobytes() == plain.tobytes()
    assert len(stamps.shapes) > 0, "shapes were stamped"


@pytest.mark.parametrize("name", game_names())
def test_the_phone_checks_record_what_they_did(name):
    """Texts and marks (pieces, codes, signs, key entries) recorded as when nothing was stamped."""
    spec = default_registry().spec(name)
    engine, draw = game(name).engine, renderer(spec)
    tags = awkward_tags(spec.max_players, spec.seat_colours)
    for state in _states(name, 1)[::3]:
        view = engine.public_view(state)
        draw(view, tags)  # stamps made for this board
        recorded = []
        for plainly in (False, True):
            with recording() as placed, marking() as marks:
                if plainly:
                    with drawn_plainly():
                        draw(view, tags)
                else:
                    draw(view, tags)
            recorded.append((placed, marks))
        assert recorded[0] == recorded[1]
        assert recorded[0][0] and recorded[0][1]
