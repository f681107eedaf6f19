"""Hidden information: hands are private, everything else public; texts for players."""

from __future__ import annotations

import json

from bot.engine import codec
from bot.engine.playout import play
from tests.games.catacombs.helpers import Scene, engine, run


def hand_scene():
    sc = Scene(2)
    sc.character(0, "miner")
    sc.character(1, "athlete")
    sc.pawn(0, "C12", start="W")
    sc.pawn(1, "C12", start="E")
    sc.hand(0, "slide", "whip")
    sc.hand(1, "kayak")
    return sc.at_action(0)


def test_hands_are_seen_only_by_their_owner():
    """Hands are private; the table shows them by DM and the "My private info" button."""
    s = hand_scene()
    e = engine()
    public = json.dumps(codec.builtins(e.public_view(s)))
    assert "I Slide" not in public and "Whip" not in public and "Kayak" not in public
    mine = e.seat_view(s, 0)
    assert [t.name for t in mine.hand] == ["I Slide", "Whip"]
    theirs = json.dumps(codec.builtins(e.seat_view(s, 1)))
    assert "I Slide" not in theirs
    assert e.private_text(mine) == "Your hand: I Slide, Whip."
    assert e.public_view(s).seats[0].hand == 2, "how many tiles is public"


def test_choices_showing_a_hand_stay_off_the_public_message():
    s = hand_scene()
    for choice in engine().legal_actions(s, 0):
        if choice.action.startswith(("pick:", "equip:", "redraw:")):
            assert not choice.public


def test_picking_a_tile_does_not_name_it_in_public():
    s = hand_scene()
    slide = s.seats[0].hand[0]
    s, events = run(s, (0, f"pick:{slide}"))
    assert not any(e.public and "Slide" in e.text for e in events)
    assert "Slide" not in engine().status_text(engine().public_view(s))
    assert "I Slide" in engine().prompt_text(engine().seat_view(s, 0))


def test_prompts_ask_a_question_and_say_what_it_means():
    e = engine()
    outcome = play(e, 3, 4, keep_states=True)
    for state in outcome.states[::7]:
        for seat in e.current_seats(state):
            prompt = e.prompt_text(e.seat_view(state, seat))
            lines = prompt.split("\n")
            assert len(lines) == 2 and all(lines) and not prompt.startswith("**")
        status = e.status_text(e.public_view(state))
        assert status and not status.startswith("**")


def test_shuffling_what_nobody_sees_changes_no_public_view():
    e = engine()
    outcome = play(e, 4, 9, keep_states=True)
    for index, state in enumerate(outcome.states[::5]):
        other = e.shuffle_hidden(state, index)
        assert e.public_view(other) == e.public_view(state)


def test_draws_are_told_privately_in_one_message():
    """A seat learns its new tiles in one private line per action (one DM, not one per tile)."""
    from bot.engine import Rng
    from bot.engine.playout import random_action

    e = engine()
    state = e.new_game(2, e.options_for({"rounds": 60}, 2), 2)  # random moves need the lamps to end
    rng = Rng.from_seed(2, "views")
    told = 0
    while not e.is_terminal(state):
        seat, action = random_action(e, state, rng)
        transition = e.apply(state, seat, action)
        private = [ev for ev in transition.events if not ev.public]
        assert all(ev.text.startswith(("You draw", "Draw 3, keep 1")) for ev in private)
        draws = [ev.seats for ev in private if ev.text.startswith("You draw")]
        assert len(draws) == len(set(draws)), "one message per seat per action"
        told += len(draws)
        state = transition.state
    assert told


def test_every_action_string_is_short_and_each_label_fits():
    e = engine()
    for players in (1, 4):
        outcome = play(e, players, 6, keep_states=True)
        for state in outcome.states:
            for seat in e.current_seats(state):
                for choice in e.legal_actions(state, seat):
                    assert len(choice.action) <= 80 and len(choice.label) <= 80
                    assert len(choice.description) <= 100


def test_reveal_text_after_the_game_shows_the_hands():
    e = engine()
    final = play(e, 2, 1).final
    assert "{p0}" in e.reveal_text(final) and "{p1}" in e.reveal_text(final)
