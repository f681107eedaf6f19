"""Every game's board renders from public views along whole games, readable on a phone.

Phones show a board about 400 px wide. On every board of seeded playouts, with
long, emoji and CJK display names: no text under 11 px at that width, no text
over other text, nothing off the image (render/text.py records what was drawn).
Issue 21's phone checks (render/marks.py records pieces, codes, signs and legend
keys): no board taller than 1:1.5, no piece under 14 px at that width, every code
and sign drawn explained by the board's legend, the turn clock shown when one runs.
"""

from __future__ import annotations

import io
from datetime import UTC, datetime

import pytest
from PIL import Image

from bot.engine import SeatTag
from bot.engine.playout import play
from bot.engine.seats import plain_tags
from bot.games.registry import default_registry, game, game_names
from render import render_png, renderer
from render.marks import cut_words, marking, small_pieces, too_tall, unexplained
from render.status import deadline_words
from render.text import outside, overlaps, recording, smallest_size, too_small

ROUND_WORDS = ("Round ", "Set-up", "Turn ")
"""How a running game's board names where the game is (MCCC counts turns)."""
RESULT_WORDS = ("Winner: ", "Winners: ", "The team wins", "The muggles win", "The expedition ", "You win", "You lose")
"""How a final board begins to state the result."""

AWKWARD_NAMES = (
    "Bartholomew Roberts the Third of Port Royal"[:32],
    "🏴‍☠️🦜 Captain 🦜🏴‍☠️",
    "李小龍 Dragon",
    "Ωmega_Ünïcödé-Ñame__long__long",
    "🐙",
    "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",
)


DEADLINE = datetime(2030, 5, 14, 18, 0, tzinfo=UTC)


def awkward_tags(count: int, colours: tuple[str, ...], deadline: datetime | None = None) -> tuple[SeatTag, ...]:
    return tuple(
        SeatTag(
            i,
            AWKWARD_NAMES[i % len(AWKWARD_NAMES)],
            colours[i] if i < len(colours) else "",
            computer=i == 2,
            dms_closed=i == 1,
            deadline=deadline,
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


@pytest.mark.parametrize("name", game_names())
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


def finished(view) -> bool:
    """The game of this public view is over (the games name it ``over`` or hold a ``result``)."""
    base = getattr(view, "base", view)
    return bool(getattr(base, "over", False)) or getattr(view, "result", None) is not None


@pytest.mark.parametrize("name", game_names())
def test_every_board_fits_a_phone_screen_with_big_pieces_and_a_legend_for_its_codes(name):
    """Issue 21: "aspect ratio no taller than 1:1.5; pieces at least 14 px ... at 400 px wide;
    a legend for every code it draws; the round, whose turn it is and the turn clock (when one
    runs) visible on the board" and "The final board image states the result." Every board of
    seeded games, with a turn clock on every seat."""
    spec = default_registry().spec(name)
    draw = renderer(spec)
    checked = 0
    for players, view in boards(name, range(2)):
        tags = awkward_tags(players, spec.seat_colours, DEADLINE)
        with recording() as placed, marking() as marks:
            image = draw(view, tags)
        assert not too_tall(image.size), f"{image.size} is taller than 1:1.5"
        assert [m for m in marks if m.kind == "piece"], "the board marks its pieces (render.marks.piece)"
        small = small_pieces(marks, image.width)
        assert not small, f"pieces under 14 px on a phone: {small[:3]}"
        missing = unexplained(marks)
        assert not missing, f"codes or signs without a legend entry: {sorted(missing)}"
        assert not cut_words(marks), f"legend words cut short: {cut_words(marks)[:3]}"
        words = [p.text for p in placed]
        if not finished(view):
            assert deadline_words(DEADLINE) in words, "the turn clock is on the board"
            assert any(w.startswith(ROUND_WORDS) or "Round " in w for w in words), "the round is on the board"
        else:
            assert any(w.startswith(RESULT_WORDS) for w in words), "the final board states the result"
        assert not too_small(placed, image.width) and not overlaps(placed) and not outside(placed, image.size)
        checked += 1
    assert checked > 20
