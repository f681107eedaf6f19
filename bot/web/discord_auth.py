"""Who opened the Activity, from Discord itself: the Embedded App SDK's OAuth2 code exchanged for
the user's token and id, and the Activity instance the page says it runs in, as Discord knows it.

The page hands over what the SDK gave it (the code, the instance id, the channel and server ids),
all of which a person could make up; only Discord's own answers are believed. The code is
exchanged with the client secret (it works once, for this application only), the user is read
with that token, and the instance is read with the bot's token: its location must be the channel
and server the page named, and the user must be in it. The HTTP calls go through ``Transport``,
so tests answer as Discord would without a network.
"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

import aiohttp

from bot.i18n.table import _
from bot.storage import MAX_ID

DISCORD_API = "https://discord.com/api/v10"
TIMEOUT = 10.0

Transport = Callable[[str, str, Mapping[str, str], bytes | None], Awaitable[tuple[int, Any]]]
"""(method, url, headers, body) → (status, the JSON answer or None)."""

_CODE = re.compile(r"[A-Za-z0-9_-]{1,100}")
_INSTANCE = re.compile(r"[A-Za-z0-9_-]{1,100}")
_SNOWFLAKE = re.compile(r"[0-9]{1,20}")
_TOKEN = re.compile(r"[A-Za-z0-9._~+/=-]{1,200}")
LAUNCH_KEYS = {"code", "instance_id", "channel_id", "guild_id"}


class NotSignedIn(Exception):
    """Discord did not vouch for the person or the place; the message says what to do."""


@dataclass(frozen=True)
class ActivityApp:
    """The application's credentials for the Activity's sign-in."""

    client_id: int
    client_secret: str = field(repr=False)
    bot_token: str = field(repr=False)

    @property
    def origin(self) -> str:
        """Where Discord serves the Activity (its proxy in front of PUBLIC_URL)."""
        return f"https://{self.client_id}.discordsays.com"


@dataclass(frozen=True)
class Launch:
    """What the Activity page says about itself (from the SDK): believed only once Discord agrees."""

    code: str
    instance_id: str
    channel_id: int
    guild_id: int | None


@dataclass(frozen=True)
class SignedIn:
    user_id: int
    access_token: str = field(repr=False)
    """Handed back to the page for the SDK's AUTHENTICATE (the user's own token, scope identify)."""


def _snowflake(value: Any, unreadable: str) -> int:
    if not isinstance(value, str) or not _SNOWFLAKE.fullmatch(value) or not 0 < int(value) <= MAX_ID:
        raise ValueError(unreadable)
    return int(value)


def read_launch(body: Any) -> Launch:
    """The page's sign-in request, read as strictly as a component id (no other keys, bounded ids)."""
    if not isinstance(body, dict) or set(body) != LAUNCH_KEYS:
        raise ValueError(_("That sign-in is not one I can read."))
    code, instance = body["code"], body["instance_id"]
    if not isinstance(code, str) or not _CODE.fullmatch(code):
        raise ValueError(_("That sign-in code is not one I can read."))
    if not isinstance(instance, str) or not _INSTANCE.fullmatch(instance):
        raise ValueError(_("That Activity instance is not one I can read."))
    guild = body["guild_id"]
    return Launch(
        code,
        instance,
        _snowflake(body["channel_id"], _("That channel is not one I can read.")),
        None if guild is None else _snowflake(guild, _("That server is not one I can read.")),
    )


async def aiohttp_transport(method: str, url: str, headers: Mapping[str, str], body: bytes | None) -> tuple[int, Any]:
    timeout = aiohttp.ClientTimeout(total=TIMEOUT)
    async with (
        aiohttp.ClientSession(timeout=timeout) as session,
        session.request(method, url, headers=dict(headers), data=body) as response,
    ):
        try:
            data = json.loads(await response.read())
        except ValueError:
            data = None
        return response.status, data


class DiscordAuth:
    def __init__(self, app: ActivityApp, transport: Transport = aiohttp_transport, api: str = DISCORD_API) -> None:
        self.app = app
        self._transport = transport
        self._api = api

    async def sign_in(self, launch: Launch) -> SignedIn:
        """The person behind the code, once Discord confirms they are in that instance, in that place."""
        token = await self._exchange(launch.code)
        user_id = await self._user(token)
        await self._check_instance(launch, user_id)
        return SignedIn(user_id, token)

    async def _call(self, method: str, path: str, headers: Mapping[str, str], body: bytes | None = None) -> Any:
        try:
            status, data = await self._transport(method, self._api + path, headers, body)
        except (aiohttp.ClientError, TimeoutError) as error:
            raise NotSignedIn(_("Discord did not answer: open the Activity again in a moment.")) from error
        if status != 200 or not isinstance(data, dict):
            raise NotSignedIn(_("Discord did not confirm who you are: open the Activity again."))
        return data

    async def _exchange(self, code: str) -> str:
        body = urlencode(
            {
                "client_id": str(self.app.client_id),
                "client_secret": self.app.client_secret,
                "grant_type": "authorization_code",
                "code": code,
            }
        ).encode()
        data = await self._call("POST", "/oauth2/token", {"Content-Type": "application/x-www-form-urlencoded"}, body)
        token = data.get("access_token")
        scopes = str(data.get("scope", "")).split()
        if not isinstance(token, str) or not _TOKEN.fullmatch(token) or "identify" not in scopes:
            raise NotSignedIn(_("Discord did not confirm who you are: open the Activity again."))
        return token

    async def _user(self, token: str) -> int:
        data = await self._call("GET", "/users/@me", {"Authorization": f"Bearer {token}"})
        try:
            return _snowflake(data.get("id"), _("That user is not one I can read."))
        except ValueError as error:
            raise NotSignedIn(_("Discord did not confirm who you are: open the Activity again.")) from error

    async def _check_instance(self, launch: Launch, user_id: int) -> None:
        path = f"/applications/{self.app.client_id}/activity-instances/{launch.instance_id}"
        data = await self._call("GET", path, {"Authorization": f"Bot {self.app.bot_token}"})
        location = data.get("location")
        users = data.get("users")
        if not isinstance(location, dict) or not isinstance(users, list):
            raise NotSignedIn(_("Discord does not know this Activity: open it again."))
        guild = location.get("guild_id")
        here = (str(location.get("channel_id")), None if guild is None else str(guild))
        asked = (str(launch.channel_id), None if launch.guild_id is None else str(launch.guild_id))
        if here != asked or str(user_id) not in {str(u) for u in users}:
            raise NotSignedIn(_("This Activity runs somewhere else: open it from the game's channel."))
