"""The woods: revealing a tile by landing on it, taking or leaving it, problem tiles, the bear, maps.

"Wenn du auf einem Waldplättchen landest, wird es umgedreht (aufgedeckt) oder an Ort und Stelle
gelassen. Wenn es genommen wird, wird es durch ein anderes verdecktes Plättchen unter der Figur
des Spielers ersetzt." A revealed tile that is not taken stays face up and "wirkt sich auf alle
Spieler aus, die danach darauf landen".

Muggles reuses ``reveal``, ``take``, ``cache_blocker`` and ``reveal_around`` (the bear is ``bear``); a
variant changes a problem tile through ``RuleSet.tile_effects`` (effect name -> function).
"""

from __future__ import annotations

from collections.abc import Callable

from bot.games.cmiyc import bear, cards, pieces, scoring, texts
from bot.games.cmiyc.context import Ctx, contagious, has_item
from bot.games.cmiyc.i18n import _, data_text
from bot.games.cmiyc.state import Prompt

Effect = Callable[[Ctx, int, str, bool], None]
"""(ctx, seat, square, bounce) -> None: what a problem tile does to the player landing on it."""


# ---------------------------------------------------------------------- caches


def cache_blocker(ctx: Ctx, seat: int, tile: int) -> str:
    """Why ``seat`` cannot take this cache now; empty when they can."""
    player = ctx.player(seat)
    kind = ctx.data.kind(tile)
    if not player.gps:
        # "Es können keine Caches genommen werden, wenn der Spieler sein GPS oder seinen PEN verloren hat."
        return _(texts.BLOCKED_GPS)
    if contagious(player):
        return _(texts.BLOCKED_IVY)
    if kind.needs and not has_item(ctx.data, player, kind.needs):
        # "Einige Caches erfordern zusätzliche Ausrüstung, damit sie genommen werden können."
        return texts.blocked_item(texts.item_name(ctx.data, kind.needs))
    if kind.prerequisite_types and scoring.distinct_types(ctx.data, player) < kind.prerequisite_types:
        return texts.blocked_types(kind.prerequisite_types)
    if ctx.rules.cache_blocker is not None:
        return ctx.rules.cache_blocker(ctx, seat, tile)
    return ""


def take(ctx: Ctx, seat: int, square: str) -> None:
    """The cache goes face up in front of its finder, a new face-down tile goes under them."""
    tile = pieces.lift(ctx, square)
    player = ctx.player(seat)
    player.caches.append(tile)
    kind = ctx.data.kind(tile)
    ctx.say(texts.takes_cache(seat, data_text(kind.name), square))
    # A player who reveals a coin cache takes its coin then (``claim_coin``); only a cache no player
    # revealed (a variant's muggle turned it) still holds its coin for whoever takes it.
    claim_coin(ctx, seat, tile)
    scoring.claim_set_coins(ctx, seat)
    pieces.refill(ctx, square)


def claim_coin(ctx: Ctx, seat: int, tile: int) -> None:
    """Rule: "Wenn du einen Cache mit dem Coinsymbol aufdeckst, nimm die oberste Geocoin vom
    Geocoinstapel." The coin comes out of a single cache with the coin symbol the moment a player
    reveals it, whether or not they can take the cache ("Wenn das Plättchen aufgedeckt und nicht
    genommen wird ..."). A multi piece's coin waits for its set ("Die Coin aus einem Multi-Cache kann
    erst genommen werden, nachdem alle Caches der Serie gesammelt wurden": ``scoring.claim_set_coins``)."""
    kind = ctx.data.kind(tile)
    if not kind.is_cache or kind.is_set or not ctx.data.tiles[tile].coin or tile in ctx.state.coins_claimed:
        return
    ctx.state.coins_claimed.append(tile)
    pieces.take_coin(ctx, seat)


# ---------------------------------------------------------------------- landing


def reveal(ctx: Ctx, seat: int, square: str, *, bounce: bool = True) -> None:
    """Step 4 of the turn's order: turn the tile the player landed on face up and resolve it."""
    tile = ctx.state.board[square]
    ctx.state.faceup.append(tile)
    pieces.forget(ctx, tile)
    ctx.revealed = True
    ctx.say(texts.reveals(seat, texts.kind_name(ctx.data, tile), square))
    claim_coin(ctx, seat, tile)
    resolve(ctx, seat, square, fresh=True, bounce=bounce)


def resolve(ctx: Ctx, seat: int, square: str, *, fresh: bool, bounce: bool = True) -> None:
    """What the face-up tile on ``square`` does to ``seat``, who has just landed there."""
    tile = ctx.state.board[square]
    kind = ctx.data.kind(tile)
    own = ctx.rules.landing.get(kind.category)
    if own is not None:
        own(ctx, seat, square, fresh)
        return
    if kind.is_cache:
        blocker = cache_blocker(ctx, seat, tile)
        if blocker:
            ctx.say(texts.cache_stays(data_text(kind.name), blocker))
        else:
            take(ctx, seat, square)
    elif kind.category == "problem":
        _problem(ctx, seat, square, fresh=fresh, bounce=bounce)
    elif kind.category == "event":
        cards.draw_and_resolve(ctx, seat)
        pieces.discard_tile(ctx, square)
    elif kind.category == "map":
        reveal_around(ctx, square, seat)
        pieces.discard_tile(ctx, square)
    elif kind.category == "trail" and fresh:
        ctx.state.trail_since[tile] = ctx.state.round
        ctx.say(_(texts.TRAIL_NEXT_ROUND))


def _problem(ctx: Ctx, seat: int, square: str, *, fresh: bool, bounce: bool) -> None:
    tile = ctx.state.board[square]
    kind = ctx.data.kind(tile)
    player = ctx.player(seat)
    if kind.effect == "bear" and not fresh:
        # "Ein aufgedecktes Plättchen ... wirkt sich weiterhin auf Spieler aus, die darauf landen."
        pieces.send_to_hospital(ctx, seat)
        return
    if kind.protection and has_item(ctx.data, player, kind.protection):
        ctx.say(texts.protected(seat, texts.item_name(ctx.data, kind.protection), data_text(kind.name)))
    else:
        effect = ctx.rules.tile_effects.get(kind.effect) or EFFECTS[kind.effect]
        effect(ctx, seat, square, bounce)
    if kind.replace and ctx.state.board.get(square) == tile:
        pieces.discard_tile(ctx, square)


# ---------------------------------------------------------------------- problem effects


def _lose_turn(ctx: Ctx, seat: int, square: str, bounce: bool) -> None:
    pieces.lose_turn(ctx, seat)


def _lose_gps_pen(ctx: Ctx, seat: int, square: str, bounce: bool) -> None:
    pieces.lose_gps_pen(ctx, seat)


def _go_to_cafe(ctx: Ctx, seat: int, square: str, bounce: bool) -> None:
    ctx.say(texts.goes_to_cafe(seat))
    pieces.place(ctx, seat, ctx.data.board.cafe)
    pieces.end_turn_now(ctx, seat)


def _hospital(ctx: Ctx, seat: int, square: str, bounce: bool) -> None:
    pieces.send_to_hospital(ctx, seat)


def _poison_ivy(ctx: Ctx, seat: int, square: str, bounce: bool) -> None:
    ctx.player(seat).ivy = ctx.rules.poison_ivy_turns
    ctx.say(texts.catches_ivy(seat, ctx.rules.poison_ivy_turns))


def _discard_equipment(ctx: Ctx, seat: int, square: str, bounce: bool) -> None:
    gear = ctx.player(seat).gear
    if len(gear) == 1:
        drop_equipment(ctx, seat, gear[0].card)
    elif gear:
        ctx.state.prompts.append(Prompt("drop", seat))


def drop_equipment(ctx: Ctx, seat: int, card: int) -> None:
    player = ctx.player(seat)
    player.gear = [g for g in player.gear if g.card != card]
    ctx.state.equipment_discard.append(card)
    ctx.say(texts.drops_equipment(seat, ctx.data.equipment[card].sides, ctx.data))


def _flee(ctx: Ctx, seat: int, square: str, bounce: bool) -> None:
    part = ctx.data.board.woods_part(square)
    if part is None:
        return
    ctx.say(texts.flees(seat, part.trail_head))
    pieces.place(ctx, seat, part.trail_head)
    pieces.end_turn_now(ctx, seat)


def _go_back(ctx: Ctx, seat: int, square: str, bounce: bool) -> None:
    """Pond: back to the square you came from. Landing there on another Pond, the FAQ lets you
    "ausweichen und sich auf ein anderes Feld bewegen"."""
    player = ctx.player(seat)
    back = player.came_from
    if not bounce:
        dodge_choices = dodge_squares(ctx, seat)
        if dodge_choices:
            ctx.state.prompts.append(Prompt("dodge", seat, squares=dodge_choices))
        return
    if not back:
        return
    ctx.say(texts.goes_back(seat, back))
    if bear.forced_beside(ctx, seat, back, came_from=square):
        return
    if not pieces.place(ctx, seat, back, came_from=square):
        return
    land_again(ctx, seat, back)


def land_again(ctx: Ctx, seat: int, square: str) -> None:
    """Forced onto a woods square: a face-down tile there is revealed, a face-up one acts again."""
    tile = ctx.state.board.get(square)
    if tile is None or not ctx.data.board.is_woods(square):
        return
    if tile in ctx.state.faceup:
        resolve(ctx, seat, square, fresh=False, bounce=False)
    else:
        reveal(ctx, seat, square, bounce=False)


def dodge_squares(ctx: Ctx, seat: int) -> list[str]:
    """Neighbours a player may dodge to from a Pond: not a face-up Pond, not next to the awake bear."""
    here = ctx.player(seat).square
    zone = set()
    cave = pieces.bear_cave(ctx)
    if ctx.state.bear_awake and cave:
        zone = set(ctx.data.board.woods_around(cave))
    found = []
    for square in ctx.data.board.links[here]:
        tile = ctx.state.board.get(square)
        if tile is not None and tile in ctx.state.faceup and ctx.data.kind(tile).effect == "go_back":
            continue
        if square in zone or ctx.data.board.in_store(square) or not pieces.can_share(ctx, seat, square):
            continue
        found.append(square)
    return found


def dodge(ctx: Ctx, seat: int, square: str) -> None:
    here = ctx.player(seat).square
    ctx.say(texts.dodges(seat, square))
    if pieces.place(ctx, seat, square, came_from=here):
        land_again(ctx, seat, square)


# ---------------------------------------------------------------------- the bear and maps


def _bear(ctx: Ctx, seat: int, square: str, bounce: bool) -> None:
    bear.wake_bear(ctx, seat, square)


def reveal_around(ctx: Ctx, square: str, finder: int | None = None) -> None:
    """Map: the face-down tiles on the 8 woods squares around are revealed. Tiles that say "Replace
    when revealed" leave the board; a Cave wakes the bear; nothing else acts until landed on. The
    ``finder`` (who landed on the Map) has revealed them: the coins of coin caches among them are theirs."""
    revealed = []
    for other in ctx.data.board.woods_around(square):
        tile = ctx.state.board.get(other)
        if tile is not None and tile not in ctx.state.faceup:
            ctx.state.faceup.append(tile)
            pieces.forget(ctx, tile)
            revealed.append(other)
    ctx.revealed = True
    ctx.say(texts.map_reveals([f"{sq} {texts.kind_name(ctx.data, ctx.state.board[sq])}" for sq in revealed]))
    for other in revealed:
        tile = ctx.state.board[other]
        kind = ctx.data.kind(tile)
        if kind.category == "trail":
            ctx.state.trail_since[tile] = ctx.state.round
        if finder is not None:
            claim_coin(ctx, finder, tile)
        if kind.effect == "bear":
            bear.wake_bear(ctx, None, other)
        elif kind.replace:
            pieces.discard_tile(ctx, other)


EFFECTS: dict[str, Effect] = {
    "lose_turn": _lose_turn,
    "lose_gps_pen": _lose_gps_pen,
    "go_to_cafe": _go_to_cafe,
    "go_back": _go_back,
    "hospital": _hospital,
    "bear": _bear,
    "poison_ivy": _poison_ivy,
    "discard_equipment": _discard_equipment,
    "flee_to_trail_head": _flee,
}
