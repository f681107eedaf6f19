"""A real table service with real games on a temporary SQLite file, and the web table on 127.0.0.1."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import aiohttp

from bot.storage import Store
from bot.table import Person, TableService
from bot.table.core import Computer
from bot.web.live import Watchers
from bot.web.server import WebServer
from bot.web.table import WebTable

GUILD = 77


@dataclass
class Site:
    store: Store
    service: TableService
    table: WebTable
    server: WebServer
    delivered: list[int] = field(default_factory=list)
    now: list[float] = field(default_factory=lambda: [1_800_000_000.0])

    @property
    def url(self) -> str:
        return self.table.public_url

    async def close(self) -> None:
        await self.server.stop()
        await self.store.close()


async def open_site(path, *, seed: int = 7, auth=None) -> Site:
    store = await Store.open(path)
    service = TableService(store, seed_source=lambda: seed)
    holder: list[Site] = []

    async def deliver(game_id: int) -> None:
        holder[0].delivered.append(game_id)

    now = [1_800_000_000.0]
    table = WebTable(service, store, "http://127.0.0.1:0", deliver=deliver, clock=lambda: now[0])
    table.watchers = Watchers(table.stamp, every=0.05)  # pages follow moves sooner: shorter tests
    server = WebServer(table, "127.0.0.1", 0, secure_cookies=False, auth=auth)
    await server.start()
    table.public_url = f"http://127.0.0.1:{server.port}"
    site = Site(store, service, table, server, now=now)
    holder.append(site)
    return site


async def start_game(
    service: TableService, game: str, players: int, humans: Sequence[int], *, channel: int = 5, options=None
) -> int:
    """A started game: ``humans`` are the seats people hold (user id = seat + 1), computers the rest."""
    people = {seat: Person(seat + 1, f"Player {seat + 1}") for seat in humans}
    host = people.get(0) or Person(1, "Player 1")
    lobby = await service.create(
        guild_id=GUILD,
        channel_id=channel,
        parent_channel_id=None,
        game_name=game,
        options=options or {},
        creator=host,
    )
    # Computers at the heuristic level: their moves come with the commit (no search in the background).
    seating = [people.get(seat, Computer("normal")) for seat in range(players)]
    await service.arrange(lobby.game_id, host.user_id, seating)
    await service.start(lobby.game_id, host.user_id)
    return lobby.game_id


async def get(session: aiohttp.ClientSession, url: str) -> tuple[int, bytes, aiohttp.typedefs.LooseHeaders]:
    async with session.get(url, allow_redirects=False) as response:
        return response.status, await response.read(), response.headers
