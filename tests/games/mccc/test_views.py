"""What the table sees: typed views without secrets, texts, choice labels matching the grid, action formats."""

from __future__ import annotations

import json
import re

from bot.engine import Rng, codec
from bot.engine.playout import play as playout
from bot.games.mccc import maze as mz
from bot.games.mccc.texts import FIRST_ROUND_PHASES
from bot.games.mccc.views import Deck, Edge, PublicView, RunView, SeatView
from tests.games.mccc.helpers import COMPUTER, ENGINE, card_of, play, public, rot_for, scenario

ACTION = re.compile(
    r"^(belt:[1-4]|back|confirm|(place|stack):[A-I][1-9]:r[0-3]|first:(mouse|cat)|dest:[A-I][1-9]|cat:[A-I][1-9]"
    r"|turn:[A-I][1-9]:[1-3]|ability:(mouse|cat|cheese|cucumber)|discard:[1-4])$"
)


def new(seed=4, players=1, **options):
    return ENGINE.new_game(players, ENGINE.options_for(options, players), seed)


def test_solo_public_view_hides_the_deck_and_the_agendas():
    # "Without looking, place one facedown at the bottom of each stack." The deck order and the agendas
    # in it stay hidden (from the player too) until the rules reveal them.
    state = new()
    view = public(state)
    assert isinstance(view, PublicView)
    text = json.dumps(codec.builtins(view))
    assert "agenda:" not in text and "did it" not in text
    assert view.deck == Deck(count=27, cat_in_deck=True, cucumber_in_deck=True, agendas_in_deck=4)
    mine = ENGINE.seat_view(state, 0)
    assert isinstance(mine, SeatView) and mine.public == view, "solo: the player sees what everyone sees"
    assert mine.secret is None and ENGINE.private_text(mine) == ""
    shuffled = ENGINE.shuffle_hidden(state, 5)
    assert shuffled.deck != state.deck
    assert public(shuffled) == view


def test_views_are_frozen_tuples_for_the_renderer():
    view = public(new())
    entry = view.maze[0]
    assert len(entry.edges) == 4 and all(isinstance(e, Edge) for e in entry.edges)
    assert entry.name.split(" #")[1] == str(entry.card) and not entry.stacked
    assert view.belt[0].slot == 1 and view.belt[0].card is not None and len(view.belt[0].edges) == 4
    assert view.characters.cat is None and view.characters.mouse == "F5"
    assert view.frame.cols and view.frame.rows
    assert isinstance(view.maze, tuple) and isinstance(view.frame.rows, tuple)


def test_choices_use_the_grid_labels_shown_on_the_picture():
    state = new(8)
    view = public(state)
    cols, rows = view.frame.cols, view.frame.rows
    picked, _ = play(state, "belt:1")
    for choice in ENGINE.legal_actions(picked, 0):
        assert ACTION.match(choice.action)
        if choice.action.startswith(("place:", "stack:")):
            cell = choice.action.split(":")[1]
            assert cell[0] in cols and int(cell[1:]) in rows
            assert choice.label.lstrip("💀 ").startswith((cell, f"on {cell}"))
            assert choice.group == "place"


def test_a_turn_is_pick_place_confirm():
    state = new(8)
    belt = ENGINE.legal_actions(state, 0)
    assert 1 <= len(belt) <= 5 and {c.group for c in belt} == {"belt"} and all(c.public for c in belt)
    picked, _ = play(state, belt[0].action)
    places = ENGINE.legal_actions(picked, 0)
    assert {c.group for c in places} == {"place", "back"}
    previewed, _ = play(picked, places[0].action)
    confirming = [c.action for c in ENGINE.legal_actions(previewed, 0)]
    assert confirming[:2] == ["confirm", "back"]
    space = places[0].action.rsplit(":", 1)[0]
    assert [a.rsplit(":", 1)[0] for a in confirming[2:]] in ([], [space]), "↻ turns the card on its space"


def test_every_action_is_short_and_stable_through_a_game():
    outcome = playout(ENGINE, 1, 12, keep_states=True)
    for state in outcome.states:
        for choice in ENGINE.legal_actions(state, 0):
            assert ACTION.match(choice.action), choice.action
            assert len(choice.action) <= 80 and len(choice.label) <= 80 and len(choice.description) <= 100


def test_status_and_prompt_texts():
    state = new()
    status = ENGINE.status_text(public(state))
    assert "Cat's Crossing" in status and "Active: **the Mouse**" in status and "Deck: 27 cards" in status
    assert not status.startswith("**Mouse Cheese Cat Cucumber**\n"), "never bold around a whole status"
    prompt = ENGINE.prompt_text(ENGINE.seat_view(state, 0))
    assert prompt == ("Pick a belt card to place next to the Mouse.\nThe Mouse must then move through it, or you lose.")
    picked, _ = play(state, "belt:2")
    prompt = ENGINE.prompt_text(ENGINE.seat_view(picked, 0))
    assert prompt.startswith("Where does") and len(prompt.split("\n")) == 2


def test_every_prompt_has_a_question_and_one_line_saying_what_it_means():
    for players in (1, 3):
        outcome = playout(ENGINE, players, 9, keep_states=True)
        for state in outcome.states:
            if ENGINE.is_terminal(state):
                continue
            lines = ENGINE.prompt_text(ENGINE.seat_view(state, state.seat)).split("\n")
            if public(state).first_round and state.phase in FIRST_ROUND_PHASES:
                # the balanced game's first round adds its house rule as a third line
                assert lines.pop().startswith("First round:")
            assert len(lines) == 2 and all(line.strip() for line in lines), lines
            assert not lines[0].startswith("**"), "the table bolds the question"


def test_events_narrate_the_turn_and_the_view_keeps_the_path():
    cross = card_of("Cross", cogs=False)
    straight = card_of("Straight", cogs=False)
    state = scenario(
        {"E4": (cross, 0)},
        {"mouse": "E6", "cheese": "B5"},
        [straight, card_of("Corner"), card_of("T-junction"), card_of("Cross", cogs=True)],
    )
    after, texts = play(state, "belt:1", f"place:E5:r{rot_for(straight, 'E+W')}", "confirm")
    assert texts[0].startswith("{p0} placed Straight #")
    assert "at E5" in texts[0]
    assert [d.cell for d in public(after).destinations] == ["D4", "E3", "F4"]
    after, texts = play(after, "dest:E3")
    assert texts[0] == "The Mouse ran E6 → E5 → E4 → E3."
    last = public(after).last
    assert last is not None and last.cell == "E5" and last.runs == (RunView("mouse", ("E6", "E5", "E4", "E3")),)


def test_dump_and_load_round_trip_mid_turn():
    state = new(6)
    picked, _ = play(state, "belt:1")
    previewed, _ = play(picked, ENGINE.legal_actions(picked, 0)[0].action)
    for s in (state, picked, previewed):
        again = ENGINE.load(json.loads(json.dumps(ENGINE.dump(s))))
        assert ENGINE.dump(again) == ENGINE.dump(s) and again == s


def test_computer_sees_only_the_view():
    state = new(6)
    view = ENGINE.seat_view(state, 0)
    action = COMPUTER.choose(view, ENGINE.legal_actions(state, 0), Rng(1))
    assert action in {c.action for c in ENGINE.legal_actions(state, 0)}


def test_the_grid_shows_the_maze_and_one_space_around_it():
    state = new(2)
    view = public(state)
    x0, y0, x1, y1 = mz.box_of(mz.occupied(state.maze, state.chars))
    assert view.frame.cols == mz.COLUMNS[x0 - 1 : x1 + 2] and view.frame.rows == tuple(range(y0, y1 + 3))
    for players, seed in ((1, 3), (2, 5)):
        for s in playout(ENGINE, players, seed, keep_states=True).states:
            v = public(s)
            assert 5 <= len(v.frame.cols) <= 7 and 5 <= len(v.frame.rows) <= 7
            shown = {f"{c}{r}" for c in v.frame.cols for r in v.frame.rows}
            assert {c.cell for c in v.maze} | {cell for _, cell in v.characters.placed()} <= shown
            assert {d.cell for d in v.destinations} | set(v.cat_options) <= shown
            if v.preview is not None:
                assert v.preview.cell in shown
                assert {d.cell for m in v.preview.moves for d in m.destinations} <= shown
