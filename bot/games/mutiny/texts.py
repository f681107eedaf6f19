"""Every sentence a Mutiny player reads (refusals are in refusals.py): events, button labels, forms, and the
status, private and prompt texts (built from views only).

``{pN}`` stands for seat N (the table writes the player's colour and name). Discord Markdown;
never bold around a whole prompt: the table bolds its first line, so prompts carry no ``**``.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.mutiny.data import LOOT_NAMES
from bot.games.mutiny.notation import (
    FACES,
    PHASE_STEP,
    ROLE_EMOJI,
    ROLE_SHORT,
    codes_text,
    dice_text,
    die_text,
    island_line,
    loot_short,
    loot_text,
    p,
    who,
)
from bot.games.mutiny.refusals import GAME_IS_OVER
from bot.games.mutiny.state import BattleRecord, Die, FinalScore, HiddenRoll, Phase, Role, Vote, dice_total
from bot.games.mutiny.views import CardInfo, IslandInfo, PublicView, SeatView

VOTE_WORDS = {Vote.MUTINY: "🏴‍☠️ Yarr! Mutiny", Vote.DEFEND: "🛡️ Defend", Vote.NONE: "⏳"}
BATTLE_MEANING = "Mutineers win if their total beats the Captain's side; ties re-roll."
DIVIDE_MEANING = "Any split goes, but pirates who feel cheated may mutiny."


# --------------------------------------------------------------------------- events: rounds 1-5


def first_captain(rows: Sequence[Sequence[int]], captain: int) -> str:
    rolls = [" · ".join(f"{p(q)} {n}" for q, n in enumerate(row) if n) for row in rows]
    return f"🎲 First Captain roll (2 red dice each): {' → tie, re-roll: '.join(rolls)}. {p(captain)} is the first Captain."


def round_starts(round_: int, rounds: int, captain: int) -> str:
    return f"🌅 **Round {round_} of {rounds}.** {p(captain)} (Captain) assigns the roles."


def assigned(captain: int, first_mate: int, quarter_master: int, scout: int) -> str:
    return (
        f"👑 {p(captain)} (Captain) names ⚓ First Mate {p(first_mate)}, 🎱 Quarter Master {p(quarter_master)}, "
        f"🔭 Scout {p(scout)}."
    )


def only_one_island(scout: int) -> str:
    return f"🔭 Only one island is left face down: {p(scout)} (Scout) must take it."


def scout_looks(scout: int, spaces: Sequence[int]) -> str:
    return f"🔭 {p(scout)} (Scout) looks at islands {' and '.join(f'#{x + 1}' for x in spaces)}."


def you_look_at(islands: Sequence[IslandInfo]) -> str:
    return "🗺️ You look at:\n" + "\n".join(island_line(island) for island in islands)


def scout_picks(scout: int, island: IslandInfo) -> str:
    return f"🏝️ {p(scout)} (Scout) picks {island_line(island)}."


def scout_takes(scout: int, colour: int) -> str:
    return f"🔭 {p(scout)} (Scout) takes 1 {LOOT_NAMES[colour]} onto their ship."


def captain_divides(captain: int, shares: Sequence[Sequence[int]]) -> str:
    lines = [f"{p(q)}: {loot_text(share)}" for q, share in enumerate(shares)]
    return f"👑 {p(captain)} (Captain) divides the loot:\n" + "\n".join(lines)


CUPS_ROLLED = "🎲 Every crew is rolled and hidden under its cup."


def under_your_cup(dice: Sequence[Die]) -> str:
    return f"🎲 Under your cup: {dice_text(dice)} (total {dice_total(list(dice))})"


def no_peek(first_mate: int) -> str:
    return f"⚓ {p(first_mate)} (First Mate) does not peek."


def peeks(first_mate: int, target: int) -> str:
    return f"👀 {p(first_mate)} (First Mate) peeks under {p(target)}'s cup."


def under_cup(target: int, dice: Sequence[Die]) -> str:
    return f"👀 Under {p(target)}'s cup: {dice_text(dice)} (total {dice_total(list(dice))})"


def vote_cast(seat: int, vote: Vote) -> str:
    """ "Whenever you decide to Mutiny, you must give a hearty 'Yarr!'" — announced as it is made."""
    return f"🏴‍☠️ **{p(seat)}**: Yarr!" if vote is Vote.MUTINY else f"🛡️ **{p(seat)}** defends."


def scout_final(scout: int, before: Vote, after: Vote) -> str:
    if before is after:
        word = "Yarr!" if after is Vote.MUTINY else "still defends."
        return f"🔭 **{p(scout)}** (Scout) keeps their decision: {word}"
    if after is Vote.MUTINY:
        return f"🏴‍☠️ **{p(scout)}** (Scout) changes their mind: Yarr!"
    return f"🛡️ **{p(scout)}** (Scout) changes their mind and defends."


def peace(captain: int, island: str) -> str:
    return (
        "🤝 Everyone defends (the Captain always does): **no battle**, no dice are shown. Each player takes "
        f"their share; {p(captain)} (Captain) conquers **{island}**."
    )


# --------------------------------------------------------------------------- events: battle and cards


def battle_lines(votes: Sequence[Vote], dice: Sequence[Sequence[Die]], lost: Sequence[Sequence[Die]]) -> str:
    lines = []
    for vote, label in ((Vote.MUTINY, "🏴‍☠️ Mutineers"), (Vote.DEFEND, "🛡️ Captain's side")):
        members = [q for q in range(4) if votes[q] is vote]
        parts = []
        for q in members:
            gone = f" (lost {dice_text(lost[q])})" if lost[q] else ""
            parts.append(f"{p(q)} {dice_text(dice[q])} = {dice_total(list(dice[q]))}{gone}")
        total = sum(dice_total(list(dice[q])) for q in members)
        lines.append(f"{label} **{total}**: " + " · ".join(parts))
    return "\n".join(lines)


def cups_lifted(lines: str) -> str:
    return "⚔️ **Yarr! Mutiny!** Every cup is lifted:\n" + lines


def window_opens(first: int) -> str:
    return (
        "🃏 Mystery cards: from the Captain clockwise, each card holder plays one or passes, "
        f"until all pass in a row. {p(first)} goes first."
    )


def tie(total: int, lines: str) -> str:
    return f"⚖️ A tie at **{total}**! Everyone re-rolls:\n{lines}"


def passes(seat: int) -> str:
    return f"🃏 {p(seat)} passes."


def now_totals(mutiny: int, defend: int) -> str:
    return f" Now 🏴‍☠️ **{mutiny}** vs 🛡️ **{defend}**."


def quick_reload(seat: int, before: Sequence[Die], after: Sequence[Die]) -> str:
    return f"🔁 {p(seat)} plays **Quick Reload**: {dice_text(before)} → {dice_text(after)}."


def cannon_fired(seat: int, die: Die) -> str:
    return f"💥 {p(seat)} fires a **Cannon**: {die_text(die)}!"


def madness(seat: int, target: int, die: Die) -> str:
    return f"🍾 {p(seat)} plays **Drunken Madness**: {p(target)} loses {die_text(die)} for this battle."


def storm(seat: int) -> str:
    return f"🌪️ {p(seat)} plays **The Perfect Storm**: everyone re-rolls!"


def green_dice(n: int) -> str:
    return f"{n} green crew {'die' if n == 1 else 'dice'}"


def crew_card(seat: int, card: CardInfo, n: int, rolled: Sequence[Die] | None) -> str:
    text = f"{card.emoji} {p(seat)} plays **{card.name}**: +{green_dice(n)}"
    return text + (f", rolled {dice_text(rolled)}." if rolled is not None else ".")


def peg_leg(seat: int, amount: int) -> str:
    return f"🦿 {p(seat)} plays the **Exceptionally Fine Peg-Leg** face up: +{amount} Infamy at the end."


def treasure(seat: int, codes: str) -> str:
    return f"💰 {p(seat)} plays **Buried Treasure**: takes {codes_text(codes)} from the bank."


def battle_result(record: BattleRecord) -> str:
    mutiny, defend = record.mutiny_total, record.defend_total
    if record.winner is Vote.MUTINY:
        new = record.captain
        best = max(dice_total(list(record.dice[q])) for q in range(4) if record.votes[q] is Vote.MUTINY)
        text = f"🏴‍☠️ **The mutineers win {mutiny}–{defend}!**"
        if record.rolloffs:
            rounds = " then ".join(", ".join(f"{p(q)} {FACES[v - 1]}" for q, v in roll) for roll in record.rolloffs)
            text += f"\nThe highest mutineers tie at {best}: roll-off {rounds}."
        else:
            text += f"\n{p(new)} rolled highest ({best})."
        text += f"\n👑 {p(new)} is the new Captain and takes **{record.island}**."
    else:
        text = (
            f"🛡️ **The Captain's side wins {defend}–{mutiny}!** {p(record.captain)} stays Captain and takes "
            f"**{record.island}**.\nDefenders keep their shares."
        )
    if record.draws:
        got: dict[int, list[int]] = {}
        for q, colour in record.draws:
            got.setdefault(q, [0, 0, 0, 0])[colour] += 1
        text += "\n🥤 Drawn from the cup: " + " · ".join(f"{p(q)} {loot_text(got[q])}" for q in got)
    return text


# --------------------------------------------------------------------------- events: buying and the end


def skipped(seats: Sequence[int]) -> str:
    return f"🛒 No buying turn for {', '.join(p(q) for q in seats)}: nothing they can afford, no card in hand."


def bought_rum(seat: int, rum: int) -> str:
    return f"🍺 {p(seat)} buys 1 Rum (now {rum})."


def hired_crew(seat: int, crew: int) -> str:
    return f"🎲 {p(seat)} hires 1 green Crew (now {crew} crew)."


def bought_card(seat: int) -> str:
    return f"🃏 {p(seat)} buys a Mystery card."


def you_drew(card: CardInfo) -> str:
    return f"🃏 You drew {card.emoji} **{card.name}**: {card.effect}"


def traded(seat: int, give: str, colour: int) -> str:
    return f"🔄 {p(seat)} trades {codes_text(give)} for 1 {LOOT_NAMES[colour]}."


GAME_OVER_EVENT = "🏁 **The last island is conquered: the game is over!**"


def final_text(score: FinalScore) -> str:
    lines = []
    for q in sorted(range(4), key=lambda q: (-score.totals[q], q)):
        parts = [f"islands {score.islands[q]}"]
        if score.fierceness[q]:
            parts.append(f"Fierceness {score.fierceness[q]}")
        if score.drunk[q]:
            parts.append(f"Drunk {score.drunk[q]}")
        if score.peg_leg[q]:
            parts.append(f"Peg-Leg {score.peg_leg[q]}")
        crown = "🏆 " if q in score.winners else ""
        lines.append(f"{crown}{p(q)}: **{score.totals[q]} Infamy** ({', '.join(parts)})")
    if len(score.winners) > 1:
        lines.append("A tie: " + " and ".join(p(q) for q in score.winners) + " share the victory!")
    return "\n".join(lines)


def reveal(unseen: Sequence[HiddenRoll], hands: Sequence[Sequence[CardInfo]]) -> str:
    lines = []
    if unseen:
        lines.append("🎲 Dice that stayed under the cups (everyone defended):")
        for roll in unseen:
            cups = " · ".join(f"{p(q)} {dice_text(d)}" for q, d in enumerate(roll.dice))
            lines.append(f"Round {roll.round}: {cups}")
    held = [(q, cards) for q, cards in enumerate(hands) if cards]
    if held:
        parts = [f"{p(q)} {', '.join(f'{c.emoji} {c.name}' for c in cards)}" for q, cards in held]
        lines.append("🃏 Cards never played: " + " · ".join(parts))
    return "\n".join(lines)


# --------------------------------------------------------------------------- choice labels and forms

SAME_ROLES = "Same roles as last round"
ALL_THE_BANK_HAS = "All the bank has left"
LOOK_RANDOM = "🎲 Look at 2 face-down islands at random"
LOOK_FORM_TITLE = "Which two islands do you look at?"
LOOK_FORM_BUTTON = "🗺️ Choose two islands"
LOOK_FORM_FIELD = "Two face-down island numbers"
NO_PEEK = "Don't peek"
MUTINY_LABEL = "Yarr! Mutiny"
DEFEND_LABEL = "Defend"
PASS_LABEL = "Pass"
STORM_LABEL = "🌪️ The Perfect Storm: everyone re-rolls"
PEG_LEG_LABEL = "🦿 Play the Peg-Leg face up (+2 Infamy)"
DONE_LABEL = "✅ Done buying"
BUY_LABELS = {
    "rum": "🍺 Buy Rum (Sugar + Orange)",
    "crew": "🎲 Buy Crew (Orange + 2 Gold + Plantain)",
    "card": "🃏 Buy Mystery card (Sugar + Gold + Plantain)",
}
DIVIDE_PRESETS = {
    "fair": ("✅ Confirm the fair split", "Even shares, shown in the prompt", "success"),
    "half": ("⚖️ Captain's half, rest shared", "You take half, the others share the rest", "secondary"),
    "keep": ("💰 Keep it all", "Every cube for the Captain", "danger"),
}
DIVIDE_FORM_TITLE = "Divide the loot (Sugar Orange Gold Plantain)"
DIVIDE_FORM_BUTTON = "✏️ Custom split"
DIVIDE_FORM_PLACEHOLDER = "Sugar Orange Gold Plantain, e.g. 1 0 2 0"
RELOAD_FORM_TITLE = "Quick Reload: which dice?"
RELOAD_FORM_BUTTON = "🔁 Quick Reload: pick dice"
RELOAD_FORM_FIELD = "Dice to re-roll (positions)"
TRADE_FORM_TITLE = "Trade 3 loot for 1 from the bank"
TRADE_FORM_BUTTON = "🔄 Custom trade"
TRADE_FORM_GIVE = "Give 3 (letters S O G P)"
TRADE_FORM_GET = "Get 1 (S, O, G or P)"


def assign_label(first_mate: int, quarter_master: int, scout: int) -> str:
    return f"⚓ FM {p(first_mate)} · 🎱 QM {p(quarter_master)} · 🔭 Scout {p(scout)}"


def look_again(space: int) -> str:
    return f"🧭 Look again at #{space} (+1 at random)"


def you_saw(name: str) -> str:
    return f"You saw {name} there"


def pick_label(island: IslandInfo) -> str:
    return f"#{island.space} {island.name}: {loot_short(island.loot)}"


def take_label(colour: int) -> str:
    return f"Take 1 {LOOT_NAMES[colour]}"


def share_field(seat: int) -> str:
    return f"{p(seat)} — S O G P"


def peek_label(target: int) -> str:
    return f"👀 Peek under {p(target)}'s cup"


def final_vote_label(mine: Vote, vote: Vote) -> str:
    word = MUTINY_LABEL if vote is Vote.MUTINY else DEFEND_LABEL
    return f"Stay: {word}" if mine is vote else f"Change to {word}"


def cannon_label(vote: Vote) -> str:
    side = "the Mutineers" if vote is Vote.MUTINY else "the Captain's side"
    return f"💥 Cannon: +1 d6 for {side}"


def madness_label(target: int, die: Die) -> str:
    return f"🍾 Drunken Madness: {p(target)} loses {die_text(die)}"


def reload_label(dice: Sequence[Die]) -> str:
    return f"🔁 Quick Reload: re-roll {dice_text(dice)}"[:80]


def crew_card_label(card: CardInfo, n: int, battle: bool) -> str:
    return f"{card.emoji} {card.name}: +{green_dice(n)}" + (" now" if battle else "")


def treasure_label(codes: str) -> str:
    return f"💰 Buried Treasure: take {codes_text(codes)}"


def trade_label(give: str, colour: int) -> str:
    return f"🔄 Trade {codes_text(give)} → 1 {LOOT_NAMES[colour]}"


# --------------------------------------------------------------------------- status, secrets, prompts


def _roles_line(view: PublicView) -> str:
    parts = []
    for role in (Role.CAPTAIN, Role.FIRST_MATE, Role.QUARTER_MASTER, Role.SCOUT):
        seat = view.seat_of(role)
        if seat is not None:
            parts.append(f"{ROLE_EMOJI[role]} {ROLE_SHORT[role]} {p(seat)}")
    return " · ".join(parts)


def _doing(view: PublicView) -> str:
    if view.phase is Phase.VOTE:
        return "to keep or change their decision" if view.vote_step == 3 else "to decide: Yarr! Mutiny or Defend"
    return {
        Phase.ASSIGN: "to assign First Mate, Quarter Master and Scout",
        Phase.LOOK: "to choose which islands to look at",
        Phase.PICK: "to pick the island to raid",
        Phase.TAKE: "to take 1 loot from the island",
        Phase.DIVIDE: "to divide the loot",
        Phase.PEEK: "to peek under a cup (or not)",
        Phase.CARDS: "to play a mystery card or pass",
        Phase.BUY: "to buy",
    }.get(view.phase, "")


def waiting_text(view: PublicView) -> str:
    """'{p2} (First Mate) to peek under a cup (or not)': whom the table waits for, and why."""
    if view.over or not view.awaiting:
        return ""
    seat = view.awaiting[0]
    return f"{who(seat, view.players[seat].role)} {_doing(view)}"


def _votes_line(view: PublicView) -> str:
    order = view.vote_order[:3]
    marks = [f"{p(seat)} {VOTE_WORDS[view.players[seat].vote]}" for seat in order]
    return "🗳️ " + " · ".join(marks) + f" · {p(view.captain)} 🛡️ (Captain)"


def status_text(view: PublicView) -> str:
    if view.over:
        lines = ["🏴‍☠️ Mutiny — **game over**"]
        if view.final is not None:
            lines.append(final_text(view.final))
        return "\n".join(lines)
    step, title = PHASE_STEP[view.phase]
    lines = [f"🏴‍☠️ Mutiny — **Round {view.round}/{view.rounds}** · {step}/7 *{title}*", _roles_line(view)]
    if view.round == 1 and view.phase is Phase.ASSIGN and view.first_rolls:
        lines.append(first_captain(view.first_rolls, view.captain))
    if view.island is not None:
        loot = f": {loot_short(view.island_loot)}" if view.island_loot is not None else ""
        lines.append(f"🏝️ #{view.island.space} **{view.island.name}**{loot}")
    elif view.looking:
        lines.append("🔭 The Scout looks at islands " + " and ".join(f"#{x}" for x in view.looking))
    if view.divided:
        shares = " · ".join(f"{p(pl.seat)} {loot_short(pl.share or ())}" for pl in view.players)
        lines.append(f"📦 Shares: {shares}")
    if view.phase in (Phase.VOTE, Phase.CARDS) and view.vote_order:
        lines.append(_votes_line(view))
    if view.battle is not None:
        lines.append(f"⚔️ Mutineers **{view.battle.mutiny_total}** vs Captain's side **{view.battle.defend_total}**")
    if view.window is not None and view.window.passed:
        lines.append("🃏 Passed: " + ", ".join(p(q) for q in view.window.passed))
    if view.phase is Phase.BUY and len(view.buy_queue) > 1:
        lines.append("🛒 Then: " + ", ".join(p(q) for q in view.buy_queue[1:]))
    waiting = waiting_text(view)
    if waiting:
        lines.append(f"⏳ Waiting for {waiting}.")
    return "\n".join(lines)


def card_lines(hand: Sequence[CardInfo]) -> str:
    counts: dict[str, int] = {}
    for card in hand:
        counts[card.id] = counts.get(card.id, 0) + 1
    lines = []
    for card in {card.id: card for card in hand}.values():
        times = f" ×{counts[card.id]}" if counts[card.id] > 1 else ""
        lines.append(f"{card.emoji} **{card.name}**{times} — {card.effect}")
    return "\n".join(lines)


def private_text(view: SeatView) -> str:
    lines = []
    if view.dice:
        lines.append(f"🎲 **Under your cup:** {dice_text(view.dice)} (total {dice_total(list(view.dice))})")
    if view.peek is not None:
        total = dice_total(list(view.peek.dice))
        lines.append(f"👀 **Under {p(view.peek.seat)}'s cup:** {dice_text(view.peek.dice)} (total {total})")
    if view.looking:
        lines.append("🗺️ **Islands you are looking at:**")
        lines += [island_line(island) for island in view.looking]
    if view.known:
        lines.append("🧭 **Face-down islands you have scouted:**")
        lines += [island_line(island) for island in view.known]
    if view.hand:
        lines.append("🃏 **Your mystery cards:**")
        lines.append(card_lines(view.hand))
        if view.holds("pegleg"):
            lines.append("🦿 The Peg-Leg only counts once played face up on a buying turn.")
    return "\n".join(lines)


def _vote_prompt(view: SeatView) -> str:
    total = dice_total(list(view.dice or ()))
    if view.public.vote_step == 3:
        keep = MUTINY_LABEL if view.me.vote is Vote.MUTINY else DEFEND_LABEL
        return f"🗳️ Everyone has decided: keep {keep} or change? Your dice total {total}.\n{BATTLE_MEANING}"
    share = loot_text(view.me.share or ())
    return f"🗳️ Yarr! Mutiny or Defend? Your dice total {total}; your share is {share}.\n{BATTLE_MEANING}"


def _divide_prompt(view: SeatView) -> str:
    loot = loot_text(view.public.island_loot or ())
    fair = view.fair_split or ()
    split = " · ".join(f"{p(q)} {loot_short(share)}" for q, share in enumerate(fair))
    return f"👑 How do you divide {loot} among the four of you?\n{DIVIDE_MEANING}\nFair split: {split}"


def prompt_text(view: SeatView) -> str:
    public = view.public
    if public.over:
        return GAME_IS_OVER
    if not view.acting:
        waiting = waiting_text(public)
        return f"⏳ Waiting for {waiting}." if waiting else "⏳ Waiting."
    island = public.island.name if public.island is not None else "the island"
    match public.phase:
        case Phase.ASSIGN:
            return (
                "👑 Who are your First Mate, Quarter Master and Scout?\n"
                "The Scout picks the island, the Quarter Master rolls the d8, the First Mate may peek under a cup."
            )
        case Phase.LOOK:
            return (
                "🔭 Which two face-down islands do you look at?\nOnly you see them; the fleet raids the one you pick."
            )
        case Phase.PICK:
            return "🔭 Which island does the fleet raid?\nIt is turned face up; you take 1 loot, the Captain divides the rest."
        case Phase.TAKE:
            return f"🔭 Which loot do you take from {island}?\nIt goes onto your ship and stays yours whatever happens."
        case Phase.DIVIDE:
            return _divide_prompt(view)
        case Phase.PEEK:
            return "⚓ Whose cup do you peek under?\nOnly you see those dice before everyone decides."
        case Phase.VOTE:
            return _vote_prompt(view)
        case Phase.CARDS:
            battle = public.battle
            score = f"Mutineers {battle.mutiny_total}, Captain's side {battle.defend_total}" if battle else ""
            return (
                f"🃏 Play a mystery card or pass? {score}.\n"
                "When all card holders pass in a row, the higher total wins; a tie re-rolls."
            )
        case Phase.BUY:
            return (
                f"🛒 What do you buy? You have {loot_text(view.me.loot)}.\n"
                "Rum ⬜🟧 · Crew 🟧🟨🟨🟩 (more rum than crew) · Card ⬜🟨🟩 · any 3 loot → 1."
            )
    return "Your move."
