"""Character abilities that are choices (step 2 of the order: "2) Spielerfähigkeit").

"Jeder Charakter verfügt über eine Fähigkeit, die eine Spielregel außer Kraft setzt." Passive
abilities live where their rule does: the Shopper in ``town``, the Trail Runner and the Medic in
``movement``, the Gadgeteer in ``pieces.lose_gps_pen``. Each of these is usable once a turn.
"""

from __future__ import annotations

from bot.engine import RuleError
from bot.games.cmiyc import scoring, texts
from bot.games.cmiyc.context import Ctx, ability


def options(ctx: Ctx, seat: int) -> list[tuple[str, str]]:
    """(action, label) pairs of the ability the player may use now."""
    if ctx.state.turn.ability_used or ctx.state.turn.seat != seat:
        return []
    match ability(ctx.data, ctx.player(seat)):
        case "snoop":
            return [(f"ab:snoop:{sq}", texts.snoop_label(sq)) for sq in snoop_squares(ctx, seat)]
        case "borrower":
            return _borrow_options(ctx, seat)
        case "coin_collector":
            return _swap_options(ctx, seat)
        case "swag_hunter":
            return [
                (f"ab:flip:{g.card}", texts.flip_label(ctx.data, g.card, g.side))
                for g in ctx.player(seat).gear
                if g.side >= 0
            ]
    return []


def snoop_squares(ctx: Ctx, seat: int) -> list[str]:
    """Rule: "Nein, man kann nur benachbarte Karten schnüffeln." Face-down tiles around, never underfoot."""
    player = ctx.player(seat)
    known = set(player.peeked) | set(ctx.state.known)
    found = []
    for square in ctx.data.board.around(player.square):
        tile = ctx.state.board.get(square)
        if tile is not None and tile not in ctx.state.faceup and tile not in known:
            found.append(square)
    return found


def _others_here(ctx: Ctx, seat: int) -> list[int]:
    here = ctx.player(seat).square
    return [s for s, p in enumerate(ctx.state.seats) if s != seat and p.square == here]


def _borrow_options(ctx: Ctx, seat: int) -> list[tuple[str, str]]:
    found = []
    for other in _others_here(ctx, seat):
        player = ctx.player(other)
        for gear in player.gear:
            if gear.side >= 0:
                name = texts.gear_name(ctx.data, gear.card, gear.side)
                found.append((f"ab:take:{other}:e{gear.card}", texts.seat_item(other, name)))
        for tile in player.caches:
            if not ctx.data.kind(tile).is_set:
                found.append((f"ab:take:{other}:c{tile}", texts.seat_item(other, ctx.data.kind(tile).name)))
    return found


def _swap_options(ctx: Ctx, seat: int) -> list[tuple[str, str]]:
    mine = ctx.player(seat).coins
    found = []
    for other in _others_here(ctx, seat):
        for theirs in ctx.player(other).coins:
            for coin in mine:
                label = texts.swap_label(other, ctx.data.coins[coin].name, ctx.data.coins[theirs].name)
                found.append((f"ab:swap:{other}:{coin}:{theirs}", label))
    return found


def use(ctx: Ctx, seat: int, action: str) -> None:
    if action not in {a for a, _ in options(ctx, seat)}:
        raise RuleError(texts.NOT_NOW)
    ctx.state.turn.ability_used = True
    parts = action.split(":")
    match parts[1]:
        case "snoop":
            square = parts[2]
            tile = ctx.state.board[square]
            ctx.player(seat).peeked.append(tile)
            ctx.revealed = True
            ctx.say(texts.snoops(seat, square))
            ctx.say(texts.you_peek(square, ctx.data.kind(tile).name, ctx.data.tiles[tile].coin), seats=(seat,))
        case "take":
            other, item = int(parts[2]), parts[3]
            if item.startswith("e"):
                scoring.move_gear(ctx, other, seat, int(item[1:]))
            else:
                tile = int(item[1:])
                scoring.move_cache(ctx, other, seat, tile)
                ctx.say(texts.borrows_cache(seat, other, ctx.data.kind(tile).name))
        case "swap":
            other, coin, theirs = int(parts[2]), int(parts[3]), int(parts[4])
            scoring.move_coin(ctx, seat, other, coin)
            scoring.move_coin(ctx, other, seat, theirs)
            ctx.say(texts.swaps_coins(seat, other, ctx.data.coins[coin].name, ctx.data.coins[theirs].name))
        case "flip":
            card = int(parts[2])
            gear = next(g for g in ctx.player(seat).gear if g.card == card)
            old = texts.gear_name(ctx.data, card, gear.side)
            gear.side = 1 - gear.side
            ctx.say(texts.flips_gear(seat, old, texts.gear_name(ctx.data, card, gear.side)))
