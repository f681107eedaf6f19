"""The table service: lobby, turns, refusals, computer seats, private delivery, abandoning."""

from __future__ import annotations

import asyncio

import pytest

from bot.engine import RuleError
from bot.table import NotAllowed, NotAPlayer, NotYourTurn, Panel, StaleAction, TableError
from tests.table.conftest import ANN, BOB, CY, EVE, started


async def test_lobby_join_leave_and_start_by_host(service, store):
    lobby = await service.create(
        guild_id=1, channel_id=10, parent_channel_id=None, game_name="toy", options={}, creator=ANN
    )
    game_id = lobby.post.game_id
    assert "Ann" in lobby.post.text and lobby.post.is_open
    joined = await service.join(game_id, BOB)
    assert "Bob" in joined.post.text
    with pytest.raises(TableError, match="already have a seat"):
        await service.join(game_id, BOB)
    with pytest.raises(NotAllowed, match="Only the host"):
        await service.start(game_id, BOB.user_id)
    started_ = await service.start(game_id, ANN.user_id)
    assert started_.lobby_closed is not None and not started_.lobby_closed.is_open
    assert (await store.game(game_id)).status == "active"
    with pytest.raises(TableError, match="already started"):
        await service.start(game_id, ANN.user_id)


async def test_starting_with_too_few_players_says_how_many_are_needed(service):
    lobby = await service.create(
        guild_id=1, channel_id=10, parent_channel_id=None, game_name="toy", options={}, creator=ANN
    )
    with pytest.raises(RuleError, match="needs 2-3 players"):
        await service.start(lobby.post.game_id, ANN.user_id)


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


async def test_one_open_game_per_channel(service):
    await service.create(guild_id=1, channel_id=10, parent_channel_id=None, game_name="toy", options={}, creator=ANN)
    with pytest.raises(TableError, match="already has a game"):
        await service.create(
            guild_id=1, channel_id=10, parent_channel_id=None, game_name="toy", options={}, creator=BOB
        )


async def test_a_move_posts_events_status_and_mentions_exactly_the_next_player(service):
    game_id = await started(service, ANN, BOB, CY)
    outcome = await service.act(game_id, ANN.user_id, 0, "pass")
    post = outcome.post
    assert "**Ann** passes." in post.text
    assert post.mention_ids == (BOB.user_id,)
    assert "<@2>" in post.text and "<@1>" not in post.text and "<@3>" not in post.text
    assert post.version == 1 and post.board_png.startswith(b"\x89PNG")
    assert {c.action for c in post.choices} == {"pass", "call"}
    assert post.play_button  # Bob also has a private choice (peek) and a form


async def test_refusals_change_nothing(service, store):
    game_id = await started(service, ANN, BOB)
    with pytest.raises(NotYourTurn, match="Waiting for \\*\\*Ann\\*\\*"):
        await service.act(game_id, BOB.user_id, 0, "pass")
    with pytest.raises(NotAPlayer):
        await service.act(game_id, EVE.user_id, 0, "pass")
    with pytest.raises(RuleError):
        await service.act(game_id, ANN.user_id, 0, "fly-away")
    with pytest.raises(RuleError, match="whole number"):
        await service.submit_form(game_id, ANN.user_id, 0, "bid", {"amount": "lots"})
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


async def test_forms_build_the_action(service, store):
    game_id = await started(service, ANN, BOB)
    outcome = await service.submit_form(game_id, ANN.user_id, 0, "bid", {"amount": "12"})
    assert "**Ann** bids 12." in outcome.post.text
    assert [a.action for a in await store.actions(game_id)] == ["bid:12"]


async def test_private_information_goes_by_dm_never_into_the_post(service):
    game_id = await started(service, ANN, BOB)
    outcome = await service.act(game_id, ANN.user_id, 0, "peek:1")
    bob_die = (await service.private_info(game_id, BOB.user_id)).split("**")[1]
    assert "peeks at **Bob**'s die" in outcome.post.text
    assert "shows" not in outcome.post.text and "Your die" not in outcome.post.text
    to_ann = [m for m in outcome.direct if m.user_id == ANN.user_id]
    assert len(to_ann) == 1 and f"**Bob**'s die shows {bob_die}." in to_ann[0].text
    # Bob's secrets did not change, but he must now decide something private: his panel comes by DM.
    to_bob = [m for m in outcome.direct if m.user_id == BOB.user_id]
    assert to_bob and to_bob[0].panel is not None and to_bob[0].panel.choices


async def test_welcome_dms_carry_each_players_own_secret(service):
    outcome = await service.create(
        guild_id=1, channel_id=10, parent_channel_id=None, game_name="toy", options={}, creator=ANN
    )
    await service.join(outcome.post.game_id, BOB)
    start = await service.start(outcome.post.game_id, ANN.user_id)
    assert {m.user_id for m in start.direct} == {ANN.user_id, BOB.user_id}
    for message in start.direct:
        secret = await service.private_info(outcome.post.game_id, message.user_id)
        assert secret in message.text


async def test_panel_shows_the_decision_only_to_the_player_to_act(service):
    game_id = await started(service, ANN, BOB)
    panel = await service.panel(game_id, ANN.user_id)
    assert isinstance(panel, Panel) and panel.version == 0
    assert {c.action for c in panel.choices} == {"pass", "call", "peek:1"} and panel.forms
    waiting = await service.panel(game_id, BOB.user_id)
    assert not waiting.has_decision and "Waiting for **Ann**" in waiting.text
    with pytest.raises(NotAPlayer):
        await service.panel(game_id, EVE.user_id)


async def test_computer_seats_play_their_turns_and_are_logged(service, store):
    game_id = await started(service, ANN, computers=1)
    record = await store.game(game_id)
    assert record.seats[1].is_computer
    outcome = await service.act(game_id, ANN.user_id, 0, "pass")
    # The computer passed straight away; it is Ann's turn again.
    assert "🤖 Computer 1** passes." in outcome.post.text
    assert outcome.post.mention_ids == (ANN.user_id,)
    log = await store.actions(game_id)
    assert [(a.seat, a.user_id) for a in log] == [(0, ANN.user_id), (1, None)]


async def test_a_player_leaving_a_running_game_is_replaced_by_a_computer(service, store):
    game_id = await started(service, ANN, BOB)
    outcome = await service.leave(game_id, ANN)
    assert "takes over the seat" in outcome.post.text
    record = await store.game(game_id)
    assert record.seats[0].is_computer and record.status == "active"
    # The computer took Ann's pending turn.
    assert record.version == 1 and outcome.post.mention_ids == (BOB.user_id,)
    # Someone else can take the computer's seat back.
    taken = await service.join(game_id, EVE)
    assert "takes over" in taken.post.text
    assert (await store.game(game_id)).seat_of(EVE.user_id) == 0


async def test_abandon_by_host_by_manager_or_by_majority(service, store):
    game_id = await started(service, ANN, BOB, CY)
    with pytest.raises(NotAllowed):
        await service.abandon(10, EVE.user_id, can_manage_guild=False)
    first = await service.abandon(10, BOB.user_id, can_manage_guild=False)
    assert "1 of 2" in first.reply and (await store.game(game_id)).status == "active"
    second = await service.abandon(10, CY.user_id, can_manage_guild=False)
    assert "majority" in second.post.text
    assert (await store.game(game_id)).status == "abandoned"

    other = await service.create(
        guild_id=1, channel_id=10, parent_channel_id=None, game_name="toy", options={}, creator=BOB
    )
    await service.abandon(10, EVE.user_id, can_manage_guild=True)
    assert (await store.game(other.post.game_id)).status == "abandoned"


async def test_the_final_post_shows_results_and_no_buttons(service, store):
    game_id = await started(service, ANN, BOB)
    outcome = await service.act(game_id, ANN.user_id, 0, "call")
    assert outcome.post.finished and "Winner" in outcome.post.text
    assert not outcome.post.choices and not outcome.post.private_button
    assert (await store.game(game_id)).status == "finished"
    with pytest.raises(TableError, match="over"):
        await service.act(game_id, BOB.user_id, 1, "pass")


async def test_status_and_log_after_some_moves(service):
    game_id = await started(service, ANN, BOB)
    await service.act(game_id, ANN.user_id, 0, "pass")
    await service.submit_form(game_id, BOB.user_id, 1, "bid", {"amount": "5"})
    status = await service.status(10)
    assert status.post.version == 2 and "<@1>" in status.post.text
    log = await service.recent_events(10)
    assert log.index("**Ann** passes.") < log.index("**Bob** bids 5.")


async def test_resume_lets_computers_finish_moves_a_crash_interrupted(service, store):
    game_id = await started(service, ANN, BOB)
    # Bob's seat becomes a computer while it is Bob's turn, as if the bot died right after.
    await service.act(game_id, ANN.user_id, 0, "pass")
    from bot.storage import SeatRecord

    await store.replace_seat(game_id, SeatRecord(1, None, "🤖 Computer 1"))
    outcomes = await service.resume_all()
    assert len(outcomes) == 1 and "Computer 1** passes" in outcomes[0].post.text
    assert (await store.game(game_id)).version == 2
