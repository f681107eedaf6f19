"""Drawing tiles from the bag: Phase 1, the special tiles, refilling a hand, Passage Tile draws.

"To start each player's turn he must draw 2 tile from the Draw Bag. If either tile is an
Encounter Tile the player must resolve it immediately." Special tiles: "When drawing one of
these follow its instructions immediately."
"""

from __future__ import annotations

from collections.abc import Callable

from bot.games.catacombs import texts
from bot.games.catacombs.context import Ctx
from bot.games.catacombs.data import TileKind
from bot.games.catacombs.i18n import _, data_text
from bot.games.catacombs.texts import pn


def draw_turn(ctx: Ctx, seat: int, count: int) -> None:
    """Draw as in Phase 1: Encounters wait to be resolved, special tiles are followed at once."""
    for _draw in range(count):
        tile = ctx.draw_one()
        if tile is None:
            ctx.say(_(texts.BAG_EMPTY))
            return
        take_drawn(ctx, seat, tile)


def take_drawn(ctx: Ctx, seat: int, tile: int) -> None:
    kind = ctx.kind(tile)
    if kind.cls == "encounter":
        ctx.s.flags.encounters.append(tile)
        ctx.s.flags.encounter = True
        ctx.say(_(texts.DRAWS_ENCOUNTER).format(who=pn(seat), name=data_text(kind.name)))
    elif kind.cls == "bonus":
        ctx.s.discards.append(tile)
        ctx.say(_(texts.DRAWS_BONUS).format(who=pn(seat), name=data_text(kind.name)))
        follow_bonus(ctx, seat, tile)
    else:
        ctx.s.seats[seat].hand.append(tile)
        ctx.note_draw(seat, data_text(kind.name))


def follow_bonus(ctx: Ctx, seat: int, tile: int) -> None:
    effect = ctx.kind(tile).effect
    if effect == "draw_two":
        draw_turn(ctx, seat, 2)
    elif effect == "draw_passage":
        found = draw_until(ctx, lambda k: k.is_passage)
        if found is not None:
            ctx.s.seats[seat].hand.append(found)
            ctx.note_draw(seat, ctx.name(found))
    elif effect == "draw_item":
        found = draw_until(ctx, lambda k: k.cls == "item")
        if found is not None:
            ctx.s.seats[seat].hand.append(found)
            ctx.note_draw(seat, ctx.name(found))
    elif effect == "draw_three":
        draw_three(ctx, seat)


def draw_three(ctx: Ctx, seat: int) -> None:
    """ "If you draw three Encounters you must choose one to resolve. If you draw fewer than 3
    Encounters you can choose to keep the non-Encounter tile." """
    drawn = [t for t in (ctx.draw_one() for _draw in range(3)) if t is not None]
    encounters = [t for t in drawn if ctx.kind(t).cls == "encounter"]
    others = [t for t in drawn if ctx.kind(t).cls != "encounter"]
    if not others:
        ctx.s.flags.encounters.extend(encounters)
        ctx.s.flags.encounter = ctx.s.flags.encounter or bool(encounters)
        for tile in encounters:
            ctx.say(_(texts.DRAWS_ENCOUNTER).format(who=pn(seat), name=ctx.name(tile)))
        return
    ctx.s.discards.extend(encounters)
    if len(others) == 1:
        keep_tile(ctx, seat, others[0])
        return
    ctx.say(_(texts.KEEP_ONE_OF).format(names=", ".join(ctx.name(t) for t in others)), seats=(seat,))
    ctx.push("keep", seat, tiles=others)


def keep_tile(ctx: Ctx, seat: int, tile: int) -> None:
    if ctx.kind(tile).cls == "bonus":
        ctx.s.discards.append(tile)
        ctx.say(_(texts.DRAWS_BONUS).format(who=pn(seat), name=ctx.name(tile)))
        follow_bonus(ctx, seat, tile)
    else:
        ctx.s.seats[seat].hand.append(tile)
        ctx.note_draw(seat, ctx.name(tile))


def draw_until(ctx: Ctx, wanted: Callable[[TileKind], bool], *, back_to_bag: bool = False) -> int | None:
    """Draw until a wanted tile; Encounters drawn go back into the bag afterwards ("Encounter Tiles
    that are drawn are not resolved and are returned to the draw bag"), the rest are discarded
    (or, with ``back_to_bag``, returned too: the Torch's "return any non-Passage tiles to the bag")."""
    passed: list[int] = []
    found = None
    while True:
        tile = ctx.draw_one()
        if tile is None:
            break
        if wanted(ctx.kind(tile)):
            found = tile
            break
        passed.append(tile)
    for tile in passed:
        if back_to_bag or ctx.kind(tile).cls == "encounter":
            ctx.s.bag.append(tile)
        else:
            ctx.s.discards.append(tile)
    return found


def draw_passages(ctx: Ctx, count: int, *, back_to_bag: bool = False, no_obstacles: bool = False) -> list[int]:
    drawn: list[int] = []
    for _draw in range(count):
        found = draw_until(ctx, lambda k: k.is_passage and not (no_obstacles and k.obstacle), back_to_bag=back_to_bag)
        if found is None:
            break
        drawn.append(found)
    return drawn


def draw_refill(ctx: Ctx, seat: int, count: int) -> None:
    """Draw into the hand where no Encounter is resolved (house rule, like the set-up's "replace any
    Encounter Tiles and redraw"): Encounter and special tiles are set aside and go back to the bag
    at the end of the turn."""
    got: list[int] = []
    while len(got) < count:
        tile = ctx.draw_one()
        if tile is None:
            ctx.say(_(texts.BAG_EMPTY))
            break
        if ctx.kind(tile).cls in ("encounter", "bonus"):
            ctx.s.flags.aside.append(tile)
            continue
        got.append(tile)
    ctx.s.seats[seat].hand.extend(got)
    for tile in got:
        ctx.note_draw(seat, ctx.name(tile))


def return_discards(ctx: Ctx) -> None:
    """Phase 6: "all the tiles discarded throughout the course of his turn should be returned to
    the draw bag"."""
    ctx.s.bag.extend(ctx.s.discards)
    ctx.s.bag.extend(ctx.s.flags.aside)
    ctx.s.discards = []
    ctx.s.flags.aside = []
