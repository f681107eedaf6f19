"""The Catacombs of Mu board as plain text (``python -m bot.local --text-board``)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import SeatTag
from bot.games.catacombs import geometry as geo
from bot.games.catacombs.texts import SHAPES
from bot.games.catacombs.views import PublicView, TileView

TEXT_TILES = {"gulch": "g", "cave_in": "c", "flooded": "f"}


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
    lines.append("Key: digits pawns, R relics, letter! monsters, EX the Exit, g/c/f obstacles, s slide, r rival")
    for pawn in view.seats:
        name = seats[pawn.seat].name if pawn.seat < len(seats) else f"Player {pawn.seat + 1}"
        items = ", ".join(pawn.items) or "no items"
        lines.append(
            f"{pawn.seat + 1} {name}: {pawn.character_name or 'choosing'} · health {pawn.health}/{pawn.health_cap}"
            f" · bullets {pawn.bullets}/{pawn.bullet_cap} · relics {pawn.relics} · {items} · hand {pawn.hand}"
        )
    return "\n".join(lines)
