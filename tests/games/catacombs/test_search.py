"""The searching (strong) explorer of Catacombs of Mu: samples redealt from what one seat may know
(``determinize``), the estimate of an unfinished expedition, a search that never peeks, and whole
games at strong that end by the rules."""

from __future__ import annotations

import msgspec
import pytest

from bot.engine import Rng
from bot.engine.playout import play
from bot.engine.search import SearchBudget, SearchPlayer
from bot.games.catacombs.ai import build_computer
from bot.games.catacombs.engine import ENDINGS, CatacombsEngine
from bot.games.catacombs.state import State
from tests.games.catacombs.helpers import Scene, engine

SMALL = SearchBudget(iterations=2, seconds=1e9, rollout_moves=3)
"""A search small enough for whole games in the test-suite (the bench measures the real budget)."""


def states_along(players: int, options: dict, games: int) -> list[State]:
    e = engine()
    return [s for seed in range(games) for s in play(e, players, seed, options, keep_states=True).states[::9]]


def hand_classes(e: CatacombsEngine, tiles: list[int]) -> set[str]:
    return {e.data.kinds[t].cls for t in tiles}


@pytest.mark.parametrize("players,options", [(3, {"monsters": "3"}), (2, {"mode": "cooperative"})])
def test_a_sample_keeps_what_the_seat_knows_and_redeals_the_other_hands_and_the_bag(players, options):
    e = engine()
    redealt = 0
    states = states_along(players, {"rounds": 60, **options}, games=2)
    for n, state in enumerate(states):
        seat = n % players
        for seed in range(3):
            sample = e.determinize(state, seat, seed)
            e.check_invariants(sample)
            assert sample.seats[seat].hand == state.seats[seat].hand
            assert sample.seats[seat].equipment == state.seats[seat].equipment
            assert e.seat_view(sample, seat) == e.seat_view(state, seat)
            for q in range(players):
                assert len(sample.seats[q].hand) == len(state.seats[q].hand), "hand sizes are public"
                assert hand_classes(e, sample.seats[q].hand) <= {"passage", "item"}
                assert sample.seats[q].equipment == state.seats[q].equipment, "Items and Relics carried are public"
            assert sorted(sample.bag) == sample.bag and len(sample.bag) == len(state.bag)
            redealt += any(sample.seats[q].hand != state.seats[q].hand for q in range(players) if q != seat)
    assert len(states) > 20 and redealt > len(states), "the other hands are dealt anew"


def test_a_tile_another_explorer_is_placing_stays_in_its_hand_and_its_standing_answers_are_unknown():
    sc = Scene(2)
    sc.character(0, "miner")
    sc.character(1, "traveler")
    sc.pawn(0, "D12")
    sc.lay("D12", "I", 1)
    [tile] = sc.hand(0, "L")
    sc.hand(1, "T", "X")
    sc.s.seats[0].standing = {"first_aid": "no"}
    s = sc.at_action(0)
    s = engine().apply(s, 0, f"pick:{tile}").state
    assert s.tasks[-1].kind == "place" and s.tasks[-1].a == tile
    for seed in range(20):
        sample = engine().determinize(s, 1, seed)
        assert tile in sample.seats[0].hand
        assert sample.seats[0].standing == {} and sample.seats[1].hand == s.seats[1].hand


class Recording(CatacombsEngine):
    """The engine, remembering every sample the search was given."""

    def __init__(self) -> None:
        super().__init__(engine().data)
        self.samples: list[bytes] = []

    def determinize(self, state: State, seat: int, seed: int) -> State:
        sample = super().determinize(state, seat, seed)
        self.samples.append(msgspec.json.encode(sample))
        return sample


def redeal_hidden(state: State, seat: int, seed: int) -> State:
    """What ``seat`` cannot know, changed by hand (independently of ``determinize``): the other hands
    swapped with tiles of their classes from the bag, the bag in another order, another RNG."""
    e = engine()
    s = e.clone(state)
    rng = Rng(seed)
    for q, pawn in enumerate(s.seats):
        if q == seat:
            continue
        for i, tile in enumerate(pawn.hand):
            alike = [t for t in s.bag if e.data.kinds[t].cls == e.data.kinds[tile].cls]
            if alike:
                swap = rng.choice(alike)
                s.bag[s.bag.index(swap)], pawn.hand[i] = tile, swap
    rng.shuffle(s.bag)
    s.rng = rng.next_u64()
    e.check_invariants(s)
    assert e.seat_view(s, seat) == e.seat_view(state, seat) and e.dump(s) != e.dump(state)
    return s


@pytest.mark.parametrize("players,mode", [(2, "competitive"), (3, "cooperative")])
def test_the_search_chooses_the_same_whatever_the_hidden_parts_of_the_real_state_are(players, mode):
    """The searching player reads the real state only through ``determinize``: redealing what the
    deciding seat cannot know gives it the very same samples, so the same choice."""
    e = engine()
    options = {"characters": "random", "mode": mode}
    state = next(
        s
        for s in play(e, players, 4, options, keep_states=True).states
        if e.current_seats(s) and len(e.legal_actions(s, e.current_seats(s)[0])) > 2 and s.turns > players
    )
    seat = e.current_seats(state)[0]
    choices = e.legal_actions(state, seat)
    runs = []
    for real in (state, redeal_hidden(state, seat, 1), redeal_hidden(state, seat, 2)):
        recording = Recording()
        player = SearchPlayer(recording, build_computer(e), SearchBudget(iterations=6, seconds=1e9, rollout_moves=6))
        runs.append((player.choose_in_state(recording, real, seat, choices, Rng(3)), recording.samples))
    assert runs[0][1] and all(run == runs[0] for run in runs)


def _two_explorers_and_a_relic(sc: Scene, second: str) -> tuple[Scene, State]:
    """A miner on D12 and ``second`` on I12, each on an I passage, a Relic on F6; the first to act."""
    sc.character(0, "miner")
    sc.character(1, second)
    sc.pawn(0, "D12")
    sc.pawn(1, "I12")
    sc.lay("D12", "I", 1)
    sc.lay("I12", "I", 1)
    sc.relic("F6", "moon_mask")
    return sc, sc.at_action(0)


def test_the_competitive_estimate_favours_the_explorer_who_carries_the_relics():
    """ "The first player to get a character to escape with 2 or more Relics wins the game!" """
    sc, s = _two_explorers_and_a_relic(Scene(2), "miner")
    even = engine().estimate(s)
    assert even[0] == pytest.approx(even[1])
    s.seats[1].equipment.append(sc.take("sun_disc"))
    ahead = engine().estimate(s)
    assert ahead[1] > ahead[0] and all(0 < v < 1 for v in ahead)
    s.seats[1].health = 0
    assert engine().estimate(s)[1] < ahead[1], "an explorer at 0 health is a shot from perishing"


def test_the_team_estimate_rates_relics_at_the_exit_and_health():
    """Co-op: "You lose if any player perishes" and "try to work together to collect as many as you
    can before a player perishes"."""
    sc, s = _two_explorers_and_a_relic(Scene(2, mode="cooperative"), "traveler")
    [nothing] = set(engine().estimate(s))
    s.exit_relics = [sc.take("sun_disc")]
    [one] = set(engine().estimate(s))
    s.exit_relics.append(sc.take("star_idol"))
    [two] = set(engine().estimate(s))
    s.seats[1].health = 1
    [weak] = set(engine().estimate(s))
    assert 0 < nothing < one < two < 1 and weak < two


@pytest.mark.parametrize(
    "players,options",
    [(1, {}), (2, {"mode": "competitive", "monsters": "0"}), (2, {"mode": "cooperative"})],
    ids=["solo", "2p-competitive", "2p-co-op"],
)
def test_strong_explorers_finish_a_game_by_the_rules_with_an_ending_key(players, options):
    """Issue 22: "Every game between computer players ends by the rules, at every level and player
    count, with no round limit deciding it." The first explorer searches, the others play normal (a
    small search budget keeps the test quick)."""
    e = engine()
    normal = build_computer(e)
    strong = SearchPlayer(e, normal, SMALL)
    state = e.new_game(players, e.options_for({"characters": "random", **options}, players), 7)
    assert state.round_limit == 0
    for step in range(6000):
        if e.is_terminal(state):
            break
        seat = e.current_seats(state)[0]
        player = strong if seat == 0 else normal
        action = player.choose_in_state(e, state, seat, e.legal_actions(state, seat), Rng.from_seed(7, step, seat))
        state = e.apply(state, seat, action).state
    assert e.is_terminal(state), "the strong explorers did not finish"
    assert state.over != "limit" and e.results(state).ending in set(ENDINGS.values()) - {"lamps-out"}
