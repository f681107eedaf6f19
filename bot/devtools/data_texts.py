"""Texts a domain shows from its data files (agenda titles, setup names …), for its catalogue.

A domain lists them in ``DomainSources.data_texts`` as ``path.json:route``, where the route names
the fields from the top of the document, ``*`` standing for every entry of a list::

    "bot/games/mccc/data/agendas.json:agendas.*.title"

The data file stays the one source of the English text; the game translates it where it shows it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any


def _walk(node: Any, route: list[str]) -> Iterator[str]:
    if not route:
        if isinstance(node, str) and node:
            yield node
        return
    step, rest = route[0], route[1:]
    if step == "*":
        for item in node if isinstance(node, list) else node.values() if isinstance(node, dict) else ():
            yield from _walk(item, rest)
    elif isinstance(node, dict) and step in node:
        yield from _walk(node[step], rest)


def extract_data_texts(root: Path, spec: str) -> Iterator[tuple[str, int, str]]:
    """``(file, line, text)`` for every text the spec names (the line where the text stands)."""
    where, _, route = spec.partition(":")
    path = root / where
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    for text in _walk(json.loads(source), route.split(".") if route else []):
        quoted = json.dumps(text, ensure_ascii=False)
        line = next((number for number, row in enumerate(lines, 1) if quoted in row), 1)
        yield where, line, text
