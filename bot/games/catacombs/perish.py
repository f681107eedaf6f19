"""Perishing and coming back.

"If a player has no Health Points to give at a time when he must, his character perishes, but
the player is not out of the game." Solo and co-op: "If you perish the game is over".
"""

from __future__ import annotations

from bot.engine import Choice
from bot.games.catacombs import geometry as geo
from bot.games.catacombs import texts
from bot.games.catacombs.board import discard_vacated
from bot.games.catacombs.context import Ctx
from bot.games.catacombs.i18n import _, data_text
from bot.games.catacombs.state import Relic, Task
from bot.games.catacombs.texts import pn

TURN_BOUNDARY = "end_action"


def lose_health(ctx: Ctx, seat: int, amount: int) -> bool:
    """Take ``amount`` Health Points; the character perishes when one is owed and none is left.
    Returns True if the character perished."""
    pawn = ctx.s.seats[seat]
    if pawn.health >= amount:
        pawn.health -= amount
        return False
    pawn.health = 0
    perish(ctx, seat)
    return True


def perish(ctx: Ctx, seat: int) -> None:
    s = ctx.s
    pawn = s.seats[seat]
    ctx.say(_(texts.PERISHES).format(who=pn(seat), where=geo.label(pawn.cell)))
    if s.team:
        s.over = "perished"
        s.tasks.clear()
        s.play = None
        s.move = None
        return
    if seat == s.turn and s.flags.in_action:
        # "the player perishes" during his own action: the rest of that action is gone.
        while s.tasks and s.tasks[-1].kind != TURN_BOUNDARY:
            s.tasks.pop()
        s.play = None
        s.move = None
        s.flags.extra = False
    relics = ctx.relics_of(seat)
    s.discards.extend(pawn.hand)
    s.discards.extend(t for t in pawn.equipment if t not in relics)
    pawn.hand = []
    pawn.equipment = []
    cell = pawn.cell
    sharing = [o for o in range(s.players) if o != seat and s.seats[o].cell == cell]
    pawn.cell, pawn.side, pawn.start = ctx.d.board.exit_cell, "C", ""
    pawn.health = pawn.bullets = pawn.skip = 0
    pawn.perished += 1
    previous = pawn.character
    pawn.character = ""
    ctx.push("pchar", seat, text=previous)
    if relics:
        _drop_relics(ctx, seat, cell, relics, sharing)
    if s.move is None:
        discard_vacated(ctx)  # "these do not count toward Monster movement"
    else:
        s.flags.vacate_after = True


def _drop_relics(ctx: Ctx, seat: int, cell: int, relics: list[int], sharing: list[int]) -> None:
    s = ctx.s
    if sharing:
        # "the Passage Tile is not removed and the other character picks up the perished
        # character's Relics on his next turn"
        s.seats[sharing[0]].pickup.extend(relics)
        ctx.say(texts.relics_left_for(who=pn(sharing[0]), count=len(relics)))
        return
    if cell not in s.board:
        # House rule: a character perishing on the Exit space leaves his Relics on a free
        # relic starting space (the Exit holds no tiles).
        free = [c for c in ctx.d.board.relic_spaces[6] if c not in s.board and all(m.cell != c for m in s.monsters)]
        cell = free[0] if free else ctx.d.board.relic_spaces[6][0]
        s.relics.setdefault(cell, []).extend(Relic(r, 0) for r in relics)
        ctx.say(texts.relics_dropped(count=len(relics), where=geo.label(cell)))
        return
    s.discards.append(s.board.pop(cell).id)
    s.relics[cell] = s.relics.get(cell, []) + [Relic(r, 0) for r in relics]
    ctx.say(texts.relics_dropped(count=len(relics), where=geo.label(cell)))
    ctx.push("ptop", seat, a=cell)


def ptop_choices(ctx: Ctx, task: Task) -> list[Choice]:
    """ "the player choosing the orientation and order of the Relics": which one lies on top
    (its passage is the one that must be reached) and how it is turned."""
    stack = ctx.s.relics.get(task.a, [])
    choices = []
    for relic in stack:
        seen: set[str] = set()
        for rot in range(4):
            openings = geo.rotate(ctx.kind(relic.id).openings, rot)
            if openings in seen:
                continue
            seen.add(openings)
            label = _(texts.RELIC_ON_TOP).format(name=ctx.name(relic.id), openings=texts.ends(openings))
            choices.append(Choice(f"top:{relic.id}:{rot}", label, group="relic"))
    return choices


def ptop_apply(ctx: Ctx, task: Task, action: str) -> None:
    ctx.pop()
    _verb, tile, rot = action.split(":")
    stack = ctx.s.relics.get(task.a, [])
    chosen = next(r for r in stack if r.id == int(tile))
    stack.remove(chosen)
    chosen.rot = int(rot)
    stack.append(chosen)


def character_choices(ctx: Ctx, task: Task) -> list[Choice]:
    taken = {p.character for i, p in enumerate(ctx.s.seats) if i != task.seat and p.character}
    return [
        Choice(f"char:{key}", c.name, group="character", description=data_text(c.text)[:100])
        for key, c in ctx.d.characters.items()
        if key not in taken
    ]


def character_apply(ctx: Ctx, task: Task, action: str) -> None:
    """At the start: the character's own tokens. After perishing: "take 3 Health Point tokens
    (4 for the Athlete) and 3 Bullet tokens"."""
    ctx.pop()
    key = action.split(":")[1]
    character = ctx.d.characters[key]
    pawn = ctx.s.seats[task.seat]
    pawn.character = key
    pawn.characters_used.append(key)
    pawn.health = character.health
    pawn.bullets = character.bullets if task.kind == "draft" else 3
    event = _(texts.CHOOSES) if task.kind == "draft" else _(texts.RETURNS_AS)
    ctx.say(event.format(who=pn(task.seat), name=character.name))
