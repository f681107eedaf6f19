"""Mutiny's board as plain text, for ``python -m bot.local --text-board`` (no Markdown, no emoji).

Built from the public view and the seat tags only, like the image board.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import SeatTag
from bot.games.mutiny.i18n import N_, _, data_text
from bot.games.mutiny.notation import PHASE_STEP, ROLE_NAME
from bot.games.mutiny.state import Die, DieKind, Role, Vote
from bot.games.mutiny.views import IslandState, IslandView, PlayerView, PublicView

LOOT_LETTERS = "SOGP"
NAME_WIDTH = 20
VOTE_WORD = {Vote.MUTINY: N_("YARR! Mutiny"), Vote.DEFEND: N_("Defends"), Vote.NONE: ""}
COLOUR_WORDS = {"Purple": N_("Purple"), "Red": N_("Red"), "Blue": N_("Blue"), "Brown": N_("Brown")}
"""The Player Mats' colours, as the seats carry them, in words."""


def _name(seats: Sequence[SeatTag], seat: int) -> str:
    tag = seats[seat] if seat < len(seats) else None
    name = tag.name if tag else _("Player {n}").format(n=seat + 1)
    name = name if len(name) <= NAME_WIDTH else name[: NAME_WIDTH - 1] + "…"
    marks = [
        _(mark)
        for mark, on in ((N_("computer"), tag and tag.computer), (N_("DMs closed"), tag and tag.dms_closed))
        if on
    ]
    colour = (
        f"{_(COLOUR_WORDS[tag.colour]) if tag.colour in COLOUR_WORDS else tag.colour} " if tag and tag.colour else ""
    )
    return f"{colour}{name}" + (f" ({', '.join(marks)})" if marks else "")


def loot(counts: Sequence[int]) -> str:
    parts = [f"{n}{LOOT_LETTERS[c]}" for c, n in enumerate(counts) if n]
    return " ".join(parts) if parts else "-"


def dice(values: Sequence[Die]) -> str:
    return " ".join(
        ("d8:" if d.kind is DieKind.D8 else "c" if d.kind is DieKind.CANNON else "") + str(d.value) for d in values
    )


def _island(island: IslandView, seats: Sequence[SeatTag]) -> str:
    if island.state is IslandState.DOWN:
        return f"#{island.space:<2} " + (_("face down  <- the Scout looks") if island.looking else _("face down"))
    name = data_text(island.name) if island.name else ""
    if island.state is IslandState.UP:
        return f"#{island.space:<2} " + _("{island}: raided now, on it {loot}").format(
            island=name, loot=loot(island.loot or ())
        )
    owner = _name(seats, island.owner) if island.owner is not None else ""
    return f"#{island.space:<2} " + _("{island}: conquered by {owner}").format(island=name, owner=owner)


def _player(view: PublicView, player: PlayerView, seats: Sequence[SeatTag]) -> list[str]:
    role = f" - {_(ROLE_NAME[player.role])}" if player.role is not Role.NONE else ""
    waiting = "  <- " + _("to act") if player.seat in view.awaiting else ""
    lines = [f"{_name(seats, player.seat)}{role}{waiting}"]
    stats = _(
        "rum {rum}, crew {red} red + {green} green, loot {loot}, cards {cards}, Infamy {infamy}, cannons {cannons}"
    ).format(
        rum=player.rum,
        red=player.red,
        green=player.green,
        loot=loot(player.loot),
        cards=player.cards,
        infamy=player.infamy,
        cannons=player.cannons,
    )
    lines.append("  " + stats)
    round_bits = []
    if player.share is not None:
        round_bits.append(_("share {loot}").format(loot=loot(player.share)))
    if player.cup:
        cup = _("{n} dice under the cup (peeked)") if player.peeked else _("{n} dice under the cup")
        round_bits.append(cup.format(n=player.cup))
    if VOTE_WORD[player.vote]:
        round_bits.append(_(VOTE_WORD[player.vote]))
    if round_bits:
        lines.append("  " + ", ".join(round_bits))
    return lines


def _battle(view: PublicView, seats: Sequence[SeatTag]) -> list[str]:
    battle = view.battle
    if battle is None:
        return []
    lines = [
        _("BATTLE: Mutineers {mutiny} vs Captain's side {defend}").format(
            mutiny=battle.mutiny_total, defend=battle.defend_total
        )
    ]
    for seat in range(4):
        side = _("Mutineer") if battle.votes[seat] is Vote.MUTINY else _("Captain's side")
        gone = _(" (lost {dice})").format(dice=dice(battle.lost[seat])) if battle.lost[seat] else ""
        lines.append(f"  {side}: {_name(seats, seat)} {dice(battle.dice[seat])} = {battle.sum(seat)}{gone}")
    return lines


def _final(view: PublicView, seats: Sequence[SeatTag]) -> list[str]:
    final = view.final
    if final is None:
        return []
    lines = [_("FINAL INFAMY")]
    for seat in sorted(range(4), key=lambda q: (-final.totals[q], q)):
        mark = _("WINNER ") if seat in final.winners else ""
        lines.append(f"  {mark}{_name(seats, seat)}: {final.totals[seat]}")
    return lines


def text_board(view: PublicView, seats: Sequence[SeatTag]) -> str:
    step, title = PHASE_STEP[view.phase]
    head = (
        _("MUTINY - game over")
        if view.over
        else _("MUTINY - round {round} of {rounds}, {step}/7 {phase}").format(
            round=view.round, rounds=view.rounds, step=step, phase=_(title)
        )
    )
    lines = [head, ""]
    lines += [_island(island, seats) for island in view.islands]
    lines.append("")
    for player in view.players:
        lines += _player(view, player, seats)
    lines += ["", *_battle(view, seats), *_final(view, seats)]
    supply = view.supply
    lines.append(
        _("Supply: rum {rum}, green crew {green}, cards {cards}, bank {bank}").format(
            rum=supply.rum, green=supply.green, cards=supply.deck, bank=loot(supply.bank)
        )
    )
    return "\n".join(line for i, line in enumerate(lines) if line or (i and lines[i - 1]))
