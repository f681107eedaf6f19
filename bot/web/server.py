"""The web table's HTTP server (aiohttp, in the bot's own process and event loop).

    /g/{page}               a game's public page (board, whose turn, clocks, log, history, result)
    /g/{page}/page.json     what it shows (``?step=N``: after N moves)
    /g/{page}/board.png     its board (``?step=N`` likewise)
    /g/{page}/events        Server-Sent Events: the page anew whenever the game changes
    /p/{link}               a signed private link: sets the seat's session cookie, on to /s/{page}
    /s/{page}               the seat's page (its board, secrets and choices)
    /s/{page}/seat.json     what it shows, with the form token
    /s/{page}/act           POST: a choice or a form, through the table service
    /, /activity            the Activity page inside Discord, /activity/session its sign-in
                            (only with ACTIVITY=1: ``bot.web.activity_page``)

Every response carries a strict Content-Security-Policy (only this origin's scripts, styles,
images and connections: no third-party request is possible) and no referrer, so a private link
never leaks to another site. Every part of a URL and body is checked before anything is read.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web

from bot.engine import RuleError
from bot.i18n import N_, choose, current_language, using
from bot.i18n.domains import spoken_language
from bot.i18n.table import _
from bot.table import Place, TableError, asked_from
from bot.web.activity_page import ActivityRoutes
from bot.web.discord_auth import DiscordAuth
from bot.web.files import STATIC, static_bytes
from bot.web.keys import PUBLIC_ID, SeatLink
from bot.web.limits import RateLimit
from bot.web.page_words import localized
from bot.web.replies import Unreadable, json_body, refuse
from bot.web.seat import act_from, seat_data
from bot.web.table import WebTable

log = logging.getLogger(__name__)

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}
SESSION = "gm_seat"
SESSION_HEADER = "X-Seat-Session"
"""The Activity's session: a frame of another site inside Discord, whose cookies browsers keep apart."""
KEEP_ALIVE = 20.0
STREAMS_PER_ADDRESS = 200
"""Live pages open at once from one address (a household, a classroom, a proxy in front)."""
STREAMS = 10_000
MAX_BODY = 8192
_STEP = re.compile(r"[0-9]{1,6}")

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def page_locale(request: web.Request) -> str | None:
    """The reader's language as their browser (or Discord's Activity frame) states it: the first of
    ``Accept-Language`` (``de-DE,de;q=0.9,en;q=0.8``)."""
    first = request.headers.get("Accept-Language", "").split(",", 1)[0].split(";", 1)[0].strip()
    return first or None


@web.middleware
async def in_readers_language(request: web.Request, handler: Handler) -> web.StreamResponse:
    """A request is answered in its reader's language (a seat's page: the player's ``/game settings``
    choice first, see ``WebApp._session``); a public page's texts are the table's own."""
    with using(spoken_language(page_locale(request))):
        return await handler(request)


@web.middleware
async def security_headers(request: web.Request, handler: Handler) -> web.StreamResponse:
    try:
        response = await handler(request)
    except web.HTTPException as error:
        for name, value in HEADERS.items():
            error.headers.setdefault(name, value)
        raise
    # A response with its own policy (the Activity page, which Discord frames) sets its framing there.
    framed = "Content-Security-Policy" in response.headers
    for name, value in HEADERS.items():
        if not (framed and name == "X-Frame-Options"):
            response.headers.setdefault(name, value)
    return response


class Limits:
    def __init__(self) -> None:
        self.pages = RateLimit(burst=600, per_second=60)
        """Public reads per address (cached: a page, its board, its events)."""
        self.drawing = RateLimit(burst=40, per_second=4)
        """Boards of earlier steps per address (each may need drawing)."""
        self.links = RateLimit(burst=20, per_second=0.5)
        """Private links opened per address."""
        self.acts_by_user = RateLimit(burst=20, per_second=2)
        """A person's choices: a quick turn of many steps, not a script."""
        self.acts_by_address = RateLimit(burst=40, per_second=4)
        self.sign_ins = RateLimit(burst=30, per_second=1)
        """Activity sign-ins per address (each asks Discord three things). Every Activity reaches the
        server through Discord's proxy, so its few addresses share this: generous, like the reads."""


class WebApp:
    def __init__(self, table: WebTable, *, secure_cookies: bool | None = None, auth: DiscordAuth | None = None) -> None:
        self.table = table
        self.auth = auth
        """The Activity's sign-in with Discord (ACTIVITY=1); None: no Activity."""
        self.limits = Limits()
        self.secure = urlsplit(table.public_url).scheme == "https" if secure_cookies is None else secure_cookies
        self._streams: set[asyncio.Task[Any]] = set()
        self._open_streams: dict[str, int] = {}
        self._static = {name: static_bytes(name) for name in STATIC}

    def application(self) -> web.Application:
        app = web.Application(middlewares=[security_headers, in_readers_language], client_max_size=MAX_BODY)
        app.router.add_get("/g/{page}", self.public_html)
        app.router.add_get("/g/{page}/page.json", self.public_json)
        app.router.add_get("/g/{page}/board.png", self.public_board)
        app.router.add_get("/g/{page}/events", self.events)
        app.router.add_get("/p/{link}", self.open_link)
        app.router.add_get("/s/{page}", self.seat_html)
        app.router.add_get("/s/{page}/seat.json", self.seat_json)
        app.router.add_post("/s/{page}/act", self.act)
        app.router.add_get("/static/{name}", self.static)
        if self.auth is not None:
            ActivityRoutes(self, self.auth).add_to(app)
        app.on_shutdown.append(self._end_streams)
        return app

    # --- helpers ----------------------------------------------------------------------------

    @staticmethod
    def address(request: web.Request) -> str:
        return request.remote or "?"

    async def _game(self, request: web.Request) -> int:
        """The game of a public page id, or 404 (an id of the wrong shape is never looked up)."""
        page = request.match_info["page"]
        game_id = await self.table.game_of(page) if PUBLIC_ID.fullmatch(page) else None
        if game_id is None:
            raise web.HTTPNotFound(text=_("No such game page."))
        return game_id

    @staticmethod
    def _step(request: web.Request) -> int | None:
        if set(request.query) - {"step", "s"}:
            raise web.HTTPBadRequest(text=_("Unknown parameter."))
        text = request.query.get("step")
        if text is None:
            return None
        if not _STEP.fullmatch(text):
            raise web.HTTPBadRequest(text=_("step is a move number."))
        return int(text)

    def _static_response(self, name: str, *, no_store: bool = False) -> web.Response:
        headers = {"Cache-Control": "no-store" if no_store else "no-cache"}
        body = localized(self._static[name], current_language()) if name.endswith(".html") else self._static[name]
        return web.Response(body=body, content_type=STATIC[name], charset="utf-8", headers=headers)

    def limit(self, limit: RateLimit, key: str) -> None:
        if not limit.allow(key):
            raise web.HTTPTooManyRequests(
                text=json.dumps({"error": _("Too many requests: wait a moment.")}),
                content_type="application/json",
                headers={"Retry-After": "5"},
            )

    # --- the public page ----------------------------------------------------------------------

    async def public_html(self, request: web.Request) -> web.StreamResponse:
        self.limit(self.limits.pages, self.address(request))
        await self._game(request)
        return self._static_response("page.html")

    async def public_json(self, request: web.Request) -> web.StreamResponse:
        self.limit(self.limits.pages, self.address(request))
        game_id = await self._game(request)
        step = self._step(request)
        try:
            data = await self.table.page_json(game_id, step)
        except TableError as error:
            return refuse(409, str(error))
        return web.Response(body=data, content_type="application/json", headers={"Cache-Control": "no-cache"})

    async def public_board(self, request: web.Request) -> web.StreamResponse:
        self.limit(self.limits.pages, self.address(request))
        game_id = await self._game(request)
        step = self._step(request)
        if step is not None:
            self.limit(self.limits.drawing, self.address(request))
        try:
            png = await self.table.board(game_id, step)
        except TableError as error:
            return refuse(409, str(error))
        if png is None:
            raise web.HTTPNotFound(text=_("This game has no board image."))
        return web.Response(body=png, content_type="image/png", headers={"Cache-Control": "private, max-age=300"})

    async def events(self, request: web.Request) -> web.StreamResponse:
        self.limit(self.limits.pages, self.address(request))
        game_id = await self._game(request)
        address = self.address(request)
        if self._open_streams.get(address, 0) >= STREAMS_PER_ADDRESS or len(self._streams) >= STREAMS:
            return refuse(429, _("Too many pages open: close some."))
        self._open_streams[address] = self._open_streams.get(address, 0) + 1
        task = asyncio.current_task()
        if task is not None:
            self._streams.add(task)
        response = web.StreamResponse(
            headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store", "X-Accel-Buffering": "no"}
        )
        try:
            await response.prepare(request)
            await self._stream(response, game_id)
        except (ConnectionResetError, asyncio.CancelledError):
            pass  # the page closed, or the server stops
        finally:
            if task is not None:
                self._streams.discard(task)
            left = self._open_streams.pop(address, 1) - 1
            if left:
                self._open_streams[address] = left
        return response

    async def _stream(self, response: web.StreamResponse, game_id: int) -> None:
        async with self.table.watchers.watch(game_id) as stamps:
            while True:
                try:
                    stamp = await asyncio.wait_for(stamps.get(), KEEP_ALIVE)
                except TimeoutError:
                    await response.write(b": still here\n\n")
                    continue
                # The page itself rides on the event (built once per change for every watcher): a
                # watching page then asks only for the new board.
                try:
                    page = await self.table.page_json(game_id, None)
                except TableError:
                    page = json.dumps({"stamp": stamp}).encode()
                await response.write(b"event: page\ndata: " + page + b"\n\n")

    async def _end_streams(self, app: web.Application) -> None:
        for task in list(self._streams):
            task.cancel()

    async def static(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        if name not in STATIC or name.endswith(".html"):
            raise web.HTTPNotFound()
        return self._static_response(name)

    # --- a seat's page ------------------------------------------------------------------------

    async def open_link(self, request: web.Request) -> web.StreamResponse:
        """A private link: its session cookie for the seat's page, then the page itself."""
        self.limit(self.limits.links, self.address(request))
        token = request.match_info["link"]
        link = self.table.read_link(token)
        if link is None or await self.table.store.game(link.game_id) is None:
            return web.Response(status=403, text=_(EXPIRED), content_type="text/plain")
        page = await self.table.public_id(link.game_id)
        response = web.Response(status=303, headers={"Location": f"/s/{page}", "Cache-Control": "no-store"})
        response.set_cookie(
            SESSION,
            token,
            max_age=max(int(link.expires - self.table.clock()), 1),
            path=f"/s/{page}",
            httponly=True,
            secure=self.secure,
            samesite="Strict",
        )
        return response

    async def seat_html(self, request: web.Request) -> web.StreamResponse:
        self.limit(self.limits.pages, self.address(request))
        await self._game(request)
        with contextlib.suppress(web.HTTPException):
            await self._session(request)  # its player's own language, when the session is good
        return self._static_response("seat.html", no_store=True)

    async def _session(self, request: web.Request) -> tuple[SeatLink, str]:
        game_id = await self._game(request)
        token = request.headers.get(SESSION_HEADER, "") if self.auth is not None else ""
        token = token or request.cookies.get(SESSION, "")
        link = self.table.read_link(token)
        if link is None or link.game_id != game_id:
            raise web.HTTPForbidden(text=_(EXPIRED))
        # The seat's player: their own choice of language wins over what their browser says.
        choose(await self.table.service.readers.of(link.user_id, page_locale(request)))
        return link, token

    async def seat_json(self, request: web.Request) -> web.StreamResponse:
        self.limit(self.limits.pages, self.address(request))
        link, token = await self._session(request)
        try:
            with asked_from(await self._place(link)):
                data = await seat_data(self.table, link, self.table.signer.form_token(token))
        except TableError as error:
            return refuse(403, str(error))
        return web.json_response(data, headers={"Cache-Control": "no-store"})

    async def _place(self, link: SeatLink) -> Place:
        record = await self.table.service.record(link.game_id)
        return Place(record.guild_id, None)

    def same_site(self, request: web.Request) -> bool:
        """A change must come from this site's own page: its Origin (browsers send it on every
        POST), and the browser's own word where it gives one."""
        public = urlsplit(self.table.public_url)
        origins = {f"{public.scheme}://{public.netloc}"}
        if self.auth is not None:
            origins.add(self.auth.app.origin)  # the Activity, through Discord's proxy
        if request.headers.get("Origin") not in origins:
            return False
        return request.headers.get("Sec-Fetch-Site", "same-origin") == "same-origin"

    async def act(self, request: web.Request) -> web.StreamResponse:
        address = self.address(request)
        self.limit(self.limits.acts_by_address, address)
        link, token = await self._session(request)
        self.limit(self.limits.acts_by_user, str(link.user_id))
        if not self.same_site(request):
            return refuse(403, _("This request did not come from the game's page."))
        if not self.table.signer.form_token_matches(token, request.headers.get("X-Form-Token", "")):
            return refuse(403, _("The page is out of date: reload it."))
        try:
            body = await json_body(request, _("That is not a choice I can read."))
        except Unreadable as error:
            return error.response
        # A page closed mid-way cancels its request (so dead live streams end at once), but never a
        # move half-way: the move and what it sends to Discord finish on their own.
        return await asyncio.shield(self._apply(link, body))

    async def _apply(self, link: SeatLink, body: Any) -> web.StreamResponse:
        try:
            with asked_from(await self._place(link)):
                news = await act_from(self.table, link, body)
        except (TableError, RuleError) as error:
            return refuse(409, str(error))
        except ValueError as error:
            return refuse(400, str(error))
        with contextlib.suppress(Exception):
            await self.table.deliver(link.game_id)
        return web.json_response({"ok": True, "news": news}, headers={"Cache-Control": "no-store"})


EXPIRED = N_(
    "This private link has expired or is not valid. Open a new one in Discord: ▶ Play → 🌐 My board "
    "(or the link your terminal printed)."
)


class WebServer:
    """Starts and stops the web table's HTTP server."""

    def __init__(
        self,
        table: WebTable,
        host: str,
        port: int,
        *,
        secure_cookies: bool | None = None,
        auth: DiscordAuth | None = None,
    ) -> None:
        self.table = table
        self.host = host
        self.port = port
        self.app = WebApp(table, secure_cookies=secure_cookies, auth=auth)
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        await self.table.open()
        self._runner = web.AppRunner(
            self.app.application(), access_log=None, shutdown_timeout=2.0, handler_cancellation=True
        )
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        sockets = getattr(site._server, "sockets", None) or ()
        if sockets:
            self.port = int(sockets[0].getsockname()[1])
        log.info("Web table at %s (listening on %s:%s)", self.table.public_url, self.host, self.port)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        await self.table.close()
