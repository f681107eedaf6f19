"""Every game's board renders from public views along whole games, readable on a phone.

Phones show a board about 400 px wide. On every board of seeded playouts, with
long, emoji and CJK display names: no text under 11 px at that width, no text
over other text, nothing off the image (render/text.py records what was drawn).
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.engine import SeatTag
from bot.engine.playout import play
from bot.engine.seats import plain_tags
from bot.games.registry import default_registry, game, game_names
from render import render_png, renderer
from render.text import outside, overlaps, recording, smallest_size, too_small

PHONE_READY: set[str] = {"catacombs", "cmiyc", "mccc", "muggles", "mutiny"}
"""Games whose boards already pass the phone checks. Every game must be here before the
issue "Mutiny and Mouse Cheese Cat Cucumber: ... boards for a phone" is closed."""

AWKWARD_NAMES = (
    "Bartholomew Roberts the Third of Port Royal"[:32],
    "🏴‍☠️🦜 Captain 🦜🏴‍☠️",
    "李小龍 Dragon",
    "Ωmega_Ünïcödé-Ñame__long__long",
    "🐙",
    "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",
)


def awkward_tags(count: int, colours: tuple[str, ...]) -> tuple[SeatTag, ...]:
    return tuple(
        SeatTag(
            i,
            AWKWARD_NAMES[i % len(AWKWARD_NAMES)],
            colours[i] if i < len(colours) else "",
            computer=i == 2,
            dms_closed=i == 1,
        )
        for i in range(count)
    )


SAMPLED_STATES = 40
"""Boards checked per game played: spread evenly from the first to the last (long games have
thousands of states; their boards differ in what is placed, not in how it is laid out)."""


def boards(name: str, seeds: range):
    engine = game(name).engine
    spec = engine.spec
    for players in range(spec.min_players, spec.max_players + 1):
        for seed in seeds:
            outcome = play(engine, players, seed, keep_states=True)
            states = [outcome.initial, *outcome.states]
            step = max(1, len(states) // SAMPLED_STATES)
            for state in states[::step] + [outcome.final]:
                yield players, engine.public_view(state)


@pytest.mark.parametrize("name", game_names())
def test_boards_render_throughout_a_game(name):
    spec = default_registry().spec(name)
    draw = renderer(spec)
    engine = game(name).engine
    outcome = play(engine, spec.max_players, 17, keep_states=True)
    states = [outcome.initial, *outcome.states]
    tags = plain_tags(spec.max_players, spec.seat_colours)
    for state in states[:: max(1, len(states) // 25)] + [outcome.final]:
        image = draw(engine.public_view(state), tags)
        width, height = image.size
        # Discord shows attachments up to ~550 px wide; narrower is upscaled and blurry, far wider wastes bytes.
        assert 600 <= width <= 1600 and 400 <= height <= 2000
    png = render_png(spec, engine.public_view(outcome.final), tags)
    assert png.startswith(b"\x89PNG")
    assert Image.open(io.BytesIO(png)).size == draw(engine.public_view(outcome.final), tags).size


@pytest.mark.parametrize("name", sorted(PHONE_READY))
def test_every_board_is_readable_on_a_phone(name):
    spec = default_registry().spec(name)
    draw = renderer(spec)
    checked = 0
    for players, view in boards(name, range(3)):
        tags = awkward_tags(players, spec.seat_colours)
        with recording() as placed:
            image = draw(view, tags)
        assert placed, "the renderer draws its text through render.text.draw_text"
        small = too_small(placed, image.width)
        assert not small, f"text under {smallest_size(image.width)} px on a {image.width} px board: {small[:3]}"
        clashes = overlaps(placed)
        assert not clashes, f"texts overlap: {clashes[:3]}"
        assert not outside(placed, image.size), "text runs off the board"
        checked += 1
    assert checked > 20
