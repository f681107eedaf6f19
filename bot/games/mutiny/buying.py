"""Phase 7, Buying, and the end of a round: "Players take turns spending their loot to buy things, always
starting with the Captain (or new Captain in the event of a mutiny), and going clockwise."
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from bot.engine import Choice, Form, FormField, RuleError
from bot.engine.actions import split
from bot.games.mutiny import cards, labels, refusals, scoring, texts
from bot.games.mutiny.data import LOOT_CODES, GameData
from bot.games.mutiny.rules import Move, card_info, clockwise, crew, has, refused
from bot.games.mutiny.state import MutinyState, Phase, Vote

ITEMS = ("rum", "crew", "card")
_TRADE = re.compile(r"[SOGP]+")


def start(move: Move) -> None:
    """After the battle (or the peace): the cups are put away and the buying turns begin."""
    s = move.state
    s.dice = [[] for _ in range(4)]
    s.lost = [[] for _ in range(4)]
    s.phase = Phase.BUY
    s.queue = clockwise(s.captain)
    _advance(move)


def can_buy(data: GameData, s: MutinyState, seat: int, item: str) -> bool:
    if not has(s.loot[seat], data.prices[item]):
        return False
    if item == "rum":
        return s.rum_supply > 0
    if item == "crew":
        # "In order to hire more Crew Members, you must have more Rum than Crew Members."
        return s.green_supply > 0 and s.rum[seat] > crew(data, s, seat)
    return len(s.deck) > 0


def why_not(data: GameData, s: MutinyState, seat: int, item: str) -> str:
    if not has(s.loot[seat], data.prices[item]):
        return refusals.cannot_pay(data.prices[item])
    if item == "rum":
        return refusals.refusal(refusals.RUM_GONE)
    if item == "crew":
        return (
            refusals.refusal(refusals.GREEN_GONE)
            if s.green_supply < 1
            else refusals.more_rum_than_crew(s.rum[seat], crew(data, s, seat))
        )
    return refusals.refusal(refusals.DECK_EMPTY)


def usual_trade(data: GameData, s: MutinyState, seat: int, target: int) -> str | None:
    """Give 3 cubes of the kinds you have most of (never the kind you get), when the bank has the one you want."""
    if s.bank[target] < data.exchange_get:
        return None
    have = s.loot[seat][:]
    have[target] = 0
    if sum(have) < data.exchange_give:
        return None
    give = []
    for _ in range(data.exchange_give):
        colour = max(range(4), key=lambda c: (have[c], -c))
        give.append(colour)
        have[colour] -= 1
    return "".join(LOOT_CODES[c] for c in sorted(give))


def can_act(data: GameData, s: MutinyState, seat: int) -> bool:
    """A buying turn is offered to whoever holds a card (hands are secret) or can pay for something."""
    if s.hands[seat] or any(can_buy(data, s, seat, item) for item in ITEMS):
        return True
    return sum(s.loot[seat]) >= data.exchange_give and sum(s.bank) > 0


def _advance(move: Move) -> None:
    s = move.state
    skipped = []
    while s.queue and not can_act(move.data, s, s.queue[0]):
        skipped.append(s.queue.pop(0))
    if skipped:
        move.say(texts.skipped(skipped))
    if s.queue:
        s.turn = s.queue[0]
    else:
        end_round(move)


def choices(data: GameData, s: MutinyState, seat: int) -> list[Choice]:
    out = [
        Choice(f"buy:{item}", labels.label(labels.BUY_LABELS[item]), group="buy", style="primary", public=True)
        for item in ITEMS
        if can_buy(data, s, seat, item)
    ]
    out.append(Choice("done", labels.label(labels.DONE_LABEL), group="buy", style="success", public=True))
    for target in range(4):
        give = usual_trade(data, s, seat, target)
        if give:
            label = labels.trade_label(give, target)
            out.append(Choice(f"trade:{give}:{LOOT_CODES[target]}", label, group="trade", public=True))
    return out + cards.buy_choices(data, s, seat)


def trade_form(data: GameData, s: MutinyState, seat: int) -> Form | None:
    for target in range(4):
        give = usual_trade(data, s, seat, target)
        if give:
            fields = (
                FormField(
                    "give",
                    labels.label(labels.TRADE_FORM_GIVE),
                    default=" ".join(give),
                    placeholder=labels.label(labels.TRADE_GIVE_PLACEHOLDER),
                    max_length=12,
                ),
                FormField(
                    "get",
                    labels.label(labels.TRADE_FORM_GET),
                    default=LOOT_CODES[target],
                    placeholder=labels.label(labels.TRADE_GET_PLACEHOLDER),
                    max_length=10,
                ),
            )
            return Form(
                "trade",
                labels.label(labels.TRADE_FORM_TITLE),
                labels.label(labels.TRADE_FORM_BUTTON),
                fields,
                group="trade",
            )
    return None


def trade_form_action(data: GameData, values: Mapping[str, str]) -> str:
    give = re.sub(r"[^SOGP]", "", values.get("give", "").upper())
    get = re.sub(r"[^SOGP]", "", values.get("get", "").upper())
    if len(give) != data.exchange_give:
        raise RuleError(refusals.refusal(refusals.GIVE_THREE))
    if len(get) != 1:
        raise RuleError(refusals.refusal(refusals.GET_ONE))
    return f"trade:{''.join(sorted(give, key=LOOT_CODES.index))}:{get}"


def _buy(move: Move, seat: int, item: str) -> None:
    s, data = move.state, move.data
    if not can_buy(data, s, seat, item):
        raise RuleError(why_not(data, s, seat, item))
    for c, cost in enumerate(data.prices[item]):
        s.loot[seat][c] -= cost
        s.bank[c] += cost
    if item == "rum":
        s.rum[seat] += 1
        s.rum_supply -= 1
        move.say(texts.bought_rum(seat, s.rum[seat]))
    elif item == "crew":
        s.green[seat] += 1
        s.green_supply -= 1
        move.say(texts.hired_crew(seat, crew(data, s, seat)))
    else:
        cid = s.deck.pop(0)
        s.hands[seat].append(cid)
        move.say(texts.bought_card(seat))
        move.tell(seat, texts.you_drew(card_info(data.cards[cid])))


def _trade(move: Move, seat: int, give: str, get: str) -> None:
    """ "players may exchange 3 pieces of loot for 1 piece of loot from the bank" """
    s = move.state
    if len(give) != move.data.exchange_give:
        raise RuleError(refusals.refusal(refusals.GIVE_THREE))
    counts = [give.count(code) for code in LOOT_CODES]
    target = LOOT_CODES.index(get)
    if not has(s.loot[seat], counts):
        raise RuleError(refusals.lacking(give))
    if s.bank[target] < move.data.exchange_get:
        raise RuleError(refusals.bank_has_no(target))
    for c in range(4):
        s.loot[seat][c] -= counts[c]
        s.bank[c] += counts[c]
    s.bank[target] -= move.data.exchange_get
    s.loot[seat][target] += move.data.exchange_get
    move.say(texts.traded(seat, give, target))


def do_buy(move: Move, seat: int, act: str) -> None:
    verb, args = split(act)
    s = move.state
    if act == "done":
        s.queue.pop(0)
        _advance(move)
        return
    if verb == "buy" and len(args) == 1 and args[0] in ITEMS:
        _buy(move, seat, args[0])
    elif verb == "trade" and len(args) == 2 and _TRADE.fullmatch(args[0]) and args[1] in LOOT_CODES:
        _trade(move, seat, args[0], args[1])
    elif verb == "card":
        cards.play(move, seat, act, in_battle=False)
    else:
        raise refused(act)
    if not can_act(move.data, s, seat):
        s.queue.pop(0)
        _advance(move)


def end_round(move: Move) -> None:
    """ "The game ends after the buying phase after the last Island has been conquered." """
    s = move.state
    if all(status >= 0 for status in s.status):
        s.phase = Phase.OVER
        s.result = scoring.score(move.data, s)
        move.say(texts.game_over_event())
        return
    s.round += 1
    s.phase = Phase.ASSIGN
    s.current = -1
    s.look = []
    s.mat = [[0] * 4 for _ in range(4)]
    s.divided = False
    s.peek = -1
    s.votes = [Vote.NONE] * 4
    s.vote_step = 0
    s.battle = False
    s.passed = []
    s.queue = []
    s.turn = s.captain
    move.say(texts.round_starts(s.round, len(s.status), s.captain))
