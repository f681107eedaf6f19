"""A game saved by an earlier version of the bot, in a state format this version cannot read, is
rebuilt from its seed and action log on its next click, and plays on as if nothing happened."""

from __future__ import annotations

import json
import logging
import sqlite3

from bot.table.history import final_state
from tests.support.toy_game import TOY
from tests.table.conftest import ANN, BOB, started


def rewrite_state_in_an_old_format(db, game_id: int) -> None:
    with sqlite3.connect(db) as connection:
        (text,) = connection.execute("SELECT state FROM games WHERE id = ?", (game_id,)).fetchone()
        state = json.loads(text)
        state["die_values"] = state.pop("dice")  # the field had another name then
        connection.execute("UPDATE games SET state = ? WHERE id = ?", (json.dumps(state), game_id))


async def test_an_unreadable_stored_state_is_rebuilt_from_the_log_and_play_goes_on(service, tmp_path, caplog):
    game_id = await started(service, ANN, BOB)
    await service.act(game_id, ANN.user_id, 0, "pass")
    rewrite_state_in_an_old_format(tmp_path / "games.db", game_id)

    with caplog.at_level(logging.INFO, logger="bot.table.core"):
        await service.act(game_id, BOB.user_id, 1, "pass")

    record = await service.record(game_id)
    expected = final_state(TOY.engine, 2, record.options, record.seed, [(0, "pass"), (1, "pass")])
    assert record.version == 2
    assert record.state == json.loads(json.dumps(TOY.engine.dump(expected)))
    assert f"Game {game_id} was stored by an earlier version; rebuilt from its 1 logged moves" in caplog.text
