"""Buttons and select menus that survive restarts.

Every item is a ``discord.ui.DynamicItem``: its class is registered on the bot
(``bot.add_dynamic_items(*DYNAMIC_ITEMS)``), and a click is routed by matching
the custom id against the class's template, whatever message it sits on and
however long ago it was posted. The item reads the game id and version from the
custom id (refusing numbers out of range, privately), and hands the work to
``bot.delivery``, which asks the table service (reloading everything from SQLite)
and answers. No rules live here.

Modal submissions are handled by a listener (``FormSubmissions``), not by
``Modal.on_submit``: a modal object lives only in memory, so a form opened
before a restart, or two players opening the same form at once, would
otherwise be lost.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.engine import Choice, Form
from bot.i18n import N_
from bot.i18n.table import _
from bot.table import UNKNOWN_GAME, NoGameHere, Place, asked_from
from cogs import ids
from cogs.errors import guarded, send_ephemeral
from cogs.modal_data import modal_values

if TYPE_CHECKING:
    from bot.client import GameBot
    from cogs.delivery import Delivery

Interaction = discord.Interaction[Any]
"""The library's item callbacks take any client's interaction; ``game_bot`` gives ours, typed."""
Button = discord.ui.Button[discord.ui.View]
Select = discord.ui.Select[discord.ui.View]

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}
UNKNOWN_BUTTON = N_("That button isn't one I know (it may be from an older version of me). Use `/game status`.")
UNKNOWN_FORM = N_("That form isn't one I know (it may be from an older version of me). Use `/game status`.")


def button_style(name: str) -> discord.ButtonStyle:
    return STYLES.get(name, discord.ButtonStyle.secondary)


def parse_emoji(text: str) -> discord.PartialEmoji | None:
    return discord.PartialEmoji.from_str(text) if text else None


def _button_like(item: discord.ui.Item[Any], custom_id: str) -> Button:
    """A fresh button mirroring the clicked one (discord.py hands us the message's copy)."""
    return discord.ui.Button(
        label=getattr(item, "label", None),
        style=getattr(item, "style", discord.ButtonStyle.secondary),
        emoji=getattr(item, "emoji", None),
        disabled=getattr(item, "disabled", False),
        custom_id=custom_id,
    )


def _select_like(item: discord.ui.Item[Any], custom_id: str) -> Select:
    return discord.ui.Select(
        custom_id=custom_id,
        placeholder=getattr(item, "placeholder", None),
        options=list(getattr(item, "options", [])) or [discord.SelectOption(label="…")],
    )


def game_bot(interaction: Interaction) -> GameBot:
    from bot.client import GameBot

    client = interaction.client
    if not isinstance(client, GameBot):
        raise TypeError("the game's components run on GameBot")
    return client


def _delivery(interaction: Interaction) -> Delivery:
    return game_bot(interaction).delivery


def _numbers(match: re.Match[str]) -> tuple[int, int]:
    """Game id and version from a matched custom id; (0, 0) when either is out of range."""
    game = ids.game_number(match["game"])
    version = ids.version_number(match["version"]) if "version" in match.groupdict() else 0
    if game is None or version is None:
        return 0, 0
    return game, version


async def _run(interaction: Interaction, game_id: int, work: Callable[[], Awaitable[object]]) -> None:
    """Run a click's or form's work, refusing privately a custom id whose numbers name no game.
    The table loads the game only if it is reachable from where the click was made (its server
    and channel; see ``bot.table.access``): any other answers as an unknown game does."""

    async def checked() -> None:
        if not game_id:
            raise NoGameHere(_(UNKNOWN_GAME))
        await work()

    with asked_from(Place(interaction.guild_id, interaction.channel_id)):
        await guarded(interaction, checked)


class ActionButton(discord.ui.DynamicItem[Button], template=ids.ACTION):
    """One choice as a button: applies the action for the clicker."""

    def __init__(self, button: Button, game_id: int, version: int, action: str) -> None:
        super().__init__(button)
        self.game_id = game_id
        self.version = version
        self.action = action

    @classmethod
    def make(cls, game_id: int, version: int, choice: Choice) -> ActionButton | None:
        custom_id = ids.action(game_id, version, choice.action)
        if custom_id is None:
            return None
        button: Button = discord.ui.Button(
            label=choice.label or choice.action,
            style=button_style(choice.style),
            emoji=parse_emoji(choice.emoji),
            custom_id=custom_id,
        )
        return cls(button, game_id, version, choice.action)

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActionButton:
        game, version = _numbers(match)
        return cls(_button_like(item, match.group(0)), game, version, match["action"])

    async def callback(self, interaction: Interaction) -> None:
        await _run(
            interaction,
            self.game_id,
            lambda: _delivery(interaction).act(interaction, self.game_id, self.version, self.action),
        )


class ChoiceSelect(discord.ui.DynamicItem[Select], template=ids.SELECT):
    """A group of choices as a select menu (value = action string), paged by 25."""

    def __init__(self, select: Select, game_id: int, version: int, page: int, group: str) -> None:
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
        select: Select = discord.ui.Select(custom_id=custom_id, placeholder=placeholder[:150], options=options)
        return cls(select, game_id, version, page, ids.group_token(game_id, version, page, group))

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChoiceSelect:
        game, version = _numbers(match)
        page = ids.number(match["page"], ids.MAX_PAGE) or 0
        return cls(_select_like(item, match.group(0)), game, version, page, match["group"])

    async def callback(self, interaction: Interaction) -> None:
        async def work() -> None:
            values = self.item.values
            if not values:
                await interaction.response.defer()
                return
            delivery = _delivery(interaction)
            if values[0].startswith(ids.PAGE_VALUE_PREFIX):
                page = ids.page_from_value(values[0])
                if page is None:
                    raise NoGameHere(_("That page is not one I know."))
                return await delivery.turn_page(interaction, self.game_id, self.version, self.group, page)
            await delivery.act(interaction, self.game_id, self.version, values[0])

        await _run(interaction, self.game_id, work)


class PlayButton(discord.ui.DynamicItem[Button], template=ids.PLAY):
    """ "▶ Play": opens the clicker's own panel, only for them."""

    def __init__(self, game_id: int, version: int, button: Button | None = None) -> None:
        super().__init__(
            button
            or discord.ui.Button(
                label=_("Play"), emoji="▶️", style=discord.ButtonStyle.primary, custom_id=ids.play(game_id, version)
            )
        )
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PlayButton:
        game, version = _numbers(match)
        return cls(game, version, _button_like(item, match.group(0)))

    async def callback(self, interaction: Interaction) -> None:
        await _run(
            interaction,
            self.game_id,
            lambda: _delivery(interaction).show_panel(interaction, self.game_id, self.version),
        )


class _GameButton(discord.ui.DynamicItem[Button], template=r"gm:never:(?P<game>[0-9]+)"):
    """A button that names only a game."""

    LABEL = ""
    EMOJI = ""
    STYLE = discord.ButtonStyle.secondary

    def __init__(self, game_id: int, button: Button | None = None) -> None:
        super().__init__(
            button
            or discord.ui.Button(
                label=_(self.LABEL) if self.LABEL else self.LABEL,
                emoji=self.EMOJI,
                style=self.STYLE,
                custom_id=self.custom_id_for(game_id),
            )
        )
        self.game_id = game_id

    @staticmethod
    def custom_id_for(game_id: int) -> str:
        raise NotImplementedError

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> _GameButton:
        return cls(_numbers(match)[0], _button_like(item, match.group(0)))

    async def work(self, interaction: Interaction) -> None:
        raise NotImplementedError

    async def callback(self, interaction: Interaction) -> None:
        await _run(interaction, self.game_id, lambda: self.work(interaction))


class PrivateInfoButton(_GameButton, template=ids.PRIVATE):
    """ "🔒 My private info": the clicker's secrets, ephemerally."""

    LABEL, EMOJI = N_("My private info"), "🔒"
    custom_id_for = staticmethod(ids.private)

    async def work(self, interaction: Interaction) -> None:
        await _delivery(interaction).show_private(interaction, self.game_id)


class DmsAgainButton(_GameButton, template=ids.DMS_AGAIN):
    """ "📬 Send me DMs again", under the private info of a player whose DMs were closed."""

    LABEL, EMOJI, STYLE = N_("Send me DMs again"), "📬", discord.ButtonStyle.primary
    custom_id_for = staticmethod(ids.dms_again)

    async def work(self, interaction: Interaction) -> None:
        await _delivery(interaction).dms_again(interaction, self.game_id)


class ShowEveryoneButton(_GameButton, template=ids.SHOW):
    """ "📢 Show everyone", under a private ``/game status``: the board moves to the bottom of the channel."""

    LABEL, EMOJI, STYLE = N_("Show everyone"), "📢", discord.ButtonStyle.primary
    custom_id_for = staticmethod(ids.show)

    async def work(self, interaction: Interaction) -> None:
        await _delivery(interaction).show_everyone(interaction, self.game_id)


class FormButton(discord.ui.DynamicItem[Button], template=ids.FORM):
    """Opens the modal of one of the seat's forms (pre-filled with the defaults)."""

    def __init__(self, button: Button, game_id: int, version: int, key: str) -> None:
        super().__init__(button)
        self.game_id = game_id
        self.version = version
        self.key = key

    @classmethod
    def make(cls, game_id: int, version: int, form: Form) -> FormButton | None:
        custom_id = ids.form(game_id, version, form.key)
        if custom_id is None or ids.modal(game_id, version, form.key) is None:
            return None
        button: Button = discord.ui.Button(
            label=form.button_label or form.title or form.key,
            style=discord.ButtonStyle.primary,
            emoji="📝",
            custom_id=custom_id,
        )
        return cls(button, game_id, version, form.key)

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> FormButton:
        game, version = _numbers(match)
        return cls(_button_like(item, match.group(0)), game, version, match["key"])

    async def callback(self, interaction: Interaction) -> None:
        await _run(
            interaction,
            self.game_id,
            lambda: _delivery(interaction).open_form(interaction, self.game_id, self.version, self.key),
        )


class FormPickSelect(discord.ui.DynamicItem[Select], template=ids.FORM_PICK):
    """When a seat has more forms than fit in a button row: pick one here to open its modal."""

    def __init__(self, select: Select, game_id: int, version: int) -> None:
        super().__init__(select)
        self.game_id = game_id
        self.version = version

    @classmethod
    def make(cls, game_id: int, version: int, forms: list[Form]) -> FormPickSelect:
        options = [
            discord.SelectOption(label=(f.button_label or f.title or f.key)[:100], value=f.key[:100], emoji="📝")
            for f in forms[:25]
        ]
        select: Select = discord.ui.Select(
            custom_id=ids.form_pick(game_id, version), placeholder=_("Fill in a form…"), options=options
        )
        return cls(select, game_id, version)

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> FormPickSelect:
        game, version = _numbers(match)
        return cls(_select_like(item, match.group(0)), game, version)

    async def callback(self, interaction: Interaction) -> None:
        async def work() -> None:
            if not self.item.values:
                await interaction.response.defer()
                return
            await _delivery(interaction).open_form(interaction, self.game_id, self.version, self.item.values[0])

        await _run(interaction, self.game_id, work)


LOBBY_BUTTONS: dict[str, tuple[str, str, discord.ButtonStyle]] = {
    "join": (N_("Join"), "🙋", discord.ButtonStyle.success),
    "leave": (N_("Leave"), "🚪", discord.ButtonStyle.secondary),
    "addcpu": (N_("Computer"), "➕", discord.ButtonStyle.secondary),
    "delcpu": (N_("Computer"), "➖", discord.ButtonStyle.secondary),
    "options": (N_("Options"), "⚙️", discord.ButtonStyle.secondary),
    "start": (N_("Start"), "🎲", discord.ButtonStyle.primary),
}


class LobbyButton(discord.ui.DynamicItem[Button], template=ids.LOBBY):
    """Join / Leave / +Computer / −Computer / Options / Start on a lobby message."""

    def __init__(self, game_id: int, verb: str, button: Button | None = None) -> None:
        if button is None:
            label, emoji, style = LOBBY_BUTTONS[verb]
            button = discord.ui.Button(label=_(label), emoji=emoji, style=style, custom_id=ids.lobby(game_id, verb))
        super().__init__(button)
        self.game_id = game_id
        self.verb = verb

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        game = _numbers(match)[0] if match["verb"] in ids.LOBBY_VERBS else 0
        return cls(game, match["verb"], _button_like(item, match.group(0)))

    async def callback(self, interaction: Interaction) -> None:
        await _run(
            interaction, self.game_id, lambda: _delivery(interaction).lobby_click(interaction, self.game_id, self.verb)
        )


class OptionsPageButton(discord.ui.DynamicItem[Button], template=ids.OPTIONS_PAGE):
    """ "⚙️ …" under the host's options answer: opens one page of the lobby's options."""

    def __init__(self, game_id: int, page: int, button: Button) -> None:
        super().__init__(button)
        self.game_id = game_id
        self.page = page

    @classmethod
    def make(cls, game_id: int, page: int, label: str, fresh: bool) -> OptionsPageButton:
        """``fresh``: the page holds options the change just brought in (the button stands out)."""
        style = discord.ButtonStyle.primary if fresh else discord.ButtonStyle.secondary
        button: Button = discord.ui.Button(
            label=label, emoji="⚙️", style=style, custom_id=ids.options_page(game_id, page)
        )
        return cls(game_id, page, button)

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> OptionsPageButton:
        page = ids.number(match["page"], ids.MAX_PAGE)
        game = _numbers(match)[0] if page is not None else 0
        return cls(game, page or 0, _button_like(item, match.group(0)))

    async def callback(self, interaction: Interaction) -> None:
        await _run(
            interaction,
            self.game_id,
            lambda: _delivery(interaction).open_options(interaction, self.game_id, self.page),
        )


class UnknownItem(discord.ui.DynamicItem[Button], template=ids.UNKNOWN):
    """Any other ``gm:`` custom id (forged, or from an older version of the bot): refused privately."""

    def __init__(self, button: Button | None = None) -> None:
        super().__init__(button or discord.ui.Button(label="?", custom_id="gm:unknown"))

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> UnknownItem:
        return cls(_button_like(item, match.group(0)))

    async def callback(self, interaction: Interaction) -> None:
        await guarded(interaction, lambda: send_ephemeral(interaction, _(UNKNOWN_BUTTON)))


DYNAMIC_ITEMS = (
    ActionButton,
    ChoiceSelect,
    PlayButton,
    PrivateInfoButton,
    DmsAgainButton,
    ShowEveryoneButton,
    FormButton,
    FormPickSelect,
    LobbyButton,
    OptionsPageButton,
    UnknownItem,
)
"""Registered on the bot in ``setup_hook``, in this order, after the table's own buttons
(``cogs.table_buttons``) and before the lobby's menus: this is what makes old messages' buttons
keep working."""

MODAL_PATTERN = re.compile(ids.MODAL)
OPTIONS_PATTERN = re.compile(ids.OPTIONS_MODAL)


class FormSubmissions(commands.Cog):
    """Applies submitted form and lobby-options modals (see the module docstring for why this is a listener)."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_interaction(self, interaction: Interaction) -> None:
        if interaction.type is not discord.InteractionType.modal_submit or not isinstance(interaction.data, dict):
            return
        custom_id = str(interaction.data.get("custom_id", ""))
        values = modal_values(interaction.data.get("components"))
        delivery = self.bot.delivery
        if match := MODAL_PATTERN.fullmatch(custom_id):
            game, version = _numbers(match)
            key = match["key"]
            await _run(interaction, game, lambda: delivery.submit_form(interaction, game, version, key, values))
        elif match := OPTIONS_PATTERN.fullmatch(custom_id):
            game = _numbers(match)[0]
            await _run(interaction, game, lambda: delivery.set_options(interaction, game, values))
        elif custom_id.startswith("gm:"):
            await guarded(interaction, lambda: send_ephemeral(interaction, _(UNKNOWN_FORM)))


async def setup(bot: GameBot) -> None:
    await bot.add_cog(FormSubmissions(bot))
