"""Move: forced moves through the placed card, destinations, and the ways a Move loses."""

from __future__ import annotations

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
    T3,
    actions,
    play,
    public,
    rot_for,
    run_of,
    scenario,
    where,
)


def test_move_as_far_as_you_like_along_contiguous_corridors_to_a_chosen_destination():
    # "When moving through the Maze, the Cat or Mouse may move as far as you like along any number of
    # contiguous corridors, as long as they start moving through the card you just placed, and as long
    # as there is a legal destination."
    maze = {"E5": (CROSS_A, 0), "F5": (CROSS_B, 0)}
    state = scenario(maze, {"mouse": "D6", "cheese": "D7"}, [T1, CORNER, CORNER_2, T2])
    after, texts = play(state, "belt:1", f"place:D5:r{rot_for(T1, 'N')}", "confirm")
    assert after.phase == "dest"
    dests = {a.split(":")[1] for a in actions(after)}
    assert dests == {"C5", "E4", "E6", "F4", "F6", "G5"}, "never back to D6, where it started"
    after, texts = play(after, "dest:G5")
    assert where(after, "mouse") == "G5"
    assert "The Mouse ran D6 → D5 → E5 → F5 → G5." in texts
    assert run_of(after, "mouse") == ("D6", "D5", "E5", "F5", "G5")
    assert after.turn == 2 and len(after.belt) == 4, "End Turn refilled the belt"


def test_a_single_destination_is_taken_without_asking():
    state = scenario({}, {"mouse": "E6", "cheese": "B5"}, [STRAIGHT, CORNER, CORNER_2, T1])
    after, _texts = play(state, "belt:1", f"place:E5:r{N_S_OPEN}", "confirm")
    assert where(after, "mouse") == "E4"
    assert after.phase == "pick" and after.turn == 2


def test_a_legal_destination_is_an_empty_space_in_the_5_by_5_grid():
    # "A legal destination is any empty space in the 5 x 5 grid or one that ends the game immediately."
    # A corner open south and east lets the Mouse out only towards G4, beyond the limit: it cannot move,
    # and the Active Character must move ("Reminder: The Active Character must Move on every turn or you lose!").
    maze = {"C5": (CROSS_A, 0), "D5": (T1, rot_for(T1, "N")), "E5": (CROSS_B, 0)}
    state = scenario(maze, {"mouse": "F5", "cheese": "B5"}, [CORNER, T2, CORNER_2, STRAIGHT])
    picked, _ = play(state, "belt:1")
    rot = rot_for(CORNER, "N+W")
    choice = next(c for c in ENGINE.legal_actions(picked, 0) if c.action == f"place:F4:r{rot}")
    assert choice.label.startswith("💀") and choice.label.endswith("— you lose")
    after, texts = play(picked, choice.action, "confirm")
    assert ENGINE.is_terminal(after) and after.outcome.ending == "stuck"
    assert "ended where it started" in texts[-1]


def test_the_mouse_moving_over_the_cheese_loses():
    # "3. The Mouse moves over the Cheese." / "If the Mouse ever passes over the Cheese ... the game ends immediately."
    maze = {
        "E4": (CROSS_A, 0),
        "D4": (T1, rot_for(T1, "E")),
        "F4": (T2, rot_for(T2, "W")),
    }
    state = scenario(maze, {"mouse": "E6", "cheese": "E3"}, [STRAIGHT, CORNER, CORNER_2, T3])
    picked, _ = play(state, "belt:1")
    choice = next(c for c in ENGINE.legal_actions(picked, 0) if c.action == f"place:E5:r{N_S_OPEN}")
    assert choice.description == "you lose: Mouse: only onto the Cheese"
    after, texts = play(picked, choice.action, "confirm")
    assert after.outcome.ending == "cheese" and not after.outcome.won
    assert run_of(after, "mouse") == ("E6", "E5", "E4", "E3")
    assert "The Mouse moved over the Cheese. You lose." in texts[-1]


def test_running_onto_the_cheese_is_offered_only_as_a_danger():
    maze = {"E4": (CROSS_A, 0), "D4": (T1, rot_for(T1, "E"))}
    state = scenario(maze, {"mouse": "E6", "cheese": "E3"}, [STRAIGHT, CORNER, CORNER_2, T3])
    after, _ = play(state, "belt:1", f"place:E5:r{N_S_OPEN}", "confirm")
    choices = {c.action: c for c in ENGINE.legal_actions(after, 0)}
    assert set(choices) == {"dest:F4", "dest:E3"}
    assert choices["dest:E3"].style == "danger" and "you lose" in choices["dest:E3"].label
    assert choices["dest:F4"].description == "E6 → E5 → E4 → F4"
    after, _ = play(after, "dest:F4")
    assert not ENGINE.is_terminal(after)


def test_the_cat_moving_over_the_mouse_loses():
    # "4. The Cat moves over the Mouse." After the Cat has been revealed, he becomes the Active Character.
    maze = {
        "E4": (CROSS_A, 0),
        "D4": (T1, rot_for(T1, "E")),
        "F4": (T2, rot_for(T2, "W")),
    }
    state = scenario(maze, {"cat": "E6", "mouse": "E3", "cheese": "G7"}, [STRAIGHT, CORNER, CORNER_2, T3])
    assert public(state).active == ("cat",)
    after, texts = play(state, "belt:1", f"place:E5:r{N_S_OPEN}", "confirm")
    assert after.outcome.ending == "caught" and "The Cat moved over the Mouse." in texts[-1]


def test_both_must_move_and_passing_over_each_other_ends_the_game():
    # "If the Cat or Mouse are adjacent to the Maze Card you just played, they must Move through that
    # Maze Card if possible." "If you place a card that causes both the Cat and Mouse to Move at the
    # same time and they pass over each other, the game ends immediately."
    state = scenario({}, {"cat": "E6", "mouse": "E4", "cheese": "B5"}, [CROSS_A, CORNER, CORNER_2, T1])
    after, _ = play(state, "belt:1", "place:E5:r0", "confirm")
    assert after.phase == "order" and actions(after) == ["first:mouse", "first:cat"]
    after, _ = play(after, "first:mouse")
    assert {a.split(":")[1] for a in actions(after)} == {"D5", "F5", "E6"}
    after, _ = play(after, "dest:D5")
    assert after.phase == "dest" and after.movers == ["cat"]
    cat_choices = {c.action: c for c in ENGINE.legal_actions(after, 0)}
    assert cat_choices["dest:D5"].style == "danger", "the Mouse is now at D5"
    lost, _texts = play(after, "dest:D5")
    assert lost.outcome.ending == "caught"
    fine, _ = play(after, "dest:F5")
    assert where(fine, "cat") == "F5" and where(fine, "mouse") == "D5" and not ENGINE.is_terminal(fine)


def test_the_mouse_running_into_the_cat_that_moves_too_is_passing_over_each_other():
    # "If you place a card that causes both the Cat and Mouse to Move at the same time and they pass over
    # each other, the game ends immediately." The Mouse runs E4 → E5 → E6 while the Cat leaves E6 through E5.
    state = scenario({}, {"cat": "E6", "mouse": "E4", "cheese": "B5"}, [CROSS_A, CORNER, CORNER_2, T1])
    after, _ = play(state, "belt:1", "place:E5:r0", "confirm", "first:mouse")
    lost, texts = play(after, "dest:E6")
    assert lost.outcome.ending == "crossed" and not lost.outcome.won
    assert texts[-1] == (
        "💀 The Cat and the Mouse moved at the same time and passed over each other: the game ends. You lose."
    )


def test_the_mouse_running_into_a_cat_that_stays_is_the_cat_catching_it():
    # "4. The Cat moves over the Mouse." The Cat at G4 is not next to E5, so only the Mouse moves (easier
    # mode, where "Both Cat and Mouse can be the Active Character", lets the card go next to the Mouse).
    maze = {"F4": (T2, rot_for(T2, "N")), "E4": (CROSS_B, 0)}
    state = scenario(maze, {"cat": "G4", "mouse": "E6", "cheese": "C7"}, [CROSS_A, CORNER, CORNER_2, T1], easier=True)
    after, _ = play(state, "belt:1", "place:E5:r0", "confirm")
    assert after.phase == "dest"
    lost, texts = play(after, "dest:G4")
    assert lost.outcome.ending == "caught"
    assert texts[-1] == "💀 The Mouse ran into the Cat: the Cat moved over the Mouse. You lose."


def test_the_cat_may_run_over_the_cheese():
    # House reading: only the Mouse over the Cheese and the Cat over the Mouse lose; characters are
    # open on every side, so the Cat may run across the Cheese (never stop on it).
    maze = {"E3": (CROSS_A, 0)}
    state = scenario(maze, {"cat": "E6", "cheese": "E4", "mouse": "C6"}, [STRAIGHT, CORNER, CORNER_2, T1])
    after, _ = play(state, "belt:1", f"place:E5:r{N_S_OPEN}", "confirm")
    dests = {a.split(":")[1] for a in actions(after)}
    # off the Cheese's card to either side, or on through the crossing beyond it
    assert dests == {"D4", "F4", "D3", "F3", "E2"}
    after, _texts = play(after, "dest:E2")
    assert run_of(after, "cat") == ("E6", "E5", "E4", "E3", "E2")


def test_a_character_next_to_the_card_that_cannot_pass_does_not_move():
    # "they must Move through that Maze Card if possible": a wall on the Mouse's side means it stays.
    state = scenario({}, {"cat": "E6", "mouse": "F5", "cheese": "B5"}, [STRAIGHT, CORNER, CORNER_2, T1])
    # the straight runs north-south: open to the Cat (south), walled towards the Mouse (east)
    after, _ = play(state, "belt:1", f"place:E5:r{N_S_OPEN}", "confirm")
    assert where(after, "mouse") == "F5"
    assert where(after, "cat") == "E4"


def test_the_issue_example_cat_and_mouse_swapping_through_one_card_ends_the_game():
    # "If you place a card that causes both the Cat and Mouse to Move at the same time and they pass over
    # each other, the game ends immediately." Issue 9's example: Mouse D5, Cat F5, a cross at E5. The Mouse
    # runs D5 → E5 → E4, then the Cat runs F5 → E5 → D5: they swapped through one card.
    state = scenario({}, {"mouse": "D5", "cat": "F5", "cheese": "D7"}, [CROSS_A, CORNER, CORNER_2, T1])
    after, _ = play(state, "belt:1", "place:E5:r0", "confirm")
    assert after.phase == "order", "both are next to the card and must move through it"
    after, texts = play(after, "first:mouse", "dest:E4")
    assert texts == ["The Mouse ran D5 → E5 → E4."]
    cat_choices = {c.action: c for c in ENGINE.legal_actions(after, 0)}
    assert set(cat_choices) == {"dest:E6", "dest:D5", "dest:E4"}
    assert cat_choices["dest:D5"].label == "D5 · passes over the Mouse (you lose)"
    assert cat_choices["dest:D5"].style == "danger" and cat_choices["dest:E6"].style == "primary"
    lost, texts = play(after, "dest:D5")
    assert ENGINE.is_terminal(lost) and lost.outcome.ending == "crossed"
    assert texts[0] == "The Cat ran F5 → E5 → D5, onto the space the Mouse just left!"
    assert "passed over each other" in texts[-1]
    fine, _ = play(after, "dest:E6")
    assert not ENGINE.is_terminal(fine) and where(fine, "cat") == "E6" and where(fine, "mouse") == "E4"


def test_passing_over_each_other_is_the_same_whoever_is_moved_first():
    state = scenario({}, {"mouse": "D5", "cat": "F5", "cheese": "D7"}, [CROSS_A, CORNER, CORNER_2, T1])
    after, _ = play(state, "belt:1", "place:E5:r0", "confirm", "first:cat")
    cat_choices = {c.action: c.label for c in ENGINE.legal_actions(after, 0)}
    assert cat_choices["dest:D5"] == "D5 · onto the Mouse (you lose)"
    lost, _ = play(after, "dest:D5")
    assert lost.outcome.ending == "crossed", "the Cat ran onto the space the Mouse was leaving"


def test_moving_through_the_same_card_is_not_passing_over_each_other():
    # Both must start through the card just placed; they pass over each other only when one runs onto
    # the other's space. Mouse D5 → E5 → E4 and Cat E6 → E5 → F5 cross nothing.
    state = scenario({}, {"mouse": "D5", "cat": "E6", "cheese": "C7"}, [CROSS_A, CORNER, CORNER_2, T1])
    after, _ = play(state, "belt:1", "place:E5:r0", "confirm", "first:mouse", "dest:E4", "dest:F5")
    assert not ENGINE.is_terminal(after)
    assert where(after, "mouse") == "E4" and where(after, "cat") == "F5"
