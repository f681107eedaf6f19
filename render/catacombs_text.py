"""The Catacombs of Mu board as plain text (``python -m bot.local --text-board``)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import SeatTag
from bot.games.catacombs import geometry as geo
from bot.games.catacombs.i18n import N_, _
from bot.games.catacombs.texts import SHAPES
from bot.games.catacombs.views import PublicView, TileView

TEXT_TILES = {"gulch": "g", "cave_in": "c", "flooded": "f"}
ITEM_WORDS = {
    "whip": N_("whip"),
    "pickaxe": N_("pickaxe"),
    "kayak": N_("kayak"),
    "ammunition": N_("ammunition"),
    "torch": N_("torch"),
    "first_aid": N_("first_aid"),
}
"""The items as the text board writes them: by their keys in English, by their names in a translation."""


def _text_cell(view: PublicView, cell: int, tiles: dict[int, TileView], pawns: dict[int, str]) -> str:
    if cell in pawns:
        return pawns[cell][:2].ljust(2)
    monster = next((m for m in view.monsters if m.cell == cell), None)
    if monster is not None:
        return monster.letter + "!"
    relic = next((r for r in view.relics if r.cell == cell), None)
    if relic is not None:
        return "R" + str(len(relic.names))
    if cell == view.board.exit_cell:
        return "EX"
    tile = tiles.get(cell)
    if tile is not None:
        mark = TEXT_TILES.get(tile.obstacle, "s" if tile.slide else "r" if tile.rival else " ")
        return SHAPES.get(tile.openings, "?") + mark
    return " ."


def text_board(view: PublicView, seats: Sequence[SeatTag]) -> str:
    tiles = {t.cell: t for t in view.tiles}
    pawns: dict[int, str] = {}
    for pawn in view.seats:
        pawns[pawn.cell] = pawns.get(pawn.cell, "") + str(pawn.seat + 1)
    lines = ["    " + " ".join(f"{c} " for c in geo.COLUMNS)]
    for row in range(geo.SIZE):
        cells = [_text_cell(view, row * geo.SIZE + col, tiles, pawns) for col in range(geo.SIZE)]
        lines.append(f"{row + 1:>3} " + " ".join(cells))
    lines.append(_("Key: digits pawns, R relics, letter! monsters, EX the Exit, g/c/f obstacles, s slide, r rival"))
    for pawn in view.seats:
        name = seats[pawn.seat].name if pawn.seat < len(seats) else _("Player {n}").format(n=pawn.seat + 1)
        items = ", ".join(_(ITEM_WORDS.get(key, key)) for key in pawn.items)
        line = _(
            "{name}: {character} · health {health}/{health_cap} · bullets {bullets}/{bullet_cap} · relics {relics} "
            "· {items} · hand {hand}"
        ).format(
            name=name,
            character=pawn.character_name or _("choosing"),
            health=pawn.health,
            health_cap=pawn.health_cap,
            bullets=pawn.bullets,
            bullet_cap=pawn.bullet_cap,
            relics=pawn.relics,
            items=items or _("no items"),
            hand=pawn.hand,
        )
        lines.append(f"{pawn.seat + 1} {line}")
    return "\n".join(lines)
