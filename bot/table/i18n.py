"""The ``table`` text domain: everything the table itself says (lobby, prompts, refusals, help, slash
commands), as opposed to a game's own texts (each game package has its domain)."""

from __future__ import annotations

from bot.i18n import Domain

TABLE = Domain.beside(__file__, "table")

SLASH_CONTEXT = "slash command"
"""The context of slash command names and descriptions (``bot/devtools/slash_texts.py``)."""

_ = TABLE.gettext
_n = TABLE.ngettext
_p = TABLE.pgettext
