"""How Mutiny writes things: seats, roles, phases, dice and loot (the words and symbols the
sentences in ``texts.py``, the text board and the image board share)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.mutiny.data import LOOT_CODES, LOOT_NAMES
from bot.games.mutiny.state import Die, DieKind, Phase, Role
from bot.games.mutiny.views import IslandInfo

FACES = "⚀⚁⚂⚃⚄⚅"
LOOT_EMOJI = ("⬜", "🟧", "🟨", "🟩")
ROLE_NAME = {
    Role.CAPTAIN: "Captain",
    Role.FIRST_MATE: "First Mate",
    Role.QUARTER_MASTER: "Quarter Master",
    Role.SCOUT: "Scout",
}
ROLE_EMOJI = {Role.CAPTAIN: "👑", Role.FIRST_MATE: "⚓", Role.QUARTER_MASTER: "🎱", Role.SCOUT: "🔭"}
ROLE_SHORT = {Role.CAPTAIN: "Captain", Role.FIRST_MATE: "FM", Role.QUARTER_MASTER: "QM", Role.SCOUT: "Scout"}
PHASE_STEP = {
    Phase.ASSIGN: (1, "Assign Roles"),
    Phase.LOOK: (2, "Pick an Island"),
    Phase.PICK: (2, "Pick an Island"),
    Phase.TAKE: (2, "Pick an Island"),
    Phase.DIVIDE: (3, "Divide Loot"),
    Phase.PEEK: (4, "Rally Crew"),
    Phase.VOTE: (5, "Mutiny or Defend"),
    Phase.CARDS: (6, "Resolve Battle"),
    Phase.BUY: (7, "Buying"),
    Phase.OVER: (0, "Game over"),
}


def p(seat: int) -> str:
    return "{p%d}" % seat


def die_text(die: Die) -> str:
    if die.kind is DieKind.D8:
        return f"d8:{die.value}"
    face = FACES[die.value - 1] if 1 <= die.value <= 6 else str(die.value)
    return f"💥{face}" if die.kind is DieKind.CANNON else face


def dice_text(dice: Sequence[Die]) -> str:
    if not dice:
        return "no dice"
    return " ".join(die_text(die) for die in dice)


def loot_text(counts: Sequence[int], empty: str = "nothing") -> str:
    parts = [f"{n} {LOOT_NAMES[c]}" for c, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else empty


def loot_short(counts: Sequence[int], empty: str = "—") -> str:
    parts = [f"{n}{LOOT_EMOJI[c]}" for c, n in enumerate(counts) if n]
    return " ".join(parts) if parts else empty


def codes_text(codes: str) -> str:
    """'SSG' -> '2 Sugar + 1 Gold'."""
    counts = [codes.count(code) for code in LOOT_CODES]
    return " + ".join(f"{n} {LOOT_NAMES[c]}" for c, n in enumerate(counts) if n)


def who(seat: int, role: Role) -> str:
    return f"{p(seat)} ({ROLE_NAME[role]})" if role is not Role.NONE else p(seat)


def island_line(island: IslandInfo) -> str:
    return f"#{island.space} **{island.name}** — {loot_text(island.loot)}"
