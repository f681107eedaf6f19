"""Phase 3, Divide Loot: "There are no rules regarding how the captain divides up the loot." Any split that
gives out every cube on the island is accepted; the fair split is one click."""

from __future__ import annotations

import re
from collections.abc import Mapping

from bot.engine import Choice, Form, FormField, RuleError
from bot.engine.actions import split
from bot.games.mutiny import labels, refusals, texts, voting
from bot.games.mutiny.data import LOOT_CODES, GameData
from bot.games.mutiny.rules import Move, crew, refused, seat_of
from bot.games.mutiny.splits import DEALING_ORDER, candidate_counts, deal, strongest_first
from bot.games.mutiny.state import MutinyState, Role

Shares = list[list[int]]
_SHARE_WORD = re.compile(r"([0-9]+)\s*([SOGP])|([SOGP])\s*([0-9]+)|([SOGP])", re.I)
_LOOT_WORD = re.compile(r"(?i)sugar|orange|gold|plantain")
_DIVIDE = re.compile(r"[0-9]{4}(\.[0-9]{4}){3}")


def _deal(loot: list[int], shares: Shares, seats: list[int], have: dict[int, int]) -> None:
    """Deal ``loot`` one cube at a time to whoever of ``seats`` has fewest; ties go in ``seats`` order."""
    for colour in DEALING_ORDER:
        for _ in range(loot[colour]):
            target = min(seats, key=lambda q: (have[q], seats.index(q)))
            shares[target][colour] += 1
            have[target] += 1


def fair_split(s: MutinyState) -> Shares:
    """An even split by number of cubes, counting the cube the Scout already took.

    Ties go clockwise from the Captain's left, so the Captain is served last.
    """
    have = {q: 0 for q in range(4)}
    have[seat_of(s, Role.SCOUT)] = 1
    shares = [[0] * 4 for _ in range(4)]
    _deal(s.cubes[s.current], shares, [(s.captain + k) % 4 for k in (1, 2, 3, 4)], have)
    return shares


def captains_half(s: MutinyState) -> Shares:
    """The Captain takes half the cubes (rounded up, dearest first); the others share the rest evenly."""
    rest = s.cubes[s.current][:]
    shares = [[0] * 4 for _ in range(4)]
    mine = (sum(rest) + 1) // 2
    for colour in DEALING_ORDER:
        while rest[colour] and sum(shares[s.captain]) < mine:
            shares[s.captain][colour] += 1
            rest[colour] -= 1
    others = [(s.captain + k) % 4 for k in (1, 2, 3)]
    _deal(rest, shares, others, {q: 0 for q in others})
    return shares


def keep_it_all(s: MutinyState) -> Shares:
    shares = [[0] * 4 for _ in range(4)]
    shares[s.captain] = s.cubes[s.current][:]
    return shares


def split_action(shares: Shares) -> str:
    return "divide:" + ".".join("".join(str(n) for n in row) for row in shares)


def choices(s: MutinyState, seat: int) -> list[Choice]:
    out: list[Choice] = []
    for key, shares in (("fair", fair_split(s)), ("half", captains_half(s)), ("keep", keep_it_all(s))):
        label, description, style = labels.DIVIDE_PRESETS[key]
        action = split_action(shares)
        if all(choice.action != action for choice in out):
            out.append(
                Choice(
                    action,
                    labels.label(label),
                    group="divide",
                    description=labels.label(description),
                    style=style,
                    public=True,
                )
            )
    return out


def weighed_splits(data: GameData, s: MutinyState) -> list[str]:
    """The splits the computer Captain chooses among (``splits``), dealt as it deals them; the public
    strength of a crew is what it weighs: its dice's mean, the d8 included."""
    me, loot = s.captain, s.cubes[s.current]
    means = [crew(data, s, q) * 3.5 + (4.5 if s.roles[q] is Role.QUARTER_MASTER else 0.0) for q in range(4)]
    fair = tuple(sum(row) for row in fair_split(s))
    counts = candidate_counts(me, sum(loot), strongest_first(me, means), fair)
    return list(dict.fromkeys(split_action(deal(loot, c, me)) for c in counts))


def default(s: MutinyState) -> str:
    """Time ran out: the fair split."""
    return split_action(fair_split(s))


def form(s: MutinyState) -> Form:
    fair = fair_split(s)
    fields = tuple(
        FormField(
            key=f"p{q}",
            label=labels.share_field(q),
            default=" ".join(str(n) for n in fair[q]),
            placeholder=labels.label(labels.DIVIDE_FORM_PLACEHOLDER),
            max_length=20,
            required=False,
        )
        for q in range(4)
    )
    return Form(
        "divide",
        labels.label(labels.DIVIDE_FORM_TITLE),
        labels.label(labels.DIVIDE_FORM_BUTTON),
        fields,
        group="divide",
    )


def parse_share(text: str, seat: int) -> list[int]:
    """'1 0 2 0' or '1020' or '2G 1S' or 'G G S' -> counts; RuleError if unreadable."""
    raw = text.strip()
    if not raw or raw in ("-", "0"):
        return [0, 0, 0, 0]
    if re.fullmatch(r"[0-9\s,;/.-]+", raw):
        numbers = re.findall(r"[0-9]+", raw)
        if len(numbers) == 1 and len(numbers[0]) == 4:
            return [int(ch) for ch in numbers[0]]
        if len(numbers) == 4 and all(len(n) <= 2 for n in numbers):
            return [int(n) for n in numbers]
        raise RuleError(refusals.share_numbers(seat))
    letters = _LOOT_WORD.sub(lambda m: m.group(0)[0], raw)
    if re.sub(r"[\s,;+&]|and", "", _SHARE_WORD.sub("", letters), flags=re.I):
        raise RuleError(refusals.share_unclear(seat, raw))
    counts = [0, 0, 0, 0]
    for m in _SHARE_WORD.finditer(letters):
        if m.group(2):
            counts[LOOT_CODES.index(m.group(2).upper())] += int(m.group(1)[:2])
        elif m.group(3):
            counts[LOOT_CODES.index(m.group(3).upper())] += int(m.group(4)[:2])
        else:
            counts[LOOT_CODES.index(m.group(5).upper())] += 1
    return counts


def form_action(s: MutinyState, values: Mapping[str, str]) -> str:
    loot = s.cubes[s.current]
    shares = [parse_share(values.get(f"p{q}", ""), q) for q in range(4)]
    problems = []
    for c in range(4):
        given = sum(row[c] for row in shares)
        if given != loot[c]:
            problems.append(refusals.share_off(c, given, loot[c]))
    if problems:
        raise RuleError(refusals.shares_must_add_up(loot, problems))
    return split_action(shares)


def do_divide(move: Move, seat: int, act: str) -> None:
    verb, args = split(act)
    if verb != "divide" or len(args) != 1 or not _DIVIDE.fullmatch(args[0]):
        raise refused(act)
    shares = [[int(ch) for ch in group] for group in args[0].split(".")]
    s = move.state
    loot = s.cubes[s.current]
    if any(sum(row[c] for row in shares) != loot[c] for c in range(4)):
        raise RuleError(refusals.shares_must_add_up(loot))
    s.mat = shares
    s.cubes[s.current] = [0, 0, 0, 0]
    s.divided = True
    move.say(texts.captain_divides(seat, shares))
    voting.rally(move)
