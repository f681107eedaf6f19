"""Why a Mutiny move is refused: every refusal and form error a player reads.

``{pN}`` stands for seat N (the table writes the player's colour and name).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.mutiny.data import LOOT_NAMES
from bot.games.mutiny.notation import codes_text, loot_text, p


def not_legal(action: str) -> str:
    return f"`{action[:40]}` is not a move you can make now."


def not_your_turn(seat: int) -> str:
    return f"It is not your turn: waiting for {p(seat)}."


GAME_IS_OVER = "The game is over."
NOT_OVER = "The game is not over yet."
FORM_UNAVAILABLE = "That form is not available now."
CAPTAIN_ROLE_KEPT = (
    "Give First Mate, Quarter Master and Scout to the three other players; the Captain role cannot be assigned."
)
TWO_DIFFERENT = "Choose two different islands."
WRITE_TWO_ISLANDS = "Write two island numbers, e.g. `3 7`."
WRITE_DICE = "Write the positions of the dice to re-roll, e.g. `1 3`."
GIVE_THREE = "Give exactly 3 pieces of loot, as letters: S Sugar, O Orange, G Gold, P Plantain."
GET_ONE = "Get exactly 1 piece of loot: S, O, G or P."
NO_GREEN_LEFT = "There are no green crew dice left in the supply."
BANK_LACKS = "The bank does not have that loot."
BANK_EMPTY = "The bank is empty: Buried Treasure has nothing to give."
NOT_ON_BUY_TURN = "That card cannot be played on your buying turn."
RUM_GONE = "The rum is all gone (33 pieces in the game)."
GREEN_GONE = "All 10 green crew dice are taken."
DECK_EMPTY = "The mystery deck is empty."


def not_face_down(space: int) -> str:
    return f"Island #{space} is not face down."


def not_on_island(colour: int) -> str:
    return f"There is no {LOOT_NAMES[colour]} on the island."


def pick_dice(count: int) -> str:
    return f"Pick dice by position, 1 to {count}."


def cannot_pay(price: Sequence[int]) -> str:
    return f"You cannot pay for that ({loot_text(price)})."


def more_rum_than_crew(rum: int, crew: int) -> str:
    return f"To hire crew you need more Rum than Crew (you have {rum} rum, {crew} crew)."


def lacking(give: str) -> str:
    return f"You do not have {codes_text(give)} to give."


def bank_has_no(colour: int) -> str:
    return f"The bank has no {LOOT_NAMES[colour]} left."


def shares_must_add_up(loot: Sequence[int], problems: Sequence[str] = ()) -> str:
    text = f"The shares must add up to the loot on the island ({loot_text(loot)})."
    return text + "".join(f"\n- {problem}" for problem in problems)


def share_off(colour: int, given: int, loot: int) -> str:
    name = LOOT_NAMES[colour]
    if given < loot:
        return f"{name}: the shares give {given} but the island has {loot} ({loot - given} still to give out)"
    return f"{name}: the shares give {given} but the island has only {loot} ({given - loot} too many)"


def share_numbers(seat: int) -> str:
    return f"{p(seat)}'s share: write four numbers for Sugar Orange Gold Plantain, e.g. `1 0 2 0`."


def share_unclear(seat: int, raw: str) -> str:
    return (
        f"{p(seat)}'s share: `{raw[:30]}` is unclear. Write four numbers (Sugar Orange Gold Plantain), "
        "e.g. `1 0 2 0`, or letters like `2G 1S`."
    )
