"""The lobby's language select: the host picks the language the table writes in (issue 25).

Offered only when there is a choice (``bot.i18n.domains.offered_languages``: a language every
catalogue is complete in), each language in its own name. Picking one asks the table (host only,
checked there); the lobby, rewritten in the new language, answers the pick.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.i18n import language_name
from bot.i18n.domains import offered_languages
from bot.i18n.table import _
from cogs import ids
from cogs.components import Interaction, Select, _delivery, _numbers, _run, _select_like


class LanguageSelect(discord.ui.DynamicItem[Select], template=ids.LANGUAGE):
    def __init__(self, game_id: int, select: Select) -> None:
        super().__init__(select)
        self.game_id = game_id

    @classmethod
    def make(cls, game_id: int, languages: tuple[str, ...]) -> LanguageSelect:
        options = [discord.SelectOption(label=language_name(language), value=language) for language in languages]
        select: Select = discord.ui.Select(
            custom_id=ids.language_select(game_id), placeholder=_("🌐 Table language…"), options=options
        )
        return cls(game_id, select)

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LanguageSelect:
        return cls(_numbers(match)[0], _select_like(item, match.group(0)))

    async def callback(self, interaction: Interaction) -> None:
        async def work() -> None:
            if not self.item.values:
                await interaction.response.defer()
                return
            await _delivery(interaction).set_language(interaction, self.game_id, self.item.values[0])

        await _run(interaction, self.game_id, work)


def language_row(game_id: int) -> list[discord.ui.Item[Any]]:
    """The lobby's row with the language select (none while there is only one language)."""
    languages = offered_languages()
    return [LanguageSelect.make(game_id, languages)] if len(languages) > 1 else []
