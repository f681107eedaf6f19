"""Character abilities that are choices (step 2 of the order: "2) Spielerfähigkeit").

"Jeder Charakter verfügt über eine Fähigkeit, die eine Spielregel außer Kraft setzt." Passive
abilities live where their rule does: the Shopper in ``town``, the Trail Runner and the Medic in
``movement``, the Gadgeteer in ``pieces.lose_gps_pen``. Each of these is usable once a turn.
"""

from __future__ import annotations

from bot.engine import RuleError
from bot.games.cmiyc import scoring, texts
from bot.games.cmiyc.context import Ctx, ability
from bot.games.cmiyc.i18n import _
from bot.games.cmiyc.movement import is_quiet, is_trail


def options(ctx: Ctx, seat: int) -> list[tuple[str, str]]:
    """(action, label) pairs of the ability the player may use now."""
    if ctx.state.turn.seat != seat:
        return []
    kind = ability(ctx.data, ctx.player(seat))
    if kind == "swag_hunter":
        return [
            (f"ab:flip:{g.card}", texts.flip_label(ctx.data, g.card, g.side))
            for g in ctx.player(seat).gear
            if g.side >= 0 and g.card not in ctx.state.turn.flips
        ]
    if ctx.state.turn.ability_used:
        return []
    match kind:
        case "snoop":
            return [(f"ab:snoop:{sq}", texts.snoop_label(sq)) for sq in snoop_squares(ctx, seat)]
        case "borrower":
            return _borrow_options(ctx, seat)
        case "coin_collector":
            return _swap_options(ctx, seat)
    return []


def snoop_squares(ctx: Ctx, seat: int) -> list[str]:
    """Rule: "Nein, man kann nur benachbarte Karten schnüffeln." Face-down tiles next to him (the four
    squares he could step onto), never underfoot."""
    player = ctx.player(seat)
    if not (is_trail(ctx.data, ctx.state, player.square) or is_quiet(ctx.data, ctx.state, player.square)):
        return []
    known = set(player.peeked) | set(ctx.state.known)
    found = []
    for square in ctx.data.board.orthogonal(player.square):
        tile = ctx.state.board.get(square)
        if tile is not None and tile not in ctx.state.faceup and tile not in known:
            found.append(square)
    return found


def _others_here(ctx: Ctx, seat: int) -> list[int]:
    here = ctx.player(seat).square
    return [s for s, p in enumerate(ctx.state.seats) if s != seat and p.square == here]


def _borrow_options(ctx: Ctx, seat: int) -> list[tuple[str, str]]:
    """Swap one of your equipment cards for one of theirs (both keep their sides), or one of your caches
    for one of theirs (with its Golden Ammo Can; its geocoin was taken out when it was revealed)."""
    mine = [g for g in ctx.player(seat).gear if g.side >= 0]
    found = []
    for other in _others_here(ctx, seat):
        for gear in ctx.player(other).gear:
            if gear.side < 0:
                continue
            theirs = texts.gear_name(ctx.data, gear.card, gear.side)
            for own in mine:
                label = texts.swap_label(other, texts.gear_name(ctx.data, own.card, own.side), theirs)
                found.append((f"ab:take:{other}:{own.card}:{gear.card}", label))
        if ctx.rules.borrower_caches:
            found += _cache_swaps(ctx, seat, other)
    return found


def _cache_swaps(ctx: Ctx, seat: int, other: int) -> list[tuple[str, str]]:
    found = []
    for tile in ctx.player(other).caches:
        theirs = texts.kind_name(ctx.data, tile)
        for own in ctx.player(seat).caches:
            label = texts.swap_label(other, texts.kind_name(ctx.data, own), theirs)
            found.append((f"ab:cache:{other}:{own}:{tile}", label))
    return found


def _swap_options(ctx: Ctx, seat: int) -> list[tuple[str, str]]:
    """With any other player, wherever they are."""
    mine = ctx.player(seat).coins
    found = []
    for other in range(ctx.state.players):
        if other == seat:
            continue
        for theirs in ctx.player(other).coins:
            for coin in mine:
                label = texts.swap_label(other, texts.coin_name(ctx.data, coin), texts.coin_name(ctx.data, theirs))
                found.append((f"ab:swap:{other}:{coin}:{theirs}", label))
    return found


def use(ctx: Ctx, seat: int, action: str) -> None:
    if action not in {a for a, _label in options(ctx, seat)}:
        raise RuleError(_(texts.NOT_NOW))
    parts = action.split(":")
    if parts[1] == "flip":
        ctx.state.turn.flips.append(int(parts[2]))
    else:
        ctx.state.turn.ability_used = True
    match parts[1]:
        case "snoop":
            square = parts[2]
            tile = ctx.state.board[square]
            ctx.player(seat).peeked.append(tile)
            ctx.revealed = True
            ctx.say(texts.snoops(seat, square))
            ctx.say(texts.you_peek(square, texts.kind_name(ctx.data, tile), ctx.data.tiles[tile].coin), seats=(seat,))
        case "take":
            other = int(parts[2])
            scoring.move_gear(ctx, seat, other, int(parts[3]))
            scoring.move_gear(ctx, other, seat, int(parts[4]))
        case "cache":
            other, own, theirs = int(parts[2]), int(parts[3]), int(parts[4])
            scoring.move_cache(ctx, seat, other, own)
            scoring.move_cache(ctx, other, seat, theirs)
            ctx.say(texts.swaps_caches(seat, other, texts.kind_name(ctx.data, own), texts.kind_name(ctx.data, theirs)))
        case "swap":
            other, coin, theirs = int(parts[2]), int(parts[3]), int(parts[4])
            scoring.move_coin(ctx, seat, other, coin)
            scoring.move_coin(ctx, other, seat, theirs)
            ctx.say(texts.swaps_coins(seat, other, texts.coin_name(ctx.data, coin), texts.coin_name(ctx.data, theirs)))
        case "flip":
            card = int(parts[2])
            gear = next(g for g in ctx.player(seat).gear if g.card == card)
            old = texts.gear_name(ctx.data, card, gear.side)
            gear.side = 1 - gear.side
            ctx.say(texts.flips_gear(seat, old, texts.gear_name(ctx.data, card, gear.side)))
