"""A Babel extraction method for game data files: the names and effects players read.

A game's data (``bot/games/<game>/data/*.json``) is the source of truth for its islands, cards and
loot, so their names are not written in ``_()`` anywhere: the game translates them where it shows
them. This reads the strings at the given key paths of a JSON file, so they join the domain's
catalogue like any other text. A path is dotted keys, ``*`` for every item of a list
(``cards.*.effect``).
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterator, Mapping, Sequence
from typing import Any


def strings_at(document: Any, path: Sequence[str]) -> Iterator[str]:
    """Every string at ``path`` in a parsed JSON document."""
    if not path:
        if isinstance(document, str):
            yield document
        return
    head, rest = path[0], path[1:]
    if head == "*" and isinstance(document, list):
        for item in document:
            yield from strings_at(item, rest)
    elif isinstance(document, Mapping) and head in document:
        yield from strings_at(document[head], rest)


def _line_of(raw: str, text: str) -> int:
    """The line where ``text`` is written as a JSON string (1 when it cannot be found)."""
    for encoded in (json.dumps(text, ensure_ascii=False), json.dumps(text)):
        index = raw.find(encoded)
        if index >= 0:
            return raw.count("\n", 0, index) + 1
    return 1


def extract_data_texts(
    fileobj: Any, keywords: Any, comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[Any]:
    """Babel's extraction-method signature; ``options["paths"]`` names the key paths, one per entry."""
    raw = fileobj.read()
    raw = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    document = json.loads(raw)
    for path in options["paths"]:
        for text in strings_at(document, path.split(".")):
            yield _line_of(raw, text), "_", text, []
