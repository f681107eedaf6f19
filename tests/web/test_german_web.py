"""The web table's own words in the reader's language (issue 25): a page request in the language its
browser (or Discord's Activity frame) asks for, a seat's page in its player's `/game settings`
language first; German only once it is offered."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from bot.i18n import domains
from bot.storage.records import UserSettings
from bot.web.files import static_bytes
from bot.web.page_words import PAGE_WORDS
from tests.web.support import start_game
from tests.web.test_browser import _until

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


async def test_a_language_waits_until_it_is_offered(site, http, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(domains, "DOMAINS", tuple(replace(d, complete_in=()) for d in domains.DOMAINS))
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


async def test_the_pages_own_words_come_in_german_and_english_pages_stay_as_they_are(site, http, german_offered):
    game_id = await start_game(site.service, "cmiyc", 2, humans=[0, 1])
    url = await site.table.board_url(game_id)
    status, english = await _text(http, url)
    assert status == 200 and english.encode() == static_bytes("page.html")
    status, german = await _text(http, url, **GERMAN)
    assert status == 200 and '<html lang="de">' in german
    assert (
        "<title>Spieltisch</title>" in german and ">◀ Zurück<" in german and 'aria-label="Einen Zug zurück"' in german
    )
    block = re.search(r'<script type="application/json" id="words">(.*?)</script>', german)
    assert block is not None
    words = json.loads(block.group(1))
    assert words["{h} h {m} min left"] == "noch {h} h {m} min" and words["Which one?"] == "Welche?"
    for english_word, german_word in words.items():
        assert set(re.findall(r"\{\w+\}", english_word)) == set(re.findall(r"\{\w+\}", german_word))
    left = [word for word in PAGE_WORDS if f">{word}<" in german or f'="{word}"' in german]
    assert left == ["● Live"] or not left, f"untranslated: {left}"


async def test_a_german_browser_reads_the_scripts_words_in_german(site, browser, german_offered):
    game_id = await start_game(site.service, "cmiyc", 2, humans=[0, 1])
    [user] = (await site.service.waiting_on(game_id))[:1]
    context = await browser.new_context(locale="de-DE", viewport={"width": 360, "height": 740})
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    await page.goto(site.table.seat_url(game_id, user - 1, user))
    await _until(page, "() => document.body.dataset.stamp !== undefined")
    shown = await page.inner_text("body")
    assert "Öffentliche Seite und Verlauf" in shown and "Log" not in shown.split() and not errors
    # The scripts' own words, as the page composes them (a tap's question, a clock, a multiple choice):
    asked = "() => [t('Which one?'), t('{m} min {s} s left', {m: 3, s: 7}), t('Choose these ({n} of {max})', {n: 1, max: 2})]"
    assert await page.evaluate(asked) == ["Welche?", "noch 3 min 7 s", "Diese wählen (1 von 2)"]
    await context.close()
