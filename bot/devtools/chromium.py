"""How the web table's browser tests and screenshots start the machine's own Chromium: headless,
and without the background connections a closed network refuses many at a time."""

from __future__ import annotations

LAUNCH_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
