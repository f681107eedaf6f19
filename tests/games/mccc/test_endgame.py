"""The Endgame: tracing Paths (characters do not interrupt them) and the four agendas' win conditions."""

from __future__ import annotations

import pytest

from bot.engine import codec
from bot.games.mccc import maze as mz
from tests.games.mccc.helpers import (
    CORNER,
    CROSS_A,
    CROSS_B,
    DATA,
    ENGINE,
    STRAIGHT,
    T1,
    T2,
    T3,
    T,
    card_of,
    end_turn,
    play,
    public,
    rot_for,
    scenario,
)

BELT = [card_of("Straight", cogs=True), card_of("Corner", cogs=True), card_of("T-junction", cogs=True)]


def endgame(maze, chars, bottom):
    state = scenario(maze, chars, BELT, deck_top=["cucumber"], bottom=bottom, at_end_turn=True)
    after, texts = end_turn(state)
    assert ENGINE.is_terminal(after) and after.outcome.ending == "endgame"
    return after, texts


# The Mouse C5 - crossing D5 - the Cheese E5 - crossing F5 - the Cat G5.
TOGETHER = ({"D5": (CROSS_A, 0), "F5": (CROSS_B, 0)}, {"mouse": "C5", "cheese": "E5", "cat": "G5"})


@pytest.mark.parametrize("bottom", ["mouse", "cat", "cheese", "cucumber"])
def test_the_tracing_paths_example(bottom):
    # "Andrew, in the Endgame, can trace a Path from the Mouse to the Cheese and a Path from the Cat through
    # the Cheese to the Mouse." "If the Cucumber is the Secret Agenda at the bottom of the Maze Deck, Andrew
    # wins! If it is any other Secret Agenda, Andrew loses."
    after, texts = endgame(*TOGETHER, bottom=bottom)
    result = public(after).result
    assert result is not None
    assert result.mouse_cheese and result.cat_mouse
    assert result.mouse_cheese_path == ("C5", "D5", "E5")
    assert result.cat_mouse_path == ("G5", "F5", "E5", "D5", "C5"), "through the Cheese"
    assert result.won == (bottom == "cucumber")
    assert result.agenda is not None and result.agenda.key == bottom
    assert DATA.agendas[bottom].title in texts[-1]
    assert ENGINE.results(after).scores == ((1.0,) if bottom == "cucumber" else (0.0,))


def test_characters_do_not_interrupt_paths():
    # "When tracing Paths, the Mouse, the Cheese, & the Cat do not interrupt Paths."
    maze = {"D5": (CROSS_A, 0)}
    chars = {"mouse": "C5", "cat": "E5", "cheese": "F5"}  # Mouse - cross - Cat - Cheese
    after, _ = endgame(maze, chars, "cucumber")
    assert after.outcome.mouse_cheese, "the Mouse reaches the Cheese across the Cat"
    assert public(after).result.mouse_cheese_path == ("C5", "D5", "E5", "F5")


def test_a_path_is_interrupted_by_walls():
    # "A Path is a set of Maze Cards that is uninterrupted by walls."
    maze = {"D5": (STRAIGHT, rot_for(STRAIGHT, "E+W"))}  # open north-south only
    after, _ = endgame(maze, {"mouse": "C5", "cheese": "E5", "cat": "G7"}, "cheese")
    assert not after.outcome.mouse_cheese and not after.outcome.cat_mouse
    assert after.outcome.won, "The Cheese did it: everyone apart"


def test_the_mouse_did_it_example():
    # "If the Mouse is the final Agenda and you can trace a Path from the Mouse to the Cheese, while the
    # Cat is trapped in the corner, you win!"  (Mouse: Path to the Cheese; Cat: no Path to the Mouse.)
    maze = {"D5": (CROSS_A, 0), "F7": (T1, rot_for(T1, "E")), "G6": (T2, rot_for(T2, "S"))}
    after, _ = endgame(maze, {"mouse": "C5", "cheese": "E5", "cat": "G7"}, "mouse")
    assert after.outcome.mouse_cheese and not after.outcome.cat_mouse
    assert after.outcome.won


def test_the_cat_did_it_example():
    # "If the Cat is the final Agenda and you can trace a Path from the Cat to the Mouse and the Mouse
    # can't get to the Cheese, you win!"
    maze = {"D5": (CROSS_A, 0), "C6": (T1, rot_for(T1, "N"))}
    after, _ = endgame(maze, {"cat": "E5", "mouse": "C5", "cheese": "C7"}, "cat")
    assert after.outcome.cat_mouse and not after.outcome.mouse_cheese
    assert after.outcome.won


def test_the_cheese_did_it_example():
    # "Since the Cat & Mouse are separated, and the Cheese is safe from the Mouse, if the Cheese is the
    # final Agenda, you win!"
    maze = {"D5": (T1, rot_for(T1, "E")), "F5": (T2, rot_for(T2, "W"))}
    after, _ = endgame(maze, {"mouse": "C5", "cheese": "E5", "cat": "G5"}, "cheese")
    assert not after.outcome.mouse_cheese and not after.outcome.cat_mouse
    assert after.outcome.won


def test_the_cucumber_did_it_example():
    # "Though the Mouse can get to the Cheese, the Cat can get to the Mouse through the Cheese. If the
    # Cucumber is the final Agenda, you win!"
    after, _ = endgame(*TOGETHER, bottom="cucumber")
    assert after.outcome.won


def test_agenda_conditions_match_the_rule_text():
    # "The Mouse did it! You win if both: The Mouse has a Path to the Cheese. The Cat does not have a Path
    # to the Mouse." (and likewise for the Cat, the Cheese and the Cucumber)
    wins = {k: (a.mouse_cheese, a.cat_mouse) for k, a in DATA.agendas.items()}
    assert wins == {
        "mouse": (True, False),
        "cat": (False, True),
        "cheese": (False, False),
        "cucumber": (True, True),
    }


def test_the_final_agenda_is_revealed_only_in_the_endgame():
    state = scenario(*TOGETHER, BELT + [T3], bottom="mouse")
    view = public(state)
    assert view.agendas == () and view.deck.agendas_in_deck == 4
    assert "agenda:mouse" not in str(codec.builtins(view))
    after, _ = endgame(*TOGETHER, bottom="mouse")
    assert [a.key for a in public(after).agendas] == ["mouse"]


def test_trace_follows_open_edges_both_ways():
    maze = {mz.parse_label("D5"): ((CORNER,), rot_for(CORNER, "N+E"))}
    chars = {"mouse": mz.parse_label("C5"), "cheese": mz.parse_label("D6")}
    assert mz.trace(T, maze, chars, "mouse", "cheese") == [mz.parse_label(c) for c in ("C5", "D5", "D6")]
    assert mz.trace(T, maze, chars, "cat", "mouse") is None


def test_after_a_lost_game_the_bottom_agenda_is_shown():
    # "Who did it?" A game lost during play never reached the Endgame; afterwards the bot turns the
    # Maze Deck's agendas over, the bottom one last.
    maze = {"E4": (CROSS_A, 0), "D4": (T1, rot_for(T1, "E")), "F4": (T2, rot_for(T2, "W"))}
    state = scenario(maze, {"mouse": "E6", "cheese": "E3"}, [STRAIGHT, *BELT], bottom="cat", revealed=["mouse"])
    assert ENGINE.reveal_text(state) == ""
    picked = play(state, "belt:1", f"place:E5:r{rot_for(STRAIGHT, 'E+W')}", "confirm")[0]
    assert picked.outcome.ending == "cheese"
    assert ENGINE.reveal_text(picked) == (
        "Who did it? The agenda at the bottom of the Maze Deck was **The Cat did it!** "
        "(still in the deck: *The Cheese did it!*, *The Cucumber did it!*)."
    )
