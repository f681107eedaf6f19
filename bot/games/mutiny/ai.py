"""Mutiny's computer player. It sees only its seat's view and its legal choices.

* Captain: gives the d8 to the strongest other player and the Scout role to the
  weakest; divides the loot by comparing candidate splits (fair, bribe the k
  strongest, keep it all) with a model of how the crew will vote, keeping the
  split with the best expected value for itself.
* Voter: estimates the chance that the mutineers win (normal approximation of
  the dice sums; its own dice and a peeked cup are exact, unknown cups use their
  expectation; decisions already announced are known) and compares the expected
  loot of mutinying and defending.
* Battle: plays cards when its side is behind or close; passes otherwise.
* Buying: crew while rum allows, rum to allow more crew, cards with the rest;
  trades 3-for-1 only when the trade completes a purchase; rum in the last round.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from itertools import product

from bot.engine import Choice, ComputerPlayer, Rng
from bot.engine.search import SearchBudget
from bot.games.mutiny import GAME
from bot.games.mutiny.data import LOOT_CODES, GameData
from bot.games.mutiny.division import split_action
from bot.games.mutiny.engine import MutinyEngine
from bot.games.mutiny.splits import candidate_counts, deal, strongest_first
from bot.games.mutiny.state import DieKind, Phase, Role, Vote, dice_total
from bot.games.mutiny.views import PlayerView, PublicView, SeatView

D6_MEAN, D6_VAR = 3.5, 35 / 12
D8_MEAN, D8_VAR = 4.5, 63 / 12
CAPTAIN_VALUE = 5.0
"""What being Captain is worth, in cubes: an island (1 Infamy) and the next division."""
QUANTILES = (-1.28, -0.52, 0.0, 0.52, 1.28)
STRONG_BUDGET = GAME.search_budget or SearchBudget()
"""The searching player's budget per decision (level ``strong``): see bench/search_mm.py."""
SAFE_ACTIONS = ("pass", "done", "peek:none", "look:random", "vote:defend")
Strength = tuple[float, float]
"""Mean and variance of a seat's dice sum."""


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def _p_greater(mean: float, var: float) -> float:
    """P(X > 0) for X ~ N(mean, var); ties re-roll, so they count as half."""
    if var <= 1e-9:
        return 1.0 if mean > 0 else (0.5 if mean == 0 else 0.0)
    return _phi(mean / math.sqrt(var))


def _unseen_strength(player: PlayerView) -> Strength:
    mean, var = player.crew * D6_MEAN, player.crew * D6_VAR
    if player.role is Role.QUARTER_MASTER:
        mean, var = mean + D8_MEAN, var + D8_VAR
    return mean, var


def _strength(view: SeatView, seat: int) -> Strength:
    """A seat's dice as this seat knows them: its own and a peeked cup exactly, the others by expectation."""
    if seat == view.seat and view.dice:
        return float(dice_total(view.dice)), 0.0
    if view.peek is not None and view.peek.seat == seat:
        return float(dice_total(view.peek.dice)), 0.0
    return _unseen_strength(view.public.players[seat])


def _mutiny_prob(share: int, pot: int) -> float:
    """How likely a player is to mutiny, judging only from their share."""
    fair = pot / 4
    if share == 0:
        return 0.85
    if share < fair - 0.5:
        return 0.55
    if share <= fair + 0.5:
        return 0.2
    return 0.08


Strengths = tuple[Strength, ...]
"""Every seat's strength, by seat (a tuple, so the probabilities below can be remembered)."""


@lru_cache(maxsize=1 << 15)
def _p_mutiny_wins(strengths: Strengths, mutineers: frozenset[int]) -> float:
    if not mutineers:
        return 0.0
    mean = var = 0.0
    for seat, (m, v) in enumerate(strengths):
        mean += m if seat in mutineers else -m
        var += v
    return _p_greater(mean, var)


@lru_cache(maxsize=1 << 15)
def _p_highest(strengths: Strengths, me: int, mutineers: frozenset[int]) -> float:
    mean, var = strengths[me]
    chance = 1.0
    for q in sorted(mutineers - {me}):
        m, v = strengths[q]
        chance *= _p_greater(mean - m, var + v)
    return chance


@lru_cache(maxsize=1 << 12)
def _outcomes(probs: tuple[tuple[int, float], ...]) -> tuple[tuple[float, frozenset[int]], ...]:
    """Every way the seats in ``probs`` could vote, with its probability: (weight, the mutineers)."""
    seats = [q for q, _ in probs]
    out = []
    for votes in product((True, False), repeat=len(seats)):
        weight = 1.0
        for (_, p), mutiny in zip(probs, votes):
            weight *= p if mutiny else 1 - p
        out.append((weight, frozenset(q for q, mutiny in zip(seats, votes) if mutiny)))
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def vote_values(
    me: int,
    captain: int,
    shares: tuple[int, ...],
    strengths: Strengths,
    known: tuple[tuple[int, bool], ...],
    last_round: bool,
) -> tuple[float, float]:
    """Expected value (in cubes) of mutinying and of defending for seat ``me`` (``known``: the
    decisions already announced, as (seat, mutiny) pairs)."""
    pot = sum(shares)
    told = dict(known)
    others = [q for q in range(4) if q not in (me, captain)]
    probs = tuple((q, (1.0 if told[q] else 0.0) if q in told else _mutiny_prob(shares[q], pot)) for q in others)
    loot_weight = 0.5 if last_round else 1.0
    ev_mutiny = ev_defend = 0.0
    for weight, rebels in _outcomes(probs):
        if weight == 0:
            continue
        with_me = rebels | {me}
        win = _p_mutiny_wins(strengths, with_me)
        highest = _p_highest(strengths, me, with_me)
        ev_mutiny += weight * win * (loot_weight * pot / len(with_me) + CAPTAIN_VALUE * highest)
        if rebels:
            lose = 1 - _p_mutiny_wins(strengths, rebels)
            cup = sum(shares[q] for q in rebels)
            ev_defend += weight * lose * loot_weight * (shares[me] + cup / (4 - len(rebels)))
        else:
            ev_defend += weight * loot_weight * shares[me]
    return ev_mutiny, ev_defend


@lru_cache(maxsize=1 << 12)
def best_counts(
    me: int, pot: int, strengths: Strengths, fair: tuple[int, ...] | None, last_round: bool
) -> tuple[int, ...]:
    """How many cubes each seat gets: the candidate split (fair, bribe the k strongest, keep it all)
    with the best expected value for the Captain ``me``."""
    by_strength = strongest_first(me, [mean for mean, _ in strengths])
    candidates = candidate_counts(me, pot, by_strength, fair)
    return max(candidates, key=lambda counts: _captain_value(me, counts, strengths, last_round))


def _captain_value(me: int, counts: tuple[int, ...], strengths: Strengths, last_round: bool) -> float:
    probs = tuple((q, _predicted_mutiny(q, me, counts, strengths, last_round)) for q in range(4) if q != me)
    value = 0.0
    for weight, mutineers in _outcomes(probs):
        if not mutineers:
            value += weight * (counts[me] + CAPTAIN_VALUE)
            continue
        keep = 1 - _p_mutiny_wins(strengths, mutineers)
        cup = sum(counts[q] for q in mutineers)
        value += weight * keep * (counts[me] + cup / (4 - len(mutineers)) + CAPTAIN_VALUE)
    return value


def _predicted_mutiny(
    voter: int, captain: int, counts: tuple[int, ...], strengths: Strengths, last_round: bool
) -> float:
    """How often ``voter`` would mutiny by this player's own voting rule, over likely rolls."""
    mean, var = strengths[voter]
    yes = 0
    for z in QUANTILES:
        own = list(strengths)
        own[voter] = (mean + z * math.sqrt(var), 0.0)
        ev_mutiny, ev_defend = vote_values(voter, captain, counts, tuple(own), (), last_round)
        yes += ev_mutiny > ev_defend
    return yes / len(QUANTILES)


class MutinyComputer(ComputerPlayer[SeatView]):
    def __init__(self, data: GameData) -> None:
        self.data = data

    def choose(self, view: SeatView, choices: Sequence[Choice], rng: Rng) -> str:
        actions = [c.action for c in choices]
        if not actions:
            raise ValueError("the computer player was asked to act without choices")
        action = self._decide(view, actions, rng)
        if action is not None and (action in actions or action.startswith("divide:")):
            return action
        return next((safe for safe in SAFE_ACTIONS if safe in actions), actions[0])

    def _decide(self, view: SeatView, actions: list[str], rng: Rng) -> str | None:
        match view.public.phase:
            case Phase.ASSIGN:
                return self._assign(view, rng)
            case Phase.LOOK:
                return self._look(view, actions)
            case Phase.PICK:
                best = max(view.looking, key=lambda isl: (sum(isl.loot), isl.loot[2], -isl.space))
                return f"pick:{best.space}"
            case Phase.TAKE:
                return next(
                    (f"take:{LOOT_CODES[c]}" for c in self._needed_colours(view) if f"take:{LOOT_CODES[c]}" in actions),
                    None,
                )
            case Phase.DIVIDE:
                return self._divide(view)
            case Phase.PEEK:
                return self._peek(view, actions)
            case Phase.VOTE:
                return self._vote(view)
            case Phase.CARDS:
                return self._cards(view, actions)
            case Phase.BUY:
                return self._buy(view, actions)
        return None

    # ------------------------------------------------------------------ 1-2. roles and island

    def _assign(self, view: SeatView, rng: Rng) -> str:
        others = [(view.seat + k) % 4 for k in (1, 2, 3)]
        noise = {q: rng.random() for q in others}
        quarter_master, first_mate, scout = sorted(others, key=lambda q: (-_strength(view, q)[0], noise[q]))
        return f"assign:{first_mate},{quarter_master},{scout}"

    def _look(self, view: SeatView, actions: list[str]) -> str:
        if view.known:
            best = max(view.known, key=lambda isl: (sum(isl.loot), isl.loot[2]))
            if sum(best.loot) >= 7 and f"look:{best.space}" in actions:
                return f"look:{best.space}"
        return "look:random"

    # ------------------------------------------------------------------ 3. divide

    def _divide(self, view: SeatView) -> str:
        me = view.seat
        loot = view.public.island_loot or (0, 0, 0, 0)
        strengths = tuple(_unseen_strength(player) for player in view.public.players)
        fair = tuple(sum(row) for row in view.fair_split) if view.fair_split else None
        best = best_counts(me, sum(loot), strengths, fair, view.public.last_round)
        return split_action(deal(loot, list(best), me))

    # ------------------------------------------------------------------ 4-5. peek and vote
    # ------------------------------------------------------------------ 4-5. peek and vote

    def _peek(self, view: SeatView, actions: list[str]) -> str:
        options = [q for q in range(4) if q != view.seat and f"peek:{q}" in actions]
        if not options:
            return "peek:none"
        return f"peek:{max(options, key=lambda q: (_strength(view, q)[1], q == view.public.captain))}"

    def _vote(self, view: SeatView) -> str:
        me, public = view.seat, view.public
        shares = tuple(sum(player.share or ()) for player in public.players)
        strengths = [_strength(view, q) for q in range(4)]
        mean, var = strengths[me]
        cannons = sum(1 for card in view.hand if card.id == "cannon")  # fired for my side
        strengths[me] = (mean + cannons * D6_MEAN, var + cannons * D6_VAR)
        known = tuple(
            (p.seat, p.vote is Vote.MUTINY)
            for p in public.players
            if p.vote is not Vote.NONE and p.seat not in (me, public.captain)
        )
        ev_mutiny, ev_defend = vote_values(me, public.captain, shares, tuple(strengths), known, public.last_round)
        return "vote:mutiny" if ev_mutiny > ev_defend else "vote:defend"

    # ------------------------------------------------------------------ 6. battle cards

    def _cards(self, view: SeatView, actions: list[str]) -> str:
        battle = view.public.battle
        if battle is None:
            return "pass"
        if "card:pegleg" in actions:
            return "card:pegleg"
        me = view.seat
        mine = battle.votes[me]
        margin = battle.total(mine) - battle.total(Vote.DEFEND if mine is Vote.MUTINY else Vote.MUTINY)
        if margin > 0:
            return "card:cannon" if margin < 6 and "card:cannon" in actions else "pass"
        if "card:cannon" in actions:
            return "card:cannon"
        enemies = [q for q in range(4) if battle.votes[q] is not mine and battle.dice[q]]
        if enemies:
            target = max(enemies, key=lambda q: max(die.value for die in battle.dice[q]))
            if f"card:madness:{target}" in actions:
                return f"card:madness:{target}"
        for cid in ("pressgang", "stowaway"):
            if f"card:{cid}" in actions:
                return f"card:{cid}"
        low = [i + 1 for i, die in enumerate(battle.dice[me]) if die.value <= (4 if die.kind is DieKind.D8 else 3)]
        reload = "card:reload:" + ",".join(str(i) for i in low)
        if low and any(a.startswith("card:reload:") for a in actions):
            return reload if reload in actions else next(a for a in actions if a.startswith("card:reload:"))
        if "card:storm" in actions and margin < -4:
            return "card:storm"
        return "pass"

    # ------------------------------------------------------------------ 7. buying

    def _target(self, public: PublicView, me: PlayerView) -> str:
        if public.last_round:
            return "rum"
        if me.rum > me.crew and public.supply.green > 0:
            return "crew"
        return "rum" if public.supply.rum > 0 else "card"

    def _needed_colours(self, view: SeatView) -> list[int]:
        """Colours to gather for the next purchase, most missing first."""
        cost = self.data.prices[self._target(view.public, view.me)]
        gaps = sorted(range(4), key=lambda c: (-(cost[c] - view.me.loot[c]), -cost[c], c))
        return gaps

    def _buy(self, view: SeatView, actions: list[str]) -> str:
        me, final = view.me, view.public.last_round
        if "card:pegleg" in actions:
            return "card:pegleg"
        crew_cards = [f"card:{cid}" for cid in ("pressgang", "stowaway") if f"card:{cid}" in actions]
        if crew_cards and not final:
            return crew_cards[0]
        treasures = [a for a in actions if a.startswith("card:treasure:")]
        if treasures:
            need = self._needed_colours(view)
            return max(treasures, key=lambda a: sum(3 - need.index(LOOT_CODES.index(ch)) for ch in a.split(":")[2]))
        if final:
            order = ["rum"]
        else:
            order = (["crew"] if me.rum > me.crew else []) + (
                ["rum", "crew", "card"] if me.rum <= me.crew else ["card", "rum"]
            )
        for item in order:
            if f"buy:{item}" in actions:
                return f"buy:{item}"
        return self._completing_trade(me, order, actions) or "done"

    def _completing_trade(self, me: PlayerView, order: list[str], actions: list[str]) -> str | None:
        """A trade that completes the most wanted purchase."""
        for item in order:
            cost = self.data.prices[item]
            for action in actions:
                if not action.startswith("trade:"):
                    continue
                _, give, get = action.split(":")
                after = list(me.loot)
                for code in give:
                    after[LOOT_CODES.index(code)] -= 1
                after[LOOT_CODES.index(get)] += 1
                if all(after[c] >= cost[c] for c in range(4)):
                    return action
        return None


def build_computer(engine: MutinyEngine) -> MutinyComputer:
    return MutinyComputer(engine.data)
