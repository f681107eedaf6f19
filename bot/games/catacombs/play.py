"""Playing Passage Tiles: one tile at a time, then the move.

"You may play Passage Tiles so that the end of each passage connects to the end of a passage on
your character's current Tile, or one already connected to the current Tile. Tiles must be placed
so that each tile connects to the previous tile played."

Decisions: ``place`` (where the picked tile goes), ``chain`` (another tile, or move), and the
slide's, Torch's and Path Marker's tiles, which are drawn and placed the same way.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from bot.engine import Choice
from bot.games.catacombs import geometry as geo
from bot.games.catacombs import texts
from bot.games.catacombs.board import (
    Components,
    Placement,
    ends_of,
    far_side_free,
    fits,
    pawn_node,
    placed_links,
    put,
    seats_on,
    slide_ok,
)
from bot.games.catacombs.context import Ctx
from bot.games.catacombs.draws import draw_passages, draw_until
from bot.games.catacombs.i18n import _, data_text
from bot.games.catacombs.movement import begin_move, shove
from bot.games.catacombs.passages import WHOLE, far_end
from bot.games.catacombs.state import Play, Task
from bot.games.catacombs.texts import pn

HAND_SOURCES = ("hand", "extra", "arch")
RETURN_TO = {"hand": "action", "extra": "x_play", "arch": "arch_play"}


def new_play(ctx: Ctx, seat: int, source: str, limit: int = 0) -> Play:
    lay = ctx.layout()
    base = seats_on(lay, ctx.s, lay.component(pawn_node(lay, ctx.s, seat)))
    return Play(source=source, limit=limit, base=base)


def _ends_of_cell(ctx: Ctx, cell: int) -> list[tuple[int, str]]:
    return ctx.layout().open_ends([cell])


# --------------------------------------------------------------------------- where a tile may go


def placements(ctx: Ctx, seat: int, tile: int, source: str) -> list[Placement]:
    """Every legal placement of ``tile`` for the play being made (or about to be made)."""
    if source == "slide":
        return _drawn_placements(ctx, tile, slide=True)
    if source == "torch":
        return _drawn_placements(ctx, tile, slide=False)
    s = ctx.s
    play = s.play or new_play(ctx, seat, source)
    kind = ctx.kind(tile)
    lay = ctx.layout()
    found: list[Placement] = []
    own_open = not play.link and not play.mate_done and not (play.limit and play.placed >= play.limit)
    if own_open:
        if play.slides:
            ends = _ends_of_cell(ctx, play.chain[-1]) if kind.slide else []
        elif play.chain:
            ends = _ends_of_cell(ctx, play.chain[-1])
        else:
            ends = ends_of(lay, s, seat)
        known: Components = {}
        for p in fits(kind, ends, lay, "put"):
            if kind.slide and not slide_ok(lay, p, kind):
                continue
            joined, to_exit = placed_links(lay, s, kind, p, set(play.base) | {seat}, known)
            if joined and not s.team:
                if to_exit:
                    continue  # "Passages may not be linked when either character's passage is still connected to the Exit"
                p = replace(p, links=tuple(joined))
            found.append(p)
        if not play.chain and not play.placed and source == "hand":
            found += _dig_placements(ctx, seat, tile)
    if play.slides:
        return found
    if kind.rival and not s.team and source in HAND_SOURCES:
        mine = lay.component(pawn_node(lay, s, seat))
        for other in range(s.players):
            if other != seat and pawn_node(lay, s, other) not in mine:
                found += fits(kind, ends_of(lay, s, other), lay, "rival", other)
    if s.team and source == "hand" and not play.placed and not play.mate_done:
        mine = lay.component(pawn_node(lay, s, seat))
        for other in range(s.players):
            if other != seat and pawn_node(lay, s, other) not in mine:
                found += fits(kind, ends_of(lay, s, other), lay, "mate", other)
    unique: dict[str, Placement] = {}
    for p in found:
        unique.setdefault(p.action, p)
    return list(unique.values())


def _dig_placements(ctx: Ctx, seat: int, tile: int) -> list[Placement]:
    """ "He may place a Passage Tile adjacent to the tile he currently occupies so that its passage
    connects with a wall of his tile." Not "into an adjacent passage already occupied by another
    character"."""
    s = ctx.s
    pawn = s.seats[seat]
    if ctx.ability(seat) != "dig" or pawn.health < 1 or pawn.start or pawn.cell not in s.board:
        return []
    lay = ctx.layout()
    kind = ctx.kind(tile)
    walls = [(pawn.cell, d) for d in geo.DIRS if d not in lay.opens[pawn.cell]]
    found = []
    known: Components = {}
    for p in fits(kind, walls, lay, "dig"):
        joined, _to_exit = placed_links(lay, s, kind, p, {seat}, known)
        if not joined:
            found.append(p)
    return found


def _drawn_placements(ctx: Ctx, tile: int, *, slide: bool) -> list[Placement]:
    s = ctx.s
    play = s.play
    assert play is not None
    lay = ctx.layout()
    kind = ctx.kind(tile)
    if slide:
        ends = _ends_of_cell(ctx, play.chain[-1])
    else:
        ends = [(code // 4, geo.DIRS[code % 4]) for code in play.torch_ends]
    found = []
    known: Components = {}
    for p in fits(kind, ends, lay, "put"):
        if slide and play.after_slide == 0 and (kind.key == "dead_end" or not far_side_free(lay, p, kind)):
            continue  # "You may not play a Dead End Passage tile as the first tile after a Slide."
        joined, _to_exit = placed_links(lay, s, kind, p, set(play.base) | {s.turn}, known)
        if not joined:
            found.append(p)
    return found


def tile_choices(ctx: Ctx, seat: int, tiles: list[int], source: str, group: str) -> list[Choice]:
    """A choice per kind of tile that has somewhere to go (copies alike are the same move: the first
    is played), saying how many alike there are: not "Play L passage" five times."""
    kinds: dict[str, int] = {}
    for tile in tiles:
        kinds.setdefault(ctx.kind(tile).key, tile)
    count = Counter(ctx.kind(t).key for t in dict.fromkeys(tiles))
    return [
        Choice(f"pick:{t}", _play_label(ctx, t, count[ctx.kind(t).key]), group=group)
        for t in kinds.values()
        if placements(ctx, seat, t, source)
    ]


def _play_label(ctx: Ctx, tile: int, alike: int) -> str:
    name = ctx.name(tile)
    return _(texts.PLAY_TILES).format(name=name, n=alike) if alike > 1 else _(texts.PLAY_TILE).format(name=name)


def one_per_kind(ctx: Ctx, tiles: list[int], group: str, *, public: bool = False) -> list[Choice]:
    """ "Play L passage" once, saying how many alike there are, not five entries nothing tells apart;
    the copies stay legal (the same move), unlisted."""
    count = Counter(ctx.kind(t).key for t in tiles)
    listed: set[str] = set()
    out = []
    for t in tiles:
        key = ctx.kind(t).key
        out.append(
            Choice(f"pick:{t}", _play_label(ctx, t, count[key]), group=group, public=public, listed=key not in listed)
        )
        listed.add(key)
    return out


# --------------------------------------------------------------------------- place


def place_choices(ctx: Ctx, task: Task) -> list[Choice]:
    kind = ctx.kind(task.a)
    choices = [
        Choice(p.action, texts.placement_label(p, kind), group="where", description=texts.placement_help(p))
        for p in placements(ctx, task.seat, task.a, task.text)
    ]
    if task.text == "marker":
        choices.append(Choice("skip", _(texts.MARKER_SKIP), group="back"))
    else:
        choices.append(Choice("back", _(texts.BACK), group="back"))
    return choices


def tile_and_place(ctx: Ctx, seat: int, pick: Choice, source: str) -> list[Choice]:
    """A tile and where it goes in one tap (``play:<tile>:<placement>``), in place of "Play L passage"
    followed by its places: the same two steps, which ``apply_tile_and_place`` takes whole."""
    tile = int(pick.action.split(":")[1])
    name = ctx.name(tile)
    return [
        replace(choice, action=f"play:{tile}:{choice.action}", label=f"{name} → {choice.label}"[:80], group=pick.group)
        for choice in place_choices(ctx, Task("place", seat, a=tile, text=source))
        if choice.action not in ("back", "skip")
    ]


def place_apply(ctx: Ctx, task: Task, action: str) -> None:
    ctx.pop()
    s = ctx.s
    play = s.play
    assert play is not None
    if action == "back":
        if task.text in HAND_SOURCES and not play.placed and not play.rival_done:
            ctx.pop()  # the chain task: nothing was played, back to the menu
            s.play = None
            ctx.push(RETURN_TO[task.text], task.seat)
        return
    if action == "skip":
        play.drawn.remove(task.a)
        s.discards.append(task.a)
        ctx.pop()
        s.play = None
        return
    chosen = next(p for p in placements(ctx, task.seat, task.a, task.text) if p.action == action)
    _take_tile(ctx, task)
    match chosen.mode:
        case "rival":
            _place_rival(ctx, task.a, chosen)
        case "mate":
            _place_mate(ctx, task.a, chosen)
        case "dig":
            _dig(ctx, task.a, chosen)
        case _:
            _place_own(ctx, task, chosen)


def _take_tile(ctx: Ctx, task: Task) -> None:
    play = ctx.s.play
    assert play is not None
    if task.text in HAND_SOURCES:
        ctx.s.seats[ctx.s.turn].hand.remove(task.a)
    else:
        play.drawn.remove(task.a)


def _place_own(ctx: Ctx, task: Task, p: Placement) -> None:
    s = ctx.s
    play = s.play
    assert play is not None
    kind = ctx.kind(task.a)
    put(ctx, task.a, p.cell, p.rot)
    ctx.say(_(texts.PLACES).format(who=pn(task.seat), name=data_text(kind.name), where=geo.label(p.cell)))
    if task.text == "torch":
        play.torch_ends.remove(p.anchor * 4 + geo.DIRS.index(geo.OPPOSITE[p.side]))
        play.torch_cells.append(p.cell)
        return
    play.chain.append(p.cell)
    play.entries.append(p.side)
    if task.text == "slide":
        play.slide_cells.append(p.cell)
        play.after_slide += 1
        play.to_place -= 1
        return
    play.placed += 1
    if kind.slide:
        play.slides += 1
        play.slide_cells.append(p.cell)
        return
    if p.links:
        ctx.pop()  # the chain ends where it joins another passage
        play.link = list(p.links)
        if len(p.links) > 1:
            ctx.push("target", s.turn, tiles=p.links)
        else:
            start_link(ctx, p.links[0])
    elif play.limit and play.placed >= play.limit:
        ctx.pop()
        move_to_chain_end(ctx)


def _place_rival(ctx: Ctx, tile: int, p: Placement) -> None:
    """ "When a Rival Dead End Tile is played, move the opponent's pawn into the Rival Dead End,
    but not through any Obstacles." """
    play = ctx.s.play
    assert play is not None
    put(ctx, tile, p.cell, p.rot)
    play.rival_done = True
    ctx.say(_(texts.PLAYS_RIVAL).format(who=pn(ctx.s.turn), other=pn(p.target), where=geo.label(p.cell)))
    shove(ctx, p.target, (p.cell, WHOLE))


def _place_mate(ctx: Ctx, tile: int, p: Placement) -> None:
    """Co-op: "play 1 Passage Tile on another player's character's Passage"; that character moves
    to its end (house rule: not through obstacles, like a Rival Dead End)."""
    play = ctx.s.play
    assert play is not None
    put(ctx, tile, p.cell, p.rot)
    play.mate_done = True
    ctx.say(_(texts.PLAYS_FOR).format(who=pn(ctx.s.turn), other=pn(p.target), where=geo.label(p.cell)))
    ctx.pop()  # the chain: that one tile is the whole play
    shove(ctx, p.target, far_end(ctx.layout(), p.cell, p.side))


def _dig(ctx: Ctx, tile: int, p: Placement) -> None:
    """ "He may then pass through the wall to the new tile and lose one Health Point. His original
    starting tile is then discarded, even though it is still adjacent to his current tile." """
    s = ctx.s
    play = s.play
    assert play is not None
    seat = s.turn
    old = s.seats[seat].cell
    put(ctx, tile, p.cell, p.rot)
    s.seats[seat].health -= 1
    lay = ctx.layout()
    node = lay.entry(p.cell, p.side)
    s.seats[seat].cell, s.seats[seat].side = node[0], lay.side_of(node)
    if all(o.cell != old for o in s.seats) and old in s.board:
        s.discards.append(s.board.pop(old).id)
    play.chain, play.entries = [p.cell], [p.side]
    play.placed += 1
    play.moved = 1
    ctx.say(_(texts.DIGS).format(who=pn(seat), where=geo.label(p.cell)))


# --------------------------------------------------------------------------- the chain and the move


def chain_choices(ctx: Ctx, task: Task) -> list[Choice]:
    s = ctx.s
    play = s.play
    assert play is not None
    hand = s.seats[task.seat].hand
    if play.slides:
        choices = tile_choices(ctx, task.seat, [t for t in hand if ctx.kind(t).slide], play.source, "play")
        return choices + [
            Choice("slide", _(texts.SLIDE_DRAW).format(count=3 * play.slides), group="go", style="primary")
        ]
    choices = []
    if play.source in HAND_SOURCES:
        choices = tile_choices(ctx, task.seat, [t for t in hand if ctx.kind(t).is_passage], play.source, "play")
    label = _(texts.MOVE_TO_END) if len(play.chain) > play.moved else _(texts.FINISH_PLAY)
    return choices + [Choice("done", label, group="go", style="primary")]


def forced_finish(ctx: Ctx, task: Task) -> bool:
    """ "You must then move your pawn through the passages to the end of the passage on the last Tile
    just placed": when no tile in hand can follow and no item could be used first, finishing is all
    that is left (a person's tile and place then take it in the same tap)."""
    from bot.games.catacombs.equipment import free_choices

    only = chain_choices(ctx, task)
    return [c.action for c in only] == ["done"] and not free_choices(ctx, task.seat)


def chain_apply(ctx: Ctx, task: Task, action: str) -> None:
    play = ctx.s.play
    assert play is not None
    if action.startswith("pick:"):
        ctx.push("place", task.seat, a=int(action[5:]), text=play.source)
    elif action == "slide":
        ctx.push("slide_next", text="draw")
    else:
        ctx.pop()
        if len(play.chain) > play.moved:
            move_to_chain_end(ctx)


def move_to_chain_end(ctx: Ctx) -> None:
    play = ctx.s.play
    assert play is not None
    play.moved = len(play.chain)
    goal = far_end(ctx.layout(), play.chain[-1], play.entries[-1])
    begin_move(ctx, goal, "play")


def start_link(ctx: Ctx, other: int) -> None:
    """ "The active player proceeds onto the newly placed tile and on, into the other player's tile." """
    lay = ctx.layout()
    ctx.say(_(texts.LINKS).format(who=pn(ctx.s.turn), other=pn(other)))
    begin_move(ctx, pawn_node(lay, ctx.s, other), "link", other)


def target_choices(ctx: Ctx, task: Task) -> list[Choice]:
    """ "If a player connects to a passage that already has more than one player in it, the Active
    player chooses which opponent to move and steal an Item from." """
    return [
        Choice(f"target:{o}", _(texts.LINK_TARGET).format(who=pn(o)), group="target", public=True) for o in task.tiles
    ]


def target_apply(ctx: Ctx, task: Task, action: str) -> None:
    ctx.pop()
    start_link(ctx, int(action.split(":")[1]))


# --------------------------------------------------------------------------- slides


def slide_next(ctx: Ctx, task: Task) -> None:
    """The slide, step by step: draw, the player's own tiles, the tiles passed to the player on
    the left (solo: two more drawn and both played), then the slide itself."""
    ctx.pop()
    s = ctx.s
    play = s.play
    assert play is not None
    stage = task.text
    if stage == "draw":
        play.drawn = draw_passages(ctx, ctx.d.house.slide_draw * play.slides)
        play.to_place, play.after_slide = play.slides, 0
        ctx.say(_(texts.SLIDE_DRAWS).format(who=pn(s.turn), names=texts.names(ctx, play.drawn)))
        stage = "own"
    if stage == "own" and _slide_turn(ctx, s.turn, stage):
        return
    if stage == "own":
        stage = _pass_slide(ctx)
    chooser = s.turn if stage == "solo" else (s.turn + 1) % s.players
    if _slide_turn(ctx, chooser, stage):
        return
    finish_slide(ctx)


def _slide_turn(ctx: Ctx, chooser: int, stage: str) -> bool:
    play = ctx.s.play
    assert play is not None
    if play.to_place > 0 and any(_drawn_placements(ctx, t, slide=True) for t in play.drawn):
        ctx.push("slide_next", text=stage)
        ctx.push("slide_pick", chooser, text=stage)
        return True
    return False


def _pass_slide(ctx: Ctx) -> str:
    s = ctx.s
    play = s.play
    assert play is not None
    if s.mode == "solo":
        # "When playing a Slide passage, draw two more Passage tiles and play them both in any order."
        s.discards.extend(play.drawn)
        play.drawn = draw_passages(ctx, 2 * play.slides)
        play.to_place = 2 * play.slides
        ctx.say(_(texts.SLIDE_SOLO).format(names=texts.names(ctx, play.drawn)))
        return "solo"
    # "pass the two remaining Passage Tiles to the player to your left. The other player may draw
    # one more Passage Tile and then choose one of the three"
    left = (s.turn + 1) % s.players
    play.drawn += draw_passages(ctx, play.slides)
    play.to_place = play.slides
    ctx.say(_(texts.SLIDE_PASSED).format(other=pn(left), names=texts.names(ctx, play.drawn)))
    return "left"


def finish_slide(ctx: Ctx) -> None:
    """ "The remaining tiles are then discarded. Immediately move your pawn to the end of the last
    tile placed." Obstacles on the slide are crossed "without incurring any damage"."""
    s = ctx.s
    play = s.play
    assert play is not None
    s.discards.extend(play.drawn)
    play.drawn = []
    for cell in play.slide_cells:
        if cell in s.board:
            s.board[cell].slid = True
    play.slides, play.slide_cells, play.to_place = 0, [], 0
    move_to_chain_end(ctx)


def slide_pick_choices(ctx: Ctx, task: Task) -> list[Choice]:
    play = ctx.s.play
    assert play is not None
    fitting = [t for t in dict.fromkeys(play.drawn) if _drawn_placements(ctx, t, slide=True)]
    choices = one_per_kind(ctx, fitting, "slide", public=True)
    if task.text == "own":
        choices.append(Choice("skip", _(texts.SLIDE_SKIP), group="back"))
    return choices


def slide_pick_apply(ctx: Ctx, task: Task, action: str) -> None:
    ctx.pop()
    play = ctx.s.play
    assert play is not None
    if action == "skip":
        play.to_place = 0
        return
    ctx.push("place", task.seat, a=int(action[5:]), text="slide")


# --------------------------------------------------------------------------- the Torch


def torch_ends(ctx: Ctx, seat: int) -> list[tuple[int, str]]:
    """ "add 1 to each pathway that exits the Passage tiles the character is currently on" """
    return ends_of(ctx.layout(), ctx.s, seat)


def start_torch(ctx: Ctx, seat: int) -> None:
    ends = torch_ends(ctx, seat)
    drawn = draw_passages(ctx, len(ends), back_to_bag=True)
    play = new_play(ctx, seat, "torch")
    play.drawn = drawn
    play.torch_ends = [cell * 4 + geo.DIRS.index(d) for cell, d in ends]
    ctx.s.play = play
    ctx.say(_(texts.TORCH_DRAWS).format(who=pn(seat), names=texts.names(ctx, drawn)))
    ctx.push("torch_next", seat)


def torch_next(ctx: Ctx, task: Task) -> None:
    ctx.pop()
    play = ctx.s.play
    assert play is not None
    if play.drawn and any(_drawn_placements(ctx, t, slide=False) for t in play.drawn):
        ctx.push("torch_next", task.seat)
        ctx.push("torch_pick", task.seat)
        return
    ctx.s.bag.extend(play.drawn)
    play.drawn = []
    if play.torch_cells:
        ctx.push("torch_move", task.seat)
    else:
        ctx.s.play = None


def torch_pick_choices(ctx: Ctx, task: Task) -> list[Choice]:
    play = ctx.s.play
    assert play is not None
    return one_per_kind(ctx, [t for t in dict.fromkeys(play.drawn) if _drawn_placements(ctx, t, slide=False)], "torch")


def torch_pick_apply(ctx: Ctx, task: Task, action: str) -> None:
    ctx.pop()
    ctx.push("place", task.seat, a=int(action[5:]), text="torch")


def torch_move_choices(ctx: Ctx, task: Task) -> list[Choice]:
    """ "The player can choose where each Passage Tile is placed and may then move if she desires." """
    play = ctx.s.play
    assert play is not None
    choices = [
        Choice(f"tgo:{geo.label(c)}", _(texts.TORCH_GO).format(name=ctx.name(ctx.s.board[c].id), where=geo.label(c)))
        for c in play.torch_cells
        if c in ctx.s.board
    ]
    return choices + [Choice("tstay", _(texts.TORCH_STAY), group="stay")]


def torch_move_apply(ctx: Ctx, task: Task, action: str) -> None:
    ctx.pop()
    play = ctx.s.play
    assert play is not None
    ctx.s.play = None
    if action == "tstay":
        return
    cell = geo.parse_label(action.split(":")[1])
    assert cell is not None
    lay = ctx.layout()
    mine = lay.cells(pawn_node(lay, ctx.s, task.seat))
    side = next((d for d in lay.opens[cell] if lay.joined(cell, d) in mine), lay.opens[cell][0])
    begin_move(ctx, far_end(lay, cell, side), "play")


# --------------------------------------------------------------------------- the Path Marker


def resolve_path_marker(ctx: Ctx, seat: int) -> None:
    """ "you may draw and play 1 non-Obstacle Passage Tile (the tile played must be the tile drawn)
    and then return to Phase 1 – Draw Tiles." """
    ctx.push("after_draw", seat)
    ctx.push("draw_phase", seat)
    tile = draw_until(ctx, lambda k: k.is_passage and not k.obstacle)
    if tile is None:
        return
    ctx.say(_(texts.MARKER_DRAWS).format(who=pn(seat), name=ctx.name(tile)))
    play = new_play(ctx, seat, "marker", limit=1)
    play.drawn = [tile]
    ctx.s.play = play
    ctx.push("chain", seat)
    ctx.push("place", seat, a=tile, text="marker")
