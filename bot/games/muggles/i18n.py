"""The ``muggles`` text domain: what Muggles! says beyond the base game (the muggles' moves, the
Cache Groups, team trades, the co-op endings, its boards), with its catalogues in
``bot/games/muggles/locale``. A text a cmiyc module writes (a tile revealed, a card drawn) is the
``cmiyc`` domain's, and so are the names and texts of the base game's data files; Muggles' own data
(the Cache Groups) is translated here with ``data_text``. German follows the rulebook's terms (001)."""

from __future__ import annotations

from bot.i18n import N_ as N_
from bot.i18n import Domain

MUGGLES = Domain.beside(__file__, "muggles")

_ = MUGGLES.gettext
_n = MUGGLES.ngettext
_p = MUGGLES.pgettext
data_text = MUGGLES.data_text
