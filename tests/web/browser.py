"""Headless Chromium from the machine's packages, driven by Playwright for Python.

Playwright never downloads a browser here: it launches Debian's ``/usr/bin/chromium`` (or
``$CHROMIUM``) through ``executable_path``. ``.ci/run`` installs it with apt-get as it installs
PostgreSQL. Without it these tests are skipped with the reason, except in CI, where they fail.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest


def chromium_path() -> str:
    """Chromium's executable, or a skip (a failure in CI) saying what is missing."""
    wanted = os.environ.get("CHROMIUM") or "/usr/bin/chromium"
    found = wanted if Path(wanted).is_file() else shutil.which("chromium")
    problem = None
    if found is None:
        problem = "Chromium is not installed (apt-get install chromium, or set CHROMIUM=/path/to/chromium)"
    else:
        try:
            import playwright.async_api  # noqa: F401
        except ImportError:
            problem = "Playwright for Python is not installed (pip install -e '.[test]')"
    if problem is not None:
        if os.environ.get("CI"):
            pytest.fail(f"CI FAILED: the browser tests cannot run: {problem}", pytrace=False)
        pytest.skip(f"browser tests skipped: {problem}")
    assert found is not None
    return found
