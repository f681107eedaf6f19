"""The board picture: every phase renders from the public view, at a phone-readable size, quickly."""

from __future__ import annotations

from bot.engine.playout import play as playout
from bot.engine.seats import plain_tags
from render import encode_png
from render import mccc as board
from tests.games.mccc.helpers import ENGINE, card_of, end_turn, play, rot_for, scenario


def check(view) -> None:
    image = board.render_board(view, plain_tags(ENGINE.spec.max_players))
    width, height = image.size
    assert 800 <= width <= 1800 and 500 <= height <= 1800
    assert encode_png(image).startswith(b"\x89PNG")


def test_every_phase_renders():
    cross = card_of("Cross", cogs=False)
    straight = card_of("Straight", cogs=False)
    belt = [straight, card_of("Corner"), card_of("T-junction"), card_of("Cross", cogs=True)]
    start = scenario({"E4": (cross, 0)}, {"mouse": "E6", "cheese": "B5"}, belt)
    check(ENGINE.view(start, None))
    picked, _ = play(start, "belt:1")
    check(ENGINE.view(picked, None))
    moving, _ = play(picked, f"place:E5:r{rot_for(straight, 'E+W')}")
    view = ENGINE.view(moving, None)
    assert view["destinations"]
    check(view)
    done, _ = play(moving, "dest:E3")
    check(ENGINE.view(done, None))
    cat = scenario(
        {}, {"mouse": "E7", "cheese": "C5"}, belt[:3], deck_top=["cat", card_of("Straight", cogs=True)], phase="refill"
    )
    waiting, _ = end_turn(cat)
    assert ENGINE.view(waiting, None)["cat_options"]
    check(ENGINE.view(waiting, None))
    over = scenario(
        {"D5": (cross, 0)},
        {"mouse": "C5", "cheese": "E5", "cat": "F6"},
        belt[:3],
        deck_top=["cucumber"],
        phase="refill",
    )
    ended, _ = end_turn(over)
    assert ENGINE.view(ended, None)["result"]["paths"]["mouse_cheese"]
    check(ENGINE.view(ended, None))


def test_whole_games_render_in_every_mode():
    for players, options in ((1, {"setup": 3}), (1, {"setup": 2, "easier": True}), (3, {"setup": 4})):
        outcome = playout(ENGINE, players, 21, options, keep_states=True)
        for state in [outcome.initial, *outcome.states[::7], outcome.final]:
            check(ENGINE.view(state, None))


def test_labels_are_readable_on_a_phone():
    # Shown ~400 px wide on a phone: grid labels of at least 24 px on a 1000 px board.
    assert board.WIDTH == 1000
    widest = 9
    cell = min(board.CELL_MAX, board.BOARD_SIZE // widest)
    assert cell >= 100
    assert max(24, min(34, cell // 4)) >= 24
