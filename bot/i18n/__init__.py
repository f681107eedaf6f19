"""Every text in the reader's language: gettext catalogues, one per domain, chosen per message.

Texts are written in English inside ``_()`` (and ``_n()`` for plurals) of their module's domain, so
``pybabel extract`` finds them; the German for each lives in the domain's ``.po`` catalogue beside the
code (``bot/table/locale/de/LC_MESSAGES/table.po``, ``bot/games/<game>/locale/…``). Which language a
text comes out in is decided where it is composed, not where it is written:

* a private text (a panel, a DM, a refusal, help) is composed inside ``using(the reader's language)``;
* a public text (the lobby, the board, a prompt, a result) inside ``using(the table's language)``.

The language is a context variable, so engines, texts and renderers stay free of Discord and need no
language argument: the table sets it around the call. Nothing set means English.
"""

from __future__ import annotations

from bot.i18n.catalogues import N_, Domain
from bot.i18n.language import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    choose,
    current_language,
    language_name,
    language_of,
    read_language,
    using,
)

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "N_",
    "Domain",
    "choose",
    "current_language",
    "language_name",
    "language_of",
    "read_language",
    "using",
]
