"""The Phases of a Turn: draw, one action (or an Encounter), discard down, vacated tiles,
monsters, discards back to the bag. Plus the extra turn earned by acquiring Relics.
"""

from __future__ import annotations

from bot.engine import Choice, MultiChoice
from bot.engine.base import MULTI_SEPARATOR
from bot.games.catacombs import geometry as geo
from bot.games.catacombs import texts as tt
from bot.games.catacombs.board import discard_vacated, on_exit, seats_sharing
from bot.games.catacombs.context import Ctx
from bot.games.catacombs.draws import draw_refill, draw_turn, return_discards
from bot.games.catacombs.equipment import discard_item, free_choices, gain, items_of, room_for_relics, start_equip
from bot.games.catacombs.i18n import _
from bot.games.catacombs.movement import arrive_targets, begin_move, link_ready
from bot.games.catacombs.perish import lose_health
from bot.games.catacombs.play import new_play, resolve_path_marker, start_link, tile_choices
from bot.games.catacombs.reactions import threaten
from bot.games.catacombs.state import Task, TurnFlags
from bot.games.catacombs.texts import pn

PHASES = ("next_turn", "return_bag", "monsters", "vacate", "discard_phase", "end_action", "after_draw", "draw_phase")
"""Pushed at the start of a turn (the last runs first)."""


def turn_start(ctx: Ctx, task: Task) -> None:
    ctx.pop()
    s = ctx.s
    seat = task.a
    s.turn = seat
    s.flags = TurnFlags()
    for tile in s.board.values():
        tile.new = tile.slid = False
    pawn = s.seats[seat]
    if pawn.skip > 0:
        pawn.skip -= 1
        ctx.say(_(tt.LOSES_TURN).format(who=pn(seat)))
        ctx.push("next_turn")
        return
    for kind in PHASES:
        ctx.push(kind, seat)
    if pawn.pickup:
        ctx.push("pickup", seat)


def pickup(ctx: Ctx, task: Task) -> None:
    """ "the other character picks up the perished character's Relics on his next turn" """
    ctx.pop()
    pawn = ctx.s.seats[task.seat]
    taken = pawn.pickup[: max(0, room_for_relics(ctx, task.seat))]
    pawn.pickup = pawn.pickup[len(taken) :]
    if taken:
        ctx.say(tt.picks_up(who=pn(task.seat), count=len(taken)))
        gain(ctx, task.seat, taken)


def draw_phase(ctx: Ctx, task: Task) -> None:
    ctx.pop()
    if ctx.ability(task.seat) == "extra_draw":
        ctx.push("arch", task.seat)
    else:
        draw_turn(ctx, task.seat, ctx.d.house.draw_per_turn)


def arch_choices(ctx: Ctx, task: Task) -> list[Choice]:
    """Archeologist: "When drawing tiles the Archeologist may choose to draw 1 additional tile." """
    return [
        Choice("draw:2", _(tt.DRAW_TWO), group="draw", public=True),
        Choice("draw:3", _(tt.DRAW_THREE), group="draw", style="primary", public=True),
    ]


def arch_apply(ctx: Ctx, task: Task, action: str) -> None:
    ctx.pop()
    draw_turn(ctx, task.seat, int(action[5:]))


def after_draw(ctx: Ctx, task: Task) -> None:
    ctx.pop()
    flags = ctx.s.flags
    flags.in_action = True
    if len(flags.encounters) > 1:
        ctx.push("enc", task.seat)
    elif flags.encounters:
        resolve_encounter(ctx, task.seat, flags.encounters[0])
    else:
        ctx.push("action", task.seat)


# --------------------------------------------------------------------------- encounters


def enc_choices(ctx: Ctx, task: Task) -> list[Choice]:
    """ "If both tiles are Encounter tiles the player may choose which to resolve. The other is
    discarded." """
    seen: dict[str, int] = {}
    for tile in ctx.s.flags.encounters:
        seen.setdefault(ctx.kind(tile).key, tile)
    return [
        Choice(f"enc:{t}", _(tt.RESOLVE).format(name=ctx.name(t)), group="encounter", public=True)
        for t in seen.values()
    ]


def enc_apply(ctx: Ctx, task: Task, action: str) -> None:
    ctx.pop()
    resolve_encounter(ctx, task.seat, int(action[4:]))


def resolve_encounter(ctx: Ctx, seat: int, tile: int) -> None:
    flags = ctx.s.flags
    ctx.s.discards.extend(flags.encounters)
    flags.encounters = []
    effect = ctx.kind(tile).effect
    if effect == "path_marker":
        resolve_path_marker(ctx, seat)
    else:
        ctx.push(effect, seat)


def beast_choices(ctx: Ctx, task: Task) -> list[Choice]:
    """ "Beast Encounters will cause you to lose 1 Health Point, unless you have ammunition for your
    gun, then spend 1 Bullet to defeat the Beast": with a Bullet the gun is used; without one the
    Athlete loses 2 ("losing 2 Health Points if the gun is not used against the Beast")."""
    pawn = ctx.s.seats[task.seat]
    if pawn.bullets > 0:
        return [Choice("beast:shoot", _(tt.BEAST_SHOOT), group="beast", style="primary", public=True)]
    damage = beast_damage(ctx, task.seat)
    dies = pawn.health < damage
    label = (_(tt.BEAST_PERISH) if dies else _(tt.BEAST_HURT)).format(n=damage)
    return [Choice("beast:health", label, group="beast", style="danger" if dies else "secondary", public=True)]


def beast_settles(ctx: Ctx, task: Task) -> str | None:
    """With a Bullet the gun is used; without one and with no item to use first, the Beast hurts."""
    if ctx.s.seats[task.seat].bullets > 0:
        return "beast:shoot"
    return None if free_choices(ctx, task.seat) else "beast:health"


def trap_settles(ctx: Ctx, task: Task) -> str | None:
    """Without a Torch, and with no item to use first, the player falls in."""
    if items_of(ctx, task.seat, "torch") or free_choices(ctx, task.seat):
        return None
    return "trap:fall"


def beast_damage(ctx: Ctx, seat: int) -> int:
    return 2 if ctx.ability(seat) == "tough" else 1


def beast_apply(ctx: Ctx, task: Task, action: str) -> None:
    ctx.pop()
    # Co-op: "if one player draws an Encounter both characters must face the encounter"
    mates = seats_sharing(ctx, task.seat) if ctx.s.team else []
    for mate in reversed(mates):
        threaten(ctx, mate, "beast", beast_damage(ctx, mate), ("gun", "aid"))
    seat = task.seat
    if action == "beast:shoot":
        ctx.s.seats[seat].bullets -= 1
        ctx.say(_(tt.BEAST_SHOT).format(who=pn(seat)))
    else:
        damage = beast_damage(ctx, seat)
        ctx.say(_(tt.BEAST_HURTS).format(who=pn(seat), n=damage))
        lose_health(ctx, seat, damage)


def trap_choices(ctx: Ctx, task: Task) -> list[Choice]:
    """ "traps that will cause you to lose 1 Health Point and also lose 1 turn, unless you use a
    Torch to avoid the Trap" """
    choices = [
        Choice(f"trap:torch:{t}", _(tt.TRAP_TORCH), group="trap", style="primary", public=True)
        for t in items_of(ctx, task.seat, "torch")[:1]
    ]
    dies = ctx.s.seats[task.seat].health < 1
    label = _(tt.TRAP_PERISH) if dies else _(tt.TRAP_FALL)
    return choices + [Choice("trap:fall", label, group="trap", style="danger" if dies else "secondary", public=True)]


def trap_apply(ctx: Ctx, task: Task, action: str) -> None:
    ctx.pop()
    mates = seats_sharing(ctx, task.seat) if ctx.s.team else []
    for mate in reversed(mates):
        threaten(ctx, mate, "trap", 1, ("torch", "aid"))
    seat = task.seat
    if action.startswith("trap:torch"):
        discard_item(ctx, seat, items_of(ctx, seat, "torch")[0])
        ctx.say(_(tt.TRAP_AVOIDED).format(who=pn(seat)))
        return
    ctx.say(_(tt.TRAP_FALLS).format(who=pn(seat)))
    if not lose_health(ctx, seat, 1):
        ctx.s.seats[seat].skip += 1


# --------------------------------------------------------------------------- the action


def action_choices(ctx: Ctx, task: Task) -> list[Choice]:
    s = ctx.s
    seat = task.seat
    pawn = s.seats[seat]
    passages = [t for t in pawn.hand if ctx.kind(t).is_passage]
    choices = tile_choices(ctx, seat, passages, "hand", "play")
    choices += [Choice(f"link:{o}", _(tt.LINK).format(who=pn(o)), group="play") for o in link_ready(ctx, seat)]
    choices += _walk_choices(ctx, seat)
    items = {ctx.kind(t).key: t for t in pawn.hand if ctx.kind(t).cls == "item"}
    choices += [Choice(f"equip:{t}", _(tt.EQUIP).format(name=ctx.name(t)), group="equip") for t in items.values()]
    if archeologist_may_combine(ctx, seat):
        choices += [
            Choice(f"arch:{t}", _(tt.EQUIP_AND_PLAY).format(name=ctx.name(t)), group="equip") for t in items.values()
        ]
    choices += relic_menu(ctx)
    kinds = {ctx.kind(t).key: t for t in pawn.hand}
    count = ctx.d.house.redraw_count
    choices += [
        Choice(f"redraw:{t}", _(tt.REDRAW).format(name=ctx.name(t), n=count), group="redraw") for t in kinds.values()
    ]
    if not pawn.hand:
        choices.append(Choice("redraw:none", _(tt.REDRAW_EMPTY).format(n=count), group="redraw"))
    if s.team and all(on_exit(ctx, o) for o in range(s.players)) and s.exit_relics:
        choices.append(Choice("escape", _(tt.END_EXPEDITION), group="end", style="success", public=True))
    choices.append(Choice("pass", _(tt.PASS), group="end", public=True))
    return choices


def archeologist_may_combine(ctx: Ctx, seat: int) -> bool:
    """Archeologist: "Encounters must be resolved immediately, but 2 Passage Tiles or 1 Item Tile
    and 1 Passage Tile can be played if an Encounter was not drawn." (Any number of Passage Tiles
    is every player's play; his own is an Item and a Passage Tile in one action.)"""
    hand = ctx.s.seats[seat].hand
    return (
        ctx.ability(seat) == "extra_draw"
        and not ctx.s.flags.encounter
        and any(ctx.kind(t).is_passage for t in hand)
        and any(ctx.kind(t).cls == "item" for t in hand)
    )


def one_passage_choices(ctx: Ctx, seat: int, origin: str, done: str) -> list[Choice]:
    """One Passage Tile from the hand (the Archeologist's after his item, an extra turn's), or none."""
    passages = [t for t in ctx.s.seats[seat].hand if ctx.kind(t).is_passage]
    choices = tile_choices(ctx, seat, passages, origin, "play")
    return choices + [Choice("x:done", done, group="end", public=True)]


def one_passage_apply(ctx: Ctx, seat: int, origin: str, action: str) -> None:
    ctx.pop()
    if action.startswith("pick:"):
        ctx.s.play = new_play(ctx, seat, origin, limit=1)
        ctx.push("chain", seat)
        ctx.push("place", seat, a=int(action[5:]), text=origin)


def arch_play_choices(ctx: Ctx, task: Task) -> list[Choice]:
    return one_passage_choices(ctx, task.seat, "arch", _(tt.ARCH_DONE))


def arch_play_apply(ctx: Ctx, task: Task, action: str) -> None:
    one_passage_apply(ctx, task.seat, "arch", action)


def use_items_choices(ctx: Ctx, task: Task) -> list[Choice]:
    """ "an Item can be used immediately after being added to a character's Equipment": the items
    (buttons beside) before the turn goes on."""
    return [Choice("finish", _(tt.USE_ITEMS_DONE), group="end", style="primary", public=True)]


def items_to_use_now(ctx: Ctx, task: Task) -> bool:
    """Whether "Use an item you just added?" has anything to ask: an item may be used, and the
    discard down that comes next (it offers the same items) would not offer it all the same."""
    uses = {c.action for c in free_choices(ctx, task.seat, torch=True)}
    if not uses:
        return False
    over_limit = len(ctx.s.seats[task.seat].hand) > hand_limit(ctx, task.seat)
    discard_next = ctx.s.tasks[-2:-1] == [Task("end_action", task.seat)] and over_limit and not ctx.s.flags.extra
    return not discard_next or uses != {c.action for c in free_choices(ctx, task.seat)}


def use_items_apply(ctx: Ctx, task: Task, action: str) -> None:
    ctx.pop()


def _walk_choices(ctx: Ctx, seat: int) -> list[Choice]:
    """Relics or the Exit the passage already reaches (a move without tiles, as the Action)."""
    relics, exit_node = arrive_targets(ctx, seat)
    choices = [
        Choice(f"go:{geo.label(cell)}", _(tt.WALK_RELIC).format(where=geo.label(cell)), group="play", public=True)
        for cell in relics
    ]
    if exit_node:
        choices.append(Choice("go:exit", _(tt.WALK_EXIT), group="play", public=True))
    return choices


def relic_menu(ctx: Ctx) -> list[Choice]:
    """ "Move One Relic Tile": offered for every stack that can move, turn or be reordered."""
    return [
        Choice(f"relic:{geo.label(cell)}", _(tt.MOVE_RELIC).format(where=geo.label(cell)), group="relic", public=True)
        for cell in sorted(ctx.s.relics)
        if relic_moves(ctx, cell)
    ]


def action_apply(ctx: Ctx, task: Task, action: str) -> None:
    ctx.pop()
    s = ctx.s
    seat = task.seat
    verb, _sep, arg = action.partition(":")
    match verb:
        case "pick":
            s.play = new_play(ctx, seat, "hand")
            ctx.push("chain", seat)
            ctx.push("place", seat, a=int(arg), text="hand")
        case "equip":
            start_equip(ctx, seat, int(arg))
        case "arch":
            ctx.push("arch_play", seat)
            start_equip(ctx, seat, int(arg), only=True)
        case "redraw":
            if arg != "none":
                s.seats[seat].hand.remove(int(arg))
                s.discards.append(int(arg))
            ctx.say(_(tt.REDRAWS).format(who=pn(seat), n=ctx.d.house.redraw_count))
            draw_refill(ctx, seat, ctx.d.house.redraw_count)
        case "relic":
            ctx.push("relic", seat, a=geo.parse_label(arg) or 0, text="action")
        case "link":
            start_link(ctx, int(arg))
        case "go":
            _walk(ctx, seat, arg)
        case "escape":
            s.over = "expedition"
            s.tasks.clear()
            ctx.say(tt.expedition_ends(count=len(s.exit_relics)))
        case _:
            ctx.say(_(tt.PASSES).format(who=pn(seat)))


def _walk(ctx: Ctx, seat: int, where: str) -> None:
    relics, _exits = arrive_targets(ctx, seat)
    if where == "exit":
        begin_move(ctx, (ctx.d.board.exit_cell, 4), "exit")
        return
    cell = geo.parse_label(where)
    assert cell is not None
    begin_move(ctx, relics[cell], "relic", cell)


# --------------------------------------------------------------------------- moving a relic


def relic_moves(ctx: Ctx, cell: int) -> list[Choice]:
    """ "move one Relic Tile one space horizontally or vertically, or rotating one Relic Tile 90
    degrees ... change the order in which the tiles are stacked. Relic Tiles cannot move through
    the archways" """
    s = ctx.s
    stack = s.relics.get(cell, [])
    if not stack:
        return []
    top = stack[-1]
    where = geo.label(cell)
    choices = []
    monsters = {m.cell for m in s.monsters}
    for direction in geo.DIRS:
        other = geo.quadrant_step(cell, direction)
        if other < 0 or other in s.board or other == ctx.d.board.exit_cell or other in monsters:
            continue
        label = _(tt.RELIC_TO).format(name=ctx.name(top.id), where=geo.label(other))
        choices.append(Choice(f"rmove:{where}:{direction}", label, group="move", public=True))
    seen = {geo.rotate(ctx.kind(top.id).openings, top.rot)}
    for turns, word in ((1, "↻"), (3, "↺")):
        openings = geo.rotate(ctx.kind(top.id).openings, top.rot + turns)
        if openings not in seen:
            seen.add(openings)
            label = _(tt.RELIC_TURN).format(name=ctx.name(top.id), arrow=word, ends=tt.ends(openings))
            choices.append(Choice(f"rturn:{where}:{turns}", label, group="turn", public=True))
    for relic in stack[:-1]:
        label = _(tt.RELIC_TOP).format(name=ctx.name(relic.id))
        choices.append(Choice(f"rtop:{where}:{relic.id}", label, group="order", public=True))
    return choices


def relic_choices(ctx: Ctx, task: Task) -> list[Choice]:
    return relic_moves(ctx, task.a) + [Choice("back", _(tt.BACK), group="back")]


def relic_apply(ctx: Ctx, task: Task, action: str) -> None:
    ctx.pop()
    s = ctx.s
    if action == "back":
        ctx.push(task.text, task.seat)
        return
    verb, _sep, arg = action.split(":")
    stack = s.relics[task.a]
    if verb == "rmove":
        moved = stack.pop()
        if not stack:
            del s.relics[task.a]
        target = geo.quadrant_step(task.a, arg)
        s.relics.setdefault(target, []).append(moved)
        ctx.say(_(tt.RELIC_MOVED).format(who=pn(task.seat), name=ctx.name(moved.id), where=geo.label(target)))
    elif verb == "rturn":
        stack[-1].rot = (stack[-1].rot + int(arg)) % 4
        ctx.say(_(tt.RELIC_TURNED).format(who=pn(task.seat), name=ctx.name(stack[-1].id)))
    else:
        relic = next(r for r in stack if r.id == int(arg))
        stack.remove(relic)
        stack.append(relic)
        ctx.say(_(tt.RELIC_REORDERED).format(who=pn(task.seat), name=ctx.name(relic.id)))
    ctx.push("arrive_check", task.seat)


# --------------------------------------------------------------------------- the extra turn


def end_action(ctx: Ctx, task: Task) -> None:
    """ "He can then take another turn, choosing to draw a tile and play a tile, discard a tile and
    draw 2 tiles, or move a Relic tile." """
    ctx.pop()
    s = ctx.s
    s.play = None
    if s.flags.extra and not s.over:
        s.flags.extra = False
        ctx.push("end_action", task.seat)
        ctx.push("extra", task.seat)
        ctx.say(_(tt.EXTRA_TURN).format(who=pn(task.seat)))
    else:
        s.flags.in_action = False


def extra_choices(ctx: Ctx, task: Task) -> list[Choice]:
    pawn = ctx.s.seats[task.seat]
    choices = [Choice("x:draw", _(tt.X_DRAW), group="extra", style="primary")]
    kinds = {ctx.kind(t).key: t for t in pawn.hand}
    n = ctx.d.house.extra_turn_redraw
    choices += [
        Choice(f"x:redraw:{t}", _(tt.REDRAW).format(name=ctx.name(t), n=n), group="redraw") for t in kinds.values()
    ]
    choices += relic_menu(ctx)
    return choices + [Choice("x:skip", _(tt.X_SKIP), group="end", public=True)]


def extra_apply(ctx: Ctx, task: Task, action: str) -> None:
    ctx.pop()
    seat = task.seat
    if action.startswith("relic:"):
        ctx.push("relic", seat, a=geo.parse_label(action[6:]) or 0, text="extra")
    elif action == "x:draw":
        ctx.push("x_after", seat)
        draw_turn(ctx, seat, 1)
    elif action.startswith("x:redraw:"):
        tile = int(action.split(":")[2])
        ctx.s.seats[seat].hand.remove(tile)
        ctx.s.discards.append(tile)
        draw_refill(ctx, seat, ctx.d.house.extra_turn_redraw)


def x_after(ctx: Ctx, task: Task) -> None:
    ctx.pop()
    encounters = ctx.s.flags.encounters
    if len(encounters) > 1:
        ctx.push("enc", task.seat)
    elif encounters:
        resolve_encounter(ctx, task.seat, encounters[0])
    else:
        ctx.push("x_play", task.seat)


def x_play_choices(ctx: Ctx, task: Task) -> list[Choice]:
    return one_passage_choices(ctx, task.seat, "extra", _(tt.X_DONE))


def x_play_apply(ctx: Ctx, task: Task, action: str) -> None:
    one_passage_apply(ctx, task.seat, "extra", action)


# --------------------------------------------------------------------------- phases 3, 4, 6


def hand_limit(ctx: Ctx, seat: int) -> int:
    """ "discard down to 5 tiles in his hand (3 tiles for the Traveler if he has 5 items in his
    Equipment)" """
    full = ctx.ability(seat) == "backpack" and len(ctx.s.seats[seat].equipment) >= 5
    return ctx.d.house.traveler_full_hand if full else ctx.d.house.hand_size


def discard_phase(ctx: Ctx, task: Task) -> None:
    ctx.pop()
    if len(ctx.s.seats[task.seat].hand) > hand_limit(ctx, task.seat):
        ctx.push("discard", task.seat)


def discard_choices(ctx: Ctx, task: Task) -> list[Choice]:
    """One tile at a time, or every tile of a kind at once when that does not go below the limit
    (computer players; people discard with ``discard_menu``)."""
    hand = ctx.s.seats[task.seat].hand
    kinds = {ctx.kind(t).key: t for t in hand}
    choices = [Choice(f"discard:{t}", _(tt.DISCARD).format(name=ctx.name(t)), group="discard") for t in kinds.values()]
    spare = len(hand) - hand_limit(ctx, task.seat)
    for key, tile in kinds.items():
        count = sum(1 for t in hand if ctx.kind(t).key == key)
        if 2 <= count <= spare:
            label = _(tt.DISCARD_ALL).format(name=ctx.name(tile), n=count)
            choices.append(Choice(f"discardall:{tile}", label, group="discard"))
    return choices


def discard_over(ctx: Ctx, task: Task) -> bool:
    """The hand is within its limit: an item used meanwhile can raise it (the Traveler's limit is 3
    only "if he has 5 items in his Equipment"), and then nothing is left to discard."""
    return len(ctx.s.seats[task.seat].hand) <= hand_limit(ctx, task.seat)


def discard_menu(ctx: Ctx, task: Task) -> MultiChoice | None:
    """Every tile to discard, chosen at once: exactly as many as the hand is over its limit."""
    hand = ctx.s.seats[task.seat].hand
    limit = hand_limit(ctx, task.seat)
    spare = len(hand) - limit
    if spare <= 0:
        return None
    labels = tt.alike_labels([ctx.name(t) for t in hand])
    options = tuple(Choice(str(t), label) for t, label in zip(hand, labels))
    placeholder = tt.discard_menu(spare, limit)
    return MultiChoice("discards", placeholder, options, min_values=spare, max_values=spare)


def discard_apply(ctx: Ctx, task: Task, action: str) -> None:
    verb, _sep, arg = action.partition(":")
    hand = ctx.s.seats[task.seat].hand
    if verb == "discards":
        gone = [int(t) for t in arg.split(MULTI_SEPARATOR)]
    else:
        key = ctx.kind(int(arg)).key
        gone = [t for t in hand if ctx.kind(t).key == key] if verb == "discardall" else [int(arg)]
    for tile in gone:
        hand.remove(tile)
        ctx.s.discards.append(tile)
    if len(ctx.s.seats[task.seat].hand) <= hand_limit(ctx, task.seat):
        ctx.pop()
        ctx.say(_(tt.DISCARDS_DOWN).format(who=pn(task.seat), n=len(ctx.s.seats[task.seat].hand)))


def vacate(ctx: Ctx, task: Task) -> None:
    ctx.pop()
    ctx.s.flags.vacated = discard_vacated(ctx)
    if ctx.s.flags.vacated:
        ctx.say(tt.vacated(n=ctx.s.flags.vacated))


def return_bag(ctx: Ctx, task: Task) -> None:
    ctx.pop()
    return_discards(ctx)


def next_turn(ctx: Ctx, task: Task) -> None:
    ctx.pop()
    s = ctx.s
    s.turns += 1
    following = (s.turn + 1) % s.players
    if following == 0:
        s.round += 1
        if s.round_limit and s.round > s.round_limit:
            # House rule, only when the table chose it: the text has no round limit.
            s.over = "limit"
            s.tasks.clear()
            ctx.say(_(tt.TIME_UP).format(n=s.round_limit))
            return
    ctx.push("turn_start", a=following)
