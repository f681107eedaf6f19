"""Mega Event trades in Muggles, and the solitaire player's coin trade.

"Mega Event trading is more restricted than in basic game rules: 1. Both players must be on Mega
Event space to trade 2. Only one trade per visit. Players must leave town between trades. 3. No more
than three trades by the team in an entire game. 4. Trades must be a single item for a single item
of the same type (Event card, Equipment card, Coin, or Cache). · A single cache can be traded for a
completed Multi-cache set. · Unflipped coins may be traded for flipped coins."

Solitaire: "Once per game he can go to the Mega Event space and trade a coin for the top one on the
deck" (his coin goes to the bottom of the geocoin stack).

An offer is made on the offerer's turn (partner, what you give, what you ask for) and accepted or
refused by the partner; nothing of it is secret. Items: ``c<tile>`` a cache, ``m<tile>.<tile>..`` a
completed multi-cache set, ``g<coin>``, ``e<card>`` equipment, ``v<card>`` an event card. "Leave
town" is read as: set foot in the woods again. As in the base game ("kann jedem anderen Spieler
Handelsangebote machen"), a turn on the Mega Event may send one offer to each teammate there until
one is accepted (a refused offer uses none of the team's three trades).
"""

from __future__ import annotations

from bot.engine import RuleError
from bot.games.cmiyc import pieces, scoring, trades, turns
from bot.games.cmiyc import texts as base_texts
from bot.games.cmiyc.scoring import complete_sets
from bot.games.cmiyc.state import Prompt
from bot.games.muggles import texts
from bot.games.muggles.context import Team
from bot.games.muggles.i18n import _

TEAM_TRADES = 3
TYPES = {"c": "cache", "m": "cache", "g": "coin", "e": "equipment", "v": "event"}


def on_mega(ctx: Team, seat: int) -> bool:
    return ctx.player(seat).square == ctx.data.board.mega


def partners(ctx: Team, seat: int) -> list[int]:
    state = ctx.state
    return [
        other
        for other in range(state.players)
        if other != seat
        and on_mega(ctx, other)
        and other not in state.traded
        and other not in state.turn.offered_to
        and any(pairs(ctx, seat, other))
    ]


def can_trade(ctx: Team, seat: int) -> bool:
    state = ctx.state
    return (
        state.players > 1
        and not state.muggle_phase
        and state.turn.seat == seat
        and on_mega(ctx, seat)
        and state.team_trades < TEAM_TRADES
        and seat not in state.traded
        and bool(partners(ctx, seat))
    )


def items(ctx: Team, seat: int) -> list[str]:
    player = ctx.player(seat)
    found = [f"c{t}" for t in player.caches]
    for tiles in complete_sets(ctx.data, player.caches).values():
        size = ctx.data.kind(tiles[0]).set_size
        found += ["m" + ".".join(str(t) for t in tiles[i : i + size]) for i in range(0, len(tiles), size)]
    found += [f"g{c}" for c in player.coins]
    found += [f"e{g.card}" for g in player.gear if g.side >= 0]
    found += [f"v{c}" for c in player.events]
    return found


def pairs(ctx: Team, seat: int, other: int) -> list[tuple[str, str]]:
    mine, theirs = items(ctx, seat), items(ctx, other)
    return [(a, b) for a in mine for b in theirs if TYPES[a[0]] == TYPES[b[0]]]


def label(ctx: Team, code: str) -> str:
    if code.startswith("m"):
        tiles = [int(t) for t in code[1:].split(".")]
        return texts.set_label(texts.kind_name(ctx.data, tiles[0]), len(tiles))
    return trades.label(ctx, code)


def start(ctx: Team, seat: int) -> None:
    turns.stop_moving(ctx, seat)
    ctx.state.turn.acted = True
    ctx.state.prompts.append(Prompt("trade_partner", seat))


def choose_partner(ctx: Team, seat: int, partner: int) -> None:
    ctx.state.prompts.pop()
    ctx.state.prompts.append(Prompt("trade_give", seat, partner=partner))


def gives(ctx: Team, seat: int, partner: int) -> list[str]:
    return sorted({a for a, _label in pairs(ctx, seat, partner)}, key=items(ctx, seat).index)


def wants(ctx: Team, partner: int, give: str) -> list[str]:
    return [b for b in items(ctx, partner) if TYPES[b[0]] == TYPES[give[0]]]


def choose_give(ctx: Team, seat: int, code: str) -> None:
    prompt = ctx.state.prompts.pop()
    ctx.state.prompts.append(Prompt("trade_want", seat, partner=prompt.partner, give=code))


def choose_want(ctx: Team, seat: int, code: str) -> None:
    prompt = ctx.state.prompts.pop()
    ctx.state.turn.offered_to.append(prompt.partner)
    ctx.state.prompts.append(Prompt("trade_reply", prompt.partner, partner=seat, give=prompt.give, want=code))
    ctx.say(texts.offer(seat, prompt.partner, label(ctx, prompt.give), label(ctx, code)))


def reply(ctx: Team, seat: int, accept: bool) -> None:
    state = ctx.state
    prompt = state.prompts.pop()
    offerer = prompt.partner
    if not accept:
        ctx.say(texts.offer_refused(seat, offerer))
        return
    give, want = label(ctx, prompt.give), label(ctx, prompt.want)
    _transfer(ctx, offerer, seat, prompt.give)
    _transfer(ctx, seat, offerer, prompt.want)
    state.team_trades += 1
    state.traded += [offerer, seat]
    ctx.say(texts.offer_accepted(seat, offerer, give, want, TEAM_TRADES - state.team_trades))


def _transfer(ctx: Team, giver: int, taker: int, code: str) -> None:
    kind, rest = code[0], code[1:]
    match kind:
        case "c":
            scoring.move_cache(ctx, giver, taker, int(rest))
        case "m":
            for tile in rest.split("."):
                scoring.move_cache(ctx, giver, taker, int(tile))
        case "g":
            scoring.move_coin(ctx, giver, taker, int(rest))
        case "e":
            scoring.move_gear(ctx, giver, taker, int(rest))
        case "v":
            ctx.player(giver).events.remove(int(rest))
            ctx.player(taker).events.append(int(rest))
        case _:
            raise RuleError(_(texts.NOT_NOW))


def left_town(ctx: Team) -> None:
    """ "Players must leave town between trades": a player who traded may trade again once in the woods."""
    state = ctx.state
    state.traded = [s for s in state.traded if not ctx.data.board.is_woods(ctx.player(s).square)]


# ---------------------------------------------------------------------- solitaire


def coin_trades(ctx: Team, seat: int) -> list[tuple[str, str]]:
    state = ctx.state
    if state.players != 1 or state.coin_trade_used or not state.coin_stack or state.muggle_phase:
        return []
    if state.turn.seat != seat or not on_mega(ctx, seat):
        return []
    return [(f"coin:{c}", texts.coin_trade_label(base_texts.coin_name(ctx.data, c))) for c in ctx.player(seat).coins]


def coin_trade(ctx: Team, seat: int, coin: int) -> None:
    state = ctx.state
    turns.stop_moving(ctx, seat)
    state.coin_trade_used = True
    ctx.player(seat).coins.remove(coin)
    state.coin_stack.insert(0, coin)
    ctx.say(texts.coin_traded(seat, base_texts.coin_name(ctx.data, coin)))
    pieces.take_coin(ctx, seat)
