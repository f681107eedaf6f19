from __future__ import annotations

import aiohttp
import pytest

from tests.web.support import open_site


@pytest.fixture
async def site(tmp_path):
    opened = await open_site(tmp_path / "games.db")
    yield opened
    await opened.close()


@pytest.fixture
async def http():
    async with aiohttp.ClientSession() as session:
        yield session
