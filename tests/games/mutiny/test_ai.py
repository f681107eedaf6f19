"""The computer player: always legal, never uses what its seat cannot see, and measurably sensible."""

from __future__ import annotations

from bot.engine import Rng
from bot.engine.playout import random_action
from bot.games.mutiny.state import Phase, Role
from bot.games.registry import game
from tests.games.mutiny.helpers import at_vote, dice, set_dice

ENTRY = game("mutiny")
E = ENTRY.engine
AI = ENTRY.computer()


def play(seed: int, policy) -> tuple:
    """policy(state, seat) -> 'ai' or 'random'. Returns (captain kept, battles+peaces, result)."""
    state = E.new_game(4, {}, seed)
    rng = Rng.from_seed(seed, "ai-test")
    kept = rounds = 0
    while not E.is_terminal(state):
        seat = E.current_seats(state)[0]
        if policy(state, seat) == "ai":
            choices = E.legal_actions(state, seat)
            action = AI.choose(E.seat_view(state, seat), choices, rng)
            legal = {c.action for c in choices}
            assert action in legal or (state.phase is Phase.DIVIDE and action.startswith("divide:")), action
        else:
            seat, action = random_action(E, state, rng)
        captain, resolving = state.captain, state.phase in (Phase.VOTE, Phase.CARDS)
        state = E.apply(state, seat, action).state  # raises RuleError if the AI was wrong
        if resolving and state.phase not in (Phase.VOTE, Phase.CARDS):
            rounds += 1
            kept += state.captain == captain
    return kept, rounds, E.results(state)


def test_computer_players_finish_games_with_legal_moves():
    for seed in range(12):
        _, rounds, result = play(seed, lambda s, seat: "ai")
        assert rounds == 12 and result.winners


def test_computer_captains_keep_power_more_often_than_random_dividers():
    """ "if ya don't make the rest of the crew happy, they'll surely mutiny": the AI divides to stay in power."""
    ai_kept = ai_rounds = rnd_kept = rnd_rounds = 0
    for seed in range(30):
        k, r, _ = play(seed, lambda s, seat: "ai")
        ai_kept, ai_rounds = ai_kept + k, ai_rounds + r
        k, r, _ = play(seed, lambda s, seat: "random" if s.phase is Phase.DIVIDE else "ai")
        rnd_kept, rnd_rounds = rnd_kept + k, rnd_rounds + r
    assert ai_kept / ai_rounds > rnd_kept / rnd_rounds + 0.1, (ai_kept / ai_rounds, rnd_kept / rnd_rounds)


def test_a_computer_player_beats_random_players():
    wins = 0
    games = 60
    for seed in range(games):
        seat = seed % 4
        _, _, result = play(seed, lambda s, q, me=seat: "ai" if q == me else "random")
        wins += seat in result.winners
    assert wins / games > 0.5, wins / games


def test_voter_decides_from_its_own_dice_and_share():
    """Vote "from their own dice and what they know": strong dice and no share -> mutiny; weak dice and a big
    share -> defend."""
    s = at_vote(61)
    scout = s.roles.index(Role.SCOUT)
    c = s.captain
    strong = dice("r6", "r6")
    weak = dice("r1", "r1")
    pot = [sum(s.mat[q][col] for q in range(4)) for col in range(4)]
    s.mat = [[0] * 4 for _ in range(4)]
    s.mat[c] = pot
    set_dice(s, {scout: strong})
    assert AI.choose(E.seat_view(s, scout), E.legal_actions(s, scout), Rng(1)) == "vote:mutiny"
    s.mat = [[0] * 4 for _ in range(4)]
    s.mat[scout] = pot
    set_dice(s, {scout: weak})
    assert AI.choose(E.seat_view(s, scout), E.legal_actions(s, scout), Rng(1)) == "vote:defend"


def test_computer_never_peeks_at_what_its_seat_cannot_see():
    """The AI gets only view(state, seat): changing other seats' hidden dice and hands cannot change its choice."""
    for seed in range(62, 80):
        s = at_vote(seed)
        seat = s.roles.index(Role.SCOUT)
        first = AI.choose(E.seat_view(s, seat), E.legal_actions(s, seat), Rng(7))
        other = E.shuffle_hidden(s, seed)
        other.dice[seat] = list(s.dice[seat])
        other.hands[seat] = list(s.hands[seat])
        view = E.seat_view(other, seat)
        assert view.dice == E.seat_view(s, seat).dice
        assert AI.choose(view, E.legal_actions(other, seat), Rng(7)) == first


def test_computer_takes_over_a_seat_mid_game():
    """Issue: computer players "can take over a seat whose player leaves": from any state, it plays on legally."""
    for seed in range(5):
        state = E.new_game(4, {}, seed)
        rng = Rng.from_seed(seed, "takeover")
        for _ in range(40 + 13 * seed):  # humans play randomly for a while, in the middle of some phase
            if E.is_terminal(state):
                break
            seat, action = random_action(E, state, rng)
            state = E.apply(state, seat, action).state
        while not E.is_terminal(state):
            seat = E.current_seats(state)[0]
            action = AI.choose(E.seat_view(state, seat), E.legal_actions(state, seat), rng)
            state = E.apply(state, seat, action).state
        assert E.results(state).winners
