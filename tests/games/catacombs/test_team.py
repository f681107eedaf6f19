"""Solo and co-op: perishing ends the game, relics left at the Exit, shared passages, trades,
shared encounters, the changed monster movement, results with a score."""

from __future__ import annotations

from bot.engine import Relation
from bot.games.catacombs.state import Task
from tests.games.catacombs.helpers import Scene, actions, at, cell, engine, run, settle, texts


def solo() -> Scene:
    sc = Scene(1)
    sc.character(0, "miner")
    return sc


def coop(players: int = 2) -> Scene:
    sc = Scene(players, mode="cooperative")
    for seat, key in zip(range(players), ("miner", "traveler", "athlete")):
        sc.character(seat, key)
    return sc


def perished_with_a_relic_out(sc: Scene):
    """Seat 0 with no health left, a Relic already at the Exit, loses a beast encounter."""
    sc.pawn(0, "B10")
    sc.lay("B10", "X")
    sc.s.exit_relics = [sc.take("sun_disc")]
    sc.s.seats[0].health = sc.s.seats[0].bullets = 0
    s = sc.at_action(0)
    s.tasks[-1].kind = "beast"
    return run(s, (0, "beast:health"))[0]


def test_solo_perishing_ends_the_game_with_the_relics_at_the_exit_as_score():
    """Solo: "If you perish the game is over and you do not get to continue as another character."
    "try to collect as many as you can before perishing" """
    s = perished_with_a_relic_out(solo())
    assert engine().is_terminal(s) and s.over == "perished"
    result = engine().results(s)
    assert result.relation is Relation.SOLO and result.team_score == 1 and not result.team_won
    assert result.variant == "solo · 3 relics"


def test_a_solo_search_values_the_relics_out_whether_the_explorer_perished_or_left():
    """Solo has no loss: "If you perish the game is over" and "try to collect as many as you can
    before perishing". A search scores a finished solo expedition by the Relics out of all there
    are, so leaving with one Relic is worth no more than perishing after bringing it out, and a
    second Relic out is worth a third more (the house's "won" for leaving alive made the search
    leave with the first)."""
    s = perished_with_a_relic_out(solo())
    left = solo()
    left.pawn(0, "C12")
    left.s.exit_relics = [left.take("sun_disc")]
    s2, _ = run(left.at_action(0), (0, "escape"))
    assert (s.over, s2.over) == ("perished", "expedition")
    assert engine().final_value(s) == engine().final_value(s2) == (1 / 3,)
    more = solo()
    more.pawn(0, "C12")
    more.s.exit_relics = [more.take("sun_disc"), more.take("moon_mask")]
    s3, _ = run(more.at_action(0), (0, "escape"))
    assert engine().final_value(s3) == (2 / 3,)


def test_relics_are_left_at_the_exit_on_arrival():
    """ "You can carry Relics to the Exit space and then leave them there before returning to
    collect more Relics. Leaving Relics at the Exit does not take an Action and you may do that as
    soon as you land on the Exit space." """
    sc = solo()
    sc.pawn(0, "D12")
    sc.lay("D12", "I", 1)
    relics = sc.equip(0, "sun_disc", "moon_mask")
    s = sc.at_action(0)
    s, events = run(s, (0, "go:exit"))
    assert s.exit_relics == relics and not engine().is_terminal(s)
    assert "leaves 2 Relic(s) at the Exit" in texts(events)


def test_all_relics_at_the_exit_win_and_the_expedition_may_end_there():
    sc = solo()
    sc.pawn(0, "D12")
    sc.lay("D12", "I", 1)
    sc.s.relic_count = 2
    sc.equip(0, "sun_disc", "moon_mask")
    s = sc.at_action(0)
    s, _ = run(s, (0, "go:exit"))
    assert s.over == "delivered"
    result = engine().results(s)
    assert result.team_won and result.team_score == 2
    sc2 = solo()
    sc2.pawn(0, "C12")
    sc2.s.exit_relics = [sc2.take("sun_disc")]
    s2 = sc2.at_action(0)
    assert "escape" in actions(s2, 0)
    s2, _ = run(s2, (0, "escape"))
    assert s2.over == "expedition" and engine().results(s2).team_won


def test_co_op_any_perishing_loses():
    """Co-op: "If any player perishes the game is over ... You lose if any player perishes." """
    sc = coop()
    sc.pawn(0, "B10")
    sc.lay("B10", "X")
    sc.pawn(1, "K10")
    sc.lay("K10", "X")
    sc.s.seats[0].health = sc.s.seats[0].bullets = 0
    s = sc.at_action(0)
    s.tasks[-1].kind = "beast"
    s, _ = run(s, (0, "beast:health"))
    result = engine().results(s)
    assert result.relation is Relation.COOPERATIVE and not result.team_won and result.winners == ()
    assert result.variant == "co-op · 3 relics"


def test_a_co_op_search_still_counts_a_perishing_as_the_loss_it_is():
    """Co-op: "You lose if any player perishes": a search scores the loss by the default (a win most,
    the score a little), unlike solo."""
    from bot.engine.results import result_returns

    s = perished_with_a_relic_out(coop())
    assert engine().is_terminal(s)
    assert engine().final_value(s) == result_returns(engine().results(s)) == (0.05, 0.05)


def test_co_op_one_tile_on_a_teammates_passage():
    """ "a player may place any number of Passage Tiles on their own character's Passage or play 1
    Passage Tile on another player's character's Passage." """
    sc = coop()
    sc.pawn(0, "B10")
    sc.lay("B10", "X")
    sc.pawn(1, "K10")
    sc.lay("K10", "I")
    tile = sc.hand(0, "I")[0]
    s = sc.at_action(0)
    s, _ = run(s, (0, f"pick:{tile}"))
    mates = [a for a in actions(s, 0) if a.startswith("mate:")]
    assert {a.split(":")[1] for a in mates} == {"K9", "K11"}
    s, _ = run(s, (0, mates[0]))
    assert at(s, 1) in ("K9", "K11") and s.tasks[-1].kind != "chain", "that is the whole play"


def test_co_op_characters_on_one_spot_move_together_and_both_pay_to_cross():
    """ "when two players connect their passages they do not have to swap positions and can
    continue moving together ... whenever one player adds to the passage both characters can move
    together. Both players may cross an Obstacle using either players' items" """
    sc = coop()
    sc.pawn(0, "B10")
    sc.pawn(1, "B10")
    sc.lay("B10", "X")
    sc.equip(1, "whip", "whip")
    gulch = sc.hand(0, "gulch_I")[0]
    s = sc.at_action(0)
    s, _ = run(s, (0, f"pick:{gulch}"), (0, "put:B9:0"), (0, "done"))
    assert s.tasks[-1].kind == "together"
    s, _ = run(s, (0, "together"))
    assert s.tasks[-1].kind == "cross" and s.tasks[-1].b == 0
    whip = next(a for a in actions(s, 0) if a.startswith("cross:item:"))
    s, _ = run(s, (0, whip))
    assert s.tasks[-1].kind == "cross" and s.tasks[-1].b == 1, "the teammate crosses too"
    s, _ = run(s, (0, next(a for a in actions(s, 0) if a.startswith("cross:item:"))))
    assert at(s, 0) == at(s, 1) == "B9" and s.seats[1].equipment == []


def test_co_op_trades_and_help_on_a_shared_passage():
    """ "Trade – when two players are sharing a passage they may trade as many items or Relics as
    they want." "may heal or provide Ammunition to each other" """
    sc = coop()
    sc.pawn(0, "B10")
    sc.lay("B10", "I")
    sc.pawn(1, "B9")
    sc.lay("B9", "I")
    relic = sc.equip(0, "sun_disc")[0]
    kit = sc.equip(0, "first_aid")[0]
    sc.s.seats[1].health = 1
    s = sc.at_action(0)
    options = actions(s, 0)
    assert f"give:{relic}:1" in options and f"aid:{kit}:1" in options
    s, _ = run(s, (0, f"give:{relic}:1"), (0, f"aid:{kit}:1"))
    assert relic in s.seats[1].equipment and s.seats[1].health == 2
    assert s.tasks[-1].kind == "action", "trading takes no Action"


def test_co_op_an_encounter_hits_everyone_on_the_passage():
    """ "if one player draws an Encounter both characters must face the encounter" """
    sc = coop()
    sc.pawn(0, "B10")
    sc.lay("B10", "I")
    sc.pawn(1, "B9")
    sc.lay("B9", "I")
    sc.s.seats[1].bullets = 0
    s = sc.at_action(0)
    s.tasks[-1].kind = "beast"
    s, _events = run(s, (0, "beast:shoot"))
    assert s.seats[0].bullets == 2 and s.seats[1].health == 2


def test_co_op_every_monster_near_a_character_moves_plus_one_per_relic():
    """Co-op: "all Monster(s) in the same quadrant as at least one character must move. For each
    Relic already acquired, move one Monster an additional time. ... The additional moves don't
    include the initial jumps." """
    sc = coop()
    sc.pawn(0, "A3")
    sc.lay("A3", "X")
    sc.pawn(1, "K10")
    sc.lay("K10", "X")
    sc.monster("C3", "grootslang")  # north-west: moves 1 east
    sc.monster("I10", "sirrush")  # south-east
    sc.monster("J3", "tauriz")  # north-east: nobody there
    sc.s.exit_relics = [sc.take("sun_disc")]
    s = sc.at_phase(0, "monsters", vacated=0)
    s, _ = settle(s)
    moved = [m.cell for m in s.monsters]
    assert moved[2] == cell("J3")
    assert moved[0] != cell("C3") and moved[1] != cell("I10")
    assert s.tasks[-1].kind == "monster", "one extra move for the Relic at the Exit: which monster?"
    assert sorted(actions(s, 0)) == ["monster:0", "monster:1"]


def test_solo_monsters_in_the_players_quadrant_move_then_extra_moves():
    """Solo: "the Monster(s) in the same quadrant as the player must move. For each Relic already
    acquired, move one Monster in the player's quadrant an additional time." """
    sc = solo()
    sc.pawn(0, "A3")
    sc.lay("A3", "X")
    sc.monster("C3", "grootslang")
    sc.monster("I10", "sirrush")
    sc.equip(0, "sun_disc", "moon_mask")
    s = sc.at_phase(0, "monsters", vacated=5)
    s, _ = settle(s)
    assert s.monsters[1].cell == cell("I10"), "not in the player's quadrant"
    # Jump 5 east from C3, stopped by the wall at F3; then 1 + 2 Relics = 3 steps: F4, E4, D4.
    # Two extra moves, 3 steps each and no jump: C4, B4, B5, then C5, D5, E5.
    assert s.monsters[0].cell == cell("E5")


def test_team_results_name_the_variant_for_best_scores():
    """Results: a team score, "shown with the table's best score so far for that variant and relic count"."""
    sc = coop(3)
    for seat in range(3):
        sc.pawn(seat, "C12")
    sc.s.exit_relics = [sc.take("sun_disc"), sc.take("moon_mask")]
    s = sc.at_action(0)
    s, _ = run(s, (0, "escape"))
    result = engine().results(s)
    assert result.team_score == 2 and result.variant == "co-op · 4 relics" and result.team_won


def test_competitive_round_limit_names_the_most_relics():
    """House limit (lobby option, off by default): after the round limit the explorer(s) with the
    most Relics win."""
    sc = Scene(2, rounds=60)
    sc.character(0, "miner")
    sc.character(1, "athlete")
    sc.pawn(0, "B10")
    sc.lay("B10", "X")
    sc.pawn(1, "K10")
    sc.lay("K10", "X")
    sc.equip(1, "sun_disc")
    sc.s.round = sc.s.round_limit
    sc.s.turn = 1
    sc.s.tasks = [Task("next_turn", 1)]
    s, events = settle(sc.s)
    assert s.over == "limit" and engine().results(s).winners == (1,)
    assert "lamps burn out" in texts(events)
