"""Every ``gm:`` custom id gets an answer (issue 19, point 4).

discord.py routes a click to every dynamic item whose template matches the whole custom id
(``re.fullmatch``), and the bot's modal listener reads modal ids the same way. An id no template
reads in full (``gm:priv:1\\n``: ``.`` stops at a newline) used to reach nothing, and the player saw
"This interaction failed". Now every ``gm:`` id is answered privately or reaches its handler."""

from __future__ import annotations

import logging

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.table import UNKNOWN_GAME
from cogs.components import UNKNOWN_BUTTON, UNKNOWN_FORM
from tests.cogs.helpers import board, game_record, start_table


async def test_an_id_ending_in_a_newline_is_answered_privately(bot, fake):
    table = await start_table(fake, bot)
    alice = table.host
    live = board(fake)
    before = await game_record(bot, table.game_id)

    for custom_id in (f"gm:priv:{table.game_id}\n", f"gm:a:{table.game_id}:0:pass\n", "gm:\n"):
        answer = await fake.click_id(bot, alice, live, custom_id)
        assert answer.reply.ephemeral and answer.reply.text == UNKNOWN_BUTTON, repr(custom_id)
    picked = await fake.choose_id(bot, alice, live, f"gm:s:{table.game_id}:0:0:move\n", "pass")
    assert picked.reply.ephemeral and picked.reply.text == UNKNOWN_BUTTON
    form = await fake.submit_id(bot, alice, live, f"gm:modal:{table.game_id}:0:bid\n", {"amount": "5"})
    assert form.reply.ephemeral and form.reply.text == UNKNOWN_FORM

    after = await game_record(bot, table.game_id)
    assert (after.version, after.state) == (before.version, before.state)
    # The same ids without the newline still work.
    opened = await fake.click_id(bot, alice, live, f"gm:priv:{table.game_id}")
    assert opened.reply.text.startswith("🔒 ")


PREFIXES = (
    "gm:",
    "gm:a:",
    "gm:s:",
    "gm:play:",
    "gm:priv:",
    "gm:dms:",
    "gm:show:",
    "gm:form:",
    "gm:fsel:",
    "gm:modal:",
    "gm:lopt:",
    "gm:lobby:",
    "gm:quiet:",
    "gm:undo:",
    "gm:reclaim:",
    "gm:rematch:",
    "gm:page:",
    "GM:",
    "",
)
ODD_DIGITS = "0123456789٣١٢۷߂०৩²³¹⁴₅①"
"""ASCII digits, and characters Python's ``isdigit()`` or ``int()`` accept that are no ASCII digits."""

numbers = st.text(alphabet=ODD_DIGITS, min_size=0, max_size=30) | st.integers(0, 2**70).map(str)
anything = st.text(max_size=120) | st.binary(max_size=120).map(lambda b: b.decode("latin-1"))
newlines = st.sampled_from(["", "\n", "\r\n", "\x00", "\u2028", ":", " "])
shaped = st.builds(
    lambda prefix, parts, tail: prefix + ":".join(parts) + tail,
    st.sampled_from(PREFIXES),
    st.lists(numbers | anything, max_size=4),
    newlines,
)
long_ids = st.builds(
    lambda prefix, n, fill: (prefix + fill * n)[:4000],
    st.sampled_from(PREFIXES),
    st.integers(1, 4000),
    st.sampled_from(["9", "a", "\n", "٣", ":"]),
)
custom_ids = shaped | long_ids | anything


@pytest.fixture
async def running(bot, fake):
    table = await start_table(fake, bot)
    return table


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(custom_id=custom_ids, kind=st.sampled_from(["button", "select", "modal"]), value=anything)
async def test_every_gm_id_is_answered_privately_or_handled(bot, fake, running, caplog, custom_id, kind, value):
    alice = running.host
    live = board(fake)
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        if kind == "button":
            answer = await fake.click_id(bot, alice, live, custom_id)
        elif kind == "select":
            answer = await fake.choose_id(bot, alice, live, custom_id, value or "x")
        else:
            answer = await fake.submit_id(bot, alice, live, custom_id, {"amount": value})

    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], [r.getMessage() for r in caplog.records]
    if not custom_id.startswith("gm:"):
        assert answer.response_type is None  # not the bot's: another app's, or nobody's
        return
    assert answer.response_type is not None, f"no answer to {custom_id!r}"
    assert all(m.ephemeral for m in answer.created), custom_id
    assert not any("Sorry" in m.text for m in answer.created), custom_id
    assert UNKNOWN_GAME not in fake.everything_public()


def test_a_custom_id_in_a_log_line_cannot_start_another_line():
    from cogs import ids

    assert ids.describe("gm:priv:1\nERROR forged:x") == "gm:priv:1?ERROR forged:x"
    assert ids.describe("gm:a:1:0:secret-choice") == "gm:a:1:0", "never the action (it may be a secret)"
