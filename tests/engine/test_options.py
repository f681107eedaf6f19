"""Typed game options (`options: rounds=2 fast=yes`): one parser, one checker, autocomplete."""

from __future__ import annotations

import dataclasses

import pytest

from bot.engine import GameSpec, OptionIs, OptionSpec, Relation, RuleError
from bot.engine.options import applies_text, describe, normalise, parse, suggestions, summary

SPECS = (
    OptionSpec("setup", "Setup", 1, minimum=1, maximum=3),
    OptionSpec("easier", "Easier start", False, description="Fewer rocks"),
    OptionSpec("map", "Map", "north", choices=(("north", "Northern sea"), ("south", "Southern sea"))),
    OptionSpec("crew", "Crew", 2, choices=((2, "Two"), (3, "Three"))),
)


def test_parse_typed_values():
    assert parse("setup=2 easier=true", SPECS, "Mutiny") == {"setup": 2, "easier": True}
    assert parse("setup:3, easier=no; map=south", SPECS, "Mutiny") == {"setup": 3, "easier": False, "map": "south"}
    assert parse("map=SOUTH crew=3 easier", SPECS, "Mutiny") == {"map": "south", "crew": 3, "easier": True}
    assert parse("", SPECS, "Mutiny") == {} and parse(None, SPECS, "Mutiny") == {}
    assert parse("Easier=yes", SPECS, "Mutiny") == {"easier": True}


@pytest.mark.parametrize(
    "text,message",
    [
        ("speed=3", "Unknown option `speed` for Mutiny. Its options: `setup`, `easier`, `map`, `crew`."),
        ("setup=two", "Option **Setup** must be a whole number."),
        ("easier=maybe", "Option **Easier start** must be true or false."),
        ("map=west", "Option **Map** must be one of `north`, `south`."),
        ("setup", "Give a value for option `setup`, like `setup=1`."),
    ],
)
def test_parse_errors_say_what_is_wrong(text, message):
    with pytest.raises(RuleError) as error:
        parse(text, SPECS, "Mutiny")
    assert str(error.value) == message


def test_no_options():
    with pytest.raises(RuleError, match=r"Chess has no options\."):
        parse("x=1", (), "Chess")


def test_suggestions_complete_the_last_word():
    keys = suggestions("", SPECS)
    assert [value for _, value in keys] == ["setup=1", "easier=false", "map=north", "crew=2"]
    assert keys[1][0] == "easier=false · Easier start — Fewer rocks"
    assert [v for _, v in suggestions("setup=2 ea", SPECS)] == ["setup=2 easier=false"]
    assert [v for _, v in suggestions("setup=2 ", SPECS)] == [
        "setup=2 easier=false",
        "setup=2 map=north",
        "setup=2 crew=2",
    ]
    assert suggestions("map=s", SPECS) == [("map=south · Southern sea", "map=south")]
    assert [v for _, v in suggestions("setup=", SPECS)] == ["setup=1", "setup=2", "setup=3"]
    assert suggestions("", ()) == []
    assert all(len(name) <= 100 and len(value) <= 100 for name, value in suggestions("x" * 120 + " ", SPECS))


def test_describe():
    assert describe(SPECS[0]) == "`setup` — Setup: 1–3 (default `1`)"
    assert describe(SPECS[1]) == "`easier` — Easier start: `true` / `false` (default `false`). Fewer rocks"
    assert describe(SPECS[2]) == "`map` — Map: `north` (Northern sea) / `south` (Southern sea) (default `north`)"


def test_numbers_are_checked_against_their_range_and_ascii_digits_only():
    with pytest.raises(RuleError, match="at most 3"):
        parse("setup=4", SPECS, "Mutiny")
    with pytest.raises(RuleError, match="whole number"):
        parse("setup=\u0663", SPECS, "Mutiny")  # ARABIC-INDIC DIGIT THREE
    with pytest.raises(RuleError, match="whole number"):
        parse("setup=" + "9" * 30, SPECS, "Mutiny")


def test_normalise_fills_defaults_and_refuses_unknown_keys():
    assert normalise({"setup": 2}, SPECS, "Mutiny") == {"setup": 2, "easier": False, "map": "north", "crew": 2}
    with pytest.raises(RuleError, match="Unknown option `speed`"):
        normalise({"speed": 1}, SPECS, "Mutiny")
    with pytest.raises(RuleError, match="true or false"):
        normalise({"easier": 3}, SPECS, "Mutiny")


def test_summary_reads_like_words_not_python():
    values = normalise({"easier": True, "map": "south"}, SPECS, "Mutiny")
    assert summary(values, SPECS) == "Setup: 1, Easier start: yes, Map: Southern sea, Crew: Two"


# --- which options apply (issue 21: "Show only the options that apply") ---

RACE = GameSpec(
    name="race",
    title="Race",
    summary="",
    min_players=1,
    max_players=4,
    relations=frozenset({Relation.SOLO, Relation.COMPETITIVE, Relation.COOPERATIVE}),
    hidden_information=False,
    chance=False,
    engine="x:y",
    computer="x:y",
    renderer="x:y",
    options=(
        OptionSpec(
            "mode",
            "Mode",
            "competitive",
            choices=(("competitive", "Race"), ("cooperative", "Team")),
            relations=frozenset({Relation.COMPETITIVE, Relation.COOPERATIVE}),
        ),
        OptionSpec("goal", "Goal", "basic", choices=(("basic", "Basic"), ("custom", "Custom"))),
        OptionSpec("laps", "Laps", 3, minimum=1, maximum=9, only_if=OptionIs("goal", ("custom",))),
        OptionSpec("relay", "Relay", False, relations=frozenset({Relation.COOPERATIVE, Relation.SOLO})),
        OptionSpec("photo", "Photo finish", False, relations=frozenset({Relation.COMPETITIVE})),
    ),
    mode_option="mode",
)


def _keys(players: int, **chosen) -> list[str]:
    return [o.key for o in RACE.applicable_options(players, RACE.normalise_options(chosen))]


def test_options_apply_by_kind_of_game_and_by_earlier_options():
    assert _keys(1) == ["goal", "relay"], "alone: no mode, no competitive-only option"
    assert _keys(2) == ["mode", "goal", "photo"]
    assert _keys(2, mode="cooperative") == ["mode", "goal", "relay"]
    assert _keys(2, goal="custom") == ["mode", "goal", "laps", "photo"]
    assert _keys(1, goal="custom", mode="cooperative") == ["goal", "laps", "relay"]


def test_options_that_do_not_apply_are_left_out_of_the_summary_and_played_at_their_default():
    chosen = RACE.normalise_options({"goal": "basic", "laps": 7, "photo": True, "relay": True})
    assert RACE.options_text(chosen, 2) == "Mode: Race, Goal: Basic, Photo finish: yes"
    assert RACE.options_text(chosen, 1) == "Goal: Basic, Relay: yes"
    assert RACE.options_in_use(2, chosen) == {
        "mode": "competitive",
        "goal": "basic",
        "laps": 3,
        "relay": False,
        "photo": True,
    }


def test_describe_says_when_an_option_applies():
    laps, relay = RACE.options[2], RACE.options[3]
    assert describe(laps) == "`laps` — Laps: 1–9 (default `3`). Only when `goal` is `custom`."
    assert describe(relay) == "`relay` — Relay: `true` / `false` (default `false`). Only in solo and co-op games."
    assert applies_text(RACE.options[0]) == "Only in co-op and competitive games."
    assert [o.kind for o in RACE.options] == ["choice", "choice", "number", "yes_no", "yes_no"]


@pytest.mark.parametrize(
    "option,message",
    [
        (OptionSpec("laps", "Laps", 3, only_if=OptionIs("goal", ("custom",))), "not declared before it"),
        (OptionSpec("laps", "Laps", 3, only_if=OptionIs("mode", ("relay",))), "never takes"),
        (OptionSpec("laps", "Laps", 3, relations=frozenset({Relation.SOLO})), "a kind of game it is never"),
    ],
)
def test_a_registration_with_a_condition_that_can_never_hold_is_refused(option, message):
    mode = OptionSpec("mode", "Mode", "race", choices=(("race", "Race"),))
    with pytest.raises(ValueError, match=message):
        dataclasses.replace(
            RACE, min_players=2, relations=frozenset({Relation.COMPETITIVE}), mode_option="", options=(mode, option)
        )
