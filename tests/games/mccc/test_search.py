"""The searching computer player's view of Mouse Cheese Cat Cucumber: samples redealt from what one
seat may know (``determinize``), the estimate of an unfinished game, and a search that never peeks."""

from __future__ import annotations

import msgspec
import pytest

from bot.engine import Rng
from bot.engine.playout import play
from bot.engine.search import SearchBudget, SearchPlayer
from bot.games.mccc.engine import MCCCEngine
from bot.games.mccc.sampling import AGENDA, deck_runs, drawn
from bot.games.mccc.state import State
from tests.games.mccc.helpers import COMPUTER, DATA, ENGINE

CONFIGS = [
    pytest.param(1, {"setup": 1}, id="solo-setup1"),
    pytest.param(1, {"setup": 4, "easier": True}, id="solo-setup4-easier"),
    pytest.param(2, {"setup": 2}, id="2p-setup2"),
    pytest.param(4, {"setup": 3}, id="4p-setup3"),
]


def states_along_playouts(players: int, options: dict, games: int) -> list[State]:
    out = []
    for seed in range(games):
        out.extend(play(ENGINE, players, seed, options, keep_states=True).states)
    return out


@pytest.mark.parametrize("players,options", CONFIGS)
def test_a_sample_agrees_with_everything_the_seat_knows_and_keeps_every_card(players, options):
    states = states_along_playouts(players, options, games=5)
    for n, state in enumerate(states):
        for seat in range(players):
            sample = ENGINE.determinize(state, seat, n * 4 + seat)
            ENGINE.check_invariants(sample)
            assert ENGINE.seat_view(sample, seat) == ENGINE.seat_view(state, seat), (n, seat)
            again = ENGINE.determinize(sample, seat, 500 + n)
            assert ENGINE.dump(again) == ENGINE.dump(ENGINE.determinize(state, seat, 500 + n))
    assert len(states) > 40


def test_samples_keep_the_stack_structure_of_the_setup():
    """ "4. In the second stack, shuffle the Cat Character Card. 5. Take the top two Maze Cards of the
    fourth stack and set them aside. Shuffle the Cucumber Character Card into the remainder. Place the set
    aside Maze Cards back on top. 6. ... place one facedown at the bottom of each stack." """
    state = ENGINE.new_game(1, ENGINE.options_for({"setup": 1}, 1), 3)
    runs = deck_runs(DATA, state)
    where = {what: [i for i, run in enumerate(runs) if run.what == what] for what in ("cat", "cucumber", AGENDA)}
    cat_positions, cucumber_positions, bottoms = set(), set(), set()
    for seed in range(200):
        deck = ENGINE.determinize(state, 0, seed).deck
        first = drawn(runs, state)
        position = {token: first + i for i, token in enumerate(deck) if isinstance(token, str)}
        cat_positions.add(position["cat"])
        cucumber_positions.add(position["cucumber"])
        bottoms.add(deck[-1])
        assert all(runs[i].start <= position["cat"] < runs[i].end for i in where["cat"])
        assert all(runs[i].start <= position["cucumber"] < runs[i].end for i in where["cucumber"])
        assert {position[t] for t in deck if isinstance(t, str) and t.startswith("agenda:")} == {
            runs[i].start for i in where[AGENDA]
        }
    assert sorted(cat_positions) == list(range(7, 13)), "the Cat is 8th to 13th (docs/games/mccc.md)"
    assert sorted(cucumber_positions) == list(range(22, 26)), "the Cucumber 23rd to 26th"
    assert len(bottoms) == 4, "nobody knows which agenda lies at the bottom"


def test_samples_keep_the_seat_s_own_side_and_the_sides_shown():
    """Multiplayer: each player's secret side is dealt by DM; a side is shown when its ability is used."""
    state = ENGINE.new_game(4, ENGINE.options_for({}, 4), 8)
    state.revealed_seats[2] = True
    sides = [tuple(ENGINE.determinize(state, 0, seed).secret) for seed in range(60)]
    assert {s[0] for s in sides} == {state.secret[0]} and {s[2] for s in sides} == {state.secret[2]}
    assert len({(s[1], s[3]) for s in sides}) == 2, "the two hidden sides are dealt both ways"


class Recording(MCCCEngine):
    """The engine, remembering every sample the search was given."""

    def __init__(self) -> None:
        super().__init__(DATA)
        self.samples: list[bytes] = []

    def determinize(self, state: State, seat: int, seed: int) -> State:
        sample = super().determinize(state, seat, seed)
        self.samples.append(msgspec.json.encode(sample))
        return sample


def redeal_hidden(state: State, seat: int, seed: int) -> State:
    """What ``seat`` cannot know, changed by hand (independently of ``determinize``): the maze cards
    left in the deck in another order, and in multiplayer the other hidden sides swapped."""
    s = ENGINE.clone(state)
    rng = Rng(seed)
    slots = [i for i, token in enumerate(s.deck) if isinstance(token, int)]
    cards = [s.deck[i] for i in slots]
    rng.shuffle(cards)
    for i, card in zip(slots, cards):
        s.deck[i] = card
    hidden = [q for q in range(len(s.secret)) if q != seat and not s.revealed_seats[q]]
    if len(hidden) >= 2:
        s.secret[hidden[0]], s.secret[hidden[1]] = s.secret[hidden[1]], s.secret[hidden[0]]
    ENGINE.check_invariants(s)
    assert ENGINE.seat_view(s, seat) == ENGINE.seat_view(state, seat) and ENGINE.dump(s) != ENGINE.dump(state)
    return s


@pytest.mark.parametrize("players", [1, 3])
def test_the_search_chooses_the_same_whatever_the_hidden_parts_of_the_real_state_are(players):
    """The searching player reads the real state only through ``determinize``: redealing what the deciding
    seat cannot know gives it the very same samples, so the same choice."""
    state = ENGINE.new_game(players, ENGINE.options_for({"setup": 2}, players), 5)
    seat = ENGINE.current_seats(state)[0]
    choices = ENGINE.legal_actions(state, seat)
    runs = []
    for real in (state, redeal_hidden(state, seat, 1), redeal_hidden(state, seat, 2)):
        engine = Recording()
        player = SearchPlayer(engine, COMPUTER, SearchBudget(iterations=6, seconds=1e9, rollout_moves=4))
        runs.append((player.choose_in_state(engine, real, seat, choices, Rng(3)), engine.samples))
    assert len(choices) > 1 and runs[0][1]
    assert all(run == runs[0] for run in runs)


def computer_game(players: int, options: dict, seed: int) -> tuple[list[State], State]:
    """A game of the normal computer players: every position before the end, and the end."""
    state = ENGINE.new_game(players, ENGINE.options_for(options, players), seed)
    rng = Rng.from_seed(seed, "estimate-test")
    positions = []
    while not ENGINE.is_terminal(state):
        seat = ENGINE.current_seats(state)[0]
        positions.append(state)
        action = COMPUTER.choose_in_state(ENGINE, state, seat, ENGINE.legal_actions(state, seat), rng)
        state = ENGINE.apply(state, seat, action).state
    return positions, state


def test_the_solo_estimate_rates_games_that_will_be_won_above_games_that_will_be_lost():
    """ "There are two conditions for victory that must be met: 1. The Cucumber Character Card shows up
    on the Conveyor Belt. 2. The win condition of the Agenda Card at the bottom of the Maze Deck is
    satisfied." Halfway through, the positions of games the player goes on to win look better."""
    won, lost = [], []
    for seed in range(12):
        positions, end = computer_game(1, {"setup": 1, "easier": True}, seed)
        [chance] = ENGINE.estimate(positions[len(positions) // 2])
        assert 0 < chance < 1
        (won if end.outcome.won else lost).append(chance)
    assert won and lost
    assert sum(won) / len(won) > sum(lost) / len(lost) + 0.05


def test_the_multiplayer_estimate_favours_the_seat_that_goes_on_to_win():
    """ "The game ends when the Mouse or Cat reaches its target or the Cucumber appears" (the publisher's
    summary): late in a 4-player game, the seat the estimate rates highest is one of the winners far
    more often than one seat in four."""
    hits = positions_seen = 0
    for seed in range(10):
        positions, end = computer_game(4, {}, seed)
        winners = ENGINE.results(end).winners
        for state in positions[-len(positions) // 3 :]:
            values = ENGINE.estimate(state)
            assert len(values) == 4 and all(0 <= v <= 1 for v in values)
            hits += max(range(4), key=lambda q: values[q]) in winners
            positions_seen += 1
    assert hits / positions_seen > 0.4
