"""What Mutiny's buttons, menus and forms say: choice labels and descriptions, form titles and fields.

Constants are marked with ``N_`` and translated where a choice or form is built (``label(...)``), so
each reader gets them in their language; the functions compose in the current language.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.mutiny.i18n import N_, _, _n, data_text
from bot.games.mutiny.notation import codes_text, dice_text, die_text, loot_name, loot_short, p
from bot.games.mutiny.state import Die, Vote
from bot.games.mutiny.views import CardInfo, IslandInfo

SAME_ROLES = N_("Same roles as last round")
ALL_THE_BANK_HAS = N_("All the bank has left")
LOOK_RANDOM = N_("🎲 Look at 2 face-down islands at random")
LOOK_FORM_TITLE = N_("Which two islands do you look at?")
LOOK_FORM_BUTTON = N_("🗺️ Choose two islands")
LOOK_FORM_FIELD = N_("Two face-down island numbers")
LOOK_FORM_PLACEHOLDER = N_("e.g. 3 7")
NO_PEEK = N_("Don't peek")
MUTINY_LABEL = N_("Yarr! Mutiny")
DEFEND_LABEL = N_("Defend")
PASS_LABEL = N_("Pass")
STORM_LABEL = N_("🌪️ The Perfect Storm: everyone re-rolls")
PEG_LEG_LABEL = N_("🦿 Play the Peg-Leg face up (+2 Infamy)")
DONE_LABEL = N_("✅ Done buying")
BUY_LABELS = {
    "rum": N_("🍺 Buy Rum (Sugar + Orange)"),
    "crew": N_("🎲 Buy Crew (Orange + 2 Gold + Plantain)"),
    "card": N_("🃏 Buy Mystery card (Sugar + Gold + Plantain)"),
}
DIVIDE_PRESETS = {
    "fair": (N_("✅ Confirm the fair split"), N_("Even shares, shown in the prompt"), "success"),
    "half": (N_("⚖️ Captain's half, rest shared"), N_("You take half, the others share the rest"), "secondary"),
    "keep": (N_("💰 Keep it all"), N_("Every cube for the Captain"), "danger"),
}
DIVIDE_FORM_TITLE = N_("Divide the loot (Sugar Orange Gold Plantain)")
DIVIDE_FORM_BUTTON = N_("✏️ Custom split")
DIVIDE_FORM_PLACEHOLDER = N_("Sugar Orange Gold Plantain, e.g. 1 0 2 0")
RELOAD_FORM_TITLE = N_("Quick Reload: which dice?")
RELOAD_FORM_BUTTON = N_("🔁 Quick Reload: pick dice")
RELOAD_FORM_FIELD = N_("Dice to re-roll (positions)")
TRADE_FORM_TITLE = N_("Trade 3 loot for 1 from the bank")
TRADE_FORM_BUTTON = N_("🔄 Custom trade")
TRADE_FORM_GIVE = N_("Give 3 (letters S O G P)")
TRADE_FORM_GET = N_("Get 1 (S, O, G or P)")
TRADE_GIVE_PLACEHOLDER = N_("e.g. S S O")
TRADE_GET_PLACEHOLDER = N_("e.g. G")


def label(text: str) -> str:
    """A constant of this module in the current language."""
    return _(text)


def assign_label(first_mate: int, quarter_master: int, scout: int) -> str:
    return _("⚓ FM {first_mate} · 🎱 QM {quarter_master} · 🔭 Scout {scout}").format(
        first_mate=p(first_mate), quarter_master=p(quarter_master), scout=p(scout)
    )


def look_again(space: int) -> str:
    return _("🧭 Look again at #{space} (+1 at random)").format(space=space)


def you_saw(name: str) -> str:
    return _("You saw {island} there").format(island=data_text(name))


def pick_label(island: IslandInfo) -> str:
    return f"#{island.space} {data_text(island.name)}: {loot_short(island.loot)}"


def take_label(colour: int) -> str:
    return _("Take 1 {loot}").format(loot=loot_name(colour))


def share_field(seat: int) -> str:
    return _("{player} — S O G P").format(player=p(seat))


def peek_label(target: int) -> str:
    return _("👀 Peek under {player}'s cup").format(player=p(target))


def final_vote_label(mine: Vote, vote: Vote) -> str:
    word = _(MUTINY_LABEL if vote is Vote.MUTINY else DEFEND_LABEL)
    return (
        _("Stay: {decision}").format(decision=word) if mine is vote else _("Change to {decision}").format(decision=word)
    )


def cannon_label(vote: Vote) -> str:
    if vote is Vote.MUTINY:
        return _("💥 Cannon: +1 d6 for the Mutineers")
    return _("💥 Cannon: +1 d6 for the Captain's side")


def madness_label(target: int, die: Die) -> str:
    return _("🍾 Drunken Madness: {player} loses {die}").format(player=p(target), die=die_text(die))


def reload_label(dice: Sequence[Die]) -> str:
    return _("🔁 Quick Reload: re-roll {dice}").format(dice=dice_text(dice))[:80]


def crew_card_label(card: CardInfo, n: int, battle: bool) -> str:
    fields = {"emoji": card.emoji, "card": data_text(card.name), "n": n}
    if battle:
        return _n("{emoji} {card}: +{n} green crew die now", "{emoji} {card}: +{n} green crew dice now", n).format(
            **fields
        )
    return _n("{emoji} {card}: +{n} green crew die", "{emoji} {card}: +{n} green crew dice", n).format(**fields)


def treasure_label(codes: str) -> str:
    return _("💰 Buried Treasure: take {loot}").format(loot=codes_text(codes))


def trade_label(give: str, colour: int) -> str:
    return _("🔄 Trade {give} → 1 {loot}").format(give=codes_text(give), loot=loot_name(colour))
