"""Option combinations that depend on the table ("Custom Win requirements 1. Agree on a target
combination of Team Cache Groups, Team Coins, Individual Cache Groups, and Individual coins.")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.engine import RuleError
from bot.games.cmiyc.components import GEOCOINS
from bot.games.muggles.i18n import _

GROUPS = 7


def check(options: Mapping[str, Any], players: int) -> None:
    chosen = options["requirements"]
    if chosen == "advanced" and players == 1:
        raise RuleError(
            _(
                "The advanced requirements need at least 2 players (two of them with two flipped geocoins). "
                "Alone, play `requirements=basic` (the solitaire goal) or `custom`."
            )
        )
    if chosen != "custom":
        return
    team, each = options["team_groups"], options["player_groups"]
    coins, coins_each = options["team_coins"], options["player_coins"]
    if not (team or each or coins or coins_each):
        raise RuleError(_("A custom goal needs at least one requirement (groups or flipped geocoins)."))
    if each > GROUPS or team > GROUPS:
        raise RuleError(_("There are only {count} Cache Groups.").format(count=GROUPS))
    if max(coins, coins_each * players) > GEOCOINS:
        raise RuleError(
            _("There are only {count} geocoins: {players} players cannot each flip {each}.").format(
                count=GEOCOINS, players=players, each=coins_each
            )
        )
