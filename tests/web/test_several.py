"""A choice of several options at once (``MultiChoice``: Catacombs of Mu's Items to equip, tiles to
discard) on the private page: checkboxes sent together, through the table service's
``choose_several`` as Discord's select menu is, read as strictly as every other action."""

from __future__ import annotations

import json

import pytest

from bot.web.limits import RateLimit
from tests.web.support import open_site, start_game
from tests.web.test_browser import PHONE, _until, _wanted


@pytest.fixture
async def catacombs(tmp_path):
    """A Catacombs game of three people, on to the first choice of several (Items to equip)."""
    site = await open_site(tmp_path / "games.db", seed=2)
    site.server.app.limits.acts_by_user = site.server.app.limits.acts_by_address = RateLimit(10**6, 10**6)
    game_id = await start_game(site.service, "catacombs", 3, humans=[0, 1, 2])
    for _ in range(40):
        [user] = (await site.service.waiting_on(game_id))[:1]
        if (await site.service.seat_page(game_id, user, user - 1)).panel.multis:
            break
        version = (await site.service.panel(game_id, user)).version
        await site.service.act(game_id, user, version, await _wanted(site, game_id, user - 1))
    else:
        raise AssertionError("no choice of several came up")
    yield site, game_id, user
    await site.close()


async def _open(site, http, game_id: int, user: int):
    async with http.get(site.table.seat_url(game_id, user - 1, user), allow_redirects=False) as response:
        page = response.headers["Location"].removeprefix("/s/")
        session = response.cookies["gm_seat"].value
    async with http.get(f"{site.url}/s/{page}/seat.json", headers={"Cookie": f"gm_seat={session}"}) as response:
        return page, session, await response.json()


async def _post(site, http, page, session, token, body):
    headers = {
        "Cookie": f"gm_seat={session}",
        "Origin": site.url,
        "X-Form-Token": token,
        "Content-Type": "application/json",
    }
    async with http.post(f"{site.url}/s/{page}/act", data=json.dumps(body), headers=headers) as response:
        return response.status, await response.json()


async def test_several_options_are_chosen_together_as_with_the_select_menu(catacombs, http):
    site, game_id, user = catacombs
    page, session, data = await _open(site, http, game_id, user)
    [multi] = data["panel"]["multis"]
    assert multi["verb"] == "equips" and multi["min"] == 1 and multi["max"] == len(multi["options"]) >= 2
    version = data["panel"]["version"]
    values = [option["action"] for option in multi["options"][:2]]
    refused = [
        {"version": version, "verb": "equips", "values": "1"},
        {"version": version, "verb": "equips", "values": [1]},
        {"version": version, "verb": "equips", "values": [" 1"]},
        {"version": version, "verb": "equips", "values": ["1"] * 26},
        {"version": version, "verb": "<equips>", "values": values},
        {"version": version, "verb": "equips", "values": values, "action": "done"},
    ]
    for body in refused:
        status, answer = await _post(site, http, page, session, data["form_token"], body)
        assert status == 400 and answer["error"], body
    for body in ({**refused[0], "values": ["999"]}, {**refused[0], "verb": "discards", "values": values}):
        status, answer = await _post(site, http, page, session, data["form_token"], body)
        assert status == 409 and answer["error"], "not offered now: the table's refusal, nothing changes"
    assert (await site.service.record(game_id)).version == version
    status, answer = await _post(site, http, page, session, data["form_token"], {**refused[0], "values": values})
    assert status == 200 and answer["ok"], answer
    table = await site.service.web_table(game_id)
    hand = table.state().seats[user - 1].hand
    assert not set(values) & {str(t) for t in hand}, "both Items left the hand together"


async def test_the_page_ticks_several_options_and_sends_them(catacombs, browser):
    site, game_id, user = catacombs
    context = await browser.new_context(viewport=PHONE)
    page = await context.new_page()
    await page.goto(site.table.seat_url(game_id, user - 1, user))
    await _until(page, "() => !!document.querySelector('form.several')")
    submit = page.locator("form.several button[type=submit]")
    assert await submit.is_disabled(), "nothing ticked yet"
    boxes = page.locator("form.several input[type=checkbox]")
    values = [await boxes.nth(i).get_attribute("value") for i in range(2)]
    for i in range(2):
        await page.locator("form.several label.option").nth(i).click()  # the whole row is the tap target
        size = await page.locator("form.several label.option").nth(i).bounding_box()
        assert size is not None and size["height"] >= 32
    assert "2" in await submit.inner_text()
    version = (await site.service.record(game_id)).version
    await submit.click()
    await _until(page, "(v) => document.body.dataset.version !== String(v)", version)
    assert await page.locator("#error").is_hidden(), await page.inner_text("#error")
    hand = (await site.service.web_table(game_id)).state().seats[user - 1].hand
    assert not set(values) & {str(t) for t in hand}
