"""Numbers as the reader writes them: a score of 17.5 is "17,5" in German. English keeps Python's
shortest form (``f"{x:g}"``), which every English text was written with."""

from __future__ import annotations

from babel.numbers import format_decimal

from bot.i18n.language import DEFAULT_LANGUAGE, current_language


def decimal(value: float) -> str:
    """``value`` with as many decimals as it needs and no thousands separator, in the current language."""
    language = current_language()
    if language == DEFAULT_LANGUAGE:
        return f"{value:g}"
    return format_decimal(value, format="0.######", locale=language)
