"""What the web table answers to a request it refuses, and how it reads a JSON body."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web

from bot.i18n.table import _


def refuse(status: int, message: str) -> web.Response:
    """A refusal the page shows as it stands: ``{"error": message}``."""
    return web.json_response({"error": message}, status=status, headers={"Cache-Control": "no-store"})


class Unreadable(Exception):
    def __init__(self, response: web.Response) -> None:
        super().__init__(response.text)
        self.response = response


async def json_body(request: web.Request, unreadable: str) -> Any:
    """The request's JSON body; ``Unreadable`` (with its refusal) when it is not JSON."""
    if request.content_type != "application/json":
        raise Unreadable(refuse(415, _("Send JSON.")))
    try:
        return json.loads(await request.read())
    except (ValueError, UnicodeDecodeError):
        raise Unreadable(refuse(400, unreadable)) from None
