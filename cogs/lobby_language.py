"""The lobby's language select: the host picks the language the table writes in (issue 25).

Offered only when there is a choice (``bot.i18n.domains.offered_languages``: a language every
catalogue is complete in), each language in its own name. Picking one asks the table (host only,
checked there); the lobby, rewritten in the new language, answers the pick.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import language_name
from bot.i18n.domains import offered_languages
from bot.i18n.table import _
from cogs import ids
from cogs.components import Interaction, Select, _delivery
from cogs.lobby_levels import LobbyPick


class LanguageSelect(LobbyPick, template=ids.LANGUAGE):
    @classmethod
    def make(cls, game_id: int, languages: tuple[str, ...]) -> LanguageSelect:
        options = [discord.SelectOption(label=language_name(language), value=language) for language in languages]
        select: Select = discord.ui.Select(
            custom_id=ids.language_select(game_id), placeholder=_("🌐 Table language…"), options=options
        )
        return cls(game_id, select)

    async def picked(self, interaction: Interaction, value: str) -> None:
        await _delivery(interaction).set_language(interaction, self.game_id, value)


def language_row(game_id: int) -> list[discord.ui.Item[Any]]:
    """The lobby's row with the language select (none while there is only one language)."""
    languages = offered_languages()
    return [LanguageSelect.make(game_id, languages)] if len(languages) > 1 else []
