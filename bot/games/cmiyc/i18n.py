"""The ``cmiyc`` text domain: everything Cache Me If You Can! says (events, choices, prompts, help,
results, its boards), with its catalogues in ``bot/games/cmiyc/locale``. Muggles reuses the cmiyc
modules: a text they write is this domain's.

The names and texts of the data files (tiles, equipment, event cards, geocoins, characters, boards)
stay in the data files; the catalogue tool extracts them (``bot/devtools/data_texts.py``) and
``data_text`` translates them where they are shown. German uses the rulebook's own terms (001)."""

from __future__ import annotations

from bot.i18n import N_ as N_
from bot.i18n import Domain

CMIYC = Domain.beside(__file__, "cmiyc")

_ = CMIYC.gettext
_n = CMIYC.ngettext
_p = CMIYC.pgettext
data_text = CMIYC.data_text
