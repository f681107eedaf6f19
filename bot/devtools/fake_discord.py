"""A fake Discord for driving the real bot (client, cogs, views) in tests and benchmarks.

Nothing of the bot is mocked: interactions are built from raw gateway payloads
(as Discord sends them) and fed to ``bot._connection.parse_interaction_create``,
so discord.py routes them exactly as in production — app commands through the
command tree, clicks through the dynamic items registered on the bot, modal
submissions through ``on_interaction``. Only the network is fake (see
``fake_rest``): ``HTTPClient.request`` is replaced on the bot's HTTP client and
``AsyncWebhookAdapter.request`` is patched while ``patched_webhooks()`` is active.

A test reads what a player would see: channel messages, the DMs of a user, the
ephemeral messages shown only to one user, the buttons and menus on each of them.
Clicking a button builds the interaction from the message as it stands (or from
a snapshot of it, to simulate a click from a screen that was not refreshed yet).

The fake has its own clock (``advance``): message ids are snowflakes of that
clock, so a message's age is what Discord would see. With ``persist_to`` set,
everything Discord holds is written to a JSON file after every request, so a
test can kill the bot's process and start a new one against the same "Discord".
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import discord
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.config import bot_permissions
from bot.devtools.fake_models import (
    FIELD_TYPES,
    FakeMessage,
    FakeResponse,
    FakeUser,
    InteractionRecord,
    forbidden,
    submitted_field,
    tiny_png,
    walk_components,
)
from bot.devtools.fake_rest import FakeRest

if TYPE_CHECKING:
    from bot.client import GameBot

__all__ = [
    "FakeDiscord",
    "FakeMessage",
    "FakeResponse",
    "FakeUser",
    "InteractionRecord",
    "forbidden",
    "logged_in_bot",
    "tiny_png",
]

START = datetime(2024, 1, 1, tzinfo=UTC)
BOT_PERMISSIONS = bot_permissions()


class FakeDiscord(FakeRest):
    """The Discord side of the conversation: a server with one text channel (more servers and
    channels on demand), users and the servers they are members of, DMs."""

    def __init__(self, *, persist_to: Path | None = None) -> None:
        self._clock = START
        self._last_id = 0
        self._counter = itertools.count()
        self.persist_to = persist_to
        self.server_locale = "en-US"
        """The servers' community locale (Discord sends it with every interaction in a server)."""
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
        self.members: dict[int, set[int]] = {self.guild_id: set()}
        """Each server's members: Discord sends a server's interactions only from its members."""
        self.channels: dict[int, dict[str, Any]] = {}
        self.channel_id = self.text_channel("games")
        self.users: dict[int, FakeUser] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.deleted: list[int] = []
        self.interactions: dict[str, InteractionRecord] = {}
        self.dm_channels: dict[int, int] = {}
        self.dms_closed: set[int] = set()
        self.channels_refusing_posts: set[int] = set()
        """Channels where the bot lacks access despite what the interaction said (50013 Missing Permissions)."""
        self.bot_permissions = BOT_PERMISSIONS.value
        self.requests: list[tuple[str, str]] = []
        self.nonces: dict[tuple[int, str], int] = {}
        self.nonce_hits = 0
        """Creates answered with an earlier message because their nonce was already used."""
        self.pings: list[tuple[int, int]] = []
        """(message, user) for every notification a new message caused, deleted messages included."""
        self.synced_commands: dict[str, list[dict[str, Any]]] = {}
        self.threads_created: list[int] = []
        self.deleted_channels: list[int] = []

    # --- time and ids ---------------------------------------------------------

    def now(self) -> datetime:
        return self._clock

    def advance(self, *, minutes: float = 0, seconds: float = 0) -> None:
        self._clock += timedelta(minutes=minutes, seconds=seconds)

    def snowflake(self) -> int:
        """A snowflake of the fake clock (strictly increasing)."""
        self._last_id = max(self._last_id + 1, discord.utils.time_snowflake(self._clock))
        return self._last_id

    def changed(self) -> None:
        if self.persist_to is not None:
            self.save(self.persist_to)

    # --- the world ----------------------------------------------------------

    def server(self, channel_name: str = "games") -> tuple[int, int]:
        """Another server, with one text channel and no members yet: (server id, channel id)."""
        guild_id = self.snowflake()
        self.members[guild_id] = set()
        return guild_id, self.text_channel(channel_name, guild_id=guild_id)

    def join_server(self, user: FakeUser, guild_id: int) -> None:
        self.members[guild_id].add(user.id)

    def guild_of(self, channel_id: int) -> int:
        return int(self.channels[channel_id]["guild_id"])

    def text_channel(self, name: str, *, guild_id: int | None = None) -> int:
        channel_id = self.snowflake()
        self.channels[channel_id] = {
            "id": str(channel_id),
            "type": 0,
            "guild_id": str(guild_id or self.guild_id),
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

    def user(self, name: str, *, manage_guild: bool = False, guild_id: int | None = None) -> FakeUser:
        """A member of the first server (or of ``guild_id``)."""
        user = FakeUser(self.snowflake(), name, manage_guild)
        self.users[user.id] = user
        self.join_server(user, guild_id or self.guild_id)
        return user

    def close_dms(self, user: FakeUser) -> None:
        self.dms_closed.add(user.id)

    def open_dms(self, user: FakeUser) -> None:
        self.dms_closed.discard(user.id)

    # --- what people see ------------------------------------------------------

    def channel_messages(self, channel_id: int | None = None) -> list[FakeMessage]:
        """The bot's messages in the channel (not ephemeral ones, not people's), oldest first."""
        channel_id = channel_id or self.channel_id
        return [
            m for m in self.messages.values() if m.channel_id == channel_id and not m.ephemeral and m.author_id is None
        ]

    def last_post(self, channel_id: int | None = None) -> FakeMessage:
        messages = self.channel_messages(channel_id)
        assert messages, "nothing was posted in the channel"
        return messages[-1]

    def dms(self, user: FakeUser) -> list[FakeMessage]:
        channel_id = self.dm_channels.get(user.id)
        return [m for m in self.messages.values() if channel_id is not None and m.channel_id == channel_id]

    def dm_attempts(self, user: FakeUser) -> int:
        """Requests to send ``user`` a direct message, answered or refused."""
        channel_id = self.dm_channels.get(user.id)
        return sum(
            1 for method, path in self.requests if (method, path) == ("POST", f"/channels/{channel_id}/messages")
        )

    def pings_of(self, user: FakeUser) -> int:
        return sum(1 for _, pinged in self.pings if pinged == user.id)

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

    @contextlib.contextmanager
    def patched_webhooks(self) -> Iterator[None]:
        """Route interaction responses (webhook requests) to this fake while active."""
        original = AsyncWebhookAdapter.request
        fake = self

        async def request(adapter: Any, route: Any, session: Any = None, **kwargs: Any) -> Any:
            return await fake._webhook_request(route, **kwargs)

        setattr(AsyncWebhookAdapter, "request", request)  # noqa: B010 (a stand-in of another signature)
        try:
            yield
        finally:
            setattr(AsyncWebhookAdapter, "request", original)  # noqa: B010

    def patch_webhooks(self, monkeypatch: Any) -> None:
        """The same for a pytest test: undone by ``monkeypatch`` at its end."""
        fake = self

        async def request(adapter: Any, route: Any, session: Any = None, **kwargs: Any) -> Any:
            return await fake._webhook_request(route, **kwargs)

        monkeypatch.setattr(AsyncWebhookAdapter, "request", request)

    async def login(self, bot: discord.Client) -> None:
        """Log ``bot`` in against this fake (runs its real ``setup_hook``)."""

        async def static_login(token: str) -> dict[str, Any]:
            bot.http.token = token
            return dict(self.bot_user)

        setattr(bot.http, "static_login", static_login)  # noqa: B010 (stand-ins of other signatures)
        setattr(bot.http, "request", self._http_request)  # noqa: B010
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
        bot._connection.parse_interaction_create(cast(Any, payload))
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
            "locale": user.locale,
            "attachment_size_limit": 8 * 1024 * 1024,
            "entitlements": [],
            "app_permissions": str(self.bot_permissions),
        }
        if channel_id in self.channels:
            guild_id = self.guild_of(channel_id)
            assert user.id in self.members[guild_id], f"{user.name} is not a member of server {guild_id}"
            payload["channel"] = self.channels[channel_id]
            payload["guild_id"] = str(guild_id)
            payload["guild_locale"] = self.server_locale
            payload["guild"] = {"id": str(guild_id), "locale": self.server_locale, "features": []}
            payload["member"] = user.member_payload()
            payload["context"] = 0
            payload["authorizing_integration_owners"] = {"0": str(guild_id)}
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
        kind = 5 if isinstance(value, bool) else 4 if isinstance(value, int) else 10 if isinstance(value, float) else 3
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
        return await self.click_id(bot, user, message, component["custom_id"])

    async def press(self, bot: discord.Client, user: FakeUser, message: FakeMessage, button: str) -> InteractionRecord:
        """Press a button and come back before the bot has answered (``click`` waits for the bot to
        finish everything): for tests of what the bot does meanwhile. ``answered`` waits for the answer."""
        data = {"custom_id": message.button(button)["custom_id"], "component_type": 2}
        payload = self._interaction(user, message.channel_id, 3, data, message)
        bot._connection.parse_interaction_create(cast(Any, payload))
        await asyncio.sleep(0)
        return self.interactions[payload["token"]]

    async def answered(self, record: InteractionRecord, *, polls: int = 20_000) -> None:
        """Yield to the bot until it has answered ``record`` (at most ``polls`` short waits)."""
        for _ in range(polls):
            if record.response_type is not None:
                return
            await asyncio.sleep(0.001)
        raise AssertionError(f"the bot never answered interaction {record.id}")

    async def click_id(
        self, bot: discord.Client, user: FakeUser, message: FakeMessage, custom_id: str
    ) -> InteractionRecord:
        """A click with any custom id, as a modified client may forge one (on a button it shows)."""
        if not any(b.get("custom_id") == custom_id for b in message.buttons):
            message = message.snapshot()
            forged = {"type": 2, "style": 2, "label": "?", "custom_id": custom_id}
            message.components = [*message.components[:4], {"type": 1, "components": [forged]}]
        data = {"custom_id": custom_id, "component_type": 2}
        return await self._dispatch(bot, self._interaction(user, message.channel_id, 3, data, message))

    async def choose_id(
        self, bot: discord.Client, user: FakeUser, message: FakeMessage, custom_id: str, value: str
    ) -> InteractionRecord:
        """A choice in a select menu with any custom id and value, as a modified client may forge one."""
        message = message.snapshot()
        forged = {"type": 3, "custom_id": custom_id, "options": [{"label": "?", "value": value}]}
        message.components = [*message.components[:4], {"type": 1, "components": [forged]}]
        data = {"custom_id": custom_id, "component_type": 3, "values": [value]}
        return await self._dispatch(bot, self._interaction(user, message.channel_id, 3, data, message))

    async def submit_id(
        self, bot: discord.Client, user: FakeUser, message: FakeMessage, custom_id: str, values: dict[str, str]
    ) -> InteractionRecord:
        """A modal submission with any custom id and fields, forged from a click on ``message``."""
        rows = [{"type": 18, "component": {"type": 4, "custom_id": k, "value": v}} for k, v in values.items()]
        data = {"custom_id": custom_id, "components": rows}
        return await self._dispatch(bot, self._interaction(user, message.channel_id, 5, data, message))

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

    async def choose_several(
        self, bot: discord.Client, user: FakeUser, message: FakeMessage, values: list[str], *, select: int
    ) -> InteractionRecord:
        """Tick several options of one select menu (``max_values`` > 1) and close it: one interaction.
        What Discord's client would not let through (too few or too many, an option the menu lacks)
        fails the test instead."""
        menu = message.selects[select]
        offered = {entry["value"] for entry in menu.get("options", [])}
        assert set(values) <= offered, f"options {values} are not all in the menu"
        assert menu.get("min_values", 1) <= len(values) <= menu.get("max_values", 1), "Discord allows no such count"
        data = {"custom_id": menu["custom_id"], "component_type": 3, "values": list(values)}
        return await self._dispatch(bot, self._interaction(user, message.channel_id, 3, data, message))

    async def submit(
        self, bot: discord.Client, user: FakeUser, opened: InteractionRecord, values: dict[str, Any] | None = None
    ) -> InteractionRecord:
        """Submit the modal the bot opened in answer to ``opened``; fields not in ``values`` keep their
        default. A text input takes text, a select or radio group an option's label or value (a list
        for several), a checkbox True or False. What Discord's client would not let through (an option
        the menu lacks, an empty required field, text too long) fails the test instead."""
        assert opened.modal is not None, "the bot did not open a modal"
        values = values or {}
        rows = [
            {"type": 18, "component": submitted_field(component, values)}
            for component in walk_components(opened.modal["components"])
            if component.get("type") in FIELD_TYPES
        ]
        data = {"custom_id": opened.modal["custom_id"], "components": rows}
        return await self._dispatch(bot, self._interaction(user, opened.channel_id, 5, data, opened.source))

    async def say(
        self, bot: discord.Client, user: FakeUser, text: str, *, channel_id: int | None = None
    ) -> FakeMessage:
        """Someone writes in a channel: the message is stored and its gateway event dispatched."""
        channel = channel_id or self.channel_id
        message = FakeMessage(self.snowflake(), channel, content=text, author_id=user.id)
        self.messages[message.id] = message
        payload = message.payload(self)
        payload["guild_id"] = str(self.guild_of(channel))
        payload["member"] = {k: v for k, v in user.member_payload().items() if k != "user"}
        bot._connection.parse_message_create(cast(Any, payload))
        await asyncio.sleep(0)
        await self.settle()
        return message

    # --- persistence ------------------------------------------------------------------

    _SAVED = (
        "_last_id",
        "application_id",
        "bot_user",
        "guild_id",
        "channel_id",
        "deleted",
        "dms_closed",
        "requests",
        "nonce_hits",
        "pings",
        "threads_created",
        "deleted_channels",
        "bot_permissions",
    )

    def save(self, path: Path) -> None:
        data: dict[str, Any] = {name: getattr(self, name) for name in self._SAVED}
        data["dms_closed"] = sorted(self.dms_closed)
        data["clock"] = self._clock.isoformat()
        data["channels"] = {str(k): v for k, v in self.channels.items()}
        data["users"] = {str(k): [u.name, u.manage_guild] for k, u in self.users.items()}
        data["members"] = {str(k): sorted(v) for k, v in self.members.items()}
        data["messages"] = [m.to_json() for m in self.messages.values()]
        data["dm_channels"] = {str(k): v for k, v in self.dm_channels.items()}
        data["nonces"] = [[channel, nonce, message] for (channel, nonce), message in self.nonces.items()]
        partial = path.with_name(path.name + ".partial")
        partial.write_text(json.dumps(data))
        os.replace(partial, path)

    @classmethod
    def load(cls, path: Path, *, persist: bool = True) -> FakeDiscord:
        data = json.loads(path.read_text())
        fake = cls(persist_to=path if persist else None)
        for name in cls._SAVED:
            setattr(fake, name, data[name])
        fake.dms_closed = set(data["dms_closed"])
        fake._clock = datetime.fromisoformat(data["clock"])
        fake.requests = [(m, p) for m, p in data["requests"]]
        fake.channels = {int(k): v for k, v in data["channels"].items()}
        fake.users = {int(k): FakeUser(int(k), name, manage) for k, (name, manage) in data["users"].items()}
        fake.members = {int(k): set(v) for k, v in data["members"].items()}
        fake.messages = {m["id"]: FakeMessage.from_json(m) for m in data["messages"]}
        fake.dm_channels = {int(k): v for k, v in data["dm_channels"].items()}
        fake.nonces = {(channel, nonce): message for channel, nonce, message in data["nonces"]}
        fake.pings = [(message, user) for message, user in data["pings"]]
        return fake


def _package_dirs() -> tuple[str, ...]:
    import bot
    import cogs

    return tuple(str(Path(module.__file__ or "").resolve().parent) + os.sep for module in (discord, bot, cogs))


def _is_bot_task(task: asyncio.Task[Any]) -> bool:
    """Tasks started by discord.py or the bot (not the test's own tasks)."""
    coro = task.get_coro()
    code = getattr(coro, "cr_code", None) or getattr(coro, "gi_code", None)
    filename = str(Path(getattr(code, "co_filename", "") or "").resolve())
    return filename.startswith(_package_dirs()) and not filename.startswith(_DEVTOOLS)


_DEVTOOLS = str(Path(__file__).resolve().parent) + os.sep


async def logged_in_bot(
    fake: FakeDiscord,
    database: Path,
    *,
    seed: int,
    games: Callable[[str], Any] | None = None,
    game_names: list[str] | None = None,
    renderer: Any = None,
) -> GameBot:
    """The real bot on ``database``, logged in against ``fake``, on the fake's clock."""
    from bot.client import GameBot
    from bot.config import Settings

    options: dict[str, Any] = {"seed_source": lambda: seed, "clock": fake.now}
    if games is not None:
        options["games"] = games
    if game_names is not None:
        options["game_names"] = game_names
    if renderer is not None:
        options["renderer"] = renderer
    bot = GameBot(Settings(discord_token="fake-token", database_path=database), **options)
    await fake.login(bot)
    return bot
