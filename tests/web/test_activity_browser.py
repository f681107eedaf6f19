"""The Activity page in a real browser (headless Chromium, Playwright), inside a test parent frame
that speaks the Discord client's side of the Embedded App SDK's protocol: it answers the SDK's
handshake with READY, its AUTHORIZE with a code, its AUTHENTICATE with the user. The page itself
only uses the SDK (the committed bundle). As in Discord, the parent is at https://discord.com and
the Activity at https://<application id>.discordsays.com, whose requests a proxy (here Playwright's
routing) hands to the bot's web server."""

from __future__ import annotations

import asyncio
import json
from urllib.parse import urlsplit

import aiohttp

from bot.web.limits import RateLimit
from tests.web.discord_api import CLIENT_ID, Instance
from tests.web.support import GUILD, start_game
from tests.web.test_browser import PHONE, _move, _until, _wanted

ACTIVITY = f"https://{CLIENT_ID}.discordsays.com"
CHANNEL = 5

PARENT = """<!doctype html>
<html><head><meta charset="utf-8"><title>Discord (test parent)</title></head>
<body style="margin:0">
<script>
// The Discord client's side of the Embedded App SDK's protocol, as far as the Activity page uses it.
const ACTIVITY = %(activity)s, CODE = %(code)s, USER = %(user)s, CLIENT_ID = %(client_id)s;
window.handshakes = [];
window.commands = [];
const HANDSHAKE = 0, FRAME = 1;
function send(frame) { document.querySelector("iframe").contentWindow.postMessage([FRAME, frame], ACTIVITY); }
window.addEventListener("message", (event) => {
  if (event.origin !== ACTIVITY || !Array.isArray(event.data)) return;
  const [opcode, payload] = event.data;
  if (opcode === HANDSHAKE) {
    window.handshakes.push(payload);
    send({ cmd: "DISPATCH", evt: "READY", nonce: null, data: {
      v: 1, config: { api_endpoint: "//discord.com/api", environment: "production", cdn_host: "cdn.discordapp.com" },
      user: { id: USER.id, username: USER.username, discriminator: "0" } } });
    return;
  }
  if (opcode !== FRAME) return;
  window.commands.push(payload.cmd);
  let data = null;
  if (payload.cmd === "AUTHORIZE") data = { code: CODE };
  if (payload.cmd === "AUTHENTICATE") data = {
    access_token: payload.args.access_token, user: { ...USER, discriminator: "0", public_flags: 0 },
    scopes: ["identify"], expires: "2030-01-01T00:00:00.000Z",
    application: { id: CLIENT_ID, name: "Game Master", description: "", icon: null } };
  send({ cmd: payload.cmd, evt: null, nonce: payload.nonce, data });
});
const frame = document.createElement("iframe");
frame.src = ACTIVITY + "/?frame_id=frame-1&instance_id=i-1&platform=desktop&guild_id=%(guild)s&channel_id=%(channel)s";
frame.style.cssText = "width:%(width)spx;height:740px;border:0";
document.body.appendChild(frame);
</script>
</body></html>"""


async def _first_event(url: str) -> bytes:
    """A live stream through the test proxy: its first event, then the end (the page's EventSource
    connects again, soon); Playwright's routing hands over whole responses only."""
    async with aiohttp.ClientSession() as http, http.get(url) as response:
        event = b""
        while not event.endswith(b"\n\n") or b"data:" not in event:
            line = await response.content.readline()
            if not line:
                break
            event += line
        return b"retry: 300\n" + event


async def _in_discord(site, browser, api, user: int, *, parent: str = "https://discord.com/channels/test"):
    """The Activity opened by ``user`` in the game's channel, inside a parent page at ``parent``."""
    context = await browser.new_context(viewport={"width": 420, "height": 800})
    page = await context.new_page()
    api.instances["i-1"] = Instance(CHANNEL, GUILD, [user])
    html = PARENT % {
        "activity": json.dumps(ACTIVITY),
        "code": json.dumps(api.code_for(user)),
        "user": json.dumps({"id": str(user), "username": f"user{user}"}),
        "client_id": json.dumps(str(CLIENT_ID)),
        "guild": GUILD,
        "channel": CHANNEL,
        "width": PHONE["width"],
    }
    errors: list[str] = []
    console: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: console.append(message.text))

    async def parent_page(route) -> None:
        await route.fulfill(status=200, content_type="text/html", body=html)

    async def proxy(route) -> None:
        """Discord's proxy: the Activity's requests go on to the web table (PUBLIC_URL)."""
        local = site.url + route.request.url.removeprefix(ACTIVITY)
        if urlsplit(local).path.endswith("/events"):
            body = await _first_event(local)
            await route.fulfill(status=200, headers={"Content-Type": "text/event-stream"}, body=body)
            return
        await route.fulfill(response=await route.fetch(url=local))

    await page.route(parent, parent_page)
    await page.route(f"{ACTIVITY}/**", proxy)
    await page.goto(parent)
    return page, errors, console


def _activity(page):
    [frame] = [f for f in page.frames if f.url.startswith(ACTIVITY)]
    return frame


async def test_a_player_opens_their_own_seat_in_discord_and_moves(activity_site, browser, api):
    site = activity_site
    site.server.app.limits.acts_by_user = site.server.app.limits.acts_by_address = RateLimit(10**6, 10**6)
    game_id = await start_game(site.service, "cmiyc", 2, humans=[0, 1])
    [user] = (await site.service.waiting_on(game_id))[:1]
    page, errors, _ = await _in_discord(site, browser, api, user)
    frame = _activity(page)
    stamp = await site.table.stamp(game_id)
    seated = "(s) => document.body.dataset.view === 'seat' && document.body.dataset.placed === s"
    await _until(frame, seated, stamp)
    assert await page.evaluate("window.commands.slice(0, 2)") == ["AUTHORIZE", "AUTHENTICATE"]
    [handshake] = await page.evaluate("window.handshakes")
    assert handshake["client_id"] == str(CLIENT_ID) and handshake["frame_id"] == "frame-1"
    panel = await site.service.panel(game_id, user)
    assert panel.text.splitlines()[0].replace("*", "") in await frame.inner_text("#text")
    assert await frame.locator("#history").is_hidden() and await frame.locator("#public").is_hidden()
    version = (await site.service.record(game_id)).version
    what = await _move(frame, await _wanted(site, game_id, user - 1))
    changed = "(s) => document.body.dataset.stamp !== s || !document.getElementById('error').hidden"
    await _until(frame, changed, stamp, timeout=30)
    assert await frame.locator("#error").is_hidden(), f"{what}: {await frame.inner_text('#error')}"
    assert (await site.service.record(game_id)).version > version and game_id in site.delivered
    assert not errors


async def test_a_spectator_opens_the_public_page_in_discord(activity_site, browser, api):
    site = activity_site
    game_id = await start_game(site.service, "cmiyc", 2, humans=[0, 1])
    page, errors, _ = await _in_discord(site, browser, api, 555)
    frame = _activity(page)
    await _until(frame, "() => document.body.dataset.view === 'public' && !!document.body.dataset.stamp")
    assert await frame.locator("#history").is_visible() and await frame.locator("#public").is_hidden()
    assert not await frame.locator("#choices button").count() and not await frame.locator(".hit").count()
    assert await frame.get_attribute("#board", "src") == f"/g/{await site.table.public_id(game_id)}/board.png?s=" + (
        await frame.evaluate("document.body.dataset.stamp")
    )
    assert not errors


async def test_the_activity_page_refuses_a_parent_that_is_not_discord(activity_site, browser, api):
    site = activity_site
    await start_game(site.service, "cmiyc", 2, humans=[0, 1])
    page, _, console = await _in_discord(site, browser, api, 1, parent="https://evil.example/game")
    await asyncio.sleep(1.0)
    assert any("frame-ancestors" in line for line in console), console
    assert await page.evaluate("window.handshakes.length") == 0, "the page never ran: no handshake"
    assert not api.asked, "no sign-in reached Discord"
