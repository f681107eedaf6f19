"""The table service: lobby, turns, refusals, computer seats, private delivery, abandoning.

What players would see is read from a ``MemorySender``: the table delivers through it
exactly what it would send to Discord."""

from __future__ import annotations

import asyncio

import pytest

from bot.engine import RuleError
from bot.table import NotAllowed, NotAPlayer, NotYourTurn, Panel, StaleAction, TableError
from tests.table.conftest import ANN, BOB, CY, EVE, started


async def test_lobby_join_leave_and_start_by_the_host_edit_one_lobby_message(service, sender):
    lobby = await service.create(
        guild_id=1, channel_id=10, parent_channel_id=None, game_name="toy", options={}, creator=ANN
    )
    game_id = lobby.game_id
    await service.deliver(game_id, sender)
    [message] = sender.of_kind("lobby")
    assert "🟥 **Ann**" in message.card.text and message.card.lobby is not None
    assert "Press **Join** to take a seat: 1 more player needed." in message.card.text
    await service.join(game_id, BOB)
    await service.deliver(game_id, sender)
    assert "2. 🟦 **Bob**" in message.card.text
    assert "The host presses **Start** when everyone is in" in message.card.text
    with pytest.raises(TableError, match="already have a seat"):
        await service.join(game_id, BOB)
    with pytest.raises(NotAllowed, match="Only the host"):
        await service.start(game_id, BOB.user_id)
    await service.start(game_id, ANN.user_id)
    await service.deliver(game_id, sender)
    assert sender.of_kind("lobby") == [message]
    assert message.card.lobby is None and "The game has started below." in message.card.text
    assert (await service.record(game_id)).status == "active"
    with pytest.raises(TableError, match="already started"):
        await service.start(game_id, ANN.user_id)


async def test_a_full_lobby_says_so(service, sender):
    game_id = (
        await service.create(
            guild_id=1, channel_id=10, parent_channel_id=None, game_name="toy", options={}, creator=ANN, computers=2
        )
    ).game_id
    await service.deliver(game_id, sender)
    [lobby] = sender.of_kind("lobby")
    assert "Every seat is taken: the host presses **Start**." in lobby.card.text and "Join" not in lobby.card.text
    assert lobby.card.lobby is not None and not lobby.card.lobby.join and lobby.card.lobby.remove_computer


async def test_starting_with_too_few_players_says_how_many_are_needed(service):
    lobby = await service.create(
        guild_id=1, channel_id=10, parent_channel_id=None, game_name="toy", options={}, creator=ANN
    )
    with pytest.raises(RuleError, match="needs 2-3 players"):
        await service.start(lobby.game_id, ANN.user_id)


async def test_bad_options_are_refused_before_the_lobby_opens(service, store):
    with pytest.raises(RuleError, match="at most 5"):
        await service.create(
            guild_id=1, channel_id=10, parent_channel_id=None, game_name="toy", options={"rounds": 9}, creator=ANN
        )
    with pytest.raises(RuleError, match="Unknown option"):
        await service.create(
            guild_id=1, channel_id=10, parent_channel_id=None, game_name="toy", options={"colour": 1}, creator=ANN
        )
    assert await store.open_game_in_channel(10) is None


async def test_the_host_changes_options_in_the_lobby(service, sender):
    game_id = (
        await service.create(
            guild_id=1, channel_id=10, parent_channel_id=None, game_name="toy", options={}, creator=ANN
        )
    ).game_id
    await service.join(game_id, BOB)
    with pytest.raises(NotAllowed):
        await service.set_options(game_id, BOB.user_id, {"rounds": "2"})
    with pytest.raises(RuleError, match="at most 5"):
        await service.set_options(game_id, ANN.user_id, {"rounds": "7"})
    outcome = await service.set_options(game_id, ANN.user_id, {"rounds": "2"})
    assert outcome.reply == "Options: Rounds: 2."
    await service.deliver(game_id, sender)
    assert "Options: Rounds: 2" in sender.of_kind("lobby")[0].card.text
    await service.start(game_id, ANN.user_id)
    assert (await service.record(game_id)).options == {"rounds": 2}


async def test_options_valid_for_some_player_counts_are_checked_at_start(service):
    """Issue 9: "check it at Start, and let the lobby show and change options". Issue 21: an option
    that does not apply to the table as seated (MCCC's solo-only easier mode) is played at its
    default; a choice the table cannot play (Muggles' advanced goal alone) is refused at Start."""
    lobby = await service.create(
        guild_id=1, channel_id=11, parent_channel_id=None, game_name="mccc", options={"easier": True}, creator=ANN
    )
    await service.join(lobby.game_id, BOB)
    await service.leave(lobby.game_id, BOB)
    await service.start(lobby.game_id, ANN.user_id)
    assert (await service.record(lobby.game_id)).options["easier"] is True
    pair = await service.create(
        guild_id=1, channel_id=12, parent_channel_id=None, game_name="mccc", options={"easier": True}, creator=ANN
    )
    await service.join(pair.game_id, BOB)
    await service.start(pair.game_id, ANN.user_id)
    assert (await service.record(pair.game_id)).options["easier"] is False

    alone = await service.create(
        guild_id=1,
        channel_id=13,
        parent_channel_id=None,
        game_name="muggles",
        options={"requirements": "advanced"},
        creator=ANN,
    )
    with pytest.raises(RuleError, match="at least 2 players"):
        await service.start(alone.game_id, ANN.user_id)
    assert (await service.record(alone.game_id)).status == "lobby"


async def test_one_open_game_per_channel(service):
    await service.create(guild_id=1, channel_id=10, parent_channel_id=None, game_name="toy", options={}, creator=ANN)
    with pytest.raises(TableError, match="already has a game"):
        await service.create(
            guild_id=1, channel_id=10, parent_channel_id=None, game_name="toy", options={}, creator=BOB
        )


async def test_a_move_updates_the_board_and_pings_exactly_the_next_player(service, sender):
    game_id = await started(service, ANN, BOB, CY, sender=sender)
    [ann_prompt] = sender.of_kind("prompt")
    assert ann_prompt.card.mentions == (ANN.user_id,) and "<@1>" in ann_prompt.card.text
    assert {c.action for c in ann_prompt.card.choices} == {"pass", "call"} and ann_prompt.card.play

    await service.act(game_id, ANN.user_id, 0, "pass")
    await service.deliver(game_id, sender)

    [board] = sender.of_kind("live")
    assert "🟥 **Ann** passes." in board.card.text and "⏳ Waiting for 🟦 **Bob**" in board.card.text
    assert board.id == ann_prompt.id, "Ann's finished prompt became the board, right above the new prompt"
    [bob_prompt] = sender.of_kind("prompt")
    assert bob_prompt.card.mentions == (BOB.user_id,) and "<@2>" in bob_prompt.card.text
    assert "<@1>" not in bob_prompt.card.text and "<@3>" not in bob_prompt.card.text
    assert len(sender.messages) == 3  # the lobby, the board, one prompt


async def test_refusals_change_nothing(service, store):
    game_id = await started(service, ANN, BOB)
    with pytest.raises(NotYourTurn, match=r"Waiting for 🟥 \*\*Ann\*\*"):
        await service.act(game_id, BOB.user_id, 0, "pass")
    with pytest.raises(NotAPlayer):
        await service.act(game_id, EVE.user_id, 0, "pass")
    with pytest.raises(RuleError):
        await service.act(game_id, ANN.user_id, 0, "fly-away")
    with pytest.raises(RuleError, match="whole number"):
        await service.submit_form(game_id, ANN.user_id, 0, "bid", {"amount": "lots"})
    with pytest.raises(StaleAction):
        await service.act(game_id, ANN.user_id, 99, "pass")
    await service.act(game_id, ANN.user_id, 0, "pass")
    with pytest.raises(StaleAction, match="earlier turn"):
        await service.act(game_id, BOB.user_id, 0, "pass")
    record = await store.game(game_id)
    assert record.version == 1 and len(await store.actions(game_id)) == 1


async def test_two_identical_clicks_at_once_apply_once(service, store):
    game_id = await started(service, ANN, BOB)
    results = await asyncio.gather(
        service.act(game_id, ANN.user_id, 0, "pass"),
        service.act(game_id, ANN.user_id, 0, "pass"),
        return_exceptions=True,
    )
    assert sum(isinstance(r, StaleAction) for r in results) == 1
    assert (await store.game(game_id)).version == 1


async def test_forms_build_the_action(service, store, sender):
    game_id = await started(service, ANN, BOB, sender=sender)
    await service.submit_form(game_id, ANN.user_id, 0, "bid", {"amount": "12"})
    await service.deliver(game_id, sender)
    assert "🟥 **Ann** bids 12." in sender.of_kind("live")[0].card.text
    assert [a.action for a in await store.actions(game_id)] == ["bid:12"]


async def test_private_information_goes_to_its_player_never_into_public_messages(service, sender):
    game_id = await started(service, ANN, BOB, sender=sender)
    outcome = await service.act(game_id, ANN.user_id, 0, "peek:1")
    await service.deliver(game_id, sender)
    bob_die = (await service.private_info(game_id, BOB.user_id)).text.split("**")[1]
    public = "\n".join(m.card.text for m in sender.messages.values())
    assert "peeks at 🟦 **Bob**'s die" in public
    assert "shows" not in public and "Your die" not in public
    reply = outcome.reply
    assert isinstance(reply, Panel) and reply.news == (f"🟦 **Bob**'s die shows {bob_die}.",)
    assert reply.text.startswith(reply.news[0]), "what her move showed Ann comes first in her answer"
    assert [len(sender.dms_to(p.user_id)) for p in (ANN, BOB)] == [1, 1], "nothing new by DM: only the welcomes"


async def test_welcome_dms_name_the_colour_and_carry_each_players_own_secret(service, sender):
    game_id = await started(service, ANN, BOB, sender=sender)
    for person, colour in ((ANN, "🟥 **Red**"), (BOB, "🟦 **Blue**")):
        [welcome] = sender.dms_to(person.user_id)
        assert f"You play {colour}" in welcome and "seat" not in welcome
        assert (await service.private_info(game_id, person.user_id)).text in welcome


async def test_the_panel_shows_the_decision_only_to_the_player_to_act(service):
    game_id = await started(service, ANN, BOB)
    panel = await service.panel(game_id, ANN.user_id)
    assert isinstance(panel, Panel) and panel.version == 0 and panel.needs_privacy
    assert {c.action for c in panel.choices} == {"pass", "call", "peek:1"} and panel.forms
    waiting = await service.panel(game_id, BOB.user_id)
    assert not waiting.has_decision and "Waiting for 🟥 **Ann**" in waiting.text
    with pytest.raises(NotAPlayer):
        await service.panel(game_id, EVE.user_id)


async def test_computer_moves_commit_with_the_move_that_caused_them(service, store, sender):
    game_id = await started(service, ANN, computers=2, sender=sender)
    outcome = await service.act(game_id, ANN.user_id, 0, "pass")
    await service.deliver(game_id, sender)
    assert "🤖 Computer 2** passes." in sender.of_kind("live")[0].card.text
    assert outcome.reply is not None  # Ann is to act again at once: her next decision comes back to her
    log = await store.actions(game_id)
    assert [(a.version, a.seat, a.user_id) for a in log] == [(1, 0, ANN.user_id), (2, 1, None), (3, 2, None)]
    [prompt] = sender.of_kind("prompt")
    assert prompt.card.mentions == (ANN.user_id,), "computer moves never ping; Ann's prompt stayed"


async def test_leaving_a_running_game_asks_first_then_a_computer_plays_the_seat_until_its_player_is_back(
    service, store, sender
):
    game_id = await started(service, ANN, BOB, sender=sender)
    asked = await service.leave(game_id, ANN)
    assert isinstance(asked.reply, Panel) and asked.reply.extras == ("leave", "stay")
    assert (await store.game(game_id)).seat_of(ANN.user_id) == 0, "nothing happens before the confirmation"
    await service.leave(game_id, ANN, confirmed=True)
    await service.deliver(game_id, sender)
    board = sender.of_kind("live")[0].card.text
    assert "🟥 **Ann** left the table; 🤖 Computer 1 takes over the seat." in board
    record = await store.game(game_id)
    assert record.seats[0].is_computer and record.status == "active"
    assert record.version == 1  # the computer took Ann's pending turn
    assert [p.card.mentions for p in sender.of_kind("prompt")] == [(BOB.user_id,)]
    await service.reclaim(game_id, ANN)
    assert (await store.game(game_id)).seat_of(ANN.user_id) == 0, "her own seat, while a computer played it"


async def test_when_everyone_left_the_game_is_abandoned(service, store, sender):
    game_id = await started(service, ANN, BOB, sender=sender)
    await service.leave(game_id, BOB, confirmed=True)
    assert (await store.game(game_id)).status == "active", "Ann still plays"
    answer = await service.leave(game_id, ANN, confirmed=True)
    assert "abandoned" in str(answer.reply) and (await store.game(game_id)).status == "abandoned"


async def test_the_last_player_leaving_abandons_the_game(service, store, sender):
    game_id = await started(service, ANN, computers=1, sender=sender)
    answer = await service.leave(game_id, ANN, confirmed=True)
    assert "abandoned" in str(answer.reply) and (await store.game(game_id)).status == "abandoned"


async def test_abandon_by_host_by_manager_or_by_majority(service, store, sender):
    game_id = await started(service, ANN, BOB, CY, sender=sender)
    with pytest.raises(NotAllowed):
        await service.abandon(10, EVE.user_id, can_manage_guild=False)
    first = await service.abandon(10, BOB.user_id, can_manage_guild=False)
    assert "1 of 2" in str(first.reply) and (await store.game(game_id)).status == "active"
    await service.abandon(10, CY.user_id, can_manage_guild=False)
    await service.deliver(game_id, sender)
    assert (await store.game(game_id)).status == "abandoned"
    [board] = sender.of_kind("live")
    assert "🏳️ The game was abandoned by a majority of its players." in board.card.text
    assert "Waiting" not in board.card.text and not board.card.play and not board.card.private
    assert sender.of_kind("prompt") == [], "nobody is waited on any more"

    other = await service.create(
        guild_id=1, channel_id=10, parent_channel_id=None, game_name="toy", options={}, creator=BOB
    )
    await service.abandon(10, EVE.user_id, can_manage_guild=True)
    assert (await store.game(other.game_id)).status == "abandoned"


async def test_the_final_board_shows_results_and_no_buttons(service, store, sender):
    game_id = await started(service, ANN, BOB, sender=sender)
    await service.act(game_id, ANN.user_id, 0, "call")
    await service.deliver(game_id, sender)
    [board] = sender.of_kind("live")
    assert "🏁 **Game over**" in board.card.text and "Winner" in board.card.text and "🏆" in board.card.text
    assert "Dice: 🟥 **Ann**" in board.card.text  # what was hidden, shown once it is over
    assert not board.card.choices and not board.card.play and not board.card.private
    assert sender.of_kind("prompt") == []
    assert (await store.game(game_id)).status == "finished"
    with pytest.raises(TableError, match="over"):
        await service.act(game_id, BOB.user_id, 1, "pass")


async def test_status_and_log_for_the_asker(service, sender):
    game_id = await started(service, ANN, BOB, sender=sender)
    await service.act(game_id, ANN.user_id, 0, "pass")
    await service.submit_form(game_id, BOB.user_id, 1, "bid", {"amount": "5"})
    status = await service.status(10)
    assert status.active and status.board is not None and "⏳ Waiting for 🟥 **Ann**" in status.text
    log = await service.recent_events(10)
    assert log.index("🟥 **Ann** passes.") < log.index("🟦 **Bob** bids 5.")
    await service.act(game_id, ANN.user_id, 2, "call")
    over = await service.status(10)
    assert not over.active and "Game over" in over.text and "Waiting" not in over.text


async def test_resume_lets_computers_finish_moves_a_crash_interrupted(service, store, sender):
    game_id = await started(service, ANN, BOB, sender=sender)
    await service.act(game_id, ANN.user_id, 0, "pass")
    # Bob's seat becomes a computer while it is Bob's turn, as if the bot died right after.
    from bot.storage import SeatRecord

    await store.transaction(lambda tx: tx.replace_seat(game_id, SeatRecord(1, None, "🤖 Computer 1")))
    assert await service.resume(sender) == 2  # one game moved; one had messages to send
    assert (await store.game(game_id)).version == 2
    assert "🤖 Computer 1** passes" in sender.of_kind("live")[0].card.text
