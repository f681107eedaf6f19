"""Every sentence a player reads: events, labels, status and prompts. ``{pN}`` stands for seat N."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.games.cmiyc.components import EventCard, Geocoin
    from bot.games.cmiyc.data import GameData
    from bot.games.cmiyc.views import PublicView, SeatView


def p(seat: int) -> str:
    return "{p%d}" % seat


# ---------------------------------------------------------------------- names and labels

BUILDING_NAMES = {
    "cafe": "Moonrise Café",
    "swag": "Swag Store",
    "mega": "Mega Event",
    "parking": "store parking",
    "checkout": "checkout",
    "trail_head": "trail head",
    "road": "road",
    "grass": "grass",
}
AISLE_NAMES = {"equipment": "Equipment aisle", "event": "Event aisle", "peek": "Map corner (peek)"}
HOSPITAL_NAMES = ("Emergency room", "Hospital ward", "Hospital exit")


def square_name(data: GameData, square: str) -> str:
    """``D9 Moonrise Café``, ``F5 North Woods trail``: a square as choices and events name it."""
    board = data.board
    info = board.squares[square]
    if square in board.aisles:
        return f"{square} {AISLE_NAMES[board.aisles[square]]}"
    if info.kind == "hospital":
        index = board.hospital.index(square)
        return f"{square} {HOSPITAL_NAMES[min(index, 1) if index < len(board.hospital) - 1 else 2]}"
    if info.kind in ("woods", "woods_trail"):
        part = board.part(info.board)
        return f"{square} {part.name}" + (" trail" if info.kind == "woods_trail" else "")
    return f"{square} {BUILDING_NAMES.get(info.kind, info.kind)}"


def gear_name(data: GameData, card: int, side: int) -> str:
    sides = data.equipment[card].sides
    return data.item_name(sides[side]) if side >= 0 else f"{data.item_name(sides[0])} / {data.item_name(sides[1])}"


def seat_item(seat: int, name: str) -> str:
    return f"{p(seat)}: {name}"


def cache_label(name: str, doubled: bool) -> str:
    return f"{name} (Golden Ammo Can ×2)" if doubled else name


def coin_label(coin: Geocoin, flipped: bool) -> str:
    return f"{coin.name} geocoin ({coin.value} pts)" if flipped else f"{coin.name} geocoin (1 pt)"


def snoop_label(square: str) -> str:
    return f"Snoop at {square}"


def flip_label(data: GameData, card: int, side: int) -> str:
    return f"Flip {gear_name(data, card, side)} → {gear_name(data, card, 1 - side)}"


def swap_label(other: int, mine: str, theirs: str) -> str:
    return f"Swap {mine} for {p(other)}'s {theirs}"


NOTHING = "nothing"
AN_EVENT_CARD = "an event card"

# ---------------------------------------------------------------------- refusals (RuleError)

SHORT_LIMIT = "The house round limit is 0 (off) or at least {shortest} rounds."
NOT_NOW = "That is not possible now."
NOT_YOUR_TURN = "It is not your turn to decide."
NOT_A_TARGET = "That card cannot be played on that."
NOT_PEEKABLE = "You cannot peek at that square."
EMPTY_OFFER = "An offer needs something on at least one side."
GAME_OVER = "The game is over."

# ---------------------------------------------------------------------- why a cache stays

BLOCKED_GPS = "no GPS/PEN"
BLOCKED_IVY = "itching from Poison Ivy"


def blocked_item(item: str) -> str:
    return f"needs {item}"


def blocked_types(count: int) -> str:
    return f"needs caches of {count} types first"


# ---------------------------------------------------------------------- events: set-up and turns

GAME_STARTS = "🌲 Everyone is ready at the Moonrise Café. The hunt begins!"


def chooses_side(seat: int, item: str) -> str:
    return f"{p(seat)} takes the **{item}**."


def moves(seat: int, square: str) -> str:
    return f"{p(seat)} goes to {square}."


def stays(seat: int) -> str:
    return f"{p(seat)} stays put."


def skips_turn(seat: int) -> str:
    return f"{p(seat)} loses this turn."


def itches(seat: int) -> str:
    return f"{p(seat)} scratches the Poison Ivy rash (no caches this turn)."


# ---------------------------------------------------------------------- events: woods


def reveals(seat: int, name: str, square: str) -> str:
    return f"{p(seat)} reveals **{name}** at {square}."


def takes_cache(seat: int, name: str, square: str) -> str:
    return f"🎉 {p(seat)} finds the **{name}** at {square}!"


def cache_stays(name: str, why: str) -> str:
    return f"The {name} stays face up ({why})."


TRAIL_NEXT_ROUND = "It is a trail tile: from next round it counts as trail."
STOCK_EMPTY = "The tile stock is used up: {square} stays empty and counts as trail."


def protected(seat: int, item: str, what: str) -> str:
    return f"{p(seat)}'s {item} protects from the {what}."


def loses_turn(seat: int) -> str:
    return f"{p(seat)} loses their next turn."


def second_wind(seat: int) -> str:
    return f"{p(seat)} catches a **Second Wind** (the card is discarded) and keeps their next turn."


def loses_gps(seat: int) -> str:
    return f"{p(seat)} loses the GPS/PEN (get it back at the Swag Store or the Sporting Goods Store)."


def gadgeteer_keeps(seat: int) -> str:
    return f"{p(seat)} the Gadgeteer keeps the GPS/PEN working."


def gps_back(seat: int) -> str:
    return f"{p(seat)} gets a working GPS/PEN again."


def goes_to_cafe(seat: int) -> str:
    return f"🥶 {p(seat)} warms up at the Moonrise Café."


def to_hospital(seat: int) -> str:
    return f"🚑 {p(seat)} goes to the Hospital."


def catches_ivy(seat: int, turns: int) -> str:
    return f"{p(seat)} catches Poison Ivy: no caches and nobody shares a square for {turns} turns."


def drops_equipment(seat: int, sides: Sequence[str], data: GameData) -> str:
    return f"{p(seat)} loses the {data.item_name(sides[0])} / {data.item_name(sides[1])} card in the prickers."


def flees(seat: int, square: str) -> str:
    return f"🐝 {p(seat)} flees from the bees to the trail head {square}."


def goes_back(seat: int, square: str) -> str:
    return f"{p(seat)} cannot cross the Pond and goes back to {square}."


def dodges(seat: int, square: str) -> str:
    return f"{p(seat)} dodges to {square}."


BEAR_WAKES = "🐻 The Cave! The bear wakes up."


def snack_played(seat: int) -> str:
    return f"{p(seat)} throws the Snack to the bear; it eats and falls asleep again (the Cave is turned face down)."


def map_reveals(found: Sequence[str]) -> str:
    if not found:
        return "The Map shows nothing new."
    return "🗺️ The Map reveals: " + ", ".join(found) + "."


# ---------------------------------------------------------------------- events: cards and coins

EQUIPMENT_DECK_EMPTY = "The equipment deck is empty (it is not reshuffled)."
EVENT_DECK_EMPTY = "There are no event cards left."
EVENTS_RESHUFFLED = "The event cards are used up: the discarded ones are shuffled into a new deck."
EVENT_IGNORED = "The event cannot be carried out and is discarded."
NO_COINS_LEFT = "No geocoins are left."


def draws_event(seat: int, event: EventCard) -> str:
    return f"{p(seat)} draws **{event.name}**: {event.text}"


def keeps_event(seat: int) -> str:
    return f"{p(seat)} draws an event card and keeps it face down."


def you_keep_event(event: EventCard) -> str:
    return f"You keep **{event.name}**: {event.text}"


def you_receive_event(event: EventCard) -> str:
    return f"You receive **{event.name}**: {event.text}"


def plays_event(seat: int, event: EventCard) -> str:
    return f"{p(seat)} plays **{event.name}**."


def bear_asks(seats: Sequence[int]) -> str:
    return "🐻 " + " and ".join(p(s) for s in seats) + ": the bear is beside you. Each of you decides privately."


def thunderstorm(seats: Sequence[int]) -> str:
    if not seats:
        return "⛈️ A thunderstorm, but nobody is in the woods."
    return "⛈️ Thunderstorm over " + ", ".join(p(s) for s in seats) + " in the woods."


def shuffled(squares: Sequence[str]) -> str:
    return "Muggles mess things up: the tiles on " + ", ".join(squares) + " are shuffled face down."


def disabled(seat: int, name: str) -> str:
    return f"{p(seat)}'s {name} is disabled and leaves the game."


def gear_moves(giver: int, taker: int, item: str) -> str:
    return f"{p(taker)} takes {p(giver)}'s **{item}**."


def swaps_caches(seat: int, other: int, mine: str, theirs: str) -> str:
    return f"{p(seat)} swaps their {mine} for {p(other)}'s {theirs}."


def swaps_coins(seat: int, other: int, mine: str, theirs: str) -> str:
    return f"{p(seat)} swaps the {mine} geocoin for {p(other)}'s {theirs}."


def snoops(seat: int, square: str) -> str:
    return f"{p(seat)} snoops at {square}."


def peeks_at(seat: int, square: str) -> str:
    return f"{p(seat)} peeks at {square}."


def you_peek(square: str, name: str, coin: bool) -> str:
    return f"👀 {square}: **{name}**" + (" (geocoin symbol)" if coin else "")


def takes_coin(seat: int, coin: Geocoin) -> str:
    return f"🪙 {p(seat)} takes the **{coin.name}** geocoin (goal: {coin.text})"


def flips_coin(seat: int, coin: Geocoin) -> str:
    return f"🪙 {p(seat)} flips the **{coin.name}** geocoin: now worth {coin.value} points."


def shops_equipment(seat: int, cards: int) -> str:
    return f"{p(seat)} takes {'two equipment cards' if cards > 1 else 'an equipment card'}."


def flips_gear(seat: int, old: str, new: str) -> str:
    return f"{p(seat)} turns the {old} card to the **{new}**."


# ---------------------------------------------------------------------- trades


def offer_made(seat: int, partner: int) -> str:
    return f"🤝 {p(seat)} makes {p(partner)} a trade offer."


def offer_details(seat: int, partner: int, give: str, want: str) -> str:
    return f"Offer from {p(seat)} to {p(partner)}: **{give}** for **{want}**."


def offer_refused(seat: int, offerer: int) -> str:
    return f"{p(seat)} declines {p(offerer)}'s offer."


def offer_accepted(seat: int, offerer: int, give: str, want: str) -> str:
    return f"🤝 {p(seat)} accepts: {p(offerer)} gives **{give}** for **{want}**."


# ---------------------------------------------------------------------- the end

END_REASONS = {
    "target": "reached the target",
    "advanced": "reached 18 points and ended the turn at the Mega Event",
    "rounds": "the house round limit is reached; the highest score wins",
}


def game_over(winners: Sequence[int], reason: str) -> str:
    names = " and ".join(p(s) for s in winners)
    return f"🏆 Game over: {names} — {END_REASONS[reason]}."


# ---------------------------------------------------------------------- buttons

STAY = "Stay here"
TRADE = "Offer a trade"
REVEAL = "Reveal the tile"
CARRY_ON = "Carry on"
END_TURN = "End turn"
SHOP_LABELS = {
    "equipment": "Take an equipment card",
    "event": "Take an event card",
    "peek": "Peek at tiles in the woods",
}
PEEK_DONE = "Stop peeking ({left} left)"
BESIDE_THE_BEAR = "beside the awake bear: you throw it your Snack"
THROW_SNACK = "🍪 Throw the Snack to the bear"
KEEP_SNACK = "Keep the Snack"
WAIT_FOR_BEAR = "Wait and see"
STAY_ON_POND = "Stay on the Pond"
KEEP_CARD = "Keep the card"
OFFER_TO = "Offer to {player}"
NO_TRADE = "No trade"
ACCEPT = "Accept the trade"
REFUSE = "Refuse"


# ---------------------------------------------------------------------- status, prompts, private text

PROMPTS = {
    "side": (
        "Which side of the {card} card faces the board?",
        "You have that item; only the Swag Store flips it later.",
    ),
    "move": (
        "Where do you go?",
        "Up to 3 squares on roads and trails, 1 elsewhere; landing on a face-down tile reveals it.",
    ),
    "landed": (
        "Use your ability now?",
        "Order: a face-up tile acts, then your ability, then Poison Ivy, then the tile you landed on is turned.",
    ),
    "act": ("Anything else here?", "Each store square acts once per visit; trades only at the Mega Event."),
    "peek": ("Peek at which tile? ({count} left)", "Only you will see what lies there."),
    "drop": ("Which equipment card do the prickers tear away?", "It goes to the discard pile."),
    "dodge": ("Dodge to which square?", "You landed on a second Pond: you may step aside (FAQ)."),
    "target": ("Play {card} on what?", "{text}"),
    "trade_partner": ("Whom do you make an offer?", "They need not be at the Mega Event; they accept or refuse."),
    "trade_give": ("What do you give?", "One item (or nothing); equipment keeps its side, coins keep their value."),
    "trade_want": ("What do you ask for?", "One of their caches, coins or equipment cards (or nothing)."),
    "trade_reply": ("{offer}", "Accept to swap at once; an unanswered offer is refused when time runs out."),
    "bear": (
        "🐻 The bear is awake beside you!",
        "Unless someone beside it throws it the Snack, everyone it threatens goes to the Hospital.",
    ),
}
SNACK_MEANING = "You hold the Snack: throw it and the bear sleeps again; keep it and you go to the Hospital."


def decision_hint(prompts: dict[str, tuple[str, str]], decision: str) -> str:
    """The one line saying what the awaited decision means, for the public prompt (its choices are
    on the prompt itself, so the player may never open a panel); none when it names a card or offer."""
    meaning = prompts.get(decision, ("", ""))[1]
    return f"\n-# {meaning}" if meaning and "{" not in meaning else ""


def status_text(view: PublicView) -> str:
    scores = " · ".join(f"{p(s.seat)} {s.score}" for s in view.seats)
    goal = f"First to {view.target} points" + (
        " who ends a turn on the Mega Event" if view.victory == "advanced" else ""
    )
    if view.over:
        winners = " and ".join(p(s) for s in view.winners)
        return f"Game over in round {view.round}: {winners} won.\nScores: {scores}"
    if view.round == 0:
        return (
            "Set-up: everyone chooses the sides of their 3 equipment cards.\n"
            + goal
            + " wins."
            + decision_hint(PROMPTS, view.decision)
        )
    if view.decision == "bear":
        who = " and ".join(p(s) for s in view.awaiting)
        head = f"Round {view.round}: 🐻 the bear is awake beside {who}; waiting for them."
    elif view.decision == "trade_reply" and view.offer:
        head = f"Round {view.round}: {p(view.offer[1])} is answering {p(view.offer[0])}'s trade offer."
    else:
        limit = f" of at most {view.round_limit} (house rule)" if view.round_limit else ""
        head = f"Round {view.round}{limit}: {p(view.turn)}'s turn."
    return f"{head}\nScores: {scores} · {goal} wins.{decision_hint(PROMPTS, view.decision)}"


def prompt_text(data: GameData, view: SeatView) -> str:
    if not view.prompt:
        return "Nothing to decide right now.\nThe game waits for another player."
    question, meaning = PROMPTS[view.prompt]
    card = ""
    text = ""
    if view.prompt == "side" and view.prompt_card >= 0:
        sides = data.equipment[view.prompt_card].sides
        card = f"{data.item_name(sides[0])} / {data.item_name(sides[1])}"
    elif view.prompt == "target" and view.prompt_card >= 0:
        card, text = data.events[view.prompt_card].name, data.events[view.prompt_card].text
    offer = ""
    if view.offer is not None:
        offer = f"{p(view.offer.offerer)} offers you {view.offer.give} for your {view.offer.want}. Accept?"
    if view.prompt == "bear" and "snack" in view.events:
        meaning = SNACK_MEANING
    values = {"card": card, "text": text, "count": view.prompt_count, "offer": offer}
    return question.format(**values) + "\n" + meaning.format(**values)


def private_text(data: GameData, view: SeatView) -> str:
    lines = []
    if view.event_cards:
        names = ", ".join(f"**{data.events[c].name}**" for c in view.event_cards)
        lines.append(f"Your saved event cards: {names}")
    if view.peeked:
        seen = ", ".join(f"{sq} {data.kinds[kind].name}" for sq, kind in view.peeked)
        lines.append(f"Tiles you peeked at: {seen}")
    return "\n".join(lines)


def results_text(view: PublicView) -> str:
    ranked = sorted(view.seats, key=lambda s: -s.score)
    lines = [f"{p(s.seat)}: **{s.score}** points ({len(s.caches)} caches, {len(s.coins)} geocoins)" for s in ranked]
    return game_over(view.winners, view.end_reason or "target") + "\n" + "\n".join(lines)


def reveal_text(data: GameData, hands: Sequence[Sequence[EventCard]]) -> str:
    if not any(hands):
        return ""
    parts = [f"{p(seat)}: " + (", ".join(c.name for c in hand) or "none") for seat, hand in enumerate(hands)]
    return "Saved event cards — " + "; ".join(parts)
