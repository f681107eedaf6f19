"""Easier Mode, as written: no Mouse's Studio, either character may be active, abilities once any time."""

from __future__ import annotations

from tests.games.mccc.helpers import (
    CORNER,
    CORNER_2,
    CROSS_A,
    ENGINE,
    N_S_OPEN,
    STRAIGHT,
    T1,
    T2,
    T3,
    actions,
    card_of,
    play,
    public,
    ready,
    rot_for,
    scenario,
    where,
)


def cells_for(state, slot=1):
    picked, _ = play(state, f"belt:{slot}")
    return {a.split(":")[1] for a in actions(picked) if a.startswith(("place:", "stack:"))}


def test_both_cat_and_mouse_can_be_the_active_character():
    # "Both Cat and Mouse can be the Active Character at any point in the game."
    chars = {"mouse": "C5", "cat": "G5", "cheese": "E7"}
    easy = scenario({}, chars, [STRAIGHT, CORNER, CORNER_2, T1], easier=True)
    hard = scenario({}, chars, [STRAIGHT, CORNER, CORNER_2, T1])
    assert public(easy).active == ("mouse", "cat")
    assert cells_for(easy) == {"C4", "D5", "C6", "G4", "F5", "G6"}, "B5 and H5 would break the 5 x 5 limit"
    assert cells_for(hard) <= {"G4", "F5", "H5", "G6"}, "normally only the Cat once it is revealed"


def test_the_character_the_card_is_placed_next_to_must_move():
    chars = {"mouse": "C5", "cat": "G5", "cheese": "E7"}
    easy = scenario({}, chars, [STRAIGHT, CORNER, CORNER_2, T1], easier=True)
    after, _ = play(easy, "belt:1", f"place:C4:r{N_S_OPEN}", "confirm")
    assert where(after, "mouse") == "C3" and where(after, "cat") == "G5"
    stuck, _ = play(easy, "belt:1", f"place:C6:r{rot_for(STRAIGHT, 'N+S')}", "confirm")
    assert stuck.outcome.ending == "stuck"


def test_revealed_abilities_can_be_used_once_any_time():
    # "Set Secret Agenda Cards aside. Special Abilities can be used (once per game) any time after they
    # have been revealed."
    chars = {"mouse": "C5", "cat": "F5", "cheese": "E7"}
    state = scenario(
        {"G3": (T3, 0)}, chars, [STRAIGHT, CORNER, CORNER_2, T1], easier=True, revealed=["cat", "cheese"], deck_top=[T2]
    )
    offered = actions(state)
    assert "ability:cat" in offered and "ability:cheese" in offered and "ability:mouse" not in offered
    # not forced: a normal turn keeps the abilities for later
    later, _ = play(state, "belt:1", f"place:C4:r{N_S_OPEN}", "confirm")
    assert "ability:cat" in actions(later)
    used, texts = play(later, "ability:cat")
    assert where(used, "cat") == "E7" and where(used, "cheese") == "F5"
    assert "ability:cat" not in actions(used) and used.abilities_used == ["cat"]
    assert used.phase == "pick" and "swap places" in texts[-1]
    # An ability that could change nothing is not offered: with no maze card, the Cheese has nothing to turn.
    bare = scenario({}, chars, [STRAIGHT, CORNER, CORNER_2, T1], easier=True, revealed=["cat", "cheese"])
    assert "ability:cheese" not in actions(bare) and "ability:cat" in actions(bare)


def test_revealed_agenda_is_not_forced_in_easier_mode():
    state = scenario(
        {},
        {"mouse": "E6", "cheese": "B5"},
        [STRAIGHT, CORNER, CORNER_2, T1],
        easier=True,
        deck_top=["agenda:cheese", T2],
    )
    after, texts = play(state, "belt:1", f"place:E5:r{N_S_OPEN}", "confirm")
    assert after.forced is None and after.phase == "pick"
    assert "ability:cheese" in actions(after)
    assert any("may be used once, any time" in t for t in texts)


def test_an_ability_can_rescue_a_turn_with_no_placement():
    # No belt card fits next to the Mouse, but the revealed Cucumber may stack on the dead end above it.
    dead_end = card_of("Dead end", cogs=False)
    maze = {
        "E4": (dead_end, rot_for(dead_end, "N+E+S")),
        "D5": ((CROSS_A, card_of("Cross", cogs=True)), 0),
        "E6": ((CORNER, CORNER_2), 0),
    }
    state = scenario(
        maze,
        {"mouse": "E5", "cheese": "F5"},
        [STRAIGHT, T1, T2, card_of("Corner", cogs=True)],
        easier=True,
        revealed=["cucumber"],
    )
    state, _ = ready(state)  # the start-of-turn check
    assert not ENGINE.is_terminal(state)
    assert actions(state) == ["ability:cucumber"]
    used, _ = play(state, "ability:cucumber", "belt:1")
    assert f"stack:E4:r{N_S_OPEN}" in actions(used)
    after, _ = play(used, f"stack:E4:r{N_S_OPEN}", "confirm")
    assert where(after, "mouse") == "E3"


def test_with_nothing_left_to_try_the_turn_is_lost():
    dead_end = card_of("Dead end", cogs=False)
    maze = {
        "E4": (dead_end, rot_for(dead_end, "N+E+S")),
        "D5": ((CROSS_A, card_of("Cross", cogs=True)), 0),
        "E6": ((CORNER, CORNER_2), 0),
    }
    state = scenario(
        maze, {"mouse": "E5", "cheese": "F5"}, [STRAIGHT, T1, T2, card_of("Corner", cogs=True)], easier=True
    )
    state, _ = ready(state)
    assert ENGINE.is_terminal(state) and state.outcome.ending == "no_place"


def test_easier_mode_starts_when_one_player_sits_at_the_table():
    # Issue 9: "/game new game:mccc options:easier=true is refused ... The check runs against the 4-seat
    # maximum before anyone joined." Each option alone is fine when the table opens; at Start it applies only
    # to a solo table ("Easier Mode" is a variant of "Solo Mode") and a larger one plays without it.
    options = ENGINE.spec.normalise_options(ENGINE.spec.parse_options("easier=true"))
    assert options == {"setup": 1, "easier": True, "balanced": True}
    state = ENGINE.new_game(1, ENGINE.options_for(options, 1), 3)
    assert state.easier and ENGINE.public_view(state).easier
    for players in (2, 3, 4):
        state = ENGINE.new_game(players, ENGINE.options_for(options, players), 3)
        assert not state.easier and not ENGINE.public_view(state).easier
