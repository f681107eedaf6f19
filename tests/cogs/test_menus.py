"""Select menus with more than 25 choices, and layouts of panels too big for 5 rows."""

from __future__ import annotations

from bot.engine import Choice, Form, FormField
from bot.table import Card, Panel
from cogs import ids, views
from tests.cogs.helpers import board, game_record, prompt_for, start_table


def _rows(view) -> list[dict]:
    return view.to_components() if view is not None else []


def _options(row: dict) -> list[dict]:
    return row["components"][0]["options"]


async def test_a_public_menu_of_30_choices_is_paged_and_playable(bot, fake):
    table = await start_table(fake, bot, "wide")
    alice, _bob = table.players
    post = prompt_for(fake, alice)
    [menu] = post.selects
    assert menu["placeholder"] == "Pick… (page 1/2)"
    labels = [o["label"] for o in menu["options"]]
    assert len(labels) == 24 and labels[0] == "Number 1" and labels[-1] == "Next page ▶"
    assert post.button_labels() == ["▶️ Play", "🔒 My private info", "❓"]

    await fake.choose(bot, alice, post, "Number 5")
    assert "**alice** picks 5." in board(fake).text
    assert (await game_record(bot, table.game_id)).state["picks"] == [5]


async def test_paging_a_public_menu_gives_the_clicker_their_own_copy(bot, fake):
    table = await start_table(fake, bot, "wide")
    alice, _bob = table.players
    post = prompt_for(fake, alice)
    before = [dict(o) for o in post.selects[0]["options"]]

    paged = await fake.choose(bot, alice, post, "Next page ▶")

    assert post.selects[0]["options"] == before  # the shared message did not change for everyone
    copy = paged.reply
    assert copy.ephemeral and copy.visible_to == alice.id
    pick = next(s for s in copy.selects if s["placeholder"].startswith("Pick"))
    assert pick["placeholder"] == "Pick… (page 2/2)"
    assert [o["label"] for o in pick["options"]][:2] == ["◀ Previous page", "Number 24"]
    await fake.choose(bot, alice, copy, "Number 30")
    assert "**alice** picks 30." in board(fake).text
    assert copy.id in fake.deleted, "the move showed her nothing new: her copy goes instead of piling up"


async def test_a_private_menu_of_60_choices_pages_in_place(bot, fake):
    table = await start_table(fake, bot, "wide")
    alice, _bob = table.players
    panel = (await fake.click(bot, alice, prompt_for(fake, alice), "Play")).reply
    assert [s["placeholder"] for s in panel.selects] == ["Pick… (page 1/2)", "Secret… (page 1/3)"]

    await fake.choose(bot, alice, panel, "Next page ▶", select=1)
    secret = panel.selects[1]
    assert secret["placeholder"] == "Secret… (page 2/3)"
    labels = [o["label"] for o in secret["options"]]
    assert labels[0] == "◀ Previous page" and labels[1] == "Secret 24" and labels[-1] == "Next page ▶"
    assert len(labels) == 25
    assert secret["options"][1]["description"] == "Hide 24"
    await fake.choose(bot, alice, panel, "Next page ▶", select=1)
    last = [o["label"] for o in panel.selects[1]["options"]]
    assert last[0] == "◀ Previous page" and last[-1] == "Secret 60" and len(last) == 15
    await fake.choose(bot, alice, panel, "◀ Previous page", select=1)
    assert panel.selects[1]["placeholder"] == "Secret… (page 2/3)"

    await fake.choose(bot, alice, panel, "Secret 40")
    assert panel.text.startswith("You hid 40."), "what her move showed her, in the panel she used"
    assert panel.button_labels() == ["↩️ Undo"] and not panel.selects, "her move revealed nothing: she may take it back"
    assert "**alice** hides a number." in board(fake).text
    assert not any("You hid" in dm.text for dm in fake.dms(alice)), "nothing she already saw comes by DM"
    assert "40" not in board(fake).text


async def test_paging_an_outdated_menu_shows_the_current_state(bot, fake):
    table = await start_table(fake, bot, "wide")
    alice, _bob = table.players
    panel = (await fake.click(bot, alice, prompt_for(fake, alice), "Play")).reply.snapshot()
    await fake.choose(bot, alice, prompt_for(fake, alice), "Number 1")
    later = await fake.choose(bot, alice, panel, "Next page ▶", select=1)
    shown = later.original  # the ephemeral panel itself is brought up to date
    assert shown.id == panel.id
    assert "earlier turn" in shown.text and "Waiting for **bob**" in shown.text and shown.selects == []


def _panel(choices, forms=(), version=3) -> Panel:
    return Panel(game_id=7, version=version, seat=0, text="Decide.", choices=tuple(choices), forms=tuple(forms))


def _reachable_actions(view_rows: list[dict]) -> set[str]:
    found = set()
    for row in view_rows:
        for component in row["components"]:
            if component["type"] == 2 and component["custom_id"].startswith("gm:a:"):
                found.add(component["custom_id"].split(":", 4)[4])
            if component["type"] == 3 and component["custom_id"].startswith("gm:s:"):
                found |= {o["value"] for o in component["options"] if not o["value"].startswith(ids.PAGE_VALUE_PREFIX)}
    return found


async def test_small_groups_become_button_rows_in_order():
    choices = [
        Choice(
            f"{g}:{i}", f"{g} {i}", group=g, style="success" if i == 0 else "secondary", emoji="🎲" if i == 1 else ""
        )
        for g in ("a", "b", "c")
        for i in range(3)
    ]
    form = Form("bid", "Bid", "Bid…", (FormField("n", "Amount"),))
    rows = _rows(views.panel_view(_panel(choices, [form])))
    assert len(rows) == 4
    assert [[c["label"] for c in r["components"]] for r in rows[:3]] == [
        ["a 0", "a 1", "a 2"],
        ["b 0", "b 1", "b 2"],
        ["c 0", "c 1", "c 2"],
    ]
    assert rows[0]["components"][0]["style"] == 3 and rows[0]["components"][1]["emoji"]["name"] == "🎲"
    assert rows[3]["components"][0]["custom_id"] == "gm:form:7:3:bid"


async def test_a_panel_with_too_many_groups_never_fails():
    choices = [Choice(f"g{g}:{i}", f"Choice {g}.{i}", group=f"g{g}") for g in range(12) for i in range(3)]
    forms = [Form(f"f{i}", f"Form {i}", f"Form {i}", (FormField("x", "X"),)) for i in range(2)]
    rows = _rows(views.panel_view(_panel(choices, forms)))
    assert len(rows) <= 5
    # 36 buttons do not fit in 4 rows: one select of everything, paged, described by group.
    assert rows[0]["components"][0]["type"] == 3 and rows[0]["components"][0]["custom_id"] == "gm:s:7:3:0:*"
    assert rows[0]["components"][0]["options"][0]["description"] == "g0"
    assert [c["label"] for c in rows[1]["components"]] == ["Form 0", "Form 1"]
    reachable = set()
    for page in range(views.page_count(36)):
        paged = _rows(views.panel_view(_panel(choices, forms), {ids.ALL_GROUPS: page}))
        reachable |= _reachable_actions(paged)
    assert reachable == {c.action for c in choices}


async def test_many_small_groups_are_packed_five_buttons_a_row():
    choices = [Choice(f"g{g}", f"G{g}", group=f"g{g}") for g in range(9)]
    rows = _rows(views.panel_view(_panel(choices)))
    assert [len(r["components"]) for r in rows] == [5, 4]
    assert _reachable_actions(rows) == {c.action for c in choices}


async def test_many_forms_become_a_form_menu():
    forms = [Form(f"f{i}", f"Form {i}", f"Form {i}", (FormField("x", "X"),)) for i in range(7)]
    rows = _rows(views.panel_view(_panel([Choice("pass", "Pass")], forms)))
    assert rows[-1]["components"][0]["custom_id"] == "gm:fsel:7:3"
    assert [o["value"] for o in rows[-1]["components"][0]["options"]] == [f"f{i}" for i in range(7)]


async def test_an_action_too_long_for_a_button_id_goes_in_a_menu():
    long_action = "x" * 80
    panel = Panel(
        game_id=10**12, version=10**6, seat=0, text="t", choices=(Choice(long_action, "Long"), Choice("pass", "Pass"))
    )
    rows = _rows(views.panel_view(panel))
    assert rows[0]["components"][0]["type"] == 3
    assert {o["value"] for o in rows[0]["components"][0]["options"]} == {long_action, "pass"}
    assert all(len(c["custom_id"]) <= 100 for r in rows for c in r["components"])


async def test_prompts_keep_a_row_for_play_and_private_info():
    choices = tuple(Choice(f"c{g}:{i}", f"C{g}{i}", group=f"c{g}", public=True) for g in range(5) for i in range(2))
    post = Card("prompt", 3, "t", version=1, choices=choices, play=True, private=True)
    rows = _rows(views.card_view(post))
    # Five groups do not fit in the 4 rows left: their buttons are packed five a row.
    assert [len(r["components"]) for r in rows] == [5, 5, 2]
    assert [c["custom_id"] for c in rows[-1]["components"]] == ["gm:play:3:1", "gm:priv:3"]
    assert _reachable_actions(rows) == {c.action for c in choices}
    finished = Card("live", 3, "t", version=9)
    assert views.card_view(finished) is None


async def test_duplicate_actions_from_a_buggy_engine_are_shown_once():
    choices = [Choice("pass", "Pass"), Choice("pass", "Pass again"), Choice("call", "Call")]
    rows = _rows(views.panel_view(_panel(choices)))
    assert [c["label"] for c in rows[0]["components"]] == ["Pass", "Call"]
