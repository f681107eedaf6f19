"""Phase 2, Pick an Island: "The Scout looks at 2 of the face-down Islands, and decides which one the
pirate fleet will conquer. ... The Scout then takes 1 piece of loot from the Island"."""

from __future__ import annotations

import re
from collections.abc import Mapping

from bot.engine import Choice, Form, FormField, RuleError
from bot.engine.actions import number, split
from bot.games.mutiny import labels, notation, refusals, texts
from bot.games.mutiny.data import LOOT_CODES, GameData
from bot.games.mutiny.rules import Move, face_down, island_info, refused, seat_of
from bot.games.mutiny.state import DOWN, UP, MutinyState, Phase, Role


def begin_scouting(move: Move) -> None:
    s = move.state
    scout = seat_of(s, Role.SCOUT)
    down = face_down(s)
    if len(down) <= 2:
        look_at(move, sorted(down))
    elif any(s.status[space] == DOWN for space in s.known[scout]):
        s.phase = Phase.LOOK  # the Scout remembers an island: they choose what to look at
    else:
        look_at(move, sorted(move.rng.sample(down, 2)))


def remembered(s: MutinyState, seat: int) -> list[int]:
    return [space for space in s.known[seat] if s.status[space] == DOWN]


def look_choices(data: GameData, s: MutinyState, seat: int) -> list[Choice]:
    out = [Choice("look:random", labels.label(labels.LOOK_RANDOM), group="look", style="primary")]
    for space in remembered(s, seat):
        name = island_info(data, s, space).name
        out.append(
            Choice(f"look:{space + 1}", labels.look_again(space + 1), group="look", description=labels.you_saw(name))
        )
    return out


def look_form(s: MutinyState, seat: int) -> Form:
    down = face_down(s)
    known = remembered(s, seat)
    first = known[0] if known else down[0]
    second = next(space for space in down if space != first)
    field = FormField(
        "spaces",
        labels.label(labels.LOOK_FORM_FIELD),
        default=f"{first + 1} {second + 1}",
        placeholder=labels.label(labels.LOOK_FORM_PLACEHOLDER),
        max_length=10,
    )
    return Form(
        "look", labels.label(labels.LOOK_FORM_TITLE), labels.label(labels.LOOK_FORM_BUTTON), (field,), group="look"
    )


def look_form_action(values: Mapping[str, str]) -> str:
    numbers = re.findall(r"[0-9]+", values.get("spaces", ""))
    if len(numbers) != 2:
        raise RuleError(refusals.refusal(refusals.WRITE_TWO_ISLANDS))
    return f"look:{number(numbers[0], 1, 12, 'island')},{number(numbers[1], 1, 12, 'island')}"


def _face_down_space(s: MutinyState, text: str) -> int:
    space = number(text, 1, len(s.status), "island") - 1
    if s.status[space] != DOWN:
        raise RuleError(refusals.not_face_down(space + 1))
    return space


def do_look(move: Move, seat: int, act: str) -> None:
    s = move.state
    verb, args = split(act)
    wanted = args[0].split(",") if verb == "look" and len(args) == 1 else []
    if wanted == ["random"]:
        spaces = move.rng.sample(face_down(s), 2)
    elif len(wanted) == 1:
        first = _face_down_space(s, wanted[0])
        if first not in s.known[seat]:
            raise refused(act)
        spaces = [first, move.rng.choice([space for space in face_down(s) if space != first])]
    elif len(wanted) == 2:
        spaces = [_face_down_space(s, text) for text in wanted]
        if spaces[0] == spaces[1]:
            raise RuleError(refusals.refusal(refusals.TWO_DIFFERENT))
    else:
        raise refused(act)
    look_at(move, sorted(spaces))


def look_at(move: Move, spaces: list[int]) -> None:
    s = move.state
    scout = seat_of(s, Role.SCOUT)
    s.look = spaces
    s.known[scout] = sorted(set(s.known[scout]) | set(spaces))
    if len(spaces) == 1:
        move.say(texts.only_one_island(scout))
        pick(move, scout, spaces[0])
        return
    move.say(texts.scout_looks(scout, spaces))
    move.tell(scout, texts.you_look_at([island_info(move.data, s, space) for space in spaces]))
    s.phase = Phase.PICK


def pick_choices(data: GameData, s: MutinyState, seat: int) -> list[Choice]:
    out = []
    for space in s.look:
        info = island_info(data, s, space)
        label = labels.pick_label(info)
        out.append(
            Choice(f"pick:{space + 1}", label, group="pick", description=notation.loot_text(info.loot), style="primary")
        )
    return out


def do_pick(move: Move, seat: int, act: str) -> None:
    verb, args = split(act)
    if verb != "pick" or len(args) != 1:
        raise refused(act)
    space = number(args[0], 1, len(move.state.status), "island") - 1
    if space not in move.state.look:
        raise refused(act)
    pick(move, seat, space)


def pick(move: Move, scout: int, space: int) -> None:
    """ "The chosen Island is turned face-up on the table, and all of the loot shown is placed onto the Island." """
    s = move.state
    s.status[space] = UP
    s.current = space
    s.look = []
    for known in s.known:
        if space in known:
            known.remove(space)
    move.shown = True
    move.say(texts.scout_picks(scout, island_info(move.data, s, space)))
    s.phase = Phase.TAKE


def take_choices(s: MutinyState, seat: int) -> list[Choice]:
    cubes = s.cubes[s.current]
    return [
        Choice(f"take:{LOOT_CODES[c]}", labels.take_label(c), group="take", public=True, style="primary")
        for c in range(4)
        if cubes[c]
    ]


def do_take(move: Move, seat: int, act: str) -> None:
    verb, args = split(act)
    if verb != "take" or len(args) != 1 or args[0] not in LOOT_CODES:
        raise refused(act)
    s = move.state
    colour = LOOT_CODES.index(args[0])
    if s.cubes[s.current][colour] < 1:
        raise RuleError(refusals.not_on_island(colour))
    s.cubes[s.current][colour] -= 1
    s.loot[seat][colour] += 1
    move.say(texts.scout_takes(seat, colour))
    s.phase = Phase.DIVIDE
