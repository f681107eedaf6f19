"""The German player guides (docs/games/de/): one per English guide, the same sections, links that
resolve, and the words the German game itself uses, so that guide and game agree."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
GUIDES = ROOT / "docs" / "games"
GERMAN = GUIDES / "de"
ENGLISH = sorted(path.stem for path in GUIDES.glob("*.md"))
CMIYC_RULES = Path("/work/shared/rules/001_7a21638db382f49f.txt")

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


def test_the_cmiyc_guide_quotes_the_german_rulebook_word_for_word():
    """Every sentence in the first column of "Die Regeln, Satz für Satz" stands in rule text 001."""
    if not CMIYC_RULES.exists():
        pytest.skip("the rule texts are not on this machine")
    # Headings and bold marks of the text file are not words: "### Kasse:" reads "Kasse:".
    rules = " ".join(re.sub(r"[#*]", "", CMIYC_RULES.read_text("utf-8")).split())
    section = (GERMAN / "cmiyc.md").read_text("utf-8").split("## Die Regeln, Satz für Satz", 1)[1].split("\n## ", 1)[0]
    quoted = 0
    for line in section.splitlines():
        if not line.startswith("| ") or line.startswith(("| Regeltext", "| Frage")):
            continue
        cell = line.split(" | ", 1)[0].removeprefix("| ")
        for piece in cell.split("…"):
            piece = " ".join(piece.split()).strip(" .")
            if len(piece) > 12:
                assert piece in rules, piece
                quoted += 1
    assert quoted >= 80
