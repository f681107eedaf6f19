"""Muggles' state: Cache Me If You Can's state plus the two muggles and the team's bookkeeping.

The base game's rule functions work on this state unchanged (it is a subclass); the extra fields
say where the muggles are, how far the muggles' round has got, what the team has used up (Mega
Event trades, the solitaire coin trade) and how the game ended. Nothing here is secret except what
the base game keeps face down (tiles, stock and deck order): Muggles is played in the open.
"""

from __future__ import annotations

import msgspec

from bot.games.cmiyc.state import State


class Muggle(msgspec.Struct):
    """One muggle piece: "Muggle pieces have an arrow indicating direction of travel. Also, the
    pieces are capable of carrying one cache tile." """

    board: str
    """The Wooded board it stays on for the whole game (``north`` or ``south``)."""
    square: str
    facing: str
    """``N``, ``E``, ``S`` or ``W``: the arrow on the piece."""
    carrying: int = -1
    """The cache tile it carries (-1: none)."""
    nuisance: bool = False
    """It revealed the Nuisance it stands on: a 4, 5 or 6 next turn removes that tile."""


class MugglesState(State):
    requirement: str = "basic"
    """``basic``, ``advanced``, ``custom`` or ``solo``."""
    goal: list[int] = msgspec.field(default_factory=list)
    """[team groups, groups each player, flipped coins in all, flipped coins each player,
    players who need two flipped coins]."""
    muggles: list[Muggle] = msgspec.field(default_factory=list)
    muggle_phase: bool = False
    """The humans have moved this round; the muggles are taking their turns."""
    muggle_tasks: list[str] = msgspec.field(default_factory=list)
    """What is left of the muggles' part of the round, in order: ``move:<muggle>``, and after a Take
    Event Card tile ``draw:<seat>``, ``discard:<seat>`` or (solitaire) ``order:<seat>``."""
    turn_number: int = 0
    """Turns started so far (a swap with a muggle is once a turn)."""
    swap_turn: int = -1
    """``turn_number`` of the last swap with a muggle."""
    extra_turn: int = -1
    """The seat the Golden Ammo Can gives another turn after this one."""
    team_trades: int = 0
    """Mega Event trades the team has made ("No more than three trades by the team")."""
    traded: list[int] = msgspec.field(default_factory=list)
    """Seats that traded at the Mega Event and have not left town since."""
    coin_trade_used: bool = False
    """The solitaire player's one coin trade at the Mega Event."""
    stock_out: bool = False
    """The stock ran out and every tile on the board was turned face up (the Cave excepted)."""
    slabs: list[int] = msgspec.field(default_factory=list)
    """Blank tiles lying as concrete slabs (revealed Construction Sites)."""
    stop_round: int = 0
    """The table's house safety stop: the game is stopped after this round (0: none, the rules have
    no round limit). A game saved before the stop became optional has 0 here: it plays on."""
    outcome: str = ""
    """Why the game ended: ``won``, the kind of loss (``trashed``, ``unreachable``, ``coins``, ...), or
    ``rounds`` (stopped by the house safety stop)."""
    outcome_text: str = ""
