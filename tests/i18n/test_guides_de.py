"""The German player guides (docs/games/de/): one per English guide, the same sections, links that
resolve, the words the German game itself uses (so that guide and game agree), and rule quotes that
stand word for word in the rule texts (the German rulebook's own sentences for Cache Me If You Can,
the English originals beside their translation for the other games)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tests.table.test_rule_help import RULE_FILES, rules_folder

ROOT = Path(__file__).resolve().parents[2]
GUIDES = ROOT / "docs" / "games"
GERMAN = GUIDES / "de"
ENGLISH = sorted(path.stem for path in GUIDES.glob("*.md"))
ENGLISH_RULES = ("mutiny", "mccc", "catacombs", "muggles")
"""The games whose rule text is English: their German guides quote it, a German translation beside."""
NOT_FROM_THE_RULE_TEXT = {
    "take 3 loot of your choice from the bank",  # Mutiny: the house effect of Buried Treasure (cards.json)
    "two players start at its two ends",  # Catacombs: the English guide's paraphrase of the T tiles' set-up
}

KEY_WORDS = {
    "mutiny": ("Kapitän", "Späher", "Erster Maat", "Quartiermeister", "Schande", "Mysterykarte", "Kochbanane"),
    "cmiyc": ("Geocoin", "Sportgeschäft", "Krankenhaus", "Ereigniskarte", "Ausrüstungskarte", "Notaufnahme"),
    "muggles": ("Muggel", "Cache-Gruppen", "Baustelle", "Sicherheitsstopp", "Vorrat"),
    "mccc": ("Labyrinthkarte", "Förderband", "aktive Figur", "Zahnrad", "Mauseloch", "Gurke"),
    "catacombs": ("Gangplättchen", "Rivalen-Sackgasse", "Schlucht", "Begegnung", "Fackel", "Ausgang"),
}
"""Per game, words its German catalogue uses that a German guide must use too."""

_LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def _level_two(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("## ")]


def _anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    words = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return words.replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    return {_anchor(line.lstrip("#")) for line in path.read_text("utf-8").splitlines() if line.startswith("#")}


def _catalogue_text(game: str) -> str:
    with (ROOT / f"bot/games/{game}/locale/de/LC_MESSAGES/{game}.po").open("rb") as po:
        catalogue = read_po(po)
    strings = (m.string if isinstance(m.string, str) else " ".join(m.string) for m in catalogue if m.id)
    return "\n".join(strings)


@pytest.mark.parametrize("game", ENGLISH)
def test_every_english_guide_has_a_german_one_and_each_links_to_the_other(game):
    english, german = GUIDES / f"{game}.md", GERMAN / f"{game}.md"
    assert german.exists(), f"docs/games/de/{game}.md is missing"
    assert f"(de/{game}.md)" in "\n".join(english.read_text("utf-8").splitlines()[:4])
    assert f"(../{game}.md)" in "\n".join(german.read_text("utf-8").splitlines()[:4])


@pytest.mark.parametrize("game", ENGLISH)
def test_a_german_guide_has_the_english_ones_sections(game):
    english = _level_two((GUIDES / f"{game}.md").read_text("utf-8"))
    german = _level_two((GERMAN / f"{game}.md").read_text("utf-8"))
    assert len(german) == len(english), (english, german)


@pytest.mark.parametrize("game", ENGLISH)
def test_every_link_of_a_german_guide_resolves(game):
    guide = GERMAN / f"{game}.md"
    for target in _LINK.findall(guide.read_text("utf-8")):
        if target.startswith(("http://", "https://")):
            continue
        path, _, anchor = target.partition("#")
        file = (guide.parent / path).resolve() if path else guide
        assert file.exists(), f"{game}: {target} points to no file"
        if anchor:
            assert anchor in _anchors(file), f"{game}: {target} points to no heading"


@pytest.mark.parametrize("game", sorted(KEY_WORDS))
def test_a_german_guide_uses_the_words_of_the_german_game(game):
    guide = (GERMAN / f"{game}.md").read_text("utf-8")
    catalogue = _catalogue_text(game)
    for word in KEY_WORDS[game]:
        assert word in catalogue, f"the {game} catalogue no longer says {word!r}: update the guide and this list"
        assert word in guide, f"docs/games/de/{game}.md does not say {word!r}"


def _plain(text: str) -> str:
    """Text as words: headings, bold and list marks dropped ("### Kasse:" reads "Kasse:"), dashes and
    quotation marks of one kind, whitespace single."""
    text = re.sub(r"[#*·]", " ", text).replace("–", "-").replace("’", "'").replace('"', "'")
    return " ".join(text.split())


def _rule_text(game: str) -> str:
    folder = rules_folder()
    if folder is None:
        pytest.skip("the rule texts are not on this machine (set RULES_DIR)")
    return _plain(" ".join((folder / name).read_text("utf-8") for name in RULE_FILES[game]))


@pytest.mark.parametrize("game", ENGLISH_RULES)
def test_a_german_guide_quotes_the_english_rule_text_word_for_word(game):
    """The English original stays beside its German translation, so every quote can be checked."""
    rules = _rule_text(game)
    guide = (GERMAN / f"{game}.md").read_text("utf-8")
    # *"…"* in the text, or a table row's first cell opening with "…"
    quotes = re.findall(r'\*"([^"]+)"\*', guide) + re.findall(r'^\| "(.+?)" —', guide, re.MULTILINE)
    checked = 0
    for quote in quotes:
        for piece in re.split(r"\.\.\.|…|·", quote):
            piece = _plain(piece).strip(" .,'")
            if len(piece) > 12 and piece not in NOT_FROM_THE_RULE_TEXT:
                assert piece in rules, piece
                checked += 1
    assert checked >= 20


def test_the_cmiyc_guide_quotes_the_german_rulebook_word_for_word():
    """Every sentence in the first column of "Die Regeln, Satz für Satz" stands in rule text 001."""
    rules = _rule_text("cmiyc")
    section = (GERMAN / "cmiyc.md").read_text("utf-8").split("## Die Regeln, Satz für Satz", 1)[1].split("\n## ", 1)[0]
    quoted = 0
    for line in section.splitlines():
        if not line.startswith("| ") or line.startswith(("| Regeltext", "| Frage")):
            continue
        cell = line.split(" | ", 1)[0].removeprefix("| ")
        for piece in cell.split("…"):
            piece = _plain(piece).strip(" .")
            if len(piece) > 12:
                assert piece in rules, piece
                quoted += 1
    assert quoted >= 80
