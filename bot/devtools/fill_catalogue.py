"""Write translations into a domain's ``.po`` catalogue from a Python mapping (a translator's batch).

    python -m bot.devtools.fill_catalogue DOMAIN LANGUAGE FILE.py [--context CONTEXT]

``FILE.py`` defines ``DE = {english: german}`` (plurals: ``(singular, plural): (one, other)``); entries
whose English text is in the mapping get that translation and lose their fuzzy mark. Everything else
in the catalogue is left as it is.
"""

from __future__ import annotations

import argparse
import runpy
import sys
from collections.abc import Mapping, Sequence

from babel.messages.pofile import read_po

from bot.devtools.catalogues import write_catalogue
from bot.i18n.catalogues import catalogue_path
from bot.i18n.domains import domain_sources


def fill(domain: str, language: str, translations: Mapping[object, object], context: str | None) -> int:
    sources = domain_sources(domain)
    path = catalogue_path(sources.directory, sources.name, language)
    with path.open("rb") as po:
        catalogue = read_po(po, locale=language)
    filled = 0
    for message in catalogue:
        key = tuple(message.id) if isinstance(message.id, (list, tuple)) else message.id
        if not message.id or key not in translations or (context is not None and message.context != context):
            continue
        text = translations[key]
        message.string = tuple(str(t) for t in text) if isinstance(text, (list, tuple)) else str(text)
        message.flags.discard("fuzzy")
        filled += 1
    write_catalogue(path, catalogue)
    return filled


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("domain")
    parser.add_argument("language")
    parser.add_argument("file")
    parser.add_argument("--context", default=None, help="only entries of this context")
    args = parser.parse_args(argv)
    translations = runpy.run_path(args.file)[args.language.upper()]
    print(f"{fill(args.domain, args.language, translations, args.context)} entries translated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
