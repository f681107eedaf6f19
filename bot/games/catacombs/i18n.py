"""The ``catacombs`` text domain: everything Catacombs of Mu says (events, choices, prompts, results,
help, its boards), with its catalogues in ``bot/games/catacombs/locale``.

Names from the data files (tiles, items, Relics, character abilities) stay in the data files; the
catalogue tool extracts them (``bot/devtools/data_texts.py``) and ``data_text`` translates them where
they are shown, never where they are stored or compared."""

from __future__ import annotations

from bot.i18n import N_ as N_
from bot.i18n import Domain

CATACOMBS = Domain.beside(__file__, "catacombs")

_ = CATACOMBS.gettext
_n = CATACOMBS.ngettext
_p = CATACOMBS.pgettext
data_text = CATACOMBS.data_text
