"""Muggles' adjustments to the event cards.

* "Players keep event cards face up" (``RuleSet.events_public``).
* "Golden Ammo Can – Get an extra turn after taking next cache (one use)." The card is kept face up;
  when its holder next takes a cache from the woods, the card is discarded and another turn follows
  the holder's turn.
* "Disable Cache is not optional. Must play immediately." The player who draws it chooses at once
  which cache of another player is disabled (no "keep the card"); with no cache to disable it is
  discarded ("Können die Bedingungen des Ereignisses nicht erfüllt werden, wird das Ereignis
  ignoriert und die Karte abgeworfen").
* Solitaire: "If he draws Event Card referring to another player, he discards it and draws again."
  (Disable Cache and Borrowed Gear.)
"""

from __future__ import annotations

from bot.games.cmiyc import cards as base_cards
from bot.games.cmiyc import pieces
from bot.games.cmiyc import texts as base_texts
from bot.games.cmiyc.state import Prompt
from bot.games.muggles import texts
from bot.games.muggles.context import Team

OTHER_PLAYER = frozenset({"disable_cache", "borrow_equipment"})
"""Event effects that refer to another player (the solitaire player redraws them)."""
PASSIVE = frozenset({"golden_ammo_can"})
"""Cards kept face up that are never played from the hand in Muggles."""
REDRAW_LIMIT = 50


def _held(ctx: Team, effect: str) -> list[tuple[int, int]]:
    return [
        (seat, card)
        for seat, p in enumerate(ctx.state.seats)
        for card in p.events
        if ctx.data.events[card].effect == effect
    ]


def forced_target(ctx: Team, card: int) -> bool:
    """A Disable Cache card whose choice is on the stack already."""
    return any(p.kind == "target" and p.card == card for p in ctx.state.prompts)


def settle_cards(ctx: Team) -> None:
    """Carry out the adjustments for cards just drawn: redraws first, then a forced Disable Cache."""
    state = ctx.state
    for _ in range(REDRAW_LIMIT):
        redraw = (
            [(s, c) for effect in sorted(OTHER_PLAYER) for s, c in _held(ctx, effect)] if state.players == 1 else []
        )
        if not redraw:
            break
        seat, card = redraw[0]
        pieces.discard_event(ctx, seat, card)
        ctx.say(texts.redraws(seat, base_texts.event_name(ctx.data, card)))
        base_cards.draw_and_resolve(ctx, seat)
    for prompt in list(state.prompts):
        stale = prompt.kind == "target" and ctx.data.events[prompt.card].effect == "disable_cache"
        if stale and not base_cards.targets(ctx, prompt.seat, prompt.card):
            # another Disable Cache took the last cache it could hit: nothing is left to choose
            state.prompts.remove(prompt)
            pieces.discard_event(ctx, prompt.seat, prompt.card)
            ctx.say(texts.disable_ignored(prompt.seat))
    for seat, card in _held(ctx, "disable_cache"):
        if forced_target(ctx, card):
            continue
        if base_cards.targets(ctx, seat, card):
            state.prompts.append(Prompt("target", seat, card=card))
        else:
            pieces.discard_event(ctx, seat, card)
            ctx.say(texts.disable_ignored(seat))


def golden_ammo(ctx: Team, board_before: frozenset[int]) -> None:
    """The holder of the Golden Ammo Can took a cache from the woods in this action: one more turn."""
    for seat, card in _held(ctx, "golden_ammo_can"):
        taken = [t for t in ctx.player(seat).caches if t in board_before]
        if taken:
            pieces.discard_event(ctx, seat, card)
            ctx.state.extra_turn = seat
            ctx.say(texts.golden_ammo(seat))
