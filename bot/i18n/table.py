"""The ``table`` text domain's catalogues (``bot/table/locale``): everything the table itself says,
including the shared engine helpers and renderer pieces every game uses. Defined here, below
``bot.engine`` and ``render``, so they can use it without importing the table."""

from __future__ import annotations

from pathlib import Path

from bot.i18n.catalogues import Domain

TABLE = Domain("table", Path(__file__).resolve().parents[1] / "table" / "locale")

SLASH_CONTEXT = "slash command"
"""The context of slash command names and descriptions (``bot/devtools/slash_texts.py`` extracts them,
``cogs/translator.py`` looks them up)."""

_ = TABLE.gettext
_n = TABLE.ngettext
_p = TABLE.pgettext
