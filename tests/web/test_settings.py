"""The web table is off unless both PUBLIC_URL and WEB_PORT are set; both are read strictly."""

from __future__ import annotations

import pytest

from bot.config import ConfigError, load_settings


def test_the_web_table_runs_only_with_both_public_url_and_port():
    assert not load_settings({}, env_file=None).web_on
    assert not load_settings({"PUBLIC_URL": "https://games.example.org"}, env_file=None).web_on
    assert not load_settings({"WEB_PORT": "8080"}, env_file=None).web_on
    settings = load_settings({"PUBLIC_URL": "https://games.example.org/", "WEB_PORT": "8080"}, env_file=None)
    assert settings.web_on and settings.public_url == "https://games.example.org" and settings.web_port == 8080
    assert settings.web_host == "127.0.0.1", "behind a reverse proxy by default; WEB_HOST opens it wider"


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("PUBLIC_URL", "games.example.org"),
        ("PUBLIC_URL", "ftp://games.example.org"),
        ("PUBLIC_URL", "https://games.example.org/table"),
        ("PUBLIC_URL", "javascript:alert(1)"),
        ("WEB_PORT", "0"),
        ("WEB_PORT", "65536"),
        ("WEB_PORT", "80a"),
        ("WEB_PORT", "٨٠"),
    ],
)
def test_a_malformed_web_setting_is_refused_with_what_to_write(name, value):
    with pytest.raises(ConfigError, match=name):
        load_settings({name: value}, env_file=None)


WEB = {"PUBLIC_URL": "https://games.example.org", "WEB_PORT": "8080"}


def test_the_activity_is_off_unless_asked_for_and_needs_the_secret_and_the_web_table():
    assert not load_settings(WEB, env_file=None).activity_on
    on = load_settings({**WEB, "ACTIVITY": "1", "DISCORD_CLIENT_SECRET": "s3cret"}, env_file=None)
    assert on.activity_on and on.discord_client_secret == "s3cret"
    assert "s3cret" not in repr(on), "the client secret is a password: never printed"
    assert not load_settings({**WEB, "ACTIVITY": "0", "DISCORD_CLIENT_SECRET": "s3cret"}, env_file=None).activity_on
    with pytest.raises(ConfigError, match="DISCORD_CLIENT_SECRET"):
        load_settings({**WEB, "ACTIVITY": "1"}, env_file=None)
    with pytest.raises(ConfigError, match="PUBLIC_URL and WEB_PORT"):
        load_settings({"ACTIVITY": "1", "DISCORD_CLIENT_SECRET": "s3cret"}, env_file=None)
    with pytest.raises(ConfigError, match="ACTIVITY must be 1"):
        load_settings({**WEB, "ACTIVITY": "yes", "DISCORD_CLIENT_SECRET": "s3cret"}, env_file=None)
