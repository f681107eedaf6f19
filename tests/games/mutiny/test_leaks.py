"""A full game's public messages and public views hold no unrevealed die, no island seen only by the Scout and no
card in hand. Played by the computer players (they reach battles, peeks and card plays) and by random players."""

from __future__ import annotations

import json
import re

import pytest

from bot.engine import Rng, codec
from bot.engine.playout import random_action
from bot.games.mutiny.notation import FACES
from bot.games.mutiny.state import DOWN, PeaceRecord
from bot.games.registry import game

ENTRY = game("mutiny")
E = ENTRY.engine
DIE_JSON = re.compile(r'\["[rgqc]",[0-9]+\]')


def full_game(seed: int, computer: bool):
    state = E.new_game(4, {}, seed)
    rng = Rng.from_seed(seed, "leak")
    steps = [(state, [])]
    while not E.is_terminal(state):
        seat = E.current_seats(state)[0]
        if computer:
            action = ENTRY.computer().choose(E.seat_view(state, seat), E.legal_actions(state, seat), rng)
        else:
            seat, action = random_action(E, state, rng)
        transition = E.apply(state, seat, action)
        state = transition.state
        steps.append((state, transition.events))
    return steps


def hidden_island_names(state) -> set[str]:
    return {E.data.islands[state.island_ids[i]].name for i in range(12) if state.status[i] == DOWN}


@pytest.mark.parametrize("seed,computer", [(s, c) for s in range(4) for c in (True, False)])
def test_public_messages_and_views_hold_no_secret(seed, computer):
    steps = full_game(seed, computer)
    saw_battle = saw_peace = False
    previous = None
    for state, events in steps:
        in_battle_before = previous is not None and previous.battle
        previous = state
        public_events = "\n".join(e.text for e in events if e.public)
        view = E.public_view(state)
        text = json.dumps(codec.builtins(view), ensure_ascii=False) + E.status_text(view)
        # 1. no island seen only by the Scout (face-down islands are nameless in public)
        for name in hidden_island_names(state):
            assert name not in text, f"face-down island {name} leaked into the public view"
            assert name not in public_events, f"face-down island {name} leaked into a public event"
        # 2. no card in hand: the public view only has counts; purchases never name the card
        assert all(pl.cards == len(state.hands[pl.seat]) for pl in view.players)
        assert "You drew" not in public_events
        # 3. no unrevealed die: dice appear only once a battle reveals them
        if not state.battle:
            assert view.battle is None and all(pl.dice is None for pl in view.players)
            current = {k: v for k, v in codec.builtins(view).items() if k != "last"}
            assert not DIE_JSON.search(json.dumps(current)), "a die under a cup leaked into the public view"
            if not (in_battle_before or "Every cup is lifted" in public_events):
                assert not any(face in public_events for face in FACES), public_events
                assert "d8:" not in public_events
        if isinstance(view.last, PeaceRecord):
            saw_peace = True
        saw_battle = saw_battle or state.battle
        # 4. decisions are made aloud: the view shows each as soon as it is made
        assert [pl.vote for pl in view.players] == state.votes
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
    """Every state of a computer game: shuffling the secrets leaves the public view and status identical."""
    steps = full_game(12, True)
    for index, (state, _) in enumerate(steps):
        other = E.shuffle_hidden(state, seed=index)
        assert E.public_view(other) == E.public_view(state)
        assert E.status_text(E.public_view(other)) == E.status_text(E.public_view(state))
