"""One muggle turn: the die, the move, and what the muggle does where it lands.

"Picking up caches - A muggle landing on a cache tile (previously revealed or not) picks up the
cache tile and carries it around. ... If he is already carrying a cache, he first discards that
carried cache (which is now out of play for remainder of the game). Empty spaces are filled with a
new face down tile from the stock." The problem tiles "fall into four categories for muggles":
geocaching and weather tiles have no effect and stay; a Terrain Hazard he reveals makes him step
back; a Nuisance he reveals stays, and "If on his next turn, he rolls a 4,5, or 6, the nuisance
tile is removed and replaced with a face down tile. Either way he moves off the space according to
the roll." A Take Event Card tile: "The nearest human player draws an Event Card ... The furthest
human player discards an Event Card he holds (if any). Finally the muggle rolls the die again for
another turn."
"""

from __future__ import annotations

from bot.engine import Event
from bot.games.cmiyc import pieces
from bot.games.cmiyc.i18n import data_text as base_data_text
from bot.games.muggles import reveals, texts
from bot.games.muggles.context import Team
from bot.games.muggles.i18n import _
from bot.games.muggles.walk import call_for_help, describe, hazard, plan, unsafe

BACK = "back"


def take_turn(ctx: Team, index: int) -> None:
    """Roll and move muggle ``index``, then act where it lands. One line tells the move; what it
    causes (the bear, a Map, a card drawn) follows in its own lines."""
    state = ctx.state
    muggle = state.muggles[index]
    roll = ctx.rng.die()
    ctx.revealed = True
    start = len(ctx.events)
    removal = ""
    if muggle.nuisance:
        muggle.nuisance = False
        removal = _nuisance_roll(ctx, muggle.square, roll)
    found = plan(ctx, muggle, roll)
    if found is None:
        text = texts.blocked_everywhere(call_for_help(ctx, index))
    else:
        text = describe(muggle.facing, roll, found)
        trail = [muggle.square, *found.path]
        muggle.facing = found.direction
        muggle.square = found.path[-1]
        text += settle_on(ctx, index, trail)
    ctx.events.insert(start, Event(texts.muggle_roll(roll, texts.muggle_name(ctx, index), removal + text)))


def _nuisance_roll(ctx: Team, square: str, roll: int) -> str:
    tile = ctx.state.board.get(square)
    if roll < 4 or tile is None or tile not in ctx.state.faceup or ctx.data.kind(tile).group != "nuisance":
        return ""
    name = texts.kind_name(ctx.data, tile)
    pieces.discard_tile(ctx, square)
    return texts.nuisance_removed(name, square)


def settle_on(ctx: Team, index: int, trail: list[str]) -> str:
    """Land on the last square of ``trail``. A Terrain Hazard revealed there sends the muggle back:
    "immediately takes one step back (or more if needed to avoid an unsafe area). He still faces the
    same direction, and performs whatever action fits landing on that space. If unable to safely step
    back, he Calls For Help"."""
    muggle = ctx.state.muggles[index]
    told = []
    for _step in range(len(trail) + 1):
        result, text = land(ctx, index)
        told.append(text)
        if result != BACK:
            break
        trail.pop()
        zone = unsafe(ctx)
        while trail and (trail[-1] in zone or hazard(ctx, trail[-1])):
            trail.pop()
        if not trail:
            told.append(texts.no_way_back(call_for_help(ctx, index)))
            break
        muggle.square = trail[-1]
        told.append(texts.steps_back(muggle.square))
    return "".join(told)


def land(ctx: Team, index: int) -> tuple[str, str]:
    """What the muggle does on its square: (``BACK`` or "", the words for it)."""
    state = ctx.state
    muggle = state.muggles[index]
    square = muggle.square
    tile = state.board.get(square)
    if tile is None:
        return "", ""
    kind = ctx.data.kind(tile)
    fresh = tile not in state.faceup
    if fresh:
        reveals.turn_up(ctx, square)
    if kind.is_cache:
        return "", pick_up(ctx, index, square, fresh)
    match kind.category:
        case "problem":
            return _problem(ctx, index, square, fresh)
        case "event":
            return "", event_tile(ctx, index, square)
        case "map":
            reveals.map_landing(ctx, None, square, fresh)
            return "", _(texts.MUGGLE_MAP)
        case "blank":
            reveals.construction_landing(ctx, None, square, fresh)
            return "", _(texts.MUGGLE_CONSTRUCTION) if fresh else ""
    return "", texts.muggle_reveals(base_data_text(kind.name)) if fresh else ""


def _problem(ctx: Team, index: int, square: str, fresh: bool) -> tuple[str, str]:
    kind = ctx.data.kind(ctx.state.board[square])
    if kind.group == "terrain" and fresh:
        text = texts.muggle_hazard(base_data_text(kind.name))
        if kind.effect == "bear":
            reveals.bear_wakes(ctx, square, muggle=index)
        return BACK, text
    if kind.group == "nuisance":
        if fresh:
            ctx.state.muggles[index].nuisance = True
            return "", texts.muggle_nuisance(base_data_text(kind.name))
        return "", ""
    return "", texts.muggle_shrugs(base_data_text(kind.name)) if fresh else ""


def pick_up(ctx: Team, index: int, square: str, fresh: bool) -> str:
    """The muggle takes the cache (no equipment needed), dropping the one it carried out of play."""
    state = ctx.state
    muggle = state.muggles[index]
    tile = pieces.lift(ctx, square)
    dropped = muggle.carrying
    if dropped >= 0:
        state.discard.append(dropped)
    muggle.carrying = tile
    pieces.refill(ctx, square)
    name = texts.kind_name(ctx.data, tile)
    return texts.picks_up(name, fresh, texts.kind_name(ctx.data, dropped) if dropped >= 0 else "")


def distance(ctx: Team, a: str, b: str) -> int:
    """Squares along rows and columns of the grid (the boards share one grid)."""
    sa, sb = ctx.data.board.squares[a], ctx.data.board.squares[b]
    return abs(sa.column - sb.column) + abs(sa.row - sb.row)


def nearest_and_furthest(ctx: Team, square: str) -> tuple[int, int]:
    """The nearest and the furthest human from ``square``; on a tie the earlier seat counts as nearer."""
    order = sorted(range(ctx.state.players), key=lambda s: (distance(ctx, square, ctx.player(s).square), s))
    return order[0], order[-1]


def event_tile(ctx: Team, index: int, square: str) -> str:
    """A Take Event Card tile under a muggle: the card business is queued before the muggle's next roll.
    The tile says "Replace when revealed", so it leaves the board like under a human."""
    state = ctx.state
    pieces.discard_tile(ctx, square)
    nearest, furthest = nearest_and_furthest(ctx, state.muggles[index].square)
    if state.players == 1:
        tasks = [f"order:{nearest}"]
        text = texts.muggle_event_solo(nearest)
    else:
        tasks = [f"draw:{nearest}", f"discard:{furthest}"]
        text = texts.muggle_event(nearest, furthest)
    state.muggle_tasks[0:0] = [*tasks, f"move:{index}"]
    return text
