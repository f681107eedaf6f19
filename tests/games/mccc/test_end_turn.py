"""End Turn: refilling the Conveyor Belt, the Cat's arrival, the Cucumber and the secret agendas."""

from __future__ import annotations

from bot.games.mccc import maze as mz
from tests.games.mccc.helpers import (
    CORNER,
    CORNER_2,
    CORNER_3,
    CROSS_A,
    CROSS_B,
    ENGINE,
    N_S_OPEN,
    STRAIGHT,
    T1,
    T2,
    T3,
    T4,
    actions,
    card_of,
    end_turn,
    play,
    public,
    scenario,
    where,
)


def test_end_turn_adds_a_card_from_the_maze_deck_to_the_belt():
    # "End your turn by adding a card faceup to the Conveyor Belt from the Maze Deck."
    state = scenario({}, {"mouse": "E6", "cheese": "B5"}, [STRAIGHT, CORNER, CORNER_2, T1], deck_top=[T2])
    after, _ = play(state, "belt:1", f"place:E5:r{N_S_OPEN}", "confirm")
    assert after.belt == [CORNER, CORNER_2, T1, T2]
    assert len(after.deck) == len(state.deck) - 1
    assert after.turn == 2


def test_the_cat_arrives_at_the_closest_empty_space_to_the_cheese():
    # "If you add the Cat Character Card, place the Cat in the closest empty space counted orthogonally
    # from the Cheese and then add a replacement Maze Card to the Conveyor Belt."
    state = scenario({}, {"mouse": "E6", "cheese": "C5"}, [STRAIGHT, CORNER, CORNER_2, T1], deck_top=["cat", T2])
    after, texts = play(state, "belt:1", f"place:E5:r{N_S_OPEN}", "confirm")
    # C5's neighbours B5, C4, D5 and C6 are all one space away: a tie the player settles
    assert after.phase == "cat"
    assert set(actions(after)) == {"cat:C4", "cat:B5", "cat:D5", "cat:C6"}
    after, texts = play(after, "cat:D5")
    assert where(after, "cat") == "D5"
    assert after.belt == [CORNER, CORNER_2, T1, T2], "a replacement Maze Card"
    assert public(after).active == ("cat",), "After the Cat has been revealed, he becomes the Active Character."
    assert any("The Cat is now the Active Character" in t for t in texts)


def test_a_single_closest_space_needs_no_choice():
    # B5, C4 and D5 are taken, so C6 is the only space next to the Cheese.
    maze = {"B5": (CROSS_A, 0), "C4": (CROSS_B, 0), "D5": (T1, 0)}
    state = scenario(
        maze, {"mouse": "E7", "cheese": "C5"}, [CORNER, CORNER_2, T2], deck_top=["cat", T3], at_end_turn=True
    )
    after, _texts = end_turn(state)
    assert where(after, "cat") == "C6"
    assert after.phase == "pick" and after.belt == [CORNER, CORNER_2, T2, T3]


def test_the_cat_placement_example_three_spots_two_spaces_away():
    # "At the end of his turn, Andrew refills the Conveyor Belt and reveals the Cat." "Andrew has to place
    # the Cat in an empty space as close to the Cheese as possible." "Since there are three spots that are
    # two spaces away from the Cheese, Andrew has his choice of where he would like to place the Cat."
    maze = {
        "E4": (CROSS_A, 0),
        "D5": (CROSS_B, 0),
        "F5": (T1, 0),
        "E6": (T2, 0),
        "D4": (T3, 0),
        "F4": (T4, 0),
        "C5": (CORNER, 0),
        "G5": (CORNER_2, 0),
    }
    belt = [STRAIGHT, CORNER_3, card_of("Straight", cogs=True)]
    state = scenario(
        maze, {"mouse": "E7", "cheese": "E5"}, belt, deck_top=["cat", card_of("Cross", cogs=True)], at_end_turn=True
    )
    after, texts = end_turn(state)
    assert after.phase == "cat"
    spots = sorted(mz.label(c) for c in after.cat_options)
    assert spots == ["D6", "E3", "F6"]
    assert all(mz.distance(mz.parse_label(s), mz.parse_label("E5")) == 2 for s in spots)
    assert "choose" in texts[-1]
    assert public(after).cat_options == ("E3", "D6", "F6")
    chosen, _ = play(after, "cat:F6")
    assert where(chosen, "cat") == "F6" and chosen.phase == "pick" and len(chosen.belt) == 4


def test_the_cucumber_begins_the_endgame_immediately():
    # "If you add the Cucumber Character Card to the Conveyor Belt, the Endgame begins immediately."
    state = scenario(
        {}, {"cat": "E6", "cheese": "B5", "mouse": "C7"}, [STRAIGHT, CORNER, CORNER_2, T1], deck_top=["cucumber"]
    )
    after, texts = play(state, "belt:1", f"place:E5:r{N_S_OPEN}", "confirm")
    assert ENGINE.is_terminal(after)
    assert after.belt[-1] == "cucumber"
    assert after.outcome.ending == "endgame"
    assert any("the Endgame begins" in t for t in texts)


def test_a_revealed_agenda_is_set_aside_and_the_belt_still_refilled():
    # "During the End Turn, if a Secret Agenda is revealed, set that Secret Agenda aside and refill the
    # Conveyor Belt as normal." "You must use that Secret Agenda's Special Ability at the start of the next turn."
    state = scenario(
        {}, {"mouse": "E6", "cheese": "B5"}, [STRAIGHT, CORNER, CORNER_2, T1], deck_top=["agenda:mouse", T2]
    )
    after, texts = play(state, "belt:1", f"place:E5:r{N_S_OPEN}", "confirm")
    assert "agenda:mouse" in after.aside and after.agendas_revealed == ["mouse"]
    assert after.belt == [CORNER, CORNER_2, T1, T2]
    assert after.effects == ["mouse"], "used at the start of the next turn"
    assert any("Secret agenda revealed: **The Mouse did it!**" in t for t in texts)
    view = public(after)
    assert [a.key for a in view.agendas] == ["mouse"]
    assert view.deck.agendas_in_deck == 3
