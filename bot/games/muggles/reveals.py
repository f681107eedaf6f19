"""Tiles turned face up in Muggles: Construction Sites, the bear, Maps, remote reveals, the empty stock.

* "Blank Tiles are Construction Sites – When a blank tile is revealed, a zealous construction crew
  digs up and discards the surrounding (up to) eight tiles. The blank tile remains in place as a
  concrete slab. It and the adjacent spaces are treated like trails for the remainder of the game.
  The adjacent spaces are not filled. If a surrounding tile is also a Construction Site, both remain
  in play."
* "Remotely Revealed Tile – ... (not by a player or muggle landing on it.)": a cache, problem or
  Take Event Card tile "stays revealed with no immediate action"; the Cave: "muggles Call For Help
  ... and humans go to hospital unless one has the Snack card"; a Construction Site trashes its
  surroundings; a Map reveals its surroundings "but not trashed".
* "No more tiles – If the stock of available tiles is exhausted, all remaining tiles on the board are
  revealed (except Cave if hidden)."
"""

from __future__ import annotations

from bot.games.cmiyc import bear, pieces
from bot.games.cmiyc import texts as base_texts
from bot.games.cmiyc.i18n import data_text as base_data_text
from bot.games.muggles import texts
from bot.games.muggles.context import Team
from bot.games.muggles.walk import call_for_help


def turn_up(ctx: Team, square: str) -> int:
    """Turn the tile on ``square`` face up (nobody's secret any more); a trail tile counts from next round."""
    state = ctx.state
    tile = state.board[square]
    if tile not in state.faceup:
        state.faceup.append(tile)
    pieces.forget(ctx, tile)
    if ctx.data.kind(tile).category == "trail" and tile not in state.trail_since:
        state.trail_since[tile] = state.round
    ctx.revealed = True
    return tile


# ---------------------------------------------------------------------- construction sites


def slab_squares(state: object) -> list[str]:
    """Squares of the concrete slabs (they stay in place: Muggles Mess Things Up passes them by)."""
    board = getattr(state, "board", {})
    slabs = set(getattr(state, "slabs", ()))
    return [square for square, tile in board.items() if tile in slabs]


def dig(ctx: Team, square: str) -> None:
    """A Construction Site revealed on ``square``: its neighbours are trashed and left empty."""
    state = ctx.state
    tile = state.board[square]
    if tile in state.slabs:
        return
    state.slabs.append(tile)
    state.trail_since[tile] = state.round - 1  # a trail at once: "treated like trails for the remainder"
    trashed = []
    for other in ctx.data.board.woods_around(square):
        found = state.board.get(other)
        if found is None or ctx.data.kind(found).category == "blank":
            continue
        if ctx.data.kind(found).effect == "bear" and found in state.faceup:
            state.bear_awake = False
        state.discard.append(pieces.lift(ctx, other))
        trashed.append(f"{other} {texts.kind_name(ctx.data, found)}")
    ctx.say(texts.construction(square, trashed))


def construction_landing(ctx: Team, seat: int | None, square: str, fresh: bool) -> None:
    """Landing on a blank tile: a fresh one is a Construction Site; a slab does nothing."""
    if fresh:
        dig(ctx, square)


# ---------------------------------------------------------------------- the bear


def bear_wakes(ctx: Team, cave: str, finder: int | None = None, muggle: int | None = None) -> None:
    """The Cave is revealed: "On Cave and surrounding spaces, muggles Call For Help (see above), and
    humans go to hospital unless one has the Snack card." The Snack spares the humans only: muggles
    there call for help either way. ``muggle`` (the one that revealed it) steps back by itself instead."""
    state = ctx.state
    state.bear_awake = True
    ctx.say(base_texts.bear_wakes())
    zone = {cave, *ctx.data.board.woods_around(cave)}
    for index, other in enumerate(state.muggles):
        if index != muggle and other.square in zone:
            ctx.say(texts.muggle_line(texts.muggle_name(ctx, index), call_for_help(ctx, index)))
    order = list(range(state.players))
    if finder is not None:
        order = order[finder:] + order[:finder]
    # nothing is secret in Muggles (``RuleSet.snack_choice`` off): a held Snack is thrown at once
    bear.threaten(ctx, [s for s in order if s == finder or ctx.player(s).square in zone])


def bear_effect(ctx: Team, seat: int, square: str, bounce: bool) -> None:
    """A human lands on the face-down Cave (the base game's "bear" effect, with the muggles)."""
    bear_wakes(ctx, square, finder=seat)


# ---------------------------------------------------------------------- maps


def map_around(ctx: Team, square: str, *, stepped: bool) -> None:
    """The face-down tiles on the 8 woods squares around a Map are revealed. Construction Sites among
    them dig, the Cave wakes the bear. Stepped on (by a human or a muggle), tiles that say "Replace
    when revealed" leave the board as in the base game; revealed remotely, "take no action until
    landed upon, even ones that say discard when revealed"."""
    state = ctx.state
    found = []
    for other in ctx.data.board.woods_around(square):
        tile = state.board.get(other)
        if tile is not None and tile not in state.faceup:
            turn_up(ctx, other)
            found.append((other, tile))
    ctx.say(texts.map_reveals([f"{sq} {texts.kind_name(ctx.data, t)}" for sq, t in found]))
    for other, tile in found:
        if state.board.get(other) == tile and ctx.data.kind(tile).category == "blank":
            dig(ctx, other)
    for other, tile in found:
        if state.board.get(other) == tile and ctx.data.kind(tile).effect == "bear":
            bear_wakes(ctx, other)
    if stepped:
        for other, tile in found:
            if state.board.get(other) == tile and ctx.data.kind(tile).replace:
                pieces.discard_tile(ctx, other)


def map_landing(ctx: Team, seat: int | None, square: str, fresh: bool) -> None:
    """Stepping on a Map: its surroundings are revealed, then the Map itself leaves ("replace when revealed")."""
    tile = ctx.state.board[square]
    map_around(ctx, square, stepped=True)
    if ctx.state.board.get(square) == tile:
        pieces.discard_tile(ctx, square)


# ---------------------------------------------------------------------- remote reveals and the empty stock


def remote_reveal(ctx: Team, seat: int | None, square: str) -> None:
    """A tile turned face up without anyone landing on it (the store's and Trail Notes' reveals, the Snoop)."""
    tile = turn_up(ctx, square)
    kind = ctx.data.kind(tile)
    if seat is not None:
        ctx.say(texts.reveals_remotely(seat, base_data_text(kind.name), square))
    match kind.category:
        case "blank":
            dig(ctx, square)
        case "map":
            map_around(ctx, square, stepped=False)
            if ctx.state.board.get(square) == tile:
                pieces.discard_tile(ctx, square)
        case _:
            if kind.effect == "bear":
                bear_wakes(ctx, square)


def stock_exhausted(ctx: Team) -> None:
    """Once, when the stock runs out: every tile on the board is turned face up, a hidden Cave excepted.
    Construction Sites among them dig."""
    state = ctx.state
    if state.stock or state.stock_out:
        return
    state.stock_out = True
    turned = [
        square
        for square, tile in sorted(state.board.items())
        if tile not in state.faceup and ctx.data.kind(tile).effect != "bear"
    ]
    for square in turned:
        turn_up(ctx, square)
    ctx.say(texts.stock_out(len(turned)))
    for square in turned:
        tile = state.board.get(square)
        if tile is not None and ctx.data.kind(tile).category == "blank":
            dig(ctx, square)
