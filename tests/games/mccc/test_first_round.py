"""The Balanced start of the house multiplayer game (docs/games/mccc.md): until everyone has had a
turn, no choice that ends the game is offered while another remains, and the Cat is shuffled into
the third stack. It changes the solo rule "A **legal destination** is any empty space in the 5 x 5
grid or one that ends the game immediately." only in multiplayer, which the text does not cover."""

from __future__ import annotations

import pytest

from bot.engine import RuleError
from bot.games.mccc import first_round, rules
from bot.games.mccc import maze as mz
from bot.games.mccc.help import rule_help
from bot.games.mccc.state import Placement
from bot.games.mccc.viewing import assess
from tests.games.mccc.helpers import DATA, ENGINE, actions, play


def deal(seed: int, balanced: bool = True, players: int = 4, setup: int = 1):
    return ENGINE.new_game(players, ENGINE.options_for({"setup": setup, "balanced": balanced}, players), seed)


def ending_placements(state, slot: int) -> list[str]:
    """The placements of belt card ``slot`` that end the game however the movers run."""
    picked, _ = play(state, f"belt:{slot}")
    out = []
    card = picked.belt[slot - 1]
    for kind, cell, rot in rules.placements(DATA, picked, card):
        if assess(DATA, picked, Placement(kind, cell, rot))[3] == "ends":
            out.append(f"{kind}:{mz.label(cell)}:r{rot}")
    return out


def test_the_lobby_offers_it_to_multiplayer_tables_switched_on():
    assert ENGINE.options_for({}, 3)["balanced"] is True
    assert deal(0).balanced and not deal(0, balanced=False).balanced
    assert not deal(0, players=1).balanced, "solo is the rule book's game"
    # A game started before the option existed has no such key: it replays as it was dealt.
    assert not ENGINE.new_game(4, {"setup": 1}, 0).balanced


def test_the_cat_is_shuffled_into_the_third_stack():
    """Setup 1's stacks hold 6, 5, 5 and 5 maze cards and no agendas in multiplayer."""
    balanced = {deal(seed).deck.index("cat") for seed in range(40)}
    as_played = {deal(seed, balanced=False).deck.index("cat") for seed in range(40)}
    assert balanced <= set(range(11, 17)) and len(balanced) > 3
    assert as_played <= set(range(6, 12)) and len(as_played) > 3
    # The public chance of the Cucumber and the search's samples read the same structure.
    state = deal(5)
    for sample_seed in range(10):
        assert ENGINE.determinize(state, 0, sample_seed).deck.index("cat") in range(11, 17)


def test_a_placement_that_ends_the_game_is_not_offered_in_the_first_round():
    """Seed 2: the first player could run the Mouse onto the Cheese on the very first turn."""
    as_played = deal(2, balanced=False)
    slot, ending = next((s, e) for s in range(1, 5) if (e := ending_placements(as_played, s)))
    picked, _ = play(as_played, f"belt:{slot}")
    assert set(ending) <= set(actions(picked)), "without the Balanced start it may be played"

    state = deal(2)
    picked, _ = play(state, f"belt:{slot}")
    offered = actions(picked)
    assert not set(ending) & set(offered) and len(offered) > 1
    with pytest.raises(RuleError, match="not possible now"):
        ENGINE.apply(picked, 0, ending[0])
    assert ENGINE.public_view(picked).first_round


def test_the_preview_does_not_turn_the_card_to_a_way_round_that_ends_the_game():
    state = deal(2)
    for slot in range(1, 5):
        picked, _ = play(state, f"belt:{slot}")
        for action in actions(picked):
            if action == "back":
                continue
            previewed, _ = play(picked, action)
            turned = [a for a in actions(previewed) if a.startswith(("place:", "stack:"))]
            assert not set(turned) & set(ending_placements(state, slot))


def test_a_space_that_ends_the_game_is_not_offered_while_another_is():
    """Seed 109, turn 3: the Mouse may run to F4 or onto the Cheese at D5; only F4 is offered."""
    moves = [
        (0, "belt:2"),
        (0, "place:G5:r0"),
        (0, "confirm"),
        (1, "ability:cucumber"),
        (1, "belt:4"),
        (1, "stack:E4:r0"),
        (1, "confirm"),
        (2, "belt:2"),
        (2, "stack:E5:r0"),
        (2, "confirm"),
    ]
    state = deal(109)
    for seat, action in moves:
        state, _ = play(state, action, seat=seat)
    assert state.turn == 3 and state.phase == "dest"
    assert actions(state, 2) == ["dest:F4"]
    assert [d.cell for d in ENGINE.public_view(state).destinations] == ["F4"], "the board shows what is offered"
    with pytest.raises(RuleError):
        ENGINE.apply(state, 2, "dest:D5")
    as_played = ENGINE.clone(state)
    as_played.balanced = False
    assert actions(as_played, 2) == ["dest:F4", "dest:D5"]


def test_after_the_first_round_the_game_may_end_again():
    state = deal(2)
    slot, ending = next((s, e) for s in range(1, 5) if (e := ending_placements(state, s)))
    later = ENGINE.clone(state)
    later.turn = 5
    picked, _ = play(later, f"belt:{slot}")
    assert set(ending) <= set(actions(picked))
    assert not ENGINE.public_view(later).first_round


def test_when_every_space_ends_the_game_every_space_stays():
    state = deal(109)
    dests = {mz.parse_label("D5"): "cheese", mz.parse_label("F6"): "cat"}
    state.phase, state.movers = "dest", ["mouse"]
    assert first_round.destinations(DATA, state, dests) == dests


def test_the_player_is_told_why():
    state = deal(2)
    view = ENGINE.seat_view(state, 0)
    assert "First round" in ENGINE.prompt_text(view)
    assert "House rule" in rule_help(view) and "legal destination" in rule_help(view)
    later = ENGINE.clone(state)
    later.turn = 5
    assert "First round" not in ENGINE.prompt_text(ENGINE.seat_view(later, 0))
    assert "First round" not in ENGINE.prompt_text(ENGINE.seat_view(deal(2, balanced=False), 0))
