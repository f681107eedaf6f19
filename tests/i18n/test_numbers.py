"""Scores as the reader writes them (bot/i18n/numbers.py)."""

from __future__ import annotations

from bot.i18n import using
from bot.i18n.numbers import decimal
from bot.storage import StatLine
from bot.storage.stats import GameLengths, ServerSummary
from cogs.stats import stats_text


def test_german_writes_a_decimal_comma_and_english_stays_as_it_was() -> None:
    assert [decimal(x) for x in (17.5, 42.0, 1234.0, 0.125)] == ["17.5", "42", "1234", "0.125"]
    with using("de"):
        assert [decimal(x) for x in (17.5, 42.0, 1234.0, 0.125)] == ["17,5", "42", "1234", "0,125"]


def test_a_best_team_score_in_the_german_stats_has_a_comma() -> None:
    lines = [StatLine("catacombs", "cooperative", "", 2, 1, 17.5)]
    summary = ServerSummary((GameLengths("catacombs", 2, 30.0, 0.0),), ())
    with using("de"):
        german = stats_text("Ann", lines, lines, {"catacombs": "Catacombs of Mu"}, summary)
    assert "Team-Bestwert 17,5" in german
    assert "best team score 17.5" in stats_text("Ann", lines, lines, {"catacombs": "Catacombs of Mu"}, summary)
