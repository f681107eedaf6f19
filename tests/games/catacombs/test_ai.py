"""The computer explorer plays whole games sensibly from its seat's view."""

from __future__ import annotations

import dataclasses

import pytest

from bot.engine import Rng
from bot.games.catacombs.ai import build_computer, build_easy_computer
from bot.games.catacombs.board import with_tile
from bot.games.catacombs.geometry import Grid
from bot.games.catacombs.passages import Layout
from tests.games.catacombs.helpers import Scene, cell, corridor, engine, run


def computer():
    return build_computer(engine())


def play_out(state, seed=0, limit=4000):
    e, ai = engine(), computer()
    for step in range(limit):
        if e.is_terminal(state):
            return state
        seat = e.current_seats(state)[0]
        action = ai.choose(e.seat_view(state, seat), e.legal_actions(state, seat), Rng.from_seed(seed, step, seat))
        state = e.apply(state, seat, action).state
        e.check_invariants(state)
    raise AssertionError("the computer players did not finish")


@pytest.mark.parametrize(
    "players,options",
    [
        (1, {}),
        (1, {"monsters": "0"}),
        (2, {}),
        (2, {"monsters": "0"}),
        (3, {}),
        (4, {"monsters": "0"}),
        (2, {"mode": "cooperative"}),
        (3, {"mode": "cooperative", "monsters": "0"}),
        (4, {"mode": "cooperative"}),
    ],
)
def test_computer_players_finish_a_game_by_the_rules_at_default_settings(players, options):
    """No round limit by default: the computer players end the game themselves, by an escape, a
    perishing (solo, co-op), every Relic at the Exit or the expedition leaving."""
    e = engine()
    state = e.new_game(players, e.options_for({"characters": "random", **options}, players), 5)
    assert state.round_limit == 0
    final = play_out(state, limit=20_000)
    assert final.over in ("escaped", "perished", "delivered", "expedition")


def test_easy_explorers_finish_a_game_by_the_rules_too():
    """Issue 22: "Every game between computer players ends by the rules, at every level". With a
    third of their moves at random throughout, two easy explorers passed the Relics to and fro for
    over 1,700 rounds in this game (seed 12); their mistakes fade as the game grows long."""
    e = engine()
    easy = build_easy_computer(e)
    state = e.new_game(2, e.options_for({"mode": "competitive"}, 2), 12)
    for step in range(20_000):
        if e.is_terminal(state):
            break
        seat = e.current_seats(state)[0]
        action = easy.choose(
            e.seat_view(state, seat), e.legal_actions(state, seat), Rng.from_seed(12, "bench", step, seat)
        )
        state = e.apply(state, seat, action).state
    assert state.over == "escaped" and e.results(state).ending == "escaped"


def test_a_team_heads_out_and_leaves_when_more_would_risk_the_game():
    """Solo: "try to collect as many as you can before perishing" — perishing loses the game, so with
    a Relic out and the explorer at 1 ❤ the computer goes for the Exit and ends the expedition."""
    from bot.games.catacombs.ai_board import Reading

    sc = Scene(1)
    sc.character(0, "miner", health=1)
    sc.pawn(0, "D12")
    sc.lay("D12", "I", 1)
    sc.relic("I3", "moon_mask")
    sc.s.exit_relics = [sc.take("sun_disc")]
    s = sc.at_action(0)
    assert Reading(engine().public_view(s), engine().data, 0).goal == "exit"
    choice = computer().choose(engine().seat_view(s, 0), engine().legal_actions(s, 0), Rng(2))
    assert choice == "go:exit"
    s, _ = run(s, (0, "go:exit"))
    while engine().current_seats(s) == [0] and "escape" not in [c.action for c in engine().legal_actions(s, 0)]:
        s, _ = run(s, (0, computer().choose(engine().seat_view(s, 0), engine().legal_actions(s, 0), Rng(4))))
    assert computer().choose(engine().seat_view(s, 0), engine().legal_actions(s, 0), Rng(5)) == "escape"


def test_a_relic_turned_away_is_one_turn_from_reach():
    """ "Instead of playing tiles a player may choose to ... rotating one Relic Tile 90 degrees":
    a passage that ends beside a Relic whose passage faces away is one Action from taking it, and
    the computer turns it."""
    from bot.games.catacombs.ai_board import Reading

    sc = Scene(2)
    sc.character(0, "traveler")
    sc.character(1, "athlete")
    sc.pawn(0, "B10")
    sc.lay("B10", "I")  # north-south: its north end faces B9
    sc.relic("B9", "water_tower", 1)  # an I turned east-west: no end faces B10
    sc.pawn(1, "K10")
    sc.lay("K10", "X")
    s = sc.at_action(0)
    assert Reading(engine().public_view(s), engine().data, 0).frontier() == 1
    choice = computer().choose(engine().seat_view(s, 0), engine().legal_actions(s, 0), Rng(1))
    assert choice == "relic:B9"
    s, _ = run(s, (0, choice))
    choice = computer().choose(engine().seat_view(s, 0), engine().legal_actions(s, 0), Rng(1))
    assert choice.startswith("rturn:B9")
    s, _ = run(s, (0, choice))
    assert "go:B9" in [c.action for c in engine().legal_actions(s, 0)]


def test_it_heads_for_a_relic_and_takes_it():
    sc = Scene(2)
    sc.character(0, "traveler")
    sc.character(1, "athlete")
    sc.pawn(0, "B10")
    sc.lay("B10", "I")
    sc.pawn(1, "K10")
    sc.lay("K10", "X")
    relic = sc.relic("B8", "water_tower", 0)
    sc.hand(0, "I", "L", "L")
    s = sc.at_action(0)
    e, ai = engine(), computer()
    for step in range(12):
        if relic in s.seats[0].equipment or e.current_seats(s) != [0]:
            break
        action = ai.choose(e.seat_view(s, 0), e.legal_actions(s, 0), Rng.from_seed(1, step))
        s = e.apply(s, 0, action).state
    assert relic in s.seats[0].equipment


def test_it_uses_the_matching_item_on_an_obstacle():
    sc = Scene(2)
    sc.character(0, "miner")
    sc.character(1, "athlete")
    sc.pawn(0, "E10")
    sc.lay("E10", "X")
    sc.pawn(1, "K10")
    sc.lay("K10", "X")
    sc.equip(0, "whip")
    gulch = sc.hand(0, "gulch_I")[0]
    s = sc.at_action(0)
    s, _ = run(s, (0, f"pick:{gulch}"), (0, "put:E9:0"), (0, "done"))
    choice = computer().choose(engine().seat_view(s, 0), engine().legal_actions(s, 0), Rng(1))
    assert choice.startswith("cross:item:")


def test_it_keeps_away_from_spaces_a_monster_can_reach():
    """Laying a tile where a visible monster may land costs the computer more than laying it
    elsewhere; its danger map follows the arrows from each monster."""
    from bot.games.catacombs.ai_board import Reading

    def scene(with_monster: bool):
        sc = Scene(2)
        sc.character(0, "miner")
        sc.character(1, "athlete")
        sc.pawn(0, "B11")
        sc.lay("B11", "X")
        sc.pawn(1, "K10")
        sc.lay("K10", "X")
        if with_monster:
            sc.monster("C8", "tauriz")  # arrows south: C9, C10, C11 ...
        return engine().public_view(sc.at_action(0))

    kind = engine().data.kinds[next(t for t, k in enumerate(engine().data.kinds) if k.key == "I")]
    calm = Reading(scene(False), engine().data, 0)
    wary = Reading(scene(True), engine().data, 0)
    assert {cell("C9"), cell("C10"), cell("C11")} <= wary.danger
    here = wary.placement_score(kind, cell("C11"), 1, "W", ())
    there = calm.placement_score(kind, cell("C11"), 1, "W", ())
    assert here > there


def test_it_sends_monsters_at_opponents_who_carry_relics_not_at_itself():
    sc = Scene(2)
    sc.character(0, "traveler")
    sc.character(1, "miner")
    sc.pawn(0, "A3")
    sc.lay("A3", "X")
    sc.pawn(1, "B1")
    sc.lay("B1", "X")
    sc.equip(1, "sun_disc")
    sc.monster("A1", "koka")  # A1 -> B1: the opponent
    sc.monster("A5", "sirrush")  # A5 -> A4 -> A3: itself
    from tests.games.catacombs.helpers import settle

    s, _ = settle(sc.at_phase(0, "monsters", vacated=0))
    assert s.tasks[-1].kind == "monster"
    choice = computer().choose(engine().seat_view(s, 0), engine().legal_actions(s, 0), Rng(3))
    assert choice == "monster:0"


def _across_a_cave_in(red_relics: tuple[str, ...]):
    """Red (seat 1) to act, on one passage with Blue, who carries a Relic, behind a Cave In: Red may
    link through it ("if the other player decides to move through the Obstacle on his turn he can
    initiate the link and steal an item from the first player")."""
    sc = corridor(blue_items=("fire_blossom",), red_items=red_relics)
    sc.lay("D10", "cave_in_I", 1)
    s = sc.at_action(1)
    assert "link:0" in [c.action for c in engine().legal_actions(s, 1)]
    return s


def test_it_links_to_take_a_relic_it_still_needs():
    s = _across_a_cave_in(())
    assert computer().choose(engine().seat_view(s, 1), engine().legal_actions(s, 1), Rng(1)) == "link:0"


def test_with_the_relics_it_needs_it_does_not_link_for_more():
    """ "The first player to get a character to escape with 2 or more Relics wins": carrying 2, the
    explorer heads for the Exit. Linking swaps the two pawns, and two explorers linking for each
    other's Relics turn after turn went back and forth over one obstacle for hundreds of rounds (a
    4-player game of seed 489 still ran at move 20,000)."""
    s = _across_a_cave_in(("water_tower", "sun_disc"))
    assert engine().public_view(s).seats[1].relics == 2
    choice = computer().choose(engine().seat_view(s, 1), engine().legal_actions(s, 1), Rng(1))
    assert not choice.startswith("link:")


def test_a_tile_laid_in_thought_changes_that_space_alone():
    """The look-ahead lays tiles on a copy of the board (``board.with_tile``): the copy has the
    tile, every other part of the board stays as it was, and the board it was laid on is untouched."""
    lay = Layout(Grid(frozenset()), 70, {70: "NESW", 58: "NS"}, {58: "gulch"}, {46: "EW"}, {70, 58, 46})
    after = with_tile(lay, 59, "EW", "cave_in")
    assert {f.name for f in dataclasses.fields(Layout)} == {
        "grid",
        "exit_cell",
        "opens",
        "obstacles",
        "relic_opens",
        "blocked",
    }
    assert (after.grid, after.exit_cell, after.relic_opens) == (lay.grid, 70, {46: "EW"})
    assert after.opens == {70: "NESW", 58: "NS", 59: "EW"}
    assert after.obstacles == {58: "gulch", 59: "cave_in"}
    assert after.blocked == {70, 58, 46, 59}
    assert (lay.opens, lay.obstacles, lay.blocked) == ({70: "NESW", 58: "NS"}, {58: "gulch"}, {70, 58, 46})
