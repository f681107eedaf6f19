"""Mouse Cheese Cat Cucumber as plain text, for the terminal (``python -m bot.local --text-board``).

The maze is drawn card by card, 9 characters wide and 5 tall, so a solo puzzle can be
played without opening a picture::

    +-------++   ↻   +
    |  #27  ||  #21
    o       ||
    +-------++   -   +

A wall is ``-`` or ``|``, an open edge is blank, ``o`` is a mouse hole, ``↻``/``↺`` a cog
turning the neighbour on that side clockwise / counter-clockwise. Then the belt, the deck,
the agendas, the last turn (or the preview waiting for confirmation) and the players.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import SeatTag
from bot.games.mccc import texts
from bot.games.mccc.views import CardView, Edge, PublicView

CELL_W = 9
CELL_H = 5
COG = {"cw": "↻", "ccw": "↺"}
CHAR_WORDS = {"mouse": "MOUSE", "cheese": "CHEESE", "cat": "CAT"}
LEGEND = "Legend: - | wall · o mouse hole · ↻ ↺ cog (turns that neighbour) · x2 stack · [C3] a space to choose"


def _centre(text: str, width: int) -> str:
    return text[:width].center(width)


def _horizontal(edge: Edge) -> str:
    """The 7 characters between a card's corners on its north or south side."""
    line = list("-------" if edge.wall else "       ")
    if edge.hole:
        line[1 if edge.cog else 3] = "o"
    if edge.cog:
        line[3] = COG[edge.cog]
    return "".join(line)


def _vertical(edge: Edge) -> list[str]:
    """The 3 characters between a card's corners on its west or east side, top to bottom."""
    column = ["|", "|", "|"] if edge.wall else [" ", " ", " "]
    if edge.hole:
        column[0 if edge.cog else 1] = "o"
    if edge.cog:
        column[1] = COG[edge.cog]
    return column


def _card(card: CardView, mark: str) -> list[str]:
    north, east, south, west = card.edges
    west_side, east_side = _vertical(west), _vertical(east)
    middle = [_centre(mark, 7), _centre(f"#{card.card}", 7), _centre("x2" if card.stacked else "", 7)]
    rows = [f"+{_horizontal(north)}+"]
    rows += [f"{west_side[i]}{middle[i]}{east_side[i]}" for i in range(3)]
    rows.append(f"+{_horizontal(south)}+")
    return rows


def _character(word: str) -> list[str]:
    # Character cards are open on every side.
    return ["+       +", "         ", _centre(word, CELL_W), "         ", "+       +"]


def _empty(label: str, marked: bool) -> list[str]:
    text = f"[{label}]" if marked else label
    return [" " * CELL_W, " " * CELL_W, _centre(text, CELL_W), " " * CELL_W, " " * CELL_W]


def _cell_marks(view: PublicView) -> dict[str, str]:
    """A word over the cards the last turn (or the preview) touched."""
    marks: dict[str, str] = {}
    if view.preview is not None:
        for turned in view.preview.turned:
            marks[turned.cell] = "turned"
        marks[view.preview.cell] = "PREVIEW"
    elif view.last is not None:
        for turned in view.last.turned:
            marks[turned.cell] = "turned"
        if view.last.cell:
            marks[view.last.cell] = "placed"
    return marks


def _choices(view: PublicView) -> set[str]:
    found = {d.cell for d in view.destinations} | set(view.cat_options)
    if view.preview is not None:
        for move in view.preview.moves:
            found |= {d.cell for d in move.destinations}
    return found


def maze_lines(view: PublicView) -> list[str]:
    cards = {c.cell: c for c in (view.preview.maze if view.preview is not None else view.maze)}
    chars = {cell: key for key, cell in view.characters.placed()}
    marks, choosing = _cell_marks(view), _choices(view)
    lines = [("    " + "".join(_centre(col, CELL_W) for col in view.frame.cols)).rstrip()]
    for row in view.frame.rows:
        blocks = []
        for col in view.frame.cols:
            label = f"{col}{row}"
            if label in cards:
                blocks.append(_card(cards[label], marks.get(label, "")))
            elif label in chars:
                blocks.append(_character(CHAR_WORDS[chars[label]]))
            else:
                blocks.append(_empty(label, label in choosing))
        for i in range(CELL_H):
            prefix = f"{row:>3} " if i == CELL_H // 2 else "    "
            lines.append((prefix + "".join(block[i] for block in blocks)).rstrip())
    return lines


def _belt_lines(view: PublicView) -> list[str]:
    lines = ["Conveyor Belt (slot · card · walls as printed):"]
    for entry in view.belt:
        picked = "   <- being placed" if view.picked == entry.slot else ""
        how = texts.describe(entry.edges) if entry.card is not None else "the Endgame begins"
        lines.append(f"  {entry.slot}  {entry.name:<18} {how}{picked}")
    deck = view.deck
    lines.append(
        f"Maze Deck: {texts.plural(deck.count, 'card')}"
        + (f", {deck.agendas_in_deck} agendas hidden" if view.solo else "")
    )
    return lines


def _turn_lines(view: PublicView) -> list[str]:
    lines = []
    if view.preview is not None:
        preview = view.preview
        spot = f"on {preview.cell}" if preview.stacked else f"at {preview.cell}"
        verdict = " — THIS LOSES" if preview.verdict == "loses" else ""
        lines.append(f"Preview (not placed yet): {preview.name} {spot} ({preview.walls}){verdict}")
        lines.append("  " + texts.cap(texts.preview_routes(preview)))
    elif view.last is not None and view.last.runs:
        for run in view.last.runs:
            lines.append(f"Last move: {texts.CHAR_NAMES[run.character]} ran {' → '.join(run.cells)}")
    if view.destinations:
        ends = [d.cell for d in view.destinations if d.ends]
        note = f" (ending the game: {', '.join(ends)})" if ends else ""
        lines.append(
            f"Choose where {texts.CHAR_NAMES[view.movers[0]]} stops: {', '.join(d.cell for d in view.destinations)}{note}"
        )
    if view.cat_options:
        lines.append(f"Choose where the Cat arrives: {', '.join(view.cat_options)}")
    return lines


def _info_lines(view: PublicView, seats: Sequence[SeatTag]) -> list[str]:
    lines = []
    if view.agendas:
        lines.append("Agendas revealed: " + ", ".join(a.title for a in view.agendas))
    if view.effects:
        lines.append("This turn: " + ", ".join(f"{texts.CHAR_TITLES[k]}'s ability" for k in view.effects))
    if view.abilities_ready:
        lines.append("Abilities ready: " + ", ".join(texts.CHAR_TITLES[k] for k in view.abilities_ready))
    if view.outlook.cucumber and view.result is None:
        lines.append(f"Chance the Cucumber shows up this turn: {round(view.outlook.cucumber * 100)}%")
    sides = {s.seat: texts.CHAR_TITLES[s.agenda.key] for s in view.sides}
    players = []
    for tag in seats:
        notes = [
            n for n in (tag.colour, "computer" if tag.computer else "", "DMs closed" if tag.dms_closed else "") if n
        ]
        if tag.seat in sides:
            notes.append(f"sides with the {sides[tag.seat]}")
        turn = "> " if view.result is None and tag.seat == view.seat and not view.solo else "  "
        players.append(f"{turn}{tag.name}" + (f" ({', '.join(notes)})" if notes else ""))
    if players:
        lines.append("Players:")
        lines.extend(players)
    return lines


def text_board(view: PublicView, seats: Sequence[SeatTag]) -> str:
    title = f"Mouse Cheese Cat Cucumber · setup {view.setup} {view.setup_name}" + (" · easier" if view.easier else "")
    if view.result is not None:
        status = texts.result_headline(view.result, view.solo)
    elif view.solo:
        status = f"Turn {view.turn} · Active: {' or '.join(texts.CHAR_TITLES[c] for c in view.active)}"
    else:
        status = f"Turn {view.turn}"
    parts = [title, status, "", *maze_lines(view), "", *_belt_lines(view)]
    for block in (_turn_lines(view), _info_lines(view, seats)):
        if block:
            parts += ["", *block]
    parts += ["", LEGEND]
    return "\n".join(parts)
