"""Slash commands in German for a German Discord client (issue 25): names, descriptions and
parameters carry German localisations that Discord accepts; English stays the default."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from cogs.translator import slash_text

NAME = re.compile(r"^[-_\w]{1,32}$")


def _entries(command: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield command
    for option in command.get("options", []):
        yield from _entries(option)


def _german_name(entry: dict[str, Any]) -> str:
    """The name a German client shows: its localisation, or the English where both are spelt alike
    (``thread``, ``export``: the translator then leaves Discord's default)."""
    return str(entry.get("name_localizations", {}).get("de", entry["name"]))


async def test_a_german_client_sees_german_commands(bot, fake):
    [game] = fake.synced_commands["global"]
    assert game["name"] == "game"
    assert game["name_localizations"]["de"] == "spiel"
    assert game["description_localizations"]["de"] == "Brettspiele in diesem Kanal spielen"
    new = next(o for o in game["options"] if o["name"] == "new")
    assert new["name_localizations"]["de"] == "neu"
    assert new["description_localizations"]["de"].startswith("Hier einen Tisch für ein Spiel eröffnen")
    assert [_german_name(o) for o in new["options"]] == [
        "spiel",
        "optionen",
        "computer",
        "thread",
        "erinnern",
        "uhr",
        "verpasst",
    ]


async def test_every_name_and_description_has_german_that_discord_accepts(bot, fake):
    [game] = fake.synced_commands["global"]
    for entry in _entries(game):
        german_name = _german_name(entry)
        german_description = entry["description_localizations"]["de"]
        assert NAME.match(german_name) and german_name == german_name.lower(), entry["name"]
        assert 1 <= len(german_description) <= 100, entry["name"]
    german_names = [_german_name(o) for o in game["options"]]
    assert len(set(german_names)) == len(german_names)


def test_english_and_unknown_locales_keep_discords_default():
    assert slash_text("new", "de") == "neu"
    assert slash_text("new", "en-US") is None
    assert slash_text("new", "fr") is None
