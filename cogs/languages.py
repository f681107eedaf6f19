"""Each click and command is answered in its user's language (issue 25): their ``/game settings``
choice, else the language their Discord client sends with every interaction."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import choose
from bot.i18n.domains import spoken_language


def client_locale(interaction: discord.Interaction[Any]) -> str | None:
    locale = interaction.locale
    return locale.value if locale is not None else None


def guild_locale(interaction: discord.Interaction[Any]) -> str | None:
    locale = interaction.guild_locale
    return locale.value if locale is not None else None


async def answer_in_readers_language(interaction: discord.Interaction[Any]) -> str:
    """Compose the rest of this interaction's handler in its user's language (task-local)."""
    locale = client_locale(interaction)
    service = getattr(interaction.client, "_service", None)
    if service is None:  # before the table is built: the client's language
        return choose(spoken_language(locale))
    return choose(await service.readers.of(interaction.user.id, locale))
