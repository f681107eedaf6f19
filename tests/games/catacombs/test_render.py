"""The board image and the text board, checked like every board of the project: readable on a
phone (no text under 11 px at 400 px wide, no overlaps, nothing off the image) with awkward names."""

from __future__ import annotations

import pytest

from bot.engine import SeatTag
from bot.engine.playout import play
from bot.games.catacombs import GAME
from render.catacombs import TEXT, plan, render_board
from render.catacombs_panel import key_entries
from render.catacombs_text import text_board
from render.text import outside, overlaps, recording, too_small
from tests.games.catacombs.helpers import Scene, engine

NAMES = (
    "Bartholomew Roberts the Third of",
    "🏴‍☠️🦜 Captain 🦜🏴‍☠️",
    "李小龍 Dragon",
    "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",
)


def tags(players: int) -> tuple[SeatTag, ...]:
    return tuple(SeatTag(i, NAMES[i], GAME.seat_colours[i], computer=i == 2, dms_closed=i == 1) for i in range(players))


@pytest.mark.parametrize("players,options", [(1, {}), (2, {}), (3, {"monsters": "6"}), (4, {"mode": "cooperative"})])
def test_boards_are_readable_on_a_phone_all_game_long(players, options):
    e = engine()
    outcome = play(e, players, 8, options, keep_states=True)
    for state in [*outcome.states[:: max(1, len(outcome.states) // 12)], outcome.final]:
        with recording() as placed:
            image = render_board(e.public_view(state), tags(players))
        assert 700 <= image.width <= 1000 and image.height <= 2000
        assert not too_small(placed, image.width)
        assert not overlaps(placed), overlaps(placed)[:2]
        assert not outside(placed, image.size)


def test_the_board_draws_what_the_view_holds():
    """Pawns in seat colours, monsters by letter, every explorer's tokens in the panel."""
    sc = Scene(2)
    sc.character(0, "miner")
    sc.character(1, "athlete")
    sc.pawn(0, "B10")
    sc.lay("B10", "X")
    sc.pawn(1, "K10")
    sc.lay("K10", "gulch_I")
    sc.s.seats[1].side = "N"
    sc.relic("D4", "fire_blossom")
    sc.monster("I3", "yaoguai")
    sc.equip(0, "whip", "sun_disc")
    view = engine().public_view(sc.at_action(0))
    with recording() as placed:
        image = render_board(view, tags(2))
    drawn = {p.text for p in placed}
    assert {"A", "L", "1", "12", "Exit", "Y"} <= drawn
    assert any("Miner" in t for t in drawn) and any("Athlete" in t for t in drawn) and "W" in drawn
    assert any("Yaoguai" in t for t in drawn)
    grid = plan(view, tags(2), key_entries(view, TEXT)).grid
    x, y = grid.centre(9 * 12 + 1)
    assert image.getpixel((round(x), round(y))) == (210, 52, 52), "seat 1's pawn in Red at B10"


def test_the_text_board_marks_pawns_relics_monsters_and_the_exit():
    sc = Scene(2)
    sc.character(0, "miner")
    sc.character(1, "athlete")
    sc.pawn(0, "B10")
    sc.lay("B10", "X")
    sc.pawn(1, "C12")
    sc.relic("D4", "fire_blossom")
    sc.monster("I3", "yaoguai")
    board = text_board(engine().public_view(sc.at_action(0)), tags(2))
    rows = board.splitlines()
    assert rows[10].split()[0] == "10" and "1" in rows[10]
    assert "R1" in rows[4] and "Y!" in rows[3] and "2" in rows[12]
    assert "Miner" in board and "health 3/3" in board
