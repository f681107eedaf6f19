"""Mutiny's computer player. It sees only its seat's view and its legal choices.

* Captain: gives the d8 to the strongest other player and the Scout role to the
  weakest; divides the loot by comparing candidate splits (fair, bribe the k
  strongest, keep it all) with a model of how the crew will vote, keeping the
  split with the best expected value for itself.
* Voter: estimates the chance that the mutineers win (normal approximation of
  the dice sums; its own dice and a peeked cup are exact, unknown cups use their
  expectation) and compares the expected loot of mutinying and defending.
* Battle: plays cards when its side is behind or close; passes otherwise.
* Buying: crew while rum allows, rum to allow more crew, cards with the rest;
  trades 3-for-1 only when the trade completes a purchase; rum in the last round.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from itertools import product
from typing import Any

from bot.engine.base import Choice, ComputerPlayer
from bot.engine.rng import Rng
from bot.games.mutiny.data import LOOT_CODES, GameData

D6_MEAN, D6_VAR = 3.5, 35 / 12
D8_MEAN, D8_VAR = 4.5, 63 / 12
CAPTAIN_VALUE = 5.0  # an island (1 Infamy) and the next division, in cubes


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def _p_greater(mean: float, var: float) -> float:
    """P(X > 0) for X ~ N(mean, var); ties re-roll, so they count as half."""
    if var <= 1e-9:
        return 1.0 if mean > 0 else (0.5 if mean == 0 else 0.0)
    return _phi(mean / math.sqrt(var))


class MutinyComputer(ComputerPlayer):
    def __init__(self, data: GameData) -> None:
        self.data = data
        self.prices = {k: list(v) for k, v in data.prices.items()}

    # ------------------------------------------------------------------ entry

    def choose(self, view: Mapping[str, Any], choices: Sequence[Choice], rng: Rng) -> str:
        actions = [c.action for c in choices]
        if not actions:
            raise ValueError("the computer player was asked to act without choices")
        handler = getattr(self, f"_{view['phase']}", None)
        action = handler(view, actions, rng) if handler else None
        if action is None or (action not in actions and not action.startswith("divide:")):
            for safe in ("pass", "done", "peek:none", "look:random", "vote:defend"):
                if safe in actions:
                    return safe
            return actions[0]
        return action

    # ------------------------------------------------------------------ strength model

    def _strength(self, view: Mapping[str, Any], seat: int) -> tuple[float, float]:
        """Mean and variance of a seat's dice sum as this seat knows it."""
        you = view["you"]
        pl = view["players"][seat]
        if seat == you["seat"] and you["dice"]:
            return float(sum(int(d[1:]) for d in you["dice"])), 0.0
        if you.get("peek") and you["peek"]["seat"] == seat:
            return float(sum(int(d[1:]) for d in you["peek"]["dice"])), 0.0
        mean = pl["crew"] * D6_MEAN
        var = pl["crew"] * D6_VAR
        if pl["role"] == "Quarter Master":
            mean += D8_MEAN
            var += D8_VAR
        return mean, var

    @staticmethod
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

    def _p_mutiny_wins(self, strengths: dict[int, tuple[float, float]], mutineers: set[int]) -> float:
        if not mutineers:
            return 0.0
        mean = var = 0.0
        for seat, (m, v) in strengths.items():
            mean += m if seat in mutineers else -m
            var += v
        return _p_greater(mean, var)

    # ------------------------------------------------------------------ 1. roles

    def _assign(self, view, actions, rng):
        me = view["you"]["seat"]
        others = [(me + k) % 4 for k in (1, 2, 3)]
        noise = {q: rng.random() for q in others}
        ranked = sorted(others, key=lambda q: (-self._strength(view, q)[0], noise[q]))
        qm, fm, scout = ranked
        action = f"assign:{fm},{qm},{scout}"
        return action if action in actions else rng.choice(actions)

    # ------------------------------------------------------------------ 2. island

    def _look(self, view, actions, rng):
        known = view["you"]["known"]
        if known:
            best = max(known, key=lambda isl: (sum(isl["loot"]), isl["loot"][2]))
            if sum(best["loot"]) >= 7 and f"look:{best['space']}" in actions:
                return f"look:{best['space']}"
        return "look:random"

    def _pick(self, view, actions, rng):
        looking = view["you"]["looking"]
        best = max(looking, key=lambda isl: (sum(isl["loot"]), isl["loot"][2], -isl["space"]))
        return f"pick:{best['space']}"

    def _take(self, view, actions, rng):
        me = view["you"]["seat"]
        need = self._needed_colours(view, me)
        for colour in need:
            action = f"take:{LOOT_CODES[colour]}"
            if action in actions:
                return action
        return actions[0]

    # ------------------------------------------------------------------ 3. divide

    def _divide(self, view, actions, rng):
        me = view["you"]["seat"]
        loot = list(view["island_loot"])
        pot = sum(loot)
        others = [(me + k) % 4 for k in (1, 2, 3)]
        strengths = {q: self._strength_before_roll(view, q) for q in range(4)}
        by_strength = sorted(others, key=lambda q: -strengths[q][0])
        candidates: list[list[int]] = []
        fair = view["you"].get("fair_split")
        if fair:
            candidates.append([sum(row) for row in fair])
        base = math.ceil(pot / 4)
        for k in range(0, 4):
            for bribe in (base, base + 1):
                if k * bribe > pot:
                    continue
                counts = [0, 0, 0, 0]
                for q in by_strength[:k]:
                    counts[q] = bribe
                counts[me] = pot - k * bribe
                if counts not in candidates:
                    candidates.append(counts)
        best_counts, best_value = None, -1.0
        for counts in candidates:
            value = self._captain_value(view, me, counts, strengths, pot)
            if value > best_value + 1e-9:
                best_counts, best_value = counts, value
        shares = self._deal(loot, best_counts, me)
        return "divide:" + ".".join("".join(str(n) for n in row) for row in shares)

    def _strength_before_roll(self, view, seat):
        pl = view["players"][seat]
        mean, var = pl["crew"] * D6_MEAN, pl["crew"] * D6_VAR
        if pl["role"] == "Quarter Master":
            mean, var = mean + D8_MEAN, var + D8_VAR
        return mean, var

    def _captain_value(self, view, me, counts, strengths, pot) -> float:
        others = [q for q in range(4) if q != me]
        last_round = view["round"] == view["rounds"]
        probs = {q: self._predicted_mutiny(q, me, counts, strengths, last_round) for q in others}
        value = 0.0
        for votes in product((True, False), repeat=3):
            weight = 1.0
            mutineers = set()
            for q, mut in zip(others, votes):
                weight *= probs[q] if mut else 1 - probs[q]
                if mut:
                    mutineers.add(q)
            if not mutineers:
                value += weight * (counts[me] + CAPTAIN_VALUE)
                continue
            keep = 1 - self._p_mutiny_wins(strengths, mutineers)
            defenders = 4 - len(mutineers)
            cup = sum(counts[q] for q in mutineers)
            value += weight * keep * (counts[me] + cup / defenders + CAPTAIN_VALUE)
        return value

    QUANTILES = (-1.28, -0.52, 0.0, 0.52, 1.28)

    def _predicted_mutiny(self, voter, captain, counts, strengths, last_round) -> float:
        """How often ``voter`` would mutiny by this player's own voting rule, over likely rolls."""
        mean, var = strengths[voter]
        yes = 0
        for z in self.QUANTILES:
            own = dict(strengths)
            own[voter] = (mean + z * math.sqrt(var), 0.0)
            ev_mut, ev_def = self._vote_values(voter, captain, counts, own, {}, last_round)
            yes += ev_mut > ev_def
        return yes / len(self.QUANTILES)

    @staticmethod
    def _deal(loot: list[int], counts: list[int], me: int) -> list[list[int]]:
        """Turn cube counts per seat into shares: the Captain keeps Gold first, others get the rest evenly."""
        shares = [[0] * 4 for _ in range(4)]
        rest = loot[:]
        for colour in (2, 1, 3, 0):
            while rest[colour] and sum(shares[me]) < counts[me]:
                shares[me][colour] += 1
                rest[colour] -= 1
        for colour in (2, 1, 3, 0):
            while rest[colour]:
                open_seats = [q for q in range(4) if q != me and sum(shares[q]) < counts[q]]
                target = min(open_seats, key=lambda q: (shares[q][colour], sum(shares[q]), q))
                shares[target][colour] += 1
                rest[colour] -= 1
        return shares

    # ------------------------------------------------------------------ 4. peek

    def _peek(self, view, actions, rng):
        me = view["you"]["seat"]
        options = [q for q in range(4) if q != me and f"peek:{q}" in actions]
        if not options:
            return "peek:none"
        return f"peek:{max(options, key=lambda q: (self._strength(view, q)[1], q == view['captain']))}"

    # ------------------------------------------------------------------ 5. vote

    def _vote(self, view, actions, rng):
        me = view["you"]["seat"]
        shares = [sum(pl["share"] or [0, 0, 0, 0]) for pl in view["players"]]
        strengths = {q: self._strength(view, q) for q in range(4)}
        # Cannons in my hand will be fired for my side.
        my_mean, my_var = strengths[me]
        cannons = view["you"]["hand"].count("cannon")
        strengths[me] = (my_mean + cannons * D6_MEAN, my_var + cannons * D6_VAR)
        seen = view["you"].get("votes_seen")
        known = {q: seen[q] == "mutiny" for q in range(4) if seen and seen[q] and q != me}
        last_round = view["round"] == view["rounds"]
        ev_mut, ev_def = self._vote_values(me, view["captain"], shares, strengths, known, last_round)
        return "vote:mutiny" if ev_mut > ev_def else "vote:defend"

    def _vote_values(self, me, captain, shares, strengths, known, last_round) -> tuple[float, float]:
        """Expected value (in cubes) of mutinying and of defending for seat ``me``."""
        pot = sum(shares)
        others = [q for q in range(4) if q not in (me, captain)]
        probs = {}
        for q in others:
            if q in known:
                probs[q] = 1.0 if known[q] else 0.0
            else:
                probs[q] = self._mutiny_prob(shares[q], pot)
        loot_weight = 0.5 if last_round else 1.0
        ev_mut = ev_def = 0.0
        for votes in product((True, False), repeat=len(others)):
            weight = 1.0
            rebels = set()
            for q, mut in zip(others, votes):
                weight *= probs[q] if mut else 1 - probs[q]
                if mut:
                    rebels.add(q)
            if weight == 0:
                continue
            with_me = rebels | {me}
            win = self._p_mutiny_wins(strengths, with_me)
            highest = self._p_highest(strengths, me, with_me)
            ev_mut += weight * win * (loot_weight * pot / len(with_me) + CAPTAIN_VALUE * highest)
            if rebels:
                lose = 1 - self._p_mutiny_wins(strengths, rebels)
                defenders = 4 - len(rebels)
                cup = sum(shares[q] for q in rebels)
                ev_def += weight * lose * loot_weight * (shares[me] + cup / defenders)
            else:
                ev_def += weight * loot_weight * shares[me]
        return ev_mut, ev_def

    @staticmethod
    def _p_highest(strengths, me, mutineers) -> float:
        mean, var = strengths[me]
        chance = 1.0
        for q in mutineers:
            if q == me:
                continue
            m, v = strengths[q]
            chance *= _p_greater(mean - m, var + v)
        return chance

    # ------------------------------------------------------------------ 6. battle cards

    def _cards(self, view, actions, rng):
        me = view["you"]["seat"]
        battle = view["battle"]
        mine = battle["votes"][me]
        ours = battle["totals"][mine]
        theirs = battle["totals"]["defend" if mine == "mutiny" else "mutiny"]
        margin = ours - theirs
        if "card:pegleg" in actions:
            return "card:pegleg"
        if margin > 0 and not (margin < 6 and "card:cannon" in actions):
            return "pass"
        if "card:cannon" in actions:
            return "card:cannon"
        if margin > 0:
            return "pass"
        enemies = [q for q in range(4) if battle["votes"][q] != mine and battle["dice"][q]]
        madness = [a for a in actions if a.startswith("card:madness:")]
        if madness and enemies:
            target = max(enemies, key=lambda q: max(int(d[1:]) for d in battle["dice"][q]))
            if f"card:madness:{target}" in actions:
                return f"card:madness:{target}"
        for cid in ("pressgang", "stowaway"):
            if f"card:{cid}" in actions:
                return f"card:{cid}"
        reloads = [a for a in actions if a.startswith("card:reload:")]
        if reloads:
            dice = battle["dice"][me]
            wanted = [i + 1 for i, d in enumerate(dice) if int(d[1:]) <= (4 if d[0] == "q" else 3)]
            if wanted:
                action = "card:reload:" + ",".join(str(i) for i in wanted)
                return action if action in actions else reloads[0]
        if "card:storm" in actions and margin < -4:
            return "card:storm"
        return "pass"

    # ------------------------------------------------------------------ 7. buying

    def _needed_colours(self, view, seat) -> list[int]:
        """Colours to gather for the next purchase, most missing first."""
        pl = view["players"][seat]
        target = self._target(view, seat)
        cost = self.prices[target]
        gaps = [(cost[c] - pl["loot"][c], c) for c in range(4)]
        gaps.sort(key=lambda g: (-g[0], -cost[g[1]], g[1]))
        return [c for _, c in gaps]

    def _target(self, view, seat) -> str:
        pl = view["players"][seat]
        if view["round"] >= view["rounds"]:
            return "rum"
        if pl["rum"] > pl["crew"] and view["supply"]["green"] > 0:
            return "crew"
        if view["supply"]["rum"] > 0:
            return "rum"
        return "card"

    def _buy(self, view, actions, rng):
        me = view["you"]["seat"]
        pl = view["players"][me]
        loot = pl["loot"]
        final = view["round"] >= view["rounds"]
        if "card:pegleg" in actions:
            return "card:pegleg"
        if not final:
            for cid in ("pressgang", "stowaway"):
                if f"card:{cid}" in actions:
                    return f"card:{cid}"
        treasures = [a for a in actions if a.startswith("card:treasure:")]
        if treasures:
            need = self._needed_colours(view, me)
            best = max(
                treasures,
                key=lambda a: sum((3 - need.index(LOOT_CODES.index(ch))) for ch in a.split(":")[2]),
            )
            return best
        order = ["rum"] if final else []
        if not final:
            if pl["rum"] > pl["crew"]:
                order.append("crew")
            order += ["rum", "crew", "card"] if pl["rum"] <= pl["crew"] else ["card", "rum"]
        for item in order:
            if f"buy:{item}" in actions:
                return f"buy:{item}"
        # A trade that completes the most wanted purchase.
        for item in order:
            cost = self.prices[item]
            for action in actions:
                if not action.startswith("trade:"):
                    continue
                _, give, get = action.split(":")
                after = loot[:]
                for ch in give:
                    after[LOOT_CODES.index(ch)] -= 1
                after[LOOT_CODES.index(get)] += 1
                if all(after[c] >= cost[c] for c in range(4)):
                    return action
        return "done"


def build_computer(engine: Any) -> MutinyComputer:
    return MutinyComputer(engine.data)
