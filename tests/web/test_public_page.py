"""Issue 24: a game's public page at an unguessable id: the live board (the same renderer, from the
public view), whose turn, the log, the history from the action log, live updates, strict headers."""

from __future__ import annotations

import asyncio
import json

import aiohttp

from bot.engine.seats import with_levels
from bot.table.history import replay
from bot.web.server import CSP
from render import render_png
from tests.web.support import get, start_game


async def test_the_page_is_found_by_an_unguessable_id_and_never_by_the_game_number(site, http):
    game_id = await start_game(site.service, "mutiny", 4, humans=[0])
    page_id = await site.table.public_id(game_id)
    assert len(page_id) == 22 and str(game_id) != page_id
    assert await site.table.public_id(game_id) == page_id, "stored: the same id every time"
    assert (await get(http, f"{site.url}/g/{page_id}"))[0] == 200
    for wrong in (str(game_id), "x" * 22, "../../etc/passwd", page_id[:-1] + ("A" if page_id[-1] != "A" else "B")):
        assert (await get(http, f"{site.url}/g/{wrong}/page.json"))[0] == 404, wrong


async def test_the_page_shows_the_board_whose_turn_and_the_log_as_the_live_board_does(site, http):
    game_id = await start_game(site.service, "mutiny", 4, humans=[0])
    page_id = await site.table.public_id(game_id)
    status, body, headers = await get(http, f"{site.url}/g/{page_id}/page.json")
    page = json.loads(body)
    assert status == 200 and page["title"] == "Mutiny" and page["status"] == "active"
    assert any("Waiting for 🟪 **Player 1**" in line for line in page["lines"])
    status, png, headers = await get(http, f"{site.url}/g/{page_id}/board.png")
    table = await site.service.web_table(game_id)
    drawn = render_png(table.spec, table.engine.public_view(table.state()), with_levels(table.tags))
    assert status == 200 and headers["Content-Type"] == "image/png" and png == drawn


async def test_every_response_carries_the_strict_content_security_policy(site, http):
    game_id = await start_game(site.service, "cmiyc", 2, humans=[0])
    page_id = await site.table.public_id(game_id)
    for path in ("", "/page.json", "/board.png", "/../nothing"):
        _, _, headers = await get(http, f"{site.url}/g/{page_id}{path}")
        assert headers["Content-Security-Policy"] == CSP and headers["Referrer-Policy"] == "no-referrer"
    assert "default-src 'none'" in CSP and "frame-ancestors 'none'" in CSP and "http" not in CSP


async def test_the_history_re_renders_every_earlier_public_state_from_the_action_log(site, http):
    game_id = await start_game(site.service, "mutiny", 4, humans=[])  # computers play it out
    page_id = await site.table.public_id(game_id)
    now = json.loads((await get(http, f"{site.url}/g/{page_id}/page.json"))[1])
    assert (
        now["over"]
        and now["steps"] > 50
        and now["lines"][0] == "🏁 **Game over**"
        and any(line.startswith("🏆") for line in now["lines"])
    )
    table = await site.service.web_table(game_id)
    record = table.record
    log = await site.store.transaction(lambda tx: tx.action_log(game_id))
    states = [s for s, _ in replay(table.engine, 4, record.options, record.seed, [(a.seat, a.action) for a in log])]
    for step in (0, 1, now["steps"] // 2, now["steps"] - 1):
        page = json.loads((await get(http, f"{site.url}/g/{page_id}/page.json?step={step}"))[1])
        assert page["step"] == step and page["status"] == "history" and not page["over"]
        _, png, _ = await get(http, f"{site.url}/g/{page_id}/board.png?step={step}")
        assert png == render_png(table.spec, table.engine.public_view(states[step]), with_levels(table.tags)), step
    for bad in ("-1", "1e3", "٣", "9999999", "1&x=2"):
        assert (await get(http, f"{site.url}/g/{page_id}/page.json?step={bad}"))[0] == 400, bad


async def test_a_move_reaches_a_watching_page_as_a_server_sent_event(site, http):
    game_id = await start_game(site.service, "cmiyc", 2, humans=[0, 1])
    page_id = await site.table.public_id(game_id)
    async with http.get(f"{site.url}/g/{page_id}/events") as events:
        assert events.headers["Content-Type"] == "text/event-stream"
        first = await _page(events)
        panel = await site.service.panel(game_id, (await site.service.waiting_on(game_id))[0])
        await site.service.act(game_id, panel.seat + 1, panel.version, panel.choices[0].action)
        second = await asyncio.wait_for(_page(events), 5)
    assert first["stamp"] != second["stamp"] and (first["steps"], second["steps"]) == (0, 1)
    page = json.loads((await get(http, f"{site.url}/g/{page_id}/page.json"))[1])
    assert page == second, "the event carries the page as it stands"


async def _page(events: aiohttp.ClientResponse) -> dict:
    while True:
        line = (await events.content.readline()).decode()
        if line.startswith("data: "):
            return json.loads(line[6:])


async def test_live_pages_open_at_once_from_one_address_are_capped(site, http, monkeypatch):
    from bot.web import server

    monkeypatch.setattr(server, "STREAMS_PER_ADDRESS", 2)
    game_id = await start_game(site.service, "cmiyc", 2, humans=[0])
    page_id = await site.table.public_id(game_id)
    first = await http.get(f"{site.url}/g/{page_id}/events")
    second = await http.get(f"{site.url}/g/{page_id}/events")
    try:
        async with http.get(f"{site.url}/g/{page_id}/events") as third:
            assert third.status == 429
    finally:
        first.close()
        second.close()
    for _ in range(500):  # the server sees the pages close
        if not site.server.app._open_streams:
            break
        await asyncio.sleep(0.02)
    async with http.get(f"{site.url}/g/{page_id}/events") as again:
        assert again.status == 200
