"""A full game's public messages and public views hold no unrevealed die, no island seen only by the Scout and no
card in hand. Played by the computer players (they reach battles, peeks and card plays) and by random players."""

from __future__ import annotations

import json
import re

import pytest

from bot.engine import Rng
from bot.engine.playout import random_action
from bot.games.mutiny.state import DOWN
from bot.games.mutiny.texts import FACES
from bot.games.registry import game

ENTRY = game("mutiny")
E = ENTRY.engine
DIE_STRING = re.compile(r'"[rgqc]\d"')


def full_game(seed: int, computer: bool):
    state = E.new_game(4, {}, seed)
    rng = Rng.from_seed(seed, "leak")
    steps = [(state, [])]
    while not E.is_terminal(state):
        seat = E.current_seats(state)[0]
        if computer:
            action = ENTRY.computer.choose(E.view(state, seat), E.legal_actions(state, seat), rng)
        else:
            seat, action = random_action(E, state, rng)
        transition = E.apply(state, seat, action)
        state = transition.state
        steps.append((state, transition.events))
    return steps


def hidden_island_names(state) -> set[str]:
    return {E.island_name(state, i) for i in range(12) if state.status[i] == DOWN}


@pytest.mark.parametrize("seed,computer", [(s, c) for s in range(6) for c in (True, False)])
def test_public_messages_and_views_hold_no_secret(seed, computer):
    steps = full_game(seed, computer)
    saw_battle = saw_peace = False
    previous = None
    for state, events in steps:
        in_battle_before = previous is not None and previous.battle
        previous = state
        public_events = "\n".join(e.text for e in events if e.public)
        view = E.view(state, None)
        text = json.dumps(view, ensure_ascii=False) + E.status_text(view)
        # 1. no island seen only by the Scout (face-down islands are nameless in public)
        for name in hidden_island_names(state):
            assert name not in text, f"face-down island {name} leaked into the public view"
            assert name not in public_events, f"face-down island {name} leaked into a public event"
        # 2. no card in hand: the public view only has counts; purchases never name the card
        assert "hand" not in view and all(isinstance(pl["cards"], int) for pl in view["players"])
        assert "You drew" not in public_events
        for pl in view["players"]:
            assert set(pl["played"]) <= set(E.data.cards)
        # 3. no unrevealed die: dice appear only once a battle reveals them
        if not state.battle:
            assert view["battle"] is None and all(pl["dice"] is None for pl in view["players"])
            current = {k: v for k, v in view.items() if k != "last"}
            assert not DIE_STRING.search(json.dumps(current)), "a die under a cup leaked into the public view"
            revealing = in_battle_before or "Every cup is lifted" in public_events
            if not revealing:
                assert not any(face in public_events for face in FACES), public_events
                assert "d8 **" not in public_events
        if view["last"] and view["last"]["kind"] == "peace":
            assert "dice" not in view["last"]
            saw_peace = True
        if state.battle:
            saw_battle = True
        # 4. votes: hidden until the reveal
        if not state.revealed:
            assert all(pl["vote"] in (None, "decided") for pl in view["players"])
    assert saw_battle or saw_peace


def test_private_events_go_only_to_their_seat():
    steps = full_game(3, True)
    for _state, events in steps:
        for event in events:
            if "Under your cup" in event.text or "You look at" in event.text or "You drew" in event.text:
                assert event.seats is not None and len(event.seats) == 1
            if event.text.startswith("👀 Under"):
                assert event.seats is not None


def test_public_view_ignores_shuffled_secrets_in_computer_games():
    """Every state of an AI game: shuffling the secrets leaves the public view and status identical."""
    steps = full_game(12, True)
    for index, (state, _) in enumerate(steps):
        other = E.shuffle_hidden(state, seed=index)
        assert E.view(other, None) == E.view(state, None)
        assert E.status_text(E.view(other, None)) == E.status_text(E.view(state, None))
