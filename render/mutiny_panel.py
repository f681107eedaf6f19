"""Mutiny's panel of what matters now: the first-Captain roll, the decisions in the rule's order,
the battle, the last round's battle or peace, the final Infamy, or the phases of a round."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from bot.engine import SeatTag
from bot.games.mutiny.i18n import N_, _, _n, data_text
from bot.games.mutiny.notation import PHASE_STEP
from bot.games.mutiny.state import BattleRecord, Die, DieKind, PeaceRecord, Phase, Role, Vote, dice_total
from bot.games.mutiny.views import PublicView
from render import legend
from render.mutiny_pieces import (
    DEFEND_BLUE,
    DEFEND_TINT,
    DIE,
    DIE_SIGNS,
    HILITE,
    INK,
    LOOT,
    LOOT_NAMES,
    MUTED,
    MUTINY_RED,
    MUTINY_TINT,
    PAD,
    PANEL_TOP,
    ROLE_WORD,
    ROW_H,
    SMALL,
    VOTE_WORD,
    WHITE,
    Colour,
    W,
    barrel_shape,
    card_shape,
    die,
    envelope_shape,
    seat_colour,
    seat_name,
    shape,
    star,
    star_shape,
    text,
)
from render.stamps import rounded_rectangle
from render.text import ellipsize

# ---------------------------------------------------------------- the panel: what matters now


def _panel_title(draw: ImageDraw.ImageDraw, words: str, fill: Colour = HILITE) -> None:
    text(draw, (PAD + 12, PANEL_TOP + 10), words, 24, fill, bold=True)


def seat_chip(draw: ImageDraw.ImageDraw, seats: Sequence[SeatTag], seat: int, x: float, y: float, width: float) -> None:
    rounded_rectangle(draw, (x, y, x + width, y + DIE), radius=8, fill=seat_colour(seat, seats))
    text(draw, (x + 8, y + DIE / 2), seat_name(seats, seat, width - 16), SMALL, WHITE, anchor="lm", bold=True)


def _battle_rows(
    draw: ImageDraw.ImageDraw,
    seats: Sequence[SeatTag],
    votes: Sequence[Vote],
    dice: Sequence[Sequence[Die]],
    lost: Sequence[Sequence[Die]],
    highlight: int | None,
) -> None:
    y = PANEL_TOP + 48
    for seat in sorted(range(4), key=lambda q: (votes[q] is not Vote.MUTINY, q)):
        tint = MUTINY_TINT if votes[seat] is Vote.MUTINY else DEFEND_TINT
        rounded_rectangle(
            draw,
            (PAD + 6, y - 3, W - PAD - 6, y + DIE + 3),
            radius=8,
            fill=tint,
            outline=HILITE if seat == highlight else tint,
            width=3,
        )
        seat_chip(draw, seats, seat, PAD + 12, y, 200)
        mutineer = votes[seat] is Vote.MUTINY
        said = text(
            draw,
            (PAD + 222, y + DIE / 2),
            _("YARR!") if mutineer else _("DEFENDS"),
            SMALL,
            MUTINY_RED if mutineer else DEFEND_BLUE,
            anchor="lm",
            bold=True,
        )
        x: float = max(PAD + 348, said[2] + 10)  # a longer word (German) pushes the dice right
        limit = W - PAD - 70
        shown = [(face, False) for face in dice[seat]] + [(face, True) for face in lost[seat]]
        room = int((limit - x) // (DIE + 4))
        for face, gone in shown[: room if len(shown) <= room else room - 1]:
            x = die(draw, x, y, face, lost=gone)
        if len(shown) > room:
            text(draw, (x + 2, y + DIE / 2), f"+{len(shown) - room + 1}", SMALL, MUTED, anchor="lm", bold=True)
        text(draw, (W - PAD - 14, y + DIE / 2), f"={dice_total(list(dice[seat]))}", 26, WHITE, anchor="rm", bold=True)
        y += ROW_H


def live_battle(draw: ImageDraw.ImageDraw, view: PublicView, seats: Sequence[SeatTag]) -> None:
    battle = view.battle
    if battle is None:
        return
    _panel_title(
        draw,
        _("BATTLE: Mutineers {mutiny} vs Captain's side {defend}").format(
            mutiny=battle.mutiny_total, defend=battle.defend_total
        ),
    )
    _battle_rows(draw, seats, battle.votes, battle.dice, battle.lost, None)


def last_battle(draw: ImageDraw.ImageDraw, record: BattleRecord, seats: Sequence[SeatTag]) -> None:
    high, low = max(record.mutiny_total, record.defend_total), min(record.mutiny_total, record.defend_total)
    if record.winner is Vote.MUTINY:
        title = _("Round {round} battle: Mutineers won {high}–{low}")
    else:
        title = _("Round {round} battle: Captain's side won {high}–{low}")
    _panel_title(draw, title.format(round=record.round, high=high, low=low), WHITE)
    highlight = record.captain if record.winner is Vote.MUTINY else None
    _battle_rows(draw, seats, record.votes, record.dice, record.lost, highlight)


def last_peace(draw: ImageDraw.ImageDraw, record: PeaceRecord, seats: Sequence[SeatTag]) -> None:
    _panel_title(draw, _("Round {round}: everyone defended, no battle").format(round=record.round), WHITE)
    y = PANEL_TOP + 64
    star(draw, PAD + 28, y + DIE / 2, 14)
    seat_chip(draw, seats, record.captain, PAD + 50, y, 300)
    kept = ellipsize(_("kept power: {island}").format(island=data_text(record.island)), 24, W - PAD - 376, bold=True)
    text(draw, (PAD + 366, y + DIE / 2), kept, 24, WHITE, anchor="lm", bold=True)
    text(draw, (PAD + 12, y + 64), _("Dice stay under the cups; everyone took their share."), SMALL, MUTED)


def decisions(draw: ImageDraw.ImageDraw, view: PublicView, seats: Sequence[SeatTag]) -> None:
    """Phase 5 in the rule's order: Scout, Quarter Master, First Mate, the Scout's last word; the Captain defends."""
    _panel_title(draw, _("DECIDE ALOUD: MUTINY OR DEFEND"))
    y = PANEL_TOP + 46
    rows = [(seat, view.players[seat].role) for seat in view.vote_order]
    for index, (seat, role) in enumerate([*rows, (view.captain, Role.CAPTAIN)]):
        now = seat in view.awaiting and (index == view.vote_step or (index == 0 and view.vote_step == 3))
        role_word = ellipsize(_(ROLE_WORD[role]), SMALL, 232, bold=True)
        text(draw, (PAD + 12, y + DIE / 2), role_word, SMALL, HILITE if now else MUTED, anchor="lm", bold=True)
        seat_chip(draw, seats, seat, PAD + 252, y, 280)
        if role is Role.CAPTAIN:
            word, colour = N_("always defends"), DEFEND_BLUE
        elif now:
            word, colour = (N_("may change"), HILITE) if view.vote_step == 3 else (N_("deciding…"), HILITE)
        else:
            word, colour = VOTE_WORD.get(view.players[seat].vote, (N_("to decide"), MUTED))
        word = ellipsize(_(word), SMALL, W - PAD - 8 - (PAD + 546), bold=True)
        text(draw, (PAD + 546, y + DIE / 2), word, SMALL, colour, anchor="lm", bold=True)
        y += ROW_H


def first_roll(draw: ImageDraw.ImageDraw, view: PublicView, seats: Sequence[SeatTag]) -> None:
    """ "The player who rolls the highest is the first Captain." Ties roll again (shown after an arrow)."""
    _panel_title(draw, _("FIRST CAPTAIN: HIGHEST ROLL OF 2 DICE"))
    y = PANEL_TOP + 46
    for seat in range(4):
        seat_chip(draw, seats, seat, PAD + 12, y, 300)
        rolls = " → ".join(str(row[seat]) for row in view.first_rolls if row[seat])
        captain = seat == view.captain
        words = f"{rolls}   {_(ROLE_WORD[Role.CAPTAIN])}" if captain else rolls
        text(draw, (PAD + 326, y + DIE / 2), words, 26, HILITE if captain else WHITE, anchor="lm", bold=True)
        y += ROW_H


def final(draw: ImageDraw.ImageDraw, view: PublicView, seats: Sequence[SeatTag]) -> None:
    final = view.final
    if final is None:
        return
    _panel_title(draw, _("FINAL INFAMY"))
    y = PANEL_TOP + 48
    for seat in sorted(range(4), key=lambda q: (-final.totals[q], q)):
        won = seat in final.winners
        if won:
            star(draw, PAD + 26, y + DIE / 2, 15)
        seat_chip(draw, seats, seat, PAD + 48, y, 260)
        islands = final.islands[seat]
        parts = [_n("{n} island", "{n} islands", islands).format(n=islands)]
        parts += [
            word.format(n=n)
            for word, n in (
                (_("Fierce {n}"), final.fierceness[seat]),
                (_("Drunk {n}"), final.drunk[seat]),
                (_("Peg {n}"), final.peg_leg[seat]),
            )
            if n
        ]
        text(draw, (PAD + 322, y + DIE / 2), " · ".join(parts), SMALL, MUTED, anchor="lm")
        text(
            draw,
            (W - PAD - 14, y + DIE / 2),
            str(final.totals[seat]),
            28,
            HILITE if won else WHITE,
            anchor="rm",
            bold=True,
        )
        y += ROW_H


def round_guide(draw: ImageDraw.ImageDraw, view: PublicView) -> None:
    """Round 1 before any battle: the seven phases, this one lit."""
    _panel_title(draw, _("EACH ROUND"), WHITE)
    step = PHASE_STEP[view.phase][0]
    names = sorted({number: name for number, name in PHASE_STEP.values() if number}.items())
    for index, (number, name) in enumerate(names):
        col, row = divmod(index, 4)
        x, y = PAD + 12 + col * 390, PANEL_TOP + 48 + row * ROW_H
        text(
            draw,
            (x, y),
            f"{number}. {_(name)}",
            24 if number == step else SMALL,
            HILITE if number == step else MUTED,
            bold=number == step,
        )


def panel_kind(view: PublicView) -> str:
    """What the panel shows now: the final Infamy, the battle, the decisions, the first-Captain
    roll, the last round's battle or peace, or the phases of a round (``guide``)."""
    if view.final is not None:
        return "final"
    if view.battle is not None:
        return "battle"
    if view.phase is Phase.VOTE and view.vote_order:
        return "decisions"
    if view.round == 1 and view.phase is Phase.ASSIGN:
        return "first_roll"
    if isinstance(view.last, BattleRecord):
        return "last_battle"
    if isinstance(view.last, PeaceRecord):
        return "last_peace"
    return "guide"


# ---------------------------------------------------------------- the key


def _dice_shown(view: PublicView) -> tuple[set[DieKind], bool]:
    """The kinds of dice the board shows (the mats always show red and green), and whether a lost
    die is crossed out."""
    kinds = {DieKind.RED, DieKind.GREEN}
    kind = panel_kind(view)
    rolled: Sequence[Sequence[Die]] = ()
    lost: Sequence[Sequence[Die]] = ()
    if kind == "battle" and view.battle is not None:
        rolled, lost = view.battle.dice, view.battle.lost
    elif kind == "last_battle" and isinstance(view.last, BattleRecord):
        rolled, lost = view.last.dice, view.last.lost
    kinds |= {d.kind for row in [*rolled, *lost] for d in row}
    return kinds, any(lost)


def key_entries(view: PublicView, seats: Sequence[SeatTag]) -> list[legend.Entry]:
    """An entry for each colour and piece the board shows, drawn as on the board."""
    entries = [
        legend.Entry(name, data_text(name.capitalize()), symbol=_cube_key(index))
        for index, name in enumerate(LOOT_NAMES)
    ]
    entries.append(legend.Entry("rum", _("rum"), symbol=lambda d, b: barrel_shape(d, b)))
    kinds, crossed = _dice_shown(view)
    for kind, words in DIE_WORDS:
        if kind in kinds:
            entries.append(legend.Entry(DIE_SIGNS[kind], _(words), symbol=_die_key(kind)))
    if crossed:
        entries.append(legend.Entry("lost", _("lost die"), symbol=_lost_key))
    entries.append(legend.Entry("card", _("cards"), symbol=lambda d, b: card_shape(d, b)))
    entries.append(legend.Entry("star", _("Infamy"), symbol=_star_key))
    if any(tag.dms_closed for tag in seats):
        entries.append(legend.Entry("no_dms", _("DMs off"), symbol=lambda d, b: envelope_shape(d, b)))
    return entries


DIE_WORDS = (
    (DieKind.RED, N_("crew")),
    (DieKind.GREEN, N_("hired crew")),
    (DieKind.D8, N_("d8")),
    (DieKind.CANNON, N_("cannon die")),
)


def _cube_key(index: int) -> legend.SymbolDrawer:
    def drawn(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        rounded_rectangle(d, box, radius=4, fill=LOOT[index], outline=INK, width=2)

    return drawn


def _die_key(kind: DieKind) -> legend.SymbolDrawer:
    def drawn(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        shape(d, box, kind)

    return drawn


def _lost_key(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    shape(d, box, DieKind.RED)
    d.line(box, fill=HILITE, width=3)
    d.line((box[0], box[3], box[2], box[1]), fill=HILITE, width=3)


def _star_key(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    star_shape(d, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2, (box[3] - box[1]) / 2 + 1)
