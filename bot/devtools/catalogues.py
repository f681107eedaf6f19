"""Keep the gettext catalogues in step with the code (Babel's extract / init / update, per domain).

    python -m bot.devtools.catalogues update            # extract every domain, merge into each language
    python -m bot.devtools.catalogues check             # fail if a template is stale or a text untranslated
    python -m bot.devtools.catalogues update --domain mutiny

``update`` is ``pybabel extract`` then ``pybabel update`` (``init`` for a new language) for each domain
of ``bot/i18n/domains.py``, with the project's keywords; new and changed texts come out empty or fuzzy
in the ``.po`` files for a translator. ``check`` is what CI runs (through ``tests/i18n``).
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

from bot.devtools.data_texts import extract_data_texts
from bot.devtools.slash_texts import extract_slash_commands
from bot.i18n.catalogues import catalogue_path
from bot.i18n.domains import DOMAINS, KEYWORDS, ROOT, DomainSources
from bot.i18n.language import DEFAULT_LANGUAGE, LANGUAGES

STAMP = datetime(2026, 11, 26, tzinfo=UTC)
"""A fixed date in the headers, so that extracting twice writes the same files."""

TRANSLATED = tuple(language for language in LANGUAGES if language != DEFAULT_LANGUAGE)
_FIELD = re.compile(r"(?<!\{)\{([^{}]*)\}")


def template_path(domain: DomainSources) -> Path:
    return domain.directory / f"{domain.name}.pot"


def extract(domain: DomainSources) -> Catalog:
    """The domain's texts as they are in the code today."""
    catalogue = Catalog(
        project="discord-game-master", domain=domain.name, creation_date=STAMP, revision_date=STAMP, fuzzy=False
    )
    for path in domain.files():
        where = path.relative_to(ROOT).as_posix()
        for lineno, message, comments, context in extract_from_file(
            "python", str(path), keywords=KEYWORDS, comment_tags=("Translators:",), strip_comment_tags=True
        ):
            catalogue.add(message, None, [(where, lineno)], auto_comments=comments, context=context)
    for source in domain.slash_commands:
        for lineno, message, comments, context in extract_from_file(
            extract_slash_commands, str(ROOT / source), KEYWORDS
        ):
            catalogue.add(message, None, [(source, lineno)], auto_comments=comments, context=context)
    for source, paths in domain.data_texts:
        for lineno, message, comments, context in extract_from_file(
            extract_data_texts, str(ROOT / source), KEYWORDS, options={"paths": paths}
        ):
            catalogue.add(message, None, [(source, lineno)], auto_comments=comments, context=context)
    return catalogue


def write_catalogue(path: Path, catalogue: Catalog) -> None:
    """A template or catalogue in the project's layout (no line numbers, sorted), written only if changed."""
    buffer = io.BytesIO()
    write_po(buffer, catalogue, width=100, include_lineno=False, sort_output=True, ignore_obsolete=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.is_file() or path.read_bytes() != buffer.getvalue():
        path.write_bytes(buffer.getvalue())


def _read(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as po:
        return read_po(po, locale=language)


def update(domain: DomainSources) -> None:
    template = extract(domain)
    write_catalogue(template_path(domain), template)
    for language in TRANSLATED:
        path = catalogue_path(domain.directory, domain.name, language)
        if path.is_file():
            catalogue = _read(path, language)
        else:
            catalogue = Catalog(
                locale=language, domain=domain.name, creation_date=STAMP, revision_date=STAMP, fuzzy=False
            )
            catalogue.project = "discord-game-master"
        catalogue.update(template, update_header_comment=False)
        catalogue.revision_date = STAMP
        write_catalogue(path, catalogue)


def _key(message: Message) -> tuple[object, str | None]:
    return message.id, message.context


def _first_text(key: tuple[object, str | None]) -> str:
    """A message id's English text (its singular, for a plural)."""
    text = key[0]
    return str(text[0]) if isinstance(text, (tuple, list)) else str(text)


def _fields(text: str) -> set[str]:
    return set(_FIELD.findall(text))


def _texts(message: Message) -> tuple[str, ...]:
    return tuple(message.string) if isinstance(message.string, (tuple, list)) else (message.string or "",)


def _sources(message: Message) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, (tuple, list)) else (message.id,)


def problems(domain: DomainSources) -> list[str]:
    """What keeps the domain's catalogues from being complete and current, one line each."""
    found: list[str] = []
    extracted = {_key(m) for m in extract(domain) if m.id}
    template_file = template_path(domain)
    template = {_key(m) for m in _read(template_file) if m.id} if template_file.is_file() else set()
    if extracted != template:
        stale = len(extracted - template) + len(template - extracted)
        found.append(f"{domain.name}: the template is {stale} text(s) behind the code (run update)")
    for language in TRANSLATED:
        path = catalogue_path(domain.directory, domain.name, language)
        catalogue = {_key(m): m for m in _read(path, language) if m.id} if path.is_file() else {}
        for key in sorted(extracted, key=_first_text):
            message = catalogue.get(key)
            source = _first_text(key)
            if message is None or message.fuzzy or not all(_texts(message)):
                found.append(f"{domain.name}/{language}: untranslated {source!r}")
            elif _fields(_sources(message)[0]) != set().union(*(_fields(text) for text in _texts(message))):
                found.append(f"{domain.name}/{language}: placeholders differ in {source!r}")
    return found


def _chosen(names: Sequence[str] | None) -> Iterable[DomainSources]:
    return [d for d in DOMAINS if not names or d.name in names]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=("update", "check"))
    parser.add_argument("--domain", action="append", help="only this domain (repeatable)")
    args = parser.parse_args(argv)
    domains = _chosen(args.domain)
    if args.command == "update":
        for domain in domains:
            update(domain)
        return 0
    lines = [line for domain in domains for line in problems(domain)]
    for line in lines:
        print(line)
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main())
