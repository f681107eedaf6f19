"""Building the views from the state, and the status, prompt and private texts from the views."""

from __future__ import annotations

from bot.games.catacombs import geometry as geo
from bot.games.catacombs import texts
from bot.games.catacombs.data import GameData
from bot.games.catacombs.i18n import _, data_text
from bot.games.catacombs.reactions import ANSWER_SECONDS, question
from bot.games.catacombs.state import State
from bot.games.catacombs.texts import pn
from bot.games.catacombs.views import (
    BoardView,
    HandTile,
    MonsterView,
    PlacesView,
    PublicView,
    RelicStackView,
    SeatPublic,
    SeatView,
    TileView,
)


def _board_view(d: GameData) -> BoardView:
    board = d.board
    return BoardView(
        arrows=board.arrows,
        archways=tuple(board.archways),
        exit_cell=board.exit_cell,
        exit_open=board.exit_open,
        yaoguai=tuple(c for q in sorted(board.yaoguai) for c in board.yaoguai[q]),
        relic_spaces=tuple(sorted({c for cells in board.relic_spaces.values() for c in cells})),
    )


def _seat_public(s: State, d: GameData, seat: int) -> SeatPublic:
    pawn = s.seats[seat]
    character = d.characters.get(pawn.character)
    kinds = [d.kinds[t] for t in pawn.equipment]
    return SeatPublic(
        seat=seat,
        character=pawn.character,
        character_name=character.name if character else "",
        health=pawn.health,
        health_cap=character.health if character else 0,
        bullets=pawn.bullets,
        bullet_cap=character.bullets if character else 0,
        items=tuple(k.key for k in kinds if k.cls == "item"),
        relics=sum(1 for k in kinds if k.cls == "relic"),
        capacity=character.equipment if character else 4,
        hand=len(pawn.hand),
        cell=pawn.cell,
        side=pawn.side,
        start=pawn.start,
        skip=pawn.skip,
        perished=pawn.perished,
        pickup=len(pawn.pickup),
    )


def public_view(s: State, d: GameData) -> PublicView:
    top = s.tasks[-1] if s.tasks else None
    step_cell = -1
    if top is not None and top.kind in ("cross", "relic", "yao", "ptop"):
        step_cell = top.a
    elif top is not None and top.kind == "mreturn":
        step_cell = s.monsters[top.a].cell
    tiles = tuple(
        TileView(
            cell=cell,
            key=d.kinds[tile.id].key,
            name=d.kinds[tile.id].name,
            openings=geo.rotate(d.kinds[tile.id].openings, tile.rot),
            obstacle=d.kinds[tile.id].obstacle,
            slide=d.kinds[tile.id].slide,
            rival=d.kinds[tile.id].rival,
            new=tile.new,
        )
        for cell, tile in sorted(s.board.items())
    )
    relics = tuple(
        RelicStackView(
            cell, tuple(d.kinds[r.id].name for r in stack), geo.rotate(d.kinds[stack[-1].id].openings, stack[-1].rot)
        )
        for cell, stack in sorted(s.relics.items())
        if stack
    )
    monsters = tuple(
        MonsterView(k.key, k.name, k.letter, m.cell, k.movement) for m in s.monsters for k in (d.monster_of(m.id),)
    )
    return PublicView(
        players=s.players,
        mode=s.mode,
        relics_to_win=s.relics_to_win,
        relic_count=s.relic_count,
        round=s.round,
        round_limit=s.round_limit,
        turn=s.turn,
        acting=(top.seat,) if top is not None and not s.over else (),
        step=top.kind if top is not None and not s.over else "",
        step_cell=step_cell,
        tiles=tiles,
        relics=relics,
        monsters=monsters,
        seats=tuple(_seat_public(s, d, seat) for seat in range(s.players)),
        exit_relics=len(s.exit_relics),
        bag=len(s.bag),
        discards=len(s.discards),
        drawn=tuple(d.kinds[t].name for t in s.play.drawn) if s.play else (),
        chain=tuple(s.play.chain) if s.play else (),
        over=s.over,
        winners=tuple(s.winners),
        last=tuple(s.last),
        board=_board_view(d),
    )


def _hand_tile(d: GameData, tile: int) -> HandTile:
    kind = d.kinds[tile]
    return HandTile(tile, kind.key, kind.name, kind.cls)


def seat_view(s: State, d: GameData, seat: int, public: PublicView | None = None) -> SeatView:
    """``public``: the public view of this state when it is already made."""
    top = s.tasks[-1] if s.tasks and not s.over else None
    mine = top is not None and top.seat == seat
    offer: tuple[HandTile, ...] = ()
    subject = ""
    tile = -1
    if mine and top is not None:
        if top.kind == "keep":
            offer = tuple(_hand_tile(d, t) for t in top.tiles)
        elif top.kind == "place":
            subject = data_text(d.kinds[top.a].name)
            tile = top.a
        elif top.kind == "cross":
            obstacle = texts.OBSTACLE_NAMES.get(d.kinds[s.board[top.a].id].obstacle, "") if top.a in s.board else ""
            subject = _(obstacle) if obstacle else ""
        elif top.kind in ("beast", "trap"):
            subject = top.kind
        elif top.kind == "react":
            asked = texts.REACT_QUESTIONS.get(question(s), "")
            subject = _(asked) if asked else ""
    pawn = s.seats[seat]
    return SeatView(
        public=public_view(s, d) if public is None else public,
        seat=seat,
        hand=tuple(_hand_tile(d, t) for t in pawn.hand),
        relics=tuple(d.kinds[t].name for t in pawn.equipment if d.kinds[t].cls == "relic"),
        offer=offer,
        decision=top.kind if mine and top is not None else "",
        subject=subject,
        tile=tile,
    )


# --------------------------------------------------------------------------- texts from views


def status_text(view: PublicView) -> str:
    if view.over:
        return _(texts.OVER_STATUS.get(view.over, texts.OVER_STATUS["escaped"]))
    who = pn(view.acting[0]) if view.acting else pn(view.turn)
    doing = _(texts.STEP_STATUS.get(view.step, texts.STEP_STATUS["action"])).format(who=who)
    lamps = _(texts.ROUND_STATUS_LAMPS) if view.round_limit else _(texts.ROUND_STATUS)
    head = lamps.format(round=view.round, limit=view.round_limit, who=pn(view.turn))
    goal = (
        _(texts.GOAL_COMPETITIVE).format(n=view.relics_to_win)
        if view.mode == "competitive"
        else _(texts.GOAL_TEAM).format(n=view.exit_relics, total=view.relic_count)
    )
    return f"{head} · {goal}\n{doing}"


def private_text(view: SeatView) -> str:
    if not view.hand and not view.relics:
        return _(texts.EMPTY_HAND)
    lines = [_(texts.YOUR_HAND).format(tiles=", ".join(data_text(t.name) for t in view.hand) or _("no tiles"))]
    if view.relics:
        lines.append(_(texts.YOUR_RELICS).format(names=", ".join(data_text(name) for name in view.relics)))
    return "\n".join(lines)


def prompt_text(view: SeatView) -> str:
    if not view.decision:
        return _(texts.WAITING)
    asked, meaning = (_(text) for text in texts.PROMPTS.get(view.decision, texts.PROMPTS["action"]))
    if view.decision == "keep":
        meaning = meaning + " " + ", ".join(data_text(t.name) for t in view.offer)
    subject = view.subject or _("tile")
    minutes = ANSWER_SECONDS // 60
    return asked.format(subject=subject) + "\n" + meaning.format(subject=subject, minutes=minutes)


def place_labels(actions: list[str]) -> tuple[str, ...]:
    """The grid labels the offered moves name (``play:12:put:B12:1``, ``go:D4``, ``mret:J3``), each
    once, in the menu's order: the places a picture marks."""
    found: dict[str, None] = {}
    for action in actions:
        label = next((part for part in action.split(":")[1:] if geo.parse_label(part) is not None), None)
        if label is not None:
            found.setdefault(label, None)
    return tuple(found)


def places_view(seat_view: SeatView, actions: list[str]) -> PlacesView | None:
    """The picture of the places among ``actions`` (the seat's own offered moves), from its view."""
    places = place_labels(actions)
    return PlacesView(seat_view.public, places) if places else None
