"""The web table's state in the bot process: page ids, the signing key, drawn boards, open pages.

It asks the table service for everything a page shows and sends every action through it (the
same version guard and refusals as a Discord click); ``deliver`` then sends what the change
queued for Discord (or the terminal), exactly as after a click.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from bot.storage import GameRecord, Store
from bot.table import TableService
from bot.table.web import PublicPage
from bot.web.keys import LINK_LIFETIME, SeatLink, Signer, new_key, new_public_id
from bot.web.live import Stamp, Watchers

BOARDS_KEPT = 256
"""Drawn boards kept in memory (a history being stepped through, the newest board of each game)."""
KEY_NAME = "links"

Deliver = Callable[[int], Awaitable[object]]


async def _nothing(game_id: int) -> None:
    return None


class Once:
    """Pages and boards by key, each made once however many pages ask for it at the same moment."""

    def __init__(self, kept: int = BOARDS_KEPT) -> None:
        self._kept = kept
        self._done: OrderedDict[tuple[Any, ...], bytes | None] = OrderedDict()
        self._drawing: dict[tuple[Any, ...], asyncio.Future[bytes | None]] = {}

    async def get(self, key: tuple[Any, ...], draw: Callable[[], Awaitable[bytes | None]]) -> bytes | None:
        if key in self._done:
            self._done.move_to_end(key)
            return self._done[key]
        running = self._drawing.get(key)
        if running is not None:
            return await asyncio.shield(running)
        future: asyncio.Future[bytes | None] = asyncio.get_running_loop().create_future()
        self._drawing[key] = future
        try:
            png = await draw()
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: waiters get it, nobody else needs to
            raise
        finally:
            self._drawing.pop(key, None)
        future.set_result(png)
        self._done[key] = png
        while len(self._done) > self._kept:
            self._done.popitem(last=False)
        return png


class WebTable:
    def __init__(
        self,
        service: TableService,
        store: Store,
        public_url: str,
        *,
        deliver: Deliver = _nothing,
        clock: Callable[[], float] = time.time,
        key: str | None = None,
    ) -> None:
        self.service = service
        self.store = store
        self.public_url = public_url.rstrip("/")
        self.deliver = deliver
        self.clock = clock
        self._key = key
        self._signer: Signer | None = None
        self._page_ids: dict[int, str] = {}
        self._games: dict[str, int] = {}
        self.boards = Once()
        self.pages = Once()
        self.watchers = Watchers(self.stamp)

    @property
    def signer(self) -> Signer:
        if self._signer is None:
            raise RuntimeError("WebTable.open() reads the signing key first")
        return self._signer

    async def open(self) -> None:
        key = self._key
        if key is None:
            key = await self.store.transaction(lambda tx: tx.web_key(KEY_NAME, new_key))
        self._signer = Signer(key)

    async def close(self) -> None:
        await self.watchers.close()

    # --- ids and links --------------------------------------------------------------------------

    async def public_id(self, game_id: int) -> str:
        found = self._page_ids.get(game_id)
        if found is None:
            found = await self.store.transaction(lambda tx: tx.web_page(game_id, new_public_id))
            self._page_ids[game_id] = found
            self._games[found] = game_id
        return found

    async def game_of(self, public_id: str) -> int | None:
        found = self._games.get(public_id)
        if found is None:
            found = await self.store.transaction(lambda tx: tx.game_of_page(public_id))
            if found is not None:
                self._games[public_id] = found
                self._page_ids[found] = public_id
        return found

    async def board_url(self, game_id: int) -> str:
        return f"{self.public_url}/g/{await self.public_id(game_id)}"

    def seat_link(self, game_id: int, seat: int, user_id: int) -> SeatLink:
        return SeatLink(game_id, seat, user_id, int(self.clock()) + LINK_LIFETIME)

    def seat_url(self, game_id: int, seat: int, user_id: int) -> str:
        """The signed private link of one seat for its player ("🌐 My board")."""
        return f"{self.public_url}/p/{self.signer.link(self.seat_link(game_id, seat, user_id))}"

    def read_link(self, token: str) -> SeatLink | None:
        return self.signer.read(token, self.clock())

    # --- what pages show ---------------------------------------------------------------------

    async def stamp(self, game_id: int) -> Stamp | None:
        record = await self.store.game(game_id)
        return stamp_of(record) if record is not None else None

    async def _current_stamp(self, game_id: int) -> Stamp | None:
        """The stamp the watchers last saw (no read while pages watch the game), or a fresh one."""
        return self.watchers.stamp(game_id) or await self.stamp(game_id)

    async def page_json(self, game_id: int, step: int | None) -> bytes:
        """A public page as JSON: the current one built once per change however many pages ask."""
        if step is not None:
            return await self._page_json(game_id, step)
        stamp = await self._current_stamp(game_id)
        found = await self.pages.get((game_id, stamp), lambda: self._page_json(game_id, None))
        assert found is not None
        return found

    async def _page_json(self, game_id: int, step: int | None) -> bytes:
        table = await self.service.web_table(game_id)
        _, page = await self.service.web_step(table, step)
        return json.dumps(page_data(page, stamp_of(table.record) if step is None else None)).encode()

    async def board(self, game_id: int, step: int | None) -> bytes | None:
        """A board PNG: the current one drawn once per change, earlier ones once per step."""
        if step is None:
            stamp = await self._current_stamp(game_id)

            async def draw_now() -> bytes | None:
                table = await self.service.web_table(game_id)
                return await self.service.web_board(table, table.state())

            return await self.boards.get((game_id, "now", stamp), draw_now)
        table = await self.service.web_table(game_id)
        state, page = await self.service.web_step(table, step)
        return await self.boards.get((game_id, page.step, page.steps), lambda: self.service.web_board(table, state))


def stamp_of(record: GameRecord) -> Stamp:
    """What changes whenever a page would look different: the version, the status, the seats."""
    seats = ",".join(f"{s.user_id}:{s.name}" for s in record.seats)
    text = f"{record.version}|{record.status}|{record.updated_at}|{seats}"
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def page_data(page: PublicPage, stamp: Stamp | None) -> dict[str, Any]:
    return {
        "title": page.title,
        "status": page.status,
        "step": page.step,
        "steps": page.steps,
        "lines": list(page.lines),
        "log": list(page.log),
        "clocks": [{"name": name, "due": due} for name, due in page.clocks],
        "over": page.over,
        "stamp": stamp,
    }
