"""Discord's side of the Activity's sign-in, as a ``Transport``: the OAuth2 token endpoint, /users/@me
and the Activity instance, answering as Discord does (and recording what it was asked)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs

from bot.web.discord_auth import DISCORD_API, ActivityApp

CLIENT_ID = 1_234_567_890_123_456_789
APP = ActivityApp(CLIENT_ID, "client-secret", "bot-token")


@dataclass
class Instance:
    channel_id: int
    guild_id: int | None
    users: list[int]


@dataclass
class DiscordApi:
    codes: dict[str, int] = field(default_factory=dict)
    """Codes the SDK's AUTHORIZE handed out, each for one user (each works once)."""
    instances: dict[str, Instance] = field(default_factory=dict)
    asked: list[tuple[str, str, dict[str, str], dict[str, list[str]]]] = field(default_factory=list)

    def code_for(self, user_id: int) -> str:
        code = f"code{len(self.codes)}x{user_id}"
        self.codes[code] = user_id
        return code

    async def __call__(self, method: str, url: str, headers, body: bytes | None) -> tuple[int, Any]:
        assert url.startswith(DISCORD_API), url
        path = url.removeprefix(DISCORD_API)
        form = parse_qs(body.decode()) if body else {}
        self.asked.append((method, path, dict(headers), form))
        if method == "POST" and path == "/oauth2/token":
            secret_ok = form.get("client_secret") == [APP.client_secret] and form.get("client_id") == [str(CLIENT_ID)]
            code = (form.get("code") or [""])[0]
            if not secret_ok or form.get("grant_type") != ["authorization_code"] or code not in self.codes:
                return 400, {"error": "invalid_grant"}
            user = self.codes.pop(code)
            return 200, {
                "access_token": f"token{user}",
                "token_type": "Bearer",
                "expires_in": 604800,
                "scope": "identify",
            }
        if method == "GET" and path == "/users/@me":
            token = headers.get("Authorization", "").removeprefix("Bearer token")
            if not token.isdigit():
                return 401, {"message": "401: Unauthorized", "code": 0}
            return 200, {"id": token, "username": f"user{token}", "discriminator": "0", "avatar": None}
        prefix = f"/applications/{CLIENT_ID}/activity-instances/"
        if method == "GET" and path.startswith(prefix) and headers.get("Authorization") == f"Bot {APP.bot_token}":
            found = self.instances.get(path.removeprefix(prefix))
            if found is None:
                return 404, {"message": "Unknown Activity Instance", "code": 10083}
            location = {"id": "gc-1", "kind": "gc", "channel_id": str(found.channel_id)}
            if found.guild_id is not None:
                location["guild_id"] = str(found.guild_id)
            payload = {"application_id": str(CLIENT_ID), "instance_id": path.removeprefix(prefix), "launch_id": "1"}
            return 200, {**payload, "location": location, "users": [str(u) for u in found.users]}
        return 404, {"message": "404: Not Found", "code": 0}
