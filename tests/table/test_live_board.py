"""Issue 8's live board at the table: one message per game, one ping per wait, quiet steps."""

from __future__ import annotations

import hashlib

import pytest

from bot.devtools.memory_sender import MemorySender
from bot.storage import Store
from bot.table import Panel, StaleAction, TableService
from bot.table.planner import digest, learned
from tests.support.toy_game import SecretSum
from tests.table.conftest import ANN, BOB, CY, Clock, board_of, started
from tests.table.games import table_games


async def test_a_simultaneous_decision_is_one_prompt_whose_buttons_stay_good(service, sender):
    game_id = await started(service, ANN, BOB, CY, game="steps", sender=sender)
    [prompt] = sender.of_kind("prompt")
    assert prompt.card.mentions == (1, 2, 3) and prompt.card.version == 0
    await service.act(game_id, ANN.user_id, 0, "vote:yes")
    await service.deliver(game_id, sender)
    # Bob's and Cy's decision did not change: the buttons they see (version 0) still work.
    await service.act(game_id, BOB.user_id, 0, "vote:no")
    await service.deliver(game_id, sender)
    [still] = sender.of_kind("prompt")
    assert still.id == prompt.id and still.card.mentions == (CY.user_id,)
    assert "<@1>" not in still.card.text, "the prompt shows only whom it still waits for (an edit pings nobody)"
    with pytest.raises(StaleAction):
        await service.act(game_id, BOB.user_id, 0, "vote:yes")  # Bob's decision is over


async def test_quick_steps_of_one_decision_are_one_prompt_and_wait_for_the_board(service, sender):
    game_id = await started(service, ANN, BOB, game="steps", sender=sender)
    await service.act(game_id, ANN.user_id, 0, "vote:yes")
    await service.act(game_id, BOB.user_id, 0, "vote:yes")
    await service.deliver(game_id, sender)
    [prompt] = sender.of_kind("prompt")
    assert prompt.card.mentions == (ANN.user_id,)
    board_before = sender.of_kind("live")[0].card.text
    calls = sender.calls

    await service.act(game_id, ANN.user_id, 2, "pick:2")
    await service.deliver(game_id, sender)
    [same] = sender.of_kind("prompt")
    assert same.id == prompt.id and [c.action for c in same.card.choices] == ["confirm", "back"]
    assert sender.calls == calls + 1, "one edit of the prompt; the board waits"
    assert sender.of_kind("live")[0].card.text == board_before
    with pytest.raises(StaleAction):
        await service.act(game_id, ANN.user_id, 2, "pick:3")  # the step's buttons are gone

    await service.act(game_id, ANN.user_id, 3, "confirm")
    await service.deliver(game_id, sender)
    board = sender.of_kind("live")[0].card.text
    assert "considers 2" in board and "🟪 **Ann** picks 2." in board, "the board catches up with every step"
    [bob] = sender.of_kind("prompt")
    assert bob.card.mentions == (BOB.user_id,)


async def test_while_one_player_steps_alone_the_board_waits_even_for_a_new_picture(store, sender):
    drawn = iter(range(1_000))
    service = TableService(
        store, renderer=lambda spec, view, seats: b"\x89PNG %d" % next(drawn), games=table_games, clock=Clock()
    )
    game_id = await started(service, ANN, BOB, game="steps", sender=sender)
    await service.act(game_id, ANN.user_id, 0, "vote:yes")
    await service.act(game_id, BOB.user_id, 0, "vote:yes")
    await service.deliver(game_id, sender)
    board_before, calls = sender.of_kind("live")[0].card, sender.calls
    await service.act(game_id, ANN.user_id, 2, "pick:2")  # every picture differs from the last
    await service.deliver(game_id, sender)
    assert sender.calls == calls + 1, "Ann's prompt shows her step; nobody else decides, so the board waits"
    assert sender.of_kind("live")[0].card == board_before
    await service.act(game_id, ANN.user_id, 3, "confirm")
    await service.deliver(game_id, sender)
    live = sender.of_kind("live")[0].card
    assert live.board != board_before.board and "🟪 **Ann** picks 2." in live.text


async def test_the_board_is_uploaded_only_when_the_picture_changed(store, clock, sender):
    service = TableService(store, renderer=lambda spec, view, seats: b"\x89PNG same", games=table_games, clock=clock)
    game_id = await started(service, ANN, BOB, sender=sender)
    for version in range(4):
        await service.act(game_id, (ANN, BOB)[version % 2].user_id, version, "pass")
        await service.deliver(game_id, sender)
    assert sender.uploads == 1
    assert "passes" in sender.of_kind("live")[0].card.text


async def test_an_old_board_is_posted_again_before_discord_limits_its_edits(service, clock, sender):
    game_id = await started(service, ANN, BOB, game="steps", sender=sender)
    await service.act(game_id, ANN.user_id, 0, "vote:yes")
    await service.deliver(game_id, sender)
    [old] = sender.of_kind("live")
    clock.advance(minutes=55)
    await service.act(game_id, BOB.user_id, 0, "vote:yes")
    await service.deliver(game_id, sender)
    [new] = sender.of_kind("live")
    assert new.id != old.id and old.id in sender.deleted and new.board is not None


async def test_a_board_far_up_the_channel_is_posted_again(store, clock, sender):
    chatter = {"messages": 0}
    service = TableService(
        store, renderer=board_of, games=table_games, clock=clock, activity=lambda channel, message: chatter["messages"]
    )
    game_id = await started(service, ANN, BOB, game="steps", sender=sender)
    await service.act(game_id, ANN.user_id, 0, "vote:yes")
    await service.deliver(game_id, sender)
    [old] = sender.of_kind("live")
    chatter["messages"] = 20
    await service.act(game_id, BOB.user_id, 0, "vote:yes")
    await service.deliver(game_id, sender)
    [new] = sender.of_kind("live")
    assert new.id != old.id and old.id in sender.deleted


async def test_show_everyone_moves_the_board_to_the_bottom(service, sender, clock):
    game_id = await started(service, ANN, BOB, sender=sender)
    [old] = sender.of_kind("live")
    clock.advance(1)  # a board posted less than a minute ago stays where it is
    await service.show_everyone(game_id, BOB.user_id)
    await service.deliver(game_id, sender)
    [new] = sender.of_kind("live")
    assert new.id > old.id and old.id in sender.deleted and new.board is not None


async def test_an_unchanged_secret_is_not_sent_again(service, sender):
    game_id = await started(service, ANN, BOB, CY, sender=sender)
    for version, person in enumerate((ANN, BOB, CY, ANN, BOB)):
        await service.act(game_id, person.user_id, version, "pass")
        await service.deliver(game_id, sender)
    assert [len(sender.dms_to(p.user_id)) for p in (ANN, BOB, CY)] == [1, 1, 1], "only the welcome DMs"
    outcome = await service.act(game_id, CY.user_id, 5, "peek:0")
    await service.deliver(game_id, sender)
    assert len(sender.dms_to(CY.user_id)) == 1, "what Cy's own move showed comes in its answer, not by DM"
    reply = outcome.reply
    assert isinstance(reply, Panel) and reply.has_news and "die shows" in reply.text


async def test_a_secret_that_only_lost_a_line_is_not_sent_again(service, sender, monkeypatch):
    hints = ["a tide chart", "a parrot's word"]

    def private_text(engine, view):
        return "\n".join([f"Your die: **{view.my_die}**", "🧭 **Clues:**", *[f"Clue: {h}" for h in hints]])

    monkeypatch.setattr(SecretSum, "private_text", private_text)
    game_id = await started(service, ANN, BOB, CY, sender=sender)
    assert "Clue: a parrot's word" in sender.dms_to(ANN.user_id)[-1]
    hints.pop()  # a clue became public: every secret lost a line, nobody learned anything
    await service.act(game_id, ANN.user_id, 0, "pass")
    await service.deliver(game_id, sender)
    assert [len(sender.dms_to(p.user_id)) for p in (ANN, BOB, CY)] == [1, 1, 1]
    hints.append("a map")  # a clue nobody was sent: news for everyone, Bob sees it in his answer
    outcome = await service.act(game_id, BOB.user_id, 1, "pass")
    await service.deliver(game_id, sender)
    assert [len(sender.dms_to(p.user_id)) for p in (ANN, BOB, CY)] == [2, 1, 2]
    assert "Clue: a map" in sender.dms_to(CY.user_id)[-1]
    reply = outcome.reply
    assert isinstance(reply, Panel) and reply.fresh and "Clue: a map" in reply.text


def test_a_secret_that_only_lost_lines_is_not_news():
    scouted = "🧭 **Face-down islands you have scouted:**\n#4 **Isla** — 3 Sugar\n#6 **Nassau** — 2 Gold"
    sent = digest(scouted)
    assert not learned(scouted, sent)
    assert not learned("🧭 **Face-down islands you have scouted:**\n#4 **Isla** — 3 Sugar", sent), "#6 turned up"
    assert learned(scouted + "\n#9 **Port Royal** — 1 Rum", sent)
    assert learned("🎲 **Under your cup:** ⚂ ⚅ (total 9)\n" + scouted, sent)
    assert not learned("🧭 **Face-down islands you have scouted:**", digest("")), "a heading alone says nothing"
    assert learned("🎲 3", None) and not learned("", None)
    old_style = hashlib.sha256(b"Your die: 4").hexdigest()[:16]  # rows written before per-line digests
    assert not learned("Your die: 4", old_style) and learned("Your die: 5", old_style)


async def test_a_refused_dm_is_tried_once_across_a_game_and_a_restart(tmp_path, clock):
    sender_one = MemorySender(refusing={BOB.user_id})
    path = tmp_path / "games.db"
    store = await Store.open(path)
    service = TableService(store, renderer=board_of, games=table_games, clock=clock)
    game_id = await started(service, ANN, BOB, sender=sender_one)
    await service.act(game_id, ANN.user_id, 0, "pass")
    await service.deliver(game_id, sender_one)
    [prompt] = sender_one.of_kind("prompt")
    assert prompt.card.mentions == (BOB.user_id,)
    assert "📪" in sender_one.of_kind("live")[0].card.text, "the board shows Bob's DMs are closed"
    assert "📪" in prompt.card.text and "🔒 My private info" in prompt.card.text
    assert (await service.private_info(game_id, BOB.user_id)).dms_closed
    await store.close()

    store = await Store.open(path)
    service = TableService(store, renderer=board_of, games=table_games, clock=clock)
    await service.act(game_id, BOB.user_id, 1, "peek:0")  # a new secret for Bob
    await service.resume(sender_one)
    assert sender_one.dm_attempts.count(BOB.user_id) == 1

    # Bob opens his DMs and asks for them again: one try, with his secret.
    sender_one.refusing.clear()
    await service.dms_again(game_id, BOB.user_id)
    await service.deliver(game_id, sender_one)
    assert not await service.refuses_dms(BOB.user_id)
    assert "Your die" in sender_one.dms_to(BOB.user_id)[-1]
    await store.close()


async def test_games_without_secrets_send_no_dms_and_offer_no_lock(service, sender):
    await started(service, ANN, BOB, game="steps", sender=sender)
    assert sender.dms == []
    assert not any(m.card.private for m in sender.messages.values())
