"""Mutiny's board: a header (the round and its phase, whose decision the table waits for and until
when; at the end the winner), the 12 island spaces of the Map of the Caribbean, the four player
mats (with this round's shares, decisions and cups), a panel for what matters now (the
first-Captain roll, the decisions in order, the battle, the last round, the final Infamy), the
supplies and a key for the colours and pieces.

Drawn only from the public view and the seat tags. 800 x 1188 (no taller than 1:1.5): at the
~400 px a phone shows, every text (22 px and up here) is at least 11 px tall and every piece (cubes,
dice, barrels, cards, stars) at least 14 px across. The pieces are drawn by
``render/mutiny_pieces.py``, the panel and the key's entries by ``render/mutiny_panel.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.engine import SeatTag
from bot.games.mutiny.i18n import _, _n, data_text
from bot.games.mutiny.notation import PHASE_STEP
from bot.games.mutiny.state import BattleRecord, Die, DieKind, PeaceRecord, Phase, Role
from bot.games.mutiny.views import IslandState, IslandView, PlayerView, PublicView
from render import legend, status
from render.mutiny_panel import (
    decisions,
    final,
    first_roll,
    key_entries,
    last_battle,
    last_peace,
    live_battle,
    panel_kind,
    round_guide,
)
from render.mutiny_pieces import (
    BG,
    CUBE,
    DIE,
    FOOTER_H,
    FOOTER_TOP,
    HEADER_BG,
    HEADER_H,
    HILITE,
    INK,
    KEY,
    KEY_H,
    KEY_TOP,
    MAP_H,
    MAP_TOP,
    MAT_BG,
    MAT_GAP,
    MAT_H,
    MAT_TOP,
    MUTED,
    PAD,
    PANEL_BG,
    PANEL_H,
    PANEL_TOP,
    PIECE,
    ROLE_WORD,
    SAND,
    SAND_DARK,
    SAND_INK,
    SEA,
    SMALL,
    STAT_WORDS,
    TILE_GAP,
    TILE_H,
    TILE_W,
    VOTE_WORD,
    WHITE,
    Box,
    Colour,
    H,
    W,
    barrel,
    card,
    computer_word,
    cube_width,
    die,
    envelope,
    fitted,
    loot,
    loot_width,
    markers_width,
    seat_colour,
    seat_name,
    star,
    text,
    word_tag,
)
from render.stamps import rounded_rectangle
from render.text import text_length

PALETTE_FROM = ("render.mutiny_pieces",)
"""The module whose colour literals join this renderer's PNG palette (render/__init__.py)."""

# ---------------------------------------------------------------- header and map


def _header(draw: ImageDraw.ImageDraw, view: PublicView, seats: Sequence[SeatTag]) -> None:
    """The game and the round's phase, then whose decision the game waits for and until when; at
    the end the result."""
    draw.rectangle((0, 0, W, HEADER_H), fill=HEADER_BG)
    top = HEADER_H / 4
    text(draw, (PAD + 4, top), _("MUTINY"), 28, HILITE, anchor="lm", bold=True)
    if view.over:
        title = _n("Game over after {n} round", "Game over after {n} rounds", view.rounds).format(n=view.rounds)
    else:
        step, name = PHASE_STEP[view.phase]
        title = _("Round {round}/{rounds} · {step}. {phase}").format(
            round=view.round, rounds=view.rounds, step=step, phase=_(name)
        )
    text(draw, (W - PAD - 4, top), title, 26, WHITE, anchor="rm", bold=True)
    low = HEADER_H * 3 / 4
    if view.over and view.final is not None:
        _result(draw, view.final.winners, view.final.totals, seats, low)
        return
    right = W - PAD - 4
    deadline = status.deadline_of(seats, view.awaiting)
    if deadline is not None:
        right -= round(status.deadline_width(deadline, SMALL))
        status.draw_deadline(draw, (right, low), deadline, SMALL, HILITE)
        right -= 16
    if view.awaiting:
        label = _("Turn: ") if len(view.awaiting) == 1 else _("Waiting for: ")
        x = text(draw, (PAD + 4, low), label, SMALL, MUTED, anchor="lm")[2] + 4
        who = status.names(seats, view.awaiting, SMALL, right - x)
        text(draw, (x, low), who, SMALL, WHITE, anchor="lm")


def _result(
    draw: ImageDraw.ImageDraw, winners: Sequence[int], totals: Sequence[int], seats: Sequence[SeatTag], cy: float
) -> None:
    """ "The player with the most Infamy wins": the winner (or the tied) and their Infamy."""
    label = _("Winner: ") if len(winners) == 1 else _("Winners: ")
    x = PAD + 4
    star(draw, x + 14, cy, 14)
    x = text(draw, (x + 34, cy), label, SMALL, HILITE, anchor="lm", bold=True)[2] + 4
    infamy = " · " + _("{n} Infamy").format(n=totals[winners[0]]) if winners else ""
    room = W - PAD - 4 - x - text_length(SMALL, infamy, True)
    who = status.names(seats, winners, SMALL, room, bold=True)
    text(draw, (x, cy), who + infamy, SMALL, HILITE, anchor="lm", bold=True)


def _tile_box(space: int) -> Box:
    row, col = divmod(space, 4)
    x = PAD + col * (TILE_W + TILE_GAP)
    y = MAP_TOP + PAD + row * (TILE_H + TILE_GAP)
    return (x, y, x + TILE_W, y + TILE_H)


def _island(draw: ImageDraw.ImageDraw, island: IslandView, seats: Sequence[SeatTag]) -> None:
    x0, y0, x1, y1 = _tile_box(island.space - 1)
    inner = TILE_W - 16
    if island.state is IslandState.DOWN:
        rounded_rectangle(
            draw,
            (x0, y0, x1, y1),
            radius=10,
            fill=SAND,
            outline=HILITE if island.looking else SAND_DARK,
            width=6 if island.looking else 3,
        )
        text(draw, (x0 + 12, y0 + 10), f"#{island.space}", 28, SAND_INK, bold=True)
        if island.looking:
            text(draw, (x0 + 12, y1 - 10), _("SCOUT LOOKS"), SMALL, INK, anchor="ld", bold=True)
        return
    name, size, bold = fitted(data_text(island.name) if island.name else "", inner, 24)
    if island.state is IslandState.UP:
        rounded_rectangle(draw, (x0, y0, x1, y1), radius=10, fill=WHITE, outline=HILITE, width=6)
        text(draw, (x0 + 10, y0 + 10), name, size, INK, bold=bold)
        cubes = island.loot or (0, 0, 0, 0)
        if sum(cubes):
            loot(draw, x0 + 10, y1 - 10 - CUBE, cubes)
        else:
            text(draw, (x0 + 10, y1 - 12), _("on the mats"), SMALL, INK, anchor="ld")
        return
    owner = island.owner if island.owner is not None else 0
    rounded_rectangle(draw, (x0, y0, x1, y1), radius=10, fill=seat_colour(owner, seats), outline=WHITE, width=3)
    text(draw, (x0 + 10, y0 + 10), name, size, WHITE, bold=bold)
    star(draw, x0 + 24, y1 - 24, 14)
    text(draw, (x0 + 44, y1 - 24), seat_name(seats, owner, inner - 36), SMALL, HILITE, anchor="lm", bold=True)


def _map(draw: ImageDraw.ImageDraw, view: PublicView, seats: Sequence[SeatTag]) -> None:
    draw.rectangle((0, MAP_TOP, W, MAP_TOP + MAP_H), fill=SEA)
    for island in view.islands:
        _island(draw, island, seats)


# ---------------------------------------------------------------- player mats


def _mat_top_bar(
    draw: ImageDraw.ImageDraw, view: PublicView, player: PlayerView, seats: Sequence[SeatTag], box: Box
) -> None:
    x0, y0, x1, _bottom = box
    seat = player.seat
    tag = seats[seat] if seat < len(seats) else None
    colour = seat_colour(seat, seats)
    rounded_rectangle(draw, (x0, y0, x1, y0 + 38), radius=10, fill=colour)
    cy = y0 + 19
    role = _(ROLE_WORD[player.role]) if player.role in ROLE_WORD else ""
    role_width = text_length(SMALL, role, True) if role else 0
    x = x0 + 10
    if seat in view.awaiting:
        draw.polygon([(x, cy - 11), (x + 16, cy), (x, cy + 11)], fill=HILITE, outline=INK)
        x += 24
    name_width = x1 - 14 - role_width - 16 - markers_width(tag) - x
    name = seat_name(seats, seat, name_width, 24)
    box_drawn = text(draw, (x, cy), name, 24, WHITE, anchor="lm", bold=True)
    x = box_drawn[2] + 10
    if tag and tag.computer:
        x = word_tag(draw, x, cy, computer_word()) + 8
    if tag and tag.dms_closed:
        envelope(draw, x, cy - 10)
    if role:
        text(draw, (x1 - 12, cy), role, SMALL, HILITE if player.role is Role.CAPTAIN else WHITE, anchor="rm", bold=True)


def _number(draw: ImageDraw.ImageDraw, x: float, cy: float, value: int, label: str) -> float:
    x = text(draw, (x, cy), str(value), 26, WHITE, anchor="lm", bold=True)[2] + 6
    if label:
        x = text(draw, (x, cy), label, SMALL, MUTED, anchor="lm")[2] + 4
    return x


def _stats_width(player: PlayerView, labels: bool) -> float:
    numbers = sum(text_length(26, str(n), True) + 6 for n in (player.rum, player.cards, player.infamy))
    words = sum(text_length(SMALL, _(word)) + 6 for word in STAT_WORDS) if labels else 0
    return 2 * (PIECE + 6) + 2 * (DIE + 14) + loot_width(player.loot) + 34 + 4 * 18 + numbers + words


def _stats_end(player: PlayerView, words: Sequence[str]) -> float:
    """How far ``_mat_stats`` draws with these words, measured as it draws (longer words than the
    English ones, German, must not run off the mat)."""
    rum, crew, cards, infamy = words

    def number(value: int, label: str) -> float:
        return text_length(26, str(value), True) + 6 + (text_length(SMALL, label) + 4 if label else 0)

    end = PIECE + 6 + number(player.rum, rum) + 14
    end += sum(max(DIE, round(text_length(SMALL, str(n), True)) + 10) + 4 for n in (player.red, player.green))
    end += 2 + text_length(SMALL, crew) + 4 if crew else 0
    end += 14 + sum(cube_width(n) + 4 for n in player.loot) + 14
    end += PIECE + 6 + number(player.cards, cards) + 14
    return end + 34 + number(player.infamy, infamy)


def _mat_stats(draw: ImageDraw.ImageDraw, player: PlayerView, x: float, cy: float, right: float) -> None:
    """Rum, crew dice (red and green), loot, cards in hand and Infamy; the words go when a mat is too full."""
    words = tuple(_(word) for word in STAT_WORDS)
    fits = _stats_width(player, True) <= right - x and _stats_end(player, words) <= right - x
    rum, crew, cards, infamy = words if fits else ("", "", "", "")
    barrel(draw, x, cy)
    x = _number(draw, x + PIECE + 6, cy, player.rum, rum) + 14
    for kind, count in ((DieKind.RED, player.red), (DieKind.GREEN, player.green)):
        x = die(draw, x, cy - DIE / 2, Die(kind, count))
    if crew:
        x = text(draw, (x + 2, cy), crew, SMALL, MUTED, anchor="lm")[2] + 4
    x = loot(draw, x + 14, cy - CUBE / 2, player.loot, all_kinds=True) + 14
    card(draw, x, cy)
    x = _number(draw, x + PIECE + 6, cy, player.cards, cards) + 14
    star(draw, x + 14, cy, 15)
    _number(draw, x + 34, cy, player.infamy, infamy)


def _status_items(view: PublicView, player: PlayerView) -> list[tuple[str, Colour, Sequence[int] | None]]:
    """What this round says about the player: their decision, share, cup, cards played."""
    items: list[tuple[str, Colour, Sequence[int] | None]] = []
    if player.vote in VOTE_WORD and view.phase in (Phase.VOTE, Phase.CARDS, Phase.BUY):
        word, colour = VOTE_WORD[player.vote]
        items.append((_(word), colour, None))
    elif view.phase is Phase.VOTE and player.seat in view.vote_order:
        items.append((_("to decide"), MUTED, None))
    if player.share is not None:
        items.append((_("share"), MUTED, player.share) if sum(player.share) else (_("no share"), MUTED, None))
    if player.cup:
        cup = _("cup: {n} dice, peeked") if player.peeked else _("cup: {n} dice")
        items.append((cup.format(n=player.cup), MUTED, None))
    if player.cannons:
        items.append((_("cannons {n}").format(n=player.cannons), MUTED, None))
    if "pegleg" in player.played:
        items.append((_("Peg-Leg"), HILITE, None))
    return items


def _mat_status(
    draw: ImageDraw.ImageDraw, view: PublicView, player: PlayerView, x: float, cy: float, right: float
) -> None:
    for word, colour, cubes in _status_items(view, player):
        width = text_length(SMALL, word, True) + (8 + max(loot_width(cubes), 30) if cubes is not None else 0)
        if x + width > right:
            break
        x = text(draw, (x, cy), word, SMALL, colour, anchor="lm", bold=colour is not MUTED)[2] + 8
        if cubes is not None:
            x = loot(draw, x, cy - CUBE / 2, cubes) - 4
        x += 20


def _mats(draw: ImageDraw.ImageDraw, view: PublicView, seats: Sequence[SeatTag]) -> None:
    for player in view.players:
        y0 = MAT_TOP + player.seat * (MAT_H + MAT_GAP)
        box = (PAD, y0, W - PAD, y0 + MAT_H)
        acting = player.seat in view.awaiting
        rounded_rectangle(
            draw,
            box,
            radius=10,
            fill=MAT_BG,
            outline=HILITE if acting else seat_colour(player.seat, seats),
            width=4 if acting else 2,
        )
        _mat_top_bar(draw, view, player, seats, box)
        _mat_stats(draw, player, PAD + 12, y0 + 62, W - PAD - 10)
        _mat_status(draw, view, player, PAD + 12, y0 + 96, W - PAD - 10)


def _panel(draw: ImageDraw.ImageDraw, view: PublicView, seats: Sequence[SeatTag]) -> None:
    # (236, 222, 188): parchment, the Loot Distribution Mat's edge
    rounded_rectangle(
        draw, (0, PANEL_TOP, W, PANEL_TOP + PANEL_H), radius=0, fill=PANEL_BG, outline=(236, 222, 188), width=2
    )
    match panel_kind(view):
        case "final":
            final(draw, view, seats)
        case "battle":
            live_battle(draw, view, seats)
        case "decisions":
            decisions(draw, view, seats)
        case "first_roll":
            first_roll(draw, view, seats)
        case "last_battle":
            assert isinstance(view.last, BattleRecord)
            last_battle(draw, view.last, seats)
        case "last_peace":
            assert isinstance(view.last, PeaceRecord)
            last_peace(draw, view.last, seats)
        case _:
            round_guide(draw, view)


# ---------------------------------------------------------------- footer, key and the whole board


def _footer(draw: ImageDraw.ImageDraw, view: PublicView) -> None:
    draw.rectangle((0, FOOTER_TOP, W, H), fill=HEADER_BG)
    supply = view.supply
    cy = FOOTER_TOP + FOOTER_H / 2
    words = _("Supply: rum {rum} · green {green} · cards {cards} · bank").format(
        rum=supply.rum, green=supply.green, cards=supply.deck
    )
    x = text(draw, (PAD + 4, cy), words, SMALL, MUTED, anchor="lm")[2] + 10
    loot(draw, x, cy - CUBE / 2, supply.bank, all_kinds=True)


def _key(draw: ImageDraw.ImageDraw, view: PublicView, seats: Sequence[SeatTag]) -> None:
    """What the colours and pieces stand for (issue 21: "a legend for every code it draws")."""
    entries = key_entries(view, seats)
    width = W - 2 * PAD - 8
    inline = legend.key_height(entries, width, KEY) > KEY_H - 8
    legend.draw_key(draw, entries, (PAD + 4, KEY_TOP + 4, width), KEY, inline)


def render_board(view: PublicView, seats: Sequence[SeatTag]) -> Image.Image:
    image = Image.new("RGB", (W, H), BG)
    draw = ImageDraw.Draw(image)
    _header(draw, view, seats)
    _map(draw, view, seats)
    _mats(draw, view, seats)
    _panel(draw, view, seats)
    _footer(draw, view)
    _key(draw, view, seats)
    return image
