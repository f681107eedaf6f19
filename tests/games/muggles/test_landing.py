"""What a muggle does where it lands (rule text 000): picking up caches, the four problem-tile
categories as muggles see them, Take Event Card tiles, Maps and Construction Sites."""

from __future__ import annotations

from bot.games.muggles import muggle as muggle_turn
from tests.games.muggles.helpers import (
    DATA,
    NORTH,
    E,
    act,
    actions,
    calm,
    ctx,
    dice,
    everyone_to,
    fresh,
    give_event,
    lay,
    place_muggle,
    put_tile,
    round_end,
    spare,
    text,
    tiles_of,
    top_event,
)


def step(state, roll, index=NORTH):
    game = ctx(state)
    dice(state, roll)
    game.rng.state = state.rng
    muggle_turn.take_turn(game, index)
    state.rng = game.rng.state
    E.check_invariants(state)
    return game.events


def test_a_muggle_picks_up_a_face_down_cache_and_the_space_is_refilled():
    """ "A muggle landing on a cache tile (previously revealed or not) picks up the cache tile and
    carries it around. He can take any cache type without needing any special equipment. ... Empty
    spaces are filled with a new face down tile from the stock." """
    state = fresh(2)
    place_muggle(state, NORTH, "D3", "S")
    nano = put_tile(state, "D4", "nano")
    stock = len(state.stock)
    events = step(state, 1)
    assert state.muggles[NORTH].carrying == nano
    assert state.board["D4"] != nano and state.board["D4"] not in state.faceup
    assert len(state.stock) == stock - 1
    assert "finds and picks up the **Nano cache**" in text(events)


def test_a_muggle_drops_the_cache_it_carried_out_of_play():
    """ "If he is already carrying a cache, he first discards that carried cache (which is now out of
    play for remainder of the game)." A face-up cache is taken as well."""
    state = fresh(2)
    carried = spare(state, "traditional")
    place_muggle(state, NORTH, "D3", "S", carrying=carried)
    water = put_tile(state, "D4", "water", face_up=True)
    events = step(state, 1)
    assert state.muggles[NORTH].carrying == water
    assert carried in state.discard
    assert "drops the Traditional cache it carried (out of play)" in text(events)


def test_geocaching_and_weather_tiles_do_nothing_to_muggles_and_stay():
    """ "Geocaching tiles – ... These have no effect on muggles. Tiles are left in place until a human
    lands on them." "Weather tiles – ... These have no effect on muggles." (even the ones a human
    would see replaced when revealed)."""
    state = fresh(2)
    place_muggle(state, NORTH, "D3", "S")
    signal = put_tile(state, "D4", "no_signal")
    events = step(state, 1)
    assert state.board["D4"] == signal and signal in state.faceup
    assert state.muggles[NORTH].square == "D4"
    assert "no effect on muggles" in text(events)
    place_muggle(state, NORTH, "D3", "S")
    dice(state, 1)
    step(state, 1)
    assert state.muggles[NORTH].square == "D4", "Muggles may land on them again anytime"


def test_revealing_a_terrain_hazard_steps_back_facing_the_same_way_and_acts_there():
    """ "If a muggle reveals a Terrain Hazard, he suffers no consequences and immediately takes one step
    back ... He still faces the same direction, and performs whatever action fits landing on that
    space." He stepped over a face-down cache on D4: stepping back he lands on it."""
    state = fresh(2)
    place_muggle(state, NORTH, "D3", "S")
    nano = put_tile(state, "D4", "nano")
    pond = put_tile(state, "D5", "pond")
    events = step(state, 2)
    muggle = state.muggles[NORTH]
    assert (muggle.square, muggle.facing) == ("D4", "S")
    assert pond in state.faceup and state.board["D5"] == pond
    assert muggle.carrying == nano
    assert "reveals **Pond** and steps back to D4 — finds and picks up the **Nano cache**" in text(events)


def test_the_cave_wakes_the_bear_and_the_muggle_steps_back_out_of_the_unsafe_area():
    """ "(or more if needed to avoid an unsafe area)": the Cave on D6; D5 is next to it, so the muggle
    goes back to D4. Humans next to the Cave go to the Hospital."""
    state = fresh(2)
    place_muggle(state, NORTH, "D3", "S")
    calm(state, "D4")
    put_tile(state, "D6", "cave")
    state.seats[1].square = "E5"
    events = step(state, 3)
    assert state.bear_awake
    assert state.muggles[NORTH].square == "D4"
    assert state.seats[1].square == BOARD_ER()
    assert "🐻 The Cave! The bear wakes up." in text(events)


def BOARD_ER():
    return DATA.board.emergency_room


def test_no_safe_step_back_calls_for_help():
    """ "If unable to safely step back, he Calls For Help": one step onto the Cave from its neighbour."""
    state = fresh(2)
    place_muggle(state, NORTH, "D4", "S")
    put_tile(state, "D5", "cave")
    events = step(state, 1)
    assert state.muggles[NORTH].square == "F6" and state.muggles[NORTH].facing == "N"
    assert "cannot step back safely and calls for help" in text(events)


def test_a_revealed_nuisance_is_cleared_on_a_4_5_or_6_next_turn():
    """ "If a muggle reveals a Nuisance, he suffers no consequences and stays on the space. If on his
    next turn, he rolls a 4,5, or 6, the nuisance tile is removed and replaced with a face down tile.
    Either way he moves off the space according to the roll." """
    state = fresh(2)
    place_muggle(state, NORTH, "D3", "S")
    snake = put_tile(state, "D4", "snake")
    events = step(state, 1)
    assert state.muggles[NORTH].square == "D4" and state.muggles[NORTH].nuisance
    assert "reveals **Snake** and stays" in text(events)
    calm(state, "C4")
    events = step(state, 4)
    assert snake in state.discard and state.board["D4"] not in state.faceup
    assert state.muggles[NORTH].square == "C4"
    assert "clears the Snake off D4" in text(events)


def test_a_nuisance_stays_on_a_1_2_or_3():
    state = fresh(2)
    place_muggle(state, NORTH, "D3", "S")
    ivy = put_tile(state, "D4", "poison_ivy")
    step(state, 1)
    calm(state, "D5")
    step(state, 1)
    assert state.board["D4"] == ivy and ivy in state.faceup
    assert state.muggles[NORTH].square == "D5" and not state.muggles[NORTH].nuisance


def test_take_event_card_nearest_draws_furthest_discards_and_the_muggle_rolls_again():
    """ "The nearest human player draws an Event Card, and handles it as if it had been drawn on his
    turn. · The furthest human player discards an Event Card he holds (if any). · Finally the muggle
    rolls the die again for another turn" """
    state = fresh(3)
    place_muggle(state, NORTH, "D3", "S")
    put_tile(state, "D4", "take_event")
    calm(state, "D5")
    state.seats[0].square, state.seats[1].square, state.seats[2].square = "D9", "D6", "D14"
    snack = give_event(state, 2, "snack")
    top = state.event_deck[-1]
    round_end(state)
    dice(state, 1, 1)
    state.muggles[1].square = "D20"
    state, events = act(state, "end")
    log = text(events)
    assert "{p1} (nearest) draws, {p2} (furthest) discards, then it rolls again" in log
    assert top not in state.event_deck
    assert snack in state.event_discard and not state.seats[2].events
    assert state.muggles[NORTH].square == "D5", "after the card business the muggle rolled again"


def test_the_furthest_player_chooses_which_card_to_discard():
    state = fresh(2)
    place_muggle(state, NORTH, "D3", "S")
    put_tile(state, "D4", "take_event")
    everyone_to(state, "D9")
    state.seats[1].square = "D14"
    give_event(state, 1, "snack")
    second = give_event(state, 1, "second_wind")
    top_event(state, "first_to_find")
    round_end(state)
    dice(state, 1, 1)
    state, events = act(state, "end")
    assert E.current_seats(state) == [1]
    assert sorted(actions(state)) == sorted(f"toss:{c}" for c in state.seats[1].events)
    assert E.default_action(state, 1) == f"toss:{state.seats[1].events[0]}"
    state, events = act(state, f"toss:{second}")
    assert second in state.event_discard
    assert "{p1} discards **Second Wind**" in text(events)
    assert state.round == 2 and E.current_seats(state) == [0]


def test_a_muggle_stepping_on_a_map_reveals_around_it():
    """A Map stepped on by a muggle acts as when a human steps on it ("Which is different than when a
    Map tile is stepped on"): the 8 tiles around are revealed, those that say "replace when revealed"
    leave."""
    state = fresh(2)
    place_muggle(state, NORTH, "D2", "S")
    mapped = put_tile(state, "D4", "map")
    lay(state, "battery", "C4", face_up=False)
    calm(state, "E5", "C5")
    events = step(state, 2)
    assert mapped in state.discard
    assert tiles_of("battery")[0] in state.discard, "a GPS battery tile revealed by a stepped-on Map is replaced"
    assert state.board["E5"] in state.faceup and state.board["C5"] in state.faceup
    assert "🗺️ The Map reveals" in text(events)


def test_a_muggle_uncovers_a_construction_site():
    """ "When a blank tile is revealed, a zealous construction crew digs up and discards the surrounding
    (up to) eight tiles." Revealed by a muggle landing on it, too."""
    state = fresh(2)
    place_muggle(state, NORTH, "D3", "S")
    blank = put_tile(state, "D4", "blank")
    nano = put_tile(state, "C5", "nano")
    events = step(state, 1)
    assert blank in state.slabs and blank in state.faceup
    assert nano in state.discard
    assert all(sq not in state.board for sq in DATA.board.woods_around("D4"))
    assert "🚧 Construction Site at D4!" in text(events)
