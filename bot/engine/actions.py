"""Reading action strings safely.

Actions arrive from button custom ids and select values, which any client can
forge, so every part is checked before use: ASCII digits only (``"٣".isdigit()``
is True in Python), within the range the rules allow, and a clear ``RuleError``
otherwise. Action strings look like ``verb`` or ``verb:arg:arg``.
"""

from __future__ import annotations

from bot.engine.errors import RuleError
from bot.i18n import N_
from bot.i18n.table import _

NUMBER_WORDS = (
    N_("number"),
    N_("seat"),
    N_("player"),
    N_("island"),
    N_("die position"),
    N_("belt slot"),
    N_("turn"),
)
"""What the games call the numbers they read (``number(text, low, high, what)``): the table's
catalogue holds them, so a refusal names the number in the reader's language."""


def split(action: str) -> tuple[str, list[str]]:
    """``"place:C3:r1"`` -> ``("place", ["C3", "r1"])``."""
    verb, *args = action.split(":")
    return verb, args


def is_number(text: str) -> bool:
    return 0 < len(text) <= 9 and text.isascii() and text.isdigit()


def number(text: str, low: int, high: int, what: str = "number") -> int:
    """The whole number in ``text`` if it lies in ``[low, high]``; RuleError otherwise."""
    shown = _(what)
    if not is_number(text):
        raise RuleError(_("That {what} is not a number I know.").format(what=shown))
    value = int(text)
    if not low <= value <= high:
        raise RuleError(_("That {what} must be from {low} to {high}.").format(what=shown, low=low, high=high))
    return value
