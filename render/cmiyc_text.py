"""Cache Me If You Can as plain text (``python -m bot.local --text-board``): the grid, then the players.

Each square is 3 characters: ``...`` a road, ``,,,`` grass, ``===`` trail, ``###`` a face-down
tile, a revealed tile's code (``TR``, ``CLF``), a building's first letters; pieces are the seat
numbers (``1``-``6``) written over the square.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.engine import SeatTag
from bot.games.cmiyc.data import GameData, default
from bot.games.cmiyc.i18n import _
from bot.games.cmiyc.texts import character_name, item_name
from bot.games.cmiyc.views import PublicView
from render.cmiyc_board import points, town_code

TOWN_FILL = {"road": "...", "grass": ",,,", "trail_head": "TH ", "parking": "P  "}


def cell(data: GameData, faces: Mapping[str, str], square: str) -> str:
    """A square as 3 characters; ``faces``: each woods square's tile face (``down`` or a kind)."""
    info = data.board.squares[square]
    if info.kind in ("woods", "woods_trail"):
        face = faces.get(square, "") if info.kind == "woods" else ""
        if not face:
            return "==="
        if face == "down":
            return "###"
        return f"{data.kinds[face].code or '==':<3}"
    if info.kind in TOWN_FILL:
        return TOWN_FILL[info.kind]
    return f"{town_code(data, square)[:3]:<3}"


def grid_lines(data: GameData, faces: Mapping[str, str], occupants: Mapping[str, str]) -> list[str]:
    """The three boards as labelled rows; ``occupants``: up to 3 characters written over a square."""
    board = data.board
    lines = ["    " + " ".join(f"{c:^3}" for c in board.columns)]
    for row in range(1, board.rows + 1):
        if any(part.first_row == row for part in board.parts[1:]):
            lines.append("")
        cells = []
        for column in range(len(board.columns)):
            square = board.label(column, row)
            here = occupants.get(square, "")
            cells.append(f"{here[:3]:<3}" if here else cell(data, faces, square))
        lines.append(f"{row:>3} " + " ".join(cells))
    return lines


def text_board(view: PublicView, seats: Sequence[SeatTag]) -> str:
    data = default()
    occupants: dict[str, str] = {}
    for player in view.seats:
        occupants[player.square] = occupants.get(player.square, "") + str(player.seat + 1)
    lines = grid_lines(data, {t.square: t.face for t in view.tiles}, occupants)
    names = {t.seat: t.name for t in seats}
    lines.append("")
    if view.over:
        title = _("Game over")
    elif view.round == 0:
        title = _("Set-up, first to {target}").format(target=view.target)
    else:
        limit = f"/{view.round_limit}" if view.round_limit else ""
        title = _("Round {round}, first to {target}").format(round=f"{view.round}{limit}", target=view.target)
    lines.append(title)
    for player in view.seats:
        gear = ", ".join(item_name(data, g.item) for g in player.gear if g.item) or "-"
        caches = " ".join(data.kinds[c.kind].code for c in player.caches) or "-"
        coins = " ".join(f"{c.points}{'*' if c.flipped else ''}" for c in player.coins) or "-"
        flags = ("" if player.gps else " [" + _("GPS/PEN lost") + "]") + (
            " [" + _("skips {turns}").format(turns=player.skip) + "]" if player.skip else ""
        )
        name = names.get(player.seat, _("Player {number}").format(number=player.seat + 1))
        where = _("{score} at {square}").format(score=points(player.score), square=player.square)
        lines.append(f"{player.seat + 1} {name} ({character_name(data, player.character)}) {where}{flags}")
        lines.append(
            _("    gear: {gear}; caches: {caches}; coins: {coins}").format(gear=gear, caches=caches, coins=coins)
        )
    return "\n".join(lines)
