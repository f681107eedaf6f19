"""A throwaway PostgreSQL server (initdb + pg_ctl on a temporary folder, loopback, trust auth), and
a fresh schema per test on the server the tests use.

The tests use ``TEST_DATABASE_URL`` when it is set (``.ci/run`` starts a server and sets it). Without
it, the first test that needs PostgreSQL starts a throwaway server for the session from the
PostgreSQL binaries of this machine, or else from those the ``pgserver`` package bundles (a test
extra: ``pip install -e '.[test]'`` brings PostgreSQL 16 to a machine that has only Python). When
neither is possible the PostgreSQL tests fail with a message saying so (they are never skipped
quietly), except outside CI with ``ALLOW_NO_POSTGRES=1``.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import pwd
import secrets
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import asyncpg

BIN_DIRS = ("/usr/local/bin", *sorted(str(p) for p in Path("/usr/lib/postgresql").glob("*/bin")))


def bundled_bin() -> Path | None:
    """The binaries of the ``pgserver`` package, if it is installed (found without importing it:
    its import sets up lock files and a runtime folder we do not use)."""
    spec = importlib.util.find_spec("pgserver")
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(next(iter(spec.submodule_search_locations))) / "pginstall" / "bin"
    return folder if (folder / "initdb").is_file() else None


def binary(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    bundled = bundled_bin()
    for folder in (*BIN_DIRS, *([str(bundled)] if bundled else [])):
        candidate = Path(folder) / name
        if candidate.exists():
            return str(candidate)
    return None


def _reachable_by_others(path: Path) -> bool:
    """Whether a user other than the owner may run what lies at ``path`` (every folder above it searchable)."""
    return all(folder.stat().st_mode & 0o001 for folder in path.resolve().parents) and bool(path.stat().st_mode & 0o005)


def _runnable_copy(initdb: str, pg_ctl: str, folder: Path) -> tuple[str, str]:
    """PostgreSQL refuses to run as root, so as root it runs as another user, who cannot reach binaries
    inside a private folder (a venv under /root): those are copied into the server's own folder."""
    install = Path(initdb).parent.parent
    if _reachable_by_others(Path(initdb)) or not (install / "lib").is_dir():
        return initdb, pg_ctl
    # pgserver's binaries find their libraries at $ORIGIN/../../../pgserver.libs: keep that layout.
    copy = folder / install.parent.name / install.name
    shutil.copytree(install, copy, symlinks=True)
    libs = install.parent.parent / "pgserver.libs"
    if libs.is_dir():
        shutil.copytree(libs, folder / libs.name, symlinks=True)
    for path in (folder, *folder.rglob("*")):
        if not path.is_symlink():
            path.chmod(path.stat().st_mode | 0o055)
    return str(copy / "bin" / Path(initdb).name), str(copy / "bin" / Path(pg_ctl).name)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PgServer:
    """One PostgreSQL cluster in a temporary folder; PostgreSQL refuses to run as root, so as root
    it runs as the ``postgres`` (or ``nobody``) user."""

    def __init__(self, port: int | None = None) -> None:
        initdb, pg_ctl = binary("initdb"), binary("pg_ctl")
        if not initdb or not pg_ctl:
            raise RuntimeError("PostgreSQL is not installed here (no initdb/pg_ctl found)")
        self.initdb, self.pg_ctl = initdb, pg_ctl
        self.port = port or free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="gm-pg-"))
        self.data = self.folder / "data"
        self.user: str | None = None
        if os.geteuid() == 0:
            self.user = "postgres" if _user_exists("postgres") else "nobody"
            self.folder.chmod(0o755)
            self.initdb, self.pg_ctl = _runnable_copy(initdb, pg_ctl, self.folder)
            entry = pwd.getpwnam(self.user)
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, *command: str) -> None:
        prefix = ["runuser", "-u", self.user, "--"] if self.user else []
        subprocess.run([*prefix, *command], check=True, capture_output=True, cwd=self.folder)

    def init(self) -> PgServer:
        self._run(self.initdb, "-D", str(self.data), "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync")
        return self

    def start(self) -> PgServer:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
        self._run(self.pg_ctl, "-D", str(self.data), "-l", str(self.folder / "log"), "-o", options, "-w", "start")
        return self

    def stop(self, mode: str = "fast") -> None:
        self._run(self.pg_ctl, "-D", str(self.data), "-m", mode, "-w", "stop")

    def restart(self) -> None:
        self.stop("immediate")  # as a crash: no clean shutdown, recovery on start
        self.start()

    def remove(self) -> None:
        with contextlib.suppress(Exception):
            self.stop("immediate")
        shutil.rmtree(self.folder, ignore_errors=True)


def _user_exists(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


@contextlib.contextmanager
def throwaway_server() -> Iterator[PgServer]:
    server = PgServer().init().start()
    try:
        yield server
    finally:
        server.remove()


_session: PgServer | None = None


def server_url() -> str:
    """The URL of the server the tests use (starting a session server if needed), or a clear failure."""
    global _session
    url = os.environ.get("TEST_DATABASE_URL") or os.environ.get("DATABASE_URL", "")
    if url.startswith(("postgresql://", "postgres://")):
        return url
    if _session is None:
        if binary("initdb") is None:
            raise RuntimeError(
                "The PostgreSQL tests need a server: set TEST_DATABASE_URL=postgresql://..., install the test extra "
                "(`pip install -e '.[test]'` brings the pgserver package, which bundles PostgreSQL) or install "
                "PostgreSQL (initdb, pg_ctl) so the tests can start a throwaway one. `bash .ci/run` does it all."
            )
        _session = PgServer().init().start()
        import atexit

        atexit.register(_session.remove)
    return _session.url


def with_schema(url: str, schema: str) -> str:
    joiner = "&" if "?" in url else "?"
    return f"{url}{joiner}search_path={schema}"


async def new_schema() -> tuple[str, str]:
    """A fresh empty schema on the test server: (its name, a URL whose connections use it)."""
    url = server_url()
    schema = f"t_{secrets.token_hex(6)}"
    connection = await asyncpg.connect(url)
    try:
        await connection.execute(f"CREATE SCHEMA {schema}")
    finally:
        await connection.close()
    return schema, with_schema(url, schema)


async def drop_schema(schema: str) -> None:
    connection = await asyncpg.connect(server_url())
    try:
        await connection.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
    finally:
        await connection.close()


def wait_until(predicate, timeout: float = 10.0) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return False
