"""Phases 4 and 5: Rally Crew (every cup rolled, the First Mate's peek) and Decide to Mutiny or Defend.

"Players take turns deciding to Mutiny against the Captain, or Defend the Captain. Decisions are made in
order by role: first Scout, then Quarter Master, then First Mate, and then the Scout may change their vote.
The Captain always votes to defend himself." Decisions are made aloud at a real table ("Whenever you decide
to Mutiny, you must give a hearty 'Yarr!'"), so each one is announced as it is made.
"""

from __future__ import annotations

from bot.engine import Choice
from bot.engine.actions import number, split
from bot.games.mutiny import battle, buying, labels, texts
from bot.games.mutiny.rules import Move, island_info, refused, seat_of
from bot.games.mutiny.state import DieKind, HiddenRoll, MutinyState, PeaceRecord, Phase, Role, Vote

FINAL_STEP = 3
"""The Scout's second word, after everyone else decided."""


def rally(move: Move) -> None:
    """ "All players put their Crew Member dice (for the Quarter Master this includes their d8) in their cup." """
    s = move.state
    quarter_master = seat_of(s, Role.QUARTER_MASTER)
    for q in range(4):
        dice = [move.roll(DieKind.RED) for _ in range(move.data.red_dice)]
        dice += [move.roll(DieKind.GREEN) for _ in range(s.green[q])]
        if q == quarter_master:
            dice.append(move.roll(DieKind.D8))
        s.dice[q] = dice
        s.lost[q] = []
    move.say(texts.cups_rolled())
    for q in range(4):
        move.tell(q, texts.under_your_cup(s.dice[q]))
    s.phase = Phase.PEEK


def peek_choices(s: MutinyState, seat: int) -> list[Choice]:
    out = [
        Choice(f"peek:{t}", labels.peek_label(t), group="peek", public=True, style="primary")
        for t in range(4)
        if t != seat
    ]
    out.append(Choice("peek:none", labels.label(labels.NO_PEEK), group="peek", public=True))
    return out


def do_peek(move: Move, seat: int, act: str) -> None:
    """ "The First Mate may peek at one other player's dice roll at this time." """
    verb, args = split(act)
    if verb != "peek" or len(args) != 1:
        raise refused(act)
    s = move.state
    if args[0] == "none":
        move.say(texts.no_peek(seat))
    else:
        target = number(args[0], 0, 3, "seat")
        if target == seat:
            raise refused(act)
        s.peek = target
        move.say(texts.peeks(seat, target))
        move.tell(seat, texts.under_cup(target, s.dice[target]))
    s.phase = Phase.VOTE
    s.vote_step = 0


def vote_choices(s: MutinyState, seat: int) -> list[Choice]:
    mine = s.votes[seat]
    words = {Vote.MUTINY: labels.label(labels.MUTINY_LABEL), Vote.DEFEND: labels.label(labels.DEFEND_LABEL)}
    if s.vote_step == FINAL_STEP:
        words = {vote: labels.final_vote_label(mine, vote) for vote in words}
    return [
        Choice("vote:mutiny", words[Vote.MUTINY], group="vote", style="danger", public=True, emoji="🏴‍☠️"),
        Choice("vote:defend", words[Vote.DEFEND], group="vote", style="success", public=True, emoji="🛡️"),
    ]


def default(s: MutinyState, seat: int) -> str:
    """Time ran out: Defend; the Scout's second word keeps their first."""
    if s.vote_step == FINAL_STEP and s.votes[seat] is Vote.MUTINY:
        return "vote:mutiny"
    return "vote:defend"


def do_vote(move: Move, seat: int, act: str) -> None:
    verb, args = split(act)
    if verb != "vote" or len(args) != 1 or args[0] not in (Vote.MUTINY, Vote.DEFEND):
        raise refused(act)
    s = move.state
    vote = Vote(args[0])
    if s.vote_step < FINAL_STEP:
        s.votes[seat] = vote
        move.say(texts.vote_cast(seat, vote))
        s.vote_step += 1
        return
    move.say(texts.scout_final(seat, s.votes[seat], vote))
    s.votes[seat] = vote
    s.votes[s.captain] = Vote.DEFEND
    if Vote.MUTINY in s.votes:
        battle.begin(move)
    else:
        keep_the_peace(move)


def keep_the_peace(move: Move) -> None:
    """ "If all players vote to defend, then there is no battle and players do not need to show their dice
    roll to anyone else. Each player takes their share of the loot. Play proceeds to the buy phase." """
    s = move.state
    for q in range(4):
        for c in range(4):
            s.loot[q][c] += s.mat[q][c]
    s.mat = [[0] * 4 for _ in range(4)]
    s.divided = False
    s.status[s.current] = s.captain
    name = island_info(move.data, s, s.current).name
    move.say(texts.peace(s.captain, name))
    s.record = PeaceRecord(s.round, name, s.captain)
    s.unseen.append(HiddenRoll(s.round, tuple(tuple(d) for d in s.dice)))
    buying.start(move)
