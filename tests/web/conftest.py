from __future__ import annotations

import aiohttp
import pytest

from bot.devtools.chromium import LAUNCH_ARGS
from bot.web.discord_auth import DiscordAuth
from tests.web.browser import chromium_path
from tests.web.discord_api import APP, DiscordApi
from tests.web.support import open_site


@pytest.fixture
async def site(tmp_path):
    opened = await open_site(tmp_path / "games.db")
    yield opened
    await opened.close()


@pytest.fixture
def api():
    """Discord's side of the Activity's sign-in (``tests.web.discord_api``)."""
    return DiscordApi()


@pytest.fixture
async def activity_site(tmp_path, api):
    """The web table with the Activity on, signing in against ``api``."""
    opened = await open_site(tmp_path / "games.db", auth=DiscordAuth(APP, transport=api))
    yield opened
    await opened.close()


@pytest.fixture
async def http():
    async with aiohttp.ClientSession() as session:
        yield session


@pytest.fixture
async def browser():
    """Headless Chromium from the machine's packages (``tests.web.browser``), for the browser tests."""
    path = chromium_path()
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(executable_path=path, args=LAUNCH_ARGS)
        yield launched
        await launched.close()
