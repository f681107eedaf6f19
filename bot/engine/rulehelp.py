"""What "❓" shows under a decision: why it is asked, and the sentence of the rule text it comes from.

Each game keeps its entries in its own ``help.py``, keyed by the kind of decision, and its engine's
``rule_help(seat_view)`` picks the entry of the decision the seat faces. Quotes are copied verbatim
from the game's rule text (see ``/work/shared/rules/README.md`` for which file is which game), so a
player can find them in the rules; ``section`` names where.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.i18n.table import _


@dataclass(frozen=True)
class RuleQuote:
    why: str
    """One or two sentences on what the decision is about, in this bot's words."""
    section: str
    """Where in the rules the sentence stands (a heading), for players who want to read on."""
    quote: str
    """The rule text's own sentence, verbatim."""

    def text(self) -> str:
        return _("{why}\n> {quote}\n-# From the rules: *{section}*.").format(
            why=self.why, quote=self.quote, section=self.section
        )


def help_for(entries: Mapping[str, RuleQuote], kind: str) -> str:
    """The help of decision ``kind``, or "" when the game has none for it."""
    entry = entries.get(kind)
    return entry.text() if entry is not None else ""
