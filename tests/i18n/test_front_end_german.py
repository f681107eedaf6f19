"""Every text of the front ends (``cogs/``, ``bot/web/`` and the table's language choice) has its
German (issue 25): translated, not fuzzy, the same ``{placeholders}``, no English word left (the word
list of ``tests/cogs/test_german.py``), and short enough for where Discord shows it."""

from __future__ import annotations

import re

from babel.messages.pofile import read_po

from bot.i18n.catalogues import catalogue_path
from bot.i18n.domains import domain_sources
from tests.cogs.test_german import leaks

FRONT_ENDS = ("cogs/", "bot/web/", "bot/table/table_language.py")
BUTTON_LABELS = {"Play", "My private info", "Send me DMs again", "Show everyone", "Not this turn", "Undo"}
BUTTON_LABELS |= {"Reclaim my seat", "Rematch", "Leave the game", "Stay", "Join", "Leave", "Computer", "Options"}
BUTTON_LABELS |= {"Start", "My board", "Board", "Open in Discord", "Full rules"}


def _front_end_messages():  # type: ignore[no-untyped-def]
    table = domain_sources("table")
    with catalogue_path(table.directory, "table", "de").open("rb") as po:
        catalogue = read_po(po, locale="de")
    return [
        message
        for message in catalogue
        if message.id and any(path.startswith(FRONT_ENDS) for path, _ in message.locations)
    ]


def _texts(value: object) -> tuple[str, ...]:
    return tuple(value) if isinstance(value, (list, tuple)) else (str(value),)


def test_every_front_end_text_reads_in_german():
    messages = _front_end_messages()
    assert len(messages) > 150
    for message in messages:
        english, german = _texts(message.id), _texts(message.string)
        assert all(german) and not message.fuzzy, f"untranslated: {message.id!r}"
        wanted = set(re.findall(r"\{\w+\}", " ".join(english)))
        for text in german:
            assert set(re.findall(r"\{\w+\}", text)) == wanted, (message.id, text)
            assert not leaks(text), (message.id, text, leaks(text))
        if message.id in BUTTON_LABELS:
            assert len(german[0]) <= 40, "a button label a phone shows whole"
