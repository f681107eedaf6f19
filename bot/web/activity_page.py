"""The web table inside Discord as an Activity (ACTIVITY=1 and DISCORD_CLIENT_SECRET).

    /, /activity          the Activity page (Discord opens the root of the URL mapping, with the
                          SDK's query: frame_id, instance_id, channel_id, guild_id, platform)
    /activity/session     POST: the SDK's OAuth2 code and where it runs → the game of that channel
                          and the person's seat page, or its public page for a spectator

The page may be framed only by Discord (``frame-ancestors``) and loads nothing from elsewhere.
Discord's proxy serves it at ``https://<application id>.discordsays.com``; every request of the
page goes through that proxy to this server. The person is who Discord says the code belongs to
(``bot.web.discord_auth``), in the channel where Discord says the Activity runs; the session is
the same signed seat token as a private link ("🌐 My board"): the same expiry, the same refusal
once the seat changes hands, the same form token for every change. It travels in a header, not
a cookie: browsers keep the cookies of a frame of another site apart, or refuse them.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from aiohttp import web

from bot.i18n import current_language
from bot.i18n.table import _
from bot.storage import GameRecord
from bot.web.discord_auth import DiscordAuth, NotSignedIn, read_launch
from bot.web.files import static_bytes
from bot.web.page_words import localized
from bot.web.replies import Unreadable, json_body, refuse

if TYPE_CHECKING:
    from bot.web.server import WebApp

log = logging.getLogger(__name__)

DISCORD_FRAMES = "https://discord.com https://*.discord.com"
"""Discord's clients (discord.com, ptb., canary.): the only pages that may frame the Activity."""


ACTIVITY_PARTS = (
    (b'<body data-page="seat">', b'<body data-page="activity">'),
    (b'<meta charset="utf-8">', b'<meta charset="utf-8">\n<meta name="discord-client-id" content="%d">'),
    (
        b'<script src="/static/table.js"></script>',
        b'<script src="/static/discord-sdk.js"></script>\n<script src="/static/table.js"></script>\n'
        b'<script src="/static/activity.js"></script>',
    ),
)
"""The seat page made the Activity page: its kind, the application's id for the SDK, and the SDK
with the sign-in before and after the table's script."""


def activity_page(client_id: int) -> bytes:
    page = static_bytes("seat.html")
    for old, new in ACTIVITY_PARTS:
        if page.count(old) != 1:
            raise RuntimeError(f"seat.html no longer has {old!r} once: the Activity page is made from it")
        page = page.replace(old, new.replace(b"%d", str(client_id).encode()))  # digits: nothing to escape
    return page


def activity_csp(origin: str) -> str:
    return (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
        f"base-uri 'none'; form-action 'self'; frame-ancestors {DISCORD_FRAMES} {origin}"
    )


class ActivityRoutes:
    def __init__(self, app: WebApp, auth: DiscordAuth) -> None:
        self.app = app
        self.auth = auth
        self._page = activity_page(auth.app.client_id)
        self._csp = activity_csp(auth.app.origin)

    def add_to(self, app: web.Application) -> None:
        app.router.add_get("/", self.page)
        app.router.add_get("/activity", self.page)
        app.router.add_post("/activity/session", self.session)

    async def page(self, request: web.Request) -> web.StreamResponse:
        self.app.limit(self.app.limits.pages, self.app.address(request))
        headers = {
            "Content-Security-Policy": self._csp,
            "Cache-Control": "no-cache",
            # Discord's client frames it from its own site: the document may be embedded there.
            "Cross-Origin-Resource-Policy": "cross-origin",
        }
        body = localized(self._page, current_language())
        return web.Response(body=body, content_type="text/html", charset="utf-8", headers=headers)

    async def session(self, request: web.Request) -> web.StreamResponse:
        self.app.limit(self.app.limits.sign_ins, self.app.address(request))
        if request.headers.get("Origin") != self.auth.app.origin or not self.app.same_site(request):
            return refuse(403, _("This request did not come from the game's Activity."))
        try:
            launch = read_launch(await json_body(request, _("That sign-in is not one I can read.")))
        except Unreadable as error:
            return error.response
        except ValueError as error:
            return refuse(400, str(error))
        try:
            signed_in = await self.auth.sign_in(launch)
        except NotSignedIn as error:
            return refuse(403, str(error))
        self.app.limit(self.app.limits.links, f"user:{signed_in.user_id}")
        record = await self._game_of(launch.channel_id)
        if record is None or record.guild_id != launch.guild_id:
            return refuse(404, _("There is no game in this channel. Start one with `/game new`."))
        if record.state is None:
            return refuse(409, _("The game here has not started yet: the Activity shows it once it has."))
        table = self.app.table
        page = await table.public_id(record.id)
        seat = record.seat_of(signed_in.user_id)
        answer: dict[str, object] = {"kind": "public", "page": page, "access_token": signed_in.access_token}
        if seat is not None:
            answer.update(kind="seat", session=table.signer.link(table.seat_link(record.id, seat, signed_in.user_id)))
        log.info("Activity: user %s opened game %s (%s)", signed_in.user_id, record.id, answer["kind"])
        return web.json_response(answer, headers={"Cache-Control": "no-store"})

    async def _game_of(self, channel_id: int) -> GameRecord | None:
        """The channel's game (its newest, open or over), or else an open game in a thread of it."""
        store = self.app.table.store
        return await store.latest_game_in_channel(channel_id) or await store.open_game_in_threads_of(channel_id)
