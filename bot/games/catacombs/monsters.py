"""Phase 5 – Move Monsters, and what each monster does when it attacks.

"First, jump each Monster a number of spaces equal to the number of Vacated Passage tiles this
turn, in the direction of the arrow of the Monster's current space. ... Next, each Monster tile
has a number on it. The Monster will move that many spaces, plus the number of acquired Relics,
in the direction of the arrow on each space the Monster lands on".
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import Choice
from bot.games.catacombs import geometry as geo
from bot.games.catacombs import texts as tt
from bot.games.catacombs.board import discard_vacated, quadrants_with_pawns
from bot.games.catacombs.context import Ctx
from bot.games.catacombs.data import MonsterKind
from bot.games.catacombs.equipment import items_of
from bot.games.catacombs.i18n import _
from bot.games.catacombs.passages import Layout
from bot.games.catacombs.reactions import before_theft, threaten
from bot.games.catacombs.state import Relic, Task
from bot.games.catacombs.texts import pn


@dataclass(frozen=True)
class Path:
    cells: tuple[int, ...]
    end: int
    attacks: bool
    victims: tuple[int, ...]


def monster_path(
    arrows: str, start: int, jump: int, steps: int, passages: set[int], lay: Layout, pawns: dict[int, tuple[int, int]]
) -> Path:
    """Where a monster goes (pure, so the computer player and the choice labels can use it too).
    ``pawns``: seat -> pawn node of characters a monster can reach (not those on the Exit)."""
    cell = start
    cells: list[int] = []
    if jump:
        direction = arrows[cell]
        for _jump in range(jump):
            nxt = geo.quadrant_step(cell, direction)  # "If the monster encounters a wall or doorway it won't proceed"
            if nxt < 0:
                break
            cell = nxt
        cells.append(cell)
        if cell in passages:
            return Path(tuple(cells), cell, True, _victims(lay, cell, pawns))
    for _step in range(steps):
        nxt = geo.quadrant_step(cell, arrows[cell])
        if nxt < 0:
            break
        cell = nxt
        cells.append(cell)
        if cell in passages:
            return Path(tuple(cells), cell, True, _victims(lay, cell, pawns))
    return Path(tuple(cells), cell, False, ())


def _victims(lay: Layout, cell: int, pawns: dict[int, tuple[int, int]]) -> tuple[int, ...]:
    """ "the Monster will immediately follow the path to attack any characters in that Passage" """
    nodes = lay.component(lay.node(cell))
    return tuple(seat for seat, node in sorted(pawns.items()) if node in nodes)


def path_for(ctx: Ctx, index: int, jump: bool) -> Path:
    s = ctx.s
    lay = ctx.layout()
    monster = s.monsters[index]
    kind = ctx.d.monster_of(monster.id)
    steps = kind.movement + len(ctx.relics_of(s.turn))
    pawns = {seat: lay.node(p.cell, p.side) for seat, p in enumerate(s.seats) if p.cell != ctx.d.board.exit_cell}
    jump_by = s.flags.vacated if jump else 0
    return monster_path(ctx.d.board.arrows, monster.cell, jump_by, steps, set(s.board), lay, pawns)


# --------------------------------------------------------------------------- which monsters move


def monsters_phase(ctx: Ctx, task: Task) -> None:
    """Competitive: "move one Monster tile ... in a Quadrant that contains a character pawn".
    Solo: "the Monster(s) in the same quadrant as the player must move"; co-op: "all Monster(s) in
    the same quadrant as at least one character must move". Then, solo and co-op, "For each Relic
    already acquired, move one Monster ... an additional time" (without the jumps)."""
    ctx.pop()
    s = ctx.s
    if not s.monsters or s.over:
        return
    if not s.team:
        ctx.push("monster_pick", task.seat, b=1)
        return
    acquired = len(s.exit_relics) + sum(len(ctx.relics_of(seat)) for seat in range(s.players))
    for _relic in range(acquired):
        ctx.push("monster_pick", task.seat, b=0)
    for index in reversed(_eligible(ctx)):
        ctx.push("monster_go", task.seat, a=index, b=1)


def _eligible(ctx: Ctx) -> list[int]:
    s = ctx.s
    seats = [s.turn] if s.mode == "solo" else None
    quarters = quadrants_with_pawns(ctx, seats)
    return [i for i, m in enumerate(s.monsters) if geo.quadrant(m.cell) in quarters]


def monster_pick(ctx: Ctx, task: Task) -> None:
    ctx.pop()
    eligible = _eligible(ctx)
    if len(eligible) == 1:
        ctx.push("monster_go", task.seat, a=eligible[0], b=task.b)
    elif eligible:
        ctx.push("monster", task.seat, b=task.b, tiles=eligible)


def monster_choices(ctx: Ctx, task: Task) -> list[Choice]:
    choices = []
    for index in task.tiles:
        monster = ctx.s.monsters[index]
        name = ctx.d.monster_of(monster.id).name
        path = path_for(ctx, index, bool(task.b))
        if path.victims:
            preview = _(tt.MONSTER_PREVIEW_ATTACK).format(
                where=geo.label(path.end), who=", ".join(pn(v) for v in path.victims)
            )
        elif path.attacks:
            preview = _(tt.MONSTER_PREVIEW_TILE).format(where=geo.label(path.end))
        else:
            preview = _(tt.MONSTER_PREVIEW_STOP).format(where=geo.label(path.end))
        label = _(tt.MONSTER_MOVES).format(name=name, where=geo.label(monster.cell))
        choices.append(Choice(f"monster:{index}", label, group="monster", description=preview[:100], public=True))
    return choices


def monster_apply(ctx: Ctx, task: Task, action: str) -> None:
    ctx.pop()
    ctx.push("monster_go", task.seat, a=int(action.split(":")[1]), b=task.b)


def monster_go(ctx: Ctx, task: Task) -> None:
    ctx.pop()
    s = ctx.s
    monster = s.monsters[task.a]
    kind = ctx.d.monster_of(monster.id)
    path = path_for(ctx, task.a, bool(task.b))
    monster.cell = path.end
    if not path.attacks:
        ctx.say(_(tt.MONSTER_WALKS).format(name=kind.name, where=geo.label(path.end)))
        return
    ctx.say(_(tt.MONSTER_ATTACKS).format(name=kind.name, where=geo.label(path.end)))
    # "After attacking the Monster stops moving and will return to one of the four center spaces"
    ctx.push("mreturn", s.turn, a=task.a)
    # Harm and theft run as tasks, since a victim may use an item first (pushed last-first, so
    # they run in seat order); the other attacks happen at once.
    deferred = kind.attack in ("health", "steal_items")
    for victim in reversed(path.victims) if deferred else path.victims:
        _attack(ctx, kind, victim, task.a)


def _attack(ctx: Ctx, kind: MonsterKind, victim: int, index: int) -> None:
    s = ctx.s
    pawn = s.seats[victim]
    match kind.attack:
        case "health":
            # Koka and Vikoka "may be scared off with a Torch"; Tauriz: "Each bullet token expended
            # reduces the damage inflicted by 1 Health Point".
            steps = ("torch",) * kind.torch + ("bullets",) * kind.bullets + ("aid",)
            threaten(ctx, victim, "monster", kind.damage, steps)
        case "steal_items":
            ctx.push("sirrush", victim)
            before_theft(ctx, victim, "sirrush")
        case "steal_relics":
            relics = ctx.relics_of(victim)
            for tile in relics:
                pawn.equipment.remove(tile)
                ctx.push("groot", s.turn, a=tile, b=geo.quadrant(s.monsters[index].cell))
            if relics:
                ctx.say(tt.groot_steals(count=len(relics), who=pn(victim)))
        case "discard_hand":
            s.discards.extend(pawn.hand)
            pawn.hand = []
            ctx.say(_(tt.MINHOCAO).format(who=pn(victim)))
        case "send_away":
            if not any(t.kind == "yao" and t.a == pawn.cell for t in s.tasks):
                ctx.push("yao", s.turn, a=pawn.cell, b=3 - geo.quadrant(pawn.cell))


def sirrush(ctx: Ctx, task: Task) -> None:
    """ "Sirrush will steal 1/2 of the character's items that are being carried (rounded up, so if
    the character is carrying 3 items the Sirrush will steal 2), not including carried Relics."
    (House rule: the most recently added items.)"""
    ctx.pop()
    pawn = ctx.s.seats[task.seat]
    items = items_of(ctx, task.seat)
    stolen = items[len(items) - (len(items) + 1) // 2 :]
    for tile in stolen:
        pawn.equipment.remove(tile)
        ctx.s.discards.append(tile)
    if stolen:
        ctx.say(_(tt.SIRRUSH_STEALS).format(names=tt.names(ctx, stolen), who=pn(task.seat)))


# --------------------------------------------------------------------------- after the attack


def _free(ctx: Ctx, cell: int, moving: int = -1) -> bool:
    s = ctx.s
    return (
        cell not in s.board
        and cell not in s.relics
        and cell != ctx.d.board.exit_cell
        and all(m.cell != cell for i, m in enumerate(s.monsters) if i != moving)
    )


def return_spaces(ctx: Ctx, index: int) -> list[int]:
    """ "return to one of the four center spaces of its quadrant ... If all of these four spaces
    have tiles on them place the Monster tile in any of the 12 spaces that surround the center
    four spaces." (House rule: failing those, any free space of the quadrant.)"""
    q = geo.quadrant(ctx.s.monsters[index].cell)
    for spaces in (geo.centre_four(q), geo.centre_ring(q)):
        free = [c for c in spaces if _free(ctx, c, index)]
        if free:
            return free
    return [c for c in range(geo.SIZE * geo.SIZE) if geo.quadrant(c) == q and _free(ctx, c, index)]


def mreturn_choices(ctx: Ctx, task: Task) -> list[Choice]:
    return [
        Choice(f"mret:{geo.label(c)}", _(tt.MONSTER_RETURN).format(where=geo.label(c)), group="space", public=True)
        for c in return_spaces(ctx, task.a)
    ]


def mreturn_apply(ctx: Ctx, task: Task, action: str) -> None:
    ctx.pop()
    cell = geo.parse_label(action.split(":")[1])
    assert cell is not None
    _return_to(ctx, task.a, cell)


def _return_to(ctx: Ctx, index: int, cell: int) -> None:
    monster = ctx.s.monsters[index]
    monster.cell = cell
    ctx.say(_(tt.MONSTER_BACK).format(name=ctx.d.monster_of(monster.id).name, where=geo.label(cell)))


def groot_spaces(ctx: Ctx, quarter: int) -> list[int]:
    """Grootslang: "Place the Relic(s) on any Relic starting spaces in another quadrant." """
    spaces = sorted({c for cells in ctx.d.board.relic_spaces.values() for c in cells})
    monsters = {m.cell for m in ctx.s.monsters}
    found = [c for c in spaces if geo.quadrant(c) != quarter and c not in ctx.s.board and c not in monsters]
    if not found:  # house rule: every starting space is built over; any free space elsewhere
        found = [c for c in range(geo.SIZE * geo.SIZE) if geo.quadrant(c) != quarter and _free(ctx, c)]
    return found


def groot_choices(ctx: Ctx, task: Task) -> list[Choice]:
    name = ctx.name(task.a)
    return [
        Choice(
            f"groot:{geo.label(c)}", _(tt.GROOT_PLACE).format(name=name, where=geo.label(c)), group="space", public=True
        )
        for c in groot_spaces(ctx, task.b)
    ]


def groot_apply(ctx: Ctx, task: Task, action: str) -> None:
    ctx.pop()
    cell = geo.parse_label(action.split(":")[1])
    assert cell is not None
    ctx.s.relics.setdefault(cell, []).append(Relic(task.a, 0))
    ctx.say(_(tt.GROOT_PLACED).format(name=ctx.name(task.a), where=geo.label(cell)))


def yao_spaces(ctx: Ctx, quarter: int) -> list[int]:
    """ "to the one of the spaces marked ... in the diagonally opposite quadrant" (house rule: if
    both are taken, the free spaces of that quadrant nearest to its marks)."""
    marks = ctx.d.board.yaoguai[quarter]
    free = [c for c in marks if _free(ctx, c)]
    if free:
        return free

    def distance(cell: int) -> int:
        return min(abs(cell % 12 - m % 12) + abs(cell // 12 - m // 12) for m in marks)

    spaces = [c for c in range(geo.SIZE * geo.SIZE) if geo.quadrant(c) == quarter and _free(ctx, c)]
    spaces.sort(key=lambda c: (distance(c), c))
    return spaces[:2]


def yao_choices(ctx: Ctx, task: Task) -> list[Choice]:
    return [
        Choice(f"yao:{geo.label(c)}", _(tt.YAOGUAI_TARGET).format(where=geo.label(c)), group="space", public=True)
        for c in yao_spaces(ctx, task.b)
    ]


def yao_apply(ctx: Ctx, task: Task, action: str) -> None:
    """ "Yaoguai will send the characters they encounter, and the tile they are on (but not other
    connected passages) ... Discard any vacated tiles (these do not count toward additional Monster
    movements)." """
    ctx.pop()
    s = ctx.s
    cell = geo.parse_label(action.split(":")[1])
    assert cell is not None
    if task.a in s.board:
        s.board[cell] = s.board.pop(task.a)
    for pawn in s.seats:
        if pawn.cell == task.a:
            pawn.cell = cell
    ctx.say(_(tt.YAOGUAI_SENDS).format(old=geo.label(task.a), where=geo.label(cell)))
    discard_vacated(ctx)
