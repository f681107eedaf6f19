"""Reading action strings safely.

Actions arrive from button custom ids and select values, which any client can
forge, so every part is checked before use: ASCII digits only (``"٣".isdigit()``
is True in Python), within the range the rules allow, and a clear ``RuleError``
otherwise. Action strings look like ``verb`` or ``verb:arg:arg``.
"""

from __future__ import annotations

from bot.engine.errors import RuleError


def split(action: str) -> tuple[str, list[str]]:
    """``"place:C3:r1"`` -> ``("place", ["C3", "r1"])``."""
    verb, *args = action.split(":")
    return verb, args


def is_number(text: str) -> bool:
    return 0 < len(text) <= 9 and text.isascii() and text.isdigit()


def number(text: str, low: int, high: int, what: str = "number") -> int:
    """The whole number in ``text`` if it lies in ``[low, high]``; RuleError otherwise."""
    if not is_number(text):
        raise RuleError(f"That {what} is not a number I know.")
    value = int(text)
    if not low <= value <= high:
        raise RuleError(f"That {what} must be from {low} to {high}.")
    return value
