"""Mutiny's "❓" texts: each decision with the sentence of the rule text (002, MIT CMS.608) it comes from."""

from __future__ import annotations

from bot.engine.rulehelp import RuleQuote, help_for
from bot.games.mutiny.state import Phase
from bot.games.mutiny.views import SeatView

HELP: dict[str, RuleQuote] = {
    Phase.ASSIGN: RuleQuote(
        "As Captain you hand out the three other roles; each brings its own power this round.",
        "1. Assign Roles",
        "At the start of each round, the Captain assigns the roles of First Mate, Quarter Master, and Scout by "
        "handing players the corresponding Role Card.",
    ),
    Phase.LOOK: RuleQuote(
        "As Scout you look at two face-down islands; only you see them.",
        "2. Pick an Island",
        "The Scout looks at 2 of the face-down Islands, and decides which one the pirate fleet will conquer.",
    ),
    Phase.PICK: RuleQuote(
        "The island you pick is raided this round: its loot is divided among the crew.",
        "2. Pick an Island",
        "The chosen Island is turned face-up on the table, and all of the loot shown is placed onto the Island.",
    ),
    Phase.TAKE: RuleQuote(
        "The Scout's share: one cube of the raided island, yours whatever the battle brings.",
        "2. Pick an Island",
        "The Scout then takes 1 piece of loot from the Island and puts it onto his ship.",
    ),
    Phase.DIVIDE: RuleQuote(
        "As Captain you split the loot as you like; an unhappy crew may mutiny.",
        "3. Divide Loot",
        "There are no rules regarding how the captain divides up the loot.",
    ),
    Phase.PEEK: RuleQuote(
        "As First Mate you may see one player's dice before the vote.",
        "4. Rally Crew",
        "The First Mate may peek at one other player's dice roll at this time.",
    ),
    Phase.VOTE: RuleQuote(
        "Mutineers fight the Captain's side: the higher dice total wins, and a winning mutineer may become Captain.",
        "5. Decide to Mutiny or Defend",
        "Players take turns deciding to **Mutiny** against the Captain, or **Defend** the Captain.",
    ),
    Phase.CARDS: RuleQuote(
        "Mystery cards can turn the battle before the totals are compared.",
        "6. Resolve Battle",
        "Players may play Mystery Cards at this time, which can re-roll dice or make players lose or gain dice.",
    ),
    Phase.BUY: RuleQuote(
        "Spend loot on rum, crew or mystery cards, or trade three loot for one.",
        "7. Buying",
        "Players take turns spending their loot to buy things, always starting with the Captain (or new Captain in "
        "the event of a mutiny), and going clockwise.",
    ),
}


def rule_help(view: SeatView) -> str:
    return help_for(HELP, view.public.phase)
