"""The "❓" contract hook: ``rule_help(seat_view)`` explains the decision a seat faces with the
sentence of the rule text it comes from. Every decision reached in seeded playouts of the five games
has one, and every quote is the rule text's own sentence."""

from __future__ import annotations

import importlib
import os
import random
from pathlib import Path

import pytest

from bot.engine import GameEngine
from bot.games.registry import default_registry, game
from bot.table import presenter
from tests.table.conftest import ANN, BOB, started

RULE_FILES = {
    "mutiny": ["002_96d1719c76730ad6.txt"],
    "mccc": ["004_49ec0ba66203d193.txt"],
    "catacombs": ["003_64fababbb085e094.txt"],
    "cmiyc": ["001_7a21638db382f49f.txt"],
    "muggles": ["000_e0825289c8ba7acf.txt", "001_7a21638db382f49f.txt"],  # Muggles: "all rules from the basic game"
}
ROOT = Path(__file__).resolve().parents[2]


def rules_folder() -> Path | None:
    """The rule texts (not part of the repository): ``RULES_DIR``, or ``shared/rules`` beside the clone."""
    for folder in (os.environ.get("RULES_DIR", ""), ROOT.parent / "shared" / "rules", "/work/shared/rules"):
        if folder and Path(folder, "README.md").is_file():
            return Path(folder)
    return None


def decisions_with_help(name: str, players: int, seed: int) -> tuple[set[str], set[str]]:
    """(prompts with help, prompts without) over one seeded random playout."""
    loaded = game(name)
    engine = loaded.engine
    state = engine.new_game(players, loaded.spec.normalise_options({}), seed)
    rng = random.Random(seed)
    helped: set[str] = set()
    bare: set[str] = set()
    for _ in range(4000):
        if engine.is_terminal(state):
            break
        seats = engine.current_seats(state)
        for seat in seats:
            view = engine.seat_view(state, seat)
            question = engine.prompt_text(view).split("\n")[0]
            (helped if engine.rule_help(view) else bare).add(question)
        seat = seats[0]
        choices = engine.legal_actions(state, seat)
        if choices:
            action = rng.choice(choices).action
        else:
            form = engine.forms(state, seat)[0]
            action = engine.form_action(state, seat, form.key, {f.key: f.default for f in form.fields})
        state = engine.apply(state, seat, action).state
    return helped, bare


@pytest.mark.parametrize(
    ("name", "players"),
    [("mutiny", 4), ("mccc", 1), ("mccc", 3), ("catacombs", 1), ("catacombs", 3), ("cmiyc", 3)] + [("muggles", 2)],
)
def test_every_decision_of_a_playout_has_its_rule(name, players):
    helped, bare = decisions_with_help(name, players, seed=5)
    assert helped and not bare, sorted(bare)


@pytest.mark.parametrize("name", sorted(RULE_FILES))
def test_every_quote_is_the_rule_texts_own_sentence(name):
    folder = rules_folder()
    if folder is None:
        pytest.skip("the rule texts are not on this machine (set RULES_DIR)")
    text = " ".join(" ".join(folder.joinpath(f).read_text(encoding="utf-8").split()) for f in RULE_FILES[name])
    entries = importlib.import_module(f"bot.games.{name}.help").HELP
    missing = [kind for kind, entry in entries.items() if " ".join(entry.quote.split()) not in text]
    assert not missing, missing


def test_every_registered_game_has_its_own_help():
    for spec in default_registry().specs():
        assert type(game(spec.name).engine).rule_help is not GameEngine.rule_help, spec.name


async def test_a_game_without_help_points_to_its_guide(service):
    game_id = await started(service, ANN, BOB)
    table = await service._load(game_id)
    text = presenter.help_text(table, table.state(), 0)
    assert text.startswith("❓ **Pass, call, peek or bid.**") and "`/game rules game:toy`" in text
    assert "It's not your turn" in presenter.help_text(table, table.state(), 1)
    assert "not playing" in presenter.help_text(table, table.state(), None)
