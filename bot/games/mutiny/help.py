"""Mutiny's "❓" texts: each decision with the sentence of the rule text (002, MIT CMS.608) it comes from.

Marked with ``N_`` and translated when shown; a translated quote renders the rule sentence faithfully."""

from __future__ import annotations

from bot.engine.rulehelp import RuleQuote, help_for
from bot.games.mutiny.i18n import N_, _
from bot.games.mutiny.state import Phase
from bot.games.mutiny.views import SeatView

HELP: dict[str, RuleQuote] = {
    Phase.ASSIGN: RuleQuote(
        N_("As Captain you hand out the three other roles; each brings its own power this round."),
        N_("1. Assign Roles"),
        N_(
            "At the start of each round, the Captain assigns the roles of First Mate, Quarter Master, and Scout by "
            "handing players the corresponding Role Card."
        ),
    ),
    Phase.LOOK: RuleQuote(
        N_("As Scout you look at two face-down islands; only you see them."),
        N_("2. Pick an Island"),
        N_("The Scout looks at 2 of the face-down Islands, and decides which one the pirate fleet will conquer."),
    ),
    Phase.PICK: RuleQuote(
        N_("The island you pick is raided this round: its loot is divided among the crew."),
        N_("2. Pick an Island"),
        N_("The chosen Island is turned face-up on the table, and all of the loot shown is placed onto the Island."),
    ),
    Phase.TAKE: RuleQuote(
        N_("The Scout's share: one cube of the raided island, yours whatever the battle brings."),
        N_("2. Pick an Island"),
        N_("The Scout then takes 1 piece of loot from the Island and puts it onto his ship."),
    ),
    Phase.DIVIDE: RuleQuote(
        N_("As Captain you split the loot as you like; an unhappy crew may mutiny."),
        N_("3. Divide Loot"),
        N_("There are no rules regarding how the captain divides up the loot."),
    ),
    Phase.PEEK: RuleQuote(
        N_("As First Mate you may see one player's dice before the vote."),
        N_("4. Rally Crew"),
        N_("The First Mate may peek at one other player's dice roll at this time."),
    ),
    Phase.VOTE: RuleQuote(
        N_(
            "Mutineers fight the Captain's side: the higher dice total wins, and a winning mutineer may become Captain."
        ),
        N_("5. Decide to Mutiny or Defend"),
        N_("Players take turns deciding to **Mutiny** against the Captain, or **Defend** the Captain."),
    ),
    Phase.CARDS: RuleQuote(
        N_("Mystery cards can turn the battle before the totals are compared."),
        N_("6. Resolve Battle"),
        N_("Players may play Mystery Cards at this time, which can re-roll dice or make players lose or gain dice."),
    ),
    Phase.BUY: RuleQuote(
        N_("Spend loot on rum, crew or mystery cards, or trade three loot for one."),
        N_("7. Buying"),
        N_(
            "Players take turns spending their loot to buy things, always starting with the Captain (or new Captain in "
            "the event of a mutiny), and going clockwise."
        ),
    ),
}


def _translated(entry: RuleQuote) -> RuleQuote:
    return RuleQuote(_(entry.why), _(entry.section), _(entry.quote))


def rule_help(view: SeatView) -> str:
    entry = HELP.get(view.public.phase)
    return help_for({view.public.phase: _translated(entry)}, view.public.phase) if entry is not None else ""
