"""Texts from data files reach their domain's catalogue: the data file stays their one source."""

from __future__ import annotations

import json
from pathlib import Path

from bot.devtools import catalogues
from bot.devtools.data_texts import extract_data_texts
from bot.i18n.domains import ROOT, domain_sources


def test_a_route_names_a_field_of_every_entry_of_a_list(tmp_path: Path) -> None:
    (tmp_path / "cards.json").write_text(
        json.dumps({"about": "not a name", "cards": [{"name": "Dead end"}, {"name": ""}, {"id": 3}]}, indent=1),
        encoding="utf-8",
    )
    found = list(extract_data_texts(tmp_path, "cards.json:cards.*.name"))
    assert found == [("cards.json", 5, "Dead end")]


def test_every_agenda_and_setup_name_of_mccc_is_in_its_catalogue() -> None:
    data = ROOT / "bot/games/mccc/data"
    agendas = json.loads((data / "agendas.json").read_text(encoding="utf-8"))["agendas"]
    setups = json.loads((data / "setups.json").read_text(encoding="utf-8"))["setups"]
    shown = [a[field] for a in agendas for field in ("title", "motive", "ability_text")]
    shown += [s["name"] for s in setups]
    extracted = {m.id for m in catalogues.extract(domain_sources("mccc"))}
    assert set(shown) <= extracted
