"""The board on a phone, and the text board (issue: "The board on a phone").

"Discord shows the 1200×1000 board about 400 px wide on a phone. ... Target: every text on every board is at
least 11 px tall when the image is shown 400 px wide. No text box overlaps another. Display names up to 32
characters, with emoji or CJK characters, are shortened with an ellipsis, never cut mid-glyph or overlapped."
"""

from __future__ import annotations

import pytest

from bot.engine import SeatTag
from bot.engine.playout import play
from bot.engine.seats import plain_tags
from bot.games.mutiny.state import BattleRecord, Phase
from bot.games.registry import game
from render.mutiny import H, W, render_board
from render.mutiny_text import text_board
from render.text import ELLIPSIS, outside, overlaps, recording, too_small
from tests.games.mutiny.helpers import advance, fresh, plain_action

E = game("mutiny").engine
TAGS = plain_tags(4, E.spec.seat_colours)
LONG = (
    SeatTag(0, "Bartholomew Roberts the Third of", "Purple"),
    SeatTag(1, "🏴‍☠️🦜 Captain 🦜🏴‍☠️", "Red", dms_closed=True),
    SeatTag(2, "李小龍 Dragon", "Blue", computer=True),
    SeatTag(3, "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW", "Brown"),
)


def drawn(view, tags=LONG):
    with recording() as placed:
        image = render_board(view, tags)
    return image, placed


def test_every_board_of_a_game_is_readable_on_a_phone():
    """ "every text on every board is at least 11 px tall when the image is shown 400 px wide. No text box
    overlaps another." — every board of a seeded game, with long, emoji and CJK names."""
    outcome = play(E, 4, 5, keep_states=True)
    phases = set()
    for state in [outcome.initial, *outcome.states]:
        view = E.public_view(state)
        phases.add(view.phase)
        image, placed = drawn(view)
        assert image.size == (W, H) and 700 <= W <= 1000
        assert not too_small(placed, W) and not overlaps(placed) and not outside(placed, image.size)
    assert {Phase.ASSIGN, Phase.PICK, Phase.TAKE, Phase.DIVIDE, Phase.PEEK, Phase.VOTE, Phase.BUY, Phase.OVER} <= phases


def test_long_names_are_shortened_with_an_ellipsis_and_markers_are_shown():
    """ "Display names up to 32 characters ... are shortened with an ellipsis"; "The battle panel cuts names to
    'Compute'"; closed DMs and computer players are marked on the board."""
    s = advance(fresh(23), Phase.BUY)
    while not isinstance(s.record, BattleRecord):
        seat = E.current_seats(s)[0]
        choices = [c.action for c in E.legal_actions(s, seat)]
        action = "vote:mutiny" if "vote:mutiny" in choices else plain_action(s, seat)
        s = E.apply(s, seat, action).state
    _image, placed = drawn(E.public_view(s))
    texts = [p.text for p in placed]
    assert "CPU" in texts, "the computer player is marked in words"
    shortened = [t for t in texts if t.endswith(ELLIPSIS)]
    assert any(t.startswith("WWW") for t in shortened)
    assert all("🦜" not in t and "李" not in t for t in texts), "glyphs the font lacks are dropped, not boxed"
    tags = tuple(SeatTag(i, f"Computer {i + 1}", colour, computer=True) for i, colour in enumerate(E.spec.seat_colours))
    _image, placed = drawn(E.public_view(s), tags)
    assert sum(p.text == "Computer 2" for p in placed) >= 2, "names in the mats and the battle panel are whole"


def test_names_and_role_labels_do_not_collide():
    """ "Names collide with role labels ("COMPUTER 2CAPTAIN")." """
    s = advance(fresh(24), Phase.PEEK)
    _image, placed = drawn(E.public_view(s))
    roles = [p for p in placed if p.text in ("CAPTAIN", "FIRST MATE", "QUARTER MASTER", "SCOUT")]
    assert len(roles) == 4
    assert not overlaps(placed)


def test_the_first_captain_panel_leaves_once_roles_are_assigned():
    """ "The first-Captain panel stays in round 1 after it is settled." """
    s = fresh(25)
    _image, placed = drawn(E.public_view(s))
    assert any(p.text.startswith("FIRST CAPTAIN") for p in placed)
    after = E.apply(s, s.captain, E.legal_actions(s, s.captain)[0].action).state
    _image, placed = drawn(E.public_view(after))
    assert not any(p.text.startswith("FIRST CAPTAIN") for p in placed)


@pytest.mark.parametrize("seed", [2, 9])
def test_text_board_names_every_island_and_player(seed):
    """Issue: "Offer a text board (--text-board), so the terminal game is playable without opening PNG files." """
    outcome = play(E, 4, seed, keep_states=True)
    for state in outcome.states[::40] + [outcome.final]:
        view = E.public_view(state)
        board = text_board(view, LONG)
        assert "**" not in board and "{p" not in board
        for island in view.islands:
            assert f"#{island.space} " in board
        assert "(computer)" in board and "(DMs closed)" in board
        assert "Supply:" in board
    assert "FINAL INFAMY" in text_board(E.public_view(outcome.final), TAGS)
