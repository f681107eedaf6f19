"""The one error an engine raises."""

from __future__ import annotations


class RuleError(Exception):
    """A move or setting the rules do not allow. The message is shown to the player as-is."""
