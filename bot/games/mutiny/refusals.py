"""Why a Mutiny move is refused: every refusal and form error a player reads.

``{pN}`` stands for seat N (the table writes the player's colour and name). Constants are marked
with ``N_`` and translated where they are raised (``refusal(...)``).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.mutiny.i18n import N_, _
from bot.games.mutiny.notation import codes_text, loot_name, loot_text, p


def refusal(text: str) -> str:
    """A constant of this module in the current language."""
    return _(text)


def not_legal(action: str) -> str:
    return _("`{action}` is not a move you can make now.").format(action=action[:40])


def not_your_turn(seat: int) -> str:
    return _("It is not your turn: waiting for {player}.").format(player=p(seat))


GAME_IS_OVER = N_("The game is over.")
NOT_OVER = N_("The game is not over yet.")
FORM_UNAVAILABLE = N_("That form is not available now.")
CAPTAIN_ROLE_KEPT = N_(
    "Give First Mate, Quarter Master and Scout to the three other players; the Captain role cannot be assigned."
)
TWO_DIFFERENT = N_("Choose two different islands.")
WRITE_TWO_ISLANDS = N_("Write two island numbers, e.g. `3 7`.")
WRITE_DICE = N_("Write the positions of the dice to re-roll, e.g. `1 3`.")
GIVE_THREE = N_("Give exactly 3 pieces of loot, as letters: S Sugar, O Orange, G Gold, P Plantain.")
GET_ONE = N_("Get exactly 1 piece of loot: S, O, G or P.")
NO_GREEN_LEFT = N_("There are no green crew dice left in the supply.")
BANK_LACKS = N_("The bank does not have that loot.")
BANK_EMPTY = N_("The bank is empty: Buried Treasure has nothing to give.")
NOT_ON_BUY_TURN = N_("That card cannot be played on your buying turn.")
RUM_GONE = N_("The rum is all gone (33 pieces in the game).")
GREEN_GONE = N_("All 10 green crew dice are taken.")
DECK_EMPTY = N_("The mystery deck is empty.")


def not_face_down(space: int) -> str:
    return _("Island #{space} is not face down.").format(space=space)


def not_on_island(colour: int) -> str:
    return _("There is no {loot} on the island.").format(loot=loot_name(colour))


def pick_dice(count: int) -> str:
    return _("Pick dice by position, 1 to {count}.").format(count=count)


def cannot_pay(price: Sequence[int]) -> str:
    return _("You cannot pay for that ({price}).").format(price=loot_text(price))


def more_rum_than_crew(rum: int, crew: int) -> str:
    return _("To hire crew you need more Rum than Crew (you have {rum} rum, {crew} crew).").format(rum=rum, crew=crew)


def lacking(give: str) -> str:
    return _("You do not have {loot} to give.").format(loot=codes_text(give))


def bank_has_no(colour: int) -> str:
    return _("The bank has no {loot} left.").format(loot=loot_name(colour))


def shares_must_add_up(loot: Sequence[int], problems: Sequence[str] = ()) -> str:
    text = _("The shares must add up to the loot on the island ({loot}).").format(loot=loot_text(loot))
    return text + "".join(f"\n- {problem}" for problem in problems)


def share_off(colour: int, given: int, loot: int) -> str:
    name = loot_name(colour)
    if given < loot:
        return _("{loot}: the shares give {given} but the island has {island} ({missing} still to give out)").format(
            loot=name, given=given, island=loot, missing=loot - given
        )
    return _("{loot}: the shares give {given} but the island has only {island} ({extra} too many)").format(
        loot=name, given=given, island=loot, extra=given - loot
    )


def share_numbers(seat: int) -> str:
    return _("{player}'s share: write four numbers for Sugar Orange Gold Plantain, e.g. `1 0 2 0`.").format(
        player=p(seat)
    )


def share_unclear(seat: int, raw: str) -> str:
    return _(
        "{player}'s share: `{raw}` is unclear. Write four numbers (Sugar Orange Gold Plantain), "
        "e.g. `1 0 2 0`, or letters like `2G 1S`."
    ).format(player=p(seat), raw=raw[:30])
