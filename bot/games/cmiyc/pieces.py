"""Moving the physical pieces: tiles between board, stock and discard; cards; coins; players.

Every function keeps the counts whole (104 tiles, 28 equipment cards, 18 event cards, 12
geocoins), which ``check_invariants`` asserts after every action.
"""

from __future__ import annotations

from bot.games.cmiyc import texts
from bot.games.cmiyc.context import Ctx, ability, contagious, holds_event
from bot.games.cmiyc.i18n import _
from bot.games.cmiyc.state import Gear, Prompt

TURN_PROMPTS = frozenset(
    {"move", "landed", "act", "dodge", "drop", "peek", "target", "trade_partner", "trade_give", "trade_want"}
)


# ---------------------------------------------------------------------- tiles


def forget(ctx: Ctx, tile: int) -> None:
    """Nobody knows a face-down tile any more (it moved or left the board)."""
    for player in ctx.state.seats:
        if tile in player.peeked:
            player.peeked.remove(tile)
    if tile in ctx.state.known:
        ctx.state.known.remove(tile)


def lift(ctx: Ctx, square: str) -> int:
    """Take the tile off ``square`` (it stays in the caller's hands)."""
    state = ctx.state
    tile = state.board.pop(square)
    if tile in state.faceup:
        state.faceup.remove(tile)
    state.trail_since.pop(tile, None)
    forget(ctx, tile)
    return tile


def refill(ctx: Ctx, square: str) -> None:
    """A new face-down tile from the stock on an empty square ("durch ein anderes verdecktes
    Plättchen ... ersetzt"); with the stock used up the square stays empty and counts as trail."""
    state = ctx.state
    if state.stock:
        state.board[square] = state.stock.pop()
        ctx.revealed = True
    else:
        ctx.say(_(texts.STOCK_EMPTY).format(square=square))


def discard_tile(ctx: Ctx, square: str) -> None:
    """A revealed tile that says "Replace when revealed" leaves the board and is replaced."""
    ctx.state.discard.append(lift(ctx, square))
    refill(ctx, square)


# ---------------------------------------------------------------------- cards


def draw_equipment(ctx: Ctx, seat: int) -> int | None:
    """The top equipment card, waiting for its side; none left: "wird er nicht neu gemischt"."""
    state = ctx.state
    if not state.equipment_deck:
        ctx.say(_(texts.EQUIPMENT_DECK_EMPTY))
        return None
    card = state.equipment_deck.pop()
    state.seats[seat].gear.append(Gear(card))
    ctx.revealed = True
    ctx.state.prompts.append(Prompt("side", seat, card=card))
    return card


def draw_event(ctx: Ctx) -> int | None:
    """The top event card; an empty deck is the shuffled discard ("werden ... neu gemischt")."""
    state = ctx.state
    if not state.event_deck and state.event_discard:
        state.event_deck = list(state.event_discard)
        state.event_discard.clear()
        ctx.rng.shuffle(state.event_deck)
        ctx.say(_(texts.EVENTS_RESHUFFLED))
    if not state.event_deck:
        ctx.say(_(texts.EVENT_DECK_EMPTY))
        return None
    ctx.revealed = True
    return state.event_deck.pop()


def lose_turn(ctx: Ctx, seat: int) -> None:
    """ "Lose your next turn" (a tile or a card): a saved Second Wind is discarded instead."""
    player = ctx.player(seat)
    card = holds_event(ctx.data, player, "second_wind")
    if card is not None:
        discard_event(ctx, seat, card)
        ctx.say(texts.second_wind(seat))
        return
    player.skip += 1
    ctx.say(texts.loses_turn(seat))


def discard_event(ctx: Ctx, seat: int | None, card: int) -> None:
    if seat is not None and card in ctx.state.seats[seat].events:
        ctx.state.seats[seat].events.remove(card)
    ctx.state.event_discard.append(card)


# ---------------------------------------------------------------------- coins


def take_coin(ctx: Ctx, seat: int) -> None:
    """The top geocoin, face up (1 point) until its goal is met."""
    if not ctx.state.coin_stack:
        ctx.say(_(texts.NO_COINS_LEFT))
        return
    coin = ctx.state.coin_stack.pop()
    ctx.state.seats[seat].coins.append(coin)
    ctx.revealed = True
    ctx.say(texts.takes_coin(seat, ctx.data.coins[coin]))


# ---------------------------------------------------------------------- players


def end_turn_now(ctx: Ctx, seat: int) -> None:
    """The player's turn ends at once (sent to the Hospital, say): drop their open turn decisions."""
    if ctx.state.turn.seat != seat:
        return
    ctx.state.prompts = [p for p in ctx.state.prompts if not (p.seat == seat and p.kind in TURN_PROMPTS)]


def send_to_hospital(ctx: Ctx, seat: int) -> None:
    """Rule: "Wenn du ins Krankenhaus geschickt wirst, lege deine Figur auf das Notaufnahmefeld." """
    player = ctx.player(seat)
    player.square = ctx.data.board.emergency_room
    player.came_from = ""
    player.ivy = 0
    player.itchy = False
    player.used_square = ""
    ctx.say(texts.to_hospital(seat))
    end_turn_now(ctx, seat)


def bear_cave(ctx: Ctx) -> str | None:
    state = ctx.state
    return next(
        (sq for sq, tile in state.board.items() if tile in state.faceup and ctx.data.kind(tile).effect == "bear"),
        None,
    )


def calm_bear(ctx: Ctx, seat: int, card: int) -> None:
    """The Snack: discard it and turn the Cave face down; the bear sleeps again."""
    cave = bear_cave(ctx)
    discard_event(ctx, seat, card)
    ctx.state.bear_awake = False
    if cave is not None:
        tile = ctx.state.board[cave]
        ctx.state.faceup.remove(tile)
        ctx.state.known.append(tile)
    ctx.say(texts.snack_played(seat))


def place(ctx: Ctx, seat: int, square: str, came_from: str = "") -> bool:
    """Put a player on ``square`` without a move. Forced next to the awake bear: the Snack calms it,
    else "muss er sofort ins Krankenhaus". Returns False when the player ended in the Hospital."""
    player = ctx.player(seat)
    player.square = square
    player.came_from = came_from
    if ctx.state.bear_awake and square in ctx.data.board.woods_around(bear_cave(ctx) or square):
        snack = holds_event(ctx.data, player, "snack")
        if snack is not None:
            calm_bear(ctx, seat, snack)
        else:
            send_to_hospital(ctx, seat)
            return False
    return True


def can_share(ctx: Ctx, seat: int, square: str) -> bool:
    """Poison Ivy keeps players apart (except on the Mega Event space)."""
    if square == ctx.data.board.mega:
        return True
    me = ctx.player(seat)
    return not any(
        other != seat and p.square == square and (contagious(me) or contagious(p))
        for other, p in enumerate(ctx.state.seats)
    )


def character_ability(ctx: Ctx, seat: int) -> str:
    return ability(ctx.data, ctx.player(seat))


def lose_gps_pen(ctx: Ctx, seat: int) -> None:
    """Rule: "Sollte ein Spieler ... sein GPS oder seinen PEN verlieren, dreht er das GPS-/PEN-Plättchen um." """
    player = ctx.player(seat)
    if ability(ctx.data, player) == "gadgeteer":
        ctx.say(texts.gadgeteer_keeps(seat))
    elif player.gps:
        player.gps = False
        ctx.say(texts.loses_gps(seat))
