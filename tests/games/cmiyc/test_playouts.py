"""Seeded random playouts for 2-6 players to the end, with the invariants after every action, and the
invariant checks themselves shown to catch a broken state."""

from __future__ import annotations

import pytest

from bot.engine import Rng, RuleError
from bot.engine.playout import play
from bot.games.cmiyc import scoring
from bot.games.cmiyc.ai import build_computer
from tests.games.cmiyc.helpers import BOARD, DATA, E, fresh


def invariants(state) -> None:
    E.check_invariants(state)
    board, stock, discard = len(state.board), len(state.stock), len(state.discard)
    held = sum(len(p.caches) for p in state.seats)
    assert board + stock + discard + held == 104
    assert len(state.coin_stack) + sum(len(p.coins) for p in state.seats) == 12
    for seat in range(state.players):
        player = state.seats[seat]
        singles = sum(DATA.kind(t).value for t in player.caches if not DATA.kind(t).is_set)
        doubled = sum(DATA.kind(t).value for t in player.caches if any(pair[0] == t for pair in state.ammo))
        sets = sum(
            len(tiles) // DATA.kinds[k].set_size * DATA.kinds[k].set_value
            for k, tiles in scoring.complete_sets(DATA, player.caches).items()
        )
        coins = sum(DATA.coins[c].value if c in state.coins_flipped else 1 for c in player.coins)
        assert E.public_view(state).seats[seat].score == singles + doubled + sets + coins
    zone = set()
    cave = next((sq for sq, t in state.board.items() if t in state.faceup and DATA.kind(t).effect == "bear"), None)
    if state.bear_awake and cave:
        zone = set(BOARD.woods_around(cave))
    threatened = {int(s) for p in state.prompts if p.kind == "bear" for s in p.squares}
    beside = {seat for seat, p in enumerate(state.seats) if p.square in zone}
    assert beside <= threatened, "nobody next to the awake bear, but while the bear's question waits"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_playouts_end_with_the_invariants_held(players):
    for seed in range(2):
        outcome = play(E, players, seed, {"round_limit": 60}, after_each=invariants)
        assert outcome.final.over and outcome.final.winners
        assert E.results(outcome.final).winners == tuple(outcome.final.winners)


def test_random_play_ends_by_points_without_a_round_limit():
    """ "Sei der Erste, der 15 Punkte erreicht." — the text's only ending, the default: even aimless play
    gets there (no round limit, no other ending)."""
    outcome = play(E, 2, 1)
    assert outcome.final.over and outcome.final.end_reason == "target"
    assert E.results(outcome.final).ending == "points"


def test_the_house_round_limit_is_off_by_default_and_a_lobby_option_marked_as_a_house_rule():
    """No invented ending decides a game by default: the round limit is a house rule a group chooses."""
    option = next(o for o in E.spec.options if o.key == "round_limit")
    assert option.default == 0 and "house rule" in option.label and "not in the rule text" in option.description
    assert E.options_for({}, 4)["round_limit"] == 0
    outcome = play(E, 6, 3, {"round_limit": 20})
    assert outcome.final.over and outcome.final.round <= 21
    assert E.results(outcome.final).ending in ("points", "round-limit")
    with pytest.raises(RuleError):
        E.options_for({"round_limit": 5}, 4)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_computer_players_finish_games(players):
    ai = build_computer(E)
    state = E.new_game(players, E.options_for({}, players), players)
    for step in range(5000):
        if E.is_terminal(state):
            break
        seat = E.current_seats(state)[0]
        action = ai.choose(E.seat_view(state, seat), E.legal_actions(state, seat), Rng.from_seed(players, step))
        state = E.apply(state, seat, action).state
        invariants(state)
    assert state.over and state.end_reason == "target"


def test_the_invariants_catch_a_lost_tile_and_a_player_next_to_the_bear():
    state = fresh(2)
    state.stock.pop()
    with pytest.raises(AssertionError):
        E.check_invariants(state)
    state = fresh(2)
    cave = next(t.id for t in DATA.tiles if t.kind == "cave")
    square = next(sq for sq, t in state.board.items() if t == cave)
    state.faceup.append(cave)
    state.bear_awake = True
    state.seats[1].square = BOARD.woods_around(square)[0]
    with pytest.raises(AssertionError):
        E.check_invariants(state)
