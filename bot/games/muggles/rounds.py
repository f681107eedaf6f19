"""The order of play: the humans' turns, then the muggles' ("Each muggle has a turn after the human
players have moved in a round"), and the checks after every change: the empty stock, the event
card adjustments, and winning or losing "whenever the above winning conditions become impossible".

The base game runs each human turn; at the end of a turn it asks ``next_seat`` (its turn-order
hook) who goes next. After the last human, the muggles' part of the round runs here as a queue of
tasks (``MugglesState.muggle_tasks``): each muggle's roll, and after a Take Event Card tile the
card business and the roll again. A task that needs a human's decision (which card to discard,
the side of a new equipment card) leaves it on the prompt stack; the queue goes on once it is
answered.
"""

from __future__ import annotations

from bot.games.cmiyc import cards as base_cards
from bot.games.cmiyc import pieces
from bot.games.cmiyc import texts as base_texts
from bot.games.cmiyc.state import Prompt
from bot.games.muggles import cards, goals, losing, reveals, texts, trading
from bot.games.muggles.context import Team
from bot.games.muggles.i18n import _
from bot.games.muggles.losing import Loss
from bot.games.muggles.muggle import take_turn
from bot.i18n import DEFAULT_LANGUAGE, current_language, using

TASK_LIMIT = 200


def check(ctx: Team) -> None:
    """After anything changed: the empty stock, who left town, the cards just drawn, won or lost."""
    if ctx.state.over or ctx.state.round == 0:
        return
    reveals.stock_exhausted(ctx)
    trading.left_town(ctx)
    cards.golden_ammo(ctx, ctx.board_before)
    cards.settle_cards(ctx)
    judge(ctx)


def judge(ctx: Team) -> None:
    state = ctx.state
    if state.over:
        return
    seen = losing.fingerprint(state)
    if seen == ctx.judged:
        return
    if goals.won(ctx.team, state):
        finish(ctx, "won")
        return
    lost = losing.loss(ctx.team, state)
    if lost is not None:
        finish(ctx, lost.kind, lost)
    else:
        ctx.judged = seen


def outcome_words(ctx: Team, outcome: str, lost: Loss | None = None) -> str:
    """How the game ended, in the reader's language: the win, the house stop, or the loss ``lost``."""
    if outcome == "won":
        return _(texts.WIN_TEXT)
    if outcome == "rounds":
        return texts.stopped(ctx.state.stop_round)
    assert lost is not None
    names = [texts.group_name(ctx.team.group(g).name) for g in lost.groups]
    return texts.loss_text(lost, names, [texts.p(s) for s in lost.seats])


def ending_text(ctx: Team) -> str:
    """The stored ending (English) in the reader's language: a loss is judged again on the final
    state, which is what it was judged on."""
    state = ctx.state
    if not state.over or current_language() == DEFAULT_LANGUAGE:
        return state.outcome_text
    if state.outcome in ("won", "rounds"):
        return outcome_words(ctx, state.outcome)
    lost = losing.loss(ctx.team, state)
    if lost is None or lost.kind != state.outcome:
        return state.outcome_text  # never seen: the final state is the one the loss was judged on
    return outcome_words(ctx, state.outcome, lost)


def finish(ctx: Team, outcome: str, lost: Loss | None = None) -> None:
    state = ctx.state
    text = outcome_words(ctx, outcome, lost)
    with using(DEFAULT_LANGUAGE):  # the state keeps one language, whoever's move ended the game
        stored = outcome_words(ctx, outcome, lost)
    state.over = True
    state.outcome = outcome
    state.outcome_text = stored
    state.end_reason = outcome
    state.winners = list(range(state.players)) if outcome == "won" else []
    state.prompts.clear()
    state.muggle_tasks.clear()
    state.muggle_phase = False
    ctx.say(text)


def next_seat(ctx: Team, seat: int) -> int | None:
    """The base game's turn-order hook: the next human, or the muggles and then a new round."""
    state = ctx.state
    check(ctx)
    if state.over or state.prompts:
        return None
    if not state.muggle_phase:
        if state.extra_turn == seat:
            state.extra_turn = -1
            state.turn_number += 1
            ctx.say(texts.extra_turn(seat))
            return seat
        if seat + 1 < state.players:
            state.turn_number += 1
            return seat + 1
        state.muggle_phase = True
        state.muggle_tasks = [f"move:{index}" for index in range(len(state.muggles))]
    if not run_muggles(ctx):
        return None
    state.muggle_phase = False
    if state.stop_round and state.round >= state.stop_round:
        # the table's house safety stop for a stalled game: not a rule, so not the muggles' win
        finish(ctx, "rounds")
        return None
    state.round += 1
    state.turn_number += 1
    return 0


def run_muggles(ctx: Team) -> bool:
    """Work through the muggles' tasks; True when they are all done, False while a decision waits
    (or the game ended)."""
    state = ctx.state
    for _task in range(TASK_LIMIT):
        if state.over or state.prompts:
            return False
        if not state.muggle_tasks:
            return True
        verb, argument = state.muggle_tasks.pop(0).split(":")
        number = int(argument)
        match verb:
            case "move":
                take_turn(ctx, number)
            case "draw":
                base_cards.draw_and_resolve(ctx, number)
            case "discard":
                discard_task(ctx, number)
            case "order":
                order_task(ctx, number)
        check(ctx)
    raise AssertionError("the muggles' round did not end")


def discard_task(ctx: Team, seat: int) -> None:
    held = ctx.player(seat).events
    if not held:
        ctx.say(texts.no_card(seat))
    elif len(held) == 1:
        toss(ctx, seat, held[0])
    else:
        ctx.state.prompts.append(Prompt("toss", seat))


def toss(ctx: Team, seat: int, card: int) -> None:
    pieces.discard_event(ctx, seat, card)
    ctx.say(texts.discards(seat, base_texts.event_name(ctx.data, card)))


def order_task(ctx: Team, seat: int) -> None:
    """Solitaire: "the player both gets and discards an Event Card, in either order"."""
    if ctx.player(seat).events:
        ctx.state.prompts.append(Prompt("order", seat))
    else:
        ctx.say(texts.no_card(seat))
        ctx.state.muggle_tasks[0:0] = [f"draw:{seat}"]


def choose_order(ctx: Team, seat: int, first: str) -> None:
    ctx.state.prompts.pop()
    tasks = [f"draw:{seat}", f"discard:{seat}"]
    ctx.state.muggle_tasks[0:0] = tasks if first == "draw" else tasks[::-1]


def choose_toss(ctx: Team, seat: int, card: int) -> None:
    ctx.state.prompts.pop()
    toss(ctx, seat, card)
