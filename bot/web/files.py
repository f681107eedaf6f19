"""The web table's own files: the pages, their stylesheet and scripts, and the SDK bundle."""

from __future__ import annotations

from importlib import resources

STATIC = {
    "table.css": "text/css",
    "table.js": "text/javascript",
    "page.html": "text/html",
    "seat.html": "text/html",
    "activity.js": "text/javascript",
    "discord-sdk.js": "text/javascript",
}
BUNDLED = {"discord-sdk.js": "activity"}
"""Files built by a documented step and committed beside their lock file (docs/web.md)."""


def static_bytes(name: str) -> bytes:
    return resources.files("bot.web").joinpath(BUNDLED.get(name, "static")).joinpath(name).read_bytes()
