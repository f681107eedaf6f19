"""Setting up: "AUFSTELLEN" and the start of "BEWEGUNG"."""

from __future__ import annotations

from tests.games.cmiyc.helpers import BOARD, DATA, E, act, actions, fresh


def test_tiles_face_down_on_every_square_without_a_printed_trail_and_a_stock_remains():
    """ "Mischt die Cache-Bereichsplättchen und legt sie verdeckt auf jedes Feld, auf dem sich kein
    „Trail on the Woods“-Plättchen befindet." — shuffle the tiles and lay them face down on every
    square without a printed trail."""
    state = E.new_game(3, E.options_for({}, 3), 4)
    assert set(state.board) == set(BOARD.tile_squares)
    for part in BOARD.woods:
        assert not set(part.trail) & set(state.board)
    assert state.faceup == []
    assert len(state.stock) == 104 - len(BOARD.tile_squares)
    other = E.new_game(3, E.options_for({}, 3), 5)
    assert other.board != state.board, "shuffled from the seed"


def test_each_player_starts_with_a_piece_gps_pen_three_equipment_cards_and_a_character():
    """ "Jeder Spieler beginnt mit einer Spielfigur, einem GPS/STIFT, 3 Ausrüstungskarten und 1
    Charakterkarte. Sie werden offen vor jedem Spieler abgelegt." — a piece, the GPS/PEN, 3 equipment
    cards and 1 character, all face up (public)."""
    state = E.new_game(6, E.options_for({}, 6), 2)
    assert len({p.character for p in state.seats}) == 6
    view = E.public_view(state)
    for player in view.seats:
        assert player.gps and len(player.gear) == 3
        assert DATA.character(player.character)
    assert len(state.equipment_deck) == 28 - 18


def test_everyone_chooses_the_sides_of_their_cards_at_the_same_time():
    """ "Der Spieler muss entscheiden, welchen Gegenstand er verwenden möchte, indem er die Karte vor sich
    mit dem ausgewählten Gegenstand in Richtung des Spielbretts legt." — each player picks the side that
    faces the board; the bot asks all players at once."""
    state = E.new_game(3, E.options_for({}, 3), 1)
    assert E.current_seats(state) == [0, 1, 2]
    card = state.seats[1].gear[0].card
    assert actions(state, 1) == [f"side:{card}:0", f"side:{card}:1"]
    state, events = act(state, f"side:{card}:1", seat=1)
    assert state.seats[1].gear[0].side == 1
    assert DATA.item_name(DATA.equipment[card].sides[1]) in events[0].text


def test_all_players_start_at_the_moonrise_cafe_and_seat_one_begins():
    """ "Alle Spieler beginnen auf dem Feld „Moonrise Café“ auf dem Stadtplan." "Weiter geht es im
    Uhrzeigersinn." — everyone starts on the café; turns go round the table."""
    state = fresh(4)
    assert {p.square for p in state.seats} == {BOARD.cafe}
    assert E.current_seats(state) == [0]
    state, _ = act(state, "stay")
    if state.prompts[-1].kind == "act":
        state, _ = act(state, "end")
    assert E.current_seats(state) == [1]
