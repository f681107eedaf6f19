"""The fake Discord's REST API: channel messages, DMs, threads, command sync, interaction responses.

Everything the bot sends arrives here (``HTTPClient.request`` and
``AsyncWebhookAdapter.request`` are replaced) and is kept as ``FakeMessage``s.
It behaves as Discord does where the bot depends on it:

* a message created with a ``nonce`` and ``enforce_nonce`` that was already used in that
  channel returns the first message instead of posting again;
* a channel message older than one hour may not be edited (error 30046), as under
  Discord's limit on edits of old messages;
* closed DMs answer 403 / 50007, a missing or deleted message 404 / 10008.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from datetime import datetime, timedelta
from typing import Any

import discord

from bot.devtools.fake_models import (
    BASE,
    EPHEMERAL,
    FakeMessage,
    FakeResponse,
    FakeUser,
    InteractionRecord,
    check_modal,
    edit_limit,
    forbidden,
    not_found,
)

EDITABLE_FOR = timedelta(hours=1)


class FakeRest:
    """The request handlers; ``FakeDiscord`` holds the world they act on."""

    application_id: int
    guild_id: int
    bot_user: dict[str, Any]
    channels: dict[int, dict[str, Any]]
    users: dict[int, FakeUser]
    messages: dict[int, FakeMessage]
    deleted: list[int]
    interactions: dict[str, InteractionRecord]
    dm_channels: dict[int, int]
    dms_closed: set[int]
    channels_refusing_posts: set[int]
    requests: list[tuple[str, str]]
    nonces: dict[tuple[int, str], int]
    pings: list[tuple[int, int]]
    nonce_hits: int
    synced_commands: dict[str, list[dict[str, Any]]]
    threads_created: list[int]
    deleted_channels: list[int]
    snowflake: Callable[[], int]
    now: Callable[[], datetime]
    changed: Callable[[], None]

    # --- messages ---------------------------------------------------------------

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
            nonce=str(body["nonce"]) if body.get("nonce") is not None else None,
        )
        self.messages[message.id] = message
        if not message.ephemeral:
            self.pings.extend((message.id, user) for user in message.pinged_ids)
        return message

    def _edit(self, message: FakeMessage, body: dict[str, Any], files: list[tuple[str, bytes]]) -> None:
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
        elif files:
            message.attachments = message.attachments + list(files)
        message.edits += 1
        message.loading = False

    def _dm_channel_payload(self, channel_id: int) -> dict[str, Any]:
        user_id = next(u for u, c in self.dm_channels.items() if c == channel_id)
        user = self.users.get(user_id) or FakeUser(user_id, f"user{user_id}")
        return {"id": str(channel_id), "type": 1, "recipients": [user.payload()], "last_message_id": None}

    def _message(self, channel_id: int, message_id: int) -> FakeMessage:
        message = self.messages.get(message_id)
        if message is None or message.channel_id != channel_id:
            raise not_found()
        return message

    def _post_message(self, channel_id: int, body: dict[str, Any], uploaded: list[tuple[str, bytes]]) -> Any:
        if channel_id in self.dm_channels.values():
            user_id = next(u for u, c in self.dm_channels.items() if c == channel_id)
            if user_id in self.dms_closed:
                raise forbidden()
        elif channel_id in self.channels_refusing_posts:
            raise forbidden(50013, "Missing Permissions")
        elif channel_id not in self.channels:
            raise not_found(10003, "Unknown Channel")
        nonce = body.get("nonce")
        if nonce is not None and body.get("enforce_nonce"):
            earlier = self.nonces.get((channel_id, str(nonce)))
            if earlier is not None and earlier in self.messages:
                self.nonce_hits += 1
                return self.messages[earlier].payload(self)
        message = self._new_message(channel_id, body, uploaded)
        if nonce is not None:
            self.nonces[(channel_id, str(nonce))] = message.id
        return message.payload(self)

    def _patch_message(self, message: FakeMessage, body: dict[str, Any], uploaded: list[tuple[str, bytes]]) -> Any:
        if message.channel_id in self.channels and self.now() - message.created_at > EDITABLE_FOR:
            raise edit_limit()
        self._edit(message, body, uploaded)
        return message.payload(self)

    def _delete_message(self, message: FakeMessage) -> None:
        self.messages.pop(message.id, None)
        self.deleted.append(message.id)

    # --- the REST API -------------------------------------------------------------------

    async def _http_request(self, route: Any, *, files: Any = None, form: Any = None, **kwargs: Any) -> Any:
        method, path = route.method, route.url[len(BASE) :]
        self.requests.append((method, path))
        body = kwargs.get("json")
        uploaded: list[tuple[str, bytes]] = []
        if form is not None:
            body, uploaded = self._read_form(form)
        try:
            return self._route(method, path, body or {}, uploaded, kwargs)
        finally:
            self.changed()

    def _route(
        self, method: str, path: str, body: dict[str, Any], uploaded: list[tuple[str, bytes]], kwargs: dict[str, Any]
    ) -> Any:
        if method == "GET" and path == "/oauth2/applications/@me":
            return self._application()
        if (match := re.fullmatch(r"/applications/(\d+)(?:/guilds/(\d+))?/commands", path)) and method == "PUT":
            return self._sync(match.group(2) or "global", kwargs.get("json") or [])
        if method == "POST" and path == "/users/@me/channels":
            user_id = int(body["recipient_id"])
            channel_id = self.dm_channels.setdefault(user_id, self.snowflake())
            return self._dm_channel_payload(channel_id)
        if (match := re.fullmatch(r"/channels/(\d+)/messages", path)) and method == "POST":
            return self._post_message(int(match.group(1)), body, uploaded)
        if match := re.fullmatch(r"/channels/(\d+)/messages/(\d+)", path):
            message = self._message(int(match.group(1)), int(match.group(2)))
            if method == "PATCH":
                return self._patch_message(message, body, uploaded)
            if method == "GET":
                return message.payload(self)
            if method == "DELETE":
                self._delete_message(message)
                return None
        if (match := re.fullmatch(r"/channels/(\d+)/threads", path)) and method == "POST":
            return self._thread(int(match.group(1)), body)
        if re.fullmatch(r"/channels/(\d+)/thread-members/(\d+)", path) and method == "PUT":
            return None
        if (match := re.fullmatch(r"/channels/(\d+)", path)) and method == "DELETE":
            channel = self.channels.pop(int(match.group(1)))
            self.deleted_channels.append(int(match.group(1)))
            return channel
        raise AssertionError(f"unexpected Discord API call: {method} {path}")

    def _application(self) -> dict[str, Any]:
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

    def _sync(self, scope: str, commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
        synced = [
            {
                **command,
                "id": str(self.snowflake()),
                "application_id": str(self.application_id),
                "version": "1",
                "type": command.get("type", 1),
                "default_member_permissions": command.get("default_member_permissions"),
                "nsfw": command.get("nsfw", False),
            }
            for command in commands
        ]
        self.synced_commands[scope] = synced
        return synced

    def _thread(self, parent: int, body: dict[str, Any]) -> dict[str, Any]:
        thread_id = self.snowflake()
        self.channels[thread_id] = {
            "id": str(thread_id),
            "type": body.get("type", 11),
            "guild_id": self.channels[parent]["guild_id"],
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
                "archive_timestamp": "2024-01-01T00:00:00+00:00",
                "locked": False,
            },
        }
        self.threads_created.append(thread_id)
        return self.channels[thread_id]

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
        try:
            return self._webhook_route(method, path, payload or {}, uploaded)
        finally:
            self.changed()

    def _webhook_route(self, method: str, path: str, payload: dict[str, Any], uploaded: list[tuple[str, bytes]]) -> Any:
        if match := re.fullmatch(r"/interactions/(\d+)/([^/]+)/callback", path):
            return self._callback(self.interactions[match.group(2)], payload, uploaded)
        if match := re.fullmatch(r"/webhooks/(\d+)/([^/]+)(/messages/([^/]+))?", path):
            record = self.interactions[match.group(2)]
            target = match.group(4)
            if target is None and method == "POST":
                return self._followup(record, payload, uploaded)
            message = record.original if target == "@original" else self.messages.get(int(target or 0))
            if message is None:
                raise not_found()
            if method == "PATCH":
                was_loading = message.loading
                self._edit(message, payload, uploaded)
                if was_loading:
                    record.created.append(message)
                return message.payload(self)
            if method == "GET":
                return message.payload(self)
            if method == "DELETE":
                self._delete_message(message)
                return None
        raise AssertionError(f"unexpected interaction call: {method} {path}")

    def _callback(
        self, record: InteractionRecord, body: dict[str, Any], uploaded: list[tuple[str, bytes]]
    ) -> dict[str, Any]:
        if record.response_type is not None:
            raise discord.HTTPException(
                FakeResponse(400, "Bad Request"),
                {"code": 40060, "message": "Interaction has already been acknowledged."},
            )
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
            live = self.messages.get(record.source.id)
            if live is None:
                raise not_found()
            self._edit(live, data, uploaded)
            record.original = live
        elif kind == 8:
            record.choices = data.get("choices", [])
        elif kind == 9:
            check_modal(data)
            record.modal = data
        elif kind == 12:
            pass  # LAUNCH_ACTIVITY: the clicker's client opens the Activity; nothing is posted
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
