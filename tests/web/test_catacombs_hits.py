"""Catacombs of Mu's hit regions (issue 24) lie where the board draws their spaces: every choice that
names a space of the labyrinth has one, exactly over that space (an empty space where a tile is put,
framed by the grid's lines), and nothing else does."""

from __future__ import annotations

import io

from PIL import Image

from bot.games.catacombs import geometry as geo
from bot.games.catacombs.viewing import place_labels
from render.catacombs_shapes import FLOOR, GRID_LINE
from tests.web.support import start_game
from tests.web.test_browser import _wanted


async def test_the_regions_lie_on_the_spaces_their_choices_name(site):
    game_id = await start_game(site.service, "catacombs", 2, humans=[0, 1])
    puts = 0
    for _ in range(30):
        waiting = await site.service.waiting_on(game_id)
        if not waiting:
            break
        user = waiting[0]
        page = await site.service.seat_page(game_id, user, user - 1)
        png = await site.table.board(game_id, None)
        assert png is not None
        board = Image.open(io.BytesIO(png)).convert("RGB")
        listed = {c.action for c in page.panel.choices}
        by_action = {r.action: r for r in page.regions}
        assert set(by_action) <= listed, "a region is one of the choices on the page"
        named = {a for a in listed if place_labels([a])}
        assert named == set(by_action), "every choice that names a space has a region, and only those"
        for action, region in by_action.items():
            x0, y0, x1, y1 = (round(v) for v in region.points)
            assert 0 <= x0 < x1 <= board.width and 0 <= y0 < y1 <= board.height
            assert x1 - x0 == y1 - y0, "a square space"
            if ":put:" in action:
                label = place_labels([action])[0]
                assert geo.parse_label(label) is not None
                mid_x, mid_y = (x0 + x1) // 2, (y0 + y1) // 2
                quarter = (x1 - x0) // 4
                inside = [(x, y) for x in (x0 + quarter, x1 - quarter) for y in (y0 + quarter, y1 - quarter)]
                assert FLOOR in [board.getpixel(p) for p in inside], f"{action}: an empty space is there"
                edges = [(x0, mid_y), (x1, mid_y), (mid_x, y0), (mid_x, y1)]  # walls may hide some
                assert GRID_LINE in [board.getpixel(p) for p in edges], f"{action}: framed by the grid's lines"
                puts += 1
        version = (await site.service.panel(game_id, user)).version
        await site.service.act(game_id, user, version, await _wanted(site, game_id, user - 1))
    assert puts > 0, "some tiles were placed by tapping their space"
