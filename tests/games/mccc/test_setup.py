"""Setup no. 1 "Cat's Crossing" step by step, easier mode, setups 2-4 and the multiplayer deal."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.games.mccc import maze as mz
from tests.games.mccc.helpers import DATA, ENGINE


def new(seed: int, players: int = 1, **options):
    return ENGINE.new_game(players, ENGINE.options_for(options, players), seed)


def is_agenda(token) -> bool:
    return isinstance(token, str) and token.startswith("agenda:")


def stacks_of(deck, sizes):
    out, start = [], 0
    for size in sizes:
        out.append(deck[start : start + size])
        start += size
    assert start == len(deck)
    return out


def test_step_1_cheese_mouse_and_three_maze_cards_in_the_centre():
    # "Set the Cat & Cucumber aside. In the center of the table, place the Cheese, the Mouse,
    # and three appropriate Maze Cards oriented as shown."
    state = new(1)
    setup = DATA.setups[1]
    assert state.chars == {"cheese": setup.cheese, "mouse": setup.mouse}
    assert {cell: cards for cell, (cards, _) in state.maze.items()} == {cell: (card,) for card, cell, _ in setup.cards}
    assert len(state.maze) == 3


def test_step_2_four_faceup_conveyor_belt_cards():
    # "Deal four Maze Cards off to the side, faceup in a row to start the Conveyor Belt."
    for seed in range(10):
        state = new(seed)
        assert len(state.belt) == 4 and all(isinstance(c, int) for c in state.belt)
        view = ENGINE.public_view(state)
        assert [b.slot for b in view.belt] == [1, 2, 3, 4]


@pytest.mark.parametrize("seed", range(40))
def test_steps_3_to_7_build_the_maze_deck(seed):
    # 3. "The first stack should have 6 Maze Cards. The next three stacks should have 5 cards each."
    # 4. "In the second stack, shuffle the Cat Character Card."
    # 5. "Take the top two Maze Cards of the fourth stack and set them aside. Shuffle the Cucumber
    #    Character Card into the remainder. Place the set aside Maze Cards back on top."
    # 6. "Shuffle the Agenda Cards. Without looking, place one facedown at the bottom of each stack."
    # 7. "Place the first stack on top of the second stack. ..."
    state = new(seed)
    deck = state.deck
    assert len(deck) == 27
    first, second, third, fourth = stacks_of(deck, [7, 7, 6, 7])
    for stack in (first, second, third, fourth):
        assert is_agenda(stack[-1]), "an agenda at the bottom of each stack"
        assert not any(is_agenda(t) for t in stack[:-1])
    assert sum(isinstance(t, int) for t in first) == 6
    assert sorted(map(str, second[:-1])).count("cat") == 1 and sum(isinstance(t, int) for t in second) == 5
    assert sum(isinstance(t, int) for t in third) == 5
    assert isinstance(fourth[0], int) and isinstance(fourth[1], int), "the top two of the fourth stack stay on top"
    assert "cucumber" in fourth[2:-1] and sum(isinstance(t, int) for t in fourth) == 5
    assert len({t for t in deck if is_agenda(t)}) == 4
    # "When you're finished, your Maze Deck should have the Cucumber somewhere towards the bottom,
    # the Cat somewhere in the middle, Agenda Cards evenly spaced throughout with one at the bottom."
    assert deck.index("cat") in range(7, 13) and deck.index("cucumber") in range(22, 26)


def test_the_cat_and_cucumber_positions_are_shuffled():
    cats, cucumbers = Counter(), Counter()
    for seed in range(300):
        deck = new(seed).deck
        cats[deck.index("cat")] += 1
        cucumbers[deck.index("cucumber")] += 1
    assert sorted(cats) == list(range(7, 13))
    assert sorted(cucumbers) == list(range(22, 26))


def test_easier_mode_removes_the_studio_before_setup():
    # Easier Mode: "Before Setup, remove the Mouse's Studio (the Maze Card with four Mouse Holes)."
    for seed in range(20):
        state = new(seed, easier=True)
        assert DATA.studio in state.aside
        assert DATA.studio not in state.deck and DATA.studio not in state.belt
        assert len(state.deck) == 26
        first = state.deck[:6]
        assert is_agenda(first[-1]) and sum(isinstance(t, int) for t in first) == 5
        ENGINE.check_invariants(state)


@pytest.mark.parametrize("sid", [2, 3, 4])
def test_setups_2_to_4_follow_their_data(sid):
    setup = DATA.setups[sid]
    for seed in range(20):
        state = new(seed, setup=sid)
        assert state.chars == {"cheese": setup.cheese, "mouse": setup.mouse}
        sizes = [s.maze + (1 if s.shuffle_in else 0) + 1 for s in setup.stacks]
        parts = stacks_of(state.deck, sizes)
        for part, spec in zip(parts, setup.stacks):
            assert is_agenda(part[-1])
            assert sum(isinstance(t, int) for t in part) == spec.maze
            if spec.shuffle_in:
                assert spec.shuffle_in in part[spec.keep_on_top : -1]
        ENGINE.check_invariants(state)


def test_multiplayer_deals_the_agendas_as_secret_sides():
    for players in (2, 3, 4):
        state = new(7, players)
        assert len(set(state.secret)) == players
        assert not any(is_agenda(t) for t in state.deck)
        assert len(state.hidden_aside) == 4 - players
        assert ENGINE.public_view(state).sides == ()
        for seat in range(players):
            mine = ENGINE.seat_view(state, seat)
            assert mine.secret is not None and mine.secret.key == state.secret[seat]
        ENGINE.check_invariants(state)


def test_easier_mode_is_solo_only():
    """ "Easier Mode" is a variant of "Solo Mode": at a table of two it does not apply (the lobby
    hides it) and the game is played without it."""
    assert ENGINE.options_for({"easier": True}, 2)["easier"] is False
    assert ENGINE.options_for({"easier": True}, 1)["easier"] is True
    # Each option alone is valid when the lobby opens, whoever sits down later.
    assert ENGINE.spec.normalise_options({"easier": True})["easier"] is True


def test_setup_option_lists_the_four_setups():
    spec = next(o for o in ENGINE.spec.options if o.key == "setup")
    assert [v for v, _ in spec.choices] == [1, 2, 3, 4]
    assert "Cat's Crossing" in spec.choices[0][1]


def test_grid_labels_are_a_fixed_frame_around_e5():
    state = new(3)
    view = ENGINE.public_view(state)
    cells = {m.cell for m in view.maze}
    assert cells == {mz.label(c) for c in state.maze}
    assert "E5" in cells
    cols, rows = view.frame.cols, view.frame.rows
    assert all(c in cols for c in "DEF") and all(r in rows for r in (4, 5, 6))
