"""Settings, `python -m bot` without a token, the invite URL, intents."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.client import intents
from bot.config import ConfigError, Settings, bot_permissions, invite_url, load_settings

SECRET = "MTIzNDU2Nzg5.secret-token-value"


def test_settings_come_from_the_environment_with_defaults(tmp_path):
    settings = load_settings({"DISCORD_TOKEN": SECRET}, env_file=tmp_path / "missing.env")
    assert settings.discord_token == SECRET
    assert settings.database_path == Path("data/games.db")
    assert settings.log_level == "INFO" and settings.dev_guild_id is None

    full = load_settings(
        {"DISCORD_TOKEN": SECRET, "DATABASE_PATH": "/srv/gm.db", "LOG_LEVEL": "debug", "DEV_GUILD_ID": "123"},
        env_file=None,
    )
    assert (full.database_path, full.log_level, full.dev_guild_id) == (Path("/srv/gm.db"), "DEBUG", 123)


def test_the_env_file_fills_in_but_the_environment_wins(tmp_path):
    env_file = tmp_path / ".env"
    env_file.write_text("DISCORD_TOKEN=from-file\nDATABASE_PATH=file.db\n# a comment\nLOG_LEVEL=WARNING\n")
    settings = load_settings({"LOG_LEVEL": "ERROR"}, env_file=env_file)
    assert settings.discord_token == "from-file"
    assert settings.database_path == Path("file.db") and settings.log_level == "ERROR"


def test_the_token_never_shows_in_repr_or_str():
    settings = Settings(discord_token=SECRET)
    assert SECRET not in repr(settings) and SECRET not in str(settings) and SECRET not in f"{settings}"
    assert "discord_token='***'" in repr(settings)
    assert "discord_token=None" in repr(Settings())


def test_bad_settings_are_explained(tmp_path):
    with pytest.raises(ConfigError, match="LOG_LEVEL must be one of"):
        load_settings({"LOG_LEVEL": "LOUD"}, env_file=None)
    with pytest.raises(ConfigError, match="DEV_GUILD_ID must be a server id"):
        load_settings({"DEV_GUILD_ID": "my server"}, env_file=None)
    # Digits Python's isdigit() accepts but int() does not, and numbers too long to be what they say.
    for name, value in (
        ("DEV_GUILD_ID", "²"),
        ("DEV_GUILD_ID", "9" * 400),
        ("BACKUP_KEEP", "³"),
        ("SHARD_COUNT", "9" * 5000),
    ):
        with pytest.raises(ConfigError, match=f"{name} must be"):
            load_settings({name: value}, env_file=None)


def test_running_without_a_token_exits_with_instructions(monkeypatch, tmp_path, capsys):
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main([]) == 2
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN is not set" in err
    assert "copy .env.example to .env" in err


def test_startup_logs_settings_without_the_token(monkeypatch, tmp_path, caplog):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", SECRET)
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "x.db"))
    ran = {}

    async def fake_serve(settings, token):
        ran["token"] = token

    monkeypatch.setattr("bot.runner.serve", fake_serve)
    monkeypatch.setattr("bot.runner.configure_logging", lambda level: None)
    with caplog.at_level(logging.INFO, logger="bot"):
        assert main([]) == 0
    assert ran == {"token": SECRET}
    assert "Starting with" in caplog.text and SECRET not in caplog.text


def test_invite_url_and_permissions(capsys):
    permissions = bot_permissions()
    assert permissions.value == 309237746688
    # discord.py iterates View Channel under its older name, read_messages.
    assert {name for name, value in permissions if value} == {
        "read_messages",
        "send_messages",
        "send_messages_in_threads",
        "create_public_threads",
        "attach_files",
        "read_message_history",
    }
    url = invite_url(42)
    assert url.startswith("https://discord.com/oauth2/authorize?client_id=42")
    assert "scope=bot+applications.commands" in url and "permissions=309237746688" in url
    assert main(["invite", "42"]) == 0
    assert capsys.readouterr().out.strip() == url
    assert main(["invite"]) == 2


def test_no_privileged_intents():
    wanted = intents()
    assert not (wanted.members or wanted.presences or wanted.message_content)
    assert wanted.guilds and wanted.guild_messages  # message ids only: how far up the board scrolled


def test_debug_logging_keeps_discord_py_bodies_out(monkeypatch):
    from bot.config import configure_logging

    root = logging.getLogger()
    saved = (root.level, list(root.handlers), logging.getLogger("discord").level)
    try:
        configure_logging("DEBUG")
        assert root.level == logging.DEBUG
        assert logging.getLogger("cogs").isEnabledFor(logging.DEBUG)
        assert not logging.getLogger("discord.http").isEnabledFor(logging.DEBUG)
        configure_logging("WARNING")
        assert not logging.getLogger("discord.http").isEnabledFor(logging.INFO)
    finally:
        root.setLevel(saved[0])
        root.handlers[:] = saved[1]
        logging.getLogger("discord").setLevel(saved[2])
