"""The board picture and the text board: every phase renders from the public view, readable on a phone;
the preview shows the card in place; cogs and stacks are drawn where they belong."""

from __future__ import annotations

from PIL import Image

from bot.engine.playout import play as playout
from bot.engine.seats import SeatTag, plain_tags
from bot.games.mccc.views import CardView, Edge
from render import encode_png
from render import mccc as board
from render import mccc_tiles as tiles
from render.mccc_text import text_board
from render.text import outside, overlaps, recording, too_small
from tests.games.mccc.helpers import ENGINE, card_of, end_turn, play, public, rot_for, scenario

TAGS = plain_tags(ENGINE.spec.max_players, ENGINE.spec.seat_colours)


def check(view) -> Image.Image:
    with recording() as placed:
        image = board.render_board(view, TAGS)
    width, height = image.size
    assert width == 1000 and 900 <= height <= 1800
    assert not too_small(placed, width) and not overlaps(placed) and not outside(placed, image.size)
    assert encode_png(image).startswith(b"\x89PNG")
    text = text_board(view, TAGS)
    assert "**" not in text and "Conveyor Belt" in text
    return image


def texts_of(view, tags=TAGS) -> list[str]:
    with recording() as placed:
        board.render_board(view, tags)
    return [p.text for p in placed]


def test_every_phase_renders():
    cross = card_of("Cross", cogs=False)
    straight = card_of("Straight", cogs=False)
    belt = [straight, card_of("Corner"), card_of("T-junction"), card_of("Cross", cogs=True)]
    start = scenario({"E4": (cross, 0)}, {"mouse": "E6", "cheese": "B5"}, belt)
    check(public(start))
    picked, _ = play(start, "belt:1")
    check(public(picked))
    previewed, _ = play(picked, f"place:E5:r{rot_for(straight, 'E+W')}")
    check(public(previewed))
    moving, _ = play(previewed, "confirm")
    assert public(moving).destinations
    check(public(moving))
    done, _ = play(moving, "dest:E3")
    check(public(done))
    cat = scenario(
        {},
        {"mouse": "E7", "cheese": "C5"},
        belt[:3],
        deck_top=["cat", card_of("Straight", cogs=True)],
        at_end_turn=True,
    )
    waiting, _ = end_turn(cat)
    assert public(waiting).cat_options
    check(public(waiting))
    over = scenario(
        {"D5": (cross, 0)},
        {"mouse": "C5", "cheese": "E5", "cat": "F6"},
        belt[:3],
        deck_top=["cucumber"],
        at_end_turn=True,
    )
    ended, _ = end_turn(over)
    assert public(ended).result.mouse_cheese_path
    check(public(ended))


def test_the_preview_draws_the_card_in_place_and_says_nothing_is_placed_yet():
    # Issue 9: "After a placement is chosen, the player sees a preview: the board with the card in place,
    # the rotations and the moves it causes."
    straight = card_of("Straight", cogs=False)
    belt = [straight, card_of("Corner"), card_of("T-junction"), card_of("Cross", cogs=True)]
    state = scenario({"E4": (card_of("Cross", cogs=False), 0)}, {"mouse": "E6", "cheese": "B5"}, belt)
    picked, _ = play(state, "belt:1")
    previewed, _ = play(picked, f"place:E5:r{rot_for(straight, 'E+W')}")
    view = public(previewed)
    assert view.preview is not None and "E5" in {c.cell for c in view.preview.maze}
    assert "E5" not in {c.cell for c in view.maze}, "the game's maze is unchanged"
    before, after = check(public(picked)), check(view)
    box = board.grid_of(view, TAGS).box("E5")
    assert box is not None
    crop = (box[0] + 10, box[1] + 10, box[2] - 10, box[3] - 10)
    assert before.crop(crop).tobytes() != after.crop(crop).tobytes(), "the card is drawn at E5"
    assert "Preview · not placed until confirmed" in texts_of(view)
    assert "Preview (not placed yet)" in text_board(view, TAGS)


def test_whole_games_render_in_every_mode():
    for players, options in ((1, {"setup": 3}), (1, {"setup": 2, "easier": True}), (3, {"setup": 4})):
        outcome = playout(ENGINE, players, 21, options, keep_states=True)
        for state in [outcome.initial, *outcome.states[::7], outcome.final]:
            check(public(state))


def test_cogs_sit_in_the_middle_of_their_edge_and_the_stack_mark_clear_of_them():
    # Issue 9: "the stack badge "x2" covers cogs on the north edge ... Cogs sit off-centre near a corner,
    # so they read as belonging to the other edge."
    size = 150
    for edge in range(4):
        x, y = tiles.edge_point(size, edge, size * tiles.COG_CENTRE)
        along, away = (x, y) if edge in (0, 2) else (y, x)
        assert along == size / 2, "a cog is centred on its edge"
        assert min(away, size - away) < size / 3, "and close to it"
    reach = size * (tiles.COG_RADIUS + tiles.COG_WIDTH * 1.2)
    mark = 5 + size * tiles.STACK_MARK
    north_cog_left = size / 2 - reach
    assert mark < north_cog_left, "the stack mark ends before the north cog begins"
    west_cog_top = size / 2 - reach
    assert mark < west_cog_top, "and above the west cog"


def test_clockwise_and_counter_clockwise_cogs_differ_in_shape_not_only_colour():
    # Issue 9: "make the direction readable at 400 px width (shape and colour, not only colour)".
    edges = lambda cog: (Edge(False, False, cog), Edge(True), Edge(False), Edge(True))  # noqa: E731
    grey = [tiles.tile(edges(cog), 150, False, board.INK).convert("L") for cog in ("cw", "ccw")]
    shapes = [img.point(lambda v: 255 if v < 200 else 0).crop((40, 0, 110, 70)) for img in grey]
    mirrored = shapes[1].transpose(Image.Transpose.FLIP_LEFT_RIGHT)
    assert shapes[0].tobytes() != shapes[1].tobytes()
    same = sum(a == b for a, b in zip(shapes[0].tobytes(), mirrored.tobytes())) / len(shapes[0].tobytes())
    assert same > 0.9, "↺ is the mirror image of ↻"


def test_names_and_markers_come_from_the_seat_tags():
    state = ENGINE.new_game(3, ENGINE.options_for({}, 3), 4)
    tags = (
        SeatTag(0, "李小龍 Dragon", "Purple"),
        SeatTag(1, "🐙", "Blue", dms_closed=True),
        SeatTag(2, "W" * 32, "Red", computer=True),
    )
    drawn = texts_of(public(state), tags)
    assert "Dragon" in drawn, "CJK dropped, the rest kept"
    assert "Blue" in drawn, "a name with nothing drawable falls back to the seat colour"
    assert any(t.startswith("WWW") and t.endswith("…") for t in drawn)
    assert "Dragon to play" in drawn and any(t.startswith("Turn 1 · Setup") for t in drawn)
    text = text_board(public(state), tags)
    assert "DMs closed" in text and "computer" in text


def test_the_text_board_draws_walls_holes_cogs_and_stacks():
    card = CardView(
        "E5",
        12,
        0,
        "Straight #12",
        (Edge(False, False, "cw"), Edge(True, True), Edge(False), Edge(True, False, "ccw")),
        3,
    )
    from render.mccc_text import _card

    rows = _card(card, "placed")
    assert rows[0] == "+   ↻   +", "an open north edge with a clockwise cog"
    assert [r[-1] for r in rows[1:4]] == ["|", "o", "|"], "a wall with a mouse hole on the east"
    assert [r[0] for r in rows[1:4]] == ["|", "↺", "|"], "a wall with a counter-clockwise cog on the west"
    assert "x2" in rows[3] and "#12" in rows[2] and "placed" in rows[1]
