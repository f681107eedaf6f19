"""What the fake Discord keeps: users, messages, interactions, and their gateway payloads."""

from __future__ import annotations

import base64
import copy
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:
    from bot.devtools.fake_rest import FakeRest

BASE = "https://discord.com/api/v10"
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


class FakeResponse:
    """Enough of an aiohttp response for ``discord.HTTPException``."""

    def __init__(self, status: int, reason: str) -> None:
        self.status = status
        self.reason = reason


def forbidden(code: int = 50007, message: str = "Cannot send messages to this user") -> discord.Forbidden:
    return discord.Forbidden(FakeResponse(403, "Forbidden"), {"code": code, "message": message})


def not_found(code: int = 10008, message: str = "Unknown Message") -> discord.NotFound:
    return discord.NotFound(FakeResponse(404, "Not Found"), {"code": code, "message": message})


def edit_limit() -> discord.HTTPException:
    return discord.HTTPException(
        FakeResponse(400, "Bad Request"),
        {"code": 30046, "message": "Maximum number of edits to messages older than 1 hour reached. Try again later"},
    )


def timestamp(snowflake: int) -> str:
    return discord.utils.snowflake_time(snowflake).isoformat()


@dataclass
class FakeUser:
    id: int
    name: str
    manage_guild: bool = False
    locale: str = "en-US"
    """The language their Discord app is set to (sent with each of their interactions)."""

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
            "joined_at": "2024-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
            "permissions": str(permissions.value),
        }


def walk_components(components: Iterable[dict[str, Any]]) -> Iterable[dict[str, Any]]:
    for component in components or ():
        yield component
        yield from walk_components(component.get("components", ()))
        if "component" in component:
            yield from walk_components([component["component"]])


TEXT_INPUT, STRING_SELECT, RADIO_GROUP, CHECKBOX_GROUP, CHECKBOX = 4, 3, 21, 22, 23
FIELD_TYPES = frozenset({TEXT_INPUT, STRING_SELECT, RADIO_GROUP, CHECKBOX_GROUP, CHECKBOX})
"""Modal components that carry a value back when the modal is submitted."""


def _picked(component: dict[str, Any], given: Any) -> list[str]:
    """Option values of a select, radio or checkbox group: those named in ``given`` (labels or
    values), else those marked default; only options the component has, as a client would."""
    options = component.get("options", [])
    if given is None:
        return [o["value"] for o in options if o.get("default")]
    picked = []
    for name in given if isinstance(given, list) else [given]:
        found = [o["value"] for o in options if name in (o.get("label"), o.get("value"))]
        assert found, f"{component.get('custom_id')!r} has no option {name!r}: Discord's client offers only its options"
        picked.append(found[0])
    return picked


def check_modal(modal: dict[str, Any]) -> None:
    """Discord's limits on a modal it is asked to open (it answers 400 otherwise): a title of at
    most 45 characters, 1-5 top-level components, labels of 45 and descriptions of 100, 1-25
    select options, 2-10 radio options, unique custom ids of at most 100."""
    top = modal.get("components", [])
    assert 0 < len(modal.get("title", "")) <= 45 and len(modal.get("custom_id", "")) <= 100, modal.get("title")
    assert 1 <= len(top) <= 5, f"a modal holds 1-5 top-level components, not {len(top)}"
    seen: set[str] = set()
    for component in walk_components(top):
        if component.get("type") == 18:
            assert 0 < len(component.get("label", "")) <= 45, component.get("label")
            assert len(component.get("description") or "") <= 100, component.get("description")
        if component.get("type") not in FIELD_TYPES:
            continue
        custom_id = component["custom_id"]
        assert custom_id not in seen and len(custom_id) <= 100, f"custom id {custom_id!r} repeated or too long"
        seen.add(custom_id)
        options = component.get("options", [])
        if component["type"] == STRING_SELECT:
            assert 1 <= len(options) <= 25, f"{custom_id!r}: {len(options)} options"
        if component["type"] == RADIO_GROUP:
            assert 2 <= len(options) <= 10, f"{custom_id!r}: {len(options)} radio options"
        assert all(len(o["label"]) <= 100 and len(o["value"]) <= 100 for o in options), custom_id
        if component["type"] == TEXT_INPUT:
            assert len(component.get("value") or "") <= component.get("max_length", 4000), custom_id


def submitted_field(component: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    """What Discord sends back for one modal component, with the user's entry from ``values``."""
    custom_id, kind = component["custom_id"], component["type"]
    given = values.get(custom_id)
    field: dict[str, Any] = {"type": kind, "custom_id": custom_id}
    if kind == TEXT_INPUT:
        text = str(given) if given is not None else component.get("value") or ""
        assert len(text) <= component.get("max_length", 4000), f"{custom_id!r}: longer than the client allows"
        assert text or not component.get("required", True), f"{custom_id!r}: Discord's client requires a value"
        field["value"] = text
    elif kind == CHECKBOX:
        field["value"] = bool(given) if given is not None else bool(component.get("default"))
    elif kind == RADIO_GROUP:
        chosen = _picked(component, given)
        assert chosen or not component.get("required", True), f"{custom_id!r}: Discord's client requires a choice"
        field["value"] = chosen[0] if chosen else None
    else:
        chosen = _picked(component, given)
        low = component.get("min_values", 1 if kind == STRING_SELECT else 0)
        if component.get("required", True) or chosen:
            assert low <= len(chosen) <= component.get("max_values", 1), f"{custom_id!r}: not {len(chosen)} choices"
        field["values"] = chosen
    return field


def button_text(button: dict[str, Any]) -> str:
    emoji = (button.get("emoji") or {}).get("name") or ""
    return f"{emoji} {button.get('label') or ''}".strip()


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
    nonce: str | None = None
    author_id: int | None = None
    """Messages by people (``FakeDiscord.say``); None for the bot's own."""

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def text(self) -> str:
        return self.content or ""

    @property
    def created_at(self) -> datetime:
        return discord.utils.snowflake_time(self.id).astimezone(UTC)

    def snapshot(self) -> FakeMessage:
        """The message as a screen that is not refreshed keeps showing it."""
        return copy.deepcopy(self)

    @property
    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in walk_components(self.components) if c.get("type") == 2]

    @property
    def selects(self) -> list[dict[str, Any]]:
        return [c for c in walk_components(self.components) if c.get("type") == 3]

    @property
    def rows(self) -> list[dict[str, Any]]:
        return [c for c in self.components if c.get("type") == 1]

    def button_labels(self) -> list[str]:
        return [button_text(b) for b in self.buttons]

    def button(self, text: str) -> dict[str, Any]:
        for button in self.buttons:
            if text == button.get("custom_id") or text in button_text(button):
                return button
        raise AssertionError(f"no button {text!r} on message {self.id}; buttons: {self.button_labels()}")

    def has_button(self, text: str) -> bool:
        return any(text == b.get("custom_id") or text in button_text(b) for b in self.buttons)

    @property
    def mention_ids(self) -> list[int]:
        """Users this message may ping (``allowed_mentions.users``)."""
        users = (self.allowed_mentions or {}).get("users") or []
        return sorted(int(u) for u in users)

    @property
    def pinged_ids(self) -> list[int]:
        """Users this message notified when it was created: mentioned in the text and allowed."""
        if self.flags & (1 << 12):  # SUPPRESS_NOTIFICATIONS
            return []
        return [u for u in self.mention_ids if f"<@{u}>" in self.text]

    @property
    def may_ping_everyone_or_roles(self) -> bool:
        parse = (self.allowed_mentions or {}).get("parse", [])
        return self.allowed_mentions is None or "everyone" in parse or "roles" in parse

    def payload(self, fake: FakeRest) -> dict[str, Any]:
        author = fake.bot_user if self.author_id is None else fake.users[self.author_id].payload()
        return {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": author,
            "content": self.content or "",
            "timestamp": timestamp(self.id),
            "edited_timestamp": timestamp(self.id) if self.edits else None,
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
            **({"nonce": self.nonce} if self.nonce else {}),
        }

    def to_json(self) -> dict[str, Any]:
        data = dict(self.__dict__)
        data["attachments"] = [(name, base64.b64encode(blob).decode()) for name, blob in self.attachments]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FakeMessage:
        values = dict(data)
        values["attachments"] = [(name, base64.b64decode(blob)) for name, blob in values["attachments"]]
        return cls(**values)


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


def tiny_png() -> bytes:
    """A small real PNG, for games without a board renderer."""
    import io

    from PIL import Image

    image = Image.new("RGB", (8, 8), (40, 90, 40))
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()
