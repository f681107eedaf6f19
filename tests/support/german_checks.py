"""Checks the German tests of several games share (issue 25): every choice of seeded German games fits
Discord, and every German board of them passes the phone checks with no English word drawn."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from bot.engine import GameEngine, SeatTag
from bot.engine.playout import Playout
from bot.engine.spec import GameSpec
from bot.i18n import using
from render.marks import cut_words, marking, unexplained
from render.text import outside, overlaps, recording, smallest_size, too_small
from tests.render.test_render_contract import awkward_tags


def assert_choices_fit_discord(engine: GameEngine[Any, Any, Any], outcomes: Iterable[Playout[Any]]) -> None:
    """Buttons take at most 80 characters, select options 100 (labels and descriptions)."""
    with using("de"):
        for outcome in outcomes:
            for state in [outcome.initial, *outcome.states][::5]:
                for seat in engine.current_seats(state):
                    for choice in engine.legal_actions(state, seat):
                        assert 0 < len(choice.label) <= 80, choice.label
                        assert len(choice.description or "") <= 100, choice.description


def check_german_boards(
    engine: GameEngine[Any, Any, Any],
    spec: GameSpec,
    draw: Callable[..., Any],
    games: Sequence[tuple[int, Playout[Any]]],
    leaks: Callable[[str, tuple[str, ...]], set[str]],
    table_words: re.Pattern[str],
    long_names: bool,
) -> int:
    """ "no text under 11 px at that width, no text over other text, nothing off the image", every
    sign explained by the key, and no English word (``leaks``, the table's own board words
    ``table_words`` aside) on the German boards of ``games`` (players, outcome); how many were drawn."""
    checked = 0
    with using("de"):
        for players, outcome in games:
            states = [outcome.initial, *outcome.states]
            if long_names:
                tags = awkward_tags(players, spec.seat_colours)
            else:
                tags = tuple(SeatTag(s, f"Spieler {s + 1}", spec.seat_colours[s]) for s in range(players))
            names = tuple(word for tag in tags for word in tag.name.split())
            for state in states[:: max(1, len(states) // 6)] + [outcome.final]:
                with recording() as placed, marking() as marks:
                    image = draw(engine.public_view(state), tags)
                small = too_small(placed, image.width)
                assert not small, f"text under {smallest_size(image.width)} px: {small[:3]}"
                assert not overlaps(placed), f"texts overlap: {overlaps(placed)[:3]}"
                assert not outside(placed, image.size), "text runs off the board"
                assert not unexplained(marks) and not cut_words(marks), (unexplained(marks), cut_words(marks))
                drawn = [table_words.sub(" ", p.text) for p in placed]
                assert set().union(*(leaks(text, names) for text in drawn)) == set()
                checked += 1
    return checked
