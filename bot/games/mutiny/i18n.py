"""The ``mutiny`` text domain: every sentence, label and board word of Mutiny, and the names and
effects of its data files (loot, islands, mystery cards), which ``data_text`` translates where they
are shown (the data files stay the source of truth; ``bot/devtools/data_texts.py`` extracts them)."""

from __future__ import annotations

from bot.i18n import N_ as N_
from bot.i18n import Domain

MUTINY = Domain.beside(__file__, "mutiny")

_ = MUTINY.gettext
_n = MUTINY.ngettext
_p = MUTINY.pgettext
data_text = MUTINY.data_text
