"""The awake bear and the Snack ("DIE HÖHLE!").

"Wenn das Höhlenbereichsplättchen aufgedeckt wird, hast du den Bären geweckt! Der Spieler, der auf dem
Plättchen landet, und jeder Spieler auf einem der 8 angrenzenden Waldfelder gehen sofort ins
Krankenhaus." "Ein Spieler mit der Snackkarte darf eines der 8 Felder betreten (oder wenn er oder ein
anderer Spieler auf einem der 8 Felder die Snackkarte hat, wenn das Höhlenplättchen aufgedeckt wird),
die Snackkarte abwerfen und das Höhlenplättchen wieder umdrehen."

"darf": the holder decides. Stepping beside the awake bear is that decision (a move only the holder
is offered, in their own list). When the bear threatens players who did not choose it (the Cave is
revealed, or a Pond sends its lander back beside the bear), every threatened player who might hold
the Snack is asked at once, privately: anyone holding a face-down event card while the Snack is not
in the discard pile. Only the holder sees "Throw the Snack"; the others can only wait. So being asked
tells nobody anything, and nobody learns where the Snack is until it is thrown. When everyone asked has
answered (a time-out throws a held Snack), the bear eats the Snack or everyone it threatened goes to
the Hospital. A variant without secrets may play the Snack by itself (``RuleSet.snack_choice``).
"""

from __future__ import annotations

from bot.games.cmiyc import pieces, texts
from bot.games.cmiyc.context import Ctx, holds_event
from bot.games.cmiyc.i18n import _
from bot.games.cmiyc.movement import bear_zone
from bot.games.cmiyc.state import Prompt, State

THROW, KEEP, WAIT = "snack", "keep", "wait"
"""The answers (``bear:snack`` and so on): throw the Snack, keep it, or wait without one."""


def open_prompts(state: State) -> list[Prompt]:
    """The bear's questions still unanswered (they sit on top of the stack until all are answered)."""
    if not state.prompts or state.prompts[-1].kind != "bear":
        return []
    return [p for p in state.prompts if p.kind == "bear" and not p.answer]


def might_hold(ctx: Ctx, seat: int) -> bool:
    """Whether the table cannot rule out that ``seat`` holds the Snack."""
    player = ctx.player(seat)
    if ctx.rules.events_public:
        return holds_event(ctx.data, player, "snack") is not None
    snacks = [c.id for c in ctx.data.events if c.effect == "snack"]
    return bool(player.events) and not all(card in ctx.state.event_discard for card in snacks)


def wake_bear(ctx: Ctx, finder: int | None, cave: str) -> None:
    """Rule: "Wenn das Höhlenbereichsplättchen aufgedeckt wird, hast du den Bären geweckt!" The finder
    and everyone on the 8 woods squares around are threatened."""
    ctx.state.bear_awake = True
    ctx.say(texts.bear_wakes())
    around = set(ctx.data.board.woods_around(cave))
    order = list(range(ctx.state.players))
    if finder is not None:
        order = order[finder:] + order[:finder]
    threaten(ctx, [s for s in order if s == finder or ctx.player(s).square in around])


def forced_beside(ctx: Ctx, seat: int, square: str, came_from: str) -> bool:
    """Rule: "Wenn ein Spieler auf eines dieser Felder gezwungen wird, muss er sofort ins Krankenhaus."
    — unless they throw the Snack. True when ``square`` is beside the awake bear (the bear has the player
    now); such a square was passed on the way, so it is trail and nothing else acts there."""
    if not ctx.rules.snack_choice or square not in bear_zone(ctx.data, ctx.state):
        return False
    player = ctx.player(seat)
    player.square = square
    player.came_from = came_from
    threaten(ctx, [seat])
    return True


def threaten(ctx: Ctx, affected: list[int]) -> None:
    """Ask every threatened player who might hold the Snack, or settle it at once if nobody might."""
    if not ctx.rules.snack_choice:
        holder = next((s for s in affected if holds_event(ctx.data, ctx.player(s), "snack") is not None), None)
        _settle(ctx, affected, holder)
        return
    asked = [s for s in affected if might_hold(ctx, s)]
    if not asked:
        _settle(ctx, affected, None)
        return
    who = [str(s) for s in affected]
    ctx.state.prompts += [Prompt("bear", seat, squares=who) for seat in asked]
    ctx.say(texts.bear_asks(asked))


def choices(ctx: Ctx, seat: int) -> list[tuple[str, str]]:
    """(answer, label) for ``seat``: only the Snack's holder can throw it."""
    if holds_event(ctx.data, ctx.player(seat), "snack") is not None:
        return [(THROW, _(texts.THROW_SNACK)), (KEEP, _(texts.KEEP_SNACK))]
    return [(WAIT, _(texts.WAIT_FOR_BEAR))]


def default(ctx: Ctx, seat: int) -> str:
    """A time-out throws a held Snack (what the card is for); without one there is only waiting."""
    return f"bear:{choices(ctx, seat)[0][0]}"


def answer(ctx: Ctx, seat: int, choice: str) -> None:
    prompt = next(p for p in open_prompts(ctx.state) if p.seat == seat)
    prompt.answer = choice
    if open_prompts(ctx.state):
        return
    asked = [p for p in ctx.state.prompts if p.kind == "bear"]
    ctx.state.prompts = [p for p in ctx.state.prompts if p.kind != "bear"]
    thrower = next((p.seat for p in asked if p.answer == THROW), None)
    _settle(ctx, [int(s) for s in asked[0].squares], thrower)


def _settle(ctx: Ctx, affected: list[int], thrower: int | None) -> None:
    if thrower is not None:
        card = holds_event(ctx.data, ctx.player(thrower), "snack")
        assert card is not None
        pieces.calm_bear(ctx, thrower, card)
        return
    for seat in affected:
        pieces.send_to_hospital(ctx, seat)
