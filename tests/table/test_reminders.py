"""Reminders and turn clocks (issue 13), on a fake clock: they fire at the right time and once,
survive a restart, respect quiet hours and "not this turn", stop when the turn ends; time-outs hand
the decision to the default or the computer; missed turns hand the seat over, and it is reclaimed."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.storage.records import GameTiming, UserSettings
from bot.table import TableError, TableService
from tests.support.toy_game import SecretSum
from tests.table.conftest import ANN, BOB, board_of, started
from tests.table.games import table_games

HOUR = 60


async def two_player_game(service, sender, timing: GameTiming | None = None) -> int:
    outcome = await service.create(
        guild_id=1,
        channel_id=10,
        parent_channel_id=None,
        game_name="toy",
        options={},
        creator=ANN,
        timing=timing or GameTiming(remind_after=12 * 3600),
    )
    await service.join(outcome.game_id, BOB)
    await service.start(outcome.game_id, ANN.user_id)
    await service.deliver(outcome.game_id, sender)
    return outcome.game_id


def prompts_for(sender, user_id: int):
    return [m for m in sender.of_kind("prompt") if user_id in m.card.mentions]


async def test_a_reminder_comes_after_the_delay_in_the_channel_then_by_dm_and_only_once(service, sender, clock):
    game_id = await two_player_game(service, sender)
    [first] = prompts_for(sender, ANN.user_id)

    clock.advance(12 * HOUR - 1)
    assert await service.run_timers(sender) == 0, "not a minute early"
    clock.advance(1)
    assert await service.run_timers(sender) == 1
    [reminder] = prompts_for(sender, ANN.user_id)
    assert reminder.id != first.id and first.id in sender.deleted, "the prompt moved to the bottom"
    assert reminder.card.mentions == (ANN.user_id,), "only the waited-on player is pinged"
    assert "⏰ Reminder: the game has waited 12 h for you." in reminder.card.text
    assert reminder.card.extras == ("help", "quiet") and reminder.card.choices, "the buttons still work on it"
    assert sender.dms_to(ANN.user_id)[-1].startswith("**Secret Sum** has started"), "no DM yet"
    assert await service.run_timers(sender) == 0, "not twice"

    clock.advance(12 * HOUR)
    assert await service.run_timers(sender) == 1
    assert sender.dms_to(ANN.user_id)[-1].startswith("⏰ **Secret Sum** has waited 1 d for your move.")
    assert "discord.com/channels/1/10" in sender.dms_to(ANN.user_id)[-1]
    clock.advance(48 * HOUR)
    assert await service.run_timers(sender) == 0, "one reminder in the channel, one by DM, then quiet"
    assert [u for u, _ in sender.dms].count(BOB.user_id) == 1, "Bob, not waited on, only got his welcome"
    assert (await service.record(game_id)).version == 0


async def test_reminders_stop_when_the_turn_ends_and_start_over_for_the_next(service, sender, clock):
    game_id = await two_player_game(service, sender)
    clock.advance(11 * HOUR)
    await service.act(game_id, ANN.user_id, 0, "pass")
    clock.advance(2 * HOUR)
    assert await service.run_timers(sender) == 0, "Ann moved: her reminder is gone, Bob's clock just started"
    clock.advance(10 * HOUR)
    assert await service.run_timers(sender) == 1
    await service.deliver(game_id, sender)
    [reminder] = [m for m in sender.of_kind("prompt") if "Reminder" in m.card.text]
    assert reminder.card.mentions == (BOB.user_id,)


async def test_reminders_survive_a_restart(store, sender, clock):
    first = TableService(store, renderer=board_of, games=table_games, seed_source=lambda: 7, clock=clock)
    game_id = await two_player_game(first, sender)
    clock.advance(20 * HOUR)  # the bot was down when the reminder fell due
    again = TableService(store, renderer=board_of, games=table_games, seed_source=lambda: 7, clock=clock)
    assert await again.run_timers(sender) == 1
    assert [m for m in sender.of_kind("prompt") if "waited 20 h" in m.card.text]
    assert await first.run_timers(sender) == 0, "the old process fires nothing again"
    assert game_id


async def test_a_crashed_claim_is_fired_after_its_lease_and_only_once(service, store, sender, clock):
    await two_player_game(service, sender)
    clock.advance(12 * HOUR)
    lease = (clock() + timedelta(minutes=5)).isoformat(timespec="seconds")
    [claimed] = await store.transaction(lambda tx: tx.claim_timers(lease, 10))  # then the worker died
    assert await service.run_timers(sender) == 0, "held by the dead worker's claim"
    clock.advance(6)
    assert await service.run_timers(sender) == 1
    assert len([m for m in sender.of_kind("prompt") if "Reminder" in m.card.text]) == 1
    assert not await store.transaction(lambda tx: tx.finish_timer(claimed))


async def test_a_reminder_due_in_quiet_hours_waits_for_them_to_end(service, sender, clock):
    await service.set_user_settings(UserSettings(ANN.user_id, "Europe/Berlin", 22 * 60, 7 * 60))
    await two_player_game(service, sender, GameTiming(remind_after=3 * 3600))
    clock.advance(3 * HOUR)  # 04:00 in Berlin
    assert await service.run_timers(sender) == 0
    assert [m for m in sender.of_kind("prompt") if "Reminder" in m.card.text] == []
    clock.advance(3 * HOUR - 1)  # 06:59 in Berlin
    assert await service.run_timers(sender) == 0
    clock.advance(1)  # 07:00 in Berlin: quiet hours are over
    assert await service.run_timers(sender) == 1
    [reminder] = [m for m in sender.of_kind("prompt") if "Reminder" in m.card.text]
    assert "waited 6 h" in reminder.card.text


async def test_not_this_turn_silences_the_rest_of_the_turn_only(service, sender, clock):
    game_id = await two_player_game(service, sender, GameTiming(remind_after=3600))
    clock.advance(HOUR)
    await service.run_timers(sender)
    [reminder] = [m for m in sender.of_kind("prompt") if "Reminder" in m.card.text]
    with pytest.raises(TableError, match="Only the player"):
        await service.silence(game_id, 99, reminder.card.version)
    outcome = await service.silence(game_id, ANN.user_id, reminder.card.version)
    assert "No more reminders for this turn" in str(outcome.reply)
    clock.advance(10 * HOUR)
    assert await service.run_timers(sender) == 0, "no DM either"
    await service.act(game_id, ANN.user_id, 0, "pass")
    await service.act(game_id, BOB.user_id, 1, "pass")
    clock.advance(HOUR)
    assert await service.run_timers(sender) == 1, "her next turn reminds her again"
    with pytest.raises(TableError, match="over already"):
        await service.silence(game_id, ANN.user_id, reminder.card.version)


async def test_no_reminders_when_the_game_says_off(service, sender, clock):
    await two_player_game(service, sender, GameTiming(remind_after=0))
    clock.advance(100 * HOUR)
    assert await service.run_timers(sender) == 0


async def test_no_reminder_dm_to_a_player_who_refuses_dms(service, sender, clock, store):
    game_id = await two_player_game(service, sender)
    await store.transaction(lambda tx: tx.set_refuses_dms(ANN.user_id, True))
    dms = len(sender.dms)
    clock.advance(12 * HOUR)
    assert await service.run_timers(sender) == 1, "the channel reminder still comes"
    assert await store.transaction(lambda tx: tx.timers(game_id)) == [], "and no DM is planned"
    clock.advance(12 * HOUR)
    assert await service.run_timers(sender) == 0 and len(sender.dms) == dms


async def test_a_turn_clock_hands_the_decision_to_the_computer_and_says_so(service, sender, clock):
    game_id = await two_player_game(service, sender, GameTiming(remind_after=3600, turn_clock=4 * 3600))
    clock.advance(4 * HOUR)
    await service.run_timers(sender)
    record = await service.record(game_id)
    assert record.version == 1 and record.seats[0].user_id == ANN.user_id
    [live] = sender.of_kind("live")
    assert "⌛ 🟥 **Ann**'s time ran out (4 h): the computer chose for them." in live.card.text
    assert "🟥 **Ann** passes." in live.card.text
    [log] = await store_log(service, game_id)
    assert (log.seat, log.user_id, log.action) == (0, None, "pass"), "logged as the computer's move"
    assert [m.card.mentions for m in sender.of_kind("prompt")] == [(BOB.user_id,)]


async def test_a_documented_default_decides_a_timed_out_decision(service, sender, clock, monkeypatch):
    monkeypatch.setattr(SecretSum, "default_action", lambda self, state, seat: "call", raising=False)
    game_id = await two_player_game(service, sender, GameTiming(turn_clock=3600))
    clock.advance(HOUR)
    await service.run_timers(sender)
    record = await service.record(game_id)
    assert record.status == "finished"
    [live] = sender.of_kind("live")
    assert "the game's default move was made for them" in live.card.text and "🟥 **Ann** calls!" in live.card.text


async def test_missed_turns_hand_the_seat_to_the_computer_until_the_player_reclaims_it(service, sender, clock):
    game_id = await two_player_game(service, sender, GameTiming(turn_clock=3600, missed_limit=2))
    clock.advance(HOUR)
    await service.run_timers(sender)  # Ann's first miss
    await service.act(game_id, BOB.user_id, 1, "pass")
    clock.advance(HOUR)
    await service.run_timers(sender)  # her second in a row: the computer takes the seat
    await service.deliver(game_id, sender)
    record = await service.record(game_id)
    assert record.seats[0].user_id is None and record.seats[0].name == "🤖 Computer 1 for Ann"
    assert record.version == 3 and record.seats[1].waiting_since == 3, "Bob is waited on again; Ann's seat played"
    [live] = sender.of_kind("live")
    assert "missed 2 turns in a row, so a computer plays the seat" in live.card.text
    assert "a computer plays your seat for now" in sender.dms_to(ANN.user_id)[-1]

    panel = await service.panel(game_id, ANN.user_id)
    assert panel.extras == ("reclaim",) and "A computer plays your seat" in panel.text
    await service.act(game_id, BOB.user_id, 3, "pass")  # the computer plays Ann's seat at once
    assert (await service.record(game_id)).version == 5

    await service.reclaim(game_id, ANN)
    await service.deliver(game_id, sender)
    record = await service.record(game_id)
    assert record.seats[0].user_id == ANN.user_id and record.seats[0].name == "Ann"
    assert "🟥 **Ann** is back and plays their seat again." in sender.of_kind("live")[0].card.text
    with pytest.raises(TableError, match="No computer is playing"):
        await service.reclaim(game_id, ANN)


async def test_a_player_who_moves_in_time_resets_the_missed_count(service, sender, clock):
    game_id = await two_player_game(service, sender, GameTiming(turn_clock=3600, missed_limit=2))
    clock.advance(HOUR)
    await service.run_timers(sender)  # Ann misses once
    await service.act(game_id, BOB.user_id, 1, "pass")
    await service.act(game_id, ANN.user_id, 2, "pass")  # then moves in time
    await service.act(game_id, BOB.user_id, 3, "pass")
    clock.advance(HOUR)
    await service.run_timers(sender)  # one miss again, not two in a row
    assert (await service.record(game_id)).seats[0].user_id == ANN.user_id


async def store_log(service, game_id):
    return await service._store.transaction(lambda tx: tx.action_log(game_id))


async def test_a_finished_game_has_no_timers_left(service, sender, clock, store):
    game_id = await started(service, ANN, BOB, options={"rounds": 1}, sender=sender)
    await service.act(game_id, ANN.user_id, 0, "call")
    assert await store.transaction(lambda tx: tx.timers(game_id)) == []


async def test_in_a_simultaneous_decision_each_player_is_reminded_on_their_own(service, sender, clock, store):
    game_id = await started(service, ANN, BOB, game="steps", sender=sender)
    [both] = sender.of_kind("prompt")
    assert set(both.card.mentions) == {ANN.user_id, BOB.user_id}
    await service.act(game_id, BOB.user_id, 0, "vote:yes")
    await service.deliver(game_id, sender)
    clock.advance(12 * HOUR)
    assert await service.run_timers(sender) == 1, "Bob voted: only Ann is reminded"
    [reminder] = sender.of_kind("prompt")
    assert reminder.card.mentions == (ANN.user_id,) and "Reminder" in reminder.card.text
    assert {(t.seat, t.kind) for t in await store.transaction(lambda tx: tx.timers(game_id))} == {(0, "remind")}


async def test_two_players_of_one_prompt_get_a_reminder_each(service, sender, clock):
    game_id = await started(service, ANN, BOB, game="steps", sender=sender)
    clock.advance(12 * HOUR)
    assert await service.run_timers(sender) == 2
    reminders = sorted(sender.of_kind("prompt"), key=lambda m: m.card.mentions)
    assert [m.card.mentions for m in reminders] == [(ANN.user_id,), (BOB.user_id,)]
    assert all("Reminder" in m.card.text for m in reminders), "the shared prompt went; one each instead"
    await service.act(game_id, ANN.user_id, reminders[0].card.version, "vote:no")
    await service.deliver(game_id, sender)
    assert [m.card.mentions for m in sender.of_kind("prompt")] == [(BOB.user_id,)]


async def test_a_real_games_documented_default_is_played_when_time_runs_out(service, sender, clock):
    """Mutiny names a default for most decisions (docs/games/mutiny.md, "When time runs out")."""
    outcome = await service.create(
        guild_id=1,
        channel_id=10,
        parent_channel_id=None,
        game_name="mutiny",
        options={},
        creator=ANN,
        computers=3,
        timing=GameTiming(turn_clock=3600),
    )
    await service.start(outcome.game_id, ANN.user_id)
    defaults = 0
    for _ in range(12):
        record = await service.record(outcome.game_id)
        if record.status != "active" or await service.waiting_on(outcome.game_id) != [ANN.user_id]:
            break
        engine = table_games("mutiny").engine
        state = engine.load(record.state)
        expected = engine.default_action(state, record.seat_of(ANN.user_id) or 0)
        clock.advance(HOUR)
        assert await service.run_timers(sender) == 1
        [last] = [a for a in await store_log(service, outcome.game_id) if a.version == record.version + 1]
        assert last.user_id is None
        if expected is not None:
            assert last.action == expected
            defaults += 1
    assert defaults >= 3, "Ann's first decisions have named defaults"


async def test_a_player_whose_seat_the_computer_keeps_is_told_how_to_take_it_back(service, sender, clock):
    game_id = await two_player_game(service, sender, GameTiming(turn_clock=3600, missed_limit=1))
    clock.advance(HOUR)
    await service.run_timers(sender)
    with pytest.raises(TableError, match="Take it back first"):
        await service.act(game_id, ANN.user_id, 3, "pass")


async def test_a_pass_fires_every_due_timer_in_batches(service, sender, clock):
    for channel in range(5):
        outcome = await service.create(
            guild_id=1, channel_id=100 + channel, parent_channel_id=None, game_name="toy", options={}, creator=ANN
        )
        await service.join(outcome.game_id, BOB)
        await service.start(outcome.game_id, ANN.user_id)
    clock.advance(12 * HOUR)
    assert await service.run_timers(sender, limit=2, batches=2) == 4, "two batches of two this pass"
    assert await service.run_timers(sender, limit=2) == 1, "the rest the next pass"
    assert len([m for m in sender.of_kind("prompt") if "Reminder" in m.card.text]) == 5


async def test_a_reminder_says_how_long_is_left_on_the_turn_clock(service, sender, clock):
    await two_player_game(service, sender, GameTiming(remind_after=3600, turn_clock=3 * 3600))
    clock.advance(HOUR)
    await service.run_timers(sender)
    [reminder] = [m for m in sender.of_kind("prompt") if "Reminder" in m.card.text]
    assert "waited 1 h for you. ⌛ 2 h left, then the game decides for you." in reminder.card.text
    clock.advance(HOUR)
    await service.run_timers(sender)
    assert sender.dms_to(ANN.user_id)[-1].startswith(
        "⏰ **Secret Sum** has waited 2 h for your move. ⌛ 1 h left, then the game decides for you."
    )


async def test_an_answer_during_another_players_turn_times_out_even_without_a_turn_clock(
    service, sender, clock, monkeypatch
):
    """Catacombs of Mu: "choices by another player during your turn (slides) never block the game
    forever: they time out to a sensible default"; Cache Me If You Can's trade offers likewise."""
    monkeypatch.setattr(SecretSum, "default_action", lambda self, state, seat: "call", raising=False)
    monkeypatch.setattr(SecretSum, "answers_another", lambda self, state, seat: True, raising=False)
    game_id = await two_player_game(service, sender, GameTiming(remind_after=12 * 3600))
    clock.advance(23 * HOUR)
    await service.run_timers(sender)
    assert (await service.record(game_id)).version == 0, "a reminder first, no time-out yet"
    clock.advance(1 * HOUR)
    await service.run_timers(sender)
    assert (await service.record(game_id)).status == "finished"
    live = sender.of_kind("live")[-1]
    assert "⌛ 🟥 **Ann**'s time ran out (1 d): the game's default move was made for them." in live.card.text


async def test_a_players_own_turn_waits_without_a_turn_clock(service, sender, clock):
    game_id = await two_player_game(service, sender, GameTiming(remind_after=12 * 3600))
    clock.advance(30 * 24 * HOUR)
    await service.run_timers(sender)
    assert (await service.record(game_id)).version == 0, "only reminders: nobody decides for them"


async def test_a_seat_kept_after_missed_turns_survives_the_other_player_leaving(service, sender, clock):
    """Issue 21: under `clock:2m missed:1` a computer took one player's seat; the other left, and "You left;
    the game is abandoned." came back, with no confirmation, and the first player could not reclaim."""
    game_id = await two_player_game(service, sender, GameTiming(turn_clock=3600, missed_limit=1))
    clock.advance(HOUR)
    await service.run_timers(sender)  # Ann misses once: the computer keeps her seat; Bob is waited on
    asked = await service.leave(game_id, BOB)
    assert "Leave **Secret Sum**?" in asked.reply.text and (await service.record(game_id)).seat_of(BOB.user_id) == 1
    answer = await service.leave(game_id, BOB, confirmed=True)
    assert "abandoned" not in str(answer.reply)
    record = await service.record(game_id)
    assert record.status == "active" and record.version == 1, "nobody seated: the computers wait"
    await service.reclaim(game_id, ANN)
    record = await service.record(game_id)
    assert record.seat_of(ANN.user_id) == 0 and record.status == "active"
    assert record.version == 2, "Bob's computer took his turn once Ann was back: it is hers again"
