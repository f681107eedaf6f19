"""A turn, step by step, and the order of play.

"Wählt einen Spieler aus, der als Erster antreten soll. Weiter geht es im Uhrzeigersinn." Seat 1
begins; turns go round the table in seat order.

A turn: play saved event cards or use an ability whenever offered; move (or stay: "Du musst dich
überhaupt nicht bewegen"); then the square acts in the order the rules give: "1) Effekte der
offenen Cache-Bereichsplättchen 2) Spielerfähigkeit 3) Poison Ivy-Effekt 4) Cache-Bereichskachel
umdrehen." A building's action or a trade follows; the turn ends by itself when nothing is left
to decide (or with "End turn").

Decisions wait on ``State.prompts`` (a stack); ``settle`` runs everything that needs no decision.
"""

from __future__ import annotations

from bot.games.cmiyc import abilities, bear, cards, movement, pieces, scoring, texts, town, trades, woods
from bot.games.cmiyc.context import Ctx
from bot.games.cmiyc.i18n import _
from bot.games.cmiyc.state import Prompt, State, Turn

SETTLE_LIMIT = 10_000


def current_seats(state: State) -> list[int]:
    """Everyone still choosing at set-up or still answering the bear, else the seat of the top decision."""
    if state.over:
        return []
    if state.round == 0:
        return sorted({p.seat for p in state.prompts})
    asked = bear.open_prompts(state)
    if asked:
        return sorted({p.seat for p in asked})
    return [state.prompts[-1].seat] if state.prompts else []


def prompt_for(state: State, seat: int) -> Prompt | None:
    """The decision ``seat`` is asked now (at set-up: their first card without a side)."""
    if state.over:
        return None
    if state.round == 0:
        return next((p for p in state.prompts if p.seat == seat), None)
    if state.prompts and state.prompts[-1].kind == "bear":
        return next((p for p in bear.open_prompts(state) if p.seat == seat), None)
    if state.prompts and state.prompts[-1].seat == seat:
        return state.prompts[-1]
    return None


# ---------------------------------------------------------------------- set-up and turn order


def choose_side(ctx: Ctx, seat: int, card: int, side: int) -> None:
    prompt = prompt_for(ctx.state, seat)
    assert prompt is not None and prompt.kind == "side" and prompt.card == card
    ctx.state.prompts.remove(prompt)
    gear = next(g for g in ctx.player(seat).gear if g.card == card)
    gear.side = side
    ctx.say(texts.chooses_side(seat, texts.gear_name(ctx.data, card, side)))
    if ctx.state.round == 0 and not ctx.state.prompts:
        ctx.state.round = 1
        ctx.say(_(texts.GAME_STARTS))
        start_turn(ctx, 0)


def start_turn(ctx: Ctx, seat: int) -> None:
    """The seat's turn begins, unless they lose it ("Lose your next turn")."""
    state = ctx.state
    for _step in range(SETTLE_LIMIT):
        state.turn = Turn(seat=seat)
        player = ctx.player(seat)
        if player.skip <= 0:
            state.prompts.append(Prompt("move", seat))
            return
        player.skip -= 1
        _tick_ivy(ctx, seat)
        ctx.say(texts.skips_turn(seat))
        following = _next_seat(ctx, seat)
        if following is None:
            return
        seat = following


def _next_seat(ctx: Ctx, seat: int) -> int | None:
    """The seat after ``seat``; a new round starts after the last seat (None when the game ended)."""
    if ctx.rules.next_seat is not None:
        return ctx.rules.next_seat(ctx, seat)
    state = ctx.state
    following = (seat + 1) % state.players
    if following == 0:
        state.round += 1
        if ctx.rules.round_limit and state.round > ctx.rules.round_limit:
            scoring.finish_by_limit(ctx)
            return None
    return following


def end_turn(ctx: Ctx) -> None:
    seat = ctx.state.turn.seat
    _tick_ivy(ctx, seat)
    ctx.player(seat).itchy = False
    scoring.check_advanced(ctx, seat)
    if ctx.state.over:
        return
    following = _next_seat(ctx, seat)
    if following is not None:
        start_turn(ctx, following)


def _tick_ivy(ctx: Ctx, seat: int) -> None:
    """Step 3, "Poison Ivy-Effekt": the rash itches through this turn and fades by one turn."""
    turn = ctx.state.turn
    if turn.ivy_done:
        return
    turn.ivy_done = True
    player = ctx.player(seat)
    if player.ivy > 0:
        player.itchy = True
        player.ivy -= 1
        ctx.say(texts.itches(seat))


# ---------------------------------------------------------------------- moving and landing


def move(ctx: Ctx, seat: int, square: str) -> None:
    path = movement.reachable(ctx.data, ctx.state, seat, ctx.rules.fast_steps)[square]
    player = ctx.player(seat)
    start = player.square
    ctx.state.last_move = [start, *path]
    came_from = ctx.state.last_move[-2]
    ctx.state.prompts.pop()
    ctx.say(texts.moves(seat, texts.square_name(ctx.data, square)))
    _new_visit(ctx, seat)
    if pieces.place(ctx, seat, square, came_from):
        arrive(ctx, seat, square)


def _new_visit(ctx: Ctx, seat: int) -> None:
    player = ctx.player(seat)
    player.used_square = ""
    player.flipped = []
    ctx.state.turn.moved = True


def arrive(ctx: Ctx, seat: int, square: str) -> None:
    """Landed on ``square``: step 1 (a face-up tile acts), then the ability step."""
    ctx.state.turn.landed = square
    ctx.state.prompts.append(Prompt("act", seat))
    town.arrive(ctx, seat, square)
    tile = ctx.state.board.get(square)
    if tile is not None and tile not in ctx.state.faceup:
        ctx.state.turn.landed_tile = tile
    if ctx.data.board.is_woods(square) and tile is not None and tile in ctx.state.faceup:
        woods.resolve(ctx, seat, square, fresh=False)
        if ctx.player(seat).square != square or not _on_turn(ctx, seat):
            return
    ctx.state.prompts.append(Prompt("landed", seat, squares=[square]))


def _on_turn(ctx: Ctx, seat: int) -> bool:
    return any(p.seat == seat and p.kind == "act" for p in ctx.state.prompts)


def carry_on(ctx: Ctx, seat: int) -> None:
    """After the ability step: step 3 (Poison Ivy), step 4 (turn the tile landed on)."""
    ctx.state.prompts.pop()
    _tick_ivy(ctx, seat)
    square = ctx.state.turn.landed
    if ctx.player(seat).square == square and landed_tile_waits(ctx):
        woods.reveal(ctx, seat, square)


def landed_tile_waits(ctx: Ctx) -> bool:
    """The face-down tile the player landed on is still there, face down, to be turned (step 4).
    A tile laid under the player this turn ("in einem separaten Zug zurückkehren") is not turned."""
    turn = ctx.state.turn
    tile = ctx.state.board.get(turn.landed)
    return tile is not None and tile == turn.landed_tile and tile not in ctx.state.faceup


def stay(ctx: Ctx, seat: int) -> None:
    """Rule: "Du musst dich überhaupt nicht bewegen, wenn du nicht möchtest!" Staying is not landing: a
    tile underfoot stays face down ("in einem separaten Zug zurückkehren")."""
    ctx.state.prompts.pop()
    ctx.say(texts.stays(seat))
    stop_moving(ctx, seat, popped=True)


def stop_moving(ctx: Ctx, seat: int, *, popped: bool = False) -> None:
    """The player interacts without moving (or stays): no more movement this turn."""
    state = ctx.state
    if not popped:
        index = next((i for i in range(len(state.prompts) - 1, -1, -1) if state.prompts[i].kind == "move"), None)
        if index is None:
            return
        state.prompts.pop(index)
        state.prompts.insert(index, Prompt("act", seat))
    else:
        state.prompts.append(Prompt("act", seat))
    state.turn.moved = True
    state.turn.landed = ctx.player(seat).square
    _tick_ivy(ctx, seat)


def end(ctx: Ctx, seat: int) -> None:
    ctx.state.prompts.pop()


def play_event(ctx: Ctx, seat: int, card: int) -> None:
    effect = ctx.data.events[card].effect
    cards.play(ctx, seat, card)
    if effect == "mega_invite":
        ctx.state.prompts.pop()
        ctx.state.last_move = [ctx.player(seat).square, ctx.data.board.mega]
        _new_visit(ctx, seat)
        if pieces.place(ctx, seat, ctx.data.board.mega):
            arrive(ctx, seat, ctx.data.board.mega)


def start_trade(ctx: Ctx, seat: int) -> None:
    stop_moving(ctx, seat)
    trades.start(ctx, seat)


def shop(ctx: Ctx, seat: int) -> None:
    town.shop(ctx, seat)


# ---------------------------------------------------------------------- settling


def act_has_options(ctx: Ctx, seat: int) -> bool:
    """Whether the turn stays open after the square acted. A player holding saved event cards
    always gets an "End turn" button: closing the turn only when a card is playable would tell the
    table something about a secret card."""
    if ctx.rules.turn_open is not None:
        return ctx.rules.turn_open(ctx, seat)
    player = ctx.player(seat)
    return bool(
        town.store_action(ctx, seat) or town.swag_flips(ctx, seat) or trades.can_offer(ctx, seat) or player.events
    )


def settle(ctx: Ctx) -> None:
    """Run what needs no decision: finished decisions, the end of a turn, coin flips, victory."""
    state = ctx.state
    for _step in range(SETTLE_LIMIT):
        if state.over:
            state.prompts.clear()
            return
        if state.round == 0:
            return
        scoring.flip_coins(ctx, state.turn.seat)
        scoring.check_target(ctx)
        if state.over:
            continue
        if not state.prompts:
            end_turn(ctx)
            continue
        top = state.prompts[-1]
        if top.kind == "landed" and not _ability_matters(ctx, top):
            carry_on(ctx, top.seat)
        elif _nothing_left(ctx, top):
            state.prompts.pop()
        else:
            return
    raise AssertionError("the turn did not settle")


def _ability_matters(ctx: Ctx, top: Prompt) -> bool:
    """Ask for the ability after a move where it can use the new square: before a face-down tile is
    turned, the Snoop's new neighbours, the Borrower's and Coin Collector's new company. (The Swag
    Hunter flips just as well at the start of the next turn: no extra question after every move.)"""
    if not abilities.options(ctx, top.seat):
        return False
    if landed_tile_waits(ctx):
        return True
    return pieces.character_ability(ctx, top.seat) in ("snoop", "borrower", "coin_collector")


def _nothing_left(ctx: Ctx, top: Prompt) -> bool:
    """A decision with nothing left to choose closes by itself."""
    match top.kind:
        case "act":
            return not act_has_options(ctx, top.seat)
        case "peek":
            return top.count <= 0 or not cards.peekable(ctx, top.seat)
        case "drop":
            return not ctx.player(top.seat).gear
    return False
