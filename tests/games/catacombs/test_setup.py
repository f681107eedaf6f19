"""Setup: start tiles, pawns, relics, monsters, characters, hands, options."""

from __future__ import annotations

import pytest

from bot.games.catacombs import geometry as geo
from tests.games.catacombs.helpers import actions, cell, engine, run


def new(players: int, seed: int = 1, **options):
    e = engine()
    return e.new_game(players, e.options_for(options, players), seed)


@pytest.mark.parametrize("players,relics", [(1, 3), (2, 3), (3, 4), (4, 6)])
def test_relic_tiles_by_player_count_on_their_spaces(players, relics):
    """ "1-2 Players = 3 Relic Tiles, 3 Players = 4 Relic Tiles, 4 Players = 6 Relic Tiles" and
    "Randomly place the Relic Tiles in the spaces indicated in the three quadrants of the board
    for the appropriate number of players." """
    s = new(players)
    assert sum(len(stack) for stack in s.relics.values()) == relics == s.relic_count
    assert set(s.relics) == set(engine().data.board.relic_spaces[relics])


@pytest.mark.parametrize("players,t_tiles", [(1, 0), (2, 0), (3, 1), (4, 2)])
def test_t_tiles_at_the_exit_and_a_pawn_on_each_end(players, t_tiles):
    """ "For 3 or 4 player games take 1 or 2 T Passage Tiles and connect them to the Catacombs Exit
    space with the ends of the paths not blocked by the outer walls" and "Place each player pawn
    on the end of a pathway that is connected to the entrance to the Catacombs"."""
    s = new(players, characters="random")
    d = engine().data
    assert [d.kinds[t.id].key for t in s.board.values()] == ["T"] * t_tiles
    ends = {(p.cell, p.start) for p in s.seats}
    assert len(ends) == players
    for pawn in s.seats:
        assert pawn.cell == d.board.exit_cell or pawn.cell in s.board
        if players > 1:
            assert pawn.start and d.board.grid.step(pawn.cell, pawn.start) >= 0


def test_each_player_draws_5_without_encounters():
    """ "Each player draws 5 Tiles (replace any Encounter Tiles and redraw)." """
    for seed in range(20):
        s = new(4, seed, characters="random")
        for pawn in s.seats[1:]:
            assert len(pawn.hand) == 5
            assert all(engine().data.kinds[t].cls in ("passage", "item") for t in pawn.hand)


def test_characters_are_chosen_in_turn_with_their_tokens():
    """ "Players choose a Character Card to start with." "Each player takes 3 Health Point tokens
    (4 Health Point tokens for the Athlete) and 3 Bullet tokens (4 Bullet tokens for the
    Mercenary)." """
    s = new(2)
    assert engine().current_seats(s) == [0]
    assert "char:athlete" in actions(s, 0)
    s, _ = run(s, (0, "char:athlete"))
    assert "char:athlete" not in actions(s, 1), "each character once"
    s, _ = run(s, (1, "char:mercenary"))
    assert (s.seats[0].health, s.seats[0].bullets) == (4, 3)
    assert (s.seats[1].health, s.seats[1].bullets) == (3, 4)


def test_characters_can_be_dealt_at_random():
    """ "Or deal out Character Cards randomly." """
    s = new(4, characters="random")
    assert len({p.character for p in s.seats}) == 4
    assert engine().current_seats(s) == [0]


@pytest.mark.parametrize("option,count", [("0", 0), ("2", 2), ("6", 6), ("players", 3)])
def test_monsters_optional_in_the_centre_of_a_quadrant(option, count):
    """ "If you decide to play with Monsters, decide how many Monsters you want to play with. It
    is recommended to play with as many Monsters as players." "For each Monster you use, place its
    tile in one of the center four spaces of a quadrant." """
    s = new(3, monsters=option)
    assert len(s.monsters) == count
    centres = {c for q in range(4) for c in geo.centre_four(q)}
    assert all(m.cell in centres for m in s.monsters)
    assert len({m.cell for m in s.monsters}) == count


def test_options_that_do_not_fit_the_table_are_played_at_their_defaults():
    """Relics "as many as you like" is for solo and co-op; "escape with 3 Relics" for competitive.
    The lobby hides an option that does not apply to its table, so Start plays it at its default."""
    e = engine()
    assert e.options_for({"relics": "5"}, 3)["relics"] == "auto"
    assert e.options_for({"longer": True, "mode": "cooperative"}, 3)["longer"] is False
    assert e.options_for({"longer": True}, 1)["longer"] is False
    assert e.options_for({"relics": "5"}, 1)["relics"] == "5"
    assert e.options_for({"relics": "5", "mode": "cooperative"}, 3)["relics"] == "5"
    assert e.options_for({"longer": True}, 3)["longer"] is True
    assert [o.key for o in e.spec.applicable_options(1, e.spec.normalise_options({}))] == [
        "monsters",
        "relics",
        "rounds",
        "characters",
    ]


def test_the_longer_game_needs_three_relics():
    """ "Or for a more difficult, or longer game, characters must escape with 3 Relics to win." """
    assert new(2, longer=True).relics_to_win == 3
    assert new(2).relics_to_win == 2


def test_solo_and_co_op_may_place_any_number_of_relics():
    """ "You may play with as many Relics on the board as you like" """
    s = new(1, relics="5")
    assert s.relic_count == 5 and sum(len(v) for v in s.relics.values()) == 5
    assert set(s.relics) <= set(engine().data.board.relic_spaces[6])
    assert new(3, relics="2", mode="cooperative").relic_count == 2


def test_solo_is_one_player_and_cooperative_is_chosen():
    e = engine()
    assert new(1).mode == "solo"
    assert new(2, mode="cooperative").mode == "cooperative"
    assert new(2).mode == "competitive"
    assert cell("C12") == e.data.board.exit_cell
