"""Losing "whenever the above winning conditions become impossible" (rule text 000), requirement by
requirement and player by player; and the check held against what can still happen: it is exact on
the geocoin requirements' own terms (compared with every way the coins can still be drawn and
passed on), and in played games a loss it declares is never followed by a win."""

from __future__ import annotations

from itertools import combinations, product
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import Rng, SeatTag
from bot.engine.playout import random_action
from bot.games.muggles import goals, losing
from bot.games.muggles.ai import build_computer
from bot.games.muggles.losing import CoinGoal, coin_loss
from render.muggles import render_board
from render.muggles_text import text_board
from render.text import outside, overlaps, recording, too_small
from tests.games.muggles.helpers import DATA, E, act, fresh, give_cache, give_coin, set_character, tiles_of, turn_of


def judged(state):
    """The first player stays where they are: the game is judged after the action."""
    turn_of(state, 0, "D9")
    state, _events = act(state, "stay")
    return state


def lost(state, outcome):
    state = judged(state)
    assert state.over and not state.winners and state.outcome == outcome
    result = E.results(state)
    assert result.team_won is False and result.text.startswith("💀 The muggles win")
    return state, result


def coins_to(state, seat, count):
    for coin in state.coin_stack[-count:]:
        state.coin_stack.remove(coin)
        state.seats[seat].coins.append(coin)


# ---------------------------------------------------------------------- scenarios


def test_an_empty_geocoin_stack_and_a_player_without_a_coin_is_a_loss():
    """ "Basic Win requirements ... 2. Every player must have at least one flipped geocoin" and "The game
    ends and the human players lose whenever the above winning conditions become impossible." The
    stack is empty and the third player has no coin: caches, First To Find and swaps all draw from the
    empty stack, trades are coin for coin, and the Coin Collector needs a coin to swap."""
    state = fresh(3)
    set_character(state, 0, "coin_collector")
    coins_to(state, 0, 6)
    coins_to(state, 1, 6)
    assert not state.coin_stack and not state.seats[2].coins and state.team_trades == 0
    state, result = lost(state, "coin_holders")
    assert result.ending == "coins-impossible"
    assert "{p2} can no longer hold the geocoins the goal asks for: 1 more needed, 0 can still come off" in result.text
    tags = [
        SeatTag(s, name, colour) for s, (name, colour) in enumerate(zip(("Ann", "Bob", "Cyd"), E.spec.seat_colours))
    ]
    assert "Lost: Cyd can no longer hold the geocoins" in text_board(E.public_view(state), tags)
    with recording() as placed:
        image = render_board(E.public_view(state), tags)
    assert any(p.text.startswith("Lost: Cyd can no longer") for p in placed)
    assert not too_small(placed, image.width) and not overlaps(placed) and not outside(placed, image.size)


def test_not_lost_while_the_stack_still_has_a_coin_for_the_player_without_one():
    state = fresh(3)
    coins_to(state, 0, 6)
    coins_to(state, 1, 5)
    assert len(state.coin_stack) == 1
    assert not judged(state).over


def test_two_players_without_a_coin_and_one_coin_left_is_a_loss():
    state = fresh(3)
    coins_to(state, 0, 11)
    state, result = lost(state, "coin_holders")
    assert "{p1} and {p2} can no longer hold" in result.text


def night_owl_only(state):
    """Seat 1's only coin is Night Owl ("Hold a Night cache"), and every Night cache is out of play;
    seat 0 holds every other coin, two of them flipped."""
    give_coin(state, 1, "night_owl")
    give_coin(state, 0, "mega_meet", flipped=True)
    give_coin(state, 0, "swag_bag", flipped=True)
    coins_to(state, 0, len(state.coin_stack))
    for tile in tiles_of("night"):
        give_cache(state, 0, "night", tile=tile)
        state.seats[0].caches.remove(tile)
        state.discard.append(tile)
    set_character(state, 0, "snoop")
    set_character(state, 1, "medic")


def test_a_player_whose_coins_can_no_longer_flip_loses_once_no_coin_can_change_hands():
    """ "Every player must have at least one flipped geocoin": the second player's only coin can never
    flip, the stack is empty, and the team's three Mega Event trades are used up ("No more than three
    trades by the team in an entire game"), with no Coin Collector to swap."""
    state = fresh(2)
    night_owl_only(state)
    state.team_trades = 3
    state, result = lost(state, "coin_flips")
    assert result.ending == "coins-impossible"
    assert result.text.startswith("💀 The muggles win: {p1} can no longer flip the geocoins")


def test_a_trade_left_can_still_bring_a_flipped_coin():
    """ "Unflipped coins may be traded for flipped coins." """
    state = fresh(2)
    night_owl_only(state)
    state.team_trades = 2
    assert not judged(state).over


def empty_woods(state):
    """No cache is left to take: the stock's go out of play, the board's are dug up (squares left empty)."""
    for tile in [t for t in state.stock if DATA.kind(t).is_cache]:
        state.stock.remove(tile)
        state.discard.append(tile)
    for square, tile in list(state.board.items()):
        if DATA.kind(tile).is_cache:
            del state.board[square]
            if tile in state.faceup:
                state.faceup.remove(tile)
            state.discard.append(tile)


def test_a_player_with_too_few_caches_for_the_groups_each_loses_once_none_can_be_taken():
    """Custom: "Agree on a target combination of Team Cache Groups, Team Coins, Individual Cache
    Groups, and Individual coins." Three groups each: the second player holds one cache, no cache is
    left to take, and no trade is left (a trade brings one cache, or a Multi set, for one cache)."""
    state = fresh(2, requirements="custom", team_groups=0, player_groups=3, player_coins=0)
    for kind in ("traditional", "nano", "water"):
        give_cache(state, 0, kind)
    give_cache(state, 1, "traditional")
    empty_woods(state)
    for index, kind in enumerate(("padlock", "virtual")):
        tile = next(t for t in tiles_of(kind) if t in state.discard)
        state.discard.remove(tile)
        state.muggles[index].carrying = tile
    state.team_trades = 3
    state, result = lost(state, "each_caches")
    assert result.ending == "each-impossible"
    assert "{p1} can no longer hold 3 groups: 2 more caches needed, only 0 can still be taken" in result.text


def team_of_six_with_the_seventh_on_the_muggles(state, *more: str):
    """Six caches of six groups held (and ``more``), the woods empty, and the two pieces of a Multi
    set carried by the muggles."""
    for seat, kind in enumerate(("traditional", "nano", "water", "padlock", "virtual", "mystery", *more)):
        give_cache(state, seat % 2, kind)
    empty_woods(state)
    for muggle, tile in zip(state.muggles, [t for t in tiles_of("multi") if t in state.discard][:2], strict=True):
        state.discard.remove(tile)
        muggle.carrying = tile


@pytest.mark.parametrize("more", [(), ("traditional",)])
def test_a_team_with_fewer_caches_than_its_groups_take_loses_once_none_can_be_taken(more):
    """ "The game ends and the human players lose whenever the above winning conditions become
    impossible." All seven groups for the team take eight caches (the Multi group a whole set of two);
    it holds six or seven, no cache is left in the woods, and a swap with the muggles carrying the
    Multi pieces, or a trade, changes a cache for a cache, so it never holds eight (2-player computer
    games went on hundreds of rounds past this point)."""
    state = fresh(2, requirements="custom", team_groups=7, player_groups=0, player_coins=0)
    team_of_six_with_the_seventh_on_the_muggles(state, *more)
    state, result = lost(state, "caches")
    assert result.ending == "groups-impossible"
    assert "the team can no longer hold 7 groups, which take 8 caches" in result.text
    assert f"come to {6 + len(more)}" in result.text


def test_two_caches_left_in_the_woods_keep_seven_groups_possible():
    state = fresh(2, requirements="custom", team_groups=7, player_groups=0, player_coins=0)
    team_of_six_with_the_seventh_on_the_muggles(state)
    for tile in [t for t in tiles_of("traditional") if t in state.discard][:2]:
        state.discard.remove(tile)
        state.stock.append(tile)
    assert not judged(state).over


# ---------------------------------------------------------------------- the geocoins, against every future


def can_still_win(goal: CoinGoal, held, stack, draws: int, mobile: bool) -> bool:
    """Every way to go on: draw some of the stack's coins (which ones is luck), hand each to a player,
    and, while coins can change hands, pass coins on one for one."""
    players = len(held)
    ok_stack = sum(stack)
    for good, bad in product(range(min(draws, ok_stack) + 1), range(min(draws, len(stack) - ok_stack) + 1)):
        if good + bad > draws:
            continue
        for twos in combinations(range(players), goal.two):
            needs = [max(goal.each, 2) if s in twos else goal.each for s in range(players)]
            total_ok = sum(map(sum, held)) + good
            if total_ok < max(goal.team, sum(needs)):
                continue
            if mobile:
                for extra in product(range(good + bad + 1), repeat=players):
                    counts = [len(h) + e for h, e in zip(held, extra)]
                    if sum(extra) == good + bad and all(c >= n for c, n in zip(counts, needs)):
                        return True
            else:
                for extra in product(range(good + 1), repeat=players):
                    if sum(extra) == good and all(sum(h) + e >= n for h, e, n in zip(held, extra, needs)):
                        return True
    return False


@st.composite
def coin_positions(draw):
    players = draw(st.integers(1, 4))
    goal = CoinGoal(draw(st.integers(0, 2)), draw(st.integers(0, min(2, players))), draw(st.integers(0, 6)))
    held = draw(st.lists(st.lists(st.booleans(), max_size=3), min_size=players, max_size=players))
    stack = draw(st.lists(st.booleans(), max_size=4))
    return goal, held, stack, draw(st.integers(0, len(stack))), draw(st.booleans())


@settings(max_examples=400, deadline=None)
@given(coin_positions())
def test_the_geocoin_check_says_lost_exactly_when_no_future_meets_the_requirements(position):
    goal, held, stack, draws, mobile = position
    assert (coin_loss(goal, held, stack, draws, mobile) is None) == can_still_win(goal, held, stack, draws, mobile)


# ---------------------------------------------------------------------- played games


STRICT = losing.loss
"""The check itself; the engine's use of it is muted while a game plays on."""
PLAY_ON_ROUNDS = 20
PATIENCE = 150
"""Rounds to wait for a first loss (a game lost by the unreachable rule alone may wander on)."""


def play_on(players: int, seed: int, requirements: str, random_steps: bool) -> tuple[int, bool]:
    """A game with its losing check muted, so play goes on past any loss: the strict check (what no
    luck can undo) must stay lost once it is, whatever is done next, and no loss may be followed by a
    win. Returns the round of the first loss (-1: none) and whether the team won."""
    ai = build_computer(E)
    state = E.new_game(players, E.options_for({"requirements": requirements}, players), seed)
    rng = Rng.from_seed(seed, "play-on")
    lost_in = -1
    with mock.patch.object(losing, "loss", lambda team, state, strict=False: None):
        while not E.is_terminal(state) and state.round <= (PATIENCE if lost_in < 0 else lost_in + PLAY_ON_ROUNDS):
            if random_steps and rng.random() < 0.5:
                seat, action = random_action(E, state, rng)
            else:
                seat = E.current_seats(state)[0]
                action = ai.choose(E.seat_view(state, seat), E.legal_actions(state, seat), rng)
            state = E.apply(state, seat, action).state
            verdict = STRICT(E.team, state, strict=True)
            if lost_in < 0 and verdict is not None:
                lost_in = state.round
                for seat in E.current_seats(state):
                    for choice in E.legal_actions(state, seat):
                        after = E.apply(state, seat, choice.action).state
                        assert STRICT(E.team, after, strict=True) is not None, f"{choice.action} undoes the loss"
            assert lost_in < 0 or verdict is not None, f"lost in round {lost_in}, possible again in {state.round}"
            assert lost_in < 0 or not goals.won(E.team, state), f"lost in round {lost_in}, won in {state.round}"
    return lost_in, goals.won(E.team, state)


@pytest.mark.parametrize(
    "players,requirements,random_steps", [(2, "basic", True), (3, "advanced", True), (4, "advanced", False)]
)
def test_a_loss_is_never_followed_by_a_win_and_stays_a_loss(players, requirements, random_steps):
    """Seeded games until one is lost (each checked all the way), which then plays on 20 rounds."""
    for seed in range(12):
        lost_in, won = play_on(players, seed, requirements, random_steps)
        if lost_in >= 0:
            assert not won
            return
    raise AssertionError("no game was lost: the test saw nothing to check")


def test_every_way_a_game_ends_has_its_result_key():
    """Each loss the check can declare, the win and the house safety stop have an ending key."""
    from bot.games.muggles.engine import ENDINGS
    from bot.games.muggles.texts import LOSS_TEXTS

    assert set(ENDINGS) == set(LOSS_TEXTS) | {"won", "rounds"}
    assert set(ENDINGS.values()) == {
        "requirements-met",
        "group-trashed",
        "sets-trashed",
        "groups-unreachable",
        "groups-impossible",
        "each-impossible",
        "coins-impossible",
        "round-limit",
    }
