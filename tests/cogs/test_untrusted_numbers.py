"""Durations and numbers are read with their bounds before anything counts with them (issue 19,
point 3): a 400-digit ``remind:`` used to become infinity, ``round(inf)`` raised ``OverflowError``,
and the player got "Sorry, something went wrong" with a traceback in the log."""

from __future__ import annotations

import logging

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.table import TableError
from bot.table.timing import LONGEST, SHORTEST, parse_duration
from tests.cogs.helpers import start_table

HUGE = "9" * 400


async def test_huge_odd_and_forged_numbers_get_a_one_line_private_refusal(bot, fake, caplog):
    alice = fake.user("alice")
    typed = [
        ({"remind": HUGE}, f"A reminder delay must be between 1 minute and 30 days (you wrote `{HUGE[:23]}…`)."),
        ({"clock": HUGE + "d"}, f"A turn clock must be between 1 minute and 30 days (you wrote `{HUGE[:23]}…`)."),
        ({"clock": "1e999"}, "I can't read `1e999` as a turn clock. Write it like `12h`, `1d 6h`, `90m` or `off`."),
        ({"clock": "inf"}, "I can't read `inf` as a turn clock. Write it like `12h`, `1d 6h`, `90m` or `off`."),
        ({"remind": "nan"}, "I can't read `nan` as a reminder delay. Write it like `12h`, `1d 6h`, `90m` or `off`."),
        ({"remind": "٣h"}, "I can't read `٣h` as a reminder delay. Write it like `12h`, `1d 6h`, `90m` or `off`."),
        ({"clock": "-5h"}, "I can't read `-5h` as a turn clock. Write it like `12h`, `1d 6h`, `90m` or `off`."),
        ({"clock": "99999999h"}, "A turn clock must be between 1 minute and 30 days (you wrote `99999999h`)."),
        (
            {"clock": "24h\n`@everyone`"},
            "I can't read `24h @everyone` as a turn clock. Write it like `12h`, `1d 6h`, `90m` or `off`.",
        ),
        ({"clock": "24h", "missed": 10**400}, "`missed:` must be a whole number from 1 to 20."),
        ({"clock": "24h", "missed": -3}, "`missed:` must be a whole number from 1 to 20."),
        ({"clock": "24h", "missed": float("inf")}, "`missed:` must be a whole number from 1 to 20."),
        ({"computers": float("nan")}, "`computers:` must be a whole number from 0 to 9."),
        ({"computers": 10**400}, "`computers:` must be a whole number from 0 to 9."),
        ({"computers": -1}, "`computers:` must be a whole number from 0 to 9."),
        ({"options": f"rounds={HUGE}"}, "Option **Rounds** must be a whole number."),
        ({"options": "rounds=٣"}, "Option **Rounds** must be a whole number."),
    ]
    with caplog.at_level(logging.WARNING):
        answers = [(options, await fake.command(bot, alice, "game new", game="toy", **options)) for options, _ in typed]
        page = await fake.command(bot, alice, "game mine", page=10**400)
        quiet = await fake.command(bot, alice, "game settings", quiet=f"{HUGE}-7")
        zone = await fake.command(bot, alice, "game settings", time_zone="Europe/" + HUGE)

    for (options, expected), (_, answer) in zip(typed, answers, strict=True):
        assert [m.text for m in answer.created] == [expected], options
        assert answer.reply.ephemeral and "\n" not in answer.reply.text, options
    assert page.reply.text == "`page:` must be a whole number from 1 to 100."
    assert quiet.reply.text.startswith(f"I can't read `{HUGE[:23]}…` as a time of day.")
    assert zone.reply.text.startswith(f"I don't know the time zone `Europe/{HUGE[:16]}…`.")
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert fake.channel_messages() == [] and fake.threads_created == []
    # Good values still open a table.
    opened = await fake.command(bot, alice, "game new", game="toy", remind="90m", clock="1d 6h", missed=3)
    assert "table is open" in opened.reply.text


async def test_a_form_number_from_a_modal_is_bounded_too(bot, fake):
    table = await start_table(fake, bot)
    alice = table.host
    panel = (await fake.click_id(bot, alice, fake.last_post(), f"gm:play:{table.game_id}:0")).reply
    for typed in (HUGE, "1e999", "٣", "-1", "nan"):
        refused = await fake.submit_id(bot, alice, panel, f"gm:modal:{table.game_id}:0:bid", {"amount": typed})
        assert refused.reply.ephemeral and refused.reply.text == "A bid is a whole number from 1 to 99.", typed


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80) | st.from_regex(r"[0-9٣²]{1,500}(\.[0-9]{1,400})?\s*(d|h|m|min|days)?", fullmatch=True))
def test_any_text_is_a_bounded_duration_or_a_refusal(text):
    try:
        seconds = parse_duration(text, "turn clock")
    except TableError as refusal:
        assert "\n" not in str(refusal)
        return
    assert seconds is None or SHORTEST <= seconds <= LONGEST
