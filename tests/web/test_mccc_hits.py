"""Mouse Cheese Cat Cucumber's hit regions (issue 24) lie where the board draws their places: a card
to pick on its slot of the Conveyor Belt, a space to place it on over that space of the maze (an
empty space where the card goes alone, a card where it goes on top), and every choice that names a
slot or a space has one."""

from __future__ import annotations

import io

from PIL import Image

from render.mccc_signs import BG, EMPTY_FILL
from tests.web.support import start_game
from tests.web.test_browser import _wanted

PLACED = ("belt", "discard", "place", "stack", "dest", "cat", "turn")


async def _regions_and_board(site, game_id: int, user: int):
    page = await site.service.seat_page(game_id, user, user - 1)
    png = await site.table.board(game_id, None)
    assert png is not None
    return page, Image.open(io.BytesIO(png)).convert("RGB")


async def test_the_regions_lie_on_the_belt_slots_and_the_spaces_of_the_maze(site):
    game_id = await start_game(site.service, "mccc", 2, humans=[0, 1])
    seen: set[str] = set()
    for _ in range(12):
        [user] = (await site.service.waiting_on(game_id))[:1]
        page, board = await _regions_and_board(site, game_id, user)
        listed = {c.action for c in page.panel.choices}
        verbs = {r.action: r.action.split(":")[0] for r in page.regions}
        assert set(verbs) <= listed, "a region is one of the choices on the page"
        spaced = {c.action for c in page.panel.choices if c.group != "confirm"}  # ↻ is a button
        assert not {c.action for c in page.panel.choices if c.group == "confirm"} & set(verbs)
        assert {a for a in spaced if a.split(":")[0] in PLACED} <= set(verbs), "every place has a region"
        for region in page.regions:
            x0, y0, x1, y1 = (round(v) for v in region.points)
            assert 0 <= x0 < x1 <= board.width and 0 <= y0 < y1 <= board.height
            corner = board.getpixel((x0 + 12, y0 + 12))
            if verbs[region.action] == "belt":
                assert board.getpixel(((x0 + x1) // 2, (y0 + y1) // 2)) != BG, "a card lies on that slot"
            elif verbs[region.action] == "place":
                assert corner == EMPTY_FILL, f"{region.action}: an empty space of the maze is there"
            elif verbs[region.action] == "stack":
                assert corner != EMPTY_FILL, f"{region.action}: a card of the maze is there"
            seen.add(verbs[region.action])
        version = (await site.service.panel(game_id, user)).version
        await site.service.act(game_id, user, version, await _wanted(site, game_id, user - 1))
        if not await site.service.waiting_on(game_id):
            break
    assert {"belt", "place"} <= seen
