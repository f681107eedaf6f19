"""The board image: readable size, drawn from the public view only, fast enough."""

from __future__ import annotations

import time

from bot.games.mutiny import get_engine as _engine
from render import encode_png
from render.mutiny import H, W, render_board
from tests.support.playout import play

E = _engine()


def test_board_renders_every_phase_of_a_game():
    outcome = play(E, 4, 5, keep_states=True)
    phases = set()
    for state in [outcome.initial, *outcome.states]:
        view = E.view(state, None)
        if view["phase"] in phases and state is not outcome.final:
            continue
        phases.add(view["phase"])
        image = render_board(view)
        assert image.size == (W, H)
    assert {"assign", "pick", "take", "divide", "peek", "vote", "buy", "over"} <= phases


def test_render_and_encode_are_fast():
    outcome = play(E, 4, 9, keep_states=True)
    views = [E.view(s, None) for s in outcome.states[:: max(1, len(outcome.states) // 20)]]
    render_board(views[0])  # warm the font cache
    start = time.perf_counter()
    for view in views:
        encode_png(render_board(view))
    average = (time.perf_counter() - start) / len(views)
    assert average < 0.15, f"render + encode took {average * 1000:.0f} ms on average"


def test_renderer_uses_display_names_when_the_view_has_them():
    view = E.view(E.new_game(4, {}, 1), None)
    view = dict(view, names=["Anne", "Calico Jack", "Mary", "Blackbeard"])
    assert render_board(view).size == (W, H)
