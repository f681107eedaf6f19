"""The four Special Abilities, exactly as written, used at the start of the turn after the reveal."""

from __future__ import annotations

from bot.games.mccc import maze as mz
from tests.games.mccc.helpers import (
    CORNER,
    CORNER_2,
    CROSS_A,
    CROSS_B,
    ENGINE,
    N_S_OPEN,
    STRAIGHT,
    T1,
    T2,
    T,
    actions,
    card_of,
    play,
    rot_at,
    rot_for,
    run_of,
    scenario,
    start_turn,
    where,
)

HOLED = next(
    c for c in T.ids if T.shape[c] == "Straight" and T.spec[c][0][1] and not (T.spec[c][0][2] | T.spec[c][0][3])
)


def holed_wall_rot(card: int, edge: str) -> int:
    d = mz.DIRS.index(edge)
    return next(r for r in range(4) if T.spec[card][r][1] >> d & 1)


def test_mouse_ability_pass_walls_with_a_mouse_hole_this_turn_only():
    # "Mouse: This turn, the Mouse may pass through any or all walls touching a Mouse Hole on either side."
    rot = holed_wall_rot(HOLED, "S")  # the holed wall faces the Mouse below
    assert not T.spec[HOLED][rot][0] >> mz.S & 1
    state = scenario({}, {"mouse": "E6", "cheese": "B5"}, [HOLED, CORNER, CORNER_2, T1], revealed=["mouse"])
    plain, _ = play(state, "belt:1")
    choice = next(c for c in ENGINE.legal_actions(plain, 0) if c.action == f"place:E5:r{rot}")
    assert choice.label.startswith("💀"), "without the ability the wall stops the Mouse"
    started, texts = start_turn(state, "mouse")
    assert started.effects == ["mouse"] and "mouse hole" in texts[0]
    after, _ = play(started, "belt:1", f"place:E5:r{rot}", "confirm")
    assert after.phase == "dest" and set(actions(after)) == {"dest:D5", "dest:F5"}
    after, _ = play(after, "dest:F5")
    assert where(after, "mouse") == "F5" and after.effects == [], "only for this turn"


def test_mouse_hole_on_the_far_side_of_a_wall_counts_too():
    # "... walls touching a Mouse Hole on either side": E5's plain north wall touches E4's holed south wall.
    dead_end = next(c for c in T.ids if T.shape[c] == "Dead end" and not (T.spec[c][0][2] | T.spec[c][0][3]))
    rot = rot_for(dead_end, "N+E+W")  # open only towards the Mouse (south)
    assert not T.spec[dead_end][rot][1] >> mz.N & 1, "a plain wall on E5's north side"
    maze = {"E4": (HOLED, holed_wall_rot(HOLED, "S"))}
    state = scenario(maze, {"mouse": "E6", "cheese": "B5"}, [dead_end, CORNER, CORNER_2, T2], revealed=["mouse"])
    plain, _ = play(state, "belt:1", f"place:E5:r{rot}", "confirm")
    assert plain.outcome.ending == "stuck", "without the ability the dead end is a dead end"
    started, _ = start_turn(state, "mouse")
    after, _ = play(started, "belt:1", f"place:E5:r{rot}", "confirm")
    dests = {a.split(":")[1] for a in actions(after)}
    assert {"D4", "F4"} <= dests
    after, _texts = play(after, "dest:F4")
    assert run_of(after, "mouse") == ("E6", "E5", "E4", "F4")


def test_cat_ability_swaps_the_cheese_and_the_cat():
    # "Cat: Immediately swap the Cheese and Cat's location."
    state = scenario(
        {}, {"mouse": "C7", "cheese": "B5", "cat": "E6"}, [STRAIGHT, CORNER, CORNER_2, T1], revealed=["cat"]
    )
    started, texts = start_turn(state, "cat")
    assert where(started, "cat") == "B5" and where(started, "cheese") == "E6"
    assert "swap places" in texts[0]
    assert started.phase == "pick"


def test_cat_ability_is_skipped_when_the_cat_is_not_in_the_maze():
    # "you must use that Secret Agenda's Special Ability at the start of the next turn, if possible."
    state = scenario({}, {"mouse": "E6", "cheese": "B5"}, [STRAIGHT, CORNER, CORNER_2, T1], revealed=["cat"])
    started, texts = start_turn(state, "cat")
    assert texts[0] == "**The Cat did it!** ability: skipped, because the Cat is not in the maze yet."
    assert where(started, "cheese") == "B5"


def test_cheese_ability_turns_any_one_card_as_far_as_you_want():
    # "Cheese: Immediately rotate any one Maze Card in any direction as far as you want."
    maze = {"C5": (T1, 0), "E3": (CROSS_A, 0)}
    state = scenario(maze, {"mouse": "E6", "cheese": "B5"}, [STRAIGHT, CORNER, CORNER_2, T2], revealed=["cheese"])
    started, texts = start_turn(state, "cheese")
    assert started.phase == "cheese"
    offered = actions(started)
    assert {"turn:C5:1", "turn:C5:2", "turn:C5:3"} <= set(offered)
    assert not [a for a in offered if a.startswith("turn:E3")], "a plain cross looks the same every way round"
    after, texts = play(started, "turn:C5:3")
    assert rot_at(after, "C5") == 3 and after.phase == "pick"
    assert "90° ↺" in texts[0]


def test_cucumber_ability_places_on_top_of_any_card_facing_any_direction():
    # "Cucumber: Immediately take a Maze Card from the Conveyor Belt and place it on top of another card,
    # ignoring the normal restrictions - any card can go on top of any other Maze Card facing any
    # direction. You do not have to place this card next to the Active Character."
    # "After this special placement, Rotate, Move, and replace the card on the Conveyor Belt."
    maze = {"E5": (CORNER, rot_for(CORNER, "E+S")), "B3": (T1, 0), "C3": ((T2, card_of("T-junction", cogs=True)), 0)}
    state = scenario(
        maze, {"mouse": "E6", "cheese": "B5"}, [STRAIGHT, CORNER_2, CROSS_A, CROSS_B], revealed=["cucumber"]
    )
    started, texts = start_turn(state, "cucumber")
    assert started.effects == ["cucumber"]
    picked, _ = play(started, "belt:1")
    offered = set(actions(picked)) - {"back"}
    cells = {a.split(":")[1] for a in offered}
    assert cells == {"E5", "B3"}, "any unstacked maze card, next to the Active Character or not"
    assert all(a.startswith("stack:") for a in offered)
    assert {int(a.rsplit("r", 1)[1]) for a in offered if ":E5:" in a} == set(T.distinct[STRAIGHT])
    after, texts = play(picked, f"stack:E5:r{N_S_OPEN}", "confirm")
    assert after.maze[mz.parse_label("E5")][0][-1] == STRAIGHT
    assert where(after, "mouse") == "E4", "then Move"
    assert len(after.belt) == 4 and after.turn == started.turn + 1, "and replace the card on the Conveyor Belt"
    assert "with the Cucumber's ability" in texts[0]


def test_cucumber_placement_away_from_the_active_character_loses_it_the_move():
    maze = {"E5": (CORNER, 0), "B3": (T1, 0)}
    state = scenario(
        maze, {"mouse": "E6", "cheese": "B5"}, [STRAIGHT, CORNER_2, CROSS_A, CROSS_B], revealed=["cucumber"]
    )
    started, _ = start_turn(state, "cucumber")
    picked, _ = play(started, "belt:3")
    choice = next(c for c in ENGINE.legal_actions(picked, 0) if c.action.startswith("stack:B3:"))
    assert choice.label.startswith("💀")
    after, _ = play(picked, choice.action, "confirm")
    assert after.outcome.ending == "stuck"


def test_an_ability_that_cannot_change_anything_is_skipped_saying_why():
    # "If a Secret Agenda is revealed, you must use that Secret Agenda's Special Ability at the start of
    # the next turn, if possible." Issue 9: "when no maze card would look different after turning, the
    # Cheese ability still starts. It then offers no choice, and the game has no legal action."
    plain = {"C5": (CROSS_A, 0), "E4": (CROSS_B, 0)}  # crosses without cogs look the same every way round
    state = scenario(plain, {"mouse": "E6", "cheese": "B5"}, [STRAIGHT, CORNER, CORNER_2, T2], revealed=["cheese"])
    started, texts = start_turn(state, "cheese")
    assert texts[0] == (
        "**The Cheese did it!** ability: skipped, because no maze card would look any different after turning."
    )
    assert started.phase == "pick" and actions(started), "the turn goes on with something to do"
    assert started.abilities_used == ["cheese"], "the ability is spent all the same"


def test_the_mouse_ability_with_no_mouse_hole_in_reach_is_skipped():
    holeless = [c for c in T.ids if not T.spec[c][0][1] and c != CROSS_A][:4]
    state = scenario({"C5": (CROSS_A, 0)}, {"mouse": "E6", "cheese": "B5"}, holeless, revealed=["mouse"])
    started, texts = start_turn(state, "mouse")
    assert started.effects == [] and "skipped, because no card in the maze or on the belt has a mouse hole" in texts[0]


def test_no_position_is_left_without_a_legal_action():
    # Issue 9: "An ability that cannot change anything is skipped, with a line saying why."
    from bot.engine.playout import play as playout

    for players in (1, 2):
        for seed in range(8):
            for options in ({"setup": 1}, {"setup": 3, "easier": players == 1}):
                outcome = playout(ENGINE, players, seed, options, keep_states=True)
                for state in outcome.states:
                    if not ENGINE.is_terminal(state):
                        assert ENGINE.legal_actions(state, state.seat), (players, seed, state.phase)


def test_the_cucumber_ability_prompt_says_where_the_card_may_go():
    # Issue 9: "With the Cucumber ability active, the prompt still says "place next to the Mouse", but the
    # choices are "on X (Cucumber)"." The rule: "You do not have to place this card next to the Active Character."
    maze = {"E5": (CORNER, rot_for(CORNER, "E+S")), "B3": (T1, 0)}
    state = scenario(
        maze, {"mouse": "E6", "cheese": "B5"}, [STRAIGHT, CORNER_2, CROSS_A, CROSS_B], revealed=["cucumber"]
    )
    started, _ = start_turn(state, "cucumber")
    question, meaning = ENGINE.prompt_text(ENGINE.seat_view(started, 0)).split("\n")
    assert question == "Pick a belt card to lay on top of any unstacked maze card."
    assert "next to the Mouse" not in question
    assert meaning == (
        "The Cucumber's ability: any card, any way round, anywhere; the Active Character must still move through it."
    )
    picked, _ = play(started, "belt:1")
    labels = [c.label for c in ENGINE.legal_actions(picked, 0) if c.group == "place"]
    assert labels and all(label.lstrip("💀 ").startswith(("on E5 (Cucumber)", "on B3 (Cucumber)")) for label in labels)
