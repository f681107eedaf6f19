"""Humans and muggles: stealth and swapping.

* "Stealth – Geocachers avoid attention while a muggle is around, so a human may not pick up a cache
  if he is on a muggle's space or any of the eight adjacent spaces. A cache may be revealed but is
  not picked up. Muggles on the other hand, are not stealthy and will pick things up no matter who
  is around."
* "Swapping – A human on the same space as a muggle can talk the muggle into swapping for a cache
  tile the human has collected. The muggle then carries the swapped cache. The human does not need
  to have the necessary equipment for the type of cache he gets, (nor does he need a working pen or
  GPS) since the muggle has already stumbled upon and retrieved the cache. If the received tile has
  a geocoin symbol he gets the coin."

House: a swap is an interaction, so the player moves no further that turn ("Sobald ein Spieler mit
einem Feld interagiert, ist keine Bewegung mehr möglich"), and a player swaps at most once a turn.
"""

from __future__ import annotations

from bot.games.cmiyc import pieces, scoring, turns, woods
from bot.games.cmiyc.context import Ctx
from bot.games.muggles import texts
from bot.games.muggles.context import Team, team
from bot.games.muggles.i18n import _


def watched(ctx: Team, square: str) -> bool:
    """A muggle stands on ``square`` or on one of the 8 squares around it."""
    board = ctx.data.board
    return any(m.square == square or m.square in board.around(square) for m in ctx.state.muggles)


def stealth(ctx: Ctx, seat: int, tile: int) -> str:
    """The base game's cache check asks this last: a muggle near the cache's square keeps it there."""
    game = team(ctx)
    square = next((sq for sq, t in game.state.board.items() if t == tile), game.player(seat).square)
    return _(texts.BLOCKED_STEALTH) if watched(game, square) else ""


def swaps(ctx: Team, seat: int) -> list[tuple[str, str]]:
    """(action, label) for each swap the player on turn may make now."""
    state = ctx.state
    if state.turn.seat != seat or state.swap_turn == state.turn_number or state.muggle_phase:
        return []
    player = ctx.player(seat)
    found = []
    for index, muggle in enumerate(state.muggles):
        if muggle.square != player.square or muggle.carrying < 0:
            continue
        theirs = texts.kind_name(ctx.data, muggle.carrying)
        for tile in player.caches:
            found.append((f"swap:{index}:{tile}", texts.swap_label(texts.kind_name(ctx.data, tile), theirs)))
    return found


def swap(ctx: Team, seat: int, index: int, tile: int) -> None:
    state = ctx.state
    muggle = state.muggles[index]
    received = muggle.carrying
    for card in scoring.remove_cache(ctx, seat, tile):
        pieces.discard_event(ctx, None, card)
    muggle.carrying = tile
    ctx.player(seat).caches.append(received)
    state.swap_turn = state.turn_number
    ctx.say(
        texts.swapped(
            seat, texts.kind_name(ctx.data, tile), texts.kind_name(ctx.data, received), texts.muggle_name(ctx, index)
        )
    )
    woods.claim_coin(ctx, seat, received)
    scoring.claim_set_coins(ctx, seat)
    turns.stop_moving(ctx, seat)
