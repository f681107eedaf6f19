"""Every sentence a player reads: events, labels, status and prompts. ``{pN}`` stands for seat N."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.games.cmiyc.i18n import N_, _, _n, data_text
from bot.i18n import current_language

if TYPE_CHECKING:
    from bot.games.cmiyc.components import EventCard, Geocoin
    from bot.games.cmiyc.data import GameData
    from bot.games.cmiyc.views import PublicView, SeatView


def p(seat: int) -> str:
    return "{p%d}" % seat


# ---------------------------------------------------------------------- names and labels

BUILDING_NAMES = {
    "cafe": N_("Moonrise Café"),
    "swag": N_("Swag Store"),
    "mega": N_("Mega Event"),
    "parking": N_("store parking"),
    "checkout": N_("checkout"),
    "trail_head": N_("trail head"),
    "road": N_("road"),
    "grass": N_("grass"),
}
AISLE_NAMES = {"equipment": N_("Equipment aisle"), "event": N_("Event aisle"), "peek": N_("Map corner (peek)")}
HOSPITAL_NAMES = (N_("Emergency room"), N_("Hospital ward"), N_("Hospital exit"))


def square_name(data: GameData, square: str) -> str:
    """``D9 Moonrise Café``, ``F5 North Woods trail``: a square as choices and events name it."""
    key = ("square", current_language(), square)
    found = data.board.memo.get(key)
    if found is None:
        found = data.board.memo[key] = _square_name(data, square)
    return found


def _square_name(data: GameData, square: str) -> str:
    board = data.board
    info = board.squares[square]
    if square in board.aisles:
        return f"{square} {_(AISLE_NAMES[board.aisles[square]])}"
    if info.kind == "hospital":
        index = board.hospital.index(square)
        return f"{square} {_(HOSPITAL_NAMES[min(index, 1) if index < len(board.hospital) - 1 else 2])}"
    if info.kind in ("woods", "woods_trail"):
        woods = data_text(board.part(info.board).name)
        if info.kind == "woods_trail":
            return _("{square} {woods} trail").format(square=square, woods=woods)
        return f"{square} {woods}"
    return f"{square} {_(BUILDING_NAMES[info.kind]) if info.kind in BUILDING_NAMES else info.kind}"


def kind_name(data: GameData, tile: int) -> str:
    """A tile's name (``Pond``, ``Night cache``) in the reader's language."""
    return data_text(data.kind(tile).name)


def coin_name(data: GameData, coin: int) -> str:
    return data_text(data.coins[coin].name)


def event_name(data: GameData, card: int) -> str:
    return data_text(data.events[card].name)


def character_name(data: GameData, character: str) -> str:
    return data_text(data.character(character).name)


def item_name(data: GameData, item: str) -> str:
    """An equipment item's name (``Kayak``) in the reader's language."""
    return data_text(data.item_name(item))


def gear_name(data: GameData, card: int, side: int) -> str:
    sides = data.equipment[card].sides
    if side >= 0:
        return item_name(data, sides[side])
    return f"{item_name(data, sides[0])} / {item_name(data, sides[1])}"


def seat_item(seat: int, name: str) -> str:
    return f"{p(seat)}: {name}"


def cache_label(name: str, doubled: bool) -> str:
    return _("{name} (Golden Ammo Can ×2)").format(name=name) if doubled else name


def coin_label(coin: Geocoin, flipped: bool) -> str:
    name = data_text(coin.name)
    if flipped:
        return _("{name} geocoin ({value} pts)").format(name=name, value=coin.value)
    return _("{name} geocoin (1 pt)").format(name=name)


def snoop_label(square: str) -> str:
    return _("Snoop at {square}").format(square=square)


def flip_label(data: GameData, card: int, side: int) -> str:
    return _("Flip {old} → {new}").format(old=gear_name(data, card, side), new=gear_name(data, card, 1 - side))


def swap_label(other: int, mine: str, theirs: str) -> str:
    return _("Swap {mine} for {other}'s {theirs}").format(mine=mine, other=p(other), theirs=theirs)


NOTHING = N_("nothing")
AN_EVENT_CARD = N_("an event card")

# ---------------------------------------------------------------------- refusals (RuleError)

SHORT_LIMIT = N_("The house round limit is 0 (off) or at least {shortest} rounds.")
NOT_NOW = N_("That is not possible now.")
NOT_YOUR_TURN = N_("It is not your turn to decide.")
NOT_A_TARGET = N_("That card cannot be played on that.")
NOT_PEEKABLE = N_("You cannot peek at that square.")
EMPTY_OFFER = N_("An offer needs something on at least one side.")
GAME_OVER = N_("The game is over.")

# ---------------------------------------------------------------------- why a cache stays

BLOCKED_GPS = N_("no GPS/PEN")
BLOCKED_IVY = N_("itching from Poison Ivy")


def blocked_item(item: str) -> str:
    return _("needs {item}").format(item=item)


def blocked_types(count: int) -> str:
    return _n("needs caches of {count} type first", "needs caches of {count} types first", count).format(count=count)


# ---------------------------------------------------------------------- events: set-up and turns

GAME_STARTS = N_("🌲 Everyone is ready at the Moonrise Café. The hunt begins!")


def chooses_side(seat: int, item: str) -> str:
    return _("{who} takes the **{item}**.").format(who=p(seat), item=item)


def moves(seat: int, square: str) -> str:
    return _("{who} goes to {square}.").format(who=p(seat), square=square)


def stays(seat: int) -> str:
    return _("{who} stays put.").format(who=p(seat))


def skips_turn(seat: int) -> str:
    return _("{who} loses this turn.").format(who=p(seat))


def itches(seat: int) -> str:
    return _("{who} scratches the Poison Ivy rash (no caches this turn).").format(who=p(seat))


# ---------------------------------------------------------------------- events: woods


def reveals(seat: int, name: str, square: str) -> str:
    return _("{who} reveals **{name}** at {square}.").format(who=p(seat), name=name, square=square)


def takes_cache(seat: int, name: str, square: str) -> str:
    return _("🎉 {who} finds the **{name}** at {square}!").format(who=p(seat), name=name, square=square)


def cache_stays(name: str, why: str) -> str:
    return _("The {name} stays face up ({why}).").format(name=name, why=why)


TRAIL_NEXT_ROUND = N_("It is a trail tile: from next round it counts as trail.")
STOCK_EMPTY = N_("The tile stock is used up: {square} stays empty and counts as trail.")


def protected(seat: int, item: str, what: str) -> str:
    return _("{who}'s {item} protects from the {what}.").format(who=p(seat), item=item, what=what)


def loses_turn(seat: int) -> str:
    return _("{who} loses their next turn.").format(who=p(seat))


def second_wind(seat: int) -> str:
    return _("{who} catches a **Second Wind** (the card is discarded) and keeps their next turn.").format(who=p(seat))


def loses_gps(seat: int) -> str:
    return _("{who} loses the GPS/PEN (get it back at the Swag Store or the Sporting Goods Store).").format(who=p(seat))


def gadgeteer_keeps(seat: int) -> str:
    return _("{who} the Gadgeteer keeps the GPS/PEN working.").format(who=p(seat))


def gps_back(seat: int) -> str:
    return _("{who} gets a working GPS/PEN again.").format(who=p(seat))


def goes_to_cafe(seat: int) -> str:
    return _("🥶 {who} warms up at the Moonrise Café.").format(who=p(seat))


def to_hospital(seat: int) -> str:
    return _("🚑 {who} goes to the Hospital.").format(who=p(seat))


def catches_ivy(seat: int, turns: int) -> str:
    return _n(
        "{who} catches Poison Ivy: no caches and nobody shares a square for {turns} turn.",
        "{who} catches Poison Ivy: no caches and nobody shares a square for {turns} turns.",
        turns,
    ).format(who=p(seat), turns=turns)


def drops_equipment(seat: int, sides: Sequence[str], data: GameData) -> str:
    return _("{who} loses the {card} card in the prickers.").format(
        who=p(seat), card=f"{item_name(data, sides[0])} / {item_name(data, sides[1])}"
    )


def flees(seat: int, square: str) -> str:
    return _("🐝 {who} flees from the bees to the trail head {square}.").format(who=p(seat), square=square)


def goes_back(seat: int, square: str) -> str:
    return _("{who} cannot cross the Pond and goes back to {square}.").format(who=p(seat), square=square)


def dodges(seat: int, square: str) -> str:
    return _("{who} dodges to {square}.").format(who=p(seat), square=square)


BEAR_WAKES = N_("🐻 The Cave! The bear wakes up.")


def bear_wakes() -> str:
    return _(BEAR_WAKES)


def snack_played(seat: int) -> str:
    return _(
        "{who} throws the Snack to the bear; it eats and falls asleep again (the Cave is turned face down)."
    ).format(who=p(seat))


def map_reveals(found: Sequence[str]) -> str:
    if not found:
        return _("The Map shows nothing new.")
    return _("🗺️ The Map reveals: {tiles}.").format(tiles=", ".join(found))


# ---------------------------------------------------------------------- events: cards and coins

EQUIPMENT_DECK_EMPTY = N_("The equipment deck is empty (it is not reshuffled).")
EVENT_DECK_EMPTY = N_("There are no event cards left.")
EVENTS_RESHUFFLED = N_("The event cards are used up: the discarded ones are shuffled into a new deck.")
EVENT_IGNORED = N_("The event cannot be carried out and is discarded.")
NO_COINS_LEFT = N_("No geocoins are left.")


def draws_event(seat: int, event: EventCard) -> str:
    return _("{who} draws **{card}**: {text}").format(
        who=p(seat), card=data_text(event.name), text=data_text(event.text)
    )


def keeps_event(seat: int) -> str:
    return _("{who} draws an event card and keeps it face down.").format(who=p(seat))


def you_keep_event(event: EventCard) -> str:
    return _("You keep **{card}**: {text}").format(card=data_text(event.name), text=data_text(event.text))


def you_receive_event(event: EventCard) -> str:
    return _("You receive **{card}**: {text}").format(card=data_text(event.name), text=data_text(event.text))


def plays_event(seat: int, event: EventCard) -> str:
    return _("{who} plays **{card}**.").format(who=p(seat), card=data_text(event.name))


def both(seats: Sequence[int]) -> str:
    """Seats named together: ``{p0} and {p2}``."""
    return _(" and ").join(p(s) for s in seats)


def bear_asks(seats: Sequence[int]) -> str:
    return _("🐻 {who}: the bear is beside you. Each of you decides privately.").format(who=both(seats))


def thunderstorm(seats: Sequence[int]) -> str:
    if not seats:
        return _("⛈️ A thunderstorm, but nobody is in the woods.")
    return _("⛈️ Thunderstorm over {who} in the woods.").format(who=", ".join(p(s) for s in seats))


def shuffled(squares: Sequence[str]) -> str:
    return _("Muggles mess things up: the tiles on {squares} are shuffled face down.").format(
        squares=", ".join(squares)
    )


def disabled(seat: int, name: str) -> str:
    return _("{who}'s {name} is disabled and leaves the game.").format(who=p(seat), name=name)


def gear_moves(giver: int, taker: int, item: str) -> str:
    return _("{taker} takes {giver}'s **{item}**.").format(taker=p(taker), giver=p(giver), item=item)


def swaps_caches(seat: int, other: int, mine: str, theirs: str) -> str:
    return _("{who} swaps their {mine} for {other}'s {theirs}.").format(
        who=p(seat), mine=mine, other=p(other), theirs=theirs
    )


def swaps_coins(seat: int, other: int, mine: str, theirs: str) -> str:
    return _("{who} swaps the {mine} geocoin for {other}'s {theirs}.").format(
        who=p(seat), mine=mine, other=p(other), theirs=theirs
    )


def snoops(seat: int, square: str) -> str:
    return _("{who} snoops at {square}.").format(who=p(seat), square=square)


def peeks_at(seat: int, square: str) -> str:
    return _("{who} peeks at {square}.").format(who=p(seat), square=square)


def you_peek(square: str, name: str, coin: bool) -> str:
    if coin:
        return _("👀 {square}: **{name}** (geocoin symbol)").format(square=square, name=name)
    return f"👀 {square}: **{name}**"


def takes_coin(seat: int, coin: Geocoin) -> str:
    return _("🪙 {who} takes the **{coin}** geocoin (goal: {goal})").format(
        who=p(seat), coin=data_text(coin.name), goal=data_text(coin.text)
    )


def flips_coin(seat: int, coin: Geocoin) -> str:
    return _("🪙 {who} flips the **{coin}** geocoin: now worth {value} points.").format(
        who=p(seat), coin=data_text(coin.name), value=coin.value
    )


def shops_equipment(seat: int, cards: int) -> str:
    if cards > 1:
        return _("{who} takes two equipment cards.").format(who=p(seat))
    return _("{who} takes an equipment card.").format(who=p(seat))


def flips_gear(seat: int, old: str, new: str) -> str:
    return _("{who} turns the {old} card to the **{new}**.").format(who=p(seat), old=old, new=new)


# ---------------------------------------------------------------------- trades


def offer_made(seat: int, partner: int) -> str:
    return _("🤝 {who} makes {partner} a trade offer.").format(who=p(seat), partner=p(partner))


def offer_details(seat: int, partner: int, give: str, want: str) -> str:
    return _("Offer from {who} to {partner}: **{give}** for **{want}**.").format(
        who=p(seat), partner=p(partner), give=give, want=want
    )


def offer_refused(seat: int, offerer: int) -> str:
    return _("{who} declines {offerer}'s offer.").format(who=p(seat), offerer=p(offerer))


def offer_accepted(seat: int, offerer: int, give: str, want: str) -> str:
    return _("🤝 {who} accepts: {offerer} gives **{give}** for **{want}**.").format(
        who=p(seat), offerer=p(offerer), give=give, want=want
    )


# ---------------------------------------------------------------------- the end

END_REASONS = {
    "target": N_("reached the target"),
    "advanced": N_("reached 18 points and ended the turn at the Mega Event"),
    "rounds": N_("the house round limit is reached; the highest score wins"),
}


def game_over(winners: Sequence[int], reason: str) -> str:
    return _("🏆 Game over: {names} — {reason}.").format(names=both(winners), reason=_(END_REASONS[reason]))


# ---------------------------------------------------------------------- buttons

STAY = N_("Stay here")
TRADE = N_("Offer a trade")
REVEAL = N_("Reveal the tile")
CARRY_ON = N_("Carry on")
END_TURN = N_("End turn")
SHOP_LABELS = {
    "equipment": N_("Take an equipment card"),
    "event": N_("Take an event card"),
    "peek": N_("Peek at tiles in the woods"),
}
PEEK_DONE = N_("Stop peeking ({left} left)")
BESIDE_THE_BEAR = N_("beside the awake bear: you throw it your Snack")
THROW_SNACK = N_("🍪 Throw the Snack to the bear")
KEEP_SNACK = N_("Keep the Snack")
WAIT_FOR_BEAR = N_("Wait and see")
STAY_ON_POND = N_("Stay on the Pond")
KEEP_CARD = N_("Keep the card")
OFFER_TO = N_("Offer to {player}")
NO_TRADE = N_("No trade")
ACCEPT = N_("Accept the trade")
REFUSE = N_("Refuse")


# ---------------------------------------------------------------------- status, prompts, private text

PROMPTS = {
    "side": (
        N_("Which side of the {card} card faces the board?"),
        N_("You have that item; only the Swag Store flips it later."),
    ),
    "move": (
        N_("Where do you go?"),
        N_("Up to 3 squares on roads and trails, 1 elsewhere; landing on a face-down tile reveals it."),
    ),
    "landed": (
        N_("Use your ability now?"),
        N_("Order: a face-up tile acts, then your ability, then Poison Ivy, then the tile you landed on is turned."),
    ),
    "act": (N_("Anything else here?"), N_("Each store square acts once per visit; trades only at the Mega Event.")),
    "peek": (N_("Peek at which tile? ({count} left)"), N_("Only you will see what lies there.")),
    "drop": (N_("Which equipment card do the prickers tear away?"), N_("It goes to the discard pile.")),
    "dodge": (N_("Dodge to which square?"), N_("You landed on a second Pond: you may step aside (FAQ).")),
    "target": (N_("Play {card} on what?"), "{text}"),
    "trade_partner": (
        N_("Whom do you make an offer?"),
        N_("They need not be at the Mega Event; they accept or refuse."),
    ),
    "trade_give": (
        N_("What do you give?"),
        N_("One item (or nothing); equipment keeps its side, coins keep their value."),
    ),
    "trade_want": (N_("What do you ask for?"), N_("One of their caches, coins or equipment cards (or nothing).")),
    "trade_reply": ("{offer}", N_("Accept to swap at once; an unanswered offer is refused when time runs out.")),
    "bear": (
        N_("🐻 The bear is awake beside you!"),
        N_("Unless someone beside it throws it the Snack, everyone it threatens goes to the Hospital."),
    ),
}
SNACK_MEANING = N_("You hold the Snack: throw it and the bear sleeps again; keep it and you go to the Hospital.")


def prompt_pair(kind: str) -> tuple[str, str]:
    """The question and its meaning of decision ``kind``, in the reader's language ("" for none)."""
    question, meaning = PROMPTS.get(kind, ("", ""))
    return _(question) if question else "", _(meaning) if meaning else ""


def decision_hint(meaning: str) -> str:
    """The one line saying what the awaited decision means (``meaning``, as ``prompt_pair`` gives it),
    for the public prompt (its choices are on the prompt itself, so the player may never open a panel);
    none when it names a card or offer."""
    return f"\n-# {meaning}" if meaning and "{" not in meaning else ""


def status_text(view: PublicView) -> str:
    scores = " · ".join(f"{p(s.seat)} {s.score}" for s in view.seats)
    if view.victory == "advanced":
        goal = _("First to {target} points who ends a turn on the Mega Event wins.").format(target=view.target)
    else:
        goal = _("First to {target} points wins.").format(target=view.target)
    hint = decision_hint(prompt_pair(view.decision)[1])
    if view.over:
        return _("Game over in round {round}: {winners} won.\nScores: {scores}").format(
            round=view.round, winners=both(view.winners), scores=scores
        )
    if view.round == 0:
        return _("Set-up: everyone chooses the sides of their 3 equipment cards.") + "\n" + goal + hint
    if view.decision == "bear":
        head = _("Round {round}: 🐻 the bear is awake beside {who}; waiting for them.").format(
            round=view.round, who=both(view.awaiting)
        )
    elif view.decision == "trade_reply" and view.offer:
        head = _("Round {round}: {who} is answering {offerer}'s trade offer.").format(
            round=view.round, who=p(view.offer[1]), offerer=p(view.offer[0])
        )
    elif view.round_limit:
        head = _("Round {round} of at most {limit} (house rule): {who}'s turn.").format(
            round=view.round, limit=view.round_limit, who=p(view.turn)
        )
    else:
        head = _("Round {round}: {who}'s turn.").format(round=view.round, who=p(view.turn))
    return _("{head}\nScores: {scores} · {goal}").format(head=head, scores=scores, goal=goal) + hint


def prompt_text(data: GameData, view: SeatView) -> str:
    if not view.prompt:
        return _("Nothing to decide right now.\nThe game waits for another player.")
    question, meaning = prompt_pair(view.prompt)
    card = ""
    text = ""
    if view.prompt == "side" and view.prompt_card >= 0:
        sides = data.equipment[view.prompt_card].sides
        card = f"{item_name(data, sides[0])} / {item_name(data, sides[1])}"
    elif view.prompt == "target" and view.prompt_card >= 0:
        event = data.events[view.prompt_card]
        card, text = data_text(event.name), data_text(event.text)
    offer = ""
    if view.offer is not None:
        offer = _("{who} offers you {give} for your {want}. Accept?").format(
            who=p(view.offer.offerer), give=view.offer.give, want=view.offer.want
        )
    if view.prompt == "bear" and "snack" in view.events:
        meaning = _(SNACK_MEANING)
    values = {"card": card, "text": text, "count": view.prompt_count, "offer": offer}
    return question.format(**values) + "\n" + meaning.format(**values)


def private_text(data: GameData, view: SeatView) -> str:
    lines = []
    if view.event_cards:
        names = ", ".join(f"**{event_name(data, c)}**" for c in view.event_cards)
        lines.append(_("Your saved event cards: {names}").format(names=names))
    if view.peeked:
        seen = ", ".join(f"{sq} {data_text(data.kinds[kind].name)}" for sq, kind in view.peeked)
        lines.append(_("Tiles you peeked at: {tiles}").format(tiles=seen))
    return "\n".join(lines)


def results_text(view: PublicView) -> str:
    ranked = sorted(view.seats, key=lambda s: -s.score)
    lines = [
        _("{who}: **{score}** points ({caches} caches, {coins} geocoins)").format(
            who=p(s.seat), score=s.score, caches=len(s.caches), coins=len(s.coins)
        )
        for s in ranked
    ]
    return game_over(view.winners, view.end_reason or "target") + "\n" + "\n".join(lines)


def reveal_text(data: GameData, hands: Sequence[Sequence[EventCard]]) -> str:
    if not any(hands):
        return ""
    parts = [
        f"{p(seat)}: " + (", ".join(data_text(c.name) for c in hand) or _("none")) for seat, hand in enumerate(hands)
    ]
    return _("Saved event cards — {hands}").format(hands="; ".join(parts))
