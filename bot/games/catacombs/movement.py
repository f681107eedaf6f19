"""Moving pawns: along a route, across obstacles, linking passages, to relics and the Exit.

"You must then move your pawn through the passages to the end of the passage on the last Tile
just placed, or an intersection if the Tile is an X or T Tile, or to an Obstacle if you choose
to not move through the Obstacle."
"""

from __future__ import annotations

import itertools

from bot.engine import Choice
from bot.games.catacombs import geometry as geo
from bot.games.catacombs import texts
from bot.games.catacombs.board import discard_vacated, pawn_node, seats_on
from bot.games.catacombs.context import Ctx
from bot.games.catacombs.equipment import discard_item, gain, items_of, room_for_relics
from bot.games.catacombs.i18n import _
from bot.games.catacombs.passages import Layout, Node
from bot.games.catacombs.perish import lose_health, perish
from bot.games.catacombs.reactions import before_theft, threaten
from bot.games.catacombs.state import Move, Task
from bot.games.catacombs.texts import pn


def free_cells(ctx: Ctx) -> dict[int, bool]:
    return {cell: True for cell, tile in ctx.s.board.items() if tile.slid}


def set_node(ctx: Ctx, lay: Layout, seat: int, node: Node) -> None:
    pawn = ctx.s.seats[seat]
    pawn.cell = node[0]
    pawn.side = lay.side_of(node)


def begin_move(ctx: Ctx, goal: Node, purpose: str = "play", target: int = -1) -> None:
    """Start the active player's move; in co-op, teammates on the same spot may come along
    ("whenever one player adds to the passage both characters can move together")."""
    s = ctx.s
    lay = ctx.layout()
    here = pawn_node(lay, s, s.turn)
    mates = [o for o in range(s.players) if o != s.turn and pawn_node(lay, s, o) == here] if s.team else []
    if mates and purpose != "link":
        ctx.push("together", s.turn, a=goal[0], b=goal[1], tiles=[target], text=purpose)
        return
    start_move(ctx, [s.turn], goal, purpose, target)


def together_choices(ctx: Ctx, task: Task) -> list[Choice]:
    lay = ctx.layout()
    here = pawn_node(lay, ctx.s, task.seat)
    mates = [o for o in range(ctx.s.players) if o != task.seat and pawn_node(lay, ctx.s, o) == here]
    who = ", ".join(pn(m) for m in mates)
    return [
        Choice("together", _(texts.MOVE_TOGETHER).format(who=who), group="move", style="primary", public=True),
        Choice("alone", _(texts.MOVE_ALONE), group="move", public=True),
    ]


def together_apply(ctx: Ctx, task: Task, action: str) -> None:
    ctx.pop()
    lay = ctx.layout()
    here = pawn_node(lay, ctx.s, task.seat)
    movers = [task.seat]
    if action == "together":
        movers += [o for o in range(ctx.s.players) if o != task.seat and pawn_node(lay, ctx.s, o) == here]
    start_move(ctx, movers, (task.a, task.b), task.text, task.tiles[0])


def start_move(ctx: Ctx, movers: list[int], goal: Node, purpose: str, target: int = -1) -> None:
    lay = ctx.layout()
    start = pawn_node(lay, ctx.s, movers[0])
    route = lay.route(start, goal, free_cells(ctx)) or [start]
    ctx.s.move = Move(movers, [list(n) for n in route], purpose=purpose, target=target, start=list(start))
    ctx.push("move_step")


def move_step(ctx: Ctx, task: Task) -> None:
    """Walk the route; stop for a decision at each obstacle that must be paid for."""
    ctx.pop()
    move = ctx.s.move
    assert move is not None
    lay = ctx.layout()
    free = free_cells(ctx)
    while not move.stopped and move.pos < len(move.route) - 1:
        here, there = move.route[move.pos], move.route[move.pos + 1]
        crossing = here[0] == there[0] and here[0] in lay.obstacles and not free.get(here[0])
        if crossing and move.purpose != "swap":
            unpaid = [m for m in move.movers if m not in move.paid]
            if unpaid:
                ctx.push("move_step")
                ctx.push("cross", ctx.s.turn, a=here[0], b=unpaid[0])
                return
        move.paid = []
        move.pos += 1
        for mover in move.movers:
            set_node(ctx, lay, mover, (there[0], there[1]))
            ctx.s.seats[mover].start = ""
    finish_move(ctx)


def cross_choices(ctx: Ctx, task: Task) -> list[Choice]:
    """ "Cave In Tiles may be crossed by expending 1 Health Point or by using the Pickaxe" (and
    Gulch/Whip, Flooded Passage/Kayak); the Adventurer crosses "at the cost of a turn"."""
    s = ctx.s
    mover = task.b
    obstacle = ctx.layout().obstacles[task.a]
    owners = s.move.movers if s.move and s.team else [mover]
    choices: list[Choice] = []
    for owner in owners:
        for tile in items_of(ctx, owner, "cross"):
            if ctx.kind(tile).crosses == obstacle:
                whose = "" if owner == mover else _(texts.OWNED_BY).format(who=pn(owner))
                label = _(texts.CROSS_WITH).format(name=ctx.name(tile), whose=whose)
                choices.append(Choice(f"cross:item:{tile}", label, group="cross", style="success"))
    pawn = s.seats[mover]
    if pawn.health > 0:
        choices.append(Choice("cross:health", _(texts.CROSS_HEALTH).format(left=pawn.health - 1), group="cross"))
    else:
        choices.append(Choice("cross:health", _(texts.CROSS_PERISH), group="cross", style="danger"))
    if ctx.ability(mover) == "free_crossing":
        choices.append(Choice("cross:turn", _(texts.CROSS_TURN), group="cross"))
    choices.append(
        Choice("cross:stop", _(texts.CROSS_STOP).format(name=_(texts.OBSTACLE_NAMES[obstacle])), group="cross")
    )
    return choices


def cross_apply(ctx: Ctx, task: Task, action: str) -> None:
    ctx.pop()
    move = ctx.s.move
    assert move is not None
    mover = task.b
    how = action.split(":")[1]
    name = _(texts.OBSTACLE_NAMES[ctx.layout().obstacles[task.a]])
    if how == "stop":
        move.stopped = True
        ctx.say(_(texts.STOPS_AT).format(who=pn(mover), name=name, where=geo.label(task.a)))
        return
    if how == "item":
        tile = int(action.split(":")[2])
        owner = next(o for o in move.movers if tile in ctx.s.seats[o].equipment)
        discard_item(ctx, owner, tile)
        ctx.say(_(texts.CROSSES_WITH).format(who=pn(mover), name=name, item=ctx.name(tile)))
    elif how == "turn":
        ctx.s.seats[mover].skip += 1
        ctx.say(_(texts.CROSSES_TURN).format(who=pn(mover), name=name))
    else:
        ctx.say(_(texts.CROSSES_HEALTH).format(who=pn(mover), name=name))
        if lose_health(ctx, mover, 1):
            return  # "he perishes on the Obstacle Tile"
    move.paid.append(mover)


def finish_move(ctx: Ctx) -> None:
    s = ctx.s
    move = s.move
    assert move is not None
    s.move = None
    arrived = not move.stopped and move.pos == len(move.route) - 1
    leader = move.movers[0]
    if move.purpose == "link" and not arrived:
        # "An Active player may connect two passages with an Obstacle Tile and choose not to move
        # through the Obstacle. In this case neither player moves nor is an item stolen."
        set_node(ctx, ctx.layout(), leader, (move.start[0], move.start[1]))
    if s.flags.vacate_after:
        s.flags.vacate_after = False
        discard_vacated(ctx)
    if s.over:
        return
    if not move.stopped:
        # After stopping at an obstacle the player is not asked again to go on through it.
        ctx.push("arrive_check", leader)
    if move.purpose == "link" and arrived:
        ctx.push("steal", leader, a=move.target, tiles=move.start)
        before_theft(ctx, move.target, "link")
    elif move.purpose == "relic" and arrived:
        take_relics(ctx, leader, move.target)
    elif move.purpose == "exit" and arrived:
        for mover in move.movers:
            reach_exit(ctx, mover)


# --------------------------------------------------------------------------- linking passages


def steal_choices(ctx: Ctx, task: Task) -> list[Choice]:
    """ "The Active player may choose any one Item from the other player's Equipment before the
    other player moves. This Item may be a Relic or other Item." The Mercenary "may also expend 1
    bullet to reduce an opponent's Health Points by 1 instead of stealing"."""
    seat, other = task.seat, task.a
    choices = []
    for tile in ctx.s.seats[other].equipment:
        if ctx.kind(tile).cls == "relic" and room_for_relics(ctx, seat) <= 0:
            continue
        choices.append(Choice(f"steal:{tile}", _(texts.STEAL).format(name=ctx.name(tile)), group="steal"))
    if ctx.ability(seat) == "gunman" and ctx.s.seats[seat].bullets > 0:
        choices.append(Choice("shoot", _(texts.SHOOT).format(who=pn(other)), group="steal", style="danger"))
    choices.append(Choice("steal:none", _(texts.STEAL_NOTHING), group="steal"))
    return choices


def steal_apply(ctx: Ctx, task: Task, action: str) -> None:
    ctx.pop()
    s = ctx.s
    seat, other = task.seat, task.a
    if action == "shoot":
        s.seats[seat].bullets -= 1
        ctx.say(_(texts.SHOOTS).format(who=pn(seat), other=pn(other)))
        # "shot by the Mercenary he perishes on his current Tile": the way back waits for the shot
        # (First Aid may keep him alive).
        ctx.push("swap", seat, a=other, b=s.seats[other].perished, tiles=task.tiles)
        threaten(ctx, other, "shot", 1, ("aid",))
        return
    if action != "steal:none":
        tile = int(action.split(":")[1])
        s.seats[other].equipment.remove(tile)
        ctx.say(_(texts.STEALS).format(who=pn(seat), name=ctx.name(tile), other=pn(other)))
        gain(ctx, seat, [tile])
    _swap_back(ctx, other, task.tiles)


def swap(ctx: Ctx, task: Task) -> None:
    """After the Mercenary's shot: the other player goes back, unless he perished."""
    ctx.pop()
    if ctx.s.seats[task.a].perished == task.b:
        _swap_back(ctx, task.a, task.tiles)
    elif ctx.s.flags.vacate_after:
        ctx.s.flags.vacate_after = False
        discard_vacated(ctx)


def _swap_back(ctx: Ctx, other: int, start_node: list[int]) -> None:
    """ "The other player then proceeds back the way the Active player came from." """
    s = ctx.s
    lay = ctx.layout()
    start = (start_node[0], start_node[1])
    if start[0] in lay.opens:
        set_node(ctx, lay, other, start)
        s.seats[other].start = ""
    ctx.say(_(texts.SWAPS).format(who=pn(other), where=geo.label(start[0])))
    if s.flags.vacate_after:
        s.flags.vacate_after = False
        discard_vacated(ctx)


def link_ready(ctx: Ctx, seat: int) -> list[int]:
    """Opponents already on the player's passage behind an obstacle, whom the player may now
    reach ("if the other player decides to move through the Obstacle on his turn he can initiate
    the link and steal an item from the first player")."""
    s = ctx.s
    if s.team:
        return []
    lay = ctx.layout()
    here = pawn_node(lay, s, seat)
    nodes = lay.component(here)
    if (lay.exit_cell, 4) in nodes:
        return []
    found = []
    for other in seats_on(lay, s, nodes, exclude=seat):
        route = lay.route(here, pawn_node(lay, s, other))
        if route and lay.obstacles_on(route):
            found.append(other)
    return found


# --------------------------------------------------------------------------- relics and the Exit


def take_relics(ctx: Ctx, seat: int, cell: int) -> None:
    """ "He can then immediately add the Relic Tile face down to his Equipment (discarding another
    item if necessary). He can then take another turn". A stack may be taken whole."""
    stack = ctx.s.relics.get(cell, [])
    room = room_for_relics(ctx, seat)
    taken = [r.id for r in reversed(stack)][:room]
    if not taken:
        ctx.say(_(texts.NO_ROOM_FOR_RELIC).format(who=pn(seat)))
        return
    remaining = stack[: len(stack) - len(taken)]
    if remaining:
        ctx.s.relics[cell] = remaining
    else:
        ctx.s.relics.pop(cell, None)
    ctx.say(_(texts.TAKES_RELICS).format(who=pn(seat), names=", ".join(ctx.name(t) for t in taken)))
    ctx.s.flags.extra = True
    gain(ctx, seat, taken)


def reach_exit(ctx: Ctx, seat: int) -> None:
    s = ctx.s
    relics = ctx.relics_of(seat)
    if not s.team:
        if len(relics) >= s.relics_to_win:
            s.over = "escaped"
            s.winners = [seat]
            s.tasks.clear()
            s.play = None
            ctx.say(_(texts.ESCAPES).format(who=pn(seat), count=len(relics)))
        return
    if relics:
        # "You can carry Relics to the Exit space and then leave them there"
        for tile in relics:
            s.seats[seat].equipment.remove(tile)
        s.exit_relics.extend(relics)
        ctx.say(texts.leaves_relics(who=pn(seat), count=len(relics), total=len(s.exit_relics)))
        if len(s.exit_relics) >= s.relic_count:
            s.over = "delivered"
            s.tasks.clear()
            s.play = None


def arrive_targets(ctx: Ctx, seat: int) -> tuple[dict[int, Node], Node | None]:
    """Relic stacks the pawn's passage now reaches, and the Exit if worth going to."""
    s = ctx.s
    lay = ctx.layout()
    here = pawn_node(lay, s, seat)
    nodes = lay.component(here)
    relics = lay.relic_reach({cell for cell, _end in nodes}) if room_for_relics(ctx, seat) > 0 else {}
    exit_node = (lay.exit_cell, 4)
    carried = len(ctx.relics_of(seat))
    # Competitive: only worth it to escape. Co-op and solo: to leave Relics, or to gather there
    # and end the expedition.
    useful = carried >= s.relics_to_win if not s.team else True
    goes_out = exit_node in nodes and here != exit_node and useful
    return relics, exit_node if goes_out else None


def arrive_check(ctx: Ctx, task: Task) -> None:
    ctx.pop()
    if ctx.s.over:
        return
    relics, exit_node = arrive_targets(ctx, task.seat)
    if relics or exit_node:
        ctx.push("arrive", task.seat)


def arrive_choices(ctx: Ctx, task: Task) -> list[Choice]:
    relics, exit_node = arrive_targets(ctx, task.seat)
    lay = ctx.layout()
    here = pawn_node(lay, ctx.s, task.seat)
    choices = []
    if exit_node:
        cost = texts.route_cost(lay.obstacles_on(lay.route(here, exit_node) or []))
        choices.append(Choice("go:exit", _(texts.GO_EXIT), group="go", style="success", description=cost, public=True))
    for cell, node in relics.items():
        names = ", ".join(ctx.name(r.id) for r in reversed(ctx.s.relics[cell]))
        cost = texts.route_cost(lay.obstacles_on(lay.route(here, node) or []))
        label = _(texts.GO_RELIC).format(names=names, where=geo.label(cell))
        choices.append(Choice(f"go:{geo.label(cell)}", label[:80], group="go", description=cost, public=True))
    choices.append(Choice("stay", _(texts.STAY), group="go", public=True))
    return choices


def arrive_apply(ctx: Ctx, task: Task, action: str) -> None:
    ctx.pop()
    if action == "stay":
        return
    target = action.split(":")[1]
    if target == "exit":
        begin_move(ctx, (ctx.d.board.exit_cell, 4), "exit")
        return
    cell = geo.parse_label(target)
    assert cell is not None
    relics, _exits = arrive_targets(ctx, task.seat)
    begin_move(ctx, relics[cell], "relic", cell)


def shove(ctx: Ctx, seat: int, goal: Node) -> None:
    """Move another character into a tile played on his passage, "but not through any Obstacles"."""
    lay = ctx.layout()
    route = lay.route(pawn_node(lay, ctx.s, seat), goal, {}) or []
    reached = route[0] if route else pawn_node(lay, ctx.s, seat)
    for here, there in itertools.pairwise(route):
        if here[0] == there[0] and here[0] in lay.obstacles:
            break
        reached = there
    set_node(ctx, lay, seat, reached)
    ctx.s.seats[seat].start = ""
    ctx.say(_(texts.PUSHED).format(who=pn(seat), where=geo.label(reached[0])))


__all__ = ["perish"]
