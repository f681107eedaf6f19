"""A newcomer's machine has only Python: the test extra's ``pgserver`` wheel supplies PostgreSQL's
binaries when the machine has none of its own (issue 21, point 10)."""

from __future__ import annotations

import pytest

from tests.storage import pg_server


def test_without_a_system_postgresql_the_bundled_binaries_are_used(monkeypatch):
    bundled = pg_server.bundled_bin()
    assert bundled is not None, "the test extra installs pgserver: pip install -e '.[test]'"
    monkeypatch.setattr(pg_server.shutil, "which", lambda name: None)
    monkeypatch.setattr(pg_server, "BIN_DIRS", ())
    assert pg_server.binary("initdb") == str(bundled / "initdb")
    assert pg_server.binary("pg_ctl") == str(bundled / "pg_ctl")


def test_with_no_binaries_at_all_the_tests_say_what_to_do(monkeypatch):
    monkeypatch.setattr(pg_server.shutil, "which", lambda name: None)
    monkeypatch.setattr(pg_server, "BIN_DIRS", ())
    monkeypatch.setattr(pg_server, "bundled_bin", lambda: None)
    monkeypatch.delenv("TEST_DATABASE_URL", raising=False)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setattr(pg_server, "_session", None)
    with pytest.raises(RuntimeError, match="pgserver"):
        pg_server.server_url()
