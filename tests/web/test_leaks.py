"""Issue 24: "public pages never hold a secret of any seat, at any step of the history", for all five
games. Each game is played out by computers; every step of its history, as the server hands it out,
is checked: the page (text and board) is exactly the one built from a state whose hidden parts were
shuffled, and no line of any seat's private text at that moment appears on it."""

from __future__ import annotations

import json

import pytest

from bot.engine.seats import with_levels
from bot.games.registry import default_registry
from bot.table.history import played, replay
from bot.table.texts import for_reading
from bot.table.web import public_page
from bot.web.table import page_data
from render import render_png
from tests.web.support import get, start_game

BOARDS_PER_GAME = 8
"""Board images compared per game (each is drawn twice); the texts are compared at every step."""
GAMES = {"mutiny": 4, "mccc": 3, "catacombs": 3, "cmiyc": 3, "muggles": 2}
MAX_STEPS = 150


def _lines(table, state, seat) -> set[str]:
    engine = table.engine
    text = for_reading(engine.private_text(engine.seat_view(state, seat)), table.tags)
    return {line.strip() for line in text.split("\n") if line.strip()}


def _secret_lines(table, state, step) -> set[str]:
    """The lines of each seat's private text that no spectator can know: those that change when what
    no spectator can know is shuffled (a secret revealed since is public, and stays)."""
    lines: set[str] = set()
    others = [table.engine.shuffle_hidden(state, seed=1000 * step + n) for n in range(3)]
    for seat in range(len(table.record.seats)):
        own = _lines(table, state, seat)
        lines |= {line for other in others for line in own - _lines(table, other, seat)}
    return lines


def test_the_leak_test_covers_every_registered_game():
    assert set(GAMES) == set(default_registry().names())


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_no_public_page_of_any_step_holds_a_secret(site, http, game):
    options = {"round_limit": 30} if game in ("cmiyc", "muggles") else {}
    game_id = await start_game(site.service, game, GAMES[game], humans=[], options=options)
    page_id = await site.table.public_id(game_id)
    table = await site.service.web_table(game_id)
    record = table.record
    log = played(await site.store.transaction(lambda tx: tx.action_log(game_id)))
    history = list(replay(table.engine, len(record.seats), record.options, record.seed, log))
    steps = min(len(history), MAX_STEPS)
    stride = max(steps // BOARDS_PER_GAME, 1)
    events = []
    secrets_seen = 0
    for step in range(steps):
        state, happened = history[step]
        events += [e for e in happened if e.public]
        _, body, _ = await get(http, f"{site.url}/g/{page_id}/page.json?step={step}")
        served = json.loads(body)
        shuffled = table.engine.shuffle_hidden(state, seed=step)
        built = page_data(public_page(table, shuffled, step, served["steps"], events[-40:]), None)
        if table.engine.is_terminal(state):
            # The game's end may reveal what was hidden, as its last live board does.
            assert served["log"] == built["log"] and served["lines"][0] == built["lines"][0]
            continue
        assert served == built, f"{game} step {step}: the page depends on something hidden"
        shown = "\n".join([*served["lines"], *served["log"]])
        secrets = _secret_lines(table, state, step)
        secrets_seen += len(secrets)
        leaked = [line for line in secrets if line in shown]
        assert not leaked, f"{game} step {step}: {leaked}"
        if step % stride == 0:
            _, png, _ = await get(http, f"{site.url}/g/{page_id}/board.png?step={step}")
            assert png == render_png(table.spec, table.engine.public_view(shuffled), with_levels(table.tags)), (
                f"{game} step {step}"
            )
    assert secrets_seen or not table.has_secrets, "the check had secrets to look for"
