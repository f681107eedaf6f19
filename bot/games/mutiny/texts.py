"""Formatting helpers shared by the engine's events, the status/private/prompt texts and the AI."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.games.mutiny.data import LOOT_CODES, LOOT_NAMES

FACES = "⚀⚁⚂⚃⚄⚅"
COLOURS = ("Purple", "Red", "Blue", "Brown")
ROLE_EMOJI = {"Captain": "👑", "First Mate": "⚓", "Quarter Master": "🎱", "Scout": "🔭"}
LOOT_EMOJI = ("⬜", "🟧", "🟨", "🟩")


def p(seat: int) -> str:
    return "{p%d}" % seat


def fmt_die(die: str) -> str:
    kind, value = die[0], int(die[1:])
    if kind == "q":
        return f"d8 **{value}**"
    face = FACES[value - 1] if 1 <= value <= 6 else str(value)
    if kind == "c":
        return f"💥{face}"
    return face


def fmt_dice(dice: Sequence[str]) -> str:
    if not dice:
        return "no dice"
    crew = [fmt_die(d) for d in dice if d[0] in "rg"]
    extra = [fmt_die(d) for d in dice if d[0] not in "rg"]
    text = " ".join(crew)
    if extra:
        text = (text + " + " if text else "") + " + ".join(extra)
    return text


def dice_sum(dice: Iterable[str]) -> int:
    return sum(int(d[1:]) for d in dice)


def fmt_loot(counts: Sequence[int], empty: str = "nothing") -> str:
    parts = [f"{n} {LOOT_NAMES[c]}" for c, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else empty


def fmt_loot_short(counts: Sequence[int], empty: str = "—") -> str:
    parts = [f"{n}{LOOT_EMOJI[c]}" for c, n in enumerate(counts) if n]
    return " ".join(parts) if parts else empty


def fmt_codes(codes: str) -> str:
    """'SSG' -> '2 Sugar + 1 Gold'."""
    counts = [codes.count(c) for c in LOOT_CODES]
    return " + ".join(f"{n} {LOOT_NAMES[c]}" for c, n in enumerate(counts) if n)


def role_label(role: str | None) -> str:
    if not role:
        return "no role"
    return f"{ROLE_EMOJI.get(role, '')} {role}".strip()


def who(view: Mapping[str, Any], seat: int) -> str:
    role = view["players"][seat]["role"]
    return f"{p(seat)} ({role})" if role else p(seat)


def waiting_text(view: Mapping[str, Any]) -> str:
    """'{p2} (First Mate) to vote' — what the table waits for, from the public view."""
    phase = view["phase"]
    if phase == "over":
        return "The game is over."
    seats = view["awaiting"]
    if not seats:
        return ""
    seat = seats[0]
    name = who(view, seat)
    what = {
        "assign": "to assign First Mate, Quarter Master and Scout",
        "look": "to choose which islands to look at",
        "pick": "to pick the island to raid",
        "take": "to take 1 loot from the island",
        "divide": "to divide the loot",
        "peek": "to peek under a cup (or not)",
        "cards": "to play a mystery card or pass",
        "buy": "to buy",
    }.get(phase, "")
    if phase == "vote":
        what = "to make the final decision (may change)" if view["vote_step"] == 3 else "to vote: mutiny or defend"
    return f"{name} {what}"


def card_line(cards: Mapping[str, Mapping[str, Any]], hand: Sequence[str]) -> str:
    counts: dict[str, int] = {}
    for cid in hand:
        counts[cid] = counts.get(cid, 0) + 1
    parts = []
    for cid, n in counts.items():
        info = cards[cid]
        times = f" ×{n}" if n > 1 else ""
        parts.append(f"{info['emoji']} **{info['name']}**{times} — {info['effect']}")
    return "\n".join(parts)
