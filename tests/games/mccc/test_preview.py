"""Issue 9: "A new player loses on the first click." Losing placements are listed last and marked in
the label; a chosen placement is previewed and confirmed (or taken back) before anything happens."""

from __future__ import annotations

from bot.engine.playout import play as playout
from tests.games.mccc.helpers import (
    CORNER,
    CORNER_2,
    CROSS_A,
    ENGINE,
    N_S_OPEN,
    STRAIGHT,
    T1,
    T2,
    actions,
    play,
    public,
    rot_for,
    scenario,
)


def new(seed=0, players=1, **options):
    return ENGINE.new_game(players, ENGINE.options_for(options, players), seed)


def test_losing_placements_are_listed_last_and_marked_in_the_label():
    # Issue 9: "On turn 1 of setup 1, 8 of the 12 offered placements lose at once. The only warning is the
    # grey description ... Losing placements are listed last and marked in the label itself."
    for seed in range(6):
        state = new(seed)
        for slot in [a for a in actions(state) if a.startswith("belt:")]:
            picked, _ = play(state, slot)
            places = [c for c in ENGINE.legal_actions(picked, 0) if c.group == "place"]
            losing = [c.label.startswith("💀") for c in places]
            assert losing == sorted(losing), "every losing placement comes after every other one"
            for choice in places:
                if choice.label.startswith("💀"):
                    assert choice.label.endswith("— you lose") and choice.description.startswith("you lose")
                    assert len(choice.label) <= 80
                    # the mark tells the truth: confirming it loses at once (the Move offers no way out)
                    after, _ = play(picked, choice.action, "confirm")
                    while not ENGINE.is_terminal(after) and after.phase in ("order", "dest"):
                        safe = [c.action for c in ENGINE.legal_actions(after, 0) if c.style != "danger"]
                        after, _ = play(after, (safe or actions(after))[0])
                    assert ENGINE.is_terminal(after) and not after.outcome.won


def test_the_first_turn_of_setup_1_warns_before_a_click_loses():
    state = new(0)
    picked, _ = play(state, "belt:1")
    labels = [c.label for c in ENGINE.legal_actions(picked, 0)]
    assert labels[-1] == "↩ Back to the belt"
    assert any(label.startswith("💀") for label in labels) and not labels[0].startswith("💀")


def test_a_chosen_placement_is_previewed_and_nothing_changes_before_confirming():
    # Issue 9: "After a placement is chosen, the player sees a preview: the board with the card in place,
    # the rotations and the moves it causes. They confirm or go back. ... Nothing is committed before the
    # confirmation."
    maze = {"E4": (CROSS_A, 0)}
    state = scenario(maze, {"mouse": "E6", "cheese": "B5"}, [STRAIGHT, CORNER, CORNER_2, T1], deck_top=[T2])
    picked, _ = play(state, "belt:1")
    transition = ENGINE.apply(picked, 0, f"place:E5:r{N_S_OPEN}")
    previewed = transition.state
    assert transition.events == [] and transition.reveals is False, "the preview shows nothing hidden"
    assert previewed.maze == picked.maze and previewed.belt == picked.belt and previewed.deck == picked.deck
    assert previewed.chars == picked.chars and previewed.turn == picked.turn
    preview = public(previewed).preview
    assert preview is not None and preview.cell == "E5" and preview.verdict == "plays"
    assert "E5" in {c.cell for c in preview.maze}
    (move,) = preview.moves
    assert move.character == "mouse" and move.can_move
    assert [d.cell for d in move.destinations] == ["D4", "E3", "F4"]
    prompt = ENGINE.prompt_text(ENGINE.seat_view(previewed, 0)).split("\n")
    assert prompt[0] == "Place Straight #23 at E5 (walls E+W · hole W)?"
    assert prompt[1] == "Nothing happens until you confirm: the Mouse may stop at D4, E3, F4."
    # Go back: the exact position before the preview, the card still in hand.
    back = ENGINE.apply(previewed, 0, "back")
    assert back.reveals is False and ENGINE.dump(back.state) == ENGINE.dump(picked)
    # Confirm: now the card is laid and the Mouse moves.
    confirmed = ENGINE.apply(previewed, 0, "confirm")
    assert confirmed.state.maze != picked.maze and confirmed.state.phase == "dest"
    assert confirmed.reveals is False, "placing and moving reveal nothing until the belt is refilled"
    refilled = ENGINE.apply(confirmed.state, 0, "dest:E3")
    assert refilled.reveals is True and refilled.state.belt[-1] == T2, "refilling draws from the Maze Deck"


def test_the_preview_shows_the_cogs_turning_and_a_losing_verdict():
    both = next(c for c in ENGINE.data.table.ids if ENGINE.data.table.spec[c][0][2] and ENGINE.data.table.spec[c][0][3])
    table = ENGINE.data.table
    rot = next(r for r in range(4) if table.spec[both][r][0] >> 2 & 1 and (table.spec[both][r][2] >> 0 & 1))
    maze = {"E4": (CROSS_A, 0)}
    state = scenario(maze, {"mouse": "E6", "cheese": "B5"}, [both, CORNER, CORNER_2, T1])
    previewed, _ = play(state, "belt:1", f"place:E5:r{rot}")
    preview = public(previewed).preview
    assert preview is not None and [(t.cell, t.quarter_turns) for t in preview.turned] == [("E4", 1)]
    assert previewed.maze == state.maze, "the cog turns only in the preview"
    closed = rot_for(CORNER, "S+E")  # a corner whose walls face the Mouse
    stuck, _ = play(state, "belt:2", f"place:E5:r{closed}")
    view = public(stuck)
    assert view.preview is not None and view.preview.verdict == "loses"
    labels = [c.label for c in ENGINE.legal_actions(stuck, 0)]
    assert labels[:2] == ["💀 Place it (you lose)", "↩ Choose another place"]
    assert all(label.startswith("↻ Turn it: ") for label in labels[2:]), "and the card turned on its space"
    assert ENGINE.prompt_text(ENGINE.seat_view(stuck, 0)).split("\n")[1].startswith("⚠ This loses:")


def test_a_timed_out_preview_is_confirmed_unless_it_loses_and_other_decisions_go_to_the_computer():
    state = scenario({}, {"mouse": "E6", "cheese": "B5"}, [STRAIGHT, CORNER, CORNER_2, T1])
    assert ENGINE.default_action(state, 0) is None
    previewed, _ = play(state, "belt:1", f"place:E5:r{N_S_OPEN}")
    assert ENGINE.default_action(previewed, 0) == "confirm"
    assert ENGINE.default_action(previewed, 1) is None
    walled, _ = play(state, "belt:1", f"place:E5:r{rot_for(STRAIGHT, 'N+S')}")
    assert public(walled).preview.verdict == "loses"
    assert ENGINE.default_action(walled, 0) == "back"


def test_reveals_is_true_only_when_the_deck_is_drawn_a_side_is_shown_or_the_game_ends():
    for players in (1, 3):
        outcome = playout(ENGINE, players, 4, keep_states=True)
        states = [outcome.initial, *outcome.states]
        for (seat, action), before, after in zip(outcome.log, states, states[1:]):
            reveals = ENGINE.apply(before, seat, action).reveals
            drew = len(after.deck) != len(before.deck)
            shown = after.revealed_seats != before.revealed_seats
            assert reveals == (drew or shown or ENGINE.is_terminal(after)), action
            if action.startswith(("belt:", "place:", "stack:", "back", "turn:")):
                assert not reveals
