"""The engine contract, checked for every registered game (and the toy games) at every player
count and every game type (competitive, cooperative, solo)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import msgspec
import pytest

from bot.engine import GameEngine, GameResult, Relation, Rng, RuleError, codec
from bot.engine.playout import play, random_action, random_play_options, replay
from bot.engine.spec import resolve
from bot.games.registry import default_registry
from tests.support.toy_game import registry_with_toys

ROOT = Path(__file__).resolve().parents[2]
REGISTRY = registry_with_toys()
SAFETY_STOPS: dict[str, dict[str, Any]] = {"muggles": {"round_limit": 100}}
"""Explicit house safety stops (off by default in the game) for random play only: random players in
Muggles never collect, so the game can wander for hundreds of rounds before the muggles trash a
group. The game's own playout tests play it out to the rules' ending."""


HOUSE_LIMITS: dict[str, dict[str, Any]] = {"cmiyc": {"round_limit": 60}}
"""Random play has no plan: a game whose only ending is a score target passes the house round limit
its lobby offers (off by default) so its playouts stay short."""


def configurations():
    for spec in REGISTRY.specs():
        limit = HOUSE_LIMITS.get(spec.name, {})
        modes: list[dict[str, Any]] = [dict(limit)]
        if spec.mode_option:
            option = next(o for o in spec.options if o.key == spec.mode_option)
            modes = [{**limit, spec.mode_option: value} for value, _ in option.choices]
        for players in range(spec.min_players, spec.max_players + 1):
            # One player is always solo, whatever the mode option says: one configuration.
            for mode in modes[:1] if players == 1 else modes:
                label = "-".join(str(v) for v in mode.values())
                options = {**SAFETY_STOPS.get(spec.name, {}), **mode}
                yield pytest.param(
                    spec.name, players, options, id=f"{spec.name}-{players}p" + (f"-{label}" if label else "")
                )


CONFIGURATIONS = list(configurations())


def loaded(name: str):
    return REGISTRY.game(name)


def check_result(result: GameResult, relation: Relation, players: int) -> None:
    assert result.relation is relation
    assert len(result.scores) == players
    assert set(result.winners) <= set(range(players))
    assert result.text.strip()
    assert result.ending and result.ending.isascii() and " " not in result.ending, "every ending has a short key"
    if relation is Relation.COMPETITIVE:
        assert result.winners, "a competitive game names at least one winner (ties share)"
        assert result.team_won is None
    else:
        assert result.team_won is not None, "a team game says whether the team won"
        assert result.winners == (tuple(range(players)) if result.team_won else ())


@pytest.mark.parametrize("name,players,options", CONFIGURATIONS)
def test_random_playouts_end_with_invariants_held_and_a_result_of_the_right_kind(name, players, options):
    engine = loaded(name).engine
    relation = engine.relation(players, engine.spec.normalise_options(options))
    for seed in range(4):
        outcome = play(engine, players, seed, options, after_each=engine.check_invariants)
        assert engine.is_terminal(outcome.final)
        check_result(engine.results(outcome.final), relation, players)
        assert engine.current_seats(outcome.final) == []


@pytest.mark.parametrize("name,players,options", CONFIGURATIONS)
def test_state_round_trips_through_json(name, players, options):
    engine = loaded(name).engine
    outcome = play(engine, players, 11, options, keep_states=True)
    for state in [outcome.initial, *outcome.states[:: max(1, len(outcome.states) // 40)]]:
        text = json.dumps(engine.dump(state))
        again = engine.load(json.loads(text))
        assert engine.dump(again) == engine.dump(state)
        assert engine.public_view(again) == engine.public_view(state)


@pytest.mark.parametrize("name,players,options", CONFIGURATIONS)
def test_replaying_the_log_reproduces_the_game(name, players, options):
    engine = loaded(name).engine
    outcome = play(engine, players, 23, options)
    again = replay(engine, players, 23, options, outcome.log)
    assert engine.dump(again) == engine.dump(outcome.final)


@pytest.mark.parametrize("name,players,options", CONFIGURATIONS)
def test_apply_does_not_mutate_its_input(name, players, options):
    engine = loaded(name).engine
    outcome = play(engine, players, 5, options, keep_states=True)
    rng = Rng.from_seed(5, "mutation")
    for state in outcome.states[:: max(1, len(outcome.states) // 30)]:
        if engine.is_terminal(state):
            continue
        before = copy.deepcopy(engine.dump(state))
        seat, action = random_action(engine, state, rng)
        engine.apply(state, seat, action)
        assert engine.dump(state) == before


@pytest.mark.parametrize("name,players,options", CONFIGURATIONS)
def test_public_view_does_not_depend_on_hidden_information(name, players, options):
    engine = loaded(name).engine
    outcome = play(engine, players, 31, options, keep_states=True)
    for index, state in enumerate([outcome.initial, *outcome.states]):
        other = engine.shuffle_hidden(state, seed=index)
        assert engine.public_view(other) == engine.public_view(state)
        assert engine.status_text(engine.public_view(other)) == engine.status_text(engine.public_view(state))


def _mutate_everything(value: Any) -> None:
    """Change every list and dict reachable from a view (what a careless caller might do)."""
    if isinstance(value, list):
        for item in value:
            _mutate_everything(item)
        value.append("tampered")
    elif isinstance(value, dict):
        for item in list(value.values()):
            _mutate_everything(item)
        value["tampered"] = True
    elif isinstance(value, msgspec.Struct):
        for field in value.__struct_fields__:
            _mutate_everything(getattr(value, field))


@pytest.mark.parametrize("name,players,options", CONFIGURATIONS)
def test_views_are_typed_detached_copies_and_texts_render(name, players, options):
    engine = loaded(name).engine
    outcome = play(engine, players, 3, options, keep_states=True)
    for state in outcome.states[:: max(1, len(outcome.states) // 30)]:
        before = engine.dump(state)
        public = engine.public_view(state)
        json.dumps(codec.builtins(public))
        assert engine.status_text(public).strip()
        _mutate_everything(public)
        for seat in range(players):
            view = engine.seat_view(state, seat)
            json.dumps(codec.builtins(view))
            engine.private_text(view)
            assert engine.prompt_text(view).strip()
            _mutate_everything(view)
        assert engine.dump(state) == before, "a view shares objects with the state"


@pytest.mark.parametrize("name,players,options", CONFIGURATIONS)
def test_illegal_actions_are_refused_without_change(name, players, options):
    engine = loaded(name).engine
    outcome = play(engine, players, 7, options, keep_states=True)
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


@pytest.mark.parametrize("name,players,options", CONFIGURATIONS)
def test_choices_fit_discord_limits(name, players, options):
    engine = loaded(name).engine
    outcome = play(engine, players, 13, options, keep_states=True)
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
            check_what_people_are_offered(engine, state, seat)


def check_what_people_are_offered(engine, state, seat) -> None:
    """Issue 21.3: "identical-looking options say what differs", and whatever people are offered
    (shortcuts, several-at-once menus) fits Discord and is a move ``apply`` takes whole."""
    offered = engine.offered(state, seat)
    labels = [(c.group, c.label, c.description) for c in offered]
    assert len(set(labels)) == len(labels), f"two offered choices look the same: {sorted(labels)}"
    for choice in offered:
        assert 0 < len(choice.action) <= 80 and 0 < len(choice.label) <= 80 and len(choice.description) <= 100
    for choice in offered[:2]:
        engine.apply(state, seat, choice.action)
    for menu in engine.multi_choices(state, seat):
        values = [option.action for option in menu.options]
        assert 0 < len(values) <= 25 and len(set(values)) == len(values)
        assert 0 <= menu.min_values <= menu.max_values <= len(values)
        assert all("+" not in v and 0 < len(o.label) <= 100 for v, o in zip(values, menu.options))
        action = menu.action(values[: max(menu.min_values, 1)])
        assert len(action) <= 80 and menu.values(action) is not None
        engine.apply(state, seat, action)


@pytest.mark.parametrize("name,players,options", CONFIGURATIONS)
def test_an_action_that_rolls_draws_or_shows_something_says_so(name, players, options):
    """Undo is allowed only after actions that revealed nothing, so an engine must never claim
    ``reveals=False`` for an action that used the dice or told a seat something privately."""
    engine = loaded(name).engine
    state = engine.new_game(players, random_play_options(engine, players, options), 17)
    rng = Rng.from_seed(17, "reveals")
    while not engine.is_terminal(state):
        seat, action = random_action(engine, state, rng)
        transition = engine.apply(state, seat, action)
        rolled = engine.dump(transition.state).get("rng") != engine.dump(state).get("rng")
        private = any(not event.public for event in transition.events)
        if rolled or private:
            assert transition.reveals, f"{action!r} rolled or told a secret but says it revealed nothing"
        state = transition.state


SEARCHABLE = [c for c in CONFIGURATIONS if loaded(c.values[0]).searchable]
"""The configurations of every game whose engine overrides ``determinize`` (so ``strong`` searches it)."""
SAMPLE_SEEDS = (1, 2, 3, 5, 8, 13, 21, 34)


def _sampled_states(engine, players, options):
    outcome = play(engine, players, 41, options, keep_states=True)
    return [outcome.initial, *outcome.states[:: max(1, len(outcome.states) // 25)]]


@pytest.mark.parametrize("name,players,options", SEARCHABLE)
def test_a_determinization_agrees_with_everything_the_seat_knows(name, players, options):
    """Issue 22: "The contract tests prove for every game that the seat's view of the sample equals
    its view of the real state, over many seeds." Its choices are part of what it knows."""
    engine = loaded(name).engine
    for state in _sampled_states(engine, players, options):
        before = engine.dump(state)
        for seat in range(players):
            view, choices = engine.seat_view(state, seat), engine.legal_actions(state, seat)
            for seed in SAMPLE_SEEDS:
                sample = engine.determinize(state, seat, seed)
                engine.check_invariants(sample)
                assert engine.seat_view(sample, seat) == view
                assert engine.public_view(sample) == engine.public_view(state)
                assert engine.current_seats(sample) == engine.current_seats(state)
                assert engine.legal_actions(sample, seat) == choices
        assert engine.dump(state) == before, "determinize changed the real state"


@pytest.mark.parametrize("name,players,options", SEARCHABLE)
def test_a_determinization_depends_only_on_what_the_seat_knows(name, players, options):
    """A sample of a sample is a sample of the real state: both lie in the seat's information set,
    so ``determinize`` cannot tell them apart (it reads no secret of the state it is given)."""
    engine = loaded(name).engine
    for state in _sampled_states(engine, players, options):
        for seat in range(players):
            for first in SAMPLE_SEEDS[:3]:
                sample = engine.determinize(state, seat, first)
                for second in SAMPLE_SEEDS[3:6]:
                    again = engine.determinize(sample, seat, second)
                    assert engine.dump(again) == engine.dump(engine.determinize(state, seat, second))


def test_a_game_offers_strong_computers_exactly_when_it_determinizes():
    for spec in REGISTRY.specs():
        game = REGISTRY.game(spec.name)
        overrides = type(game.engine).determinize is not GameEngine.determinize
        assert game.searchable is overrides and ("strong" in game.levels) is overrides


@pytest.mark.parametrize("spec", REGISTRY.specs(), ids=lambda spec: spec.name)
def test_registrations_describe_themselves(spec):
    game = REGISTRY.game(spec.name)
    assert game.engine.spec is spec
    assert spec.title and spec.summary.strip()
    assert callable(resolve(spec.renderer))
    defaults = spec.normalise_options({})
    assert list(defaults) == [option.key for option in spec.options]
    for players in range(spec.min_players, spec.max_players + 1):
        relation = spec.relation(players, defaults)
        assert relation in spec.relations
        if players == 1:
            assert relation is Relation.SOLO
    if spec.name in default_registry().names():
        assert spec.docs and (ROOT / spec.docs).is_file(), "every real game has a player guide"
        guide = (ROOT / spec.docs).read_text(encoding="utf-8")
        assert "**Joining a running game.**" in guide, "the guide says who may take a seat once the game runs"
    assert spec.newcomers_take_computer_seats <= spec.relations


def test_every_game_package_registers_itself():
    packages = sorted(p.name for p in (ROOT / "bot" / "games").iterdir() if (p / "__init__.py").is_file())
    registered = default_registry().specs()
    assert sorted(spec.engine.split(".")[2] for spec in registered) == packages


@pytest.mark.parametrize("name,players,options", CONFIGURATIONS)
def test_a_seat_view_made_with_the_public_view_at_hand_is_the_seat_view(name, players, options):
    """The table makes a state's public view once and hands it to every seat's view (issue 23)."""
    engine = loaded(name).engine
    outcome = play(engine, players, 5, options, keep_states=True)
    for state in outcome.states[:: max(1, len(outcome.states) // 30)]:
        public = engine.public_view(state)
        for seat in range(players):
            assert engine.seat_view_with(state, seat, public) == engine.seat_view(state, seat)
