"""Mystery cards: which can be played now, and what each does (house effects, docs/games/mutiny.md).

"Players may play Mystery Cards at this time, which can re-roll dice or make players lose or gain dice."
"These can provide the player with additional loot, bonus victory points, or special abilities".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from itertools import combinations_with_replacement

from bot.engine import Choice, Form, FormField, RuleError
from bot.engine.actions import number, split
from bot.games.mutiny import labels, notation, refusals, texts
from bot.games.mutiny.data import LOOT_CODES, Card, GameData
from bot.games.mutiny.rules import Move, card_info, has, refused, side_totals
from bot.games.mutiny.state import Die, DieKind, MutinyState

CREW_CARDS = ("stowaway", "pressgang")
MAX_RELOAD_BUTTONS = 5


# --------------------------------------------------------------------------- what can be played


def crew_gain(data: GameData, s: MutinyState, cid: str) -> int:
    """Green dice a Stow-away or Press-gang brings: as many as the card says and the supply still has."""
    return min(data.cards[cid].amount, s.green_supply)


def treasure_size(data: GameData, s: MutinyState) -> int:
    """ "take 3 loot of your choice from the bank" — or what the bank has, when it holds fewer."""
    return min(data.cards["treasure"].amount, sum(s.bank))


def treasure_options(data: GameData, s: MutinyState) -> list[str]:
    """Every mix of ``treasure_size`` cubes the bank can give (a real choice whenever it holds 2+ kinds)."""
    size = treasure_size(data, s)
    if size < 1:
        return []
    combos = ("".join(combo) for combo in combinations_with_replacement(LOOT_CODES, size))
    return [codes for codes in combos if has(s.bank, [codes.count(code) for code in LOOT_CODES])]


def _treasure_choices(data: GameData, s: MutinyState) -> list[Choice]:
    short = treasure_size(data, s) < data.cards["treasure"].amount
    return [
        Choice(
            f"card:treasure:{codes}",
            labels.treasure_label(codes),
            group="treasure",
            description=labels.label(labels.ALL_THE_BANK_HAS) if short else "",
        )
        for codes in treasure_options(data, s)
    ]


def _crew_choices(data: GameData, s: MutinyState, seat: int, in_battle: bool) -> list[Choice]:
    out = []
    for cid in CREW_CARDS:
        card = data.cards[cid]
        playable = card.in_battle if in_battle else card.in_buy
        if cid in s.hands[seat] and playable and crew_gain(data, s, cid) > 0:
            label = labels.crew_card_label(card_info(card), crew_gain(data, s, cid), in_battle)
            out.append(Choice(f"card:{cid}", label, group="card"))
    return out


def reload_options(s: MutinyState, seat: int) -> list[list[int]]:
    """The usual Quick Reloads: every die showing at most 1, 2, 3 ... (and all dice), at most five buttons."""
    dice = s.dice[seat]
    subsets: list[list[int]] = []
    for limit in range(1, 8):
        subset = [i for i, die in enumerate(dice) if die.value <= limit]
        if subset and subset not in subsets:
            subsets.append(subset)
    everything = list(range(len(dice)))
    if everything and everything not in subsets:
        subsets.append(everything)
    if len(subsets) > MAX_RELOAD_BUTTONS:
        subsets = subsets[: MAX_RELOAD_BUTTONS - 1] + [subsets[-1]]
    return subsets


def battle_choices(data: GameData, s: MutinyState, seat: int) -> list[Choice]:
    hand = s.hands[seat]
    out = []
    if "cannon" in hand:
        out.append(Choice("card:cannon", labels.cannon_label(s.votes[seat]), group="card", style="danger"))
    if "madness" in hand:
        for target in range(4):
            if target != seat and s.dice[target]:
                top = max(s.dice[target], key=lambda die: die.value)
                out.append(Choice(f"card:madness:{target}", labels.madness_label(target, top), group="card"))
    if "reload" in hand and s.dice[seat]:
        for subset in reload_options(s, seat):
            label = labels.reload_label([s.dice[seat][i] for i in subset])
            out.append(Choice("card:reload:" + ",".join(str(i + 1) for i in subset), label, group="card"))
    if "storm" in hand:
        out.append(Choice("card:storm", labels.label(labels.STORM_LABEL), group="card"))
    out += _crew_choices(data, s, seat, in_battle=True)
    if "pegleg" in hand and data.cards["pegleg"].in_battle:
        out.append(Choice("card:pegleg", labels.label(labels.PEG_LEG_LABEL), group="card"))
    if "treasure" in hand and data.cards["treasure"].in_battle:
        out += _treasure_choices(data, s)
    return out


def buy_choices(data: GameData, s: MutinyState, seat: int) -> list[Choice]:
    hand = s.hands[seat]
    out = []
    if "pegleg" in hand and data.cards["pegleg"].in_buy:
        out.append(Choice("card:pegleg", labels.label(labels.PEG_LEG_LABEL), group="card"))
    out += _crew_choices(data, s, seat, in_battle=False)
    if "treasure" in hand and data.cards["treasure"].in_buy:
        out += _treasure_choices(data, s)
    return out


def reload_form(s: MutinyState, seat: int) -> Form:
    dice = s.dice[seat]
    listing = " ".join(f"{i + 1}:{notation.die_text(die)}" for i, die in enumerate(dice))
    lowest = min(range(len(dice)), key=lambda i: dice[i].value)
    field = FormField(
        "dice",
        labels.label(labels.RELOAD_FORM_FIELD),
        default=str(lowest + 1),
        placeholder=listing[:100],
        max_length=30,
    )
    return Form(
        "reload",
        labels.label(labels.RELOAD_FORM_TITLE),
        labels.label(labels.RELOAD_FORM_BUTTON),
        (field,),
        group="card",
    )


def reload_form_action(s: MutinyState, seat: int, values: Mapping[str, str]) -> str:
    numbers = re.findall(r"[0-9]+", values.get("dice", ""))
    if not numbers:
        raise RuleError(refusals.refusal(refusals.WRITE_DICE))
    count = len(s.dice[seat])
    if any(not 1 <= int(n[:3]) <= count for n in numbers):
        raise RuleError(refusals.pick_dice(count))
    return "card:reload:" + ",".join(str(n) for n in sorted({int(n) for n in numbers}))


# --------------------------------------------------------------------------- effects

Effect = Callable[[Move, int, list[str], Card, bool], str]


def _no_arguments(args: list[str]) -> None:
    if args:
        raise RuleError(refusals.not_legal("card:" + ":".join(args)))


def _cannon(move: Move, seat: int, args: list[str], card: Card, in_battle: bool) -> str:
    """Cannon: roll an extra d6 for your side in this battle."""
    _no_arguments(args)
    die = move.roll(DieKind.CANNON)
    move.state.dice[seat].append(die)
    return texts.cannon_fired(seat, die)


def _madness(move: Move, seat: int, args: list[str], card: Card, in_battle: bool) -> str:
    """Drunken Madness: another player loses their highest die for this battle."""
    s = move.state
    target = number(args[0], 0, 3, "player") if len(args) == 1 else seat
    if target == seat or not s.dice[target]:
        raise refused("card:madness:" + ":".join(args))
    dice = s.dice[target]
    die = dice.pop(max(range(len(dice)), key=lambda i: dice[i].value))
    s.lost[target].append(die)
    return texts.madness(seat, target, die)


def _reload(move: Move, seat: int, args: list[str], card: Card, in_battle: bool) -> str:
    """Quick Reload: re-roll any of your own dice."""
    dice = move.state.dice[seat]
    if len(args) != 1 or not dice:
        raise RuleError(refusals.pick_dice(len(dice)))
    picks = sorted({number(x, 1, len(dice), "die position") - 1 for x in args[0].split(",")})
    before = [dice[i] for i in picks]
    for i in picks:
        dice[i] = move.roll(dice[i].kind)
    return texts.quick_reload(seat, before, [dice[i] for i in picks])


def _storm(move: Move, seat: int, args: list[str], card: Card, in_battle: bool) -> str:
    """The Perfect Storm: every player re-rolls all their dice in this battle."""
    _no_arguments(args)
    s = move.state
    s.dice = [[move.roll(die.kind) for die in dice] for dice in s.dice]
    return texts.storm(seat)


def _crew(move: Move, seat: int, args: list[str], card: Card, in_battle: bool) -> str:
    """Stow-away and Press-gang: green crew dice without rum; in a battle they are rolled at once."""
    _no_arguments(args)
    s = move.state
    n = crew_gain(move.data, s, card.id)
    if n < 1:
        raise RuleError(refusals.refusal(refusals.NO_GREEN_LEFT))
    s.green_supply -= n
    s.green[seat] += n
    rolled: list[Die] | None = None
    if in_battle:
        rolled = [move.roll(DieKind.GREEN) for _ in range(n)]
        s.dice[seat].extend(rolled)
    return texts.crew_card(seat, card_info(card), n, rolled)


def _peg_leg(move: Move, seat: int, args: list[str], card: Card, in_battle: bool) -> str:
    """Exceptionally Fine Peg-Leg: played face up, it is worth Infamy at the end."""
    _no_arguments(args)
    return texts.peg_leg(seat, card.amount)


def _treasure(move: Move, seat: int, args: list[str], card: Card, in_battle: bool) -> str:
    """Buried Treasure: take 3 loot of your choice from the bank (what the bank has)."""
    s = move.state
    if sum(s.bank) < 1:
        raise RuleError(refusals.refusal(refusals.BANK_EMPTY))
    if len(args) != 1 or args[0] not in treasure_options(move.data, s):
        raise RuleError(refusals.refusal(refusals.BANK_LACKS))
    for code in args[0]:
        colour = LOOT_CODES.index(code)
        s.bank[colour] -= 1
        s.loot[seat][colour] += 1
    return texts.treasure(seat, args[0])


EFFECTS: dict[str, Effect] = {
    "cannon": _cannon,
    "madness": _madness,
    "reload": _reload,
    "storm": _storm,
    "stowaway": _crew,
    "pressgang": _crew,
    "pegleg": _peg_leg,
    "treasure": _treasure,
}


def play(move: Move, seat: int, act: str, in_battle: bool) -> None:
    """Play a card from ``seat``'s hand; it stays face up in front of them."""
    verb, args = split(act)
    s = move.state
    card = move.data.cards.get(args[0]) if verb == "card" and args else None
    if card is None or card.id not in s.hands[seat]:
        raise refused(act)
    if not (card.in_battle if in_battle else card.in_buy):
        raise RuleError(refusals.refusal(refusals.NOT_ON_BUY_TURN)) if not in_battle else refused(act)
    text = EFFECTS[card.id](move, seat, args[1:], card, in_battle)
    s.hands[seat].remove(card.id)
    s.played[seat].append(card.id)
    move.shown = True
    if in_battle:
        text += texts.now_totals(*side_totals(s))
    move.say(text)
