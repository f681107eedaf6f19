"""Standing choices (a game's settings a player may change any time, e.g. Catacombs of Mu's "use
First Aid when it would save me": yes / ask me / never) and quick answers with a short time-out."""

from __future__ import annotations

import pytest

from bot.games.catacombs.engine import build_engine
from bot.storage.records import GameTiming
from bot.table.errors import NotYourTurn
from tests.support.toy_game import SecretSum
from tests.table.conftest import ANN, BOB
from tests.table.test_reminders import HOUR, two_player_game


async def catacombs_for_two(service) -> int:
    outcome = await service.create(
        guild_id=1,
        channel_id=10,
        parent_channel_id=None,
        game_name="catacombs",
        options={"characters": "random", "monsters": "0"},
        creator=ANN,
    )
    await service.join(outcome.game_id, BOB)
    await service.start(outcome.game_id, ANN.user_id)
    return outcome.game_id


async def test_a_player_sets_a_standing_choice_while_another_plays(service, sender, store):
    game_id = await catacombs_for_two(service)
    assert await service.waiting_on(game_id) == [ANN.user_id]
    ann = await service.panel(game_id, ANN.user_id)
    bob = await service.panel(game_id, BOB.user_id)
    assert "It's not your turn" in bob.text
    offered = {c.action: c for c in bob.choices}
    assert "stand:aid:ask" in offered and not offered["stand:aid:ask"].public
    before = await service.record(game_id)

    outcome = await service.act(game_id, BOB.user_id, bob.version, "stand:aid:ask")

    after = await service.record(game_id)
    assert after.version == before.version + 1 and await service.waiting_on(game_id) == [ANN.user_id]
    assert after.state["seats"][1]["standing"] == {"aid": "ask"}
    assert outcome.reply is not None and "stand:aid:yes" in {c.action for c in outcome.reply.choices}
    assert after.seats[0].waiting_since == before.seats[0].waiting_since, "Ann's buttons stay good"
    move = next((c.action for c in ann.choices if c.action == "pass"), ann.choices[0].action)
    await service.act(game_id, ANN.user_id, ann.version, move)
    log = await store.transaction(lambda tx: tx.action_log(game_id))
    engine = build_engine()
    state = engine.new_game(2, after.options, after.seed)
    for entry in log:
        state = engine.apply(state, entry.seat, entry.action).state
    assert engine.dump(state) == (await service.record(game_id)).state, "the log replays the setting"


async def test_standing_choices_sit_on_the_waiting_panel_and_nothing_else_is_let_through(service, sender):
    game_id = await catacombs_for_two(service)
    bob = await service.panel(game_id, BOB.user_id)
    ann = await service.panel(game_id, ANN.user_id)
    assert all(not c.action.startswith("stand:") for c in ann.choices), "not mixed into a decision"
    assert bob.choices and all(c.action.startswith("stand:") for c in bob.choices)
    with pytest.raises(NotYourTurn):
        await service.act(game_id, BOB.user_id, bob.version, ann.choices[0].action)


async def test_a_quick_answer_times_out_to_its_default_after_the_engines_short_limit(
    service, sender, clock, monkeypatch
):
    """Catacombs of Mu's reactions wait 10 minutes (or a shorter turn clock), not a day."""
    monkeypatch.setattr(SecretSum, "default_action", lambda self, state, seat: "call", raising=False)
    monkeypatch.setattr(SecretSum, "answers_another", lambda self, state, seat: True, raising=False)
    monkeypatch.setattr(SecretSum, "answer_within", lambda self, state, seat: 600, raising=False)
    game_id = await two_player_game(service, sender, GameTiming(remind_after=12 * HOUR * 60))
    clock.advance(9)
    await service.run_timers(sender)
    assert (await service.record(game_id)).version == 0
    clock.advance(1)
    await service.run_timers(sender)
    assert (await service.record(game_id)).status == "finished"
    live = sender.of_kind("live")[-1]
    assert "time ran out (10 min): the game's default move was made for them." in live.card.text
