"""Computer players at three levels: ``LoadedGame.computer(level)`` for every game, the easy
player's mistakes, the defaults (normal fills seats, strong partners a team)."""

from __future__ import annotations

import dataclasses

import pytest

from bot.engine import ComputerPlayer, Relation, Rng
from bot.engine.levels import Level, MistakenPlayer, default_level, read_level
from bot.engine.playout import play
from bot.engine.search import SearchBudget, SearchPlayer
from bot.games.registry import default_registry
from tests.support.toy_game import TOY_SPEC, PassingComputer, SecretSum, registry_with_toys

REGISTRY = registry_with_toys()


@pytest.mark.parametrize("name", REGISTRY.names())
def test_every_game_has_a_computer_player_at_each_of_its_levels(name):
    game = REGISTRY.game(name)
    assert game.levels[:2] == (Level.EASY, Level.NORMAL)
    assert game.levels == ((*Level,) if game.searchable else (Level.EASY, Level.NORMAL))
    players = {level: game.computer(level) for level in game.levels}
    assert players[Level.NORMAL] is game.computer() is game.computer("normal"), "built once per level"
    assert isinstance(players[Level.EASY], MistakenPlayer)
    if not game.spec.easy_computer:
        assert players[Level.EASY].policy is players[Level.NORMAL]
    if game.searchable:
        assert isinstance(players[Level.STRONG], SearchPlayer)
        # the strong seat searches with the game's own search policy where it registers one
        assert players[Level.STRONG].policy is game.search_policy()
        if not game.spec.search_policy:
            assert game.search_policy() is players[Level.NORMAL]
        else:
            assert game.search_policy() is not players[Level.NORMAL]
    else:
        with pytest.raises(ValueError, match="has no strong computer player"):
            game.computer(Level.STRONG)
    engine, spec = game.engine, game.spec
    outcome = play(engine, spec.min_players, 3, {}, keep_states=True)
    for index, state in enumerate(outcome.states[:: max(1, len(outcome.states) // 6)]):
        for seat in engine.current_seats(state):
            choices = engine.legal_actions(state, seat)
            for level, player in players.items():
                if level is Level.STRONG:
                    continue  # searches are tested on their own (tests/engine/test_search.py)
                action = player.choose_in_state(engine, state, seat, choices, Rng.from_seed(index, seat))
                engine.apply(state, seat, action)  # a legal move (RuleError otherwise)


class CallingComputer(ComputerPlayer[object]):
    def __init__(self, engine: object = None) -> None:
        pass

    def choose(self, view, choices, rng) -> str:
        return "call"


BUDGET = SearchBudget(iterations=40, seconds=0.5, rollout_moves=5)
TUNED = dataclasses.replace(
    TOY_SPEC,
    name="tuned",
    engine="tests.engine.test_levels:TunedSum",
    easy_computer="tests.engine.test_levels:CallingComputer",
    search_budget=BUDGET,
)


class TunedSum(SecretSum):
    """Secret Sum registered with its own easy player and search budget."""

    spec = TUNED


def test_a_registration_tunes_its_search_budget_and_may_bring_its_own_easy_player():
    game = TUNED.load()
    strong = game.computer(Level.STRONG)
    assert isinstance(strong, SearchPlayer) and strong.budget == BUDGET
    assert isinstance(game.computer(Level.EASY), CallingComputer)
    choices = game.engine.legal_actions(game.engine.new_game(2, TUNED.normalise_options({}), 1), 0)
    assert strong.searches(choices) and not strong.searches(choices[:1])
    assert not game.computer(Level.NORMAL).searches(choices) and not game.computer(Level.EASY).searches(choices)


def test_the_easy_player_makes_a_seeded_share_of_random_moves():
    engine = REGISTRY.game("toy").engine
    state = engine.new_game(2, engine.spec.normalise_options({}), 5)
    choices = engine.legal_actions(state, 0)
    view = engine.seat_view(state, 0)
    easy = MistakenPlayer(PassingComputer(), share=0.5)
    picks = [easy.choose(view, choices, Rng.from_seed(9, n)) for n in range(400)]
    assert picks == [easy.choose(view, choices, Rng.from_seed(9, n)) for n in range(400)], "the same rng, the same pick"
    mistakes = sum(pick != "pass" for pick in picks)
    # A random pick among 3 choices is "pass" a third of the time: 0.5 * 2/3 of all picks are others.
    assert 100 < mistakes < 170
    assert {pick for pick in picks} == {c.action for c in choices}
    assert all(MistakenPlayer(PassingComputer(), 0.0).choose(view, choices, Rng(n)) == "pass" for n in range(50))


def test_computers_fill_seats_at_normal_and_partner_a_team_at_strong_where_a_game_offers_it():
    every = tuple(Level)
    assert default_level(Relation.COMPETITIVE, every) is Level.NORMAL
    assert default_level(Relation.COOPERATIVE, every) is Level.STRONG
    assert default_level(Relation.SOLO, every) is Level.STRONG
    assert default_level(Relation.COOPERATIVE, (Level.EASY, Level.NORMAL)) is Level.NORMAL
    catacombs = default_registry().game("catacombs")
    expected = Level.STRONG if catacombs.searchable else Level.NORMAL
    assert catacombs.default_level(Relation.COOPERATIVE) is expected
    assert catacombs.default_level(Relation.COMPETITIVE) is Level.NORMAL


def test_a_stored_level_a_game_does_not_offer_reads_as_the_default():
    offered = (Level.EASY, Level.NORMAL)
    assert read_level("easy", offered, Level.NORMAL) is Level.EASY
    assert read_level("strong", offered, Level.NORMAL) is Level.NORMAL
    assert read_level(None, offered, Level.NORMAL) is Level.NORMAL
    assert read_level("brilliant", (*Level,), Level.STRONG) is Level.STRONG
