"""The labels and one-line descriptions of the choices the table offers (menus and buttons).

Discord allows 80 characters in a label and 100 in a description; a placement that loses (solo) or
ends the game (multiplayer) says so in its label.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.mccc.i18n import N_, _, _n
from bot.games.mccc.texts import ENDS_MARK, LOSES_MARK, TURN_TEXT
from bot.games.mccc.views import Destination, PreviewMove
from bot.games.mccc.words import cap, either, the_object, title

BACK_TO_BELT = N_("↩ Back to the belt")
BACK_TO_PLACES = N_("↩ Choose another place")
CONFIRM = N_("✔ Place it")
CONFIRM_LOSING = N_("💀 Place it (you lose)")
CONFIRM_ENDING = N_("🏁 Place it (ends the game)")
DISCARD_HELP = N_("No belt card fits anywhere: discard one and refill the belt.")
ORDER_HELP = N_("Both are next to the card and must move through it if possible.")


def belt_label(slot: int, name: str) -> str:
    return f"{slot} · {name}"


def belt_help(how: str) -> str:
    return _("{how} (as printed)").format(how=how)


def ability_label(key: str) -> str:
    return _("Use {character} ability").format(character=title(key))


def discard_label(slot: int, name: str) -> str:
    return _("Discard {slot} · {card}").format(slot=slot, card=name)


def _verdict_label(choice: str, verdict: str, room: int) -> str:
    """A label that says it loses (solo) or ends the game (multiplayer), the choice cut to leave
    room for saying so within ``room`` characters (Discord allows 80)."""
    if verdict == "loses":
        template = _("{choice} — you lose")
    elif verdict == "ends":
        template = _("{choice} — ends the game")
        room -= 1
    else:
        return choice[:80]
    said = len(template) - len("{choice}")
    return template.format(choice=choice[: room - said])


def placement_label(where: str, how: str, stacked: bool, special: bool, verdict: str) -> str:
    """``E5 · walls N+S``, ``on E5 (stack) · wall W``; a placement that loses (solo) or ends the
    game (multiplayer) says so in the label itself, which stays under 80 characters."""
    if stacked:
        spot = (_("on {where} (Cucumber)") if special else _("on {where} (stack)")).format(where=where)
    else:
        spot = where
    mark = {"loses": f"{LOSES_MARK} ", "ends": f"{ENDS_MARK} "}.get(verdict, "")
    return _verdict_label(f"{mark}{spot} · {how}", verdict, 77)


def more_turns(description: str, more: int) -> str:
    """A space's entry in the places menu: its other ways round are on its preview."""
    tail = " · " + _n("{n} more way round on the preview", "{n} more ways round on the preview", more).format(n=more)
    return description[: 100 - len(tail)] + tail


def turn_instead_label(how: str, verdict: str) -> str:
    """The ↻ button on the preview: the same card on the same space, turned its next way round."""
    mark = {"loses": f"{LOSES_MARK} ", "ends": f"{ENDS_MARK} "}.get(verdict, "")
    return _verdict_label(_("↻ Turn it: {how}").format(how=f"{mark}{how}"), verdict, 79)


def order_label(character: str) -> str:
    return _("Move {character} first").format(character=the_object(character))


def destination_label(destination: Destination, solo: bool, crossed: bool) -> str:
    if destination.ends is None:
        return destination.cell
    other = the_object(destination.ends)
    how = (_("passes over {character}") if crossed else _("onto {character}")).format(character=other)
    return f"{destination.cell} · {how} ({_('you lose') if solo else _('ends the game')})"


def cat_label(where: str) -> str:
    return _("Cat to {where}").format(where=where)


def cat_help(distance: int) -> str:
    return _n("{n} space from the Cheese", "{n} spaces from the Cheese", distance).format(n=distance)


def turn_label(where: str, quarter_turns: int) -> str:
    return _("{where} · turn {turn}").format(where=where, turn=TURN_TEXT[quarter_turns])


def turn_help(name: str, how: str) -> str:
    return f"{name} → {how}"


def move_summary(move: PreviewMove) -> str:
    who = title(move.character)
    if not move.can_move or not move.destinations:
        return _("{character}: cannot move").format(character=who)
    safe = [d for d in move.destinations if d.ends is None]
    if len(move.destinations) == 1 and safe:
        return _("{character} runs to {cell}").format(character=who, cell=safe[0].cell)
    if safe:
        return _n("{character}: {n} space", "{character}: {n} spaces", len(safe)).format(character=who, n=len(safe))
    other = the_object(move.destinations[0].ends or "cheese")
    return _("{character}: only onto {other}").format(character=who, other=other)


def preview_summary(moves: Sequence[PreviewMove], verdict: str, solo: bool, active: Sequence[str]) -> str:
    """One short line: what a placement makes happen (the description under a choice)."""
    parts = [move_summary(move) for move in moves]
    near = {move.character for move in moves}
    if solo and active and not near & set(active):
        parts.append(_("{characters} is not next to it").format(characters=cap(either(active))))
    text = " · ".join(parts) or _("nobody moves")
    if verdict == "loses":
        return _("you lose: {summary}").format(summary=text)
    if verdict == "ends":
        return _("ends the game: {summary}").format(summary=text)
    return text
