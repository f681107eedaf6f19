"""The constants bench changes a rule-of-thumb constant for the tested seat's decisions only, and
puts it back (docs/games/cmiyc.md, "Measured: the strong computer")."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from cmiyc_constants import changed, parse, share  # noqa: E402

from bot.games.cmiyc import ai, ai_values  # noqa: E402


def test_a_constant_and_a_table_entry_are_changed_inside_and_put_back_after():
    before, hospital = ai.LOOKAHEAD, ai_values.PENALTY["hospital"]
    with changed(parse("LOOKAHEAD=1.2,PENALTY[hospital]=3")):
        assert (ai.LOOKAHEAD, ai_values.PENALTY["hospital"]) == (1.2, 3.0)
    assert (ai.LOOKAHEAD, ai_values.PENALTY["hospital"]) == (before, hospital)


def test_an_unknown_constant_is_refused():
    with pytest.raises(SystemExit, match="no constant"):
        parse("NO_SUCH_THING=1")
    with pytest.raises(SystemExit, match="no entry"):
        parse("PENALTY[nowhere]=1")


def test_the_empty_variant_wins_exactly_what_the_normal_player_wins_in_those_seats():
    """Changing nothing changes nothing: the same deals, the same dice, the same winners."""
    from ai_play import Job, play

    games = 6
    won = 0.0
    for seed in range(games):
        winners = play(Job("cmiyc", 4, {}, seed, ("normal",) * 4)).winners
        won += 1 / len(winners) if seed % 4 in winners else 0.0
    assert share("", games=games, first=0, players=4)["win_share"] == round(won / games, 3)


def test_a_variant_sets_the_seats_inquisitiveness_beside_the_constants():
    from cmiyc_constants import variant_of

    variant = variant_of("peek_aisle=3,LOOKAHEAD=1.2,store=0.85,peeked=5")
    assert variant.inquisitiveness == ai_values.INQUISITIVE
    assert variant.changes == parse("LOOKAHEAD=1.2")
    assert variant.knows == ""
    with pytest.raises(SystemExit, match="knows= takes one of"):
        variant_of("knows=everything")


def test_a_seat_that_knows_is_shown_the_face_down_tiles_of_its_kind_and_no_face_up_one():
    from cmiyc_constants import shown

    from bot.games.registry import game

    engine = game("cmiyc").engine
    state = engine.new_game(4, engine.options_for({}, 4), 3)
    view = engine.seat_view(state, 0)
    assert view.peeked == ()
    down = {sq for sq, tile in state.board.items() if tile not in set(state.faceup)}
    everything = shown(engine.data, state, view, "all")
    assert {sq for sq, _ in everything.peeked} == down
    caches = shown(engine.data, state, view, "caches")
    assert caches.peeked and all(engine.data.kinds[kind].is_cache for _, kind in caches.peeked)
    problems = shown(engine.data, state, view, "problems")
    assert problems.peeked and all(engine.data.kinds[k].category == "problem" for _, k in problems.peeked)
    assert shown(engine.data, state, view, "") is view
