"""``python -m bot.local GAME --web``: the web table on 127.0.0.1 for hot-seat play without Discord.

The game is made as in the terminal; then the public page and one private link per person are
printed, and every seat plays from its own page (tap the board, press the buttons). The terminal
keeps printing what the channel would show. The server runs until the game is over and then
until Ctrl-C, so the final board and history stay open.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Mapping
from typing import TextIO

from bot.i18n.table import _
from bot.storage import Store
from bot.table import TableService
from bot.table.delivery import Sender
from bot.web.server import WebServer
from bot.web.table import WebTable

HOST = "127.0.0.1"


async def start_local_web(
    service: TableService, store: Store, sender: Sender, port: int = 0
) -> tuple[WebServer, WebTable]:
    async def deliver(game_id: int) -> None:
        await service.deliver(game_id, sender)

    table = WebTable(service, store, f"http://{HOST}:{port}", deliver=deliver)
    server = WebServer(table, HOST, port, secure_cookies=False)
    await server.start()
    table.public_url = f"http://{HOST}:{server.port}"
    return server, table


async def links(table: WebTable, game_id: int, people: Mapping[int, tuple[int, str]]) -> list[str]:
    """The public page, then each person's private page (``people``: seat -> (user id, name))."""
    lines = [_("🌐 Public page: {url}").format(url=await table.board_url(game_id))]
    for seat, (user_id, name) in sorted(people.items()):
        lines.append(_("🔒 {name}'s page: {url}").format(name=name, url=table.seat_url(game_id, seat, user_id)))
    return lines


async def serve(
    service: TableService,
    store: Store,
    sender: Sender,
    game_id: int,
    people: Mapping[int, tuple[int, str]],
    port: int,
    out: TextIO,
    stop: asyncio.Event | None = None,
) -> int:
    server, table = await start_local_web(service, store, sender, port)
    try:
        for line in await links(table, game_id, people):
            print(line, file=out, flush=True)
        print(
            _("Play from those pages; this terminal shows what the channel would. Ctrl-C stops."), file=out, flush=True
        )
        stopping = stop or asyncio.Event()
        announced = False
        while not stopping.is_set():
            if not announced and not await service.waiting_on(game_id):
                print(_("Game over. The pages stay open until Ctrl-C."), file=out, flush=True)
                announced = True
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stopping.wait(), 1.0)
        return 0
    finally:
        await server.stop()
