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
from bot.games.mccc import texts, words
from bot.games.mccc.i18n import N_, _, data_text
from bot.games.mccc.views import CardView, Edge, PublicView

CELL_W = 9
CELL_H = 5
COG = {"cw": "↻", "ccw": "↺"}
LEGEND = N_("Legend: - | wall · o mouse hole · ↻ ↺ cog (turns that neighbour) · x2 stack · [C3] a space to choose")


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
            marks[turned.cell] = _("turned")
        marks[view.preview.cell] = _("PREVIEW")
    elif view.last is not None:
        for turned in view.last.turned:
            marks[turned.cell] = _("turned")
        if view.last.cell:
            marks[view.last.cell] = _("placed")
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
                blocks.append(_character(words.title(chars[label]).upper()))
            else:
                blocks.append(_empty(label, label in choosing))
        for i in range(CELL_H):
            prefix = f"{row:>3} " if i == CELL_H // 2 else "    "
            lines.append((prefix + "".join(block[i] for block in blocks)).rstrip())
    return lines


def _belt_lines(view: PublicView) -> list[str]:
    lines = [_("Conveyor Belt (slot · card · walls as printed):")]
    for entry in view.belt:
        picked = "   " + _("<- being placed") if view.picked == entry.slot else ""
        how = texts.describe(entry.edges) if entry.card is not None else _("the Endgame begins")
        lines.append(f"  {entry.slot}  {entry.name:<18} {how}{picked}")
    deck = view.deck
    if view.solo:
        line = _("Maze Deck: {cards}, {n} agendas hidden").format(
            cards=words.cards_count(deck.count), n=deck.agendas_in_deck
        )
    else:
        line = _("Maze Deck: {cards}").format(cards=words.cards_count(deck.count))
    lines.append(line)
    return lines


def _turn_lines(view: PublicView) -> list[str]:
    lines = []
    if view.preview is not None:
        preview = view.preview
        if preview.stacked:
            line = _("Preview (not placed yet): {card} on {where} ({walls})")
        else:
            line = _("Preview (not placed yet): {card} at {where} ({walls})")
        verdict = " — " + _("THIS LOSES") if preview.verdict == "loses" else ""
        lines.append(line.format(card=preview.name, where=preview.cell, walls=preview.walls) + verdict)
        lines.append("  " + words.cap(texts.preview_routes(preview)))
    elif view.last is not None and view.last.runs:
        for run in view.last.runs:
            route = " → ".join(run.cells)
            lines.append(
                _("Last move: {character} ran {route}").format(character=words.the(run.character), route=route)
            )
    if view.destinations:
        ends = [d.cell for d in view.destinations if d.ends]
        note = " " + _("(ending the game: {cells})").format(cells=", ".join(ends)) if ends else ""
        cells = ", ".join(d.cell for d in view.destinations)
        line = _("Choose where {character} stops: {cells}").format(character=words.the(view.movers[0]), cells=cells)
        lines.append(line + note)
    if view.cat_options:
        lines.append(_("Choose where the Cat arrives: {cells}").format(cells=", ".join(view.cat_options)))
    return lines


def _info_lines(view: PublicView, seats: Sequence[SeatTag]) -> list[str]:
    lines = []
    if view.agendas:
        agendas = ", ".join(data_text(a.title) for a in view.agendas)
        lines.append(_("Agendas revealed: {agendas}").format(agendas=agendas))
    if view.effects:
        lines.append(_("This turn: {abilities}").format(abilities=", ".join(words.ability_of(k) for k in view.effects)))
    if view.abilities_ready:
        ready = ", ".join(words.title(k) for k in view.abilities_ready)
        lines.append(_("Abilities ready: {characters}").format(characters=ready))
    if view.outlook.cucumber and view.result is None:
        percent = round(view.outlook.cucumber * 100)
        lines.append(_("Chance the Cucumber shows up this turn: {percent}%").format(percent=percent))
    sides = {s.seat: s.agenda.key for s in view.sides}
    players = []
    for tag in seats:
        computer = _("computer") if tag.computer else ""
        notes = [n for n in (tag.colour, computer, _("DMs closed") if tag.dms_closed else "") if n]
        if tag.seat in sides:
            notes.append(words.sides_with(sides[tag.seat]))
        turn = "> " if view.result is None and tag.seat == view.seat and not view.solo else "  "
        players.append(f"{turn}{tag.name}" + (f" ({', '.join(notes)})" if notes else ""))
    if players:
        lines.append(_("Players:"))
        lines.extend(players)
    return lines


def text_board(view: PublicView, seats: Sequence[SeatTag]) -> str:
    title = _("Mouse Cheese Cat Cucumber · setup {number} {name}").format(
        number=view.setup, name=texts.setup_line(view)
    )
    title += " · " + _("easier") if view.easier else ""
    if view.result is not None:
        status = texts.result_headline(view.result, view.solo)
    elif view.solo:
        active = words.either(view.active, words.title)
        status = _("Turn {turn} · Active: {characters}").format(turn=view.turn, characters=active)
    else:
        status = _("Turn {turn}").format(turn=view.turn)
    parts = [title, status, "", *maze_lines(view), "", *_belt_lines(view)]
    for block in (_turn_lines(view), _info_lines(view, seats)):
        if block:
            parts += ["", *block]
    parts += ["", _(LEGEND)]
    return "\n".join(parts)
