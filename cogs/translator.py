"""Slash commands in the reader's language: discord.py asks this for every command name, description
and parameter (``auto_locale_strings``) when the commands are synced, once per Discord locale."""

from __future__ import annotations

import re

import discord
from discord import app_commands

from bot.i18n import DEFAULT_LANGUAGE, language_of
from bot.i18n.table import SLASH_CONTEXT, TABLE

NAME = re.compile(r"^[-_\w]{1,32}$")
"""What Discord accepts as a command or parameter name (lower case, checked apart)."""


class CommandTranslator(app_commands.Translator):
    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        return slash_text(string.message, locale.value)


def slash_text(message: str, locale: str) -> str | None:
    """The German (or other catalogue language's) text of a command's name or description; None keeps
    Discord's default, the English."""
    language = language_of(locale)
    if language == DEFAULT_LANGUAGE:
        return None
    text = TABLE.translations(language).pgettext(SLASH_CONTEXT, message)
    return text if text != message else None
