"""A fake Discord for driving the real bot (client, cogs, views) in tests.

Nothing of the bot is mocked: interactions are built from raw gateway payloads
(as Discord sends them) and fed to ``bot._connection.parse_interaction_create``,
so discord.py routes them exactly as in production — app commands through the
command tree, clicks through the dynamic items registered on the bot, modal
submissions through ``on_interaction``. Only the network is fake:

* ``HTTPClient.request`` (channel messages, DMs, threads, command sync, ...)
  is replaced on the bot's HTTP client;
* ``AsyncWebhookAdapter.request`` (interaction responses and follow-ups) is
  patched for the duration of the test.

Both record what the bot sends as ``FakeMessage``s, from which a test reads what
a player would see: channel messages, the DMs of a user, the ephemeral messages
shown only to one user, the buttons and menus on each of them. Clicking a
button builds the interaction from the message as it stands (or from a snapshot
of it, to simulate a click from a screen that was not refreshed yet).
"""

from __future__ import annotations

import asyncio
import copy
import io
import itertools
import json
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.config import bot_permissions

BASE = "https://discord.com/api/v10"
TIMESTAMP = "2024-01-01T00:00:00+00:00"
EPHEMERAL = 64

MEMBER_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    read_message_history=True,
    use_application_commands=True,
    attach_files=True,
    embed_links=True,
)
BOT_PERMISSIONS = bot_permissions()


class FakeResponse:
    """Enough of an aiohttp response for ``discord.HTTPException``."""

    def __init__(self, status: int, reason: str) -> None:
        self.status = status
        self.reason = reason


def forbidden(code: int = 50007, message: str = "Cannot send messages to this user") -> discord.Forbidden:
    return discord.Forbidden(FakeResponse(403, "Forbidden"), {"code": code, "message": message})


@dataclass
class FakeUser:
    id: int
    name: str
    manage_guild: bool = False

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
        }

    def member_payload(self) -> dict[str, Any]:
        permissions = discord.Permissions(MEMBER_PERMISSIONS.value)
        permissions.manage_guild = self.manage_guild
        return {
            "user": self.payload(),
            "nick": None,
            "roles": [],
            "joined_at": TIMESTAMP,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "permissions": str(permissions.value),
        }


def _walk_components(components: Iterable[dict[str, Any]]) -> Iterable[dict[str, Any]]:
    for component in components or ():
        yield component
        yield from _walk_components(component.get("components", ()))
        if "component" in component:
            yield from _walk_components([component["component"]])


@dataclass
class FakeMessage:
    id: int
    channel_id: int
    content: str | None = None
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[tuple[str, bytes]] = field(default_factory=list)
    embeds: list[dict[str, Any]] = field(default_factory=list)
    flags: int = 0
    allowed_mentions: dict[str, Any] | None = None
    visible_to: int | None = None
    """For ephemeral messages: the only user who sees it."""
    loading: bool = False
    """A deferred "thinking…" response not filled in yet."""
    edits: int = 0

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def text(self) -> str:
        return self.content or ""

    def snapshot(self) -> FakeMessage:
        """The message as a screen that is not refreshed keeps showing it."""
        return copy.deepcopy(self)

    @property
    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in _walk_components(self.components) if c.get("type") == 2]

    @property
    def selects(self) -> list[dict[str, Any]]:
        return [c for c in _walk_components(self.components) if c.get("type") == 3]

    @property
    def rows(self) -> list[dict[str, Any]]:
        return [c for c in self.components if c.get("type") == 1]

    def button_labels(self) -> list[str]:
        return [_button_text(b) for b in self.buttons]

    def button(self, text: str) -> dict[str, Any]:
        for button in self.buttons:
            if text == button.get("custom_id") or text in _button_text(button):
                return button
        raise AssertionError(f"no button {text!r} on message {self.id}; buttons: {self.button_labels()}")

    def has_button(self, text: str) -> bool:
        return any(text == b.get("custom_id") or text in _button_text(b) for b in self.buttons)

    @property
    def mention_ids(self) -> list[int]:
        """Users this message may ping (``allowed_mentions.users``)."""
        users = (self.allowed_mentions or {}).get("users") or []
        return sorted(int(u) for u in users)

    @property
    def may_ping_everyone_or_roles(self) -> bool:
        parse = (self.allowed_mentions or {}).get("parse", [])
        return self.allowed_mentions is None or "everyone" in parse or "roles" in parse

    def payload(self, fake: FakeDiscord) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": fake.bot_user,
            "content": self.content or "",
            "timestamp": TIMESTAMP,
            "edited_timestamp": TIMESTAMP if self.edits else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [
                {
                    "id": str(self.id * 10 + i),
                    "filename": name,
                    "size": len(data),
                    "url": f"https://cdn.example/{name}",
                    "proxy_url": f"https://cdn.example/{name}",
                }
                for i, (name, data) in enumerate(self.attachments)
            ],
            "embeds": self.embeds,
            "pinned": False,
            "type": 0,
            "flags": self.flags,
            "components": copy.deepcopy(self.components),
        }


def _button_text(button: dict[str, Any]) -> str:
    emoji = (button.get("emoji") or {}).get("name") or ""
    return f"{emoji} {button.get('label') or ''}".strip()


@dataclass
class InteractionRecord:
    """One interaction and everything the bot answered to it."""

    id: int
    token: str
    type: int
    user: FakeUser
    channel_id: int
    source: FakeMessage | None = None
    response_type: int | None = None
    original: FakeMessage | None = None
    created: list[FakeMessage] = field(default_factory=list)
    """Messages created in answer (the response and follow-ups), in order."""
    modal: dict[str, Any] | None = None
    choices: list[dict[str, Any]] | None = None

    @property
    def reply(self) -> FakeMessage:
        assert self.created, f"the bot sent no reply message (response type {self.response_type})"
        return self.created[-1]

    @property
    def texts(self) -> list[str]:
        return [m.text for m in self.created]


class FakeDiscord:
    """The Discord side of the conversation: one server with one text channel, users, DMs."""

    def __init__(self) -> None:
        self._ids = itertools.count(1_200_000_000_000_000_001)
        self.application_id = self.snowflake()
        self.bot_user = {
            "id": str(self.application_id),
            "username": "Game Master",
            "global_name": None,
            "discriminator": "0",
            "avatar": None,
            "bot": True,
        }
        self.guild_id = self.snowflake()
        self.channels: dict[int, dict[str, Any]] = {}
        self.channel_id = self.text_channel("games")
        self.users: dict[int, FakeUser] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.interactions: dict[str, InteractionRecord] = {}
        self.dm_channels: dict[int, int] = {}
        self.dms_closed: set[int] = set()
        self.channels_refusing_posts: set[int] = set()
        """Channels where the bot lacks access despite what the interaction said (50013 Missing Permissions)."""
        self.bot_permissions = BOT_PERMISSIONS.value
        self.requests: list[tuple[str, str]] = []
        self.synced_commands: dict[str, list[dict[str, Any]]] = {}
        self.threads_created: list[int] = []
        self.deleted_channels: list[int] = []

    # --- the world ----------------------------------------------------------

    def snowflake(self) -> int:
        return next(self._ids)

    def text_channel(self, name: str) -> int:
        channel_id = self.snowflake()
        self.channels[channel_id] = {
            "id": str(channel_id),
            "type": 0,
            "guild_id": str(self.guild_id),
            "name": name,
            "position": len(self.channels),
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
        }
        return channel_id

    def user(self, name: str, *, manage_guild: bool = False) -> FakeUser:
        user = FakeUser(self.snowflake(), name, manage_guild)
        self.users[user.id] = user
        return user

    def close_dms(self, user: FakeUser) -> None:
        self.dms_closed.add(user.id)

    # --- what people see ------------------------------------------------------

    def channel_messages(self, channel_id: int | None = None) -> list[FakeMessage]:
        channel_id = channel_id or self.channel_id
        return [m for m in self.messages.values() if m.channel_id == channel_id and not m.ephemeral]

    def last_post(self, channel_id: int | None = None) -> FakeMessage:
        messages = self.channel_messages(channel_id)
        assert messages, "nothing was posted in the channel"
        return messages[-1]

    def dms(self, user: FakeUser) -> list[FakeMessage]:
        channel_id = self.dm_channels.get(user.id)
        return [m for m in self.messages.values() if channel_id is not None and m.channel_id == channel_id]

    def ephemerals(self, user: FakeUser) -> list[FakeMessage]:
        return [m for m in self.messages.values() if m.visible_to == user.id and not m.loading]

    def everything_public(self) -> str:
        """All text anyone can read in the server (not DMs, not ephemeral)."""
        return "\n".join(
            m.text + "\n" + json.dumps(m.components)
            for m in self.messages.values()
            if not m.ephemeral and m.channel_id in self.channels
        )

    # --- wiring the bot -----------------------------------------------------------

    def patch_webhooks(self, monkeypatch) -> None:
        fake = self

        async def request(adapter, route, session=None, **kwargs):
            return await fake._webhook_request(route, **kwargs)

        monkeypatch.setattr(AsyncWebhookAdapter, "request", request)

    async def login(self, bot: discord.Client) -> None:
        """Log ``bot`` in against this fake (runs its real ``setup_hook``)."""

        async def static_login(token: str) -> dict[str, Any]:
            bot.http.token = token
            return dict(self.bot_user)

        bot.http.static_login = static_login  # type: ignore[method-assign]
        bot.http.request = self._http_request  # type: ignore[method-assign]
        await bot.login("fake-token")

    # --- driving the bot ---------------------------------------------------------------

    async def settle(self, timeout: float = 20.0) -> None:
        """Wait until the bot has finished everything the last interactions started."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            pending = [t for t in asyncio.all_tasks() if not t.done() and _is_bot_task(t)]
            if not pending:
                return
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise AssertionError(f"the bot is still busy: {pending}")
            await asyncio.wait(pending, timeout=remaining)

    async def _dispatch(self, bot: discord.Client, payload: dict[str, Any]) -> InteractionRecord:
        record = self.interactions[payload["token"]]
        bot._connection.parse_interaction_create(payload)  # type: ignore[attr-defined]
        await asyncio.sleep(0)
        await self.settle()
        return record

    def _interaction(
        self,
        user: FakeUser,
        channel_id: int,
        kind: int,
        data: dict[str, Any],
        message: FakeMessage | None = None,
    ) -> dict[str, Any]:
        interaction_id = self.snowflake()
        token = f"token-{interaction_id}"
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(self.application_id),
            "type": kind,
            "token": token,
            "version": 1,
            "data": data,
            "channel_id": str(channel_id),
            "locale": "en-US",
            "attachment_size_limit": 8 * 1024 * 1024,
            "entitlements": [],
            "app_permissions": str(self.bot_permissions),
        }
        if channel_id in self.channels:
            payload["channel"] = self.channels[channel_id]
            payload["guild_id"] = str(self.guild_id)
            payload["guild_locale"] = "en-US"
            payload["guild"] = {"id": str(self.guild_id), "locale": "en-US", "features": []}
            payload["member"] = user.member_payload()
            payload["context"] = 0
            payload["authorizing_integration_owners"] = {"0": str(self.guild_id)}
        else:
            payload["channel"] = self._dm_channel_payload(channel_id)
            payload["user"] = user.payload()
            payload["context"] = 1
            payload["authorizing_integration_owners"] = {"0": str(self.guild_id)}
        if message is not None:
            payload["message"] = message.payload(self)
        self.interactions[token] = InteractionRecord(interaction_id, token, kind, user, channel_id, message)
        return payload

    @staticmethod
    def _command_data(path: str, options: list[dict[str, Any]]) -> dict[str, Any]:
        names = path.split()
        inner = options
        for name in reversed(names[1:]):
            inner = [{"name": name, "type": 1, "options": inner}]
        return {"id": "1", "name": names[0], "type": 1, "options": inner}

    @staticmethod
    def _option(name: str, value: Any, focused: bool = False) -> dict[str, Any]:
        kind = 5 if isinstance(value, bool) else 4 if isinstance(value, int) else 3
        option = {"name": name, "type": kind, "value": value}
        if focused:
            option["focused"] = True
        return option

    async def command(
        self, bot: discord.Client, user: FakeUser, path: str, *, channel_id: int | None = None, **options: Any
    ) -> InteractionRecord:
        """``/game new game:toy`` is ``command(bot, user, "game new", game="toy")``."""
        data = self._command_data(path, [self._option(k, v) for k, v in options.items() if v is not None])
        return await self._dispatch(bot, self._interaction(user, channel_id or self.channel_id, 2, data))

    async def autocomplete(
        self,
        bot: discord.Client,
        user: FakeUser,
        path: str,
        focused: str,
        *,
        channel_id: int | None = None,
        **options: Any,
    ) -> list[dict[str, Any]]:
        data = self._command_data(
            path, [self._option(k, v, focused=(k == focused)) for k, v in options.items() if v is not None]
        )
        record = await self._dispatch(bot, self._interaction(user, channel_id or self.channel_id, 4, data))
        assert record.choices is not None, "the bot did not answer the autocomplete"
        return record.choices

    async def click(self, bot: discord.Client, user: FakeUser, message: FakeMessage, button: str) -> InteractionRecord:
        """Press the button whose label (or custom id) is ``button`` on ``message``."""
        component = message.button(button)
        data = {"custom_id": component["custom_id"], "component_type": 2}
        return await self._dispatch(bot, self._interaction(user, message.channel_id, 3, data, message))

    async def choose(
        self, bot: discord.Client, user: FakeUser, message: FakeMessage, option: str, *, select: int | None = None
    ) -> InteractionRecord:
        """Pick the option labelled (or valued) ``option`` in a select menu of ``message``."""
        menus = message.selects if select is None else [message.selects[select]]
        for menu in menus:
            for entry in menu.get("options", []):
                if option in (entry.get("label"), entry.get("value")):
                    data = {"custom_id": menu["custom_id"], "component_type": 3, "values": [entry["value"]]}
                    return await self._dispatch(bot, self._interaction(user, message.channel_id, 3, data, message))
        raise AssertionError(f"no option {option!r} in the menus of message {message.id}")

    async def submit(
        self, bot: discord.Client, user: FakeUser, opened: InteractionRecord, values: dict[str, str] | None = None
    ) -> InteractionRecord:
        """Submit the modal the bot opened in answer to ``opened``; fields not in ``values`` keep their default."""
        assert opened.modal is not None, "the bot did not open a modal"
        values = values or {}
        rows = []
        for component in _walk_components(opened.modal["components"]):
            if component.get("type") == 4:
                value = values.get(component["custom_id"], component.get("value") or "")
                rows.append({"type": 18, "component": {"type": 4, "custom_id": component["custom_id"], "value": value}})
        data = {"custom_id": opened.modal["custom_id"], "components": rows}
        return await self._dispatch(bot, self._interaction(user, opened.channel_id, 5, data, opened.source))

    # --- the REST API -------------------------------------------------------------------

    @staticmethod
    def _read_form(form: Iterable[dict[str, Any]] | None) -> tuple[dict[str, Any] | None, list[tuple[str, bytes]]]:
        payload = None
        files: list[tuple[str, bytes]] = []
        for part in form or ():
            if part["name"] == "payload_json":
                payload = json.loads(part["value"])
            elif part["name"].startswith("files["):
                value = part["value"]
                data = value.read() if hasattr(value, "read") else bytes(value)
                files.append((part.get("filename") or "file", data))
        return payload, files

    def _new_message(
        self,
        channel_id: int,
        body: dict[str, Any],
        files: list[tuple[str, bytes]],
        *,
        visible_to: int | None = None,
        flags: int | None = None,
    ) -> FakeMessage:
        flags = int(body.get("flags") or 0) if flags is None else flags
        message = FakeMessage(
            id=self.snowflake(),
            channel_id=channel_id,
            content=body.get("content"),
            components=body.get("components") or [],
            attachments=list(files),
            embeds=body.get("embeds") or [],
            flags=flags,
            allowed_mentions=body.get("allowed_mentions"),
            visible_to=visible_to if flags & EPHEMERAL else None,
        )
        self.messages[message.id] = message
        return message

    @staticmethod
    def _edit(message: FakeMessage, body: dict[str, Any], files: list[tuple[str, bytes]]) -> None:
        if "content" in body:
            message.content = body["content"]
        if "components" in body:
            message.components = body["components"] or []
        if "embeds" in body:
            message.embeds = body["embeds"] or []
        if "allowed_mentions" in body:
            message.allowed_mentions = body["allowed_mentions"]
        if "attachments" in body:
            kept_ids = {str(a.get("id")) for a in body["attachments"]}
            old = [(n, d) for i, (n, d) in enumerate(message.attachments) if str(message.id * 10 + i) in kept_ids]
            message.attachments = old + list(files)
        message.edits += 1
        message.loading = False

    def _dm_channel_payload(self, channel_id: int) -> dict[str, Any]:
        user_id = next(u for u, c in self.dm_channels.items() if c == channel_id)
        user = self.users.get(user_id) or FakeUser(user_id, f"user{user_id}")
        return {"id": str(channel_id), "type": 1, "recipients": [user.payload()], "last_message_id": None}

    def _message(self, channel_id: int, message_id: int) -> FakeMessage:
        message = self.messages.get(message_id)
        if message is None or message.channel_id != channel_id:
            raise discord.NotFound(FakeResponse(404, "Not Found"), {"code": 10008, "message": "Unknown Message"})
        return message

    async def _http_request(self, route: Any, *, files: Any = None, form: Any = None, **kwargs: Any) -> Any:
        method, path = route.method, route.url[len(BASE) :]
        self.requests.append((method, path))
        body = kwargs.get("json")
        uploaded: list[tuple[str, bytes]] = []
        if form is not None:
            body, uploaded = self._read_form(form)
        body = body or {}

        if method == "GET" and path == "/oauth2/applications/@me":
            return {
                "id": str(self.application_id),
                "name": "Game Master",
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": {"id": "1", "username": "owner", "discriminator": "0", "avatar": None},
                "verify_key": "0" * 64,
                "flags": 0,
            }
        if (match := re.fullmatch(r"/applications/(\d+)(?:/guilds/(\d+))?/commands", path)) and method == "PUT":
            scope = match.group(2) or "global"
            commands = [
                {
                    **command,
                    "id": str(self.snowflake()),
                    "application_id": str(self.application_id),
                    "version": "1",
                    "type": command.get("type", 1),
                    "default_member_permissions": command.get("default_member_permissions"),
                    "nsfw": command.get("nsfw", False),
                }
                for command in kwargs.get("json") or []
            ]
            self.synced_commands[scope] = commands
            return commands
        if method == "POST" and path == "/users/@me/channels":
            user_id = int(body["recipient_id"])
            channel_id = self.dm_channels.setdefault(user_id, self.snowflake())
            return self._dm_channel_payload(channel_id)
        if match := re.fullmatch(r"/channels/(\d+)/messages", path):
            channel_id = int(match.group(1))
            if method == "POST":
                if channel_id in self.dm_channels.values():
                    user_id = next(u for u, c in self.dm_channels.items() if c == channel_id)
                    if user_id in self.dms_closed:
                        raise forbidden()
                elif channel_id in self.channels_refusing_posts:
                    raise forbidden(50013, "Missing Permissions")
                elif channel_id not in self.channels:
                    raise discord.NotFound(
                        FakeResponse(404, "Not Found"), {"code": 10003, "message": "Unknown Channel"}
                    )
                return self._new_message(channel_id, body, uploaded).payload(self)
        if match := re.fullmatch(r"/channels/(\d+)/messages/(\d+)", path):
            message = self._message(int(match.group(1)), int(match.group(2)))
            if method == "PATCH":
                self._edit(message, body, uploaded)
                return message.payload(self)
            if method == "GET":
                return message.payload(self)
        if (match := re.fullmatch(r"/channels/(\d+)/threads", path)) and method == "POST":
            parent = int(match.group(1))
            thread_id = self.snowflake()
            self.channels[thread_id] = {
                "id": str(thread_id),
                "type": body.get("type", 11),
                "guild_id": str(self.guild_id),
                "parent_id": str(parent),
                "owner_id": str(self.application_id),
                "name": body["name"],
                "last_message_id": None,
                "rate_limit_per_user": 0,
                "message_count": 0,
                "member_count": 1,
                "flags": 0,
                "thread_metadata": {
                    "archived": False,
                    "auto_archive_duration": body.get("auto_archive_duration", 1440),
                    "archive_timestamp": TIMESTAMP,
                    "locked": False,
                },
            }
            self.threads_created.append(thread_id)
            return self.channels[thread_id]
        if re.fullmatch(r"/channels/(\d+)/thread-members/(\d+)", path) and method == "PUT":
            return None
        if (match := re.fullmatch(r"/channels/(\d+)", path)) and method == "DELETE":
            channel = self.channels.pop(int(match.group(1)))
            self.deleted_channels.append(int(match.group(1)))
            return channel
        raise AssertionError(f"unexpected Discord API call: {method} {path}")

    # --- interaction responses (webhooks) --------------------------------------------------

    async def _webhook_request(
        self,
        route: Any,
        *,
        payload: dict[str, Any] | None = None,
        multipart: list[dict[str, Any]] | None = None,
        files: Any = None,
        **kwargs: Any,
    ) -> Any:
        method, path = route.method, route.url[len(BASE) :]
        self.requests.append((method, path))
        uploaded: list[tuple[str, bytes]] = []
        if multipart:
            payload, uploaded = self._read_form(multipart)
        payload = payload or {}

        if match := re.fullmatch(r"/interactions/(\d+)/([^/]+)/callback", path):
            return self._callback(self.interactions[match.group(2)], payload, uploaded)
        if match := re.fullmatch(r"/webhooks/(\d+)/([^/]+)(/messages/([^/]+))?", path):
            record = self.interactions[match.group(2)]
            target = match.group(4)
            if target is None and method == "POST":
                return self._followup(record, payload, uploaded)
            message = record.original if target == "@original" else self.messages[int(target)]
            assert message is not None, "edit of an interaction response that does not exist"
            if method == "PATCH":
                was_loading = message.loading
                self._edit(message, payload, uploaded)
                if was_loading:
                    record.created.append(message)
                return message.payload(self)
            if method == "GET":
                return message.payload(self)
            if method == "DELETE":
                self.messages.pop(message.id, None)
                return None
        raise AssertionError(f"unexpected interaction call: {method} {path}")

    def _callback(
        self, record: InteractionRecord, body: dict[str, Any], uploaded: list[tuple[str, bytes]]
    ) -> dict[str, Any]:
        assert record.response_type is None, "the bot answered the same interaction twice"
        kind = body["type"]
        data = body.get("data") or {}
        record.response_type = kind
        message = None
        if kind == 4:
            message = self._new_message(record.channel_id, data, uploaded, visible_to=record.user.id)
            record.original = message
            record.created.append(message)
        elif kind == 5:
            message = self._new_message(record.channel_id, data, uploaded, visible_to=record.user.id)
            message.loading = True
            record.original = message
        elif kind == 6:
            record.original = record.source
        elif kind == 7:
            assert record.source is not None
            live = self.messages.get(record.source.id, record.source)
            self._edit(live, data, uploaded)
            record.original = live
        elif kind == 8:
            record.choices = data.get("choices", [])
        elif kind == 9:
            record.modal = data
        else:
            raise AssertionError(f"unknown interaction response type {kind}")
        if record.original is not None and record.source is not None and record.original is record.source:
            record.original = self.messages.get(record.source.id, record.source)
        response: dict[str, Any] = {"interaction": {"id": str(record.id), "type": record.type}}
        if message is not None:
            response["interaction"].update(
                response_message_id=str(message.id),
                response_message_loading=message.loading,
                response_message_ephemeral=message.ephemeral,
            )
            response["resource"] = {"type": kind, "message": message.payload(self)}
        else:
            response["resource"] = {"type": kind}
        return response

    def _followup(
        self, record: InteractionRecord, body: dict[str, Any], uploaded: list[tuple[str, bytes]]
    ) -> dict[str, Any]:
        assert record.response_type is not None, "follow-up before the interaction was answered"
        original = record.original
        if original is not None and original.loading:
            # Discord turns the first follow-up after a "thinking…" defer into the response itself
            # (keeping the defer's ephemeral flag).
            self._edit(original, body, uploaded)
            record.created.append(original)
            return original.payload(self)
        message = self._new_message(record.channel_id, body, uploaded, visible_to=record.user.id)
        record.created.append(message)
        return message.payload(self)


def _package_dirs() -> tuple[str, ...]:
    import bot
    import cogs

    return tuple(str(Path(module.__file__).resolve().parent) + os.sep for module in (discord, bot, cogs))


def _is_bot_task(task: asyncio.Task) -> bool:
    """Tasks started by discord.py or the bot (not the test's own tasks)."""
    coro = task.get_coro()
    code = getattr(coro, "cr_code", None) or getattr(coro, "gi_code", None)
    filename = str(Path(getattr(code, "co_filename", "") or "").resolve())
    return filename.startswith(_package_dirs())


def tiny_png() -> bytes:
    """A small real PNG, for games without a board renderer."""
    from PIL import Image

    image = Image.new("RGB", (8, 8), (40, 90, 40))
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()
