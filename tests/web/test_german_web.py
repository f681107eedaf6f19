"""The web table's own words in the reader's language (issue 25): a page request in the language its
browser (or Discord's Activity frame) asks for, a seat's page in its player's `/game settings`
language first; German only once it is offered."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.i18n import domains
from bot.storage.records import UserSettings
from tests.web.support import start_game

GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.8"}


@pytest.fixture
def german_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(domains, "DOMAINS", tuple(replace(d, complete_in=("de",)) for d in domains.DOMAINS))


async def _text(http, url: str, **headers: str) -> tuple[int, str]:
    async with http.get(url, headers=headers) as response:
        return response.status, await response.text()


async def test_refusals_follow_the_browsers_language_once_german_is_offered(site, http, german_offered):
    assert await _text(http, f"{site.url}/g/abcdefghijkl/page.json", **GERMAN) == (
        404,
        "Diese Spielseite gibt es nicht.",
    )
    assert await _text(http, f"{site.url}/g/abcdefghijkl/page.json") == (404, "No such game page.")
    status, text = await _text(http, f"{site.url}/p/not-a-link", **GERMAN)
    assert status == 403 and text.startswith("Dieser private Link ist abgelaufen oder ungültig.")
    assert "▶ Spielen → 🌐 Mein Spielbrett" in text


async def test_german_waits_until_it_is_offered(site, http):
    assert await _text(http, f"{site.url}/g/abcdefghijkl/page.json", **GERMAN) == (404, "No such game page.")


async def test_a_seat_page_answers_in_its_players_chosen_language(site, http, german_offered):
    game_id = await start_game(site.service, "cmiyc", 2, humans=[0, 1])
    await site.service.set_user_settings(UserSettings(1, language="de"))
    url = site.table.seat_url(game_id, 0, 1)
    async with http.get(url, allow_redirects=False) as response:
        page = response.headers["Location"]
    session = url.rsplit("/", 1)[1]
    sent = {"Cookie": f"gm_seat={session}", "Origin": site.url, "Content-Type": "application/json"}
    async with http.post(f"{site.url}{page}/act", data="{}", headers={**sent, "X-Form-Token": "x"}) as response:
        assert response.status == 403
        assert (await response.json())["error"] == "Die Seite ist veraltet: Lade sie neu."
    await site.service.set_user_settings(UserSettings(1, language=None))
    async with http.post(f"{site.url}{page}/act", data="{}", headers={**sent, "X-Form-Token": "x"}) as response:
        assert (await response.json())["error"] == "The page is out of date: reload it."
    async with http.post(
        f"{site.url}{page}/act", data="{}", headers={**sent, **GERMAN, "X-Form-Token": "x"}
    ) as response:
        assert (await response.json())["error"] == "Die Seite ist veraltet: Lade sie neu.", "else the browser's"
