"""Every sentence a Muggles player reads that the base game does not already say. ``{pN}`` is seat N."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.engine.base import seat_tokens
from bot.games.cmiyc import texts as base_texts
from bot.games.cmiyc.i18n import data_text as base_data_text
from bot.games.cmiyc.texts import decision_hint, map_reveals, p
from bot.games.muggles.i18n import N_, _, _n, data_text

if TYPE_CHECKING:
    from bot.games.cmiyc.data import GameData
    from bot.games.muggles.context import Team
    from bot.games.muggles.losing import Loss
    from bot.games.muggles.views import PublicView, SeatView

__all__ = ["map_reveals", "p"]

DIRECTION_NAMES = {"N": N_("north"), "E": N_("east"), "S": N_("south"), "W": N_("west")}
ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}
REQUIREMENT_NAMES = {"basic": N_("basic"), "advanced": N_("advanced"), "custom": N_("custom"), "solo": N_("solitaire")}

NOT_NOW = N_("That is not possible now.")
NOT_YOUR_TURN = N_("It is not your turn to decide.")
GAME_OVER = N_("The game is over.")
NOT_REVEALABLE = N_("That tile cannot be revealed.")
BLOCKED_STEALTH = N_("a muggle is watching")

# ---------------------------------------------------------------------- names


def kind_name(data: GameData, tile: int) -> str:
    """A tile's name in the reader's language (the base game's data: the cmiyc catalogue)."""
    return base_data_text(data.kind(tile).name)


def group_name(name: str) -> str:
    """A Cache Group's name or short name (``groups.json``) in the reader's language."""
    return data_text(name)


def muggle_called(data: GameData, board: str) -> str:
    """``North Woods muggle``: the muggle of a Wooded board."""
    return _("{woods} muggle").format(woods=base_data_text(data.board.part(board).name))


# ---------------------------------------------------------------------- the muggles' moves


def muggle_name(ctx: Team, index: int) -> str:
    return muggle_called(ctx.data, ctx.state.muggles[index].board)


def muggle_roll(roll: int, name: str, text: str) -> str:
    return _("🎲 {roll}: the {name} {text}.").format(roll=roll, name=name, text=text)


def muggle_move(old: str, new: str, steps: int, square: str, blocked: bool) -> str:
    way = _(DIRECTION_NAMES[new])
    if new != old:
        if blocked:
            return _("is blocked, turns {way} and steps {steps} to {square}").format(
                way=way, steps=steps, square=square
            )
        return _("turns {way} and steps {steps} to {square}").format(way=way, steps=steps, square=square)
    if blocked:
        return _("is blocked, steps {steps} {way} to {square}").format(way=way, steps=steps, square=square)
    return _("steps {steps} {way} to {square}").format(way=way, steps=steps, square=square)


def help_text(square: str, facing: str) -> str:
    return _("calls for help and is taken to {square}, facing {way}").format(
        square=square, way=_(DIRECTION_NAMES[facing])
    )


def blocked_everywhere(help_words: str) -> str:
    return _("is blocked on every side and {help}").format(help=help_words)


def no_way_back(help_words: str) -> str:
    return _(" but cannot step back safely and {help}").format(help=help_words)


def steps_back(square: str) -> str:
    return _(" and steps back to {square}").format(square=square)


def muggle_line(name: str, words: str) -> str:
    return _("🐻 The {name} {words}.").format(name=name, words=words)


def nuisance_removed(name: str, square: str) -> str:
    return _("clears the {name} off {square} (a face-down tile goes there), then ").format(name=name, square=square)


def picks_up(name: str, fresh: bool, dropped: str) -> str:
    if fresh:
        text = _(" — finds and picks up the **{name}**").format(name=name)
    else:
        text = _(" — picks up the **{name}**").format(name=name)
    return text + (_(" and drops the {dropped} it carried (out of play)").format(dropped=dropped) if dropped else "")


def muggle_reveals(name: str) -> str:
    return _(" — reveals {name}").format(name=name)


def muggle_shrugs(name: str) -> str:
    return _(" — reveals **{name}** (no effect on muggles; it stays)").format(name=name)


def muggle_nuisance(name: str) -> str:
    return _(" — reveals **{name}** and stays (a 4-6 next turn clears it away)").format(name=name)


def muggle_hazard(name: str) -> str:
    return _(" — reveals **{name}**").format(name=name)


MUGGLE_MAP = N_(" — steps on a **Map**")
MUGGLE_CONSTRUCTION = N_(" — uncovers a **Construction Site**")


def muggle_event(nearest: int, furthest: int) -> str:
    return _(
        " — finds **Take Event Card**: {nearest} (nearest) draws, {furthest} (furthest) discards, then it rolls again"
    ).format(nearest=p(nearest), furthest=p(furthest))


def muggle_event_solo(seat: int) -> str:
    return _(" — finds **Take Event Card**: {who} draws and discards an event card, then it rolls again").format(
        who=p(seat)
    )


def no_card(seat: int) -> str:
    return _("{who} has no event card to discard.").format(who=p(seat))


def discards(seat: int, name: str) -> str:
    return _("{who} discards **{name}**.").format(who=p(seat), name=name)


# ---------------------------------------------------------------------- tiles revealed


def construction(square: str, trashed: Sequence[str]) -> str:
    dug = ", ".join(trashed) if trashed else _("nothing")
    return _(
        "🚧 Construction Site at {square}! The crew digs up and trashes: {dug}. The slab and its neighbours are "
        "trail now."
    ).format(square=square, dug=dug)


def reveals_remotely(seat: int, name: str, square: str) -> str:
    return _("👀 {who} reveals **{name}** at {square}.").format(who=p(seat), name=name, square=square)


def stock_out(count: int) -> str:
    return _(
        "📦 The stock is used up: the {count} face-down tiles on the board are turned face up (a hidden Cave "
        "stays hidden)."
    ).format(count=count)


# ---------------------------------------------------------------------- humans and muggles


def swap_label(mine: str, theirs: str) -> str:
    return _("Swap your {mine} for the muggle's {theirs}").format(mine=mine, theirs=theirs)[:80]


def swapped(seat: int, mine: str, theirs: str, name: str) -> str:
    return _("🤝 {who} talks the {name} into a swap: the {mine} for the **{theirs}**.").format(
        who=p(seat), name=name, mine=mine, theirs=theirs
    )


def snoop_label(square: str) -> str:
    return _("Snoop: reveal {square}").format(square=square)


# ---------------------------------------------------------------------- event cards


def redraws(seat: int, name: str) -> str:
    return _(
        "{who} plays alone: **{name}** refers to another player, so it is discarded and another card drawn."
    ).format(who=p(seat), name=name)


def disable_ignored(seat: int) -> str:
    return _("{who}'s Disable Cache finds no cache of another player and is discarded.").format(who=p(seat))


def golden_ammo(seat: int) -> str:
    return _("✨ Golden Ammo Can: {who} gets another turn after this one.").format(who=p(seat))


def extra_turn(seat: int) -> str:
    return _("✨ {who} takes the Golden Ammo Can's extra turn.").format(who=p(seat))


# ---------------------------------------------------------------------- trades


def set_label(name: str, pieces: int) -> str:
    return _("{name} set ({pieces} pieces)").format(name=name, pieces=pieces)


def offer(seat: int, partner: int, give: str, want: str) -> str:
    return _("🤝 {who} offers {partner} **{give}** for **{want}**.").format(
        who=p(seat), partner=p(partner), give=give, want=want
    )


def offer_refused(seat: int, offerer: int) -> str:
    return _("{who} declines {offerer}'s offer.").format(who=p(seat), offerer=p(offerer))


def offer_accepted(seat: int, offerer: int, give: str, want: str, left: int) -> str:
    return _n(
        "🤝 Trade: {offerer} gives **{give}** to {who} for **{want}** ({left} team trade left).",
        "🤝 Trade: {offerer} gives **{give}** to {who} for **{want}** ({left} team trades left).",
        left,
    ).format(offerer=p(offerer), give=give, who=p(seat), want=want, left=left)


def coin_trade_label(name: str) -> str:
    return _("Trade {name} for the top geocoin").format(name=name)


def coin_traded(seat: int, name: str) -> str:
    return _("🪙 {who} trades the {name} geocoin for the top one of the stack (once a game).").format(
        who=p(seat), name=name
    )


# ---------------------------------------------------------------------- buttons

TRADE = N_("Offer a trade")
NO_TRADE = N_("No trade")
OFFER_TO = N_("Offer to {player}")
ACCEPT = N_("Accept the trade")
REFUSE = N_("Refuse")
REVEAL_DONE = N_("Stop revealing ({left} left)")
DRAW_FIRST = N_("Draw first, then discard")
DISCARD_FIRST = N_("Discard first, then draw")

# ---------------------------------------------------------------------- the end

LOSS_TEXTS: dict[str, str | tuple[str, str]] = {
    "trashed": (
        N_("the {groups} is trashed: every cache of it is out of play"),
        N_("the {groups} are trashed: every cache of them is out of play"),
    ),
    "sets": N_("no complete Multi-cache set can be made any more (too few pieces are left in play)"),
    "unreachable": N_(
        "the last {groups} caches lie where no human can reach them (and the muggles cannot be counted on)"
    ),
    "caches": N_(
        "the team can no longer hold {needed} groups, which take {each} caches: its players' caches and "
        "those the woods still hold come to {possible}, and a swap or a trade only changes a cache for a cache"
    ),
    "each": N_("not every player can still get {each} groups: only {possible} player-groups can still be had"),
    "each_caches": N_(
        "{players} can no longer hold {each} groups: {needed} more caches needed, only {possible} can still "
        "be taken from the woods or come with a Multi set in a trade"
    ),
    "coins": N_("not enough geocoins can still be flipped: {needed} needed, {possible} possible"),
    "coin_holders": N_(
        "{players} can no longer hold the geocoins the goal asks for: {needed} more needed, {possible} can "
        "still come off the geocoin stack (trades and swaps only change a coin for a coin)"
    ),
    "coin_flips": N_(
        "{players} can no longer flip the geocoins the goal asks for: the goals of their coins cannot be "
        "met, no trade or swap is left to change them, and only {possible} flippable coins can still come "
        "off the stack ({needed} needed)"
    ),
}
STOPPED = N_(
    "⏹ The game is stopped after round {limit}: the table's house safety stop (the rules have no round "
    "limit). The team has not won."
)
LOSS_HEAD = N_("💀 The muggles win: {reason}.")


def _loss_reason(kind: str, groups: int) -> str:
    reason = LOSS_TEXTS[kind]
    if isinstance(reason, tuple):
        return _(reason[0] if groups == 1 else reason[1])
    return _(reason)


def loss_text(lost: Loss, groups: Sequence[str], players: Sequence[str]) -> str:
    """``groups``: the names of the groups ``lost`` names; ``players``: its players (``{pN}``)."""
    reason = _loss_reason(lost.kind, len(groups)).format(
        groups=_(" and ").join(groups) or _("needed"),
        players=_(" and ").join(players) or _("the team"),
        needed=lost.needed,
        each=lost.each,
        possible=lost.possible,
    )
    return _(LOSS_HEAD).format(reason=reason)


def stopped(limit: int) -> str:
    return _(STOPPED).format(limit=limit)


def end_title(outcome: str) -> str:
    """The board's title for a finished game."""
    if outcome == "won":
        return _("Team wins")
    return _("Stopped") if outcome == "rounds" else _("Muggles win")


def end_reason(view: PublicView, names: Sequence[str]) -> str:
    """Why the game ended, for the board beside the Cache Groups sheet ("" when the team won);
    ``names``: each seat's name as the board shows it."""
    if not view.base.over or view.outcome == "won" or not view.outcome_text:
        return ""
    if view.outcome == "rounds":
        return _("Stopped after round {round}: house safety stop, not a rule.").format(round=view.stop_round)
    head = _(LOSS_HEAD).split("{reason}")[0]
    reason = view.outcome_text.split("\n")[0].removeprefix(head).removeprefix("💀 ").removeprefix("The muggles win: ")
    return seat_tokens(_("Lost: {reason}.").format(reason=reason.replace("**", "").rstrip(".")), names)


WIN_TEXT = N_("🎉 The team wins: every requirement on the Cache Groups sheet is met!")

# ---------------------------------------------------------------------- status, prompts, results


def goal_text(view: PublicView) -> str:
    team, each, coins, coins_each, two = view.goal
    parts = []
    if team:
        if view.base.players == 1:
            parts.append(_("{count} groups").format(count=team))
        else:
            parts.append(_("{count} groups as a team").format(count=team))
    if each:
        parts.append(_("{count} groups each").format(count=each))
    if coins_each:
        parts.append(
            _n("{count} flipped geocoin each", "{count} flipped geocoins each", coins_each).format(count=coins_each)
        )
    if two:
        parts.append(_("{count} players with two flipped geocoins").format(count=two))
    if coins:
        parts.append(_("{count} flipped geocoins in all").format(count=coins))
    return ", ".join(parts) or _("nothing")


def stop_words(stop_round: int) -> str:
    """The house safety stop, when the table chose one."""
    return _(" (house stop after round {round})").format(round=stop_round) if stop_round else ""


def prompt_pair(kind: str) -> tuple[str, str]:
    """The question and its meaning of decision ``kind`` in the reader's language: Muggles' own where
    it plays differently, else the base game's (the cmiyc catalogue's)."""
    own = PROMPTS.get(kind)
    if own is None:
        return base_texts.prompt_pair(kind)
    question, meaning = own
    return _(question) if question else "", _(meaning) if meaning else ""


def status_text(view: PublicView) -> str:
    base = view.base
    held = sum(g.status == "held" for g in view.groups)
    goal = _("Goal ({level}): {goal}. Team holds {held}/7 groups.").format(
        level=_(REQUIREMENT_NAMES[view.requirement]), goal=goal_text(view), held=held
    )
    if base.over:
        head = _(WIN_TEXT) if view.outcome == "won" else view.outcome_text
        return head + "\n" + _("Round {round}. {goal}").format(round=base.round, goal=goal)
    if base.round == 0:
        return (
            _("Set-up: everyone chooses the sides of their equipment cards.")
            + "\n"
            + goal
            + decision_hint(prompt_pair("side")[1])
        )
    if view.muggle_phase:
        head = _("Round {round}: the muggles are moving; {who} decides.").format(
            round=base.round, who=", ".join(p(s) for s in base.awaiting)
        )
    elif base.decision == "trade_reply" and base.offer:
        head = _("Round {round}: {who} answers {offerer}'s trade offer.").format(
            round=base.round, who=p(base.offer[1]), offerer=p(base.offer[0])
        )
    else:
        head = _("Round {round}{stop}: {who}'s turn.").format(
            round=base.round, stop=stop_words(view.stop_round), who=p(base.turn)
        )
    stock = _(" Stock: {count} tiles.").format(count=base.stock) if base.stock else _(" The stock is used up.")
    return f"{head}\n{goal}{stock}{decision_hint(prompt_pair(base.decision)[1])}"


PROMPTS = {
    # Muggles' own, where it plays differently; the rest are the base game's (``prompt_pair``)
    "move": (
        N_("Where do you go?"),
        N_("Up to 3 squares on roads and trails, 1 elsewhere; no caches on or next to a muggle's square."),
    ),
    "landed": (
        N_("Use your ability now?"),
        N_("Order: a face-up tile acts, then your ability, then Poison Ivy, then the tile is turned."),
    ),
    "act": (N_("Anything else here?"), N_("Swap with a muggle, trade at the Mega Event, or end your turn.")),
    "peek": (N_("Reveal which tile? ({count} left)"), N_("It is turned face up for the whole team.")),
    "trade_partner": (
        N_("Trade with whom?"),
        N_("Both of you on the Mega Event; one trade a visit, three for the team."),
    ),
    "trade_give": (
        N_("What do you give?"),
        N_("One item for one item of the same kind; a single cache for a whole Multi set."),
    ),
    "trade_want": (N_("What do you ask for?"), N_("An item of the same kind as the one you give.")),
    "trade_reply": ("{offer}", N_("Accept to swap at once; it uses one of the team's three trades.")),
    "toss": (
        N_("Which event card do you discard?"),
        N_("A muggle found a Take Event Card tile: the furthest player discards one."),
    ),
    "order": (
        N_("Draw first or discard first?"),
        N_("A muggle found a Take Event Card tile: you draw one card and discard one."),
    ),
}
FORCED_TARGET = (N_("Disable which cache? ({card} must be played now)"), N_("That cache leaves the game."))


def prompt_text(view: SeatView, card: str, text: str, forced: bool) -> str:
    if not view.prompt:
        return _("Nothing to decide right now.\nThe game waits for another player.")
    question, meaning = (_(FORCED_TARGET[0]), _(FORCED_TARGET[1])) if forced else prompt_pair(view.prompt)
    offer_words = ""
    if view.prompt == "trade_reply":
        offer_words = _("{who} offers you {give} for your {want}. Accept?").format(
            who=p(view.partner), give=view.give_label, want=view.want_label
        )
    values = {"card": card, "text": text, "count": view.prompt_count, "offer": offer_words}
    return question.format(**values) + "\n" + meaning.format(**values)


def results_text(view: PublicView) -> str:
    base = view.base
    head = _(WIN_TEXT) if view.outcome == "won" else view.outcome_text
    sheet = []
    for group in view.groups:
        holders = ", ".join(p(s) for s in group.holders)
        mark = {
            "held": "✓ " + holders,
            "gone": _("trashed"),
            "risk": _("at risk (muggles carry the rest)"),
            "open": _("not held"),
        }
        sheet.append(f"{group_name(group.short)}: {mark[group.status]}")
    coins = " · ".join(_("{who} {count} flipped").format(who=p(s.seat), count=view.flipped[s.seat]) for s in base.seats)
    return (
        _("{head}\nRound {round}. Cache Groups — {sheet}").format(head=head, round=base.round, sheet="; ".join(sheet))
        + "\n"
        + _("Geocoins: {coins}").format(coins=coins)
    )
