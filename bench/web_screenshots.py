"""Screenshots of the web table for docs/web.md: each game's public page at 360 and 1280 px, and a
player's page (places to tap highlighted) for Mutiny and Cache Me If You Can at 360 px.

    apt-get install chromium fonts-noto-color-emoji     # the browser, and emoji in the page's text
    .venv/bin/python bench/web_screenshots.py --out docs/web

Each game is started with one person and computers in the other seats, played a few decisions in
(the person's moves are the computer player's choices, made through the table service), then shot
by headless Chromium through Playwright (never a downloaded browser). Same seed, same pictures.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from web import PLAYERS, move  # bench/web.py, beside this script

from bot.devtools.chromium import LAUNCH_ARGS
from bot.storage import Store
from bot.table import Person, TableService
from bot.table.core import Computer
from bot.web.server import WebServer
from bot.web.table import WebTable

SIZES = {"360": {"width": 360, "height": 780}, "1280": {"width": 1280, "height": 900}}
MOVES = {"mutiny": 4, "mccc": 6, "catacombs": 10, "cmiyc": 12, "muggles": 10}
SEAT_PAGES = ("mutiny", "cmiyc")


async def start(service: TableService, game: str) -> int:
    players = PLAYERS[game]
    people: list[Person | Computer] = [Person(1, "Ada")] + [Computer("normal")] * (players - 1)
    lobby = await service.create(
        guild_id=1, channel_id=len(game), parent_channel_id=None, game_name=game, options={}, creator=Person(1, "Ada")
    )
    await service.arrange(lobby.game_id, 1, people)
    await service.start(lobby.game_id, 1)
    return lobby.game_id


async def until_placed(service: TableService, game_id: int, limit: int = 200) -> bool:
    """On to a decision of Ada's with places on the board to tap (False: the game ended first)."""
    for _ in range(limit):
        if (await service.seat_page(game_id, 1, 0)).regions:
            return True
        if not await move(service, game_id):
            return False
    return False


async def shoot(page, url: str, path: Path, seat: bool) -> None:
    await page.goto(url)
    script = "() => document.body.dataset.stamp !== undefined && document.getElementById('board').naturalWidth > 0"
    for _ in range(300):
        if await page.evaluate(script) and (not seat or await page.evaluate("() => !!document.body.dataset.placed")):
            break
        await asyncio.sleep(0.05)
    await page.wait_for_timeout(300)
    await page.screenshot(path=str(path), type="jpeg", quality=72)
    print(f"  {path}")


async def run(out: Path, chromium: str) -> None:
    from playwright.async_api import async_playwright

    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        store = await Store.open(Path(scratch) / "shots.db")
        seeds = iter(range(11, 100))
        service = TableService(store, seed_source=lambda: next(seeds))
        table = WebTable(service, store, "http://127.0.0.1:0")
        server = WebServer(table, "127.0.0.1", 0, secure_cookies=False)
        await server.start()
        table.public_url = f"http://127.0.0.1:{server.port}"
        try:
            async with async_playwright() as playwright:
                browser = await playwright.chromium.launch(executable_path=chromium, args=LAUNCH_ARGS)
                for game in PLAYERS:
                    game_id = await start(service, game)
                    for _ in range(MOVES[game]):
                        await move(service, game_id)
                    # A player's page is shown at a decision with places to tap (a game where the
                    # computers never hand Ada such a decision is played again with the next seed).
                    while game in SEAT_PAGES and not await until_placed(service, game_id):
                        game_id = await start(service, game)
                    for size, viewport in SIZES.items():
                        context = await browser.new_context(viewport=viewport, device_scale_factor=1)
                        page = await context.new_page()
                        await shoot(page, await table.board_url(game_id), out / f"{game}-{size}.jpg", False)
                        if game in SEAT_PAGES and size == "360":
                            await shoot(page, table.seat_url(game_id, 0, 1), out / f"{game}-seat-{size}.jpg", True)
                        await context.close()
                await browser.close()
        finally:
            await server.stop()
            await store.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("docs/web"))
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    args = parser.parse_args(argv)
    asyncio.run(run(args.out, args.chromium))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
