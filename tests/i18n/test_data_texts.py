"""Names and effects in a game's data files join its catalogue (``DomainSources.data_texts``), so the
data files stay the source of truth and the game translates them where it shows them."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.devtools import catalogues
from bot.devtools.data_texts import strings_at
from bot.games.mutiny.i18n import data_text
from bot.i18n import domains, using
from bot.i18n.domains import DomainSources, domain_sources


def test_key_paths_reach_into_lists_and_objects() -> None:
    document = {"cards": [{"name": "Cannon", "count": 13}, {"name": "Quick Reload"}], "about": "not this"}
    assert list(strings_at(document, ["cards", "*", "name"])) == ["Cannon", "Quick Reload"]
    assert list(strings_at(document, ["cards", "*", "count"])) == []


def test_a_data_file_name_is_extracted_with_its_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(domains, "ROOT", tmp_path)
    monkeypatch.setattr(catalogues, "ROOT", tmp_path)
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "islands.json").write_text(
        '{\n  "islands": [\n    {"name": "Tortuga"},\n    {"name": "Port Royal"}\n  ]\n}\n', encoding="utf-8"
    )
    sample = DomainSources("sample", "game/locale", (), data_texts=(("game/islands.json", ("islands.*.name",)),))
    extracted = {message.id: message.locations for message in catalogues.extract(sample) if message.id}
    assert extracted == {"Tortuga": [("game/islands.json", 3)], "Port Royal": [("game/islands.json", 4)]}


def test_mutiny_cards_are_read_in_german_from_the_catalogue() -> None:
    """The mystery cards' names and effects come from ``cards.json`` and are shown translated."""
    assert ("bot/games/mutiny/data/cards.json", ("cards.*.name", "cards.*.effect")) in domain_sources(
        "mutiny"
    ).data_texts
    with using("de"):
        assert data_text("Buried Treasure") == "Vergrabener Schatz"
        assert data_text("Take 3 loot of your choice from the bank.") == "Nimm 3 Beutestücke deiner Wahl aus der Bank."
    assert data_text("Buried Treasure") == "Buried Treasure"
