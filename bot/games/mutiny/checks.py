"""What the test-suite checks after every action (conservation and limits the rule text states), and
the state with its secrets re-randomised (to prove the public view does not depend on them)."""

from __future__ import annotations

from bot.engine import Rng
from bot.games.mutiny.data import LOOT_NAMES, GameData
from bot.games.mutiny.rules import crew, roll
from bot.games.mutiny.state import DOWN, DieKind, HiddenRoll, MutinyState, Phase, Role


def _check_supplies(data: GameData, s: MutinyState) -> None:
    for c in range(4):
        total = s.bank[c] + sum(row[c] for row in s.cubes) + sum(row[c] for row in s.mat)
        total += sum(row[c] for row in s.loot)
        assert total == data.cubes[c], f"{LOOT_NAMES[c]}: {total} cubes in play, expected {data.cubes[c]}"
    for counts in (s.bank, *s.cubes, *s.mat, *s.loot, s.rum, s.green):
        assert all(x >= 0 for x in counts), f"negative count in {counts}"
    assert s.rum_supply >= 0 and s.green_supply >= 0
    assert s.rum_supply + sum(s.rum) == data.rum_total, "rum is not conserved"
    assert s.green_supply + sum(s.green) == data.green_dice, "green dice are not conserved"
    held = s.deck + [c for hand in s.hands for c in hand] + [c for played in s.played for c in played]
    assert len(held) == len(data.deck), "mystery cards are not conserved"
    for cid, card in data.cards.items():
        assert held.count(cid) == card.count, f"{cid}: {held.count(cid)} cards, expected {card.count}"


def _check_islands(data: GameData, s: MutinyState) -> None:
    for space, status in enumerate(s.status):
        printed = list(data.islands[s.island_ids[space]].loot)
        if status == DOWN:
            assert s.cubes[space] == printed, "a face-down island lost cubes"
        elif status >= 0:
            assert s.cubes[space] == [0, 0, 0, 0], "a conquered island still holds cubes"
    assert sorted(s.island_ids) == list(range(len(data.islands)))
    conquered = sum(1 for status in s.status if status >= 0)
    if s.phase is Phase.OVER:
        assert conquered == len(s.status), "the game ended before the last island"
        assert s.round == len(s.status)
    else:
        assert s.round <= len(s.status)
        assert conquered == s.round - 1 or (conquered == s.round and s.phase is Phase.BUY)


def _check_roles_and_dice(data: GameData, s: MutinyState) -> None:
    assert s.roles.count(Role.CAPTAIN) == 1 and s.roles[s.captain] is Role.CAPTAIN
    deposed = s.phase is Phase.BUY and s.roles.count(Role.NONE) == 1  # after a mutiny, until the next round
    if s.phase not in (Phase.ASSIGN, Phase.OVER) and not deposed:
        assert sorted(s.roles) == sorted(Role)[1:], s.roles
    if s.phase in (Phase.PEEK, Phase.VOTE, Phase.CARDS):
        for q in range(4):
            rolled = sum(1 for die in s.dice[q] + s.lost[q] if die.crew)
            assert rolled == crew(data, s, q), f"seat {q} rolls {rolled} crew dice but has {crew(data, s, q)}"
            for die in s.dice[q]:
                assert 1 <= die.value <= (data.qm_sides if die.kind is DieKind.D8 else data.crew_sides)
    else:
        assert not any(s.dice), "dice stay in the cups only from the rally to the end of the battle"


def check(data: GameData, s: MutinyState) -> None:
    _check_supplies(data, s)
    _check_islands(data, s)
    _check_roles_and_dice(data, s)


def shuffle_hidden(data: GameData, s: MutinyState, rng: Rng) -> MutinyState:
    """``s`` (a copy) with everything no public observer can know re-randomised."""
    down = [space for space, status in enumerate(s.status) if status == DOWN]
    ids = [s.island_ids[space] for space in down]
    rng.shuffle(ids)
    for space, card in zip(down, ids):
        s.island_ids[space] = card
        s.cubes[space] = list(data.islands[card].loot)
    pool = s.deck + [c for hand in s.hands for c in hand]
    rng.shuffle(pool)
    sizes = [len(hand) for hand in s.hands]
    s.hands = []
    for n in sizes:
        s.hands.append(pool[:n])
        pool = pool[n:]
    s.deck = pool
    if not s.battle:
        s.dice = [[roll(data, die.kind, rng) for die in dice] for dice in s.dice]
    s.unseen = [
        HiddenRoll(hidden.round, tuple(tuple(roll(data, die.kind, rng) for die in dice) for dice in hidden.dice))
        for hidden in s.unseen
    ]
    s.rng = rng.next_u64()
    return s
