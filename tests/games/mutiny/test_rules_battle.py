"""Scenario tests for phase 6, Resolve Battle. Each docstring quotes the sentence it checks."""

from __future__ import annotations

from bot.games.mutiny import notation
from bot.games.mutiny.rules import side_totals
from bot.games.mutiny.state import BattleRecord, Die, PeaceRecord, Phase, Role, Vote
from tests.games.mutiny.helpers import (
    E,
    act,
    at_vote,
    cast_votes,
    dice,
    give_card,
    public,
    public_texts,
    roles,
    set_dice,
)


def dice_for(s, seat, values) -> list[Die]:
    """Crew dice with these values (+ the d8 for the Quarter Master: last value)."""
    codes = [f"r{v}" for v in values[:2]] + [f"g{v}" for v in values[2 : 2 + s.green[seat]]]
    if seat == s.roles.index(Role.QUARTER_MASTER):
        codes.append(f"q{values[-1]}")
    return dice(*codes)


def record(s) -> BattleRecord:
    assert isinstance(s.record, BattleRecord)
    return s.record


def test_no_battle_when_everyone_defends_and_no_dice_are_shown():
    """ "If all players vote to defend, then there is no battle and players do not need to show their dice roll
    to anyone else. Each player takes their share of the loot. Play proceeds to the buy phase." """
    s = at_vote(21)
    mat = [row[:] for row in s.mat]
    before = [row[:] for row in s.loot]
    space = s.current
    hidden = [list(d) for d in s.dice]
    s, events = cast_votes(s, {q: "defend" for q in range(4)})
    assert s.phase in (Phase.BUY, Phase.ASSIGN)
    for q in range(4):
        assert s.loot[q] == [before[q][c] + mat[q][c] for c in range(4)]
    assert s.status[space] == s.captain, "the Captain conquers the island"
    text = public_texts(events)
    assert "no battle" in text and not any(face in text for face in notation.FACES)
    view = public(s)
    assert view.battle is None and isinstance(view.last, PeaceRecord)
    assert all(pl.dice is None for pl in view.players)
    assert all(pl.vote in (Vote.DEFEND, Vote.NONE) for pl in view.players)
    assert [list(d) for d in s.unseen[-1].dice] == hidden, "kept for the reveal after the game"


def test_one_mutineer_reveals_everyones_dice_and_sides():
    """ "If at least one player votes to mutiny, everyone reveals their dice. Anyone who voted for Mutiny is on the
    Mutineers' side, and anyone who voted for Defend is on the Captain's side." """
    s = at_vote(22)
    c, f, q, sc = roles(s)
    s.deck += [cid for hand in s.hands for cid in hand]
    s.hands = [[], [], [], []]
    s2, events = cast_votes(s, {sc: "mutiny", q: "defend", f: "defend"})
    text = public_texts(events)
    assert "Every cup is lifted" in text
    for q2 in range(4):
        assert notation.dice_text(s.dice[q2]) in text
    last = record(s2)
    assert last.votes[sc] is Vote.MUTINY and last.votes[c] is Vote.DEFEND
    assert [list(d) for d in last.dice] == s.dice


def test_higher_total_wins_mutineers_take_power_island_and_loot_by_cup():
    """ "Add up the values shown on the dice for each side. Whichever side has the higher total wins the battle."
    "Mutineers win: The mutineer who rolled the highest individually is the new Captain. ... They get the Captain
    Role Card and the Island Card. To distribute loot, put it all into a cup, and have the Mutineers take turns
    (starting with the new captain) removing one piece of loot from the cup." """
    s = at_vote(23)
    c, f, q, sc = roles(s)
    set_dice(
        s,
        {
            c: dice_for(s, c, [1, 1]),
            f: dice_for(s, f, [1, 2]),
            q: dice_for(s, q, [6, 5, 8]),
            sc: dice_for(s, sc, [6, 6]),
        },
    )
    pot = [sum(s.mat[x][col] for x in range(4)) for col in range(4)]
    before = [row[:] for row in s.loot]
    space = s.current
    s2, events = cast_votes(s, {sc: "mutiny", q: "mutiny", f: "defend"})
    # q has 6+5+8 = 19 > scout 12: q is the new Captain
    assert s2.captain == q and s2.roles[q] is Role.CAPTAIN and s2.roles[c] is Role.NONE
    assert s2.status[space] == q
    last = record(s2)
    assert last.winner is Vote.MUTINY and (last.mutiny_total, last.defend_total) == (31, 5)
    assert sum(pot) == len(last.draws)
    order = [x for x in ((q + k) % 4 for k in range(4)) if x in (q, sc)]
    assert [seat for seat, _ in last.draws] == [order[i % 2] for i in range(len(last.draws))]
    for seat in (c, f):
        assert s2.loot[seat] == before[seat], "defenders get nothing"
    gained = [sum(s2.loot[x]) - sum(before[x]) for x in range(4)]
    assert gained[q] + gained[sc] == sum(pot)
    assert "new Captain" in public_texts(events)
    assert s2.phase is Phase.BUY and s2.turn == q, "buying starts with the new Captain"


def test_tied_highest_mutineers_roll_off_with_a_d6():
    """ "If multiple players tie for this, they should each roll one d6, with the highest roller becoming Captain." """
    repeated = False
    for seed in range(24, 60):
        s = at_vote(seed)
        c, f, q, sc = roles(s)
        set_dice(
            s,
            {
                c: dice_for(s, c, [1, 1]),
                f: dice_for(s, f, [6, 6]),
                q: dice_for(s, q, [1, 1, 1]),
                sc: dice_for(s, sc, [6, 6]),
            },
        )
        s2, events = cast_votes(s, {sc: "mutiny", q: "defend", f: "mutiny"})
        rolloffs = record(s2).rolloffs
        assert rolloffs, "the two 12s must roll off"
        for roll in rolloffs[:-1]:
            values = [v for _, v in roll]
            assert values.count(max(values)) > 1, "a roll-off is repeated only among those still tied"
        final = dict(rolloffs[-1])
        assert final[s2.captain] == max(final.values()) and list(final.values()).count(max(final.values())) == 1
        assert s2.captain in (f, sc)
        assert "roll-off" in public_texts(events)
        repeated = repeated or len(rolloffs) > 1
    assert repeated, "some seed shows a repeated roll-off"


def test_captains_side_wins_defenders_keep_shares_mutineer_shares_drawn():
    """ "Captain's side wins: If the Captain's side wins, the Captain remains in power and gets the Island Card for
    himself. Each defender gets the loot originally distributed to them. The loot originally distributed to the
    mutineers is then randomly distributed among the defenders using a cup and taking turns removing one piece." """
    s = at_vote(25)
    c, f, q, sc = roles(s)
    set_dice(
        s,
        {
            c: dice_for(s, c, [6, 6]),
            f: dice_for(s, f, [6, 6]),
            q: dice_for(s, q, [6, 6, 8]),
            sc: dice_for(s, sc, [1, 1]),
        },
    )
    mat = [row[:] for row in s.mat]
    before = [row[:] for row in s.loot]
    space = s.current
    s2, events = cast_votes(s, {sc: "mutiny", q: "defend", f: "defend"})
    assert s2.captain == c and s2.status[space] == c
    draws = record(s2).draws
    assert len(draws) == sum(mat[sc])
    order = [x for x in ((c + k) % 4 for k in range(4)) if x != sc]
    assert [seat for seat, _ in draws] == [order[i % 3] for i in range(len(draws))]
    assert s2.loot[sc] == before[sc], "the mutineer loses their share"
    for seat in (c, f, q):
        got = [s2.loot[seat][x] - before[seat][x] for x in range(4)]
        drawn = [sum(1 for who, col in draws if who == seat and col == x) for x in range(4)]
        assert got == [mat[seat][x] + drawn[x] for x in range(4)]
    assert "stays Captain" in public_texts(events)


def test_tie_rerolls_all_dice():
    """ "In the event of a tie, all players re-roll their dice and count again." """
    s = at_vote(26)
    c, f, q, sc = roles(s)
    # Scout 6+6 = 12 vs Captain 1+1, FM 1+1, QM 3+3+2 = 12
    set_dice(
        s,
        {
            c: dice_for(s, c, [1, 1]),
            f: dice_for(s, f, [1, 1]),
            q: dice_for(s, q, [3, 3, 2]),
            sc: dice_for(s, sc, [6, 6]),
        },
    )
    s.deck += [cid for hand in s.hands for cid in hand]
    s.hands = [[], [], [], []]
    s2, events = cast_votes(s, {sc: "mutiny", q: "defend", f: "defend"})
    assert "A tie at **12**" in public_texts(events)
    last = record(s2)
    assert last.mutiny_total != last.defend_total
    assert [list(d) for d in last.dice] != s.dice


def test_card_window_runs_from_the_captain_clockwise_until_everyone_passes():
    """ "Players may play Mystery Cards at this time, which can re-roll dice or make players lose or gain dice.
    After players are done using Mystery Cards and any ties have been re-rolled, the side with the highest total
    number wins." House decision: from the Captain clockwise until every card holder passes in a row."""
    s = at_vote(27)
    c, f, q, sc = roles(s)
    s.deck += [cid for hand in s.hands for cid in hand]
    s.hands = [[], [], [], []]
    holders = [(c + 1) % 4, (c + 3) % 4]
    for h in holders:
        give_card(s, h, "cannon")
    set_dice(
        s,
        {
            c: dice_for(s, c, [6, 6]),
            f: dice_for(s, f, [6, 6]),
            q: dice_for(s, q, [6, 6, 8]),
            sc: dice_for(s, sc, [1, 1]),
        },
    )
    s, events = cast_votes(s, {sc: "mutiny", q: "defend", f: "defend"})
    assert s.phase is Phase.CARDS and E.current_seats(s) == [holders[0]], "the Captain holds no card: skipped"
    battle = public(s).battle
    assert battle is not None and (battle.mutiny_total, battle.defend_total) == (2, 12 + 12 + 20)
    s, _ = act(s, "pass")
    assert E.current_seats(s) == [holders[1]]
    s, events = act(s, "card:cannon")
    assert "fires a **Cannon**" in public_texts(events)
    assert E.current_seats(s) == [holders[0]], "after a card everyone may answer again"
    s, _ = act(s, "pass")
    assert s.phase is Phase.BUY, "the other holder has no cards left; all passed in a row"
    assert record(s).winner is Vote.DEFEND


def test_side_totals_count_each_sides_dice():
    """ "Add up the values shown on the dice for each side." """
    s = at_vote(28)
    c, f, q, sc = roles(s)
    set_dice(s, {c: dice_for(s, c, [2, 3]), f: dice_for(s, f, [4, 4]), q: dice_for(s, q, [1, 1, 8])})
    s.votes = [Vote.DEFEND] * 4
    s.votes[f] = s.votes[q] = Vote.MUTINY
    assert side_totals(s) == (8 + 10, 5 + sum(d.value for d in s.dice[sc]))
