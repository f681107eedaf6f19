"""Issue 24: a player's private page. A signed link bound to the user, the game and the seat, that
expires; its session cookie; every action through the table service with the same refusals as a
Discord click; form token, same-site checks, strict input and rate limits."""

from __future__ import annotations

import json

import pytest

from bot.storage import SeatRecord
from bot.table import NotYourTurn
from bot.table.service import STALE
from bot.web.keys import LINK_LIFETIME
from bot.web.limits import RateLimit
from tests.web.support import get, start_game


async def _open(site, http, game_id: int, seat: int, user_id: int) -> tuple[str, str, str]:
    """Open the seat's link as a browser does: (page id, session cookie, form token)."""
    url = site.table.seat_url(game_id, seat, user_id)
    status, _, headers = await get(http, url)
    assert status == 303
    cookie = headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and f"Path={headers['Location']}" in cookie
    page_id = headers["Location"].removeprefix("/s/")
    session = url.rsplit("/", 1)[1]
    data = await _seat(site, http, page_id, session)
    return page_id, session, data["form_token"]


async def _seat(site, http, page_id: str, session: str) -> dict:
    async with http.get(f"{site.url}/s/{page_id}/seat.json", headers={"Cookie": f"gm_seat={session}"}) as response:
        assert response.status == 200, await response.text()
        return await response.json()


async def _post(site, http, page_id, session, token, body, **headers):
    sent = {
        "Cookie": f"gm_seat={session}",
        "Origin": site.url,
        "Sec-Fetch-Site": "same-origin",
        "X-Form-Token": token,
        "Content-Type": "application/json",
    }
    sent.update(headers)
    data = body if isinstance(body, str) else json.dumps(body)
    async with http.post(f"{site.url}/s/{page_id}/act", data=data, headers=sent) as response:
        return response.status, await response.json()


async def _mover(site, game_id):
    [user] = (await site.service.waiting_on(game_id))[:1]
    return user - 1, user


async def test_the_page_shows_the_seats_secrets_and_choices_only_to_its_player(site, http):
    game_id = await start_game(site.service, "cmiyc", 2, humans=[0, 1])
    seat, user = await _mover(site, game_id)
    page_id, session, token = await _open(site, http, game_id, seat, user)
    data = await _seat(site, http, page_id, session)
    panel = await site.service.panel(game_id, user)
    assert data["panel"]["text"] == panel.text and data["panel"]["version"] == panel.version
    assert [c["action"] for c in data["panel"]["choices"]] == [c.action for c in panel.choices]
    assert len(token) == 22
    async with http.get(f"{site.url}/s/{page_id}/seat.json") as response:
        assert response.status == 403, "no session, no secrets"
    other_page = await site.table.public_id(await start_game(site.service, "cmiyc", 2, humans=[0, 1], channel=6))
    async with http.get(f"{site.url}/s/{other_page}/seat.json", headers={"Cookie": f"gm_seat={session}"}) as response:
        assert response.status == 403, "a session is for its own game only"


async def test_a_link_is_refused_once_expired_forged_or_its_seat_changed_hands(site, http):
    game_id = await start_game(site.service, "cmiyc", 2, humans=[0, 1])
    url = site.table.seat_url(game_id, 0, 1)
    body, _, _ = url.rsplit("/", 1)[1].rpartition(".")
    forged = url.replace(body, body.replace(".0.1.", ".1.1.", 1))
    assert (await get(http, forged))[0] == 403, "another seat with the first seat's signature"
    assert (await get(http, url[:-1] + ("A" if url[-1] != "A" else "B")))[0] == 403
    page_id, session, _ = await _open(site, http, game_id, 0, 1)
    site.now[0] += LINK_LIFETIME + 1
    assert (await get(http, url))[0] == 403
    async with http.get(f"{site.url}/s/{page_id}/seat.json", headers={"Cookie": f"gm_seat={session}"}) as response:
        assert response.status == 403 and "expired" in (await response.text())
    site.now[0] -= LINK_LIFETIME + 1
    await site.store.transaction(lambda tx: tx.replace_seat(game_id, SeatRecord(0, 99, "Zed")))
    async with http.get(f"{site.url}/s/{page_id}/seat.json", headers={"Cookie": f"gm_seat={session}"}) as response:
        assert response.status == 403 and "no longer hold" in (await response.json())["error"]


async def test_a_choice_from_the_page_moves_the_game_as_a_click_does(site, http):
    game_id = await start_game(site.service, "cmiyc", 2, humans=[0, 1])
    seat, user = await _mover(site, game_id)
    page_id, session, token = await _open(site, http, game_id, seat, user)
    data = await _seat(site, http, page_id, session)
    before = (await site.service.record(game_id)).version
    action = data["panel"]["choices"][0]["action"]
    status, answer = await _post(
        site, http, page_id, session, token, {"version": data["panel"]["version"], "action": action}
    )
    assert status == 200 and answer["ok"], answer
    assert (await site.service.record(game_id)).version > before
    assert site.delivered == [game_id], "what the move queued for Discord is sent, as after a click"
    status, answer = await _post(
        site, http, page_id, session, token, {"version": data["panel"]["version"], "action": action}
    )
    assert status == 409 and answer["error"] == STALE


async def test_a_move_out_of_turn_is_refused_with_the_same_words_as_a_click(site, http):
    game_id = await start_game(site.service, "mutiny", 4, humans=[0, 1, 2, 3])
    seat, _ = await _mover(site, game_id)
    other = (seat + 1) % 4
    page_id, session, token = await _open(site, http, game_id, other, other + 1)
    version = (await site.service.record(game_id)).version
    status, answer = await _post(site, http, page_id, session, token, {"version": version, "action": "pass"})
    with pytest.raises(NotYourTurn) as in_discord:
        await site.service.act(game_id, other + 1, version, "pass")
    assert status == 409 and answer["error"] == str(in_discord.value) and "Waiting for" in answer["error"]
    assert (await site.service.record(game_id)).version == version


async def test_requests_from_another_site_or_without_the_form_token_change_nothing(site, http):
    game_id = await start_game(site.service, "cmiyc", 2, humans=[0, 1])
    seat, user = await _mover(site, game_id)
    page_id, session, token = await _open(site, http, game_id, seat, user)
    data = await _seat(site, http, page_id, session)
    body = {"version": data["panel"]["version"], "action": data["panel"]["choices"][0]["action"]}
    version = (await site.service.record(game_id)).version
    site.server.app.limits.acts_by_user = RateLimit(burst=100, per_second=1)  # many refusals in a row here
    refused = [
        {"X-Form-Token": "x" * 22},
        {"X-Form-Token": ""},
        {"Origin": "https://evil.example"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Content-Type": "text/plain"},
    ]
    for headers in refused:
        status, _ = await _post(site, http, page_id, session, token, body, **headers)
        assert status in (403, 415), headers
    for bad in (
        "not json",
        [body],
        {"version": True, "action": body["action"]},
        {"version": "1", "action": body["action"]},
        {"version": -1, "action": body["action"]},
        {"version": 1, "action": "go:" + "A" * 100},
        {"version": 1, "action": " end"},
        {"version": 1, "action": "end\n"},
        {"version": 1, "action": 5},
        {"version": 1, "action": "end", "extra": 1},
        {"version": 1, "form": "<script>", "values": {}},
        {"version": 1, "form": "trade", "values": {"a": 1}},
    ):
        status, answer = await _post(site, http, page_id, session, token, bad)
        assert status == 400 and answer["error"], bad
    assert (await site.service.record(game_id)).version == version


async def test_actions_are_rate_limited_per_user(site, http):
    game_id = await start_game(site.service, "cmiyc", 2, humans=[0, 1])
    seat, user = await _mover(site, game_id)
    page_id, session, token = await _open(site, http, game_id, seat, user)
    statuses = [(await _post(site, http, page_id, session, token, {"version": 0, "action": 7}))[0] for _ in range(24)]
    assert statuses[:20] == [400] * 20 and statuses[-1] == 429
