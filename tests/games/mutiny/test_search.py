"""The searching computer player's view of Mutiny: samples redealt from what one seat may know
(``determinize``), the estimate of an unfinished game, and a search that never peeks."""

from __future__ import annotations

import msgspec

from bot.engine import Rng
from bot.engine.playout import play
from bot.engine.search import SearchBudget, SearchPlayer
from bot.games.mutiny.engine import MutinyEngine
from bot.games.mutiny.state import DOWN, Die, DieKind, MutinyState, Phase, Role
from bot.games.registry import game
from tests.games.mutiny.helpers import advance, fresh

ENTRY = game("mutiny")
E = ENTRY.engine


def states_along_playouts(games: int, every: int) -> list[MutinyState]:
    out = []
    for seed in range(games):
        playout = play(E, 4, seed, keep_states=True)
        out.extend(playout.states[::every])
    return out


def test_a_sample_agrees_with_everything_the_seat_knows_and_keeps_every_count():
    checked = 0
    for n, state in enumerate(states_along_playouts(games=4, every=9)):
        for seat in range(4):
            sample = E.determinize(state, seat, n * 4 + seat)
            E.check_invariants(sample)
            assert E.seat_view(sample, seat) == E.seat_view(state, seat), (n, seat)
            again = E.determinize(sample, seat, 1000 + n)
            assert E.dump(again) == E.dump(E.determinize(state, seat, 1000 + n)), "a sample depends on the seed only"
            checked += 1
    assert checked >= 200


def test_samples_redeal_the_other_cups_and_keep_the_peeked_one():
    """ "Keep the cup over the dice so no one else but you can see your dice roll. The First Mate may peek
    at one other player's dice roll at this time." """
    state = advance(fresh(3), Phase.PEEK)
    first_mate = state.roles.index(Role.FIRST_MATE)
    target = (first_mate + 1) % 4
    state = E.apply(state, first_mate, f"peek:{target}").state
    samples = [E.determinize(state, first_mate, seed) for seed in range(30)]
    assert {tuple(s.dice[first_mate]) for s in samples} == {tuple(state.dice[first_mate])}, "its own cup"
    assert {tuple(s.dice[target]) for s in samples} == {tuple(state.dice[target])}, "the cup it peeked under"
    hidden = [q for q in range(4) if q not in (first_mate, target)]
    for q in hidden:
        assert len({tuple(s.dice[q]) for s in samples}) > 5, f"seat {q}'s cup is rolled anew"
        assert {tuple(d.kind for d in s.dice[q]) for s in samples} == {tuple(d.kind for d in state.dice[q])}


def test_samples_keep_the_islands_the_seat_scouted_and_redeal_the_others():
    """ "The Scout looks at 2 of the face-down Islands": the one not picked stays known to the Scout only."""
    state = advance(fresh(5), Phase.TAKE)
    scout = state.roles.index(Role.SCOUT)
    [remembered] = [space for space in state.known[scout] if state.status[space] == DOWN]
    other = next(q for q in range(4) if q != scout)
    down = [space for space, status in enumerate(state.status) if status == DOWN]
    for seed in range(20):
        sample = E.determinize(state, scout, seed)
        assert sample.island_ids[remembered] == state.island_ids[remembered]
        assert sample.island_ids[state.current] == state.island_ids[state.current], "the face-up island"
    layouts = {tuple(E.determinize(state, other, seed).island_ids[space] for space in down) for seed in range(20)}
    assert len(layouts) > 10, "a seat that never looked sees every face-down island redealt"


def test_samples_redeal_the_other_hands_and_the_deck():
    """Mystery cards in hand are secret ("how many, never which", docs/games/mutiny.md)."""
    state = advance(fresh(2), Phase.ASSIGN, round_=2)
    state.hands = [state.deck[:2], state.deck[2:3], [], state.deck[3:6]]
    state.deck = state.deck[6:]
    hands = [E.determinize(state, 0, seed).hands for seed in range(30)]
    assert {tuple(h[0]) for h in hands} == {tuple(state.hands[0])}
    assert all([len(h[q]) for q in range(4)] == [2, 1, 0, 3] for h in hands)
    assert len({tuple(h[3]) for h in hands}) > 3


class Recording(MutinyEngine):
    """The engine, remembering every sample the search was given."""

    def __init__(self) -> None:
        super().__init__(E.data)
        self.samples: list[bytes] = []

    def determinize(self, state: MutinyState, seat: int, seed: int) -> MutinyState:
        sample = super().determinize(state, seat, seed)
        self.samples.append(msgspec.json.encode(sample))
        return sample


def redeal_hidden(state: MutinyState, seat: int, seed: int) -> MutinyState:
    """What ``seat`` cannot know, changed by hand (independently of ``determinize``): the other cups
    rolled again, the other hands and the deck shuffled together, the face-down islands it never saw
    swapped around, other dice to come."""
    s = E.clone(state)
    rng = Rng(seed)
    for q in range(4):
        if q != seat and s.dice[q] and not s.battle:
            s.dice[q] = [Die(die.kind, rng.die(8 if die.kind is DieKind.D8 else 6)) for die in s.dice[q]]
    others = [q for q in range(4) if q != seat]
    pool = s.deck + [card for q in others for card in s.hands[q]]
    rng.shuffle(pool)
    for q in others:
        s.hands[q], pool = pool[: len(s.hands[q])], pool[len(s.hands[q]) :]
    s.deck = pool
    unseen = [space for space, status in enumerate(s.status) if status == DOWN and space not in s.known[seat]]
    ids = [s.island_ids[space] for space in unseen]
    rng.shuffle(ids)
    for space, island in zip(unseen, ids):
        s.island_ids[space], s.cubes[space] = island, list(E.data.islands[island].loot)
    s.rng = rng.next_u64()
    E.check_invariants(s)
    assert E.seat_view(s, seat) == E.seat_view(state, seat) and E.dump(s) != E.dump(state)
    return s


def test_the_search_chooses_the_same_whatever_the_hidden_parts_of_the_real_state_are():
    """The searching player reads the real state only through ``determinize``: redealing what the
    deciding seat cannot know (other cups and hands, unseen islands, the deck, the dice to come)
    gives it the very same samples, so the same choice."""
    decided = 0
    for seed, phase in ((1, Phase.ASSIGN), (2, Phase.DIVIDE), (3, Phase.VOTE), (4, Phase.BUY)):
        state = advance(fresh(seed), phase, round_=2)
        seat = E.current_seats(state)[0]
        choices = E.legal_actions(state, seat)
        runs = []
        for real in (state, redeal_hidden(state, seat, 7), redeal_hidden(state, seat, 8)):
            engine = Recording()
            player = SearchPlayer(
                engine, ENTRY.computer("normal"), SearchBudget(iterations=12, seconds=1e9, rollout_moves=8)
            )
            runs.append((player.choose_in_state(engine, real, seat, choices, Rng(seed)), engine.samples))
        assert runs[0][1] and all(run == runs[0] for run in runs), (seed, phase)
        decided += len(choices) > 1
    assert decided >= 3


def test_the_estimate_favours_the_seat_ahead_late_in_the_game():
    """ "Each Island that a Captain has conquered is worth 1 Infamy." """
    state = advance(fresh(4), Phase.ASSIGN, round_=11)
    start = E.estimate(state)
    assert len(start) == 4 and all(0 <= v <= 1 for v in start)
    leader = max(range(4), key=lambda q: start[q])
    loser = (leader + 1) % 4
    conquered = [space for space, owner in enumerate(state.status) if owner >= 0]
    for space in conquered:
        state.status[space] = loser
    after = E.estimate(state)
    assert max(range(4), key=lambda q: after[q]) == loser


def test_the_search_weighs_the_split_the_computer_captain_would_type_into_the_form():
    """ "There are no rules regarding how the captain divides up the loot": the computer Captain types
    its split into the form, so a strong Captain must be able to keep it, not only the three presets."""
    normal = ENTRY.computer("normal")
    checked = 0
    for state in states_along_playouts(games=6, every=1):
        if state.phase is not Phase.DIVIDE:
            continue
        captain = state.captain
        legal = E.legal_actions(state, captain)
        weighed = [choice.action for choice in E.search_choices(state, captain)]
        chosen = normal.choose(E.seat_view(state, captain), legal, Rng.from_seed(checked, "test"))
        assert chosen in weighed
        assert [choice.action for choice in legal] == weighed[: len(legal)], "the presets stay first"
        for action in weighed:
            E.apply(state, captain, action)  # every weighed split gives out exactly the island's cubes
        checked += 1
    assert checked >= 60
