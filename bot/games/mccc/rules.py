"""Questions the rules ask of a position (nothing here changes the state): who is active,
where a card may go, which abilities can change anything, why nothing fits."""

from __future__ import annotations

from bot.games.mccc import maze as mz
from bot.games.mccc import texts, words
from bot.games.mccc.data import GameData
from bot.games.mccc.state import State

MOVERS = ("mouse", "cat")


def eligible(s: State) -> list[str]:
    """Characters a card may be placed next to (the Active Character(s))."""
    if not s.solo:
        return [c for c in ("mouse", "cheese", "cat") if c in s.chars]
    if s.easier:
        # "Both Cat and Mouse can be the Active Character at any point in the game."
        return [c for c in MOVERS if c in s.chars]
    # "After the Cat has been revealed, he becomes the Active Character."
    return ["cat"] if "cat" in s.chars else ["mouse"]


def anchors(s: State) -> list[int]:
    """Cells a new card may be placed next to: the Active Character(s) in solo, anything
    already in the maze in multiplayer."""
    if not s.solo:
        return sorted(mz.occupied(s.maze, s.chars))
    return [s.chars[c] for c in eligible(s)]


def placements(data: GameData, s: State, card: int) -> list[tuple[mz.Kind, int, int]]:
    if "cucumber" in s.effects:
        return mz.free_placements(data.table, s.maze, card)
    return mz.placements(data.table, s.maze, s.chars, card, anchors(s))


def placeable_slots(data: GameData, s: State) -> list[int]:
    return [i for i, card in enumerate(s.belt) if isinstance(card, int) and placements(data, s, card)]


def adjacent_movers(chars: mz.Chars, cell: int) -> list[str]:
    """The Mouse and the Cat if they are next to ``cell``."""
    return [c for c in MOVERS if c in chars and mz.direction(cell, chars[c]) >= 0]


def active_set(s: State, adjacent: list[str]) -> list[str]:
    """Solo: the Active Character(s) of a placement (easier mode: the one(s) next to it)."""
    movers = [c for c in eligible(s) if c in MOVERS]
    return [c for c in movers if c in adjacent] or movers


def mouse_holes(s: State) -> bool:
    return "mouse" in s.effects


def turnable(data: GameData, s: State) -> list[tuple[int, int]]:
    """``(cell, quarter turns)`` the Cheese's ability may make: one per different look of each card."""
    found = []
    for cell in sorted(s.maze):
        cards, rot = s.maze[cell]
        top = cards[-1]
        seen = {data.table.spec[top][rot]}
        for q in (1, 3, 2):
            after = data.table.spec[top][(rot + q) & 3]
            if after not in seen:
                seen.add(after)
                found.append((cell, q))
    return found


def ability_possible(data: GameData, s: State, key: str) -> bool:
    """Whether using the ability now could change anything (else it is skipped, saying why)."""
    table = data.table
    match key:
        case "mouse":
            in_maze = any(table.has_holes(cards[-1]) for cards, _ in s.maze.values())
            return in_maze or any(isinstance(c, int) and table.has_holes(c) for c in s.belt)
        case "cat":
            return "cat" in s.chars
        case "cheese":
            return bool(turnable(data, s))
        case "cucumber":
            unstacked = any(len(cards) == 1 for cards, _ in s.maze.values())
            return unstacked and any(isinstance(c, int) for c in s.belt)
    return False


def optional_abilities(data: GameData, s: State) -> list[str]:
    """Abilities the deciding player may use now (easier mode and multiplayer)."""
    if s.phase != "pick" or s.picked is not None:
        return []
    if s.solo:
        if not s.easier:
            return []
        keys = [k for k in s.agendas_revealed if k not in s.abilities_used]
    else:
        if s.revealed_seats[s.seat]:
            return []
        keys = [s.secret[s.seat]]
    return [k for k in keys if k not in s.effects and ability_possible(data, s, k)]


def why_no_place(data: GameData, s: State) -> str:
    """The losing event when no belt card can be placed next to the Active Character."""
    belt = [c for c in s.belt if isinstance(c, int)]
    reasons = []
    box = mz.box_of(mz.occupied(s.maze, s.chars))
    for name in eligible(s):
        for cell in mz.NB[s.chars[name]]:
            if cell < 0:
                continue
            where = mz.label(cell)
            occupant = next((c for c, p in s.chars.items() if p == cell), None)
            if occupant:
                reasons.append(texts.no_place_reason(where, "character", words.the(occupant)))
            elif cell in s.maze:
                cards, rot = s.maze[cell]
                if len(cards) > 1:
                    reasons.append(texts.no_place_reason(where, "stack"))
                else:
                    walls = texts.edges_text(data.table.walls(cards[-1], rot))
                    reasons.append(texts.no_place_reason(where, "walls", walls))
            elif not mz.fits(box, cell):
                reasons.append(texts.no_place_reason(where, "limit"))
    return texts.no_place(eligible(s), reasons, "cucumber" in s.effects, not belt)
