"""The fullest boards still fit a phone. Issue 21: "aspect ratio no taller than 1:1.5 ... a legend
for every code it draws"; the seeded games of the contract test rarely show every tile kind at
once, so here six players play on with every kind of tile face up (a coin in some, one face down,
the bear awake), while the game runs and once it is over, with long, emoji and CJK names."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime

import msgspec
import pytest

from bot.engine.playout import play
from bot.games.registry import default_registry, game
from render import renderer
from render.marks import cut_words, marking, small_pieces, too_tall, unexplained
from render.status import deadline_words
from render.text import outside, overlaps, recording, too_small
from tests.render.test_render_contract import awkward_tags

DEADLINE = datetime(2031, 1, 9, 7, 0, tzinfo=UTC)


def every_kind_face_up(name: str, over: bool):
    """A late public view of a six-player game with every tile kind shown on the map."""
    engine = game(name).engine
    outcome = play(engine, 6, 4, keep_states=True)
    view = engine.public_view(outcome.final if over else outcome.states[len(outcome.states) * 3 // 4])
    base = view.base if name == "muggles" else view
    kinds = [kind.id for kind in engine.data.kinds.values() if kind.code]
    faces = itertools.chain(kinds, itertools.repeat("down"))
    tiles = tuple(
        msgspec.structs.replace(tile, face=next(faces), coin=index % 7 == 0) for index, tile in enumerate(base.tiles)
    )
    base = msgspec.structs.replace(base, tiles=tiles, bear_awake=True)
    return msgspec.structs.replace(view, base=base) if name == "muggles" else base


@pytest.mark.parametrize("over", [False, True])
@pytest.mark.parametrize("name", ["cmiyc", "muggles"])
def test_six_players_and_every_tile_kind_fit_a_phone_with_every_key_whole(name, over):
    spec = default_registry().spec(name)
    view = every_kind_face_up(name, over)
    tags = awkward_tags(6, spec.seat_colours, DEADLINE)
    with recording() as placed, marking() as marks:
        image = renderer(spec)(view, tags)
    codes = {m.name for m in marks if m.kind == "code"}
    assert len(codes) >= 30, "the map shows every tile kind's code"
    assert not too_tall(image.size), image.size
    assert not small_pieces(marks, image.width)
    assert not unexplained(marks), sorted(unexplained(marks))
    assert not cut_words(marks), cut_words(marks)[:3]
    assert not too_small(placed, image.width) and not overlaps(placed) and not outside(placed, image.size)
    words = [p.text for p in placed]
    assert (deadline_words(DEADLINE) in words) is not over, "the clock runs until the end"
