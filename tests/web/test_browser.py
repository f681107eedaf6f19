"""Issue 24 in a real browser (headless Chromium, Playwright): whole games of Mutiny and Cache Me If
You Can played from the players' private pages (a tap on a highlighted place chooses it, after a
confirmation), the public page following every move live with no seat's secret on it, the history
stepped through, and the layout at 360 px."""

from __future__ import annotations

import asyncio
import re

import pytest

from bot.engine import Rng
from bot.web.limits import RateLimit
from tests.web.support import open_site, start_game
from tests.web.test_leaks import _secret_lines

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}


async def _open(browser, url: str, viewport=PHONE):
    context = await browser.new_context(viewport=viewport)
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("requestfailed", lambda request: errors.append(f"request failed: {request.url}"))
    await page.goto(url)
    await _until(page, "() => document.body.dataset.stamp !== undefined")
    return page, errors


async def _until(page, script: str, arg=None, timeout: float = 10.0) -> None:
    """Wait until ``script`` (a function) is true in the page. Polled from here with ``evaluate``:
    the page's Content-Security-Policy rightly refuses the string evaluation ``wait_for_function`` uses."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not await page.evaluate(script, arg):
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"timed out waiting for {script} ({arg!r})")
        await asyncio.sleep(0.03)


def _plain(line: str) -> str:
    """A Markdown line as the page shows it."""
    return re.sub(r"\\(.)", r"\1", line.replace("**", "").replace("*", "")).replace("\u200b", "")


async def _checked_public(site, public, game_id: int, stamp: str) -> None:
    """The public page follows the move by itself (Server-Sent Events) and shows no secret."""
    await _until(public, "(s) => document.body.dataset.stamp === s", stamp)
    table = await site.service.web_table(game_id)
    state = table.state()
    if table.engine.is_terminal(state):
        return
    shown = await public.inner_text("body")
    leaked = [line for line in _secret_lines(table, state, 0) if _plain(line) in shown]
    assert not leaked


async def _wanted(site, game_id: int, seat: int) -> str | None:
    """What the seat plays: the computer player's choice for it (a sensible game that ends), or
    None for a form."""
    table = await site.service.web_table(game_id)
    state = table.state()
    choices = table.engine.legal_actions(state, seat)
    if not choices:
        return None
    rng = Rng.from_seed(table.record.seed, "web-test", table.record.version, seat)
    chosen = table.game.computer("normal").choose_in_state(table.engine, state, seat, choices, rng)
    # A computer may build a move the page offers no control for (a split of its own, a turn of a card
    # left unlisted): the listed one of the same place then, or the first listed.
    listed = [c.action for c in choices if c.listed] or [c.action for c in choices]
    if chosen in listed:
        return chosen
    return next((a for a in listed if a.rsplit(":", 1)[0] == chosen.rsplit(":", 1)[0]), listed[0])


async def _move(page, action: str | None) -> str:
    """One decision on a seat's page, as a person makes it: a place on the board is tapped, then the
    tap confirmed; a choice with no place is its button; a form is sent as filled in."""
    if action is None:
        await page.locator("#forms button[type=submit]").first.click()
        return "form"
    hits = page.locator(f'.hit[data-action="{action}"]')
    if await hits.count():
        # Several choices may share a place (the Cheese turning one card three ways): the tap lands on
        # the topmost, and the page asks which one.
        await hits.first.click(force=True)
        await page.wait_for_selector("#confirm:not([hidden])")
        options = page.locator(f'#confirm-options button[data-action="{action}"]')
        if await options.count():
            await options.click()
        await page.click("#confirm-yes")
        return f"tap {action}"
    await page.locator(f'#choices button[data-action="{action}"]').click()
    return f"press {action}"


async def _play_out(
    site, browser, game_id: int, humans: list[int], *, piece_moves=None, moves: list[str] | None = None
) -> dict[str, int]:
    """Play the game to its end from the humans' pages, the public page open beside them (``moves``:
    each decision as made, "tap ACTION", "press ACTION" or "form")."""
    limits = site.server.app.limits  # the test clicks faster than a person may
    limits.acts_by_user = limits.acts_by_address = RateLimit(burst=10**6, per_second=10**6)
    pages = {}
    for seat in humans:
        pages[seat + 1], errors = await _open(browser, site.table.seat_url(game_id, seat, seat + 1))
    public, public_errors = await _open(browser, await site.table.board_url(game_id))
    done = {"tap": 0, "press": 0, "form": 0}
    while waiting := await site.service.waiting_on(game_id):
        user = waiting[0]
        page = pages[user]
        stamp = await site.table.stamp(game_id)
        # The page is current and its places are laid over the board (once the board image loaded).
        await _until(page, "(s) => document.body.dataset.stamp === s && document.body.dataset.placed === s", stamp)
        what = await _move(page, await _wanted(site, game_id, user - 1))
        done[what.split()[0]] += 1
        if moves is not None:
            moves.append(what)
        changed = "(s) => document.body.dataset.stamp !== s || !document.getElementById('error').hidden"
        await _until(page, changed, stamp, timeout=30)
        assert await page.locator("#error").is_hidden(), f"{what}: {await page.inner_text('#error')}"
        if piece_moves is not None and what.startswith("tap go:"):
            await piece_moves(user - 1, what.split(":", 1)[1])
        await _checked_public(site, public, game_id, await site.table.stamp(game_id))
    assert "game over" in (await public.inner_text("#title")).lower()
    assert not errors and not public_errors
    return done


async def test_a_whole_game_of_mutiny_from_the_private_pages(site, browser):
    game_id = await start_game(site.service, "mutiny", 4, humans=[0])
    done = await _play_out(site, browser, game_id, humans=[0])
    assert done["tap"] >= 1, "the Scout's islands and peeks under cups were tapped on the board"
    assert done["press"] >= 10


async def test_a_whole_game_of_cache_me_if_you_can_where_a_tap_moves_the_piece(site, browser):
    game_id = await start_game(site.service, "cmiyc", 2, humans=[0])
    moved: list[str] = []

    async def piece_moves(seat: int, square: str) -> None:
        table = await site.service.web_table(game_id)
        view = table.engine.public_view(table.state())
        moves = [step for step in view.last_move if step] if view.last_move else []
        assert square in moves or view.seats[seat].square == square, f"the piece went to {square}"
        moved.append(square)

    done = await _play_out(site, browser, game_id, humans=[0], piece_moves=piece_moves)
    assert done["tap"] >= 4 and len(moved) >= 4


async def test_the_history_steps_back_and_returns_to_the_live_board(site, browser):
    game_id = await start_game(site.service, "mutiny", 4, humans=[])
    page, errors = await _open(browser, await site.table.board_url(game_id), DESKTOP)
    steps = int(await page.evaluate("document.body.dataset.steps"))
    assert steps > 50
    await page.locator("#slider").evaluate("(el) => { el.value = '0'; el.dispatchEvent(new Event('input')); }")
    await _until(page, "() => document.body.dataset.step === '0'")
    await _until(page, "() => document.getElementById('board').complete")
    assert "step=0" in await page.get_attribute("#board", "src")
    assert "0 of" in await page.inner_text("#stepnum")
    await page.click("#next")
    await _until(page, "() => document.body.dataset.step === '1'")
    await page.click("#now")
    await _until(page, f"() => document.body.dataset.step === '{steps}' && document.body.dataset.stamp !== ''")
    assert "Game over" in await page.inner_text("#lines") and not errors


@pytest.mark.parametrize("game", ["mutiny", "cmiyc"])
async def test_the_pages_fit_a_360_px_phone(site, browser, game):
    players, humans = (4, [0, 1, 2, 3]) if game == "mutiny" else (2, [0, 1])
    game_id = await start_game(site.service, game, players, humans=humans)
    for _ in range(40):  # on to a decision with places to tap: the regions must fit a finger too
        user = (await site.service.waiting_on(game_id))[0]
        if (await site.service.seat_page(game_id, user, user - 1)).regions:
            break
        version = (await site.service.panel(game_id, user)).version
        await site.service.act(game_id, user, version, await _wanted(site, game_id, user - 1))
    else:
        raise AssertionError("no decision with a place on the board came up")
    urls = [await site.table.board_url(game_id), site.table.seat_url(game_id, user - 1, user)]
    for url in urls:
        page, errors = await _open(browser, url)
        await _until(page, "() => document.getElementById('board').naturalWidth > 0")
        await page.wait_for_timeout(100)
        sizes = await page.evaluate(
            """() => ({
                scroll: document.documentElement.scrollWidth,
                board: document.getElementById('frame').getBoundingClientRect().right,
                targets: [...document.querySelectorAll('button, a.button, input, .hit')]
                    .filter((el) => el.offsetParent !== null)
                    .map((el) => { const r = el.getBoundingClientRect(); return [el.textContent, r.width, r.height]; }),
            })"""
        )
        assert sizes["scroll"] <= PHONE["width"], "no horizontal scroll"
        assert sizes["board"] <= PHONE["width"], "the board fits"
        small = [t for t in sizes["targets"] if t[1] < 32 or t[2] < 32]
        assert sizes["targets"] and not small, small
        assert not errors


async def test_a_whole_game_of_mouse_cheese_cat_cucumber_tapping_the_belt_and_the_maze(tmp_path, browser):
    """The cards are picked on the Conveyor Belt and placed on spaces of the maze, the destinations and
    the Cat's space tapped where the board draws them."""
    site = await open_site(tmp_path / "mccc.db", seed=1)  # a game of some 30 decisions with each of them
    try:
        game_id = await start_game(site.service, "mccc", 3, humans=[0, 1, 2])
        moves: list[str] = []
        await _play_out(site, browser, game_id, humans=[0, 1, 2], moves=moves)
    finally:
        await site.close()
    tapped = {what.split()[1].split(":")[0] for what in moves if what.startswith("tap ")}
    assert {"belt", "dest", "cat"} <= tapped and tapped & {"place", "stack"}, moves
    assert all(what.split()[1].split(":")[0] in {"ability", "confirm"} for what in moves if what.startswith("press"))
