"""The catalogues stay in step with the code: CI fails on a stale template or a missing translation
(what ``python -m bot.devtools.catalogues check`` reports)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.devtools import catalogues
from bot.i18n import domains
from bot.i18n.domains import DOMAINS, DomainSources


@pytest.mark.parametrize("domain", DOMAINS, ids=lambda d: d.name)
def test_every_template_holds_exactly_the_texts_of_the_code(domain: DomainSources) -> None:
    stale = [line for line in catalogues.problems(domain) if "behind the code" in line]
    assert stale == []


@pytest.mark.parametrize("domain", DOMAINS, ids=lambda d: d.name)
def test_a_domain_complete_in_a_language_has_every_text_translated(domain: DomainSources) -> None:
    missing = [line for line in catalogues.problems(domain) if any(f"/{lang}:" in line for lang in domain.complete_in)]
    assert missing == []


@pytest.fixture
def sample(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> DomainSources:
    monkeypatch.setattr(domains, "ROOT", tmp_path)
    monkeypatch.setattr(catalogues, "ROOT", tmp_path)
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "texts.py").write_text(
        'def line(who):\n    return _("{who} rolls").format(who=who)\n\n'
        'def games(n):\n    return _n("{n} game", "{n} games", n).format(n=n)\n',
        encoding="utf-8",
    )
    return DomainSources("sample", "game/locale", ("game",))


def _po(domain: DomainSources) -> Path:
    return domain.directory / "de" / "LC_MESSAGES" / "sample.po"


def test_a_new_text_is_reported_until_extracted_and_translated(sample: DomainSources) -> None:
    assert catalogues.problems(sample)[0] == "sample: the template is 2 text(s) behind the code (run update)"
    catalogues.update(sample)
    assert catalogues.problems(sample) == [
        "sample/de: untranslated '{n} game'",
        "sample/de: untranslated '{who} rolls'",
    ]
    po = _po(sample).read_text(encoding="utf-8")
    po = po.replace('msgid "{who} rolls"\nmsgstr ""', 'msgid "{who} rolls"\nmsgstr "{who} würfelt"')
    po = po.replace('msgstr[0] ""\nmsgstr[1] ""', 'msgstr[0] "{n} Spiel"\nmsgstr[1] "{n} Spiele"')
    _po(sample).write_text(po, encoding="utf-8")
    assert catalogues.problems(sample) == []


def test_a_translation_that_drops_a_placeholder_is_reported(sample: DomainSources) -> None:
    catalogues.update(sample)
    po = _po(sample).read_text(encoding="utf-8")
    po = po.replace('msgid "{who} rolls"\nmsgstr ""', 'msgid "{who} rolls"\nmsgstr "Jemand würfelt"')
    po = po.replace('msgstr[0] ""\nmsgstr[1] ""', 'msgstr[0] "{n} Spiel"\nmsgstr[1] "{n} Spiele"')
    _po(sample).write_text(po, encoding="utf-8")
    assert catalogues.problems(sample) == ["sample/de: placeholders differ in '{who} rolls'"]


def test_a_changed_text_makes_its_old_translation_fuzzy_and_reported(sample: DomainSources) -> None:
    catalogues.update(sample)
    po = _po(sample).read_text(encoding="utf-8")
    po = po.replace('msgid "{who} rolls"\nmsgstr ""', 'msgid "{who} rolls"\nmsgstr "{who} würfelt"')
    po = po.replace('msgstr[0] ""\nmsgstr[1] ""', 'msgstr[0] "{n} Spiel"\nmsgstr[1] "{n} Spiele"')
    _po(sample).write_text(po, encoding="utf-8")
    source = sample.directory.parent / "texts.py"
    source.write_text(source.read_text(encoding="utf-8").replace("{who} rolls", "{who} rolls again"), "utf-8")
    assert "behind the code" in catalogues.problems(sample)[0]
    catalogues.update(sample)
    assert catalogues.problems(sample) == ["sample/de: untranslated '{who} rolls again'"]


def test_german_is_offered_only_once_every_domain_is_complete_in_it() -> None:
    complete = all("de" in domain.complete_in for domain in DOMAINS)
    assert ("de" in domains.offered_languages()) == complete
    assert domains.offered_languages()[0] == "en"
