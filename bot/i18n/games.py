"""A game's text domain by its registered name, for the table to show the game's own texts (its
summary, its options' labels) without importing the game package."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from bot.i18n.catalogues import Domain

GAMES = Path(__file__).resolve().parents[1] / "games"


@cache
def game_domain(name: str) -> Domain:
    """The domain whose catalogues are ``bot/games/<name>/locale`` (none there: every text as written)."""
    return Domain(name, GAMES / name / "locale")
