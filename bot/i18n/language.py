"""Which language a text is being composed in: a context variable set around the composing call."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

LANGUAGES = ("en", "de")
"""The languages the catalogues carry: English (the source texts) first."""

DEFAULT_LANGUAGE = "en"

_NAMES = {"en": "English", "de": "Deutsch"}

_current: ContextVar[str] = ContextVar("language", default=DEFAULT_LANGUAGE)


def language_of(locale: str | None) -> str:
    """The catalogue language for a Discord locale (``de``, ``en-US``, ``pt-BR`` …): its language
    part when the catalogues carry it, else English."""
    if not locale:
        return DEFAULT_LANGUAGE
    base = str(locale).split("-", 1)[0].split("_", 1)[0].lower()
    return base if base in LANGUAGES else DEFAULT_LANGUAGE


def read_language(text: str | None) -> str | None:
    """A stored or submitted language code, or None for anything the catalogues do not carry."""
    return text if text in LANGUAGES else None


def language_name(language: str) -> str:
    """The language's own name (``Deutsch``), as a menu offers it."""
    return _NAMES.get(language, language)


def current_language() -> str:
    return _current.get()


def choose(language: str | None) -> str:
    """Compose in ``language`` for the rest of the current task (a click's or command's handler:
    each runs in a task of its own, so nobody else's texts change)."""
    chosen = read_language(language) or DEFAULT_LANGUAGE
    _current.set(chosen)
    return chosen


@contextmanager
def using(language: str | None) -> Iterator[str]:
    """Compose the texts inside in ``language`` (English for None or one the catalogues lack)."""
    chosen = read_language(language) or DEFAULT_LANGUAGE
    token = _current.set(chosen)
    try:
        yield chosen
    finally:
        _current.reset(token)
