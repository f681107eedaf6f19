"""Every mystery card, with its house effect and timing (docs/games/mutiny.md, "Mystery cards").

Rule text: "Players may play Mystery Cards at this time, which can re-roll dice or make players lose or gain dice."
"These can provide the player with additional loot, bonus victory points, or special abilities to turn the tide in
battle." House rule: Cannon, Drunken Madness, Quick Reload and The Perfect Storm are played in the battle window;
Buried Treasure and the Peg-Leg on your buying turn; Stow-away and Press-gang at either time.
"""

from __future__ import annotations

import pytest

from bot.engine import RuleError
from bot.games.mutiny.rules import side_totals
from bot.games.mutiny.state import BattleRecord, DieKind, Phase, Role, Vote
from tests.games.mutiny.helpers import (
    DATA,
    E,
    act,
    at_vote,
    cast_votes,
    dice,
    give_card,
    public,
    public_texts,
    set_dice,
)


def battle_with(seed, holder_offset, cards, scout_dice=(1, 1)):
    """A battle where the Scout mutinies alone and the seat Captain+offset holds ``cards``."""
    s = at_vote(seed)
    s.deck += [cid for hand in s.hands for cid in hand]
    s.hands = [[], [], [], []]
    c = s.captain
    holder = (c + holder_offset) % 4
    for cid in cards:
        give_card(s, holder, cid)
    qm = s.roles.index(Role.QUARTER_MASTER)
    rolled = {q: dice("r3", "r3", *(["q4"] if q == qm else [])) for q in range(4)}
    sc = s.roles.index(Role.SCOUT)
    rolled[sc] = dice(*(f"r{v}" for v in scout_dice), *(["q4"] if sc == qm else []))
    set_dice(s, rolled)
    order = [sc, qm, s.roles.index(Role.FIRST_MATE)]
    s, _events = cast_votes(s, {order[0]: "mutiny", order[1]: "defend", order[2]: "defend"})
    assert s.phase is Phase.CARDS and E.current_seats(s) == [holder]
    return s, holder


def actions(s, seat):
    return [ch.action for ch in E.legal_actions(s, seat)]


def test_cannon_adds_a_d6_for_your_side_and_counts_for_fierceness():
    """Cannon x13: "in battle: roll an extra d6 for your side; counts for Fierceness"."""
    s, holder = battle_with(41, 1, ["cannon", "cannon"])
    before = side_totals(s)
    s2, events = act(s, "card:cannon")
    assert s2.phase is Phase.CARDS and E.current_seats(s2) == [holder], "the holder may answer again"
    die = s2.dice[holder][-1]
    assert die.kind is DieKind.CANNON and 1 <= die.value <= 6
    side = 0 if s.votes[holder] is Vote.MUTINY else 1
    assert side_totals(s2)[side] == before[side] + die.value
    battle = public(s2).battle
    assert battle is not None and battle.dice[holder][-1] == die
    assert s2.played[holder] == ["cannon"] and "fires a **Cannon**" in public_texts(events)
    assert public(s2).players[holder].cannons == 1


def test_drunken_madness_removes_a_players_highest_die_for_this_battle():
    """Drunken Madness x3: "a chosen player loses their highest die this battle"."""
    s, holder = battle_with(42, 2, ["madness"], scout_dice=(6, 2))
    sc = s.roles.index(Role.SCOUT)
    assert f"card:madness:{holder}" not in actions(s, holder), "another player"
    with pytest.raises(RuleError):
        E.apply(s, holder, f"card:madness:{holder}")
    s2, events = act(s, f"card:madness:{sc}")
    lost = s2.record.lost[sc] if isinstance(s2.record, BattleRecord) else tuple(s2.lost[sc])
    assert list(lost) == dice("r6")
    assert "loses ⚅" in public_texts(events)
    # the die is only lost for this battle: next round the Scout rolls 2 crew dice again
    assert s2.green[sc] == 0


def test_quick_reload_rerolls_chosen_own_dice():
    """Quick Reload x2: "re-roll any of your own dice"."""
    s, holder = battle_with(43, 0, ["reload"])
    s.dice[holder] = dice("r1", "r5") + s.dice[holder][2:]
    opts = [a for a in actions(s, holder) if a.startswith("card:reload:")]
    assert "card:reload:1" in opts and "card:reload:1,2" + (",3" if len(s.dice[holder]) == 3 else "") in opts
    form = E.forms(s, holder)[0]
    assert form.key == "reload"
    assert E.form_action(s, holder, "reload", {"dice": "2 1"}) == "card:reload:1,2"
    with pytest.raises(RuleError, match="Pick dice by position"):
        E.form_action(s, holder, "reload", {"dice": "9"})
    s2, events = act(s, "card:reload:1")
    assert "Quick Reload" in public_texts(events)
    assert s2.played[holder] == ["reload"]


def test_the_perfect_storm_rerolls_every_die():
    """The Perfect Storm x1: "every player re-rolls all dice"."""
    s, _holder = battle_with(44, 3, ["storm", "cannon"])
    counts = [len(d) for d in s.dice]
    s2, events = act(s, "card:storm")
    assert s2.phase is Phase.CARDS
    assert [len(d) for d in s2.dice] == counts
    assert s2.dice != s.dice
    assert "Perfect Storm" in public_texts(events)


def test_stowaway_and_pressgang_in_battle_add_rolled_green_dice():
    """Stow-away x2: "gain a green crew die, no rum needed"; Press-gang x1: "gain two green crew dice"."""
    s, holder = battle_with(45, 1, ["stowaway", "pressgang"])
    s2, _ = act(s, "card:pressgang")
    assert s2.green[holder] == 2 and s2.green_supply == 8
    rolled = s2.record.dice[holder] if isinstance(s2.record, BattleRecord) else s2.dice[holder]
    assert sum(1 for d in rolled if d.kind is DieKind.GREEN) == 2


def test_buy_turn_cards_are_not_offered_in_battle_and_battle_cards_not_when_buying():
    """House timing: Buried Treasure and the Peg-Leg on your buying turn; Cannon, Drunken Madness, Quick Reload and
    The Perfect Storm only in the battle window."""
    s, holder = battle_with(46, 1, ["treasure", "pegleg", "cannon"])
    battle_actions = actions(s, holder)
    assert "card:pegleg" not in battle_actions and not any(a.startswith("card:treasure") for a in battle_actions)
    assert "card:cannon" in battle_actions and "pass" in battle_actions
    with pytest.raises(RuleError):
        E.apply(s, holder, "card:treasure:GGG")
    while s.phase is Phase.CARDS:
        s, _ = act(s, "pass")
    while E.current_seats(s) != [holder]:
        s, _ = act(s, "done")
    buy_actions = actions(s, holder)
    assert "card:cannon" not in buy_actions and "card:pegleg" in buy_actions
    assert any(a.startswith("card:treasure:") for a in buy_actions)
    with pytest.raises(RuleError, match="cannot be played on your buying turn"):
        E.apply(s, holder, "card:cannon")


def test_buried_treasure_takes_three_loot_of_your_choice_from_the_bank():
    """Buried Treasure x3: "take 3 loot of your choice from the bank"."""
    s, holder = battle_with(47, 2, ["treasure"])
    while s.phase is Phase.CARDS:
        s, _ = act(s, "pass")
    while E.current_seats(s) != [holder]:
        s, _ = act(s, "done")
    combos = [a for a in actions(s, holder) if a.startswith("card:treasure:")]
    assert len(combos) <= 20 and "card:treasure:SOG" in combos
    loot, bank = s.loot[holder][:], s.bank[:]
    s2, events = act(s, "card:treasure:SOG")
    assert s2.loot[holder] == [loot[0] + 1, loot[1] + 1, loot[2] + 1, loot[3]]
    assert s2.bank == [bank[0] - 1, bank[1] - 1, bank[2] - 1, bank[3]]
    assert "Buried Treasure" in public_texts(events)


def test_peg_leg_is_played_face_up_for_two_infamy():
    """Exceptionally Fine Peg-Leg x1: "2 Infamy at game end" — kept face up once played."""
    s, holder = battle_with(48, 3, ["pegleg"])
    while s.phase is Phase.CARDS:
        s, _ = act(s, "pass")
    while E.current_seats(s) != [holder]:
        s, _ = act(s, "done")
    s2, _events = act(s, "card:pegleg")
    assert s2.played[holder] == ["pegleg"]
    assert public(s2).players[holder].played == ("pegleg",)
    assert public(s2).players[holder].infamy >= DATA.cards["pegleg"].amount


def test_green_dice_cards_need_dice_in_the_supply():
    """ "10 Green Crew Dice": a Stow-away cannot conjure an 11th."""
    s, holder = battle_with(49, 1, ["stowaway"])
    other = (holder + 1) % 4
    s.green[other] = 10
    s.green_supply = 0
    assert "card:stowaway" not in actions(s, holder)
    with pytest.raises(RuleError):
        E.apply(s, holder, "card:stowaway")
