"""Event cards: drawing them, the immediate ones, and playing saved ones with their targets.

"Karten lassen sich in drei Kategorien einteilen: sofort verwenden, während deines Zuges verwenden
oder jederzeit verwenden." Saved cards lie face down (secret) until played. "Können die
Bedingungen des Ereignisses nicht erfüllt werden, wird das Ereignis ignoriert und die Karte
abgeworfen."
"""

from __future__ import annotations

from bot.engine import RuleError
from bot.games.cmiyc import pieces, scoring, texts
from bot.games.cmiyc.context import Ctx, has_item
from bot.games.cmiyc.i18n import _, data_text
from bot.games.cmiyc.state import Prompt

TARGETED = frozenset({"golden_ammo_can", "disable_cache", "borrow_equipment", "ranger_lift"})
ACTS_BY_ITSELF = frozenset({"snack", "second_wind"})
"""Saved cards never played from the hand: the moment they matter comes to them (the bear, a lost turn)."""


def draw_and_resolve(ctx: Ctx, seat: int) -> None:
    """Rule: "Zieh eine Karte und befolge die Anweisungen." """
    card = pieces.draw_event(ctx)
    if card is None:
        return
    event = ctx.data.events[card]
    if event.timing == "immediately":
        ctx.say(texts.draws_event(seat, event))
        apply_immediate(ctx, seat, card)
        return
    ctx.player(seat).events.append(card)
    if ctx.rules.events_public:
        ctx.say(texts.draws_event(seat, event))
    else:
        ctx.say(texts.keeps_event(seat))
        ctx.say(texts.you_keep_event(event), seats=(seat,))


def apply_immediate(ctx: Ctx, seat: int, card: int) -> None:
    event = ctx.data.events[card]
    match event.effect:
        case "lose_turn":
            if not _protected(ctx, seat, card):
                pieces.lose_turn(ctx, seat)
        case "lose_gps_pen":
            if not _protected(ctx, seat, card):
                pieces.lose_gps_pen(ctx, seat)
        case "equipment_sale":
            for _step in range(event.amount):
                pieces.draw_equipment(ctx, seat)
        case "first_to_find":
            pieces.take_coin(ctx, seat)
        case "thunderstorm":
            _thunderstorm(ctx, card)
        case "shuffle_tiles":
            shuffle_tiles(ctx, event.amount)
        case _:
            raise AssertionError(f"{event.effect} is not an immediate effect")
    pieces.discard_event(ctx, None, card)


def _protected(ctx: Ctx, seat: int, card: int) -> bool:
    """The card names an item that protects from it, and the player has it facing the board."""
    event = ctx.data.events[card]
    if event.protection and has_item(ctx.data, ctx.player(seat), event.protection):
        ctx.say(texts.protected(seat, texts.item_name(ctx.data, event.protection), data_text(event.name)))
        return True
    return False


def _thunderstorm(ctx: Ctx, card: int) -> None:
    caught = [s for s, p in enumerate(ctx.state.seats) if ctx.data.board.is_woods(p.square)]
    ctx.say(texts.thunderstorm(caught))
    for seat in caught:
        if not _protected(ctx, seat, card):
            pieces.lose_turn(ctx, seat)


def shuffle_tiles(ctx: Ctx, amount: int) -> None:
    """Muggles Mess Things Up: random tiles without a player on them are shuffled, face down."""
    state = ctx.state
    occupied = {p.square for p in state.seats}
    cave = pieces.bear_cave(ctx) if state.bear_awake else None
    fixed = set(ctx.rules.fixed_squares(state)) if ctx.rules.fixed_squares is not None else set()
    candidates = sorted(sq for sq in state.board if sq not in occupied and sq != cave and sq not in fixed)
    if len(candidates) < 2:
        ctx.say(_(texts.EVENT_IGNORED))
        return
    chosen = sorted(ctx.rng.sample(candidates, min(amount, len(candidates))))
    tiles = [pieces.lift(ctx, sq) for sq in chosen]
    ctx.rng.shuffle(tiles)
    for square, tile in zip(chosen, tiles):
        state.board[square] = tile
    ctx.revealed = True
    ctx.say(texts.shuffled(chosen))


# ---------------------------------------------------------------------- saved cards


def playable(ctx: Ctx, seat: int) -> list[int]:
    """Saved cards this player may play now (it is their turn and the card can do something)."""
    player = ctx.player(seat)
    found = []
    for card in player.events:
        event = ctx.data.events[card]
        if event.timing != "turn" or event.effect in ACTS_BY_ITSELF or card in ctx.state.turn.played:
            continue
        if event.effect in TARGETED and not targets(ctx, seat, card):
            continue
        if event.effect in ("ranger_lift", "mega_invite") and not lift_allowed(ctx, seat):
            continue
        if event.effect == "peek" and not peekable(ctx, seat):
            continue
        found.append(card)
    return found


def play(ctx: Ctx, seat: int, card: int) -> None:
    event = ctx.data.events[card]
    if event.effect in TARGETED:
        ctx.state.prompts.append(Prompt("target", seat, card=card))
        return
    ctx.state.turn.played.append(card)
    pieces.discard_event(ctx, seat, card)
    ctx.say(texts.plays_event(seat, event))
    match event.effect:
        case "peek":
            start_peek(ctx, seat, min(event.amount, ctx.rules.peek_count))
        case "mega_invite":
            pass  # the turn moves the piece (``turns.play_event``): it lands there like after a move
        case _:
            raise AssertionError(f"{event.effect} cannot be played from the hand")


def lift_allowed(ctx: Ctx, seat: int) -> bool:
    """Ranger's Lift and the Mega Event Invitation carry a player before they move, but never out of
    the Sporting Goods Store ("folgen sie den Pfeilen", "Die Bewegung im Sportgeschäft beträgt ein Feld
    pro Spielzug") or the Hospital ("bewege deine Figur um ein Feld nach dem anderen durch das
    Krankenhaus, bis der Ausgang erreicht ist"): those paths are walked; only a character may break a rule."""
    turn = ctx.state.turn
    square = ctx.player(seat).square
    board = ctx.data.board
    return not (turn.moved or turn.acted or board.in_store(square) or board.in_hospital(square))


def targets(ctx: Ctx, seat: int, card: int) -> list[tuple[str, str]]:
    """(argument, label) pairs a targeted card may be played on."""
    data, state = ctx.data, ctx.state
    match data.events[card].effect:
        case "golden_ammo_can":
            under = {pair[0] for pair in state.ammo}
            return [
                (str(t), texts.kind_name(data, t))
                for t in ctx.player(seat).caches
                if not data.kind(t).is_set and t not in under
            ]
        case "disable_cache":
            return [
                (f"{other}.{t}", texts.seat_item(other, texts.kind_name(data, t)))
                for other, p in enumerate(state.seats)
                if other != seat
                for t in p.caches
            ]
        case "borrow_equipment":
            return [
                (f"{other}.{g.card}", texts.seat_item(other, texts.gear_name(data, g.card, g.side)))
                for other, p in enumerate(state.seats)
                if other != seat
                for g in p.gear
                if g.side >= 0
            ]
        case "ranger_lift":
            here = ctx.player(seat).square
            return [(sq, texts.square_name(data, sq)) for sq in data.board.trail_heads if sq != here]
    return []


def play_on(ctx: Ctx, seat: int, card: int, target: str) -> None:
    if target not in {arg for arg, _label in targets(ctx, seat, card)}:
        raise RuleError(_(texts.NOT_A_TARGET))
    event = ctx.data.events[card]
    ctx.state.turn.played.append(card)
    ctx.say(texts.plays_event(seat, event))
    match event.effect:
        case "golden_ammo_can":
            ctx.player(seat).events.remove(card)
            ctx.state.ammo.append([int(target), card])
        case "disable_cache":
            other, tile = (int(x) for x in target.split("."))
            for ammo in scoring.remove_cache(ctx, other, tile):
                pieces.discard_event(ctx, None, ammo)
            ctx.state.discard.append(tile)
            pieces.discard_event(ctx, seat, card)
            ctx.say(texts.disabled(other, texts.kind_name(ctx.data, tile)))
        case "borrow_equipment":
            other, gear_card = (int(x) for x in target.split("."))
            scoring.move_gear(ctx, other, seat, gear_card)
            pieces.discard_event(ctx, seat, card)
        case "ranger_lift":
            pieces.discard_event(ctx, seat, card)
            here = ctx.player(seat).square
            pieces.place(ctx, seat, target, came_from=here)
            ctx.player(seat).used_square = ""


# ---------------------------------------------------------------------- peeking


def peekable(ctx: Ctx, seat: int) -> list[str]:
    """Face-down woods tiles this player does not know yet."""
    known = set(ctx.player(seat).peeked) | set(ctx.state.known) | set(ctx.state.faceup)
    return [sq for sq, tile in ctx.state.board.items() if tile not in known]


def start_peek(ctx: Ctx, seat: int, amount: int) -> None:
    if peekable(ctx, seat):
        ctx.state.prompts.append(Prompt("peek", seat, count=amount))
    else:
        ctx.say(_(texts.EVENT_IGNORED))


def peek(ctx: Ctx, seat: int, square: str) -> None:
    """Rule: "Lassen Sie die anderen Spieler den Inhalt des Plättchens nicht sehen." """
    if square not in peekable(ctx, seat):
        raise RuleError(_(texts.NOT_PEEKABLE))
    tile = ctx.state.board[square]
    kind = ctx.data.kind(tile)
    if ctx.rules.peeks_public:
        ctx.state.faceup.append(tile)
        ctx.say(texts.reveals(seat, data_text(kind.name), square))
    else:
        ctx.player(seat).peeked.append(tile)
        ctx.say(texts.peeks_at(seat, square))
        ctx.say(texts.you_peek(square, data_text(kind.name), ctx.data.tiles[tile].coin), seats=(seat,))
    ctx.revealed = True
