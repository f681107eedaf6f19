"""Who may take a computer's seat in a running game (issue 19, point 2), decided per game and per kind
of table in the registration (``GameSpec.newcomers_take_computer_seats``) and told in the guides."""

from __future__ import annotations

import pytest

from bot.table import TableError
from tests.table.conftest import ANN, CY, EVE, started


async def test_a_co_op_expedition_welcomes_a_newcomer_a_competitive_one_does_not(service, store):
    coop = await started(service, ANN, computers=1, game="catacombs", options={"mode": "cooperative"})
    taken = await service.join(coop, EVE)
    assert taken.reply == "You took over a computer seat."
    assert (await store.game(coop)).seat_of(EVE.user_id) == 1

    await service.abandon(10, ANN.user_id, can_manage_guild=True)
    race = await started(service, ANN, computers=1, game="catacombs", options={"mode": "competitive"})
    with pytest.raises(TableError, match=r"A running game of \*\*Catacombs of Mu\*\* takes no new players"):
        await service.join(race, EVE)
    assert (await store.game(race)).seat_of(EVE.user_id) is None


async def test_a_game_without_secrets_lets_a_player_change_seats(service, store):
    game = await started(service, ANN, computers=2, game="muggles")  # Red Ann, Blue 🤖, Green 🤖
    await service.join(game, EVE)  # Blue
    await service.leave(game, EVE, confirmed=True)
    await service.join(game, CY)  # Blue again, the first computer seat

    moved = await service.join(game, EVE)

    # Nothing is hidden in Muggles!, so Eve knows nothing Green may not: she takes it.
    assert moved.reply == "You took over a computer seat."
    record = await store.game(game)
    assert (record.seat_of(CY.user_id), record.seat_of(EVE.user_id)) == (1, 2)
