"""Reminders and time-outs at a German table (issue 25): the channel reads them in the table's
language, and each player's own reminder and hand-over DM comes in theirs, though no click sets a
language for a timer."""

from __future__ import annotations

from bot.storage.records import GameTiming
from bot.table import Person
from tests.table.conftest import BOB

HOUR = 60
ANN = Person(1, "Ann", "en")
"""She reads English at a German table."""


async def test_a_german_tables_reminders_and_time_outs_speak_to_each_in_their_language(service, sender, clock):
    outcome = await service.create(
        guild_id=1,
        channel_id=10,
        parent_channel_id=None,
        game_name="toy",
        options={},
        creator=ANN,
        timing=GameTiming(remind_after=6 * 3600, turn_clock=24 * 3600, missed_limit=1, language="de"),
    )
    game_id = outcome.game_id
    await service.join(game_id, Person(BOB.user_id, BOB.name, "de"))
    await service.start(game_id, ANN.user_id)
    await service.deliver(game_id, sender)
    [lobby] = sender.of_kind("lobby")
    assert "⏰ Erinnerung nach 6 h · ⌛ 1 d pro Zug, dann entscheidet der Computer" in lobby.card.text
    assert "1 verpasster Zug in Folge gibt den Platz an den Computer" in lobby.card.text
    assert "Das Spiel hat unten begonnen." in lobby.card.text

    clock.advance(6 * HOUR)
    assert await service.run_timers(sender) == 1
    [reminder] = [m for m in sender.of_kind("prompt") if ANN.user_id in m.card.mentions]
    assert "⏰ Erinnerung: Das Spiel wartet seit 6 h auf dich. ⌛ Noch 18 h, dann entscheidet das Spiel für dich." in (
        reminder.card.text
    )
    assert "— du bist dran" in reminder.card.text

    clock.advance(6 * HOUR)
    assert await service.run_timers(sender) == 1
    dm = sender.dms_to(ANN.user_id)[-1]
    assert dm.startswith(
        "⏰ **Secret Sum** has waited 12 h for your move. ⌛ 12 h left, then the game decides for you."
    )
    assert "↩️ [Back to the game](<" in dm, "her own reminder, in her language"

    clock.advance(12 * HOUR)
    assert await service.run_timers(sender) == 1
    await service.deliver(game_id, sender)
    [live] = sender.of_kind("live")
    assert "**Ann**'s" not in live.card.text
    assert "Die Zeit von " in live.card.text and "ist abgelaufen (1 d)" in live.card.text
    assert "hat 1 Zug in Folge verpasst, darum spielt ein Computer den Platz" in live.card.text
    assert "🤖 Computer 1 für Ann" in live.card.text, "the stand-in is named in the table's language"
    away = sender.dms_to(ANN.user_id)[-1]
    assert away.startswith("🤖 You missed 1 turn in a row in **Secret Sum**, so a computer plays your seat for now.")
