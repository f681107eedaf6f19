"""Scenario tests for phase 6, Resolve Battle. Each docstring quotes the sentence it checks."""

from __future__ import annotations

from tests.games.mutiny.helpers import (
    E,
    act,
    at_vote,
    cast_votes,
    give_card,
    public_texts,
    set_dice,
)


def roles(s):
    return s.captain, s.roles.index("F"), s.roles.index("Q"), s.roles.index("S")


def dice_for(s, seat, values):
    """Crew dice with these values (+ the d8 for the Quarter Master: last value)."""
    qm = s.roles.index("Q")
    crew = [f"r{v}" for v in values[:2]] + [f"g{v}" for v in values[2 : 2 + s.green[seat]]]
    if seat == qm:
        crew.append(f"q{values[-1]}")
    return crew


def test_no_battle_when_everyone_defends_and_no_dice_are_shown():
    """ "If all players vote to defend, then there is no battle and players do not need to show their dice roll
    to anyone else. Each player takes their share of the loot. Play proceeds to the buy phase." """
    s = at_vote(21)
    mat = [row[:] for row in s.mat]
    before = [row[:] for row in s.loot]
    space = s.current
    s, events = cast_votes(s, {q: "defend" for q in range(4)})
    assert s.phase in ("buy", "assign")
    for q in range(4):
        assert s.loot[q] == [before[q][c] + mat[q][c] for c in range(4)]
    assert s.status[space] == s.captain, "the Captain conquers the island"
    text = public_texts(events)
    assert "no battle" in text and "⚄" not in text and "⚀" not in text
    view = E.view(s, None)
    assert view["battle"] is None and view["last"]["kind"] == "peace"
    assert all(pl["dice"] is None for pl in view["players"])
    assert all(pl["vote"] in ("defend", None) for pl in view["players"])


def test_one_mutineer_reveals_everyones_dice_and_sides():
    """ "If at least one player votes to mutiny, everyone reveals their dice. Anyone who voted for Mutiny is on the
    Mutineers' side, and anyone who voted for Defend is on the Captain's side." """
    s = at_vote(22)
    c, f, q, sc = roles(s)
    votes = {sc: "mutiny", q: "defend", f: "defend"}
    s.hands = [[], [], [], []]
    s2, events = cast_votes(s, votes)
    text = public_texts(events)
    assert "Every cup is lifted" in text
    from bot.games.mutiny.texts import fmt_dice

    for seat in range(4):
        assert fmt_dice(s.dice[seat]) in text
    record = E.view(s2, None)["last"]
    assert record["votes"][sc] == "mutiny" and record["votes"][c] == "defend"
    assert record["dice"] == s.dice


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
    assert s2.captain == q and s2.roles[q] == "C" and s2.roles[c] == ""
    assert s2.status[space] == q
    record = s2.record
    assert record["winner"] == "mutiny" and record["totals"] == {"mutiny": 31, "defend": 5}
    draws = record["draws"]
    assert sum(pot) == len(draws)
    order = [x for x in ((q + k) % 4 for k in range(4)) if x in (q, sc)]
    assert [seat for seat, _ in draws] == [order[i % 2] for i in range(len(draws))]
    for seat in (c, f):
        assert s2.loot[seat] == before[seat], "defenders get nothing"
    gained = [sum(s2.loot[x]) - sum(before[x]) for x in range(4)]
    assert gained[q] + gained[sc] == sum(pot)
    assert "new Captain" in public_texts(events)
    assert s2.phase == "buy" and s2.turn == q, "buying starts with the new Captain"


def test_tied_highest_mutineers_roll_off_with_a_d6():
    """ "If multiple players tie for this, they should each roll one d6, with the highest roller becoming Captain." """
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
        rolloffs = s2.record["rolloffs"]
        assert rolloffs, "the two 12s must roll off"
        for roll in rolloffs[:-1]:
            assert len({v for _, v in roll}) < len(roll) or max(v for _, v in roll) == sorted(v for _, v in roll)[-2]
        final = dict((seat, v) for seat, v in rolloffs[-1])
        assert final[s2.captain] == max(final.values()) and list(final.values()).count(max(final.values())) == 1
        assert s2.captain in (f, sc)
        assert "roll-off" in public_texts(events)
        if len(rolloffs) > 1:
            return  # also saw a repeated roll-off
    assert True


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
    draws = s2.record["draws"]
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
    s2, events = cast_votes(s, {sc: "mutiny", q: "defend", f: "defend"})
    assert "A tie at **12**" in public_texts(events)
    totals = s2.record["totals"]
    assert totals["mutiny"] != totals["defend"]
    assert s2.record["dice"] != s.dice


def test_card_window_runs_from_the_captain_clockwise_until_everyone_passes():
    """ "Players may play Mystery Cards at this time, which can re-roll dice or make players lose or gain dice.
    After players are done using Mystery Cards and any ties have been re-rolled, the side with the highest total
    number wins." Issue: the window is sequential from the Captain clockwise until everyone passes in a row."""
    s = at_vote(27)
    c, f, q, sc = roles(s)
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
    assert s.phase == "cards" and E.current_seats(s) == [holders[0]], "the Captain holds no card: skipped"
    view = E.view(s, None)
    assert view["battle"]["totals"] == {"mutiny": 2, "defend": 12 + 12 + 20}
    s, _ = act(s, "pass")
    assert E.current_seats(s) == [holders[1]]
    s, events = act(s, "card:cannon")
    assert "fires a **Cannon**" in public_texts(events)
    assert E.current_seats(s) == [holders[0]], "after a card everyone may answer again"
    s, _ = act(s, "pass")
    assert s.phase == "buy", "the other holder has no cards left; all passed in a row"
    assert s.record["winner"] == "defend"


def test_votes_become_public_at_the_reveal():
    """Issue: votes are hidden "until the reveal rules say so" — here, when the Scout's final decision ends voting."""
    s = at_vote(28)
    _c, f, q, sc = roles(s)
    s.hands = [[], [], [], []]
    s.deck = list(E.data.deck)
    s2, _ = cast_votes(s, {sc: "mutiny", q: "defend", f: "mutiny"})
    view = E.view(s2, None)
    assert [pl["vote"] for pl in view["players"]] == ["mutiny" if x in (sc, f) else "defend" for x in range(4)]
