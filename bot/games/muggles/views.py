"""What the table sees: everything. "Secrets among players are not needed in a cooperative game":
event cards and geocoins lie face up, peeks are reveals. Only the order of the stock and the decks
and the face-down tiles stay unknown to all.

The views wrap the base game's (``base``), so its board renderer and its computer player's
judgement read them unchanged, and add the muggles, the Cache Groups sheet and the team's
bookkeeping.
"""

from __future__ import annotations

import dataclasses

import msgspec

from bot.games.cmiyc import views as base_views
from bot.games.cmiyc.turns import prompt_for
from bot.games.muggles import goals, rounds, trading
from bot.games.muggles.context import Team
from bot.games.muggles.state import MugglesState


class MuggleView(msgspec.Struct, frozen=True):
    index: int
    board: str
    name: str
    """``North Woods muggle``."""
    square: str
    facing: str
    carrying: str
    """The kind of cache it carries ("" none)."""
    tile: int
    """The tile it carries (-1 none)."""
    nuisance: bool


class GroupView(msgspec.Struct, frozen=True):
    id: str
    name: str
    short: str
    status: str
    """``held`` by the team, ``open``, ``risk`` (all that is left is carried by muggles) or ``gone``."""
    holders: tuple[int, ...]
    held: int
    """Tiles of the group in players' hands (multi-caches: pieces)."""
    woods: int
    """On the board or in the stock."""
    carried: int
    trashed: int


class PublicView(msgspec.Struct, frozen=True):
    base: base_views.PublicView
    requirement: str
    goal: tuple[int, ...]
    muggles: tuple[MuggleView, ...]
    groups: tuple[GroupView, ...]
    flipped: tuple[int, ...]
    """Flipped geocoins of each seat."""
    events: tuple[tuple[str, ...], ...]
    """Each seat's event cards, face up (kinds)."""
    trades_left: int
    traded: tuple[int, ...]
    """Seats that must leave town before trading again."""
    coin_trade_used: bool
    muggle_phase: bool
    extra_turn: int
    stock_out: bool
    slabs: tuple[str, ...]
    stop_round: int
    """The table's house safety stop (0: none)."""
    outcome: str
    outcome_text: str


class SeatView(msgspec.Struct, frozen=True):
    public: PublicView
    base: base_views.SeatView
    seat: int
    prompt: str
    prompt_card: int
    prompt_count: int
    partner: int
    give: str
    want: str
    give_label: str
    want_label: str


def _groups(ctx: Team) -> tuple[GroupView, ...]:
    team, state = ctx.team, ctx.state
    book = goals.ledger(team, state)
    held = goals.team_groups(team, state)
    mine = [goals.groups_of(team, p) for p in state.seats]
    return tuple(
        GroupView(
            id=g.id,
            name=g.name,
            short=g.short,
            status=goals.status(team, state, g, book, held),
            holders=tuple(s for s, found in enumerate(mine) if g.id in found),
            held=book.held[g.id],
            woods=book.woods[g.id],
            carried=book.carried[g.id],
            trashed=book.trashed[g.id],
        )
        for g in team.groups
    )


def public_view(ctx: Team, base: base_views.PublicView | None = None) -> PublicView:
    """``base``: the base game's public view when it is already built (a seat view has one)."""
    state: MugglesState = ctx.state
    data = ctx.data
    slabs = set(state.slabs)
    return PublicView(
        base=base_views.public_view(data, state, 0) if base is None else msgspec.structs.replace(base, target=0),
        requirement=state.requirement,
        goal=tuple(state.goal),
        muggles=tuple(
            MuggleView(
                index=i,
                board=m.board,
                name=data.board.part(m.board).name + " muggle",
                square=m.square,
                facing=m.facing,
                carrying=data.tiles[m.carrying].kind if m.carrying >= 0 else "",
                tile=m.carrying,
                nuisance=m.nuisance,
            )
            for i, m in enumerate(state.muggles)
        ),
        groups=_groups(ctx),
        flipped=tuple(goals.flipped(state, p) for p in state.seats),
        events=tuple(tuple(data.events[c].kind for c in p.events) for p in state.seats),
        trades_left=trading.TEAM_TRADES - state.team_trades,
        traded=tuple(state.traded),
        coin_trade_used=state.coin_trade_used,
        muggle_phase=state.muggle_phase,
        extra_turn=state.extra_turn,
        stock_out=state.stock_out,
        slabs=tuple(sorted(sq for sq, t in state.board.items() if t in slabs)),
        stop_round=state.stop_round,
        outcome=state.outcome,
        outcome_text=rounds.ending_text(ctx),
    )


def _base_seat_view(ctx: Team, seat: int, public: base_views.PublicView | None = None) -> base_views.SeatView:
    """The base game's seat view. Its offer labels know single items only: a completed Multi set
    offered as one item ("A single cache can be traded for a completed Multi-cache set", code
    ``m<tile>.<tile>``) is shown to it as its first piece, and labelled here."""
    top = ctx.state.prompts[-1] if ctx.state.prompts else None
    if top is None or top.kind != "trade_reply" or not (top.give[:1] == "m" or top.want[:1] == "m"):
        return base_views.seat_view(ctx, seat, public)
    single = msgspec.structs.replace(top, give=_first_piece(top.give), want=_first_piece(top.want))
    state = msgspec.structs.replace(ctx.state, prompts=[*ctx.state.prompts[:-1], single])
    base = base_views.seat_view(dataclasses.replace(ctx, state=state), seat)
    if base.offer is None:
        return base
    offer = msgspec.structs.replace(base.offer, give=trading.label(ctx, top.give), want=trading.label(ctx, top.want))
    return msgspec.structs.replace(base, offer=offer)


def _first_piece(code: str) -> str:
    return "c" + code[1:].split(".")[0] if code[:1] == "m" else code


def seat_view(ctx: Team, seat: int, public: PublicView | None = None) -> SeatView:
    """``public``: the public view of this state when it is already made."""
    prompt = prompt_for(ctx.state, seat)
    give = prompt.give if prompt else ""
    want = prompt.want if prompt else ""
    base_public = None if public is None else msgspec.structs.replace(public.base, target=ctx.rules.target)
    base = _base_seat_view(ctx, seat, base_public)
    return SeatView(
        public=public_view(ctx, base.public) if public is None else public,
        base=base,
        seat=seat,
        prompt=prompt.kind if prompt else "",
        prompt_card=prompt.card if prompt else -1,
        prompt_count=prompt.count if prompt else 0,
        partner=prompt.partner if prompt else -1,
        give=give,
        want=want,
        give_label=trading.label(ctx, give) if give else "",
        want_label=trading.label(ctx, want) if want else "",
    )
