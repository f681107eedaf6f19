"""The Town's buildings: the Sporting Goods Store, the Swag Store and the Hospital.

* Store: "Die Bewegung im Sportgeschäft beträgt ein Feld pro Spielzug." (the arrows are in
  ``board.json``); each aisle offers its action once per visit: take an equipment card, take an
  event card, or peek at tiles in the woods. "Kasse: ... Auf diesem Platz passiert nichts."
* GPS/PEN: "bis er es wiederbekommen kann, indem er zum Swag- oder Sportgeschäft geht."
* Swag Store: "Um die Karte umzudrehen und die Ausrüstung zu ändern, musst du in den Swag Store gehen."
* Hospital: the path is one way (``board.json``); insurance opens the emergency room's door
  (``movement.next_squares``).

Muggles reuses these functions as they are (its peeks are reveals through ``RuleSet``).
"""

from __future__ import annotations

from bot.games.cmiyc import cards, pieces, texts
from bot.games.cmiyc.context import Ctx, ability


def arrive(ctx: Ctx, seat: int, square: str) -> None:
    """Entering a store or the Swag Store gives back a lost GPS/PEN."""
    board = ctx.data.board
    player = ctx.player(seat)
    if (board.in_store(square) or square == board.swag) and not player.gps:
        player.gps = True
        ctx.say(texts.gps_back(seat))


def store_action(ctx: Ctx, seat: int) -> str:
    """The action of the aisle the player stands on, if not used on this visit; else ""."""
    player = ctx.player(seat)
    action = ctx.data.board.aisles.get(player.square, "")
    if not action or player.used_square == player.square:
        return ""
    if action == "equipment" and not ctx.state.equipment_deck:
        return ""
    if action == "event" and not (ctx.state.event_deck or ctx.state.event_discard):
        return ""
    if action == "peek" and not cards.peekable(ctx, seat):
        return ""
    return action


def shop(ctx: Ctx, seat: int) -> None:
    """Use the aisle's action. The Shopper draws two cards on the Equipment and Event aisles."""
    player = ctx.player(seat)
    action = store_action(ctx, seat)
    player.used_square = player.square
    ctx.state.turn.acted = True
    draws = 2 if ability(ctx.data, player) == "shopper" else 1
    match action:
        case "equipment":
            ctx.say(texts.shops_equipment(seat, draws))
            for _ in range(draws):
                pieces.draw_equipment(ctx, seat)
        case "event":
            for _ in range(draws):
                cards.draw_and_resolve(ctx, seat)
        case "peek":
            cards.start_peek(ctx, seat, ctx.rules.peek_count)


def swag_flips(ctx: Ctx, seat: int) -> list[int]:
    """Cards the player may flip now: in the Swag Store, each card once per visit."""
    player = ctx.player(seat)
    if player.square != ctx.data.board.swag:
        return []
    return [g.card for g in player.gear if g.side >= 0 and g.card not in player.flipped]


def flip(ctx: Ctx, seat: int, card: int) -> None:
    player = ctx.player(seat)
    gear = next(g for g in player.gear if g.card == card)
    old = texts.gear_name(ctx.data, card, gear.side)
    gear.side = 1 - gear.side
    player.flipped.append(card)
    ctx.state.turn.acted = True
    ctx.say(texts.flips_gear(seat, old, texts.gear_name(ctx.data, card, gear.side)))
