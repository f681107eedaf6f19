"""Each click and command is answered in its user's language (issue 25): their ``/game settings``
choice, else the language their Discord client sends with every interaction."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import choose, language_name
from bot.i18n.domains import offered_languages, spoken_language
from bot.i18n.table import _
from bot.table import TableError


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


AUTOMATIC = "auto"
"""``/game settings language:auto``: no choice of one's own, the Discord client's language again."""


def language_choices(current: str) -> list[tuple[str, str]]:
    """What ``/game settings language:`` offers as one types: (shown name, value), the offered
    languages in their own names, and going back to the Discord client's language."""
    needle = current.strip().lower()
    found = [(language_name(language), language) for language in offered_languages()]
    found.append((_("Automatic: my Discord language"), AUTOMATIC))
    return [(name, value) for name, value in found if needle in name.lower() or needle in value]


def read_language_choice(text: str) -> str | None:
    """A language typed or picked in ``/game settings`` (its code or its own name): the code, or
    None for ``auto``. Refuses one that is not offered, which changes nothing."""
    typed = text.strip().lower()
    if typed == AUTOMATIC:
        return None
    offered = offered_languages()
    for language in offered:
        if typed in (language, language_name(language).lower()):
            return language
    names = ", ".join(f"**{language_name(language)}** (`{language}`)" for language in offered)
    raise TableError(
        _("I can't write in `{language}` yet. Languages: {offered}, or `auto` for your Discord language.").format(
            language=text.strip()[:20], offered=names
        )
    )


def language_line(language: str | None) -> str:
    """The ``/game settings`` line that says which language the player reads (none while English
    is the only language offered: there is nothing to choose)."""
    if len(offered_languages()) < 2:
        return ""
    if language is None:
        return _("🌐 Language: the one your Discord app uses.")
    return _("🌐 Language: **{language}**.").format(language=language_name(language))
