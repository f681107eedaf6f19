"""What the client tells an admin about a server whose invite left permissions out."""

from __future__ import annotations

import logging
from types import SimpleNamespace

import discord

from bot.client import warn_missing_permissions


def guild(permissions: discord.Permissions) -> discord.Guild:
    me = SimpleNamespace(guild_permissions=permissions)
    return SimpleNamespace(name="Pirate Cove", id=42, me=me)  # type: ignore[return-value]


def test_a_server_without_attach_files_is_named_with_what_is_missing(caplog):
    with caplog.at_level(logging.WARNING, logger="bot"):
        warn_missing_permissions(guild(discord.Permissions(view_channel=True, send_messages=True)))
    [line] = [r.getMessage() for r in caplog.records]
    assert "Pirate Cove (42)" in line and "attach_files" in line and "read_message_history" in line
    assert "view_channel" not in line and "python -m bot invite" in line


def test_a_server_with_every_permission_is_not_mentioned(caplog):
    with caplog.at_level(logging.WARNING, logger="bot"):
        warn_missing_permissions(guild(discord.Permissions.all()))
    assert caplog.records == []
