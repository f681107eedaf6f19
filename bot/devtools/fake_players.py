"""People playing through the fake Discord: they click what a person would click.

Used by the generic full-game test and by the Discord-cost benchmark. Each decision,
the person the game waits on picks one of their legal moves at random (or, with
``first=True``, the first one offered; moves whose label warns that they lose are
avoided while there is another, as people read warnings), then makes it the way a
player would: with the button or menu on the
newest message that mentions them, or through "▶ Play" (their own panel) when the
move is private or a form; they keep using their panel while the game keeps
waiting on them. Forms are submitted with their defaults.

They choose among what the game offers people (``offered``: shortcuts such as a tile and its place
in one, and several-at-once menus, where they tick the first options allowed, or a random set).
Every click, menu choice (a several-at-once menu included) and form submission is a tap;
``log`` keeps who made each decision and with how many taps, and ``turns`` groups them into
turns (a person's decisions in a row, until someone else decides).

The game's state is read from the SQLite file directly, so the same script plays
any version of the bot.
"""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord

from bot.devtools.fake_discord import FakeDiscord, FakeMessage, FakeUser, InteractionRecord
from bot.engine import Choice, Form, LoadedGame, MultiChoice

Pick = Choice | Form | MultiChoice

PAGE = "gm:page:"
PLAY = "gm:play:"
"""The "▶ Play" button's custom id, found by it (not by its label: a German table says "Spielen")."""


@dataclass
class Stored:
    game_type: str
    status: str
    state: dict[str, Any] | None
    version: int
    seats: list[int | None]


def read_game(db: Path, game_id: int) -> Stored:
    with sqlite3.connect(db) as connection:
        game_type, status, state, version = connection.execute(
            "SELECT game_type, status, state, version FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        seats = [
            r[0] for r in connection.execute("SELECT user_id FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
        ]
    return Stored(game_type, status, json.loads(state) if state else None, version, seats)


def _control_action(component: dict[str, Any]) -> str | None:
    custom_id = str(component.get("custom_id", ""))
    if custom_id.startswith("gm:a:"):
        return custom_id.split(":", 4)[4]
    if custom_id.startswith("gm:form:"):
        return "form:" + custom_id.split(":", 4)[4]
    return None


def _find(message: FakeMessage, pick: Pick) -> tuple[str, Any] | None:
    """Where ``pick`` is on ``message``: ("button", custom id), ("option", (value, select index)) or
    ("several", select index)."""
    if isinstance(pick, MultiChoice):
        for index, menu in enumerate(message.selects):
            custom_id = str(menu.get("custom_id", ""))
            if custom_id.startswith("gm:m:") and custom_id.endswith(":" + pick.verb):
                return "several", index
        return None
    wanted = pick.action if isinstance(pick, Choice) else "form:" + pick.key
    for button in message.buttons:
        if _control_action(button) == wanted and not button.get("disabled"):
            return "button", button["custom_id"]
    for index, menu in enumerate(message.selects):
        is_form_menu = str(menu.get("custom_id", "")).startswith("gm:fsel:")
        for option in menu.get("options", []):
            value = option["value"]
            if value == wanted or (is_form_menu and "form:" + value == wanted):
                return "option", (value, index)
    return None


def _first_offered(message: FakeMessage) -> tuple[str, str, str] | None:
    """The first move offered on a message, in reading order: (button or option, action, where)."""
    for row in message.components:
        for component in row.get("components", []):
            action = _control_action(component)
            if action is not None and not action.startswith("form:"):
                return "button", action, str(component["custom_id"])
            if str(component.get("custom_id", "")).startswith("gm:s:"):
                index = message.selects.index(component)
                for option in component.get("options", []):
                    if not option["value"].startswith(PAGE):
                        return "option", option["value"], str(index)
    return None


def _panel_opened(answer: InteractionRecord) -> FakeMessage | None:
    """The private panel a click's answer opened (an ephemeral message with moves on it), if any."""
    panels = [m for m in answer.created if m.ephemeral and (m.selects or any(_control_action(b) for b in m.buttons))]
    return panels[-1] if panels else None


def _next_page(message: FakeMessage) -> tuple[str, int] | None:
    for index, menu in enumerate(message.selects):
        for option in menu.get("options", []):
            # "Next page ▶" in every language ("Nächste Seite ▶"); "◀ Previous page" starts with the arrow
            if option["value"].startswith(PAGE) and option.get("label", "").endswith("▶"):
                return option["value"], index
    return None


def _play_button(message: FakeMessage) -> str | None:
    """The custom id of the message's "▶ Play" button, if it has one."""
    for button in message.buttons:
        if str(button.get("custom_id", "")).startswith(PLAY):
            return str(button["custom_id"])
    return None


def turn_mark(view: Any) -> tuple[int, ...]:
    """The round and turn a public view shows (its own or its base game's), as far as it has them."""
    mark: list[int] = []
    for part in (view, getattr(view, "base", None)):
        for name in ("round", "turn"):
            value = getattr(part, name, None)
            if isinstance(value, int):
                mark.append(value)
    return tuple(mark)


def _safe(picks: list[Pick]) -> list[Pick]:
    def warns(pick: Pick) -> bool:
        if isinstance(pick, MultiChoice):
            return False
        text = f"{pick.label} {pick.description}" if isinstance(pick, Choice) else pick.title
        return "lose" in text.lower()

    safe = [p for p in picks if not warns(p)]
    # Going back is no way out when everything else loses: people then take what there is.
    if not [p for p in safe if not (isinstance(p, Choice) and p.action == "back")]:
        return picks
    return safe


@dataclass
class Players:
    """The people at one table, clicking through ``fake`` on ``bot``."""

    fake: FakeDiscord
    bot: discord.Client
    db: Path
    games: Callable[[str], LoadedGame]
    users: dict[int, FakeUser]
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    channel_id: int | None = None
    panels: dict[int, tuple[FakeMessage, int]] = field(default_factory=dict)
    """Per user: their ephemeral panel, and the game version it was last good for."""
    decisions: int = 0
    think: Callable[[], None] | None = None
    """Called before each decision (a benchmark moves the fake clock: people take a while)."""
    first: bool = False
    """Pick the first move offered (after those warning of a loss) instead of a random one."""
    refusals: dict[int, int] = field(default_factory=dict)
    """Per user: clicks refused (with ``first``: the first option on a shared message was another's)."""
    log: list[tuple[int, int, tuple[int, ...]]] = field(default_factory=list)
    """Per decision: (user id, taps it took, the game's round and turn when it was taken)."""
    _taps: int = 0
    _game_id: int = 0

    def turns(self) -> list[tuple[int, int]]:
        """(user id, taps) per turn: a person's decisions in a row, until someone else decides
        or the game's round or turn moves on (so a solo game has turns too)."""
        turns: list[tuple[int, int]] = []
        last: tuple[int, tuple[int, ...]] | None = None
        for user, taps, mark in self.log:
            if turns and last == (user, mark):
                turns[-1] = (user, turns[-1][1] + taps)
            else:
                turns.append((user, taps))
            last = (user, mark)
        return turns

    def own_turns(self, user_id: int) -> int:
        return sum(1 for user, _ in self.turns() if user == user_id)

    def newest_for(self, user: FakeUser) -> FakeMessage:
        """The newest message that mentions the user and offers moves (or at least ▶ Play)."""
        messages = self.fake.channel_messages(self.channel_id)
        mention = f"<@{user.id}>"
        for message in reversed(messages):
            if mention in message.text and any(_control_action(b) for b in message.buttons) | bool(message.selects):
                return message
            if mention in message.text and _play_button(message) is not None:
                return message
        for message in reversed(messages):
            if _play_button(message) is not None:
                return message
        raise AssertionError(f"nothing to click for {user.name}")

    async def play(self, game_id: int, *, limit: int = 5_000) -> Stored:
        self._game_id = game_id
        for _ in range(limit):
            stored = read_game(self.db, game_id)
            if stored.status != "active" or stored.state is None:
                return stored
            await self.decide(game_id, stored)
        raise AssertionError(f"the game did not end within {limit} decisions")

    async def decide(self, game_id: int, stored: Stored) -> None:
        if self.think is not None:
            self.think()
        engine = self.games(stored.game_type).engine
        state = engine.load(stored.state or {})
        waiting = [s for s in engine.current_seats(state) if stored.seats[s] is not None]
        assert waiting, "the game waits on nobody who can click"
        seat = self.rng.choice(waiting)
        user = self.users[int(stored.seats[seat] or 0)]
        offered = engine.offered(state, seat)
        picks: list[Pick] = [*engine.multi_choices(state, seat), *offered, *engine.forms(state, seat)]
        assert picks, f"{user.name} is waited on but has no move"
        safe = _safe(picks)
        pick = safe[0] if self.first else self.rng.choice(safe)
        self._taps = 0
        if self.first and self.users:
            await self._try_first_offered(user, {c.action for c in picks if isinstance(c, Choice)}, stored.version)
        surface = await self._surface(user, pick, stored.version)
        answer = await self._make(user, surface, pick)
        if answer.modal is not None:
            self._taps += 1
            answer = await self.fake.submit(self.bot, user, answer)
        after = read_game(self.db, game_id)
        assert after.version > stored.version, f"{user.name}'s move {pick} did not apply: {answer.texts}"
        self.decisions += 1
        self.log.append((user.id, self._taps, turn_mark(engine.public_view(state))))
        if surface.ephemeral:
            self.panels[user.id] = (surface, after.version)
        elif (opened := _panel_opened(answer)) is not None:
            # A click on a public prompt that leads to a private decision opens the clicker's panel
            # in its answer: they go on there, as a person would, instead of pressing "▶ Play".
            self.panels[user.id] = (opened, after.version)

    def _several(self, pick: MultiChoice) -> list[str]:
        """The first options of a several-at-once menu (as few as allowed), or a random allowed set."""
        values = [option.action for option in pick.options]
        if self.first:
            return values[: max(pick.min_values, 1)]
        return self.rng.sample(values, self.rng.randint(max(pick.min_values, 1), pick.max_values))

    async def _try_first_offered(self, user: FakeUser, mine: set[str], version: int) -> None:
        """Someone picking the first option offered tries it even when it is another player's (a shared
        menu that mixes everyone's choices): that click is refused, and counted."""
        message = self.newest_for(user)
        offered = _first_offered(message)
        if offered is None or offered[1] in mine:
            return
        kind, action, where = offered
        self._taps += 1
        if kind == "button":
            await self.fake.click(self.bot, user, message, where)
        else:
            await self.fake.choose(self.bot, user, message, action, select=int(where))
        assert read_game(self.db, self._game_id).version == version, f"{user.name} moved with another's option"
        self.refusals[user.id] = self.refusals.get(user.id, 0) + 1

    async def _surface(self, user: FakeUser, pick: Pick, version: int) -> FakeMessage:
        remembered = self.panels.get(user.id)
        if remembered is not None and remembered[1] == version:
            panel = remembered[0]
            if _find(panel, pick) or _next_page(panel):
                return panel
            # The panel a public click opened may not hold this decision (a public choice of the
            # prompt's, offered while another seat is on the move): the prompt has it.
        message = self.newest_for(user)
        if isinstance(pick, Choice) and pick.public and (_find(message, pick) or _next_page(message)):
            return message
        play = _play_button(message)
        assert play is not None, f"{pick} is not offered to {user.name} on {message.text!r}"
        self._taps += 1
        return (await self.fake.click(self.bot, user, message, play)).reply

    async def _make(self, user: FakeUser, surface: FakeMessage, pick: Pick) -> InteractionRecord:
        for _ in range(50):
            found = _find(surface, pick)
            self._taps += 1
            if found is not None:
                kind, where = found
                if isinstance(pick, MultiChoice):
                    values = self._several(pick)
                    return await self.fake.choose_several(self.bot, user, surface, values, select=where)
                if kind == "button":
                    return await self.fake.click(self.bot, user, surface, where)
                value, index = where
                return await self.fake.choose(self.bot, user, surface, value, select=index)
            page = _next_page(surface)
            assert page is not None, f"{pick} is not offered on {surface.text!r}"
            paged = await self.fake.choose(self.bot, user, surface, page[0], select=page[1])
            surface = surface if surface.ephemeral else paged.reply
        raise AssertionError("too many pages")
