"""A domain's catalogues: read from its ``.po`` files once per process, looked up per message.

The ``.po`` files are the source of truth and are what translators edit; they are compiled in memory
when first needed (Babel reads them, ``gettext`` looks up), so no compiled ``.mo`` file is kept in the
repository or has to be built at install time. A fuzzy or empty entry counts as untranslated and
falls back to the English text, as gettext does.
"""

from __future__ import annotations

import gettext
import io
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from bot.i18n.language import DEFAULT_LANGUAGE, current_language


def catalogue_path(directory: Path, domain: str, language: str) -> Path:
    return directory / language / "LC_MESSAGES" / f"{domain}.po"


@cache
def _translations(directory: Path, domain: str, language: str) -> gettext.NullTranslations:
    path = catalogue_path(directory, domain, language)
    if language == DEFAULT_LANGUAGE or not path.is_file():
        return gettext.NullTranslations()
    with path.open("rb") as po:
        catalogue = read_po(po, locale=language, domain=domain)
    compiled = io.BytesIO()
    write_mo(compiled, catalogue)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def N_(text: str) -> str:
    """Marks a text defined at import time for extraction; it is translated with ``_()`` where shown
    (translated at import, it would stay in whatever language was current then)."""
    return text


class Domain:
    """The texts of one part of the bot (``table``, or one game), with its catalogues in
    ``<package>/locale``. Modules bind its methods to the names extraction looks for::

        _ = MUTINY.gettext
        _n = MUTINY.ngettext
    """

    def __init__(self, name: str, directory: Path) -> None:
        self.name = name
        self.directory = directory
        # Looked up for every text, so kept by language here rather than behind a cache keyed on the path.
        self._by_language: dict[str, gettext.NullTranslations] = {}

    @classmethod
    def beside(cls, module_file: str, name: str) -> Domain:
        """The domain whose catalogues sit in ``locale/`` next to ``module_file``."""
        return cls(name, Path(module_file).resolve().parent / "locale")

    def translations(self, language: str | None = None) -> gettext.NullTranslations:
        chosen = language or current_language()
        found = self._by_language.get(chosen)
        if found is None:
            found = self._by_language[chosen] = _translations(self.directory, self.name, chosen)
        return found

    def gettext(self, message: str) -> str:
        return self.translations().gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return self.translations().ngettext(singular, plural, count)

    def pgettext(self, context: str, message: str) -> str:
        return self.translations().pgettext(context, message)

    def data_text(self, text: str) -> str:
        """A name or sentence from the game's data files, in the current language (``DomainSources.
        data_texts`` extracts them). An empty one stays empty: gettext would answer it with the
        catalogue's header."""
        return self.gettext(text) if text else text

    def __repr__(self) -> str:
        return f"Domain({self.name!r})"
