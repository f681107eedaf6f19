"""Every sentence a Muggles player reads that the base game does not already say. ``{pN}`` is seat N."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.engine.base import seat_tokens
from bot.games.cmiyc.texts import BEAR_WAKES, decision_hint, map_reveals, p
from bot.games.cmiyc.texts import PROMPTS as BASE_PROMPTS

if TYPE_CHECKING:
    from bot.games.muggles.context import Team
    from bot.games.muggles.losing import Loss
    from bot.games.muggles.views import PublicView, SeatView

__all__ = ["BEAR_WAKES", "map_reveals", "p"]

DIRECTION_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}
ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}
REQUIREMENT_NAMES = {"basic": "basic", "advanced": "advanced", "custom": "custom", "solo": "solitaire"}

NOT_NOW = "That is not possible now."
NOT_YOUR_TURN = "It is not your turn to decide."
GAME_OVER = "The game is over."
NOT_REVEALABLE = "That tile cannot be revealed."
BLOCKED_STEALTH = "a muggle is watching"

# ---------------------------------------------------------------------- the muggles' moves


def muggle_name(ctx: Team, index: int) -> str:
    return ctx.data.board.part(ctx.state.muggles[index].board).name + " muggle"


def muggle_roll(roll: int, name: str, text: str) -> str:
    return f"🎲 {roll}: the {name} {text}."


def muggle_move(old: str, new: str, steps: int, square: str, blocked: bool) -> str:
    head = "is blocked, " if blocked else ""
    way = DIRECTION_NAMES[new]
    if new != old:
        return f"{head}turns {way} and steps {steps} to {square}"
    return f"{head}steps {steps} {way} to {square}"


def help_text(square: str, facing: str) -> str:
    return f"calls for help and is taken to {square}, facing {DIRECTION_NAMES[facing]}"


def blocked_everywhere(help_words: str) -> str:
    return "is blocked on every side and " + help_words


def no_way_back(help_words: str) -> str:
    return " but cannot step back safely and " + help_words


def steps_back(square: str) -> str:
    return f" and steps back to {square}"


def muggle_line(name: str, words: str) -> str:
    return f"🐻 The {name} {words}."


def nuisance_removed(name: str, square: str) -> str:
    return f"clears the {name} off {square} (a face-down tile goes there), then "


def picks_up(name: str, fresh: bool, dropped: str) -> str:
    text = f" — {'finds and picks up' if fresh else 'picks up'} the **{name}**"
    return text + (f" and drops the {dropped} it carried (out of play)" if dropped else "")


def muggle_reveals(name: str) -> str:
    return f" — reveals {name}"


def muggle_shrugs(name: str) -> str:
    return f" — reveals **{name}** (no effect on muggles; it stays)"


def muggle_nuisance(name: str) -> str:
    return f" — reveals **{name}** and stays (a 4-6 next turn clears it away)"


def muggle_hazard(name: str) -> str:
    return f" — reveals **{name}**"


MUGGLE_MAP = " — steps on a **Map**"
MUGGLE_CONSTRUCTION = " — uncovers a **Construction Site**"


def muggle_event(nearest: int, furthest: int) -> str:
    return f" — finds **Take Event Card**: {p(nearest)} (nearest) draws, {p(furthest)} (furthest) discards, then it rolls again"


def muggle_event_solo(seat: int) -> str:
    return f" — finds **Take Event Card**: {p(seat)} draws and discards an event card, then it rolls again"


def no_card(seat: int) -> str:
    return f"{p(seat)} has no event card to discard."


def discards(seat: int, name: str) -> str:
    return f"{p(seat)} discards **{name}**."


# ---------------------------------------------------------------------- tiles revealed


def construction(square: str, trashed: Sequence[str]) -> str:
    dug = ", ".join(trashed) if trashed else "nothing"
    return f"🚧 Construction Site at {square}! The crew digs up and trashes: {dug}. The slab and its neighbours are trail now."


def reveals_remotely(seat: int, name: str, square: str) -> str:
    return f"👀 {p(seat)} reveals **{name}** at {square}."


def stock_out(count: int) -> str:
    return f"📦 The stock is used up: the {count} face-down tiles on the board are turned face up (a hidden Cave stays hidden)."


# ---------------------------------------------------------------------- humans and muggles


def swap_label(mine: str, theirs: str) -> str:
    return f"Swap your {mine} for the muggle's {theirs}"[:80]


def swapped(seat: int, mine: str, theirs: str, name: str) -> str:
    return f"🤝 {p(seat)} talks the {name} into a swap: the {mine} for the **{theirs}**."


def snoop_label(square: str) -> str:
    return f"Snoop: reveal {square}"


# ---------------------------------------------------------------------- event cards


def redraws(seat: int, name: str) -> str:
    return f"{p(seat)} plays alone: **{name}** refers to another player, so it is discarded and another card drawn."


def disable_ignored(seat: int) -> str:
    return f"{p(seat)}'s Disable Cache finds no cache of another player and is discarded."


def golden_ammo(seat: int) -> str:
    return f"✨ Golden Ammo Can: {p(seat)} gets another turn after this one."


def extra_turn(seat: int) -> str:
    return f"✨ {p(seat)} takes the Golden Ammo Can's extra turn."


# ---------------------------------------------------------------------- trades


def set_label(name: str, pieces: int) -> str:
    return f"{name} set ({pieces} pieces)"


def offer(seat: int, partner: int, give: str, want: str) -> str:
    return f"🤝 {p(seat)} offers {p(partner)} **{give}** for **{want}**."


def offer_refused(seat: int, offerer: int) -> str:
    return f"{p(seat)} declines {p(offerer)}'s offer."


def offer_accepted(seat: int, offerer: int, give: str, want: str, left: int) -> str:
    return f"🤝 Trade: {p(offerer)} gives **{give}** to {p(seat)} for **{want}** ({left} team trade{'s' if left != 1 else ''} left)."


def coin_trade_label(name: str) -> str:
    return f"Trade {name} for the top geocoin"


def coin_traded(seat: int, name: str) -> str:
    return f"🪙 {p(seat)} trades the {name} geocoin for the top one of the stack (once a game)."


# ---------------------------------------------------------------------- buttons

TRADE = "Offer a trade"
NO_TRADE = "No trade"
OFFER_TO = "Offer to {player}"
ACCEPT = "Accept the trade"
REFUSE = "Refuse"
REVEAL_DONE = "Stop revealing ({left} left)"
DRAW_FIRST = "Draw first, then discard"
DISCARD_FIRST = "Discard first, then draw"

# ---------------------------------------------------------------------- the end

LOSS_TEXTS = {
    "trashed": "the {groups} {are} trashed: every cache of {it} is out of play",
    "sets": "no complete Multi-cache set can be made any more (too few pieces are left in play)",
    "unreachable": "the last {groups} caches lie where no human can reach them (and the muggles cannot be counted on)",
    "each": "not every player can still get {each} groups: only {possible} player-groups can still be had",
    "each_caches": (
        "{players} can no longer hold {each} groups: {needed} more caches needed, only {possible} can still "
        "be taken from the woods or come with a Multi set in a trade"
    ),
    "coins": "not enough geocoins can still be flipped: {needed} needed, {possible} possible",
    "coin_holders": (
        "{players} can no longer hold the geocoins the goal asks for: {needed} more needed, {possible} can "
        "still come off the geocoin stack (trades and swaps only change a coin for a coin)"
    ),
    "coin_flips": (
        "{players} can no longer flip the geocoins the goal asks for: the goals of their coins cannot be "
        "met, no trade or swap is left to change them, and only {possible} flippable coins can still come "
        "off the stack ({needed} needed)"
    ),
}
STOPPED = (
    "⏹ The game is stopped after round {limit}: the table's house safety stop (the rules have no round "
    "limit). The team has not won."
)


def loss_text(lost: Loss, groups: Sequence[str], players: Sequence[str]) -> str:
    """``groups``: the names of the groups ``lost`` names; ``players``: its players (``{pN}``)."""
    reason = LOSS_TEXTS[lost.kind].format(
        groups=" and ".join(groups) or "needed",
        are="is" if len(groups) == 1 else "are",
        it="it" if len(groups) == 1 else "them",
        players=" and ".join(players) or "the team",
        needed=lost.needed,
        each=lost.each,
        possible=lost.possible,
    )
    return f"💀 The muggles win: {reason}."


def stopped(limit: int) -> str:
    return STOPPED.format(limit=limit)


def end_title(outcome: str) -> str:
    """The board's title for a finished game."""
    return {"won": "Team wins", "rounds": "Stopped"}.get(outcome, "Muggles win")


def end_reason(view: PublicView, names: Sequence[str]) -> str:
    """Why the game ended, for the board beside the Cache Groups sheet ("" when the team won);
    ``names``: each seat's name as the board shows it."""
    if not view.base.over or view.outcome == "won" or not view.outcome_text:
        return ""
    if view.outcome == "rounds":
        return f"Stopped after round {view.stop_round}: house safety stop, not a rule."
    reason = view.outcome_text.split("\n")[0].removeprefix("💀 ").removeprefix("The muggles win: ")
    return seat_tokens("Lost: " + reason.replace("**", "").rstrip(".") + ".", names)


WIN_TEXT = "🎉 The team wins: every requirement on the Cache Groups sheet is met!"

# ---------------------------------------------------------------------- status, prompts, results


def goal_text(view: PublicView) -> str:
    team, each, coins, coins_each, two = view.goal
    parts = []
    if team:
        parts.append(f"{team} groups" + ("" if view.base.players == 1 else " as a team"))
    if each:
        parts.append(f"{each} groups each")
    if coins_each:
        parts.append(f"{coins_each} flipped geocoin{'s' if coins_each > 1 else ''} each")
    if two:
        parts.append(f"{two} players with two flipped geocoins")
    if coins:
        parts.append(f"{coins} flipped geocoins in all")
    return ", ".join(parts) or "nothing"


def stop_words(stop_round: int) -> str:
    """The house safety stop, when the table chose one."""
    return f" (house stop after round {stop_round})" if stop_round else ""


def status_text(view: PublicView) -> str:
    base = view.base
    held = sum(g.status == "held" for g in view.groups)
    goal = f"Goal ({REQUIREMENT_NAMES[view.requirement]}): {goal_text(view)}. Team holds {held}/7 groups."
    if base.over:
        return (WIN_TEXT if view.outcome == "won" else view.outcome_text) + f"\nRound {base.round}. {goal}"
    if base.round == 0:
        return "Set-up: everyone chooses the sides of their equipment cards.\n" + goal + decision_hint(PROMPTS, "side")
    if view.muggle_phase:
        head = f"Round {base.round}: the muggles are moving; " + ", ".join(p(s) for s in base.awaiting) + " decides."
    elif base.decision == "trade_reply" and base.offer:
        head = f"Round {base.round}: {p(base.offer[1])} answers {p(base.offer[0])}'s trade offer."
    else:
        head = f"Round {base.round}{stop_words(view.stop_round)}: {p(base.turn)}'s turn."
    stock = f" Stock: {base.stock} tiles." if base.stock else " The stock is used up."
    return f"{head}\n{goal}{stock}{decision_hint(PROMPTS, base.decision)}"


PROMPTS = {
    **BASE_PROMPTS,  # the base game's, except where Muggles plays differently:
    "move": (
        "Where do you go?",
        "Up to 3 squares on roads and trails, 1 elsewhere; no caches on or next to a muggle's square.",
    ),
    "landed": (
        "Use your ability now?",
        "Order: a face-up tile acts, then your ability, then Poison Ivy, then the tile is turned.",
    ),
    "act": ("Anything else here?", "Swap with a muggle, trade at the Mega Event, or end your turn."),
    "peek": ("Reveal which tile? ({count} left)", "It is turned face up for the whole team."),
    "trade_partner": ("Trade with whom?", "Both of you on the Mega Event; one trade a visit, three for the team."),
    "trade_give": (
        "What do you give?",
        "One item for one item of the same kind; a single cache for a whole Multi set.",
    ),
    "trade_want": ("What do you ask for?", "An item of the same kind as the one you give."),
    "trade_reply": ("{offer}", "Accept to swap at once; it uses one of the team's three trades."),
    "toss": (
        "Which event card do you discard?",
        "A muggle found a Take Event Card tile: the furthest player discards one.",
    ),
    "order": (
        "Draw first or discard first?",
        "A muggle found a Take Event Card tile: you draw one card and discard one.",
    ),
}
FORCED_TARGET = ("Disable which cache? ({card} must be played now)", "That cache leaves the game.")


def prompt_text(view: SeatView, card: str, text: str, forced: bool) -> str:
    if not view.prompt:
        return "Nothing to decide right now.\nThe game waits for another player."
    question, meaning = FORCED_TARGET if forced else PROMPTS[view.prompt]
    offer_words = ""
    if view.prompt == "trade_reply":
        offer_words = f"{p(view.partner)} offers you {view.give_label} for your {view.want_label}. Accept?"
    values = {"card": card, "text": text, "count": view.prompt_count, "offer": offer_words}
    return question.format(**values) + "\n" + meaning.format(**values)


def results_text(view: PublicView) -> str:
    base = view.base
    head = WIN_TEXT if view.outcome == "won" else view.outcome_text
    sheet = []
    for group in view.groups:
        holders = ", ".join(p(s) for s in group.holders)
        mark = {
            "held": "✓ " + holders,
            "gone": "trashed",
            "risk": "at risk (muggles carry the rest)",
            "open": "not held",
        }
        sheet.append(f"{group.short}: {mark[group.status]}")
    coins = " · ".join(f"{p(s.seat)} {view.flipped[s.seat]} flipped" for s in base.seats)
    return f"{head}\nRound {base.round}. Cache Groups — " + "; ".join(sheet) + f"\nGeocoins: {coins}"
