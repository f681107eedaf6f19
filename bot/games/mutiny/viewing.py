"""Building the views from a state: what everyone may see, and what one seat may see besides.

Every call builds new frozen structs of tuples (the last round's record and the final score are
copied too), so a view never shares anything with the game (boardgame.io's ``playerView``).
"""

from __future__ import annotations

from bot.engine.codec import detached
from bot.games.mutiny.data import GameData
from bot.games.mutiny.division import fair_split
from bot.games.mutiny.rules import acting_seats, card_info, island_info, roles_complete, side_totals, vote_order
from bot.games.mutiny.scoring import islands_owned
from bot.games.mutiny.state import DOWN, UP, MutinyState, Phase, Role
from bot.games.mutiny.views import (
    BattleView,
    CardWindow,
    IslandInfo,
    IslandState,
    IslandView,
    PeekView,
    PlayerView,
    PublicView,
    SeatView,
    Supply,
)


def _player(data: GameData, s: MutinyState, q: int) -> PlayerView:
    role = s.roles[q]
    if s.phase is Phase.ASSIGN and role is not Role.CAPTAIN:
        role = Role.NONE  # last round's role cards are back with the Captain
    islands = islands_owned(s, q)
    peg_legs = s.played[q].count("pegleg")
    return PlayerView(
        seat=q,
        role=role,
        rum=s.rum[q],
        red=data.red_dice,
        green=s.green[q],
        loot=tuple(s.loot[q]),
        cards=len(s.hands[q]),
        played=tuple(s.played[q]),
        cannons=s.played[q].count("cannon"),
        islands=islands,
        infamy=islands * data.scoring["island"] + peg_legs * data.cards["pegleg"].amount,
        share=tuple(s.mat[q]) if s.divided else None,
        vote=s.votes[q],
        cup=0 if s.battle else len(s.dice[q]),
        dice=tuple(s.dice[q]) if s.battle else None,
        lost=tuple(s.lost[q]) if s.battle else None,
        peeked=s.peek == q and bool(s.dice[q]),
    )


def _island(data: GameData, s: MutinyState, space: int) -> IslandView:
    status = s.status[space]
    face = island_info(data, s, space) if status != DOWN else None
    return IslandView(
        space=space + 1,
        state=IslandState.DOWN if status == DOWN else IslandState.UP if status == UP else IslandState.TAKEN,
        name=face.name if face else None,
        printed=face.loot if face else None,
        loot=tuple(s.cubes[space]) if status == UP else None,
        owner=status if status >= 0 else None,
        looking=space in s.look and status == DOWN,
    )


def _battle(s: MutinyState) -> BattleView | None:
    if not s.battle:
        return None
    mutiny, defend = side_totals(s)
    return BattleView(
        votes=tuple(s.votes),
        dice=tuple(tuple(d) for d in s.dice),
        lost=tuple(tuple(d) for d in s.lost),
        mutiny_total=mutiny,
        defend_total=defend,
    )


def public_view(data: GameData, s: MutinyState) -> PublicView:
    voting = s.phase not in (Phase.ASSIGN, Phase.OVER) and roles_complete(s)
    return PublicView(
        round=s.round,
        rounds=len(s.status),
        phase=s.phase,
        captain=s.captain,
        awaiting=tuple(acting_seats(s)),
        players=tuple(_player(data, s, q) for q in range(4)),
        islands=tuple(_island(data, s, space) for space in range(len(s.status))),
        island=island_info(data, s, s.current) if s.current >= 0 else None,
        island_loot=tuple(s.cubes[s.current]) if s.phase in (Phase.TAKE, Phase.DIVIDE) else None,
        looking=tuple(space + 1 for space in s.look),
        divided=s.divided,
        vote_order=tuple(vote_order(s)[:3]) if voting else (),
        vote_step=s.vote_step if s.phase is Phase.VOTE else 0,
        battle=_battle(s),
        last=detached(s.record),
        window=CardWindow(s.turn, tuple(s.passed)) if s.phase is Phase.CARDS else None,
        buy_queue=tuple(s.queue) if s.phase is Phase.BUY else (),
        supply=Supply(s.rum_supply, s.green_supply, len(s.deck), tuple(s.bank)),
        first_rolls=tuple(tuple(row) for row in s.first_rolls),
        final=detached(s.result),
    )


def _islands_seen(data: GameData, s: MutinyState, seat: int) -> tuple[tuple[IslandInfo, ...], tuple[IslandInfo, ...]]:
    """(the islands the Scout is looking at now, face-down islands this seat saw in earlier rounds)."""
    looking = s.look if s.roles[seat] is Role.SCOUT else []
    known = [space for space in s.known[seat] if s.status[space] == DOWN and space not in looking]
    return (
        tuple(island_info(data, s, space) for space in looking),
        tuple(island_info(data, s, space) for space in known),
    )


def seat_view(data: GameData, s: MutinyState, seat: int, public: PublicView | None = None) -> SeatView:
    """``public``: the public view of this state when it is already made."""
    public = public_view(data, s) if public is None else public
    looking, known = _islands_seen(data, s, seat)
    lifted = s.peek >= 0 and s.roles[seat] is Role.FIRST_MATE and bool(s.dice[s.peek]) and not s.battle
    return SeatView(
        public=public,
        seat=seat,
        acting=seat in public.awaiting,
        hand=tuple(card_info(data.cards[cid]) for cid in s.hands[seat]),
        dice=tuple(s.dice[seat]) if s.dice[seat] and not s.battle else None,
        looking=looking,
        known=known,
        peek=PeekView(s.peek, tuple(s.dice[s.peek])) if lifted else None,
        fair_split=tuple(tuple(row) for row in fair_split(s))
        if s.phase is Phase.DIVIDE and seat == s.captain
        else None,
    )
