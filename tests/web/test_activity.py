"""Issue 24 inside Discord: the Activity page and its sign-in. Discord frames the page; the SDK's
OAuth2 code is exchanged with the client secret, the person read with the token, and the Activity
instance read with the bot's token. Only then does the page get the person's seat (the same signed
session as a private link, in a header) or the public page; everything else is refused."""

from __future__ import annotations

import json
from pathlib import Path

from bot.storage import SeatRecord
from bot.web.keys import LINK_LIFETIME
from tests.web.discord_api import CLIENT_ID, Instance
from tests.web.support import GUILD, get, start_game

ORIGIN = f"https://{CLIENT_ID}.discordsays.com"
SAME = {"Origin": ORIGIN, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json"}


async def _sign_in(site, http, api, user: int, *, channel: int = 5, guild: int | None = GUILD, **changes):
    instance = f"i-{len(api.instances) + 1}-gc-{channel}"
    api.instances[instance] = Instance(channel, guild, [user])
    body = {"code": api.code_for(user), "instance_id": instance, "channel_id": str(channel), "guild_id": str(guild)}
    body.update(changes.pop("body", {}))
    headers = {**SAME, **changes.pop("headers", {})}
    async with http.post(f"{site.url}/activity/session", data=json.dumps(body), headers=headers) as response:
        return response.status, await response.json()


async def test_the_activity_page_may_be_framed_by_discord_only_and_names_the_app(activity_site, http):
    for path in ("/", "/activity"):
        status, body, headers = await get(http, activity_site.url + path)
        assert status == 200 and f'content="{CLIENT_ID}"'.encode() in body
        csp = headers["Content-Security-Policy"]
        assert f"frame-ancestors https://discord.com https://*.discord.com {ORIGIN}" in csp
        assert "default-src 'none'" in csp and "connect-src 'self'" in csp and "X-Frame-Options" not in headers
    status, body, headers = await get(http, activity_site.url + "/static/discord-sdk.js")
    assert status == 200 and b"@discord/embedded-app-sdk" in body[:200], "the committed SDK bundle"
    game_id = await start_game(activity_site.service, "cmiyc", 2, humans=[0, 1])
    _, _, headers = await get(http, await activity_site.table.board_url(game_id))
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"] and headers["X-Frame-Options"] == "DENY"


async def test_without_the_activity_there_is_no_activity_page(site, http):
    assert (await get(http, site.url + "/"))[0] == 404
    assert (await get(http, site.url + "/activity"))[0] == 404


async def test_a_player_gets_their_own_seat_and_moves_as_with_a_click(activity_site, http, api):
    site = activity_site
    game_id = await start_game(site.service, "cmiyc", 2, humans=[0, 1])
    [user] = (await site.service.waiting_on(game_id))[:1]
    status, answer = await _sign_in(site, http, api, user)
    assert status == 200 and answer["kind"] == "seat" and answer["page"] == await site.table.public_id(game_id)
    assert answer["access_token"] == f"token{user}", "for the SDK's AUTHENTICATE"
    link = site.table.read_link(answer["session"])
    assert link is not None and (link.game_id, link.seat, link.user_id) == (game_id, user - 1, user)
    token_call, me_call, instance_call = api.asked
    assert token_call[1] == "/oauth2/token" and token_call[3]["client_secret"] == ["client-secret"]
    assert me_call[2]["Authorization"] == f"Bearer token{user}" and instance_call[2]["Authorization"] == "Bot bot-token"
    session = {"X-Seat-Session": answer["session"]}
    async with http.get(f"{site.url}/s/{answer['page']}/seat.json", headers=session) as response:
        assert response.status == 200
        data = await response.json()
    body = {"version": data["panel"]["version"], "action": data["panel"]["choices"][0]["action"]}
    before = (await site.service.record(game_id)).version
    headers = {**SAME, **session, "X-Form-Token": data["form_token"]}
    async with http.post(f"{site.url}/s/{answer['page']}/act", data=json.dumps(body), headers=headers) as response:
        assert response.status == 200, await response.text()
    assert (await site.service.record(game_id)).version > before and site.delivered == [game_id]
    headers["X-Form-Token"] = "x" * 22
    async with http.post(f"{site.url}/s/{answer['page']}/act", data=json.dumps(body), headers=headers) as response:
        assert response.status == 403, "the same form token as the private page"


async def test_a_spectator_gets_the_public_page_and_no_session(activity_site, http, api):
    game_id = await start_game(activity_site.service, "cmiyc", 2, humans=[0, 1])
    status, answer = await _sign_in(activity_site, http, api, 555)
    assert status == 200 and answer == {
        "kind": "public",
        "page": await activity_site.table.public_id(game_id),
        "access_token": "token555",
    }


async def test_the_session_expires_and_is_refused_once_the_seat_changes_hands(activity_site, http, api):
    site = activity_site
    game_id = await start_game(site.service, "cmiyc", 2, humans=[0, 1])
    _, answer = await _sign_in(site, http, api, 1)
    url, session = f"{site.url}/s/{answer['page']}/seat.json", {"X-Seat-Session": answer["session"]}
    site.now[0] += LINK_LIFETIME + 1
    async with http.get(url, headers=session) as response:
        assert response.status == 403 and "expired" in await response.text()
    site.now[0] -= LINK_LIFETIME + 1
    await site.store.transaction(lambda tx: tx.replace_seat(game_id, SeatRecord(0, 99, "Zed")))
    async with http.get(url, headers=session) as response:
        assert response.status == 403 and "no longer hold" in (await response.json())["error"]


async def test_a_session_header_means_nothing_without_the_activity(site, http):
    game_id = await start_game(site.service, "cmiyc", 2, humans=[0, 1])
    token = site.table.signer.link(site.table.seat_link(game_id, 0, 1))
    page = await site.table.public_id(game_id)
    async with http.get(f"{site.url}/s/{page}/seat.json", headers={"X-Seat-Session": token}) as response:
        assert response.status == 403


async def test_a_sign_in_discord_does_not_vouch_for_is_refused(activity_site, http, api):
    site = activity_site
    site.server.app.limits.sign_ins.burst = 100
    await start_game(site.service, "cmiyc", 2, humans=[0, 1])
    await start_game(site.service, "cmiyc", 2, humans=[0, 1], channel=6)
    refused = [
        ({"headers": {"Origin": "https://evil.example"}}, 403),
        ({"headers": {"Origin": site.url}}, 403),
        ({"headers": {"Sec-Fetch-Site": "cross-site"}}, 403),
        ({"headers": {"Content-Type": "text/plain"}}, 415),
        ({"body": {"code": "a b"}}, 400),
        ({"body": {"code": "x" * 101}}, 400),
        ({"body": {"instance_id": "../../users/@me"}}, 400),
        ({"body": {"channel_id": 5}}, 400),
        ({"body": {"channel_id": "٥"}}, 400),
        ({"body": {"guild_id": "1" * 21}}, 400),
        ({"body": {"extra": 1}}, 400),
        ({"body": {"code": "never-handed-out"}}, 403),
        ({"body": {"channel_id": "6"}}, 403),  # the instance runs in channel 5, not where the page says
        ({"body": {"guild_id": "78"}}, 403),
        ({"body": {"instance_id": "i-404"}}, 403),
        ({"channel": 9}, 404),  # no game in that channel
        ({"guild": 78}, 404),  # the channel's game is another server's
    ]
    for changes, expected in refused:
        status, answer = await _sign_in(site, http, api, 1, **changes)
        assert status == expected and answer["error"], changes
    api.instances["i-other"] = Instance(5, GUILD, [2])
    status, answer = await _sign_in(site, http, api, 1, body={"instance_id": "i-other"})
    assert status == 403 and "somewhere else" in answer["error"], "the person is not in that instance"


async def test_sign_ins_are_rate_limited_per_address(activity_site, http, api):
    statuses = [(await _sign_in(activity_site, http, api, 1, body={"code": "!"}))[0] for _ in range(33)]
    assert statuses[:30] == [400] * 30 and statuses[-1] == 429


def test_the_committed_sdk_bundle_is_built_from_the_locked_version():
    folder = Path(__file__).parents[2] / "bot" / "web" / "activity"
    locked = json.loads((folder / "package-lock.json").read_text())["packages"][
        "node_modules/@discord/embedded-app-sdk"
    ]
    wanted = json.loads((folder / "package.json").read_text())["dependencies"]["@discord/embedded-app-sdk"]
    bundle = (folder / "discord-sdk.js").read_text()
    assert wanted == locked["version"], "package.json pins the version package-lock.json holds"
    assert bundle.startswith(f"/* @discord/embedded-app-sdk {locked['version']}, bundled by bot/web/activity")
    assert "MIT License" in bundle[:2000] and "DiscordEmbeddedAppSdk" in bundle
