"""Words of the catalogues, for tests that read texts for a language leaking into another (issue 25:
"No English word leaks into a German public message. Check this with a word-list test over the
messages of seeded games, with an allow-list for names.")

``english_words`` is every word of a domain's English texts (its template's msgids); ``german_words``
every word of its German translations that is not also a word of its English texts. A test subtracts
its allow-list (names, words both languages spell alike) and reads its texts with ``words``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from bot.i18n.domains import DOMAINS, DomainSources

WORD = re.compile(r"[^\W\d_][\w'’]*[^\W\d_]")
"""A word of two letters or more, umlauts and ß included (``Bestätigen`` is one word, not ``Best``);
a hyphenated word counts by its parts (``Multi-Cache``, ``L-Gang``)."""
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def words(text: str) -> set[str]:
    """The words of ``text``, lower-cased, placeholders left out."""
    return {word.lower() for word in WORD.findall(PLACEHOLDER.sub(" ", text))}


def _read(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file)


def _texts(ids: object) -> Iterable[str]:
    return [str(text) for text in ids if text] if isinstance(ids, (tuple, list)) else [str(ids)] if ids else []


@cache
def english_words(domain: DomainSources, sources: tuple[str, ...] = ()) -> frozenset[str]:
    """Every word of the domain's English texts (of those found in ``sources`` only, when given)."""
    found: set[str] = set()
    for message in _read(domain.directory / f"{domain.name}.pot"):
        if sources and not any(path.startswith(sources) for path, _line in message.locations):
            continue
        for text in _texts(message.id):
            found |= words(text)
    return frozenset(found)


@cache
def german_words(domain: DomainSources) -> frozenset[str]:
    """Every word of the domain's German translations that its English texts do not use."""
    found: set[str] = set()
    for message in _read(domain.directory / "de" / "LC_MESSAGES" / f"{domain.name}.po"):
        for text in _texts(message.string):
            found |= words(text)
    return frozenset(found - english_words(domain))


def all_english_words() -> frozenset[str]:
    """The English words of every domain: the table's and each game's."""
    return frozenset().union(*(english_words(domain) for domain in DOMAINS))


def all_german_words() -> frozenset[str]:
    return frozenset().union(*(german_words(domain) for domain in DOMAINS)) - all_english_words()
