"""What players may see: the public view (everything on the table) and each seat's own secrets.

Public: the boards with face-down and revealed tiles, every piece, each player's character,
equipment (the side facing the board), GPS/PEN, caches, geocoins and score, how many event cards
they saved. Secret: saved event cards, tiles a player peeked at, a trade offer's contents until it
is accepted (only the two players see it), the order of the stock and the decks.
"""

from __future__ import annotations

import msgspec

from bot.games.cmiyc import scoring, trades
from bot.games.cmiyc.context import Ctx
from bot.games.cmiyc.data import GameData
from bot.games.cmiyc.state import Player, State
from bot.games.cmiyc.turns import current_seats, prompt_for


class TileView(msgspec.Struct, frozen=True):
    square: str
    face: str
    """``""`` no tile (the square counts as trail), ``"down"`` face down, else the tile kind."""
    known: str = ""
    """A face-down tile everyone knows (the Cave turned back by the Snack)."""
    coin: bool = False
    """A face-up cache whose geocoin is still inside."""
    trail_from: int = 0
    """A face-up trail tile: the round from which it counts as trail."""


class GearView(msgspec.Struct, frozen=True):
    card: int
    item: str
    """The item facing the board ("" while the player is still choosing)."""
    other: str


class CacheView(msgspec.Struct, frozen=True):
    tile: int
    kind: str
    doubled: bool = False


class CoinView(msgspec.Struct, frozen=True):
    coin: int
    name: str
    points: int
    flipped: bool
    goal: str


class PlayerView(msgspec.Struct, frozen=True):
    seat: int
    character: str
    square: str
    gear: tuple[GearView, ...]
    gps: bool
    caches: tuple[CacheView, ...]
    coins: tuple[CoinView, ...]
    saved_events: int
    skip: int
    ivy: int
    score: int


class PublicView(msgspec.Struct, frozen=True):
    players: int
    victory: str
    target: int
    round: int
    round_limit: int
    turn: int
    """The seat on turn (-1 during set-up and after the game)."""
    awaiting: tuple[int, ...]
    decision: str
    """The kind of decision awaited (``move``, ``trade_reply``, ...)."""
    offer: tuple[int, ...]
    """(offerer, partner) while an offer waits for its answer, else empty."""
    asked: tuple[int, ...]
    """Players the player on turn has already made an offer to this turn."""
    tiles: tuple[TileView, ...]
    seats: tuple[PlayerView, ...]
    stock: int
    discard: tuple[str, ...]
    equipment_deck: int
    event_deck: int
    event_discard: tuple[str, ...]
    coin_stack: int
    bear_awake: bool
    last_move: tuple[str, ...]
    over: bool
    winners: tuple[int, ...]
    end_reason: str


class OfferView(msgspec.Struct, frozen=True):
    offerer: int
    partner: int
    give: str
    want: str


class SeatView(msgspec.Struct, frozen=True):
    public: PublicView
    seat: int
    events: tuple[str, ...]
    """Saved event cards (their kinds), secret."""
    event_cards: tuple[int, ...]
    peeked: tuple[tuple[str, str], ...]
    """(square, tile kind) of face-down tiles this player has peeked at."""
    offer: OfferView | None
    prompt: str
    prompt_card: int
    prompt_count: int
    partner: int
    give: str
    want: str


def _tile(data: GameData, state: State, square: str, faceup: set[int]) -> TileView:
    """``faceup``: ``state.faceup`` as a set (a view asks it of every tile square)."""
    tile = state.board.get(square)
    if tile is None:
        return TileView(square, "")
    kind = data.kind(tile)
    if tile in faceup:
        coin = data.tiles[tile].coin and kind.is_cache and tile not in state.coins_claimed
        since = state.trail_since.get(tile)
        return TileView(square, kind.id, coin=coin, trail_from=since + 1 if since is not None else 0)
    return TileView(square, "down", known=kind.id if tile in state.known else "")


def _player(data: GameData, state: State, seat: int, player: Player) -> PlayerView:
    doubled = {pair[0] for pair in state.ammo}
    return PlayerView(
        seat=seat,
        character=player.character,
        square=player.square,
        gear=tuple(
            GearView(
                g.card,
                data.equipment[g.card].sides[g.side] if g.side >= 0 else "",
                data.equipment[g.card].sides[1 - g.side] if g.side >= 0 else "",
            )
            for g in player.gear
        ),
        gps=player.gps,
        caches=tuple(CacheView(t, data.tiles[t].kind, t in doubled) for t in player.caches),
        coins=tuple(
            CoinView(
                c,
                data.coins[c].name,
                data.coins[c].value if c in state.coins_flipped else scoring.COIN_FACE_UP,
                c in state.coins_flipped,
                data.coins[c].text,
            )
            for c in player.coins
        ),
        saved_events=len(player.events),
        skip=player.skip,
        ivy=player.ivy + (1 if player.itchy else 0),
        score=scoring.score(data, state, seat),
    )


def public_view(data: GameData, state: State, target: int) -> PublicView:
    awaiting = tuple(current_seats(state))
    top = state.prompts[-1] if state.prompts and state.round > 0 else None
    faceup = set(state.faceup)
    return PublicView(
        players=state.players,
        victory=state.victory,
        target=target,
        round=state.round,
        round_limit=state.round_limit,
        turn=-1 if state.over or state.round == 0 else state.turn.seat,
        awaiting=awaiting,
        decision="side" if state.round == 0 and not state.over else (top.kind if top else ""),
        offer=(top.partner, top.seat) if top is not None and top.kind == "trade_reply" else (),
        asked=tuple(state.turn.offered_to),
        tiles=tuple(_tile(data, state, sq, faceup) for sq in data.board.tile_squares),
        seats=tuple(_player(data, state, s, p) for s, p in enumerate(state.seats)),
        stock=len(state.stock),
        discard=tuple(data.tiles[t].kind for t in state.discard),
        equipment_deck=len(state.equipment_deck),
        event_deck=len(state.event_deck),
        event_discard=tuple(data.events[c].kind for c in state.event_discard),
        coin_stack=len(state.coin_stack),
        bear_awake=state.bear_awake,
        last_move=tuple(state.last_move),
        over=state.over,
        winners=tuple(state.winners),
        end_reason=state.end_reason,
    )


def seat_view(ctx: Ctx, seat: int, public: PublicView | None = None) -> SeatView:
    """``public``: the public view of this state when it is already made."""
    data, state = ctx.data, ctx.state
    player = state.seats[seat]
    faceup = set(state.faceup)
    on_board = {tile: sq for sq, tile in state.board.items() if tile not in faceup}
    peeked = tuple(sorted((on_board[t], data.tiles[t].kind) for t in player.peeked if t in on_board))
    offer = None
    top = state.prompts[-1] if state.prompts and state.round > 0 else None
    if top is not None and top.kind == "trade_reply" and seat in (top.seat, top.partner):
        offer = OfferView(top.partner, top.seat, trades.label(ctx, top.give), trades.label(ctx, top.want))
    prompt = prompt_for(state, seat)
    return SeatView(
        public=public_view(data, state, ctx.rules.target) if public is None else public,
        seat=seat,
        events=tuple(data.events[c].kind for c in player.events),
        event_cards=tuple(player.events),
        peeked=peeked,
        offer=offer,
        prompt=prompt.kind if prompt else "",
        prompt_card=prompt.card if prompt else -1,
        prompt_count=prompt.count if prompt else 0,
        partner=prompt.partner if prompt else -1,
        give=prompt.give if prompt else "",
        want=prompt.want if prompt else "",
    )
