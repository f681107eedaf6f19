"""The engine contract, checked for every registered game and every player count and variant."""

from __future__ import annotations

import copy
import json

import pytest

from bot.engine import RuleError
from bot.games.registry import game, game_names
from tests.support.playout import play, random_action, replay
from bot.engine import Rng


def configurations():
    for name in game_names():
        engine = game(name).engine
        for players in range(engine.min_players, engine.max_players + 1):
            yield pytest.param(name, players, id=f"{name}-{players}p")


CONFIGURATIONS = list(configurations())


@pytest.mark.parametrize("name,players", CONFIGURATIONS)
def test_random_playouts_end_with_invariants_held(name, players):
    engine = game(name).engine
    for seed in range(5):
        outcome = play(engine, players, seed, after_each=engine.check_invariants)
        assert engine.is_terminal(outcome.final)
        result = engine.results(outcome.final)
        assert len(result.scores) == players
        assert set(result.winners) <= set(range(players))
        if players > 1:
            assert result.winners, "a competitive game names at least one winner (ties share)"
        assert result.text.strip()
        assert engine.current_seats(outcome.final) == []


@pytest.mark.parametrize("name,players", CONFIGURATIONS)
def test_state_round_trips_through_json(name, players):
    engine = game(name).engine
    outcome = play(engine, players, 11, keep_states=True)
    for state in [outcome.initial, *outcome.states[:: max(1, len(outcome.states) // 40)]]:
        text = json.dumps(engine.dump(state))
        again = engine.load(json.loads(text))
        assert engine.dump(again) == engine.dump(state)
        assert engine.view(again, None) == engine.view(state, None)


@pytest.mark.parametrize("name,players", CONFIGURATIONS)
def test_replaying_the_log_reproduces_the_game(name, players):
    engine = game(name).engine
    outcome = play(engine, players, 23)
    again = replay(engine, players, 23, None, outcome.log)
    assert engine.dump(again) == engine.dump(outcome.final)


@pytest.mark.parametrize("name,players", CONFIGURATIONS)
def test_apply_does_not_mutate_its_input(name, players):
    engine = game(name).engine
    outcome = play(engine, players, 5, keep_states=True)
    rng = Rng.from_seed(5, "mutation")
    for state in outcome.states[:: max(1, len(outcome.states) // 30)]:
        if engine.is_terminal(state):
            continue
        before = copy.deepcopy(engine.dump(state))
        seat, action = random_action(engine, state, rng)
        engine.apply(state, seat, action)
        assert engine.dump(state) == before


@pytest.mark.parametrize("name,players", CONFIGURATIONS)
def test_public_view_does_not_depend_on_hidden_information(name, players):
    engine = game(name).engine
    outcome = play(engine, players, 31, keep_states=True)
    for index, state in enumerate([outcome.initial, *outcome.states]):
        other = engine.shuffle_hidden(state, seed=index)
        assert engine.view(other, None) == engine.view(state, None)
        assert engine.status_text(engine.view(other, None)) == engine.status_text(engine.view(state, None))


@pytest.mark.parametrize("name,players", CONFIGURATIONS)
def test_views_are_json_and_texts_render(name, players):
    engine = game(name).engine
    outcome = play(engine, players, 3, keep_states=True)
    for state in outcome.states[:: max(1, len(outcome.states) // 30)]:
        for seat in [None, *range(players)]:
            view = engine.view(state, seat)
            json.dumps(view)
            if seat is None:
                assert engine.status_text(view).strip()
            else:
                engine.private_text(view)
                engine.prompt_text(view)


@pytest.mark.parametrize("name,players", CONFIGURATIONS)
def test_illegal_actions_are_refused_without_change(name, players):
    engine = game(name).engine
    outcome = play(engine, players, 7, keep_states=True)
    for state in outcome.states[:: max(1, len(outcome.states) // 20)]:
        if engine.is_terminal(state):
            continue
        before = engine.dump(state)
        acting = set(engine.current_seats(state))
        for seat in range(players):
            with pytest.raises(RuleError):
                engine.apply(state, seat, "no-such-action:42")
            if seat not in acting:
                legal_elsewhere = [c.action for s in acting for c in engine.legal_actions(state, s)]
                for action in legal_elsewhere[:3]:
                    with pytest.raises(RuleError):
                        engine.apply(state, seat, action)
        assert engine.dump(state) == before


@pytest.mark.parametrize("name,players", CONFIGURATIONS)
def test_choices_fit_discord_limits(name, players):
    engine = game(name).engine
    outcome = play(engine, players, 13, keep_states=True)
    for state in outcome.states:
        for seat in engine.current_seats(state):
            choices = engine.legal_actions(state, seat)
            assert len({c.action for c in choices}) == len(choices), "choices must be distinct"
            for choice in choices:
                assert 0 < len(choice.action) <= 80
                assert choice.action.strip() == choice.action and "\n" not in choice.action
                assert 0 < len(choice.label) <= 80
                assert len(choice.description) <= 100
            for form in engine.forms(state, seat):
                assert 1 <= len(form.fields) <= 5
                assert len(form.title) <= 45


def test_registry_entries_describe_themselves():
    for name in game_names():
        entry = game(name)
        engine = entry.engine
        assert engine.name == name
        assert engine.title and engine.summary.strip()
        assert 1 <= engine.min_players <= engine.max_players
        defaults = engine.normalise_options({}, engine.max_players)
        assert set(defaults) == {spec.key for spec in engine.options}
