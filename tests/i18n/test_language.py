"""Which language a text comes out in, and how a domain's catalogue is read."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.i18n import Domain, current_language, language_of, read_language, using

GERMAN_PO = r"""
msgid ""
msgstr ""
"Language: de\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"
"Content-Type: text/plain; charset=utf-8\n"

msgid "Your move"
msgstr "Du bist dran"

msgid "{n} game"
msgid_plural "{n} games"
msgstr[0] "{n} Spiel"
msgstr[1] "{n} Spiele"

msgctxt "slash command"
msgid "new"
msgstr "neu"

#, fuzzy
msgid "Not checked yet"
msgstr "Noch nicht geprüft"
"""


@pytest.fixture
def domain(tmp_path: Path) -> Domain:
    po = tmp_path / "locale" / "de" / "LC_MESSAGES" / "sample.po"
    po.parent.mkdir(parents=True)
    po.write_text(GERMAN_PO, encoding="utf-8")
    return Domain("sample", tmp_path / "locale")


@pytest.mark.parametrize(
    ("locale", "language"),
    [("de", "de"), ("de-AT", "de"), ("en-US", "en"), ("en-GB", "en"), ("pt-BR", "en"), ("", "en"), (None, "en")],
)
def test_a_discord_locale_picks_the_catalogue_of_its_language(locale: str | None, language: str) -> None:
    assert language_of(locale) == language


def test_only_languages_with_catalogues_are_read_back() -> None:
    assert read_language("de") == "de"
    assert read_language("fr") is None
    assert read_language(None) is None


def test_texts_follow_the_language_set_around_them(domain: Domain) -> None:
    assert domain.gettext("Your move") == "Your move"
    with using("de"):
        assert current_language() == "de"
        assert domain.gettext("Your move") == "Du bist dran"
        assert domain.ngettext("{n} game", "{n} games", 1) == "{n} Spiel"
        assert domain.ngettext("{n} game", "{n} games", 3) == "{n} Spiele"
        assert domain.pgettext("slash command", "new") == "neu"
        with using("en"):
            assert domain.gettext("Your move") == "Your move"
        assert domain.gettext("Your move") == "Du bist dran"
    assert current_language() == "en"


def test_an_untranslated_or_fuzzy_text_stays_english(domain: Domain) -> None:
    with using("de"):
        assert domain.gettext("Not checked yet") == "Not checked yet"
        assert domain.gettext("Something new") == "Something new"
    with using("fr"):
        assert domain.gettext("Your move") == "Your move"


async def test_each_task_composes_in_its_own_language(domain: Domain) -> None:
    async def compose(language: str) -> str:
        with using(language):
            await asyncio.sleep(0)
            return domain.gettext("Your move")

    assert await asyncio.gather(compose("de"), compose("en"), compose("de")) == [
        "Du bist dran",
        "Your move",
        "Du bist dran",
    ]
