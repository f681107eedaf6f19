"""The ``mccc`` text domain: everything Mouse Cheese Cat Cucumber says (events, choices, prompts,
results, help, its boards), with its catalogues in ``bot/games/mccc/locale``.

Texts of the data files (agenda titles, motives and abilities, setup names) stay in the data files;
the catalogue tool extracts them (``bot/devtools/data_texts.py``) and ``data_text`` translates them
where they are shown."""

from __future__ import annotations

from bot.i18n import N_ as N_
from bot.i18n import Domain

MCCC = Domain.beside(__file__, "mccc")

_ = MCCC.gettext
_n = MCCC.ngettext
_p = MCCC.pgettext
data_text = MCCC.data_text
