"""The Cache Groups, the win requirements, and losing as soon as winning became impossible (rule
text 000, "Winning/Losing conditions")."""

from __future__ import annotations

import json
import shutil

import pytest

from bot.engine import Relation, RuleError, SeatTag
from bot.games.cmiyc.loading import DATA_DIR, DataError
from bot.games.muggles.data import GROUPS_FILE, OWN_DIR, load
from render.muggles import render_board
from render.muggles_text import text_board
from render.text import outside, overlaps, recording, too_small
from tests.games.muggles.helpers import (
    DATA,
    E,
    act,
    fresh,
    give_cache,
    give_coin,
    lay,
    place_muggle,
    put_tile,
    round_end,
    tiles_of,
    turn_of,
)

GROUP_KINDS = {
    "traditional": ["traditional"],
    "multi": ["multi", "multi"],
    "nano": ["nano"],
    "puzzle": ["mystery"],
    "tricky": ["water"],
    "lock": ["padlock"],
    "special": ["virtual"],
}


def test_the_seven_groups_with_their_counts():
    """ "1. Traditional Group – Traditional caches (8) 2. Multi Group – Multi-caches (4 sets),
    Super-multi-caches (1 set) 3. Nano Group – Nano caches (4) 4. Puzzle Group – Mystery caches (2),
    Puzzle caches (2) 5. Tricky Group – Water caches (2), Night caches (3) 6. Lock Group – Padlock
    caches (2), Combo lock caches (2) 7. Special Group – Challenge cache (1), Virtual cache (1), Cache
    needs maintenance (2)" """
    counts = {g.id: {k: DATA.kinds[k].count // max(1, DATA.kinds[k].set_size) for k in g.kinds} for g in E.team.groups}
    assert counts == {
        "traditional": {"traditional": 8},
        "multi": {"multi": 4, "super_multi": 1},
        "nano": {"nano": 4},
        "puzzle": {"mystery": 2, "puzzle": 2},
        "tricky": {"water": 2, "night": 3},
        "lock": {"padlock": 2, "combo_lock": 2},
        "special": {"challenge": 1, "virtual": 1, "maintenance": 2},
    }


@pytest.mark.parametrize(
    "change,message",
    [
        (lambda g: g["groups"].pop(), "the cache types fall into 7 groups, not 6"),
        (lambda g: g["groups"][2]["members"].update({"nano": 5}), "Muggles' counts are binding: 5 of 'nano'"),
        (lambda g: g["groups"][6]["members"].pop("virtual"), "cache type 'virtual': belongs to exactly one group"),
        (lambda g: g["groups"][0]["members"].update({"pond": 3}), "'pond' is not a cache type"),
    ],
)
def test_a_broken_groups_file_is_refused_naming_file_entry_and_rule(tmp_path, change, message):
    raw = json.loads((OWN_DIR / GROUPS_FILE).read_text())
    change(raw)
    (tmp_path / GROUPS_FILE).write_text(json.dumps(raw))
    with pytest.raises(DataError, match=message) as refused:
        load(tmp_path, DATA_DIR)
    assert str(refused.value).startswith(GROUPS_FILE)


def test_muggles_may_tune_a_base_file_of_its_own(tmp_path):
    """A base-game file of the same name in Muggles' data folder replaces it for Muggles only."""
    shutil.copy(OWN_DIR / GROUPS_FILE, tmp_path / GROUPS_FILE)
    raw = json.loads((DATA_DIR / "geocoins.json").read_text())
    raw["coins"][0]["value"] = 5
    (tmp_path / "geocoins.json").write_text(json.dumps(raw))
    assert load(tmp_path, DATA_DIR).game.coins[0].value == 5


def holding_everything(state, coins=True):
    for seat, group in enumerate(GROUP_KINDS):
        for kind in GROUP_KINDS[group]:
            give_cache(state, seat % state.players, kind)
    if coins:
        for seat, key in zip(range(state.players), ("mega_meet", "swag_bag", "far_trek", "doctors_orders")):
            give_coin(state, seat, key, flipped=True)
    return state


def test_basic_win_all_seven_groups_and_a_flipped_coin_each():
    """ "As a team, players must have at least one cache type from all seven groups · Every player must
    have at least one flipped geocoin". The team wins at once."""
    state = holding_everything(fresh(2))
    turn_of(state, 0, "D9")
    state, _events = act(state, "stay")
    assert state.over and state.outcome == "won" and state.winners == [0, 1]
    result = E.results(state)
    assert result.relation is Relation.COOPERATIVE and result.team_won
    assert "🎉 The team wins" in result.text and "Cache Groups" in result.text


def test_a_multi_group_needs_a_whole_set_held_by_one_player():
    """ "one player must hold the entire set for a multi-cache to be claimed." """
    state = holding_everything(fresh(2))
    multi = next(t for t in state.seats[1].caches if DATA.kind(t).is_set)
    state.seats[1].caches.remove(multi)
    state.seats[0].caches.append(multi)
    turn_of(state, 0, "D9")
    state, _ = act(state, "stay")
    assert not state.over


def test_no_win_without_a_flipped_coin_for_every_player():
    state = holding_everything(fresh(2), coins=False)
    give_coin(state, 0, "mega_meet", flipped=True)
    give_coin(state, 1, "swag_bag", flipped=False)
    turn_of(state, 0, "D9")
    state, _ = act(state, "stay")
    assert not state.over


def test_advanced_requirements():
    """ "Advanced Win requirements – all Basic Win requirements plus 3. Every player must have at least
    one cache type from five of the seven groups 4. Two players must have two flipped geocoins" """
    state = holding_everything(fresh(2, requirements="advanced"))
    turn_of(state, 0, "D9")
    state, _ = act(state, "stay")
    assert not state.over
    for seat in (0, 1):
        for kind in ("traditional", "nano", "mystery", "water", "padlock", "virtual", "maintenance"):
            if any(DATA.tiles[t].kind == kind for t in state.seats[seat].caches):
                continue
            if any(t in state.stock or t in state.discard or t in state.board.values() for t in tiles_of(kind)):
                give_cache(state, seat, kind)
    give_coin(state, 0, "night_owl", flipped=True)
    give_coin(state, 1, "wet_feet", flipped=True)
    turn_of(state, 0, "D9")
    state, _ = act(state, "stay")
    assert state.over and state.outcome == "won"


def test_option_combinations():
    """The advanced goal needs two players with two flipped coins; a custom goal must be possible."""
    with pytest.raises(RuleError, match="at least 2 players"):
        E.options_for({"requirements": "advanced"}, 1)
    with pytest.raises(RuleError, match="only 12 geocoins"):
        E.options_for({"requirements": "custom", "player_coins": 3}, 5)
    with pytest.raises(RuleError, match="at least one requirement"):
        E.options_for({"requirements": "custom", "team_groups": 0, "player_coins": 0}, 2)
    state = fresh(2, requirements="custom", team_groups=3, player_coins=0)
    assert state.goal == [3, 0, 0, 0, 0]
    give_cache(state, 0, "traditional")
    give_cache(state, 1, "nano")
    give_cache(state, 1, "water")
    turn_of(state, 0, "D9")
    state, _ = act(state, "stay")
    assert state.outcome == "won"


def lost(state):
    turn_of(state, 0, "D9")
    state, _events = act(state, "stay")
    assert state.over and not state.winners
    result = E.results(state)
    assert result.team_won is False and result.text.startswith("💀 The muggles win")
    return state


def test_lost_when_a_group_is_fully_trashed():
    """ "Watch for completely trashed groups that make the game unwinnable." """
    state = fresh(2)
    for kind in ("challenge", "virtual", "maintenance"):
        for tile in tiles_of(kind):
            give_cache(state, 0, kind, tile=tile)
            state.seats[0].caches.remove(tile)
            state.discard.append(tile)
    state = lost(state)
    assert state.outcome == "trashed"
    assert "the Special Group is trashed" in state.outcome_text


def test_the_board_explains_a_loss_beside_the_cache_groups_sheet():
    """ "Use a 'Cache Groups' sheet to track discarded caches." The finished board's sheet shows the
    trashed group as "gone" and says why the team lost, readable at phone width."""
    state = fresh(2)
    for tile in tiles_of("nano"):
        give_cache(state, 0, "nano", tile=tile)
        state.seats[0].caches.remove(tile)
        state.discard.append(tile)
    state = lost(state)
    tags = [SeatTag(s, f"Player {s + 1}", colour) for s, colour in enumerate(E.spec.seat_colours[:2])]
    with recording() as placed:
        image = render_board(E.public_view(state), tags)
    words = [p.text for p in placed]
    assert "gone" in words
    assert "Lost: the Nano Group is trashed" in " ".join(words), "the result banner says why"
    assert not too_small(placed, image.width) and not overlaps(placed) and not outside(placed, image.size)
    assert "Lost: the Nano Group is trashed" in text_board(E.public_view(state), tags)


def test_lost_when_no_multi_set_can_be_made():
    state = fresh(2)
    keep = tiles_of("multi")[:1] + tiles_of("super_multi")[:2]
    for tile in tiles_of("multi") + tiles_of("super_multi"):
        if tile not in keep:
            give_cache(state, 0, DATA.tiles[tile].kind, tile=tile)
            state.seats[0].caches.remove(tile)
            state.discard.append(tile)
    state = lost(state)
    assert state.outcome == "sets"


def only_special_in_the_corner(state):
    """The last Special cache lies on A1; every other Special cache is out of play."""
    keep = put_tile(state, "A1", "maintenance", face_up=True)
    for kind in ("challenge", "virtual", "maintenance"):
        for tile in tiles_of(kind):
            if tile != keep:
                give_cache(state, 0, kind, tile=tile)
                state.seats[0].caches.remove(tile)
                state.discard.append(tile)
    place_muggle(state, 0, "H6", "N")
    return keep


def discard_cards_with(state, item):
    for card in [c.id for c in DATA.equipment if item in c.sides]:
        for player in state.seats:
            player.gear = [g for g in player.gear if g.card != card]
        if card in state.equipment_deck:
            state.equipment_deck.remove(card)
        if card not in state.equipment_discard:
            state.equipment_discard.append(card)


def test_lost_when_the_only_winning_tiles_are_surrounded_by_impassable_tiles():
    """ "If the only winning cache tiles are surround by impassable tiles such as Cliffs, Ponds, or
    Cave and thus unreachable by humans, the game is considered lost." """
    state = fresh(2)
    only_special_in_the_corner(state)
    lay(state, "cliff", "A2")
    put_tile(state, "B1", "cave", face_up=True)
    state.bear_awake = True
    discard_cards_with(state, "climbing_rope")
    state = lost(state)
    assert state.outcome == "unreachable" and "Special Group" in state.outcome_text
    assert E.results(state).ending == "groups-unreachable"


def test_not_lost_while_the_blocking_tiles_can_be_crossed_with_equipment_from_town():
    """ "If the blocking tiles could be crossed with the right equipment, it is okay to try to obtain
    that equipment in the town." Climbing rope is still on cards in the deck."""
    state = fresh(2)
    only_special_in_the_corner(state)
    lay(state, "cliff", "A2", "B1")
    turn_of(state, 0, "D9")
    state, _ = act(state, "stay")
    assert not state.over


def test_a_snake_counts_as_impassable_even_though_muggles_step_over_it():
    """ "You cannot wait for a muggle to randomly step over a Snake to pick up a humanly unreachable
    cache. Don't drag it out. You've lost!" """
    state = fresh(2)
    only_special_in_the_corner(state)
    lay(state, "snake", "A2", "B1")
    discard_cards_with(state, "snake_gaiters")
    state = lost(state)
    assert state.outcome == "unreachable"


def test_a_cache_carried_by_a_muggle_can_still_be_swapped_for():
    state = fresh(2)
    keep = only_special_in_the_corner(state)
    lay(state, "snake", "A2", "B1")
    discard_cards_with(state, "snake_gaiters")
    spare = next(t for t in tiles_of("maintenance") if t != keep)
    state.discard.remove(spare)
    place_muggle(state, 1, "D18", "N", carrying=-1)
    state.muggles[1].carrying = spare
    turn_of(state, 0, "D9")
    state, _ = act(state, "stay")
    assert not state.over


def test_lost_when_not_enough_geocoins_can_be_flipped():
    """Losing "whenever the above winning conditions become impossible": a custom goal of all 12
    flipped geocoins is lost once the Night caches are all trashed (the Night Owl coin can never flip)."""
    state = fresh(2, requirements="custom", team_groups=0, team_coins=12, player_coins=0)
    for tile in tiles_of("night"):
        give_cache(state, 0, "night", tile=tile)
        state.seats[0].caches.remove(tile)
        state.discard.append(tile)
    state = lost(state)
    assert state.outcome == "coins" and "11 possible" in state.outcome_text


def test_no_round_limit_decides_a_game_by_default():
    """ "Losing the game – The game ends and the human players lose whenever the above winning
    conditions become impossible." The text has no clock ("Don't drag it out" is about waiting for a
    muggle to fetch a cache no human can reach): at round 500 a winnable game goes on."""
    assert E.options_for({}, 2)["round_limit"] == 0
    state = fresh(2)
    assert state.stop_round == 0
    state.round = 500
    round_end(state)
    state, _events = act(state, "end")
    assert not state.over and state.round == 501 and E.current_seats(state) == [0]
    assert "at most" not in E.status_text(E.public_view(state))


def test_a_game_saved_with_the_old_60_round_limit_plays_on():
    """Games saved before the limit became an off-by-default option carry ``round_limit`` 60 in the
    base state and no stop of their own: they play on past round 60."""
    state = fresh(2)
    saved = E.dump(state)
    saved.pop("stop_round")
    saved["round_limit"] = 60
    state = E.load(saved)
    state.round = 60
    round_end(state)
    state, _events = act(state, "end")
    assert not state.over and state.round == 61


def test_the_house_safety_stop_is_explicit_and_not_a_muggles_win():
    """A table may choose a house safety stop for a stalled game; it is not a rule of the game, so the
    game is stopped ("round-limit"), not lost to the muggles."""
    state = fresh(2, round_limit=300)
    state.round = 300
    round_end(state)
    state, _events = act(state, "end")
    assert state.over and state.outcome == "rounds" and not state.winners
    result = E.results(state)
    assert result.ending == "round-limit" and result.team_won is False
    assert result.text.startswith("⏹ The game is stopped after round 300: the table's house safety stop")
    assert "muggles win" not in result.text.lower()
    tags = [SeatTag(s, f"Player {s + 1}", colour) for s, colour in enumerate(E.spec.seat_colours[:2])]
    board = text_board(E.public_view(state), tags)
    assert "Stopped in round 300" in board and "Stopped after round 300: house safety stop" in board
    with recording() as placed:
        render_board(E.public_view(state), tags)
    words = [p.text for p in placed]
    assert "Stopped" in words and not any("muggles win" in w.lower() for w in words), "the banner: stopped, not lost"
    assert any("safety stop" in w for w in words)


LEVERS = sorted(p for p in (OWN_DIR.parents[3] / "bench" / "muggles_levers").iterdir() if p.is_dir())


@pytest.mark.parametrize("lever", LEVERS, ids=lambda p: p.name)
def test_every_balance_lever_tried_keeps_the_stated_counts(lever, tmp_path):
    """Issue 20: "Every stated count stays as it is": each lever the guide's table lists
    (``bench/muggles_levers``), laid over Muggles' own files, loads through the same checks (104 tiles,
    the cache counts per group, two blank tiles, 28 equipment cards, 18 event cards), and the base
    game's data is untouched by it."""
    for source in (OWN_DIR, lever):
        for file in source.glob("*.json"):
            shutil.copy(file, tmp_path / file.name)
    team = load(own=tmp_path)
    assert len(team.game.tiles) == 104 and len(team.game.equipment) == 28 and len(team.game.events) == 18
    assert sum(1 for t in team.game.tiles if t.kind == "blank") == 2
    assert json.loads((DATA_DIR / "tiles.json").read_text(encoding="utf-8"))["total"] == 104
    assert {f.name for f in lever.glob("*.json")} <= {"tiles.json", "board.json", "equipment.json", "events.json"}
