"""How Mutiny writes things: seats, roles, phases, dice and loot (the words and symbols the
sentences in ``texts.py``, the text board and the image board share).

Role and phase names are marked with ``N_`` and translated where they are shown (``_(name)``)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.mutiny.data import LOOT_CODES, LOOT_NAMES
from bot.games.mutiny.i18n import N_, _, _n, data_text
from bot.games.mutiny.state import Die, DieKind, Phase, Role
from bot.games.mutiny.views import IslandInfo

FACES = "⚀⚁⚂⚃⚄⚅"
LOOT_EMOJI = ("⬜", "🟧", "🟨", "🟩")
ROLE_NAME = {
    Role.CAPTAIN: N_("Captain"),
    Role.FIRST_MATE: N_("First Mate"),
    Role.QUARTER_MASTER: N_("Quarter Master"),
    Role.SCOUT: N_("Scout"),
}
ROLE_EMOJI = {Role.CAPTAIN: "👑", Role.FIRST_MATE: "⚓", Role.QUARTER_MASTER: "🎱", Role.SCOUT: "🔭"}
ROLE_SHORT = {
    Role.CAPTAIN: N_("Captain"),
    Role.FIRST_MATE: N_("FM"),
    Role.QUARTER_MASTER: N_("QM"),
    Role.SCOUT: N_("Scout"),
}
PHASE_STEP = {
    Phase.ASSIGN: (1, N_("Assign Roles")),
    Phase.LOOK: (2, N_("Pick an Island")),
    Phase.PICK: (2, N_("Pick an Island")),
    Phase.TAKE: (2, N_("Pick an Island")),
    Phase.DIVIDE: (3, N_("Divide Loot")),
    Phase.PEEK: (4, N_("Rally Crew")),
    Phase.VOTE: (5, N_("Mutiny or Defend")),
    Phase.CARDS: (6, N_("Resolve Battle")),
    Phase.BUY: (7, N_("Buying")),
    Phase.OVER: (0, N_("Game over")),
}


def p(seat: int) -> str:
    return "{p%d}" % seat


def die_text(die: Die) -> str:
    if die.kind is DieKind.D8:
        return _("d8:{value}").format(value=die.value)
    face = FACES[die.value - 1] if 1 <= die.value <= 6 else str(die.value)
    return f"💥{face}" if die.kind is DieKind.CANNON else face


def dice_text(dice: Sequence[Die]) -> str:
    if not dice:
        return _("no dice")
    return " ".join(die_text(die) for die in dice)


def loot_name(colour: int) -> str:
    """One kind of loot's name (its data file's), in the current language."""
    return data_text(LOOT_NAMES[colour])


def loot_count(colour: int, n: int) -> str:
    """'3 Sugar': a count of one kind of loot."""
    counted = (
        _n("{n} Sugar", "{n} Sugar", n),
        _n("{n} Orange", "{n} Orange", n),
        _n("{n} Gold", "{n} Gold", n),
        _n("{n} Plantain", "{n} Plantain", n),
    )
    return counted[colour].format(n=n)


def loot_text(counts: Sequence[int], empty: str | None = None) -> str:
    parts = [loot_count(c, n) for c, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else (_("nothing") if empty is None else empty)


def loot_short(counts: Sequence[int], empty: str = "—") -> str:
    parts = [f"{n}{LOOT_EMOJI[c]}" for c, n in enumerate(counts) if n]
    return " ".join(parts) if parts else empty


def codes_text(codes: str) -> str:
    """'SSG' -> '2 Sugar + 1 Gold'."""
    counts = [codes.count(code) for code in LOOT_CODES]
    return " + ".join(loot_count(c, n) for c, n in enumerate(counts) if n)


def who(seat: int, role: Role) -> str:
    if role is Role.NONE:
        return p(seat)
    return _("{player} ({role})").format(player=p(seat), role=_(ROLE_NAME[role]))


def island_line(island: IslandInfo) -> str:
    return f"#{island.space} **{data_text(island.name)}** — {loot_text(island.loot)}"
