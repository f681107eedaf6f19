"""Every sentence a Mutiny player reads (refusals are in refusals.py, choice labels and forms in labels.py):
events and the status, private and prompt texts (built from views only).

``{pN}`` stands for seat N (the table writes the player's colour and name). Discord Markdown;
never bold around a whole prompt: the table bolds its first line, so prompts carry no ``**``.
Every text is composed in the current language (``bot/games/mutiny/i18n.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.mutiny.i18n import N_, _, _n, data_text
from bot.games.mutiny.labels import ALL_THE_BANK_HAS as ALL_THE_BANK_HAS  # where older callers look
from bot.games.mutiny.labels import DEFEND_LABEL, MUTINY_LABEL
from bot.games.mutiny.notation import (
    FACES,
    PHASE_STEP,
    ROLE_EMOJI,
    ROLE_SHORT,
    codes_text,
    dice_text,
    die_text,
    island_line,
    loot_name,
    loot_short,
    loot_text,
    p,
    who,
)
from bot.games.mutiny.refusals import GAME_IS_OVER
from bot.games.mutiny.state import BattleRecord, Die, FinalScore, HiddenRoll, Phase, Role, Vote, dice_total
from bot.games.mutiny.views import CardInfo, IslandInfo, PublicView, SeatView

VOTE_WORDS = {Vote.MUTINY: N_("🏴‍☠️ Yarr! Mutiny"), Vote.DEFEND: N_("🛡️ Defend"), Vote.NONE: "⏳"}
BATTLE_MEANING = N_("Mutineers win if their total beats the Captain's side; ties re-roll.")
DIVIDE_MEANING = N_("Any split goes, but pirates who feel cheated may mutiny.")


def _total(dice: Sequence[Die]) -> int:
    return dice_total(list(dice))


# --------------------------------------------------------------------------- events: rounds 1-5


def first_captain(rows: Sequence[Sequence[int]], captain: int) -> str:
    rolls = [" · ".join(f"{p(q)} {n}" for q, n in enumerate(row) if n) for row in rows]
    return _("🎲 First Captain roll (2 red dice each): {rolls}. {captain} is the first Captain.").format(
        rolls=_(" → tie, re-roll: ").join(rolls), captain=p(captain)
    )


def round_starts(round_: int, rounds: int, captain: int) -> str:
    return _("🌅 **Round {round} of {rounds}.** {captain} (Captain) assigns the roles.").format(
        round=round_, rounds=rounds, captain=p(captain)
    )


def assigned(captain: int, first_mate: int, quarter_master: int, scout: int) -> str:
    return _(
        "👑 {captain} (Captain) names ⚓ First Mate {first_mate}, 🎱 Quarter Master {quarter_master}, 🔭 Scout {scout}."
    ).format(captain=p(captain), first_mate=p(first_mate), quarter_master=p(quarter_master), scout=p(scout))


def only_one_island(scout: int) -> str:
    return _("🔭 Only one island is left face down: {scout} (Scout) must take it.").format(scout=p(scout))


def scout_looks(scout: int, spaces: Sequence[int]) -> str:
    first, second = (f"#{x + 1}" for x in spaces)
    return _("🔭 {scout} (Scout) looks at islands {first} and {second}.").format(
        scout=p(scout), first=first, second=second
    )


def you_look_at(islands: Sequence[IslandInfo]) -> str:
    return _("🗺️ You look at:") + "\n" + "\n".join(island_line(island) for island in islands)


def scout_picks(scout: int, island: IslandInfo) -> str:
    return _("🏝️ {scout} (Scout) picks {island}.").format(scout=p(scout), island=island_line(island))


def scout_takes(scout: int, colour: int) -> str:
    return _("🔭 {scout} (Scout) takes 1 {loot} onto their ship.").format(scout=p(scout), loot=loot_name(colour))


def captain_divides(captain: int, shares: Sequence[Sequence[int]]) -> str:
    lines = [f"{p(q)}: {loot_text(share)}" for q, share in enumerate(shares)]
    return _("👑 {captain} (Captain) divides the loot:").format(captain=p(captain)) + "\n" + "\n".join(lines)


CUPS_ROLLED = N_("🎲 Every crew is rolled and hidden under its cup.")


def cups_rolled() -> str:
    return _(CUPS_ROLLED)


def under_your_cup(dice: Sequence[Die]) -> str:
    return _("🎲 Under your cup: {dice} (total {total})").format(dice=dice_text(dice), total=_total(dice))


def no_peek(first_mate: int) -> str:
    return _("⚓ {first_mate} (First Mate) does not peek.").format(first_mate=p(first_mate))


def peeks(first_mate: int, target: int) -> str:
    return _("👀 {first_mate} (First Mate) peeks under {target}'s cup.").format(
        first_mate=p(first_mate), target=p(target)
    )


def under_cup(target: int, dice: Sequence[Die]) -> str:
    return _("👀 Under {target}'s cup: {dice} (total {total})").format(
        target=p(target), dice=dice_text(dice), total=_total(dice)
    )


def vote_cast(seat: int, vote: Vote) -> str:
    """ "Whenever you decide to Mutiny, you must give a hearty 'Yarr!'" — announced as it is made."""
    if vote is Vote.MUTINY:
        return _("🏴‍☠️ **{player}**: Yarr!").format(player=p(seat))
    return _("🛡️ **{player}** defends.").format(player=p(seat))


def scout_final(scout: int, before: Vote, after: Vote) -> str:
    if before is after:
        if after is Vote.MUTINY:
            return _("🔭 **{scout}** (Scout) keeps their decision: Yarr!").format(scout=p(scout))
        return _("🔭 **{scout}** (Scout) keeps their decision: still defends.").format(scout=p(scout))
    if after is Vote.MUTINY:
        return _("🏴‍☠️ **{scout}** (Scout) changes their mind: Yarr!").format(scout=p(scout))
    return _("🛡️ **{scout}** (Scout) changes their mind and defends.").format(scout=p(scout))


def peace(captain: int, island: str) -> str:
    return _(
        "🤝 Everyone defends (the Captain always does): **no battle**, no dice are shown. Each player takes "
        "their share; {captain} (Captain) conquers **{island}**."
    ).format(captain=p(captain), island=data_text(island))


# --------------------------------------------------------------------------- events: battle and cards


def battle_lines(votes: Sequence[Vote], dice: Sequence[Sequence[Die]], lost: Sequence[Sequence[Die]]) -> str:
    lines = []
    for vote, label in ((Vote.MUTINY, _("🏴‍☠️ Mutineers")), (Vote.DEFEND, _("🛡️ Captain's side"))):
        members = [q for q in range(4) if votes[q] is vote]
        parts = []
        for q in members:
            gone = _(" (lost {dice})").format(dice=dice_text(lost[q])) if lost[q] else ""
            parts.append(f"{p(q)} {dice_text(dice[q])} = {_total(dice[q])}{gone}")
        total = sum(_total(dice[q]) for q in members)
        lines.append(f"{label} **{total}**: " + " · ".join(parts))
    return "\n".join(lines)


def cups_lifted(lines: str) -> str:
    return _("⚔️ **Yarr! Mutiny!** Every cup is lifted:") + "\n" + lines


def window_opens(first: int) -> str:
    return _(
        "🃏 Mystery cards: from the Captain clockwise, each card holder plays one or passes, "
        "until all pass in a row. {first} goes first."
    ).format(first=p(first))


def tie(total: int, lines: str) -> str:
    return _("⚖️ A tie at **{total}**! Everyone re-rolls:").format(total=total) + "\n" + lines


def passes(seat: int) -> str:
    return _("🃏 {player} passes.").format(player=p(seat))


def now_totals(mutiny: int, defend: int) -> str:
    return " " + _("Now 🏴‍☠️ **{mutiny}** vs 🛡️ **{defend}**.").format(mutiny=mutiny, defend=defend)


def quick_reload(seat: int, before: Sequence[Die], after: Sequence[Die]) -> str:
    return _("🔁 {player} plays **Quick Reload**: {before} → {after}.").format(
        player=p(seat), before=dice_text(before), after=dice_text(after)
    )


def cannon_fired(seat: int, die: Die) -> str:
    return _("💥 {player} fires a **Cannon**: {die}!").format(player=p(seat), die=die_text(die))


def madness(seat: int, target: int, die: Die) -> str:
    return _("🍾 {player} plays **Drunken Madness**: {target} loses {die} for this battle.").format(
        player=p(seat), target=p(target), die=die_text(die)
    )


def storm(seat: int) -> str:
    return _("🌪️ {player} plays **The Perfect Storm**: everyone re-rolls!").format(player=p(seat))


def green_dice(n: int) -> str:
    return _n("{n} green crew die", "{n} green crew dice", n).format(n=n)


def crew_card(seat: int, card: CardInfo, n: int, rolled: Sequence[Die] | None) -> str:
    fields = {"emoji": card.emoji, "player": p(seat), "card": data_text(card.name), "dice": green_dice(n)}
    if rolled is None:
        return _("{emoji} {player} plays **{card}**: +{dice}.").format(**fields)
    return _("{emoji} {player} plays **{card}**: +{dice}, rolled {rolled}.").format(rolled=dice_text(rolled), **fields)


def peg_leg(seat: int, amount: int) -> str:
    return _("🦿 {player} plays the **Exceptionally Fine Peg-Leg** face up: +{amount} Infamy at the end.").format(
        player=p(seat), amount=amount
    )


def treasure(seat: int, codes: str) -> str:
    return _("💰 {player} plays **Buried Treasure**: takes {loot} from the bank.").format(
        player=p(seat), loot=codes_text(codes)
    )


def _mutineers_won(record: BattleRecord) -> str:
    new = record.captain
    best = max(_total(record.dice[q]) for q in range(4) if record.votes[q] is Vote.MUTINY)
    text = _("🏴‍☠️ **The mutineers win {mutiny}–{defend}!**").format(
        mutiny=record.mutiny_total, defend=record.defend_total
    )
    if record.rolloffs:
        rounds = _(" then ").join(", ".join(f"{p(q)} {FACES[v - 1]}" for q, v in roll) for roll in record.rolloffs)
        text += "\n" + _("The highest mutineers tie at {best}: roll-off {rounds}.").format(best=best, rounds=rounds)
    else:
        text += "\n" + _("{player} rolled highest ({best}).").format(player=p(new), best=best)
    return (
        text
        + "\n"
        + _("👑 {player} is the new Captain and takes **{island}**.").format(
            player=p(new), island=data_text(record.island)
        )
    )


def battle_result(record: BattleRecord) -> str:
    if record.winner is Vote.MUTINY:
        text = _mutineers_won(record)
    else:
        text = _(
            "🛡️ **The Captain's side wins {defend}–{mutiny}!** {captain} stays Captain and takes "
            "**{island}**.\nDefenders keep their shares."
        ).format(
            defend=record.defend_total,
            mutiny=record.mutiny_total,
            captain=p(record.captain),
            island=data_text(record.island),
        )
    if record.draws:
        got: dict[int, list[int]] = {}
        for q, colour in record.draws:
            got.setdefault(q, [0, 0, 0, 0])[colour] += 1
        text += "\n" + _("🥤 Drawn from the cup: {draws}").format(
            draws=" · ".join(f"{p(q)} {loot_text(got[q])}" for q in got)
        )
    return text


# --------------------------------------------------------------------------- events: buying and the end


def skipped(seats: Sequence[int]) -> str:
    return _("🛒 No buying turn for {players}: nothing they can afford, no card in hand.").format(
        players=", ".join(p(q) for q in seats)
    )


def bought_rum(seat: int, rum: int) -> str:
    return _("🍺 {player} buys 1 Rum (now {rum}).").format(player=p(seat), rum=rum)


def hired_crew(seat: int, crew: int) -> str:
    return _("🎲 {player} hires 1 green Crew (now {crew} crew).").format(player=p(seat), crew=crew)


def bought_card(seat: int) -> str:
    return _("🃏 {player} buys a Mystery card.").format(player=p(seat))


def you_drew(card: CardInfo) -> str:
    return _("🃏 You drew {emoji} **{card}**: {effect}").format(
        emoji=card.emoji, card=data_text(card.name), effect=data_text(card.effect)
    )


def traded(seat: int, give: str, colour: int) -> str:
    return _("🔄 {player} trades {give} for 1 {loot}.").format(
        player=p(seat), give=codes_text(give), loot=loot_name(colour)
    )


GAME_OVER_EVENT = N_("🏁 **The last island is conquered: the game is over!**")


def game_over_event() -> str:
    return _(GAME_OVER_EVENT)


def _score_parts(score: FinalScore, q: int) -> str:
    parts = [_("islands {n}").format(n=score.islands[q])]
    if score.fierceness[q]:
        parts.append(_("Fierceness {n}").format(n=score.fierceness[q]))
    if score.drunk[q]:
        parts.append(_("Drunk {n}").format(n=score.drunk[q]))
    if score.peg_leg[q]:
        parts.append(_("Peg-Leg {n}").format(n=score.peg_leg[q]))
    return ", ".join(parts)


def final_text(score: FinalScore) -> str:
    lines = []
    for q in sorted(range(4), key=lambda q: (-score.totals[q], q)):
        crown = "🏆 " if q in score.winners else ""
        lines.append(
            crown
            + _("{player}: **{infamy} Infamy** ({parts})").format(
                player=p(q), infamy=score.totals[q], parts=_score_parts(score, q)
            )
        )
    if len(score.winners) > 1:
        lines.append(
            _("A tie: {players} share the victory!").format(players=_(" and ").join(p(q) for q in score.winners))
        )
    return "\n".join(lines)


def reveal(unseen: Sequence[HiddenRoll], hands: Sequence[Sequence[CardInfo]]) -> str:
    lines = []
    if unseen:
        lines.append(_("🎲 Dice that stayed under the cups (everyone defended):"))
        for roll in unseen:
            cups = " · ".join(f"{p(q)} {dice_text(d)}" for q, d in enumerate(roll.dice))
            lines.append(_("Round {round}: {cups}").format(round=roll.round, cups=cups))
    held = [(q, cards) for q, cards in enumerate(hands) if cards]
    if held:
        parts = [f"{p(q)} {', '.join(f'{c.emoji} {data_text(c.name)}' for c in cards)}" for q, cards in held]
        lines.append(_("🃏 Cards never played: {cards}").format(cards=" · ".join(parts)))
    return "\n".join(lines)


# --------------------------------------------------------------------------- status, secrets, prompts


def _roles_line(view: PublicView) -> str:
    parts = []
    for role in (Role.CAPTAIN, Role.FIRST_MATE, Role.QUARTER_MASTER, Role.SCOUT):
        seat = view.seat_of(role)
        if seat is not None:
            parts.append(f"{ROLE_EMOJI[role]} {_(ROLE_SHORT[role])} {p(seat)}")
    return " · ".join(parts)


DOING = {
    Phase.ASSIGN: N_("to assign First Mate, Quarter Master and Scout"),
    Phase.LOOK: N_("to choose which islands to look at"),
    Phase.PICK: N_("to pick the island to raid"),
    Phase.TAKE: N_("to take 1 loot from the island"),
    Phase.DIVIDE: N_("to divide the loot"),
    Phase.PEEK: N_("to peek under a cup (or not)"),
    Phase.CARDS: N_("to play a mystery card or pass"),
    Phase.BUY: N_("to buy"),
}


KEEP_OR_CHANGE = N_("to keep or change their decision")
DECIDE = N_("to decide: Yarr! Mutiny or Defend")


def _doing(view: PublicView) -> str:
    if view.phase is Phase.VOTE:
        return _(KEEP_OR_CHANGE if view.vote_step == 3 else DECIDE)
    return _(DOING[view.phase]) if view.phase in DOING else ""


def waiting_text(view: PublicView) -> str:
    """'{p2} (First Mate) to peek under a cup (or not)': whom the table waits for, and why."""
    if view.over or not view.awaiting:
        return ""
    seat = view.awaiting[0]
    return _("{player} {doing}").format(player=who(seat, view.players[seat].role), doing=_doing(view))


def _votes_line(view: PublicView) -> str:
    order = view.vote_order[:3]
    marks = [f"{p(seat)} {_(VOTE_WORDS[view.players[seat].vote])}" for seat in order]
    return "🗳️ " + " · ".join(marks) + " · " + _("{captain} 🛡️ (Captain)").format(captain=p(view.captain))


def _round_lines(view: PublicView) -> list[str]:
    lines = []
    if view.island is not None:
        loot = f": {loot_short(view.island_loot)}" if view.island_loot is not None else ""
        lines.append(f"🏝️ #{view.island.space} **{data_text(view.island.name)}**{loot}")
    elif view.looking:
        first, *rest = (f"#{x}" for x in view.looking)
        if rest:
            lines.append(_("🔭 The Scout looks at islands {first} and {second}").format(first=first, second=rest[0]))
        else:
            lines.append(_("🔭 The Scout looks at islands {first}").format(first=first))
    if view.divided:
        shares = " · ".join(f"{p(pl.seat)} {loot_short(pl.share or ())}" for pl in view.players)
        lines.append(_("📦 Shares: {shares}").format(shares=shares))
    if view.phase in (Phase.VOTE, Phase.CARDS) and view.vote_order:
        lines.append(_votes_line(view))
    if view.battle is not None:
        lines.append(
            _("⚔️ Mutineers **{mutiny}** vs Captain's side **{defend}**").format(
                mutiny=view.battle.mutiny_total, defend=view.battle.defend_total
            )
        )
    if view.window is not None and view.window.passed:
        lines.append(_("🃏 Passed: {players}").format(players=", ".join(p(q) for q in view.window.passed)))
    if view.phase is Phase.BUY and len(view.buy_queue) > 1:
        lines.append(_("🛒 Then: {players}").format(players=", ".join(p(q) for q in view.buy_queue[1:])))
    return lines


def status_text(view: PublicView) -> str:
    if view.over:
        lines = [_("🏴‍☠️ Mutiny — **game over**")]
        if view.final is not None:
            lines.append(final_text(view.final))
        return "\n".join(lines)
    step, title = PHASE_STEP[view.phase]
    head = _("🏴‍☠️ Mutiny — **Round {round}/{rounds}** · {step}/7 *{title}*").format(
        round=view.round, rounds=view.rounds, step=step, title=_(title)
    )
    lines = [head, _roles_line(view)]
    if view.round == 1 and view.phase is Phase.ASSIGN and view.first_rolls:
        lines.append(first_captain(view.first_rolls, view.captain))
    lines += _round_lines(view)
    waiting = waiting_text(view)
    if waiting:
        lines.append(_("⏳ Waiting for {waiting}.").format(waiting=waiting))
    return "\n".join(lines)


def card_lines(hand: Sequence[CardInfo]) -> str:
    counts: dict[str, int] = {}
    for card in hand:
        counts[card.id] = counts.get(card.id, 0) + 1
    lines = []
    for card in {card.id: card for card in hand}.values():
        times = f" ×{counts[card.id]}" if counts[card.id] > 1 else ""
        lines.append(f"{card.emoji} **{data_text(card.name)}**{times} — {data_text(card.effect)}")
    return "\n".join(lines)


def private_text(view: SeatView) -> str:
    lines = []
    if view.dice:
        lines.append(
            _("🎲 **Under your cup:** {dice} (total {total})").format(
                dice=dice_text(view.dice), total=_total(view.dice)
            )
        )
    if view.peek is not None:
        lines.append(
            _("👀 **Under {player}'s cup:** {dice} (total {total})").format(
                player=p(view.peek.seat), dice=dice_text(view.peek.dice), total=_total(view.peek.dice)
            )
        )
    if view.looking:
        lines.append(_("🗺️ **Islands you are looking at:**"))
        lines += [island_line(island) for island in view.looking]
    if view.known:
        lines.append(_("🧭 **Face-down islands you have scouted:**"))
        lines += [island_line(island) for island in view.known]
    if view.hand:
        lines.append(_("🃏 **Your mystery cards:**"))
        lines.append(card_lines(view.hand))
        if view.holds("pegleg"):
            lines.append(_("🦿 The Peg-Leg only counts once played face up on a buying turn."))
    return "\n".join(lines)


def _vote_prompt(view: SeatView) -> str:
    total = _total(view.dice or ())
    meaning = _(BATTLE_MEANING)
    if view.public.vote_step == 3:
        keep = _(MUTINY_LABEL if view.me.vote is Vote.MUTINY else DEFEND_LABEL)
        return (
            _("🗳️ Everyone has decided: keep {decision} or change? Your dice total {total}.").format(
                decision=keep, total=total
            )
            + "\n"
            + meaning
        )
    share = loot_text(view.me.share or ())
    return (
        _("🗳️ Yarr! Mutiny or Defend? Your dice total {total}; your share is {share}.").format(total=total, share=share)
        + "\n"
        + meaning
    )


def _divide_prompt(view: SeatView) -> str:
    loot = loot_text(view.public.island_loot or ())
    fair = view.fair_split or ()
    split = " · ".join(f"{p(q)} {loot_short(share)}" for q, share in enumerate(fair))
    return "\n".join(
        (
            _("👑 How do you divide {loot} among the four of you?").format(loot=loot),
            _(DIVIDE_MEANING),
            _("Fair split: {split}").format(split=split),
        )
    )


def _cards_prompt(view: SeatView) -> str:
    battle = view.public.battle
    score = (
        _("Mutineers {mutiny}, Captain's side {defend}").format(mutiny=battle.mutiny_total, defend=battle.defend_total)
        if battle
        else ""
    )
    return _(
        "🃏 Play a mystery card or pass? {score}.\n"
        "When all card holders pass in a row, the higher total wins; a tie re-rolls."
    ).format(score=score)


def prompt_text(view: SeatView) -> str:
    public = view.public
    if public.over:
        return _(GAME_IS_OVER)
    if not view.acting:
        waiting = waiting_text(public)
        return _("⏳ Waiting for {waiting}.").format(waiting=waiting) if waiting else _("⏳ Waiting.")
    island = data_text(public.island.name) if public.island is not None else _("the island")
    match public.phase:
        case Phase.ASSIGN:
            return _(
                "👑 Who are your First Mate, Quarter Master and Scout?\n"
                "The Scout picks the island, the Quarter Master rolls the d8, the First Mate may peek under a cup."
            )
        case Phase.LOOK:
            return _(
                "🔭 Which two face-down islands do you look at?\nOnly you see them; the fleet raids the one you pick."
            )
        case Phase.PICK:
            return _(
                "🔭 Which island does the fleet raid?\nIt is turned face up; you take 1 loot, the Captain divides the rest."
            )
        case Phase.TAKE:
            return _(
                "🔭 Which loot do you take from {island}?\nIt goes onto your ship and stays yours whatever happens."
            ).format(island=island)
        case Phase.DIVIDE:
            return _divide_prompt(view)
        case Phase.PEEK:
            return _("⚓ Whose cup do you peek under?\nOnly you see those dice before everyone decides.")
        case Phase.VOTE:
            return _vote_prompt(view)
        case Phase.CARDS:
            return _cards_prompt(view)
        case Phase.BUY:
            return _(
                "🛒 What do you buy? You have {loot}.\n"
                "Rum ⬜🟧 · Crew 🟧🟨🟨🟩 (more rum than crew) · Card ⬜🟨🟩 · any 3 loot → 1."
            ).format(loot=loot_text(view.me.loot))
    return _("Your move.")
