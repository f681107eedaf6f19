"""The muggles' moves (rule text 000, "Muggles"): where they start, the die table, every way a move is
blocked and how it is resolved (rotate, reduce steps, call for help), and that they move after the humans."""

from __future__ import annotations

import pytest

from bot.games.muggles import muggle as muggle_turn
from bot.games.muggles.walk import DIE, entry, plan
from tests.games.muggles.helpers import (
    BOARD,
    DATA,
    NORTH,
    SOUTH,
    E,
    act,
    calm,
    ctx,
    dice,
    fresh,
    lay,
    place_muggle,
    put_tile,
    round_end,
    text,
)


def test_muggles_start_on_the_far_edge_in_the_cafes_column_facing_the_town():
    """ "Muggles start on the edge of their board furthest away from the Town, in the same row or
    column as the Moonrise Café, facing the Town." The Café is D9: column D."""
    state = fresh(2)
    north, south = state.muggles
    assert (north.board, north.square, north.facing) == ("north", "D1", "S")
    assert (south.board, south.square, south.facing) == ("south", "D20", "N")
    assert BOARD.squares[BOARD.cafe].column == BOARD.squares["D1"].column


@pytest.mark.parametrize(
    "roll,facing,square",
    [(1, "S", "D4"), (2, "S", "D5"), (3, "S", "D6"), (4, "W", "C3"), (5, "W", "B3"), (6, "W", "A3")],
)
def test_the_die_table(roll, facing, square):
    """ "Roll of 1 - move one step ahead ... Roll of 3 - move three steps ahead · Roll of 4 - rotate
    clockwise 90° and move one step ahead ... Roll of 6 - rotate clockwise 90° and move three steps
    ahead". Facing south, clockwise is west."""
    assert DIE[roll] == (roll > 3, (roll - 1) % 3 + 1)
    state = fresh(2)
    place_muggle(state, NORTH, "D3", "S")
    calm(state, square)
    dice(state, roll)
    muggle_turn.take_turn(ctx(state), NORTH)
    assert (state.muggles[NORTH].square, state.muggles[NORTH].facing) == (square, facing)


def test_a_move_over_the_edge_rotates_clockwise_until_it_can_be_taken():
    """ "A muggle move is blocked if it would: Cross an edge" and "Rotate – If move is blocked, try
    rotating the piece clockwise 90° at a time until the move can be taken." At A1 facing north, a 2:
    north and east? North is the edge; clockwise next is east."""
    state = fresh(2)
    place_muggle(state, NORTH, "A1", "N")
    found = plan(ctx(state), state.muggles[NORTH], 2)
    assert found is not None and (found.direction, found.path) == ("E", ("B1", "C1"))


def test_the_edge_towards_the_town_is_an_edge_too():
    """ "Each muggle remains on that board for the entire game. They never go to the hospital or any
    other part of the Town board." From D6 facing south (the Town below), a 1 turns west."""
    state = fresh(2)
    place_muggle(state, NORTH, "D6", "S")
    found = plan(ctx(state), state.muggles[NORTH], 1)
    assert found is not None and found.direction == "W" and found.path == ("C6",)


def test_a_revealed_terrain_hazard_blocks_stepping_over_and_landing():
    """ "Step over or land on a revealed Terrain Hazard tile" blocks the move."""
    state = fresh(2)
    place_muggle(state, NORTH, "D2", "S")
    put_tile(state, "D3", "cliff", face_up=True)
    found = plan(ctx(state), state.muggles[NORTH], 2)
    assert found is not None and found.direction == "W"
    put_tile(state, "D3", "cliff", face_up=False)
    assert plan(ctx(state), state.muggles[NORTH], 2).direction == "S", "a face-down Cliff does not block"


def test_a_revealed_nuisance_blocks_landing_but_may_be_stepped_over():
    """ "Land on a revealed Nuisance tile (but okay to step over)"."""
    state = fresh(2)
    place_muggle(state, NORTH, "D2", "S")
    put_tile(state, "D3", "snake", face_up=True)
    assert plan(ctx(state), state.muggles[NORTH], 1).direction == "W"
    assert plan(ctx(state), state.muggles[NORTH], 2).path == ("D3", "D4")


def test_the_unsafe_region_around_the_awake_bear_blocks_landing():
    """ "Land on the unsafe region around a Cave tile" blocks; the Cave itself is a Terrain Hazard."""
    state = fresh(2)
    put_tile(state, "F3", "cave", face_up=True)
    state.bear_awake = True
    place_muggle(state, NORTH, "D3", "E")
    found = plan(ctx(state), state.muggles[NORTH], 1)
    assert found is not None and found.path == ("D4",), "E3 is next to the Cave: turn south"
    found = plan(ctx(state), state.muggles[NORTH], 3)
    assert found is not None and found.direction == "S", "stepping over F3, the Cave, is blocked"
    found = plan(ctx(state), state.muggles[NORTH], 2)
    assert found is not None and found.path == ("D4", "D5"), "landing on E3 or F3 is blocked"


def test_a_re_hidden_cave_is_never_walked_on_or_over():
    """ "Muggles never intentionally walk on or over a revealed Terrain Hazard (nor on or over a
    re-hidden Cave tile)." The Snack turns the Cave face down again; everyone knows it is there."""
    state = fresh(2)
    cave = put_tile(state, "D3", "cave")
    state.known.append(cave)
    place_muggle(state, NORTH, "D2", "S")
    assert plan(ctx(state), state.muggles[NORTH], 2).direction == "W"


def test_reduce_steps_when_no_direction_works():
    """ "Reduce Steps – If none of the four directions work, reduce number of steps by one and repeat
    above instructions." At B2 with a 3, every direction runs into an edge or a Pond within three."""
    state = fresh(2)
    place_muggle(state, NORTH, "B2", "N")
    lay(state, "pond", "B4", "D2")
    found = plan(ctx(state), state.muggles[NORTH], 3)
    assert found is not None and len(found.path) == 1 and found.direction == "N"


def test_call_for_help_when_even_one_step_is_blocked_everywhere():
    """ "Call for Help – If down to one step and all four directions are blocked, the muggle calls for
    help and is relocated to the trail space that enters the wooded board. He faces away from town." """
    state = fresh(2)
    place_muggle(state, NORTH, "A1", "N")
    put_tile(state, "B1", "swamp", face_up=True)
    put_tile(state, "A2", "pond", face_up=True)
    dice(state, 2)
    events_before = len(ctx(state).events)
    game = ctx(state)
    muggle_turn.take_turn(game, NORTH)
    assert events_before == 0
    assert (state.muggles[NORTH].square, state.muggles[NORTH].facing) == ("F6", "N")
    assert entry(game, state.muggles[SOUTH]) == ("C15", "S")
    assert "calls for help" in text(game.events)


def test_muggles_move_the_same_on_trails_and_in_the_woods():
    """ "Trails – Muggles move the same whether on trails or woods": F6-F4 is printed trail."""
    state = fresh(2)
    place_muggle(state, NORTH, "F6", "N")
    calm(state, "F3")
    dice(state, 3)
    muggle_turn.take_turn(ctx(state), NORTH)
    assert state.muggles[NORTH].square == "F3"


def test_each_muggle_has_a_turn_after_the_humans_and_says_what_it_did():
    """ "Each muggle has a turn after the human players have moved in a round." One line a muggle:
    the die, the turn, the steps, what it found."""
    state = fresh(2)
    place_muggle(state, NORTH, "D3", "S")
    place_muggle(state, SOUTH, "D18", "N")
    calm(state, "C3", "D17")
    dice(state, 4, 1)
    state, events = act(round_end(state), "end")
    lines = [e.text for e in events if e.text.startswith("🎲")]
    assert lines[0] == "🎲 4: the North Woods muggle turns west and steps 1 to C3 — reveals " + name(state, "C3") + "."
    assert lines[1] == "🎲 1: the South Woods muggle steps 1 north to D17 — reveals " + name(state, "D17") + "."
    assert state.round == 2 and E.current_seats(state) == [0]
    assert all(e.public for e in events)


def name(state, square):
    return DATA.kind(state.board[square]).name
