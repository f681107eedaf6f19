"""Scenario tests for set-up and phases 1-5 of a round. Each docstring quotes the sentence it checks."""

from __future__ import annotations

import itertools

import pytest

from bot.engine import RuleError
from bot.games.mutiny import division, notation
from bot.games.mutiny.state import DOWN, UP, Phase, Role, Vote
from bot.games.mutiny.views import IslandState, PeekView, Supply
from tests.games.mutiny.helpers import (
    DATA,
    E,
    act,
    advance,
    at_vote,
    fresh,
    plain_action,
    private_texts,
    public,
    public_texts,
    roles,
    seat,
    vote_order,
)


def test_setup_gives_two_red_dice_and_two_rum():
    """ "Each player gets 1 Player Mat and 1 Dice Cup. They also get 2 Red Crew Member dice and 2 Rum Pieces to start." """
    s = fresh(3)
    view = public(s)
    for pl in view.players:
        assert (pl.red, pl.green, pl.rum, pl.loot, pl.cards) == (2, 0, 2, (0, 0, 0, 0), 0)
    assert view.supply == Supply(rum=33 - 8, green=10, deck=26, bank=tuple(s.bank))


def test_setup_islands_face_down_and_cubes_in_the_corners():
    """ "The white Island Cards are put face-down on the spaces marked for Islands on the map.
    The Loot cubes are placed in the four corners of the map." (100 cubes, 25 per colour)"""
    s = fresh(4)
    assert s.status == [DOWN] * 12
    islands = public(s).islands
    assert all(i.state is IslandState.DOWN and i.name is None and i.printed is None for i in islands)
    for colour in range(4):
        assert s.bank[colour] + sum(row[colour] for row in s.cubes) == 25


@pytest.mark.parametrize("seed", range(40))
def test_highest_roller_is_the_first_captain_and_ties_reroll(seed):
    """ "all players roll their dice in their cups and reveal them. The player who rolls the highest is the
    first Captain." (house rule: ties re-roll among the tied players)"""
    s = fresh(seed)
    rows = s.first_rolls
    last = rows[-1]
    assert last[s.captain] == max(last) and last.count(max(last)) == 1
    for before, after in itertools.pairwise(rows):
        tied = [q for q in range(4) if before[q] and before[q] == max(before)]
        assert len(tied) > 1 and [q for q in range(4) if after[q]] == tied
    assert s.roles[s.captain] is Role.CAPTAIN and s.phase is Phase.ASSIGN
    assert E.current_seats(s) == [s.captain]


def test_captain_assigns_the_three_roles_but_never_the_captain_role():
    """ "the Captain assigns the roles of First Mate, Quarter Master, and Scout by handing players the
    corresponding Role Card. The Captain role cannot be assigned to another player." """
    s = fresh(5)
    c = s.captain
    choices = E.legal_actions(s, c)
    assert len(choices) == 6  # every way to hand out the three roles to the three others
    for choice in choices:
        seats = [int(x) for x in choice.action.split(":")[1].split(",")]
        assert sorted(seats) == sorted((c + k) % 4 for k in (1, 2, 3))
        assert choice.public
    with pytest.raises(RuleError, match="Captain role cannot be assigned"):
        E.apply(s, c, f"assign:{c},{(c + 1) % 4},{(c + 2) % 4}")
    for other in range(4):
        if other != c:
            assert E.legal_actions(s, other) == []
    f, q, sc = (c + 1) % 4, (c + 2) % 4, (c + 3) % 4
    s2, events = act(s, f"assign:{f},{q},{sc}")
    assert (s2.roles[f], s2.roles[q], s2.roles[sc], s2.roles[c]) == (
        Role.FIRST_MATE,
        Role.QUARTER_MASTER,
        Role.SCOUT,
        Role.CAPTAIN,
    )
    assert "names ⚓ First Mate {p%d}" % f in public_texts(events)


def test_scout_privately_looks_at_two_face_down_islands():
    """ "The Scout looks at 2 of the face-down Islands, and decides which one the pirate fleet will conquer." """
    s = fresh(6)
    c = s.captain
    sc = (c + 3) % 4
    s, events = act(s, f"assign:{(c + 1) % 4},{(c + 2) % 4},{sc}")
    assert s.phase is Phase.PICK and E.current_seats(s) == [sc]
    assert len(s.look) == 2 and all(s.status[x] == DOWN for x in s.look)
    # the public only learns which spaces; the Scout privately learns what is on them
    names = [DATA.islands[s.island_ids[x]].name for x in s.look]
    assert all(n not in public_texts(events) for n in names)
    assert all(n in private_texts(events, sc) for n in names)
    view = public(s)
    assert view.looking == tuple(x + 1 for x in s.look)
    assert all(i.name is None for i in view.islands if i.looking)
    assert [i.name for i in seat(s, sc).looking] == names
    choices = E.legal_actions(s, sc)
    assert [ch.action for ch in choices] == [f"pick:{x + 1}" for x in s.look]
    assert not any(ch.public for ch in choices), "the Scout's island choices show secret loot"
    assert all(n in E.private_text(seat(s, sc)) for n in names)
    assert all(n not in E.status_text(view) for n in names)


def test_chosen_island_turns_face_up_and_scout_takes_one_loot():
    """ "The chosen Island is turned face-up on the table, and all of the loot shown is placed onto the Island.
    The Scout then takes 1 piece of loot from the Island and puts it onto his ship." """
    s = advance(fresh(7), Phase.PICK)
    sc = s.roles.index(Role.SCOUT)
    space = s.look[1]
    printed = DATA.islands[s.island_ids[space]].loot
    transition = E.apply(s, sc, f"pick:{space + 1}")
    s = transition.state
    assert transition.reveals, "turning an island face up shows what was hidden"
    assert s.status[space] == UP and tuple(s.cubes[space]) == printed
    assert DATA.islands[s.island_ids[space]].name in public_texts(transition.events)
    assert public(s).islands[space].loot == printed
    colour = next(c for c in range(4) if printed[c])
    transition = E.apply(s, sc, f"take:{'SOGP'[colour]}")
    s = transition.state
    assert not transition.reveals, "taking a cube everyone sees reveals nothing"
    assert s.loot[sc][colour] == 1 and s.cubes[space][colour] == printed[colour] - 1
    assert s.phase is Phase.DIVIDE and E.current_seats(s) == [s.captain]


def test_scout_may_look_again_at_an_island_seen_before():
    """House rule for "The Scout looks at 2 of the face-down Islands": a Scout who saw a face-down island
    in an earlier round may choose to look at it again (or name any two)."""
    s = advance(fresh(8), Phase.PICK)
    sc = s.roles.index(Role.SCOUT)
    unseen = s.look[0]
    s, _ = act(s, f"pick:{s.look[1] + 1}")
    s = advance(s, Phase.ASSIGN, 2)
    c = s.captain
    if sc == c:
        pytest.skip("the old Scout became Captain")
    rest = [o for o in ((c + k) % 4 for k in (1, 2, 3)) if o != sc]
    s, _ = act(s, f"assign:{rest[0]},{rest[1]},{sc}")
    assert s.phase is Phase.LOOK
    assert [ch.action for ch in E.legal_actions(s, sc)] == ["look:random", f"look:{unseen + 1}"]
    assert seat(s, sc).known[0].space == unseen + 1
    s2, _ = act(s, f"look:{unseen + 1}")
    assert unseen in s2.look and s2.phase is Phase.PICK
    other = next(i for i in range(12) if s.status[i] == DOWN and i != unseen)
    assert E.form_action(s, sc, "look", {"spaces": f"{unseen + 1} {other + 1}"}) == f"look:{unseen + 1},{other + 1}"
    conquered = next(i for i in range(12) if s.status[i] != DOWN)
    with pytest.raises(RuleError, match="not face down"):
        E.form_action(s, sc, "look", {"spaces": f"{conquered + 1} {unseen + 1}"})
    with pytest.raises(RuleError, match="two different"):
        E.form_action(s, sc, "look", {"spaces": f"{unseen + 1} {unseen + 1}"})


def test_last_island_is_turned_up_without_a_choice():
    """ "The game ends after the buying phase after the last Island has been conquered." With one face-down
    island left the Scout cannot look at 2: the Scout takes the last one (house rule)."""
    s = advance(fresh(9), Phase.ASSIGN, 12)
    c = s.captain
    s, events = act(s, f"assign:{(c + 1) % 4},{(c + 2) % 4},{(c + 3) % 4}")
    assert s.phase is Phase.TAKE and s.status.count(DOWN) == 0 and s.status.count(UP) == 1
    assert "Only one island is left" in public_texts(events)


def test_round_eleven_scout_sees_the_last_two():
    """ "The Scout looks at 2 of the face-down Islands" — in round 11 exactly 2 remain."""
    s = advance(fresh(10), Phase.PICK, 11)
    assert sorted(s.look) == sorted(i for i in range(12) if s.status[i] == DOWN)


def test_captain_divides_any_way_including_keeping_it_all():
    """ "There are no rules regarding how the captain divides up the loot. They could divide the loot fairly,
    or take it all for themselves, or give it all to one player to curry their favor." """
    s = advance(fresh(11), Phase.DIVIDE)
    c = s.captain
    loot = s.cubes[s.current][:]
    choices = E.legal_actions(s, c)
    labels = [ch.label for ch in choices]
    assert labels[0].startswith("✅ Confirm the fair split") and any("Keep it all" in label for label in labels)
    keep = next(ch.action for ch in choices if "Keep it all" in ch.label)
    s2, _events = act(s, keep)
    assert s2.mat[c] == loot and sum(map(sum, s2.mat)) == sum(loot)
    other = (c + 2) % 4  # give it all to one player, through the form
    values = {f"p{q}": "" for q in range(4)}
    values[f"p{other}"] = " ".join(str(n) for n in loot)
    s3, _ = act(s, E.form_action(s, c, "divide", values))
    assert s3.mat[other] == loot


def test_fair_split_is_prefilled_and_confirms_in_one_click():
    """House decision 6: the custom split is "pre-filled with the fair split", which is also one click."""
    s = advance(fresh(12), Phase.DIVIDE)
    c = s.captain
    fair = division.fair_split(s)
    form = E.forms(s, c)[0]
    assert len(form.fields) == 4 and all(len(f.label) <= 45 for f in form.fields)
    assert [f.default for f in form.fields] == [" ".join(map(str, row)) for row in fair]
    first = E.legal_actions(s, c)[0]
    assert first.action == division.split_action(fair)
    assert E.form_action(s, c, "divide", {f.key: f.default for f in form.fields}) == first.action
    counts = [sum(row) for row in fair]
    counts[s.roles.index(Role.SCOUT)] += 1  # the Scout's own cube counts
    assert max(counts) - min(counts) <= 1
    assert seat(s, c).fair_split == tuple(tuple(row) for row in fair)


def test_divide_form_says_what_does_not_add_up():
    """House decision 6: "any split is accepted as long as every cube on the island is given to someone"."""
    s = advance(fresh(13), Phase.DIVIDE)
    c = s.captain
    loot = s.cubes[s.current]
    colour = next(x for x in range(4) if loot[x])
    values = {f"p{q}": "0 0 0 0" for q in range(4)}
    with pytest.raises(RuleError) as info:
        E.form_action(s, c, "divide", values)
    assert "still to give out" in str(info.value)
    too_many = loot[:]
    too_many[colour] += 1
    values[f"p{c}"] = " ".join(map(str, too_many))
    with pytest.raises(RuleError, match="too many"):
        E.form_action(s, c, "divide", values)
    values[f"p{c}"] = "lots of gold"
    with pytest.raises(RuleError, match="unclear"):
        E.form_action(s, c, "divide", values)
    values[f"p{c}"] = " ".join(f"{n}{'SOGP'[x]}" for x, n in enumerate(loot) if n)  # letters work too
    assert E.form_action(s, c, "divide", values) == division.split_action(
        [loot if q == c else [0] * 4 for q in range(4)]
    )
    with pytest.raises(RuleError):
        E.apply(s, c, "divide:9999.0000.0000.0000")


def test_rally_rolls_every_cup_and_only_the_owner_sees_it():
    """ "All players put their Crew Member dice (for the Quarter Master this includes their d8) in their cup.
    ... Keep the cup over the dice so no one else but you can see your dice roll." """
    s = advance(fresh(14), Phase.DIVIDE)
    s, events = act(s, E.legal_actions(s, s.captain)[0].action)
    assert s.phase is Phase.PEEK
    qm = s.roles.index(Role.QUARTER_MASTER)
    for q in range(4):
        kinds = sorted(d.kind for d in s.dice[q])
        assert kinds == (["q", "r", "r"] if q == qm else ["r", "r"])
        assert "Under your cup" in private_texts(events, q)
        assert seat(s, q).dice == tuple(s.dice[q])
        assert "Under your cup" in E.private_text(seat(s, q))
    assert "Under" not in public_texts(events)
    assert all(pl.dice is None and pl.cup == len(s.dice[pl.seat]) for pl in public(s).players)


def test_first_mate_may_peek_at_one_other_players_roll():
    """ "The First Mate may peek at one other player's dice roll at this time." """
    s = advance(fresh(15), Phase.PEEK)
    fm = s.roles.index(Role.FIRST_MATE)
    actions = [ch.action for ch in E.legal_actions(s, fm)]
    assert f"peek:{fm}" not in actions and "peek:none" in actions and len(actions) == 4
    target = s.captain
    transition = E.apply(s, fm, f"peek:{target}")
    s2, events = transition.state, transition.events
    assert transition.reveals
    assert "peeks under {p%d}'s cup" % target in public_texts(events)
    assert notation.dice_text(s.dice[target]) in private_texts(events, fm)
    assert notation.dice_text(s.dice[target]) not in public_texts(events)
    assert seat(s2, fm).peek == PeekView(target, tuple(s.dice[target]))
    assert seat(s2, target).peek is None
    assert public(s2).players[target].peeked
    transition = E.apply(s, fm, "peek:none")
    assert transition.state.phase is Phase.VOTE and "does not peek" in public_texts(transition.events)
    assert not transition.reveals, "not peeking shows nothing"


def test_votes_in_role_order_then_the_scout_may_change():
    """ "Decisions are made in order by role: first Scout, then Quarter Master, then First Mate,
    and then the Scout may change their vote. The Captain always votes to defend himself." """
    s = at_vote(16)
    scout, qm, fm = vote_order(s)
    seen = []
    for vote in ("mutiny", "defend", "mutiny"):
        seen.append(E.current_seats(s)[0])
        s, _ = act(s, f"vote:{vote}")
    assert seen == [scout, qm, fm]
    assert E.current_seats(s) == [scout] and s.vote_step == 3
    assert s.captain not in seen
    assert [ch.label for ch in E.legal_actions(s, scout)] == ["Stay: Yarr! Mutiny", "Change to Defend"]
    s, _ = act(s, "vote:defend")
    assert s.votes[scout] is Vote.DEFEND and s.votes[s.captain] is Vote.DEFEND
    assert s.votes[qm] is Vote.DEFEND and s.votes[fm] is Vote.MUTINY


def test_every_round_walks_the_seven_phases_in_order():
    """ "In each round, there are a number of phases that progress in this order: Assign Roles, Pick an Island,
    Divide Loot, Rally Crew, Decide Mutiny or Defend, Resolve Battle, Buying" """
    s = fresh(19)
    steps: list[int] = []
    while s.round == 1:
        step = notation.PHASE_STEP[public(s).phase][0]
        if not steps or steps[-1] != step:
            steps.append(step)
        q = E.current_seats(s)[0]
        s = E.apply(s, q, plain_action(s, q)).state
    assert steps == sorted(steps) and steps[0] == 1 and set(steps) >= {1, 2, 3, 4, 5}
    assert s.phase is Phase.ASSIGN and s.round == 2


def test_vote_buttons_are_yarr_mutiny_and_defend():
    """ "Whenever you decide to Mutiny, you must give a hearty 'Yarr!'": the buttons are "Yarr! Mutiny" and
    "Defend", public, since every decision is made aloud."""
    s = at_vote(20)
    choices = E.legal_actions(s, E.current_seats(s)[0])
    assert [(c.action, c.label, c.public) for c in choices] == [
        ("vote:mutiny", "Yarr! Mutiny", True),
        ("vote:defend", "Defend", True),
    ]


def test_public_view_names_the_roles_and_the_voting_order():
    """ "Decisions are made in order by role: first Scout, then Quarter Master, then First Mate" """
    s = at_vote(21)
    c, f, q, sc = roles(s)
    view = public(s)
    assert view.seat_of(Role.CAPTAIN) == c and view.seat_of(Role.FIRST_MATE) == f
    assert view.seat_of(Role.QUARTER_MASTER) == q and view.seat_of(Role.SCOUT) == sc
    assert view.vote_order == (sc, q, f)
