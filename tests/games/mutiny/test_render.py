"""The board image: readable size, drawn from the public view only, fast enough."""

from __future__ import annotations

from bot.engine.playout import play
from bot.engine.seats import SeatTag, plain_tags
from bot.games.registry import game
from render.mutiny import H, W, render_board

E = game("mutiny").engine
TAGS = plain_tags(4, E.spec.seat_colours)


def test_board_renders_every_phase_of_a_game():
    outcome = play(E, 4, 5, keep_states=True)
    phases = set()
    for state in [outcome.initial, *outcome.states]:
        view = E.view(state, None)
        if view["phase"] in phases and state is not outcome.final:
            continue
        phases.add(view["phase"])
        image = render_board(view, TAGS)
        assert image.size == (W, H)
    assert {"assign", "pick", "take", "divide", "peek", "vote", "buy", "over"} <= phases


def test_renderer_uses_display_names_when_the_view_has_them():
    view = E.view(E.new_game(4, {}, 1), None)
    tags = tuple(SeatTag(i, name) for i, name in enumerate(["Anne", "Calico Jack", "Mary", "Blackbeard"]))
    assert render_board(view, tags).size == (W, H)
