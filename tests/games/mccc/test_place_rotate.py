"""Place and Rotate, each test quoting the sentence of the rule text it checks."""

from __future__ import annotations

from bot.games.mccc import maze as mz
from bot.games.mccc.texts import edges_text
from bot.games.mccc.views import TurnedView
from tests.games.mccc.helpers import (
    CORNER,
    CORNER_2,
    CROSS_A,
    CROSS_B,
    ENGINE,
    T1,
    T2,
    T,
    actions,
    card_of,
    mask,
    play,
    public,
    rot_at,
    rot_for,
    scenario,
    start_turn,
)

T_COGS = card_of("T-junction", cogs=True)


def place_cells(state, slot: int) -> set[str]:
    picked, _ = play(state, f"belt:{slot}")
    return {a.split(":")[1] for a in actions(picked) if a.startswith(("place:", "stack:"))}


def test_place_orthogonally_adjacent_to_the_active_character():
    # "Pick a Maze Card from the Conveyor Belt and place it orthogonally adjacent to the Active Character."
    state = scenario({"D5": (CROSS_A, 0)}, {"mouse": "E5", "cheese": "C5"}, [CROSS_B, T1, CORNER, CORNER_2])
    for slot in range(1, 5):
        assert place_cells(state, slot) <= {"E4", "F5", "E6", "D5"}
    assert place_cells(state, 1) == {"E4", "F5", "E6", "D5"}, "the cross can also go on the matching cross"


def test_the_maze_may_never_be_larger_than_5_by_5():
    # "The Maze may never be larger than 5 x 5. You may not add a Maze Card to exceed that size."
    maze = {"C5": (CROSS_A, 0), "D5": (T1, rot_for(T1, "N")), "E5": (CROSS_B, 0)}
    state = scenario(maze, {"mouse": "F5", "cheese": "B5"}, [T_COGS, CORNER, CORNER_2, T2])
    cells = place_cells(state, 2)
    assert "G5" not in cells, "B..G would be six columns wide"
    assert {"F4", "F6"} <= cells


def test_stack_on_matching_walls_in_the_same_orientation_cogs_need_not_match():
    # "Alternately, you may place a Maze Card on top of another card with matching walls. Cogs do not
    # need to match. You must orient the new Maze Card in the same direction as the Maze Card beneath it."
    beneath = rot_for(T1, "E")
    state = scenario({"E4": (T1, beneath)}, {"mouse": "E5", "cheese": "C5"}, [T2, T_COGS, CORNER, CROSS_A])
    for slot, card in ((1, T2), (2, T_COGS)):
        picked, _ = play(state, f"belt:{slot}")
        stacks = [a for a in actions(picked) if a.startswith("stack:")]
        assert stacks == [f"stack:E4:r{rot_for(card, 'E')}"]
        assert T.walls(card, rot_for(card, "E")) == mask("E")
    for slot in (3, 4):
        picked, _ = play(state, f"belt:{slot}")
        assert not [a for a in actions(picked) if a.startswith("stack:")], "walls must match"
    after, texts = play(state, "belt:2", f"stack:E4:r{rot_for(T_COGS, 'E')}", "confirm")
    cards, rot = after.maze[mz.parse_label("E4")]
    assert cards == (T1, T_COGS) and T.walls(T_COGS, rot) == mask("E")
    assert any("stacked" in t for t in texts)


def test_a_stack_must_still_be_next_to_the_active_character():
    # "When you place a Maze Card on top of another card, it must still be next to the Active Character."
    maze = {"E4": (T1, 0), "C4": (T2, 0)}
    state = scenario(maze, {"mouse": "E5", "cheese": "B4"}, [T_COGS, CORNER, CORNER_2, CROSS_A])
    picked, _ = play(state, "belt:1")
    stacks = {a.split(":")[1] for a in actions(picked) if a.startswith("stack:")}
    assert stacks == {"E4"}


def test_you_may_not_stack_more_than_once_on_any_single_maze_card():
    # "Additionally, you may not stack more than once on any single Maze Card."
    rot = rot_for(T1, "N")
    state = scenario({"E4": ((T1, T2), rot)}, {"mouse": "E5", "cheese": "C5"}, [T_COGS, CORNER, CORNER_2, CROSS_A])
    picked, _ = play(state, "belt:1")
    assert not [a for a in actions(picked) if a.startswith("stack:")]


def test_back_returns_the_card_to_the_belt():
    state = scenario({"D5": (CROSS_A, 0)}, {"mouse": "E5", "cheese": "C5"}, [CROSS_B, T1, CORNER, CORNER_2])
    picked, _ = play(state, "belt:3")
    back, _ = play(picked, "back")
    assert ENGINE.dump(back) == ENGINE.dump(state)


def test_unable_to_place_next_to_the_active_character_loses_and_says_why():
    # "You lose during Play if: 1. You are unable to Place a Maze Card next to the Active Character."
    stack = (T1, T2)
    maze = {"E4": (stack, 0), "D5": ((CROSS_A, CROSS_B), 0), "E6": ((CORNER, CORNER_2), 0)}
    state = scenario(maze, {"mouse": "E5", "cheese": "F5"}, [T_COGS, 2, 3, 4])
    state, texts = start_turn(state)  # the start of the next turn
    assert ENGINE.is_terminal(state)
    assert state.outcome.ending == "no_place" and not state.outcome.won
    text = texts[-1]
    assert "No belt card can be placed next to the Mouse" in text
    assert "E4 is already a stack" in text and "F5 holds the Cheese" in text
    assert ENGINE.results(state).scores == (0.0,)


def test_each_cog_turns_its_neighbour_in_its_direction_and_only_there():
    # "For each Cog on the Maze Card you just placed, rotate its adjacent neighbors, if any, in the
    # direction shown 90 degrees." "A light blue Cog rotates the adjacent card 90° counterclockwise.
    # A dark blue Cog rotates the adjacent card 90° clockwise." "If there isn't a Cog on that side of
    # the Maze Card you just played, do not rotate that corresponding neighbor."
    both = next(c for c in T.ids if T.spec[c][0][2] and T.spec[c][0][3] and T.shape[c] == "Straight")
    # turn it so the clockwise cog faces north and the counter-clockwise one faces west
    rot = next(r for r in range(4) if T.spec[both][r][2] >> mz.N & 1 and T.spec[both][r][3] >> mz.W & 1)
    assert T.spec[both][rot][0] >> mz.S & 1, "open towards the Mouse below"
    maze = {"E4": (CROSS_A, 0), "D5": (T1, 0), "F5": (T2, 0)}
    state = scenario(maze, {"mouse": "E6", "cheese": "G7"}, [both, CORNER, CORNER_2, CROSS_B])
    after, texts = play(state, "belt:1", f"place:E5:r{rot}", "confirm")
    assert rot_at(after, "E4") == 1, "dark blue: clockwise"
    assert rot_at(after, "D5") == 3, "light blue: counter-clockwise"
    assert rot_at(after, "F5") == 0, "no cog on that side"
    assert "a cog turned E4 clockwise" in texts[0] and "a cog turned D5 counter-clockwise" in texts[0]
    assert public(after).last.turned == (TurnedView("E4", 1), TurnedView("D5", 3))


def test_the_place_and_rotate_example():
    # "1. Andrew places a Maze Card on top of a matching Maze Card with the walls oriented the same way.
    #  2. Andrew must rotate two of the neighboring cards as indicated by the Cogs on the placed card."
    two = next(
        c for c in T.ids if T.shape[c] == "T-junction" and bin(T.spec[c][0][2] | T.spec[c][0][3]).count("1") == 2
    )
    # the Mouse is east of D5, so D5 needs an open east side: pick a rotation with the wall elsewhere
    rot = next(
        r for r in range(4) if T.spec[two][r][0] >> mz.E & 1 and not (T.spec[two][r][2] | T.spec[two][r][3]) >> mz.E & 1
    )
    walls = edges_text(T.walls(two, rot))
    beneath = rot_for(T1, walls)
    neighbours = {"D4": (CROSS_A, 0), "C5": (CORNER, 0), "D6": (CROSS_B, 0)}
    state = scenario(
        {"D5": (T1, beneath), **neighbours}, {"mouse": "E5", "cheese": "G7"}, [two, CORNER_2, T2, card_of("Straight")]
    )
    after, _ = play(state, "belt:1", f"stack:D5:r{rot}", "confirm")
    _, _, cw, ccw = T.spec[two][rot]
    turned = 0
    for cell, d in (("D4", mz.N), ("C5", mz.W), ("D6", mz.S)):
        expected = 1 if cw >> d & 1 else (3 if ccw >> d & 1 else 0)
        assert rot_at(after, cell) == expected
        turned += expected != 0
    assert turned == 2, "two neighbours turn"
    assert after.maze[mz.parse_label("D5")][0] == (T1, two)


def test_cogs_turn_a_whole_stack():
    # A stack is one pile: a cog turns both cards (the top card is the one that counts).
    rot = next(
        r
        for r in range(4)
        if (T.spec[T_COGS][r][2] | T.spec[T_COGS][r][3]) >> mz.N & 1 and T.spec[T_COGS][r][0] >> mz.S & 1
    )
    state = scenario({"E4": ((T1, T2), 0)}, {"mouse": "E6", "cheese": "G7"}, [T_COGS, CORNER, CORNER_2, CROSS_A])
    after, _ = play(state, "belt:1", f"place:E5:r{rot}", "confirm")
    cards, turned = after.maze[mz.parse_label("E4")]
    assert cards == (T1, T2)
    assert turned == (1 if T.spec[T_COGS][rot][2] >> mz.N & 1 else 3)
