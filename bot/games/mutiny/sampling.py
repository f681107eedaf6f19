"""What a searching computer player works with: a state redealt from what one seat may know
(``determinize``), and how good an unfinished game looks for each seat (``estimate``).

A seat knows everything public (roles, face-up islands, shares, votes, rum, crew, loot, played
cards, how many cards each hand holds, which spaces each Scout looked at), its own cup and hand, the
face-down islands it scouted, and the cup it peeked under as First Mate. Everything else is redealt:
the other cups, the other hands with the rest of the mystery deck, the face-down islands it never
saw, and the future rolls (a fresh RNG). Every pool is sorted before it is shuffled, so the sample
depends on what the seat knows and the seed only, never on how the real state lies.
"""

from __future__ import annotations

import math

from bot.engine import Rng
from bot.games.mutiny.data import GameData
from bot.games.mutiny.rules import roll
from bot.games.mutiny.state import DOWN, Die, HiddenRoll, MutinyState, Role


def _redeal_islands(data: GameData, s: MutinyState, seat: int, rng: Rng) -> None:
    """Face-down islands this seat never looked at get the island cards nobody has shown it."""
    known = set(s.known[seat])
    unseen = [space for space, status in enumerate(s.status) if status == DOWN and space not in known]
    seen = {s.island_ids[space] for space in range(len(s.status)) if space not in unseen}
    cards = sorted(set(range(len(data.islands))) - seen)
    rng.shuffle(cards)
    for space, card in zip(unseen, cards):
        s.island_ids[space] = card
        s.cubes[space] = list(data.islands[card].loot)


def _redeal_cards(s: MutinyState, seat: int, rng: Rng) -> None:
    """The other hands (their sizes are public) and the deck, from the cards this seat has not seen."""
    others = [q for q in range(len(s.hands)) if q != seat]
    pool = sorted(s.deck + [card for q in others for card in s.hands[q]])
    rng.shuffle(pool)
    for q in others:
        size = len(s.hands[q])
        s.hands[q], pool = pool[:size], pool[size:]
    s.deck = pool


def _peeked(s: MutinyState, seat: int) -> int:
    """The cup this seat lifted as First Mate this round (its dice are still in the seat's view), or -1."""
    if s.peek >= 0 and s.roles[seat] is Role.FIRST_MATE and s.dice[s.peek] and not s.battle:
        return s.peek
    return -1


def _reroll(data: GameData, dice: list[Die] | tuple[Die, ...], rng: Rng) -> list[Die]:
    return [roll(data, die.kind, rng) for die in dice]


def _redeal_dice(data: GameData, s: MutinyState, seat: int, rng: Rng) -> None:
    """Cups still closed are rolled anew (how many dice of each kind is public); so are the dice of
    rounds nobody mutinied in, except this seat's own."""
    if not s.battle:
        peeked = _peeked(s, seat)
        for q in range(len(s.dice)):
            if q not in (seat, peeked):
                s.dice[q] = _reroll(data, s.dice[q], rng)
    s.unseen = [
        HiddenRoll(
            hidden.round,
            tuple(tuple(dice) if q == seat else tuple(_reroll(data, dice, rng)) for q, dice in enumerate(hidden.dice)),
        )
        for hidden in s.unseen
    ]


def determinize(data: GameData, s: MutinyState, seat: int, seed: int) -> MutinyState:
    """``s`` (a copy, changed in place) with everything ``seat`` cannot know redealt from ``seed``."""
    rng = Rng.from_seed(seed, "mutiny-determinize")
    _redeal_islands(data, s, seat, rng)
    _redeal_cards(s, seat, rng)
    _redeal_dice(data, s, seat, rng)
    s.rng = rng.next_u64()
    return s


# --------------------------------------------------------------------------- how the game looks

FEATURES = (
    "islands",
    "captain",
    "green",
    "rum_lead",
    "rum",
    "loot",
    "cannon_lead",
    "cannons",
    "cannons_held",
    "peg_leg",
    "d8",
)
LATE = (1.121, 0.222, 0.488, 0.541, -0.186, 0.125, 0.589, 0.636, 0.107, 1.813, 0.410)
"""Weight of each feature in a seat's chance to win when no island is left to conquer ..."""
EARLY = (-0.895, -0.249, 1.289, -0.444, 0.331, 0.115, -0.465, -0.831, 0.577, -0.139, -0.416)
"""... plus this much times the share of the 12 islands still to conquer. Fitted (multinomial logit)
on 30,000 positions of 1,000 games between the normal computer players: islands and the awards
decide late, crew and cannons in hand early."""
LEAD_CAP = 3


def _lead(counts: list[int], seat: int) -> int:
    best_other = max(n for q, n in enumerate(counts) if q != seat)
    return max(-LEAD_CAP, min(LEAD_CAP, counts[seat] - best_other))


def _features(s: MutinyState, seat: int, cannons: list[int]) -> tuple[float, ...]:
    return (
        sum(1 for owner in s.status if owner == seat),
        s.captain == seat,
        s.green[seat],
        _lead(s.rum, seat),
        s.rum[seat],
        sum(s.loot[seat]) + sum(s.mat[seat]),
        _lead(cannons, seat),
        s.played[seat].count("cannon"),
        s.hands[seat].count("cannon"),
        s.played[seat].count("pegleg") + s.hands[seat].count("pegleg"),
        s.roles[seat] is Role.QUARTER_MASTER,
    )


def estimate(data: GameData, s: MutinyState) -> tuple[float, ...]:
    """Each seat's chance to win (a softmax of the fitted weights), on the scale the search scores a
    finished game with: 0.9 for the win, plus up to 0.1 for being close to the leader."""
    left = sum(1 for owner in s.status if owner < 0) / len(s.status)
    weights = [late + early * left for late, early in zip(LATE, EARLY)]
    cannons = [played.count("cannon") + hand.count("cannon") for played, hand in zip(s.played, s.hands)]
    utility = [sum(w * x for w, x in zip(weights, _features(s, q, cannons))) for q in range(len(s.rum))]
    top = max(utility)
    exp = [math.exp(u - top) for u in utility]
    total = sum(exp)
    return tuple(0.9 * e / total + 0.1 * e for e in exp)
