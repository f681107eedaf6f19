"""The legal choices of a seat, one builder per kind of decision.

Moves are listed as the board labels its squares (``F5 North Woods trail``), grouped by board when
there are many; a square's interactions follow as buttons. Labels that show a secret (a peeked
tile, a saved event card) are never ``public``.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.engine import Choice
from bot.games.cmiyc import abilities, bear, cards, movement, texts, town, trades, woods
from bot.games.cmiyc.context import Ctx
from bot.games.cmiyc.i18n import _, data_text
from bot.games.cmiyc.state import Prompt
from bot.games.cmiyc.turns import landed_tile_waits, prompt_for

MOVES_IN_ONE_GROUP = 20
"""More reachable squares than this are grouped by board (a select each, paged by the table)."""


def legal(ctx: Ctx, seat: int) -> list[Choice]:
    prompt = prompt_for(ctx.state, seat)
    if prompt is None:
        return []
    return BUILDERS[prompt.kind](ctx, seat, prompt)


def _side(ctx: Ctx, seat: int, prompt: Prompt) -> list[Choice]:
    """At set-up everyone chooses at once, each in their own panel (``public`` False): one shared menu
    would mix everyone's cards. A card drawn later is chosen on its owner's turn, on the prompt."""
    sides = ctx.data.equipment[prompt.card].sides
    return [
        Choice(
            f"side:{prompt.card}:{index}",
            _("Use {item}").format(item=texts.item_name(ctx.data, item)),
            group="side",
            description=data_text(ctx.data.items[item].use)[:100],
            public=ctx.state.round > 0,
        )
        for index, item in enumerate(sides)
    ]


def _events(ctx: Ctx, seat: int) -> list[Choice]:
    return [
        Choice(
            f"ev:{card}",
            _("Play {card}").format(card=texts.event_name(ctx.data, card)),
            group="cards",
            description=data_text(ctx.data.events[card].text)[:100],
        )
        for card in cards.playable(ctx, seat)
    ]


def _abilities(ctx: Ctx, seat: int) -> list[Choice]:
    name = texts.character_name(ctx.data, ctx.player(seat).character)
    return [
        Choice(action, label[:80], group="ability", description=name, public=True)
        for action, label in abilities.options(ctx, seat)
    ]


def _move(ctx: Ctx, seat: int, prompt: Prompt) -> list[Choice]:
    paths = movement.reachable(ctx.data, ctx.state, seat, ctx.rules.fast_steps)
    many = len(paths) > MOVES_IN_ONE_GROUP
    zone = movement.bear_zone(ctx.data, ctx.state)
    found = []
    for square in sorted(paths, key=lambda s: (ctx.data.board.squares[s].row, s)):
        description, secret = _describe(ctx, seat, square)
        if square in zone:
            # only the Snack's holder may end a move here: the move itself is their secret
            description, secret = _(texts.BESIDE_THE_BEAR), True
        # a group is part of its select's custom id: it stays English, whoever reads
        group = "Move: " + ctx.data.board.part(ctx.data.board.squares[square].board).name if many else "Move"
        label = texts.square_name(ctx.data, square)
        found.append(Choice(f"go:{square}", label, group=group, description=description, public=not secret))
    # While the bear is awake, everyone who might hold the Snack has "Stay here" in their own panel, so
    # the "▶ Play" a move beside the bear needs tells the table nothing.
    hide_stay = bool(zone) and ctx.rules.snack_choice and bear.might_hold(ctx, seat)
    found.append(Choice("stay", _(texts.STAY), group="turn", public=not hide_stay))
    if trades.can_offer(ctx, seat):
        found.append(Choice("trade", _(texts.TRADE), group="turn", style="primary", public=True))
    return found + _abilities(ctx, seat) + _events(ctx, seat)


def _describe(ctx: Ctx, seat: int, square: str) -> tuple[str, bool]:
    """What the player would find on ``square``, and whether that is their secret."""
    state = ctx.state
    tile = state.board.get(square)
    if tile is None or not ctx.data.board.is_woods(square):
        return "", False
    kind = ctx.data.kind(tile)
    name = data_text(kind.name)
    if tile in state.faceup:
        if kind.is_cache:
            why = woods.cache_blocker(ctx, seat, tile)
            if why:
                return _("{tile} (you cannot take it: {why})").format(tile=name, why=why), False
            return _("{tile}: take it!").format(tile=name), False
        return (_("{tile} (face up)").format(tile=name) if kind.category != "trail" else _("trail")), False
    if tile in state.known:
        return _("face down: {tile}").format(tile=name), False
    if tile in ctx.player(seat).peeked:
        return _("face down; you peeked: {tile}").format(tile=name), True
    return _("face-down tile: reveal it"), False


def _landed(ctx: Ctx, seat: int, prompt: Prompt) -> list[Choice]:
    label = _(texts.REVEAL) if landed_tile_waits(ctx) else _(texts.CARRY_ON)
    return [Choice("cont", label, group="turn", style="primary", public=True), *_abilities(ctx, seat)]


def _act(ctx: Ctx, seat: int, prompt: Prompt) -> list[Choice]:
    found = []
    action = town.store_action(ctx, seat)
    if action:
        found.append(Choice("shop", _(texts.SHOP_LABELS[action]), group="square", style="success", public=True))
    for card in town.swag_flips(ctx, seat):
        side = next(g.side for g in ctx.player(seat).gear if g.card == card)
        found.append(Choice(f"flip:{card}", texts.flip_label(ctx.data, card, side), group="swag", public=True))
    if trades.can_offer(ctx, seat):
        found.append(Choice("trade", _(texts.TRADE), group="square", style="primary", public=True))
    found.append(Choice("end", _(texts.END_TURN), group="turn", public=True))
    return found + _events(ctx, seat)


def _peek(ctx: Ctx, seat: int, prompt: Prompt) -> list[Choice]:
    squares = cards.peekable(ctx, seat)
    board = ctx.data.board
    found = [
        Choice(
            f"peek:{sq}",
            texts.square_name(ctx.data, sq),
            group="Peek: " + board.part(board.squares[sq].board).name,
            public=True,
        )
        for sq in sorted(squares, key=lambda s: (board.squares[s].row, s))
    ]
    found.append(Choice("peek:done", _(texts.PEEK_DONE).format(left=prompt.count), group="turn", public=True))
    return found


def _drop(ctx: Ctx, seat: int, prompt: Prompt) -> list[Choice]:
    return [
        Choice(f"drop:{g.card}", texts.gear_name(ctx.data, g.card, g.side), group="drop", public=True)
        for g in ctx.player(seat).gear
    ]


def _dodge(ctx: Ctx, seat: int, prompt: Prompt) -> list[Choice]:
    return [
        Choice(f"dodge:{sq}", texts.square_name(ctx.data, sq), group="dodge", public=True) for sq in prompt.squares
    ] + [Choice("dodge:stay", _(texts.STAY_ON_POND), group="turn", public=True)]


def _target(ctx: Ctx, seat: int, prompt: Prompt) -> list[Choice]:
    name = ctx.data.events[prompt.card].name  # the group: part of a custom id, so English
    return [
        Choice(f"tgt:{arg}", label[:80], group=name, public=False)
        for arg, label in cards.targets(ctx, seat, prompt.card)
    ] + [Choice("cancel", _(texts.KEEP_CARD), group="turn")]


def _trade_partner(ctx: Ctx, seat: int, prompt: Prompt) -> list[Choice]:
    return [
        Choice(f"to:{other}", _(texts.OFFER_TO).format(player=texts.p(other)), group="partner")
        for other in trades.partners(ctx, seat)
    ] + [Choice("cancel", _(texts.NO_TRADE), group="turn")]


def _trade_give(ctx: Ctx, seat: int, prompt: Prompt) -> list[Choice]:
    codes = trades.items(ctx, seat, with_events=True) + [trades.NOTHING]
    return [
        Choice(f"give:{code}", _("Give {item}").format(item=trades.label(ctx, code))[:80], group="give")
        for code in codes
    ] + [Choice("cancel", _(texts.NO_TRADE), group="turn")]


def _trade_want(ctx: Ctx, seat: int, prompt: Prompt) -> list[Choice]:
    codes = trades.items(ctx, prompt.partner, with_events=False) + [trades.NOTHING]
    if prompt.give == trades.NOTHING:
        codes.remove(trades.NOTHING)
    return [
        Choice(f"want:{code}", _("Ask for {item}").format(item=trades.label(ctx, code))[:80], group="want")
        for code in codes
    ] + [Choice("cancel", _(texts.NO_TRADE), group="turn")]


def _bear(ctx: Ctx, seat: int, prompt: Prompt) -> list[Choice]:
    """Never public: whether someone can throw the Snack is their secret (``bear``)."""
    return [
        Choice(f"bear:{answer}", label, group="bear", style="success" if answer == bear.THROW else "secondary")
        for answer, label in bear.choices(ctx, seat)
    ]


def _trade_reply(ctx: Ctx, seat: int, prompt: Prompt) -> list[Choice]:
    return [
        Choice("accept", _(texts.ACCEPT), group="reply", style="success"),
        Choice("refuse", _(texts.REFUSE), group="reply", style="danger"),
    ]


BUILDERS: dict[str, Callable[[Ctx, int, Prompt], list[Choice]]] = {
    "side": _side,
    "move": _move,
    "landed": _landed,
    "act": _act,
    "peek": _peek,
    "drop": _drop,
    "dodge": _dodge,
    "target": _target,
    "trade_partner": _trade_partner,
    "trade_give": _trade_give,
    "trade_want": _trade_want,
    "trade_reply": _trade_reply,
    "bear": _bear,
}
