"""Points: caches, multi-cache sets, the Golden Ammo Can, geocoins and their goals; who has won.

* "Der Cache-Wert wird auf die Gesamtpunktzahl des Spielers angerechnet."
* "Wenn es sich um einen Multi-Cache handelt, ... es werden jedoch keine Punkte vergeben, bis alle
  Teile eingesammelt sind. Super-Multi und Multi-Cache sind NICHT austauschbar."
* "Lege die Coin mit dem Coinsymbol (1 Punkt) nach oben, bis das Ziel erreicht ist. Sobald die
  Zielbedingung erfüllt ist, drehe die Coin um." "Sobald ein Geocoin sein Ziel erreicht hat, behält
  er den neuen Wert, auch wenn er den Besitzer wechselt."

Muggles reuses ``cache_points``, ``complete_sets``, ``coin_goal_met`` and ``claim_set_coins``.
"""

from __future__ import annotations

from collections import Counter

from bot.games.cmiyc import pieces, texts
from bot.games.cmiyc.context import Ctx
from bot.games.cmiyc.data import GameData
from bot.games.cmiyc.state import Player, State

COIN_FACE_UP = 1


def complete_sets(data: GameData, caches: list[int]) -> dict[str, list[int]]:
    """Set kind -> the tiles in completed sets (the earliest collected tiles of each kind first)."""
    by_kind: dict[str, list[int]] = {}
    for tile in caches:
        kind = data.kind(tile)
        if kind.is_set:
            by_kind.setdefault(kind.id, []).append(tile)
    done: dict[str, list[int]] = {}
    for kind_id, tiles in by_kind.items():
        size = data.kinds[kind_id].set_size
        whole = len(tiles) // size * size
        if whole:
            done[kind_id] = tiles[:whole]
    return done


def cache_points(data: GameData, state: State, player: Player) -> int:
    doubled = {pair[0] for pair in state.ammo}
    points = 0
    for tile in player.caches:
        kind = data.kind(tile)
        if not kind.is_set:
            points += kind.value * (2 if tile in doubled else 1)
    for kind_id, tiles in complete_sets(data, player.caches).items():
        kind = data.kinds[kind_id]
        points += len(tiles) // kind.set_size * kind.set_value
    return points


def coin_points(data: GameData, state: State, player: Player) -> int:
    return sum(data.coins[c].value if c in state.coins_flipped else COIN_FACE_UP for c in player.coins)


def score(data: GameData, state: State, seat: int) -> int:
    player = state.seats[seat]
    return cache_points(data, state, player) + coin_points(data, state, player)


def distinct_types(data: GameData, player: Player) -> int:
    return len({data.tiles[t].kind for t in player.caches})


# ---------------------------------------------------------------------- moving holdings


def claim_set_coins(ctx: Ctx, seat: int) -> None:
    """Rule: "Die Coin aus einem Multi-Cache kann erst genommen werden, nachdem alle Caches der Serie
    gesammelt wurden." Coins of pieces in a completed set go to the player holding the set."""
    player = ctx.player(seat)
    for tiles in complete_sets(ctx.data, player.caches).values():
        for tile in tiles:
            if ctx.data.tiles[tile].coin and tile not in ctx.state.coins_claimed:
                ctx.state.coins_claimed.append(tile)
                pieces.take_coin(ctx, seat)


def remove_cache(ctx: Ctx, seat: int, tile: int) -> list[int]:
    """Take a cache from a player; returns the Golden Ammo Can lying under it (if any), lifted too."""
    ctx.player(seat).caches.remove(tile)
    under = [pair for pair in ctx.state.ammo if pair[0] == tile]
    for pair in under:
        ctx.state.ammo.remove(pair)
    return [pair[1] for pair in under]


def move_cache(ctx: Ctx, giver: int, taker: int, tile: int) -> None:
    """A cache changes hands with its Golden Ammo Can ("Du darfst den Cache und die Karte
    mitnehmen"), but not its geocoin ("Nein, die Coin wurde aus dem Cache entfernt")."""
    cards = remove_cache(ctx, giver, tile)
    ctx.player(taker).caches.append(tile)
    for card in cards:
        ctx.state.ammo.append([tile, card])
    claim_set_coins(ctx, taker)


def move_gear(ctx: Ctx, giver: int, taker: int, card: int) -> None:
    """An equipment card changes hands showing the same side ("nur im SWAG-Shop umdrehen")."""
    gear = next(g for g in ctx.player(giver).gear if g.card == card)
    ctx.player(giver).gear.remove(gear)
    ctx.player(taker).gear.append(gear)
    ctx.say(texts.gear_moves(giver, taker, texts.gear_name(ctx.data, gear.card, gear.side)))


def move_coin(ctx: Ctx, giver: int, taker: int, coin: int) -> None:
    ctx.player(giver).coins.remove(coin)
    ctx.player(taker).coins.append(coin)


# ---------------------------------------------------------------------- geocoin goals


def place_of(data: GameData, square: str) -> set[str]:
    board = data.board
    places = set()
    if board.in_hospital(square):
        places.add("hospital")
    if square == board.mega:
        places.add("mega_event")
    if square == board.swag:
        places.add("swag_store")
    if board.in_store(square):
        places.add("store")
    if board.far_edge(square):
        places.add("far_edge")
    return places


def coin_goal_met(data: GameData, player: Player, coin: int) -> bool:
    goal = data.coins[coin].goal
    match goal.kind:
        case "at":
            return goal.place in place_of(data, player.square)
        case "hold":
            return sum(data.tiles[t].kind in goal.types for t in player.caches) >= goal.count
        case "types":
            return distinct_types(data, player) >= goal.count
        case "set":
            return bool(complete_sets(data, player.caches))
        case "equipment":
            return len(player.gear) >= goal.count
    return False


def flip_coins(ctx: Ctx, seat: int) -> None:
    """On the owner's own turn ("Nein, Sie müssen warten, bis Sie an der Reihe sind"), every coin
    whose goal is met is flipped."""
    player = ctx.player(seat)
    for coin in player.coins:
        if coin not in ctx.state.coins_flipped and coin_goal_met(ctx.data, player, coin):
            ctx.state.coins_flipped.append(coin)
            ctx.say(texts.flips_coin(seat, ctx.data.coins[coin]))


# ---------------------------------------------------------------------- winning


def check_target(ctx: Ctx) -> None:
    """The basic victory: "das Spiel endet, sobald ein Spieler 15 Punkte erreicht hat"."""
    if ctx.rules.advanced or ctx.state.over:
        return
    scores = [score(ctx.data, ctx.state, s) for s in range(ctx.state.players)]
    reached = [s for s, points in enumerate(scores) if points >= ctx.rules.target]
    if reached:
        best = max(scores[s] for s in reached)
        finish(ctx, [s for s in reached if scores[s] == best], "target")


def check_advanced(ctx: Ctx, seat: int) -> None:
    """Rule: "Der erste Spieler, der 18 Punkte erreicht UND seinen Zug beendet, während er auf dem
    Geocaching-Mega-Event-Feld steht."
    """
    if not ctx.rules.advanced or ctx.state.over:
        return
    player = ctx.player(seat)
    if player.square == ctx.data.board.mega and score(ctx.data, ctx.state, seat) >= ctx.rules.target:
        finish(ctx, [seat], "advanced")


def finish_by_limit(ctx: Ctx) -> None:
    """The house round limit a group chose (off by default): the highest score wins; ties share."""
    scores = [score(ctx.data, ctx.state, s) for s in range(ctx.state.players)]
    best = max(scores)
    finish(ctx, [s for s, points in enumerate(scores) if points == best], "rounds")


def finish(ctx: Ctx, winners: list[int], reason: str) -> None:
    ctx.state.over = True
    ctx.state.winners = sorted(winners)
    ctx.state.end_reason = reason
    ctx.state.prompts.clear()
    ctx.say(texts.game_over(ctx.state.winners, reason))


def tally(data: GameData, state: State) -> Counter[str]:
    """Where the 104 tiles are (for invariant checks)."""
    places: Counter[str] = Counter()
    places["board"] = len(state.board)
    places["stock"] = len(state.stock)
    places["discard"] = len(state.discard)
    places["players"] = sum(len(p.caches) for p in state.seats)
    return places
