"""A game's history (issue 13): undo by Board Game Arena's rule, export and replay that reproduce
the final state exactly, the replay GIF and log, the after-game reveal, rematch, ``/game mine``."""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image

from bot import local
from bot.engine import Rng
from bot.storage.records import GameTiming
from bot.table import TableError, TableService
from bot.table.history import replay_export, state_digest
from bot.table.mine import mine_text
from tests.table.conftest import ANN, BOB, CY, started
from tests.table.games import table_games


async def play_out(service: TableService, game_id: int) -> None:
    """Every person plays what the game's computer player would (a real game, to its end)."""
    while waiting := await service.waiting_on(game_id):
        user = waiting[0]
        panel = await service.panel(game_id, user)
        record = await service.record(game_id)
        loaded = table_games(record.game_type)
        state = loaded.engine.load(record.state)
        choices = loaded.engine.legal_actions(state, panel.seat)
        rng = Rng.from_seed(record.seed, "test", record.version, panel.seat)
        action = loaded.computer.choose(loaded.engine.seat_view(state, panel.seat), choices, rng)
        await service.act(game_id, user, panel.version, action)


# --- undo ----------------------------------------------------------------------------------------


async def test_a_move_that_revealed_nothing_is_taken_back_and_everyone_sees_it(service, sender):
    game_id = await started(service, ANN, BOB, sender=sender)
    before = (await service.record(game_id)).state
    await service.act(game_id, ANN.user_id, 0, "pass")
    outcome = await service.undo(game_id, ANN.user_id)
    await service.deliver(game_id, sender)
    record = await service.record(game_id)
    assert record.state == before and record.version == 2, "the state is back; versions only go forward"
    assert record.seats[0].waiting_since == 2 and record.seats[1].waiting_since is None
    assert outcome.reply is not None and outcome.reply.has_decision, "her decision is open again"
    [live] = sender.of_kind("live")
    assert "↩️ 🟥 **Ann** took back their last move." in live.card.text
    assert [m.card.mentions for m in sender.of_kind("prompt")] == [(ANN.user_id,)], "Bob's prompt went away"
    with pytest.raises(TableError, match="Only your own last move"):
        await service.undo(game_id, ANN.user_id)

    await service.act(game_id, ANN.user_id, 2, "call")
    export = json.loads((await service.export(10)).data)
    assert [a["action"] for a in export["actions"]] == ["call"], "the taken-back move is not replayed"
    assert replay_export(export, table_games)[2]


async def test_a_move_that_showed_something_or_that_others_answered_stays(service, sender):
    game_id = await started(service, ANN, BOB, sender=sender)
    await service.act(game_id, ANN.user_id, 0, "peek:1")
    with pytest.raises(TableError, match="showed something new"):
        await service.undo(game_id, ANN.user_id)
    await service.act(game_id, BOB.user_id, 1, "pass")
    with pytest.raises(TableError, match="Only your own last move"):
        await service.undo(game_id, ANN.user_id)
    with pytest.raises(TableError, match="not playing"):
        await service.undo(game_id, CY.user_id)


async def test_the_next_step_of_the_same_decision_offers_undo(service, sender):
    game_id = await started(service, ANN, BOB, game="steps", sender=sender)
    await service.act(game_id, ANN.user_id, 0, "vote:yes")
    await service.act(game_id, BOB.user_id, 0, "vote:yes")
    record = await service.record(game_id)
    outcome = await service.act(game_id, ANN.user_id, record.version, "pick:2")
    assert outcome.reply is not None and outcome.reply.extras == ("undo", "help")
    back = await service.undo(game_id, ANN.user_id, record.version + 1)
    assert {c.action for c in back.reply.choices} == {"pick:1", "pick:2", "pick:3"}


# --- export, replay, reveal ------------------------------------------------------------------------


async def test_an_exported_mutiny_game_replays_to_exactly_its_final_state(service, sender, tmp_path, capsys):
    game_id = await started(service, ANN, computers=3, game="mutiny", sender=sender)
    with pytest.raises(TableError, match="once it is over"):
        await service.export(10)
    await play_out(service, game_id)
    record = await service.record(game_id)
    assert record.status == "finished"
    exported = await service.export(10)
    data = json.loads(exported.data)
    assert data["seed"] == record.seed and data["options"] == record.options and data["players"] == 4
    assert len(data["actions"]) == record.version
    engine = table_games("mutiny").engine
    assert data["final_state_sha256"] == state_digest(engine, engine.load(record.state))

    path = tmp_path / exported.filename
    path.write_bytes(exported.data)
    assert local.main(["--replay", str(path)]) == 0
    printed = capsys.readouterr().out
    assert "✓ The final state is exactly the exported game's." in printed and "Mutiny" in printed

    data["actions"] = data["actions"][:-1]
    path.write_text(json.dumps(data))
    assert local.main(["--replay", str(path)]) == 1


async def test_a_replay_is_a_looping_gif_and_a_public_log(service, sender):
    game_id = await started(service, ANN, BOB, sender=sender)
    await service.act(game_id, ANN.user_id, 0, "peek:1")
    running = await service.replay(10)
    assert not running.finished and b"die shows" not in running.log, "a running game's replay shows no secret"
    await service.act(game_id, BOB.user_id, 1, "call")
    replay = await service.replay(10)
    gif = Image.open(io.BytesIO(replay.gif))
    assert gif.format == "GIF" and replay.finished
    log = replay.log.decode()
    assert "🟥 **Ann** peeks at 🟦 **Bob**'s die." in log and "Dice revealed" in log


async def test_reveal_only_after_the_game(service, sender):
    game_id = await started(service, ANN, BOB, sender=sender)
    with pytest.raises(TableError, match="only after the game is over"):
        await service.reveal(10)
    await service.act(game_id, ANN.user_id, 0, "call")
    assert "Dice: 🟥 **Ann**" in await service.reveal(10)


# --- rematch -------------------------------------------------------------------------------------


async def test_rematch_opens_a_lobby_with_the_same_players_options_and_timing(service, sender, store):
    outcome = await service.create(
        guild_id=1,
        channel_id=10,
        parent_channel_id=None,
        game_name="toy",
        options={"rounds": 2},
        creator=ANN,
        computers=1,
        timing=GameTiming(remind_after=3600, turn_clock=7200, missed_limit=3),
    )
    game_id = outcome.game_id
    await service.join(game_id, BOB)
    with pytest.raises(TableError, match="once this game is over"):
        await service.rematch(game_id, BOB)
    await service.start(game_id, ANN.user_id)
    await service.act(game_id, ANN.user_id, 0, "call")
    await service.deliver(game_id, sender)
    [live] = sender.of_kind("live")
    assert live.card.extras == ("rematch",)
    with pytest.raises(TableError, match="Only the players"):
        await service.rematch(game_id, CY)

    again = await service.rematch(game_id, BOB)
    await service.deliver(again.game_id, sender)
    record = await service.record(again.game_id)
    assert record.status == "lobby" and record.channel_id == 10 and record.creator_id == BOB.user_id
    assert [(s.user_id, s.name) for s in record.seats] == [(1, "Ann"), (None, "🤖 Computer 1"), (2, "Bob")]
    assert record.options == {"rounds": 2}
    assert await service.timing(again.game_id) == GameTiming(3600, 7200, 3)
    lobby = [m for m in sender.of_kind("lobby") if m.card.lobby is not None]
    assert "⌛ 2 h per move" in lobby[-1].card.text
    with pytest.raises(TableError, match="already has a game"):
        await service.rematch(game_id, ANN)


# --- /game mine ------------------------------------------------------------------------------------


async def test_my_games_lists_the_games_waiting_on_me_first_with_links(service, sender, clock):
    first = await started(service, ANN, BOB, sender=sender)  # waits on Ann
    clock.advance(60)
    second = await service.create(
        guild_id=2, channel_id=20, parent_channel_id=None, game_name="toy", options={}, creator=BOB
    )
    await service.join(second.game_id, ANN)
    await service.start(second.game_id, BOB.user_id)  # waits on Bob
    clock.advance(90)
    await service.create(guild_id=3, channel_id=30, parent_channel_id=None, game_name="toy", options={}, creator=ANN)

    games = await service.my_games(ANN.user_id)
    assert [(g.game_id, g.on_me, g.waited) for g in games] == [
        (first, True, 150 * 60.0),
        (second.game_id, False, 90 * 60.0),
        (first + 2, False, None),
    ]
    text = mine_text(games)
    assert text.splitlines()[0] == "## 🎲 Your games (3) · **1 waiting on you**"
    link = "[Secret Sum](<https://discord.com/channels/1/10>)"
    assert f"➡️ {link} · Secret Sum — 🟥 Ann to act. · **your move** for 2 h 30 min" in text
    assert "waiting for 🟥 **Bob** for 1 h 30 min" in text and "https://discord.com/channels/2/20" in text
    assert "🪑 [Secret Sum](<https://discord.com/channels/3/30>) · lobby" in text
    assert await service.my_games(CY.user_id) == [] and "not in any running game" in mine_text([])
