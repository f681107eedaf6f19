"""The house multiplayer mode: secret sides dealt by DM, placing anywhere, the three ways the game ends."""

from __future__ import annotations

import pytest

from bot.engine import RuleError, codec
from bot.games.mccc import maze as mz
from bot.games.mccc.texts import card_name
from tests.games.mccc.helpers import (
    CORNER,
    CORNER_2,
    CROSS_A,
    CROSS_B,
    DATA,
    ENGINE,
    N_S_OPEN,
    STRAIGHT,
    T1,
    T2,
    T3,
    T,
    actions,
    cards_of,
    play,
    public,
    rot_for,
    scenario,
)


def new(players, seed=3):
    return ENGINE.new_game(players, ENGINE.options_for({}, players), seed)


def test_each_player_secretly_sides_with_one_character():
    state = new(4)
    assert sorted(state.secret) == sorted(DATA.agendas)
    view = public(state)
    assert view.sides == ()
    assert not any(a.title in str(codec.builtins(view)) for a in DATA.agendas.values())
    for seat in range(4):
        mine = ENGINE.seat_view(state, seat)
        key = state.secret[seat]
        assert mine.secret is not None and mine.secret.key == key
        text = ENGINE.private_text(mine)
        assert DATA.agendas[key].title in text
        for other in set(DATA.agendas) - {key}:
            assert DATA.agendas[other].title not in text
    assert ENGINE.current_seats(state) == [0]


def test_the_secret_changes_nothing_public():
    state = new(3)
    other = ENGINE.shuffle_hidden(state, 9)
    assert public(other) == public(state)


def test_a_card_goes_next_to_anything_in_the_maze():
    maze = {"D5": (CROSS_A, 0)}
    state = scenario(
        maze, {"mouse": "F5", "cheese": "B5"}, [T1, CORNER, CORNER_2, T2], players=2, secret=["mouse", "cat"]
    )
    picked, _ = play(state, "belt:1")
    cells = {a.split(":")[1] for a in actions(picked) if a.startswith("place:")}
    assert {"D4", "D6", "C5", "E5"} <= cells, "next to the crossing, away from any character"
    assert {"F4", "F6", "E5"} <= cells and "G5" not in cells, "still never beyond 5 x 5"


def test_turns_pass_round_the_table():
    state = scenario(
        {},
        {"mouse": "E6", "cheese": "B5"},
        [STRAIGHT, CORNER, CORNER_2, T1],
        players=3,
        secret=["mouse", "cat", "cheese"],
    )
    after, texts = play(state, "belt:1", f"place:E5:r{N_S_OPEN}", "confirm")
    assert after.seat == 1 and ENGINE.current_seats(after) == [1]
    assert "{p1}'s turn." in texts
    with pytest.raises(RuleError):
        ENGINE.apply(after, 0, "belt:1")


def test_mouse_reaching_the_cheese_ends_the_game_for_the_mouse_side():
    maze = {"E4": (CROSS_A, 0), "D4": (T1, rot_for(T1, "E")), "F4": (T2, rot_for(T2, "W"))}
    state = scenario(
        maze,
        {"mouse": "E6", "cheese": "E3", "cat": "B7"},
        [STRAIGHT, CORNER, CORNER_2, T3],
        players=2,
        secret=["cat", "mouse"],
    )
    after, _texts = play(state, "belt:1", f"place:E5:r{N_S_OPEN}", "confirm")
    assert ENGINE.is_terminal(after)
    result = ENGINE.results(after)
    assert result.winners == (1,) and result.scores[1] == 2.0
    assert "{p1} (Mouse): 2 points" in result.text
    assert [(s.seat, s.agenda.key) for s in public(after).sides] == [(0, "cat"), (1, "mouse")]


def test_cat_catching_the_mouse_ends_the_game_for_the_cat_side():
    maze = {"E4": (CROSS_A, 0), "D4": (T1, rot_for(T1, "E")), "F4": (T2, rot_for(T2, "W"))}
    state = scenario(
        maze,
        {"cat": "E6", "mouse": "E3", "cheese": "B7"},
        [STRAIGHT, CORNER, CORNER_2, T3],
        players=3,
        secret=["mouse", "cheese", "cat"],
    )
    after, _ = play(state, "belt:1", f"place:E5:r{N_S_OPEN}", "confirm")
    assert ENGINE.results(after).winners == (2,)


def test_reaching_a_target_nobody_sides_with_falls_back_to_the_paths():
    maze = {"E4": (CROSS_A, 0), "D4": (T1, rot_for(T1, "E")), "F4": (T2, rot_for(T2, "W"))}
    state = scenario(
        maze,
        {"mouse": "E6", "cheese": "E3", "cat": "B7"},
        [STRAIGHT, CORNER, CORNER_2, T3],
        players=2,
        secret=["cheese", "cucumber"],
    )
    after, _ = play(state, "belt:1", f"place:E5:r{N_S_OPEN}", "confirm")
    result = ENGINE.results(after)
    # Mouse->Cheese holds (it got there), the Cat has no Path: the Cucumber scores 1, the Cheese 1.
    assert result.scores == (1.0, 1.0) and result.winners == (0, 1)


def test_the_cucumber_ends_the_game_and_the_agenda_that_holds_wins():
    maze = {"D5": (CROSS_A, 0), "F5": (CROSS_B, 0)}
    chars = {"mouse": "C5", "cheese": "E5", "cat": "G5"}
    belt = [STRAIGHT, CORNER, CORNER_2]
    state = scenario(
        maze,
        chars,
        belt,
        players=4,
        secret=["mouse", "cat", "cheese", "cucumber"],
        deck_top=["cucumber"],
        at_end_turn=True,
    )
    from tests.games.mccc.helpers import end_turn

    after, _texts = end_turn(state)
    result = ENGINE.results(after)
    assert result.winners == (3,) and result.scores == (1.0, 1.0, 0.0, 2.0)
    assert "The Cucumber did it!" in result.text


def test_using_your_ability_reveals_your_side():
    maze = {"C5": (T1, 0)}
    state = scenario(
        maze,
        {"mouse": "E6", "cheese": "B5", "cat": "F7"},
        [STRAIGHT, CORNER, CORNER_2, T2],
        players=2,
        secret=["cheese", "cat"],
    )
    choices = {c.action: c for c in ENGINE.legal_actions(state, 0)}
    assert "ability:cheese" in choices and not choices["ability:cheese"].public
    assert "ability:cat" not in choices
    after, texts = play(state, "ability:cheese")
    assert after.phase == "cheese" and [(s.seat, s.agenda.key) for s in public(after).sides] == [(0, "cheese")]
    assert any("reveals their secret side" in t for t in texts)
    after, _ = play(after, "turn:C5:2")
    assert "ability:cheese" not in actions(after)


def test_a_jammed_maze_makes_the_player_discard():
    # A full 5 x 5 of T-junctions, straights and corners: nothing on the belt (crosses, dead ends,
    # the Studio) matches any unstacked card, and there is no empty space left.
    fillers = cards_of("T-junction") + cards_of("Straight") + cards_of("Corner")
    cells = [f"{c}{r}" for r in range(3, 8) for c in "CDEFG"]
    chars = {"mouse": cells[0], "cheese": cells[12], "cat": cells[24]}
    free = [c for c in cells if c not in chars.values()]
    assert len(free) == len(fillers) == 22
    maze = {cell: (card, 0) for cell, card in zip(free, fillers)}
    dead = cards_of("Dead end")
    belt = [DATA.studio, dead[0], dead[1], CROSS_A]
    state = scenario(maze, chars, belt, players=2, secret=["mouse", "cat"])
    assert actions(state) == ["ability:mouse", "discard:1", "discard:2", "discard:3", "discard:4"]
    after, texts = play(state, "discard:4")
    assert after.discard == [CROSS_A] and len(after.belt) == 4 and after.seat == 1
    assert "discarded" in texts[0]


def test_multiplayer_view_schema():
    state = new(2)
    view = ENGINE.seat_view(state, 1)
    assert not view.public.solo and view.public.players == 2
    assert view.seat == 1 and view.secret is not None
    assert "Pick a belt card to place next to any card in the maze" in ENGINE.prompt_text(ENGINE.seat_view(state, 0))
    status = ENGINE.status_text(public(state))
    assert "{p0} to play" in status


def test_grid_constants():
    assert mz.label(mz.parse_label("I9")) == "I9"
    assert card_name(T, CROSS_A).startswith("Cross #")


def test_after_the_game_every_secret_side_is_shown():
    maze = {"E4": (CROSS_A, 0), "D4": (T1, rot_for(T1, "E")), "F4": (T2, rot_for(T2, "W"))}
    state = scenario(
        maze,
        {"mouse": "E6", "cheese": "E3", "cat": "B7"},
        [STRAIGHT, CORNER, CORNER_2, T3],
        players=2,
        secret=["cat", "mouse"],
    )
    assert ENGINE.reveal_text(state) == "", "nothing is shown while the game goes on"
    after, _ = play(state, "belt:1", f"place:E5:r{N_S_OPEN}", "confirm")
    assert ENGINE.reveal_text(after) == (
        "Secret sides: {p0} sided with the Cat (*The Cat did it!*), {p1} sided with the Mouse (*The Mouse did it!*)."
        " Not dealt: *The Cheese did it!*, *The Cucumber did it!*."
    )
