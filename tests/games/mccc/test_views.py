"""What the table sees: views without secrets, texts, choice labels matching the grid, action formats."""

from __future__ import annotations

import json
import re

from bot.engine.playout import play as playout
from bot.games.mccc import maze as mz
from tests.games.mccc.helpers import COMPUTER, ENGINE, card_of, play, rot_for, scenario

ACTION = re.compile(
    r"^(belt:[1-4]|back|(place|stack):[A-I][1-9]:r[0-3]|first:(mouse|cat)|dest:[A-I][1-9]|cat:[A-I][1-9]"
    r"|turn:[A-I][1-9]:[1-3]|ability:(mouse|cat|cheese|cucumber)|discard:[1-4])$"
)


def new(seed=4, players=1, **options):
    return ENGINE.new_game(players, ENGINE.options_for(options, players), seed)


def test_solo_public_view_hides_the_deck_and_the_agendas():
    # "Without looking, place one facedown at the bottom of each stack." The deck order and the agendas
    # in it stay hidden (from the player too) until the rules reveal them.
    state = new()
    public = ENGINE.view(state, None)
    text = json.dumps(public)
    assert "agenda:" not in text
    assert public["deck"] == {"count": 27, "cat_in_deck": True, "cucumber_in_deck": True, "agendas_in_deck": 4}
    assert ENGINE.view(state, 0) == public, "solo: the player sees what everyone sees"
    assert ENGINE.private_text(ENGINE.view(state, 0)) == ""
    shuffled = ENGINE.shuffle_hidden(state, 5)
    assert shuffled.deck != state.deck
    assert ENGINE.view(shuffled, None) == public


def test_view_schema_for_the_renderer():
    state = new()
    view = ENGINE.view(state, None)
    for key in (
        "game",
        "mode",
        "setup",
        "setup_name",
        "turn",
        "phase",
        "active",
        "frame",
        "maze",
        "characters",
        "belt",
        "deck",
        "outlook",
        "agendas",
        "ability",
        "last",
        "result",
    ):
        assert key in view
    entry = view["maze"][0]
    assert set(entry) == {"cell", "card", "rot", "name", "edges", "stacked", "under"}
    assert all(re.fullmatch(r"[OW]h?[+-]?", code) for code in entry["edges"]) and len(entry["edges"]) == 4
    assert set(view["belt"][0]) == {"slot", "card", "name", "edges"}
    assert view["characters"]["cat"] is None
    assert view["frame"]["cols"] and view["frame"]["rows"]


def test_choices_use_the_grid_labels_shown_on_the_picture():
    state = new(8)
    view = ENGINE.view(state, None)
    cols, rows = view["frame"]["cols"], view["frame"]["rows"]
    picked, _ = play(state, "belt:1")
    for choice in ENGINE.legal_actions(picked, 0):
        assert ACTION.match(choice.action)
        if choice.action.startswith(("place:", "stack:")):
            cell = choice.action.split(":")[1]
            assert cell[0] in cols and int(cell[1:]) in rows
            assert choice.label.startswith(cell) or choice.label.startswith(f"on {cell}")
            assert choice.group == "place"


def test_a_turn_is_three_quick_choices():
    state = new(8)
    belt = ENGINE.legal_actions(state, 0)
    assert 1 <= len(belt) <= 5 and {c.group for c in belt} == {"belt"} and all(c.public for c in belt)
    picked, _ = play(state, belt[0].action)
    groups = {c.group for c in ENGINE.legal_actions(picked, 0)}
    assert groups == {"place", "back"}


def test_every_action_is_short_and_stable_through_a_game():
    outcome = playout(ENGINE, 1, 12, keep_states=True)
    for state in outcome.states:
        for choice in ENGINE.legal_actions(state, 0):
            assert ACTION.match(choice.action), choice.action
            assert len(choice.action) <= 80 and len(choice.label) <= 80 and len(choice.description) <= 100


def test_status_and_prompt_texts():
    state = new()
    public = ENGINE.view(state, None)
    status = ENGINE.status_text(public)
    assert "Cat's Crossing" in status and "Active: **the Mouse**" in status and "Deck: 27 cards" in status
    assert ENGINE.prompt_text(ENGINE.view(state, 0)) == "Pick a belt card to place next to the Mouse."
    picked, _ = play(state, "belt:2")
    assert ENGINE.prompt_text(ENGINE.view(picked, 0)).startswith("Where does")


def test_events_narrate_the_turn_and_the_view_keeps_the_path():
    cross = card_of("Cross", cogs=False)
    straight = card_of("Straight", cogs=False)
    state = scenario(
        {"E4": (cross, 0)},
        {"mouse": "E6", "cheese": "B5"},
        [straight, card_of("Corner"), card_of("T-junction"), card_of("Cross", cogs=True)],
    )
    after, texts = play(state, "belt:1", f"place:E5:r{rot_for(straight, 'E+W')}")
    assert texts[0].startswith("{p0} placed Straight #")
    assert "at E5" in texts[0]
    dests = ENGINE.view(after, None)["destinations"]
    assert dests == ["D4", "E3", "F4"]
    after, texts = play(after, "dest:E3")
    assert texts[0] == "The Mouse ran E6 → E5 → E4 → E3."
    last = ENGINE.view(after, None)["last"]
    assert last["cell"] == "E5" and last["paths"] == {"mouse": ["E6", "E5", "E4", "E3"]}


def test_dump_and_load_round_trip_mid_turn():
    state = new(6)
    picked, _ = play(state, "belt:1")
    for s in (state, picked):
        again = ENGINE.load(json.loads(json.dumps(ENGINE.dump(s))))
        assert ENGINE.dump(again) == ENGINE.dump(s)


def test_computer_sees_only_the_view():
    state = new(6)
    view = ENGINE.view(state, 0)
    action = COMPUTER.choose(view, ENGINE.legal_actions(state, 0), __import__("bot.engine", fromlist=["Rng"]).Rng(1))
    assert action in {c.action for c in ENGINE.legal_actions(state, 0)}


def test_frame_shrinks_to_where_cards_may_still_go():
    state = new(2)
    view = ENGINE.view(state, None)
    x0, y0, x1, _y1 = mz.frame(state.maze, state.chars)
    assert len(view["frame"]["cols"]) == x1 - x0 + 1 <= 9
    assert view["frame"]["rows"][0] == y0 + 1
