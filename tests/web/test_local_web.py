"""``python -m bot.local GAME --web``: the same pages on 127.0.0.1 for hot-seat play without Discord."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re

import aiohttp

from bot.local import parser, run


async def test_local_web_prints_the_pages_and_a_move_from_a_page_is_shown_in_the_terminal(tmp_path, capsys):
    args = parser().parse_args(
        ["mutiny", "--players", "4", "--computers", "2,3,4", "--web", "--port", "0", "--out", str(tmp_path)]
    )
    task = asyncio.create_task(run(args))
    printed = ""
    for _ in range(400):
        printed += capsys.readouterr().out
        if "Player 1's page:" in printed:
            break
        await asyncio.sleep(0.05)
    public = re.search(r"Public page: (http://127\.0\.0\.1:\d+/g/\S+)", printed)
    private = re.search(r"Player 1's page: (http://127\.0\.0\.1:\d+/p/\S+)", printed)
    assert public and private, printed
    try:
        jar = aiohttp.CookieJar(unsafe=True)  # cookies of 127.0.0.1, as a browser keeps them
        async with aiohttp.ClientSession(cookie_jar=jar) as http:
            async with http.get(public.group(1) + "/page.json") as response:
                assert response.status == 200 and (await response.json())["title"] == "Mutiny"
            async with http.get(private.group(1), allow_redirects=False) as response:
                assert response.status == 303
                seat_page = public.group(1).replace("/g/", "/s/")
            async with http.get(seat_page + "/seat.json") as response:
                seat = await response.json()
            assert seat["panel"]["choices"], "with seed 1 Player 1 is the first Captain and decides first"
            origin = public.group(1).split("/g/")[0]
            body = {"version": seat["panel"]["version"], "action": seat["panel"]["choices"][0]["action"]}
            headers = {"Origin": origin, "X-Form-Token": seat["form_token"]}
            async with http.post(
                seat_page + "/act", data=json.dumps(body), headers={**headers, "Content-Type": "application/json"}
            ) as response:
                assert response.status == 200, await response.text()
            await asyncio.sleep(0.1)
            assert "📢 TABLE" in capsys.readouterr().out, "the terminal shows what the channel would"
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
