"""Phase 6, Resolve Battle: the reveal, the mystery-card window, ties, and what each side wins.

"If at least one player votes to mutiny, everyone reveals their dice. ... Whichever side has the higher
total wins the battle. In the event of a tie, all players re-roll their dice and count again. Players may
play Mystery Cards at this time ... After players are done using Mystery Cards and any ties have been
re-rolled, the side with the highest total number wins."
"""

from __future__ import annotations

from bot.engine import Choice
from bot.games.mutiny import buying, cards, labels, texts
from bot.games.mutiny.data import GameData
from bot.games.mutiny.rules import Move, clockwise, island_info, refused, side, side_totals
from bot.games.mutiny.state import BattleRecord, MutinyState, Phase, Role, Vote, dice_total


def begin(move: Move) -> None:
    s = move.state
    s.battle = True
    move.shown = True
    move.say(texts.cups_lifted(texts.battle_lines(s.votes, s.dice, s.lost)))
    open_window(move)


def open_window(move: Move) -> None:
    """From the Captain clockwise, card holders play one card or pass, until all pass in a row."""
    s = move.state
    s.passed = []
    if any(s.hands):
        s.phase = Phase.CARDS
        _next_in_window(move, s.captain, opening=True)
    else:
        close_window(move)


def _next_in_window(move: Move, start: int, opening: bool = False) -> None:
    s = move.state
    for q in clockwise(start):
        if s.hands[q] and q not in s.passed:
            s.turn = q
            if opening:
                move.say(texts.window_opens(q))
            return
    close_window(move)


def close_window(move: Move) -> None:
    s = move.state
    while True:
        mutiny, defend = side_totals(s)
        if mutiny != defend:
            resolve(move)
            return
        for q in range(4):
            s.dice[q] = [move.roll(die.kind) for die in s.dice[q]]
        move.say(texts.tie(mutiny, texts.battle_lines(s.votes, s.dice, s.lost)))
        if any(s.hands):
            open_window(move)
            return


def choices(data: GameData, s: MutinyState, seat: int) -> list[Choice]:
    return [Choice("pass", labels.label(labels.PASS_LABEL), group="pass"), *cards.battle_choices(data, s, seat)]


def do_cards(move: Move, seat: int, act: str) -> None:
    s = move.state
    if act == "pass":
        s.passed.append(seat)
        move.say(texts.passes(seat))
    elif act.startswith("card:"):
        cards.play(move, seat, act, in_battle=True)
        s.passed = []
    else:
        raise refused(act)
    _next_in_window(move, (seat + 1) % 4)


def _roll_off(move: Move, tied: list[int]) -> tuple[int, tuple[tuple[tuple[int, int], ...], ...]]:
    """ "If multiple players tie for this, they should each roll one d6, with the highest roller becoming
    Captain." Repeated among those still tied."""
    rolloffs = []
    while len(tied) > 1:
        roll = [(q, move.rng.die(move.data.crew_sides)) for q in tied]
        rolloffs.append(tuple(roll))
        top = max(v for _, v in roll)
        tied = [q for q, v in roll if v == top]
    return tied[0], tuple(rolloffs)


def _draw_cup(move: Move, cup: list[int], order: list[int]) -> tuple[tuple[int, int], ...]:
    """Players take turns removing one random piece of loot from the cup until it is empty."""
    draws = []
    turn = 0
    while cup:
        q = order[turn % len(order)]
        colour = cup.pop(move.rng.below(len(cup)))
        move.state.loot[q][colour] += 1
        draws.append((q, colour))
        turn += 1
    return tuple(draws)


def _cubes(share: list[int]) -> list[int]:
    return [c for c in range(4) for _ in range(share[c])]


def resolve(move: Move) -> None:
    s = move.state
    mutiny, defend = side_totals(s)
    old = s.captain
    mutineers = side(s, Vote.MUTINY)
    if mutiny > defend:
        # "The mutineer who rolled the highest individually is the new Captain. ... put it all into a cup, and
        # have the Mutineers take turns (starting with the new captain) removing one piece of loot"
        best = max(dice_total(s.dice[q]) for q in mutineers)
        new, rolloffs = _roll_off(move, [q for q in mutineers if dice_total(s.dice[q]) == best])
        cup = [c for q in range(4) for c in _cubes(s.mat[q])]
        draws = _draw_cup(move, cup, [q for q in clockwise(new) if q in mutineers])
        s.roles[old] = Role.NONE
        s.roles[new] = Role.CAPTAIN
        s.captain = new
    else:
        # "Each defender gets the loot originally distributed to them. The loot originally distributed to the
        # mutineers is then randomly distributed among the defenders"
        new, rolloffs = old, ()
        defenders = side(s, Vote.DEFEND)
        for q in defenders:
            s.loot[q] = [have + got for have, got in zip(s.loot[q], s.mat[q])]
        cup = [c for q in mutineers for c in _cubes(s.mat[q])]
        draws = _draw_cup(move, cup, [q for q in clockwise(old) if q in defenders])
    s.status[s.current] = new
    record = BattleRecord(
        round=s.round,
        island=island_info(move.data, s, s.current).name,
        votes=tuple(s.votes),
        dice=tuple(tuple(d) for d in s.dice),
        lost=tuple(tuple(d) for d in s.lost),
        mutiny_total=mutiny,
        defend_total=defend,
        winner=Vote.MUTINY if mutiny > defend else Vote.DEFEND,
        old_captain=old,
        captain=new,
        rolloffs=rolloffs,
        draws=draws,
    )
    s.mat = [[0] * 4 for _ in range(4)]
    s.divided = False
    s.record = record
    s.battle = False
    move.say(texts.battle_result(record))
    buying.start(move)
