"""Buttons and select menus that survive restarts.

Every item is a ``discord.ui.DynamicItem``: its class is registered on the bot
(``bot.add_dynamic_items(*DYNAMIC_ITEMS)``), and a click is routed by matching
the custom id against the class's template, whatever message it sits on and
however long ago it was posted. The callback reads the game id and version
from the custom id, answers Discord quickly, and hands the work to
``bot.delivery`` (which calls the table service, reloading everything from
SQLite, and sends what it returns). No rules live here.

Modal submissions are handled by a listener (``FormSubmissions``), not by
``Modal.on_submit``: a modal object lives only in memory, so a form opened
before a restart, or two players opening the same form at once, would
otherwise be lost.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import discord
from discord.ext import commands

from bot.engine import Choice, Form
from cogs import ids
from cogs.errors import guarded

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def button_style(name: str) -> discord.ButtonStyle:
    return STYLES.get(name, discord.ButtonStyle.secondary)


def parse_emoji(text: str) -> discord.PartialEmoji | None:
    return discord.PartialEmoji.from_str(text) if text else None


def _button_like(item: Any, custom_id: str) -> discord.ui.Button:
    """A fresh button mirroring the clicked one (discord.py hands us the message's copy)."""
    return discord.ui.Button(
        label=getattr(item, "label", None),
        style=getattr(item, "style", discord.ButtonStyle.secondary),
        emoji=getattr(item, "emoji", None),
        disabled=getattr(item, "disabled", False),
        custom_id=custom_id,
    )


def _select_like(item: Any, custom_id: str) -> discord.ui.Select:
    return discord.ui.Select(
        custom_id=custom_id,
        placeholder=getattr(item, "placeholder", None),
        options=list(getattr(item, "options", [])) or [discord.SelectOption(label="…")],
    )


def _delivery(interaction: discord.Interaction):
    return interaction.client.delivery  # type: ignore[attr-defined]


class ActionButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.ACTION):
    """One choice as a button: applies the action for the clicker."""

    def __init__(self, button: discord.ui.Button, game_id: int, version: int, action: str) -> None:
        super().__init__(button)
        self.game_id = game_id
        self.version = version
        self.action = action

    @classmethod
    def make(cls, game_id: int, version: int, choice: Choice) -> ActionButton | None:
        custom_id = ids.action(game_id, version, choice.action)
        if custom_id is None:
            return None
        button = discord.ui.Button(
            label=choice.label or choice.action,
            style=button_style(choice.style),
            emoji=parse_emoji(choice.emoji),
            custom_id=custom_id,
        )
        return cls(button, game_id, version, choice.action)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str], /):
        custom_id = match.group(0)
        return cls(_button_like(item, custom_id), int(match["game"]), int(match["version"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            await interaction.response.defer()
            await _delivery(interaction).act(interaction, self.game_id, self.version, self.action)

        await guarded(interaction, work)


class ChoiceSelect(discord.ui.DynamicItem[discord.ui.Select], template=ids.SELECT):
    """A group of choices as a select menu (value = action string), paged by 25."""

    def __init__(self, select: discord.ui.Select, game_id: int, version: int, page: int, group: str) -> None:
        super().__init__(select)
        self.game_id = game_id
        self.version = version
        self.page = page
        self.group = group

    @classmethod
    def make(
        cls, game_id: int, version: int, page: int, group: str, options: list[discord.SelectOption], placeholder: str
    ) -> ChoiceSelect:
        custom_id = ids.select(game_id, version, page, group)
        select = discord.ui.Select(custom_id=custom_id, placeholder=placeholder[:150], options=options)
        return cls(select, game_id, version, page, ids.group_token(game_id, version, page, group))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str], /):
        return cls(
            _select_like(item, match.group(0)),
            int(match["game"]),
            int(match["version"]),
            int(match["page"]),
            match["group"],
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            values = self.item.values
            if not values:
                return await interaction.response.defer()
            page = ids.page_from_value(values[0])
            if page is not None:
                return await _delivery(interaction).turn_page(interaction, self.game_id, self.version, self.group, page)
            await interaction.response.defer()
            await _delivery(interaction).act(interaction, self.game_id, self.version, values[0])

        await guarded(interaction, work)


class PlayButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.PLAY):
    """ "▶ Play" on a turn message: opens the clicker's own panel, only for them."""

    def __init__(self, game_id: int, version: int, button: discord.ui.Button | None = None) -> None:
        super().__init__(
            button
            or discord.ui.Button(
                label="Play", emoji="▶️", style=discord.ButtonStyle.primary, custom_id=ids.play(game_id, version)
            )
        )
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str], /):
        return cls(int(match["game"]), int(match["version"]), _button_like(item, match.group(0)))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: _delivery(interaction).show_panel(interaction, self.game_id, self.version))


class PrivateInfoButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.PRIVATE):
    """ "🔒 My private info": the clicker's secrets, ephemerally (for players whose DMs are closed)."""

    def __init__(self, game_id: int, button: discord.ui.Button | None = None) -> None:
        super().__init__(
            button
            or discord.ui.Button(
                label="My private info", emoji="🔒", style=discord.ButtonStyle.secondary, custom_id=ids.private(game_id)
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str], /):
        return cls(int(match["game"]), _button_like(item, match.group(0)))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: _delivery(interaction).show_private(interaction, self.game_id))


class FormButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.FORM):
    """Opens the modal of one of the seat's forms (pre-filled with the defaults)."""

    def __init__(self, button: discord.ui.Button, game_id: int, version: int, key: str) -> None:
        super().__init__(button)
        self.game_id = game_id
        self.version = version
        self.key = key

    @classmethod
    def make(cls, game_id: int, version: int, form: Form) -> FormButton | None:
        custom_id = ids.form(game_id, version, form.key)
        if custom_id is None or ids.modal(game_id, version, form.key) is None:
            return None
        button = discord.ui.Button(
            label=form.button_label or form.title or form.key,
            style=discord.ButtonStyle.primary,
            emoji="📝",
            custom_id=custom_id,
        )
        return cls(button, game_id, version, form.key)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str], /):
        return cls(_button_like(item, match.group(0)), int(match["game"]), int(match["version"]), match["key"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(
            interaction, lambda: _delivery(interaction).open_form(interaction, self.game_id, self.version, self.key)
        )


class FormPickSelect(discord.ui.DynamicItem[discord.ui.Select], template=ids.FORM_PICK):
    """When a seat has more forms than fit in a button row: pick one here to open its modal."""

    def __init__(self, select: discord.ui.Select, game_id: int, version: int) -> None:
        super().__init__(select)
        self.game_id = game_id
        self.version = version

    @classmethod
    def make(cls, game_id: int, version: int, forms: list[Form]) -> FormPickSelect:
        options = [
            discord.SelectOption(label=(f.button_label or f.title or f.key)[:100], value=f.key[:100], emoji="📝")
            for f in forms[:25]
        ]
        select = discord.ui.Select(
            custom_id=ids.form_pick(game_id, version), placeholder="Fill in a form…", options=options
        )
        return cls(select, game_id, version)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str], /):
        return cls(_select_like(item, match.group(0)), int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            if not self.item.values:
                return await interaction.response.defer()
            await _delivery(interaction).open_form(interaction, self.game_id, self.version, self.item.values[0])

        await guarded(interaction, work)


LOBBY_BUTTONS: dict[str, tuple[str, str, discord.ButtonStyle]] = {
    "join": ("Join", "🙋", discord.ButtonStyle.success),
    "leave": ("Leave", "🚪", discord.ButtonStyle.secondary),
    "addcpu": ("Computer", "➕", discord.ButtonStyle.secondary),
    "delcpu": ("Computer", "➖", discord.ButtonStyle.secondary),
    "start": ("Start", "🎲", discord.ButtonStyle.primary),
}


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.LOBBY):
    """Join / Leave / +Computer / −Computer / Start on a lobby message."""

    def __init__(self, game_id: int, verb: str, button: discord.ui.Button | None = None) -> None:
        if button is None:
            label, emoji, style = LOBBY_BUTTONS[verb]
            button = discord.ui.Button(label=label, emoji=emoji, style=style, custom_id=ids.lobby(game_id, verb))
        super().__init__(button)
        self.game_id = game_id
        self.verb = verb

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str], /):
        return cls(int(match["game"]), match["verb"], _button_like(item, match.group(0)))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            await interaction.response.defer()
            await _delivery(interaction).lobby_click(interaction, self.game_id, self.verb)

        await guarded(interaction, work)


DYNAMIC_ITEMS = (ActionButton, ChoiceSelect, PlayButton, PrivateInfoButton, FormButton, FormPickSelect, LobbyButton)
"""Registered on the bot in ``setup_hook``: this is what makes old messages' buttons keep working."""

MODAL_PATTERN = re.compile(ids.MODAL)


def modal_values(components: Any) -> dict[str, str]:
    """Text input values of a modal submission, by custom id (action rows and labels alike)."""
    values: dict[str, str] = {}

    def walk(items: Any) -> None:
        for component in items or ():
            if not isinstance(component, Mapping):
                continue
            if "components" in component:
                walk(component["components"])
            if "component" in component:
                walk([component["component"]])
            if component.get("type") == discord.ComponentType.text_input.value and "custom_id" in component:
                values[str(component["custom_id"])] = str(component.get("value") or "")

    walk(components)
    return values


class FormSubmissions(commands.Cog):
    """Applies submitted form modals (see the module docstring for why this is a listener)."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is not discord.InteractionType.modal_submit or not isinstance(interaction.data, dict):
            return
        match = MODAL_PATTERN.fullmatch(str(interaction.data.get("custom_id", "")))
        if match is None:
            return
        game_id, version, key = int(match["game"]), int(match["version"]), match["key"]
        values = modal_values(interaction.data.get("components"))

        async def work() -> None:
            if interaction.message is not None:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
            await _delivery(interaction).submit_form(interaction, game_id, version, key, values)

        await guarded(interaction, work)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(FormSubmissions(bot))
