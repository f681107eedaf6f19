"""The remembered choices of recent positions (bot/engine/recent.py): worked out once per position,
never answered from another position or another language."""

from __future__ import annotations

import msgspec

from bot.engine import Choice
from bot.engine.recent import RecentChoices
from bot.i18n import using


class Position(msgspec.Struct):
    pawn: int


def test_a_position_asked_again_is_not_worked_out_again() -> None:
    recent, worked = RecentChoices(), []

    def work_out() -> list[Choice]:
        worked.append(1)
        return [Choice("go", "Go")]

    first = recent.choices(Position(1), 0, work_out)
    again = recent.choices(Position(1), 0, work_out)
    assert first == again == [Choice("go", "Go")] and len(worked) == 1


def test_a_changed_position_another_seat_or_language_is_worked_out_afresh() -> None:
    recent = RecentChoices()
    state = Position(1)
    recent.choices(state, 0, lambda: [Choice("a", "A")])
    state.pawn = 2  # changed in place, as an engine's clone would not be: the encoding tells them apart
    assert recent.choices(state, 0, lambda: [Choice("b", "B")]) == [Choice("b", "B")]
    assert recent.choices(state, 1, lambda: [Choice("c", "C")]) == [Choice("c", "C")]
    with using("de"):
        assert recent.choices(state, 0, lambda: [Choice("b", "Bee")]) == [Choice("b", "Bee")]
    assert recent.choices(state, 0, lambda: [Choice("x", "X")]) == [Choice("b", "B")]


def test_the_oldest_position_is_dropped_first() -> None:
    recent = RecentChoices(kept=2)
    for pawn in (1, 2, 3):
        recent.choices(Position(pawn), 0, lambda pawn=pawn: [Choice(str(pawn), "")])
    assert recent.choices(Position(1), 0, lambda: [Choice("new", "")]) == [Choice("new", "")]
    assert recent.choices(Position(3), 0, lambda: [Choice("new", "")]) == [Choice("3", "")]


def test_a_caller_changing_its_list_does_not_change_what_is_remembered() -> None:
    recent = RecentChoices()
    recent.choices(Position(1), 0, lambda: [Choice("a", "A")]).clear()
    assert recent.choices(Position(1), 0, lambda: []) == [Choice("a", "A")]
