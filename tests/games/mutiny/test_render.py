"""The board image: readable size, drawn from the public view only, fast enough."""

from __future__ import annotations


from bot.games.mutiny import get_engine as _engine
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



def test_renderer_uses_display_names_when_the_view_has_them():
    view = E.view(E.new_game(4, {}, 1), None)
    view = dict(view, names=["Anne", "Calico Jack", "Mary", "Blackbeard"])
    assert render_board(view).size == (W, H)
