"""Humans and muggles, and the co-op changes (rule text 000): stealth, swapping, reveals instead of
peeks, the Snoop, Construction Sites, the empty stock, the event card adjustments, remote reveals."""

from __future__ import annotations

from bot.engine.playout import play
from bot.games.cmiyc.movement import is_trail
from tests.games.muggles.helpers import (
    BOARD,
    DATA,
    NORTH,
    SOUTH,
    E,
    act,
    actions,
    calm,
    fresh,
    give_cache,
    give_event,
    lay,
    place_muggle,
    put_tile,
    set_character,
    spare,
    text,
    tiles_of,
    top_event,
    turn_of,
)


def test_stealth_no_pick_up_on_or_next_to_a_muggles_space_but_revealing_is_allowed():
    """ "a human may not pick up a cache if he is on a muggle's space or any of the eight adjacent
    spaces. A cache may be revealed but is not picked up." """
    state = fresh(2)
    calm(state, "B4")
    trad = put_tile(state, "B5", "traditional")
    place_muggle(state, SOUTH, "D20", "N")
    place_muggle(state, NORTH, "C6", "N")
    turn_of(state, 0, "B4")
    state, events = act(state, "go:B5")
    state, events2 = act(state, "cont") if "cont" in actions(state) else (state, [])
    assert trad in state.faceup and state.board["B5"] == trad
    assert "The Traditional cache stays face up (a muggle is watching)." in text(events + events2)


def test_a_human_who_reveals_a_coin_cache_takes_its_coin_even_while_a_muggle_watches():
    """ "Unless mentioned below, all rules from the basic CMIYC game apply": "Wenn du einen Cache mit dem
    Coinsymbol aufdeckst, nimm die oberste Geocoin vom Geocoinstapel." Stealth keeps the cache where it
    is ("A cache may be revealed but is not picked up"), not the coin. Revealed remotely, a cache "stays
    revealed with no immediate action": its coin waits for whoever takes it."""
    state = fresh(2)
    calm(state, "B4")
    coin_trad = next(t.id for t in DATA.tiles if t.kind == "traditional" and t.coin)
    put_tile(state, "B5", "traditional", tile=coin_trad)
    place_muggle(state, SOUTH, "D20", "N")
    place_muggle(state, NORTH, "C6", "N")
    turn_of(state, 0, "B4")
    stack = len(state.coin_stack)
    state, _ = act(state, "go:B5")
    assert state.board["B5"] == coin_trad and coin_trad in state.faceup
    assert len(state.seats[0].coins) == 1 and len(state.coin_stack) == stack - 1

    state = fresh(2)
    coin_nano = next(t.id for t in DATA.tiles if t.kind == "nano" and t.coin)
    put_tile(state, "C5", "nano", tile=coin_nano)
    for square in ("D5", "E5", "C6"):
        calm(state, square)
    turn_of(state, 0, "A13")
    state, _ = act(state, "go:B13")
    state, _ = act(state, "shop")
    state, _ = act(state, "peek:C5")
    assert coin_nano in state.faceup and not state.seats[0].coins and coin_nano not in state.coins_claimed


def test_without_a_muggle_near_the_cache_is_taken_and_moves_say_why_not():
    state = fresh(2)
    calm(state, "B4")
    trad = put_tile(state, "B5", "traditional", face_up=True)
    place_muggle(state, NORTH, "C6", "N")
    turn_of(state, 0, "B4")
    described = {c.action: c.description for c in E.legal_actions(state, 0)}
    assert described["go:B5"] == "Traditional cache (you cannot take it: a muggle is watching)"
    place_muggle(state, NORTH, "H1", "S")
    state, _ = act(state, "go:B5")
    assert trad in state.seats[0].caches


def test_swapping_with_a_muggle_on_the_same_space():
    """ "A human on the same space as a muggle can talk the muggle into swapping for a cache tile the
    human has collected. The muggle then carries the swapped cache. The human does not need to have
    the necessary equipment ... (nor does he need a working pen or GPS) ... If the received tile has a
    geocoin symbol he gets the coin." """
    state = fresh(2)
    nano = next(t.id for t in DATA.tiles if t.kind == "nano" and t.coin)
    place_muggle(state, NORTH, "C4", "N", carrying=nano)
    trad = give_cache(state, 0, "traditional", tile=next(t for t in (spare(state, "traditional"),)))
    calm(state, "C4", face_up=True)
    turn_of(state, 0, "C4")
    state.seats[0].gps = False
    coins = len(state.seats[0].coins)
    assert f"swap:0:{trad}" in actions(state)
    state, events = act(state, f"swap:0:{trad}")
    assert nano in state.seats[0].caches and trad not in state.seats[0].caches
    assert state.muggles[NORTH].carrying == trad
    assert len(state.seats[0].coins) == coins + 1, "the coin symbol brings a geocoin"
    assert "talks the North Woods muggle into a swap" in text(events)
    assert not E.legal_actions(state, 0), "no move after the swap: the turn is over"
    assert state.turn.seat == 1


def test_no_swap_without_a_cache_or_away_from_the_muggle():
    state = fresh(2)
    place_muggle(state, NORTH, "C4", "N", carrying=tiles_of("nano")[0])
    turn_of(state, 0, "C4")
    assert not [a for a in actions(state) if a.startswith("swap:")], "the human has no cache to give"
    give_cache(state, 0, "traditional")
    turn_of(state, 0, "C5")
    assert not [a for a in actions(state) if a.startswith("swap:")], "not on the muggle's space"


def test_the_store_peek_reveals_four_tiles_face_up():
    """ "Opportunities to peek at six tiles (gained in store or by cards) are changed to – Reveal FOUR
    Tiles. They are left face up." """
    state = fresh(2)
    turn_of(state, 0, "A13")
    for square in ("C5", "D5", "E5", "C6"):
        calm(state, square)
    state, _ = act(state, "go:B13")
    state, _ = act(state, "shop")
    revealed = []
    for square in ("C5", "D5", "E5", "C6"):
        assert E.seat_view(state, 0).prompt == "peek"
        state, events = act(state, f"peek:{square}")
        revealed.append(state.board[square])
        assert all(e.public for e in events)
    assert all(t in state.faceup for t in revealed)
    assert E.seat_view(state, 0).prompt != "peek", "four reveals, then the peek is over"


def test_trail_notes_reveal_four_too():
    state = fresh(2)
    card = give_event(state, 0, "peek")
    turn_of(state, 0, "D9")
    state, _ = act(state, f"ev:{card}")
    assert state.prompts[-1].kind == "peek" and state.prompts[-1].count == 4


def test_the_snoop_reveals_what_he_peeks_at():
    """ "Anyone playing as The Snoop turns over (reveals) any tile he peeks at." """
    state = fresh(2)
    set_character(state, 0, "snoop")
    tile = calm(state, "E3") or state.board["E3"]
    turn_of(state, 0, "D3")
    labels = {c.action: c.label for c in E.legal_actions(state, 0)}
    assert labels["ab:snoop:E3"] == "Snoop: reveal E3"
    state, events = act(state, "ab:snoop:E3")
    assert tile in state.faceup
    assert "👀 {p0} reveals" in text(events) and all(e.public for e in events)


def test_a_human_reveals_a_construction_site():
    """ "The blank tile remains in place as a concrete slab. It and the adjacent spaces are treated like
    trails for the remainder of the game. The adjacent spaces are not filled. If a surrounding tile is
    also a Construction Site, both remain in play." """
    state = fresh(2)
    calm(state, "C4")
    first, second = lay(state, "blank", "C5", "D6", face_up=False)
    nano = put_tile(state, "B6", "nano")
    stock = len(state.stock)
    turn_of(state, 0, "C4")
    state, _ = act(state, "go:C5")
    if "cont" in actions(state):
        state, _ = act(state, "cont")
    assert first in state.slabs and state.board["C5"] == first
    assert nano in state.discard and "B6" not in state.board
    assert state.board["D6"] == second, "the neighbouring Construction Site stays"
    assert len(state.stock) == stock, "the dug-up spaces are not filled"
    assert is_trail(DATA, state, "C5") and is_trail(DATA, state, "B6")


def test_the_empty_stock_turns_every_tile_face_up_except_a_hidden_cave():
    """ "If the stock of available tiles is exhausted, all remaining tiles on the board are revealed
    (except Cave if hidden). ... After that when a tile is removed, the space is left blank and is
    treated like a trail." """
    state = fresh(2)
    cave = put_tile(state, "H1", "cave")
    calm(state, "B4")
    trad = put_tile(state, "B5", "traditional", face_up=True)
    place_muggle(state, NORTH, "H6", "N")
    # The last tile of the stock refills B5: a Multi-cache, whatever the deal, taken below to
    # leave the square blank.
    last = next(t for t in tiles_of("multi") if t not in state.board.values())
    moved = [t for t in state.stock if t != last]
    state.stock = [last]
    state.discard = [t for t in state.discard if t != last] + moved
    turn_of(state, 0, "B4")
    state, events = act(state, "go:B5")
    assert trad in state.seats[0].caches and not state.stock
    assert state.stock_out
    assert cave not in state.faceup
    assert all(t in state.faceup for t in state.board.values() if t != cave)
    assert "📦 The stock is used up" in text(events)
    taker = state.board["B5"]
    if DATA.kind(taker).is_cache:
        state.seats[0].caches.append(state.board.pop("B5"))
        state.faceup.remove(taker)
    assert is_trail(DATA, state, "B5")


def test_golden_ammo_can_gives_an_extra_turn_after_the_next_cache():
    """ "Golden Ammo Can – Get an extra turn after taking next cache (one use)." """
    state = fresh(2)
    can = give_event(state, 0, "golden_ammo_can")
    calm(state, "B4")
    trad = put_tile(state, "B5", "traditional", face_up=True)
    turn_of(state, 0, "B4")
    assert f"ev:{can}" not in actions(state), "it is never played from the hand"
    state, events = act(state, "go:B5")
    assert trad in state.seats[0].caches and can in state.event_discard
    assert "✨ Golden Ammo Can: {p0} gets another turn after this one." in text(events)
    if E.current_seats(state) == [0] and "end" in actions(state):
        state, events = act(state, "end")
    assert E.current_seats(state) == [0] and state.prompts[-1].kind == "move"
    assert "takes the Golden Ammo Can's extra turn" in text(events)


def test_disable_cache_must_be_played_at_once():
    """ "Disable Cache is not optional. Must play immediately." """
    state = fresh(2)
    victim = give_cache(state, 1, "traditional")
    card = top_event(state, "disable_cache")
    turn_of(state, 0, "B12")
    state.seats[0].square = "B12"
    state.seats[0].used_square = "B12"
    turn_of(state, 0, "B12")
    state, _ = act(state, "go:C12")
    state, _ = act(state, "shop")
    assert E.seat_view(state, 0).prompt == "target"
    assert actions(state) == [f"tgt:1.{victim}"], "no 'keep the card'"
    assert E.prompt_text(E.seat_view(state, 0)).startswith("Disable which cache?")
    state, _events = act(state, f"tgt:1.{victim}")
    assert victim in state.discard and card in state.event_discard


def test_the_cards_read_as_muggles_plays_them():
    """ "Golden Ammo Can – Get an extra turn after taking next cache (one use)." A player who draws it
    reads that, not the base game's "worth double"; Trail Notes say "reveal four"."""
    state = fresh(2)
    top_event(state, "golden_ammo_can")
    turn_of(state, 0, "B12")
    state, _ = act(state, "go:C12")
    state, events = act(state, "shop")
    assert "extra turn after taking your next cache" in text(events)
    assert "worth double" not in text(events)
    notes = next(c for c in E.data.events if c.effect == "peek")
    assert "reveal four" in notes.text


def test_disable_cache_with_nothing_to_disable_is_discarded():
    state = fresh(2)
    card = top_event(state, "disable_cache")
    turn_of(state, 0, "B12")
    state, _ = act(state, "go:C12")
    state, events = act(state, "shop")
    assert card in state.event_discard
    assert "finds no cache of another player" in text(events)


def test_a_second_disable_cache_with_nothing_left_to_disable_is_discarded():
    """Two Disable Cache cards in one hand and one cache among the teammates: the first takes it, the
    second finds nothing ("Können die Bedingungen des Ereignisses nicht erfüllt werden, wird das
    Ereignis ignoriert und die Karte abgeworfen") and the turn goes on."""
    state = fresh(2)
    victim = give_cache(state, 1, "traditional")
    first = give_event(state, 0, "disable_cache")
    second = give_event(state, 0, "disable_cache")
    turn_of(state, 0, "B12")
    state, _ = act(state, "go:C12")
    assert [p.kind for p in state.prompts[-2:]] == ["target", "target"]
    state, events = act(state, f"tgt:1.{victim}")
    assert victim in state.discard
    assert {first, second} <= set(state.event_discard)
    assert "finds no cache of another player" in text(events)
    assert actions(state), "the player still has something to do"


def test_a_cave_revealed_remotely_sends_humans_to_hospital_and_muggles_for_help():
    """ "Cave tile – On Cave and surrounding spaces, muggles Call For Help (see above), and humans go to
    hospital unless one has the Snack card." """
    state = fresh(2)
    put_tile(state, "D5", "cave")
    state.seats[1].square = "C6"
    place_muggle(state, NORTH, "E4", "N")
    turn_of(state, 0, "A13")
    state, _ = act(state, "go:B13")
    state, _ = act(state, "shop")
    state, events = act(state, "peek:D5")
    assert state.bear_awake
    assert state.seats[1].square == BOARD.emergency_room
    assert state.muggles[NORTH].square == "F6"
    assert "calls for help" in text(events)


def test_the_snack_calms_a_remotely_revealed_cave():
    state = fresh(2)
    cave = put_tile(state, "D5", "cave")
    state.seats[1].square = "C6"
    give_event(state, 1, "snack")
    turn_of(state, 0, "A13")
    state, _ = act(state, "go:B13")
    state, _ = act(state, "shop")
    state, _ = act(state, "peek:D5")
    assert not state.bear_awake and cave in state.known and state.seats[1].square == "C6"


def test_the_snack_spares_the_humans_only_the_muggles_still_call_for_help():
    """ "On Cave and surrounding spaces, muggles Call For Help (see above), and humans go to hospital
    unless one has the Snack card." The Snack is the humans' exception: a muggle next to the Cave
    calls for help all the same."""
    state = fresh(2)
    cave = put_tile(state, "D5", "cave")
    state.seats[1].square = "C6"
    snack = give_event(state, 1, "snack")
    place_muggle(state, NORTH, "E4", "N")
    turn_of(state, 0, "A13")
    state, _ = act(state, "go:B13")
    state, _ = act(state, "shop")
    state, events = act(state, "peek:D5")
    assert state.seats[1].square == "C6" and snack in state.event_discard
    assert not state.bear_awake and cave in state.known
    assert state.muggles[NORTH].square == "F6" and state.muggles[NORTH].facing == "N"
    assert "North Woods muggle calls for help and is taken to F6" in text(events)


def test_a_construction_site_revealed_remotely_digs_at_once():
    """ "Construction Site – All surrounding tiles are trashed immediately (except another Construction Site.)" """
    state = fresh(2)
    blank = put_tile(state, "D5", "blank")
    turn_of(state, 0, "A13")
    state, _ = act(state, "go:B13")
    state, _ = act(state, "shop")
    state, _ = act(state, "peek:D5")
    assert blank in state.slabs
    assert not [
        sq for sq in BOARD.woods_around("D5") if sq in state.board and DATA.kind(state.board[sq]).category != "blank"
    ]


def test_a_map_revealed_remotely_reveals_around_it_without_trashing():
    """ "Map tile – All surrounding tiles are revealed but not trashed ... On revealed tiles around map,
    take no action until landed upon, even ones that say discard when revealed." """
    state = fresh(2)
    put_tile(state, "C5", "map")
    battery = lay(state, "battery", "B4", face_up=False)[0]
    event = lay(state, "take_event", "D6", face_up=False)[0]
    turn_of(state, 0, "A13")
    state, _ = act(state, "go:B13")
    state, _ = act(state, "shop")
    deck = len(state.event_deck)
    state, _events = act(state, "peek:C5")
    assert state.board["B4"] == battery and battery in state.faceup
    assert state.board["D6"] == event and event in state.faceup
    assert len(state.event_deck) == deck and not state.seats[0].events


def test_nothing_is_secret():
    """ "Secrets among players are not needed in a cooperative game": event cards face up, no DMs."""
    assert E.spec.hidden_information is False
    assert not E.has_private_information(3)
    outcome = play(E, 3, 4)
    assert all(event.public for event in outcome.events)
    state = outcome.states[-1] if outcome.states else outcome.final
    for seat in range(3):
        assert E.private_text(E.seat_view(state, seat)) == ""
