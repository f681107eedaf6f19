"""Trades at the Geocaching Mega Event.

"Der Spieler auf diesem Feld kann jedem anderen Spieler Handelsangebote machen. Der andere Spieler
muss sich nicht auf dem Mega-Event-Feld befinden. Der Handel ist freiwillig und muss von beiden
Spielern vereinbart werden."

An offer is one item for one item (either side may be "nothing"), built in three steps (partner,
what you give, what you ask for) and then decided by the other player: accept or refuse. Its
contents stay private to the two players until accepted. Items are written ``c<tile>`` (a cache),
``g<coin>``, ``e<equipment card>``, ``v<event card>`` (only given: nobody can see another
player's saved cards) and ``n`` (nothing). Muggles restricts trades through ``allowed``.
"""

from __future__ import annotations

from bot.engine import RuleError
from bot.games.cmiyc import scoring, texts
from bot.games.cmiyc.context import Ctx
from bot.games.cmiyc.i18n import _
from bot.games.cmiyc.state import Prompt

NOTHING = "n"


def can_offer(ctx: Ctx, seat: int) -> bool:
    state = ctx.state
    return (
        ctx.player(seat).square == ctx.data.board.mega
        and state.turn.seat == seat
        and state.turn.offers < ctx.rules.max_offers
        and bool(partners(ctx, seat))
    )


def partners(ctx: Ctx, seat: int) -> list[int]:
    """Players not yet sent an offer this turn ("jedem anderen Spieler"; one offer each per turn)."""
    return [s for s in range(ctx.state.players) if s != seat and s not in ctx.state.turn.offered_to]


def public_label(ctx: Ctx, code: str) -> str:
    """What everyone may read about an item changing hands: saved event cards stay face down."""
    return _(texts.AN_EVENT_CARD) if code.startswith("v") and not ctx.rules.events_public else label(ctx, code)


def label(ctx: Ctx, code: str) -> str:
    data, state = ctx.data, ctx.state
    if code == NOTHING:
        return _(texts.NOTHING)
    kind, number = code[0], int(code[1:])
    match kind:
        case "c":
            doubled = any(pair[0] == number for pair in state.ammo)
            return texts.cache_label(texts.kind_name(data, number), doubled)
        case "g":
            coin = data.coins[number]
            return texts.coin_label(coin, number in state.coins_flipped)
        case "e":
            side = next((g.side for p in state.seats for g in p.gear if g.card == number), 0)
            return texts.gear_name(data, number, side)
        case _:
            return texts.event_name(data, number)


def items(ctx: Ctx, seat: int, *, with_events: bool) -> list[str]:
    player = ctx.player(seat)
    found = [f"c{t}" for t in player.caches] + [f"g{c}" for c in player.coins]
    found += [f"e{g.card}" for g in player.gear if g.side >= 0]
    if with_events:
        found += [f"v{card}" for card in player.events]
    return found


def start(ctx: Ctx, seat: int) -> None:
    """A draft: partner, what you give, what you ask for. Only a sent offer counts (one to each other
    player a turn); drafting happens in the player's own turn and shows nobody anything."""
    ctx.state.turn.acted = True
    ctx.state.prompts.append(Prompt("trade_partner", seat))


def choose_partner(ctx: Ctx, seat: int, partner: int) -> None:
    ctx.state.prompts.pop()
    ctx.state.prompts.append(Prompt("trade_give", seat, partner=partner))


def choose_give(ctx: Ctx, seat: int, code: str) -> None:
    prompt = ctx.state.prompts.pop()
    ctx.state.prompts.append(Prompt("trade_want", seat, partner=prompt.partner, give=code))


def choose_want(ctx: Ctx, seat: int, code: str) -> None:
    prompt = ctx.state.prompts[-1]
    if prompt.give == NOTHING and code == NOTHING:
        raise RuleError(_(texts.EMPTY_OFFER))
    ctx.state.prompts.pop()
    partner = prompt.partner
    ctx.state.turn.offers += 1
    ctx.state.turn.offered_to.append(partner)
    ctx.state.prompts.append(Prompt("trade_reply", partner, partner=seat, give=prompt.give, want=code))
    give, want = label(ctx, prompt.give), label(ctx, code)
    ctx.say(texts.offer_made(seat, partner))
    ctx.say(texts.offer_details(seat, partner, give, want), seats=(seat, partner))


def cancel(ctx: Ctx, seat: int) -> None:
    ctx.state.prompts.pop()


def reply(ctx: Ctx, seat: int, accept: bool) -> None:
    prompt = ctx.state.prompts.pop()
    offerer = prompt.partner
    if not accept:
        ctx.say(texts.offer_refused(seat, offerer))
        return
    give, want = public_label(ctx, prompt.give), public_label(ctx, prompt.want)
    _transfer(ctx, offerer, seat, prompt.give)
    _transfer(ctx, seat, offerer, prompt.want)
    ctx.say(texts.offer_accepted(seat, offerer, give, want))


def _transfer(ctx: Ctx, giver: int, taker: int, code: str) -> None:
    if code == NOTHING:
        return
    kind, number = code[0], int(code[1:])
    match kind:
        case "c":
            scoring.move_cache(ctx, giver, taker, number)
        case "g":
            scoring.move_coin(ctx, giver, taker, number)
        case "e":
            scoring.move_gear(ctx, giver, taker, number)
        case _:
            ctx.player(giver).events.remove(number)
            ctx.player(taker).events.append(number)
            ctx.say(texts.you_receive_event(ctx.data.events[number]), seats=(taker,))
