"""The legal choices of each phase, as the table offers them (labels, groups, help).

``detailed=False`` builds the same actions without the look-ahead that labels a placement
(what ``apply`` needs to check an action); the table asks for the detailed list."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from bot.engine import Choice
from bot.games.mccc import first_round, labels, rules, texts, viewing
from bot.games.mccc import maze as mz
from bot.games.mccc.data import GameData
from bot.games.mccc.i18n import _, data_text
from bot.games.mccc.state import Placement, State

Builder = Callable[[GameData, State, bool], list[Choice]]


def _pick(data: GameData, s: State, detailed: bool) -> list[Choice]:
    out = []
    slots = rules.placeable_slots(data, s)
    for i in first_round.slots(data, s, slots):
        card = s.belt[i]
        assert isinstance(card, int)
        how = texts.describe(data.table.faces[card, 0]) if detailed else ""
        out.append(
            Choice(
                f"belt:{i + 1}",
                labels.belt_label(i + 1, texts.card_name(data.table, card)),
                group="belt",
                style="primary",
                public=True,
                description=labels.belt_help(how)[:100] if detailed else "",
            )
        )
    for key in rules.optional_abilities(data, s):
        out.append(
            Choice(
                f"ability:{key}",
                labels.ability_label(key),
                group="ability",
                style="success",
                public=s.solo,
                description=data_text(data.agendas[key].ability_text)[:100],
            )
        )
    if not s.solo and not slots:
        for i, token in enumerate(s.belt):
            name = texts.token_name(data.table, data.agendas, token)
            out.append(
                Choice(
                    f"discard:{i + 1}",
                    labels.discard_label(i + 1, name),
                    group="discard",
                    style="danger",
                    public=True,
                    description=_(labels.DISCARD_HELP),
                )
            )
    return out


def _place(data: GameData, s: State, detailed: bool) -> list[Choice]:
    """Every placement of the picked card. People are offered one entry per space (one page of a
    menu, not three): its best turn, previewed on the board, where ↻ turns it (``_confirm``); the
    other turns stay legal, unlisted. Spaces that lose (solo) come last, marked."""
    assert s.picked is not None
    card = s.belt[s.picked]
    assert isinstance(card, int)
    special = "cucumber" in s.effects
    active = [c for c in rules.eligible(s) if c in rules.MOVERS]
    plays: list[Choice] = []
    last: list[Choice] = []
    for kind, cell, rot in first_round.placements(data, s, card):
        action = f"{kind}:{mz.label(cell)}:r{rot}"
        if not detailed:
            plays.append(Choice(action, action, group="place", public=True))
            continue
        previews, verdict = viewing.assess(data, s, Placement(kind, cell, rot))[2:]
        how = texts.describe(data.table.faces[card, rot])
        label = labels.placement_label(mz.label(cell), how, kind == "stack", special, verdict)
        help_text = labels.preview_summary(previews, verdict, s.solo, active)
        choice = Choice(action, label, group="place", public=True, description=help_text[:100])
        (last if verdict == "loses" else plays).append(choice)
    return _one_per_space(plays + last) + [Choice("back", _(labels.BACK_TO_BELT), group="back", public=True)]


def _space(action: str) -> str:
    """``place:C3`` of ``place:C3:r1``: the space (and whether on top of a card) an action names."""
    return action.rsplit(":", 1)[0]


def _one_per_space(found: list[Choice]) -> list[Choice]:
    turns: dict[str, int] = {}
    for choice in found:
        turns[_space(choice.action)] = turns.get(_space(choice.action), 0) + 1
    shown: set[str] = set()
    out = []
    for choice in found:
        space = _space(choice.action)
        if space in shown:
            out.append(replace(choice, listed=False))
            continue
        shown.add(space)
        more = turns[space] - 1
        description = labels.more_turns(choice.description, more) if more else choice.description
        out.append(replace(choice, description=description))
    return out


def _next_turn(data: GameData, s: State, detailed: bool) -> list[Choice]:
    """One tap turns the previewed card on its space to its next way round (previewed anew), so a
    phone shows one ↻ button, not a menu; its label says how the card would lie."""
    chosen = s.chosen
    assert chosen is not None and s.picked is not None
    card = s.belt[s.picked]
    assert isinstance(card, int)
    allowed = first_round.placements(data, s, card)
    rots = sorted(rot for kind, cell, rot in allowed if (kind, cell) == (chosen.kind, chosen.cell))
    later = [rot for rot in rots if rot > chosen.rot] or [rot for rot in rots if rot != chosen.rot]
    if not later:
        return []
    rot = later[0]
    action = f"{chosen.kind}:{mz.label(chosen.cell)}:r{rot}"
    label = action
    if detailed:
        verdict = viewing.assess(data, s, Placement(chosen.kind, chosen.cell, rot))[3]
        label = labels.turn_instead_label(texts.describe(data.table.faces[card, rot]), verdict)
    return [Choice(action, label, group="confirm", public=True)]


def _confirm(data: GameData, s: State, detailed: bool) -> list[Choice]:
    verdict = "plays"
    if detailed and s.chosen is not None:
        verdict = viewing.assess(data, s, s.chosen)[3]
    marked = {"loses": labels.CONFIRM_LOSING, "ends": labels.CONFIRM_ENDING}.get(verdict, labels.CONFIRM)
    label = _(marked)
    return [
        Choice("confirm", label, group="confirm", style="danger" if verdict == "loses" else "success", public=True),
        Choice("back", _(labels.BACK_TO_PLACES), group="confirm", public=True),
        *_next_turn(data, s, detailed),
    ]


def _order(data: GameData, s: State, detailed: bool) -> list[Choice]:
    return [
        Choice(
            f"first:{c}",
            labels.order_label(c),
            group="order",
            style="primary",
            public=True,
            description=_(labels.ORDER_HELP),
        )
        for c in first_round.orders(data, s)
    ]


def _dest(data: GameData, s: State, detailed: bool) -> list[Choice]:
    found = viewing.destinations_now(data, s)
    return [
        Choice(
            f"dest:{d.cell}",
            labels.destination_label(d, s.solo, d.crossed),
            group="dest",
            style="danger" if d.ends else "primary",
            public=True,
            description=" → ".join(d.route)[:100],
        )
        for d in found
    ]


def _cat(data: GameData, s: State, detailed: bool) -> list[Choice]:
    return [
        Choice(
            f"cat:{mz.label(cell)}",
            labels.cat_label(mz.label(cell)),
            group="cat",
            style="primary",
            public=True,
            description=labels.cat_help(mz.distance(cell, s.chars["cheese"])),
        )
        for cell in s.cat_options
    ]


def _cheese(data: GameData, s: State, detailed: bool) -> list[Choice]:
    out = []
    for cell, q in rules.turnable(data, s):
        cards, rot = s.maze[cell]
        top = cards[-1]
        out.append(
            Choice(
                f"turn:{mz.label(cell)}:{q}",
                labels.turn_label(mz.label(cell), q),
                group="turn",
                public=True,
                description=labels.turn_help(
                    texts.card_name(data.table, top), texts.describe(data.table.faces[top, (rot + q) & 3])
                )[:100],
            )
        )
    out.sort(key=lambda c: c.action)
    return out


BUILDERS: dict[str, Builder] = {
    "pick": _pick,
    "place": _place,
    "confirm": _confirm,
    "order": _order,
    "dest": _dest,
    "cat": _cat,
    "cheese": _cheese,
}


def choices(data: GameData, s: State, detailed: bool = True) -> list[Choice]:
    builder = BUILDERS.get(s.phase)
    return builder(data, s, detailed) if builder else []
