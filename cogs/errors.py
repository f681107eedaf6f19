"""The one place where errors become what the user sees.

* ``TableError`` and ``RuleError`` carry player-safe messages: shown ephemerally
  as they are. A ``StaleAction`` also shows the clicker's current panel, so
  they can act on the right turn without hunting for the newest message.
* Anything else is a bug: the user gets a short apology with a reference id,
  and the traceback is logged with that id. Logs name the interaction (command
  name, or the custom id's kind/game/version) and user, never panels, views or
  states, which can hold hidden information.

App command errors arrive through ``tree.on_error`` (installed by the cog
below); button, select and modal callbacks run inside ``guarded``.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import RuleError
from bot.i18n import N_
from bot.i18n.table import _
from bot.table import Panel, StaleAction, TableError
from cogs import ids
from cogs.languages import answer_in_readers_language

if TYPE_CHECKING:
    from bot.client import GameBot

Interaction = discord.Interaction["GameBot"]

log = logging.getLogger(__name__)

APOLOGY = N_(
    "😵 Sorry, something went wrong on my side (reference `{ref}`). "
    "If a move was being made, check the newest game message or `/game status` before trying again. "
    "If it keeps happening, give the reference to whoever runs this bot."
)
MISSING_ACCESS = N_(
    "I can't post or edit messages here. Give me **View Channel**, **Send Messages** "
    "(and **Send Messages in Threads** for threads) and **Attach Files** in this channel, then try again."
)


def describe(interaction: Interaction) -> str:
    """Who did what, for logs: no option values, no panel contents."""
    kind = interaction.type.name if interaction.type else "interaction"
    what = ""
    if interaction.command is not None:
        what = f"/{interaction.command.qualified_name}"
    elif isinstance(interaction.data, dict):
        data: dict[str, Any] = dict(interaction.data)
        what = ids.describe(str(data.get("custom_id", "")))
    return (
        f"{kind} {what} by user {interaction.user.id if interaction.user else '?'} in channel {interaction.channel_id}"
    )


def reference_id() -> str:
    return secrets.token_hex(4)


async def send_ephemeral(
    interaction: Interaction, content: str, view: discord.ui.View | None = None, **extra: Any
) -> None:
    kwargs: dict[str, Any] = {
        "content": content,
        "ephemeral": True,
        "allowed_mentions": discord.AllowedMentions.none(),
        **extra,
    }
    if view is not None:
        kwargs["view"] = view
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)


async def _fresh_panel(interaction: Interaction, error: StaleAction) -> Panel | None:
    try:
        panel = await interaction.client.service.panel(error.game_id, error.user_id or interaction.user.id)
    except (TableError, RuleError):
        return None
    return panel if panel.has_decision else None


def _unwrap(error: BaseException) -> BaseException:
    if isinstance(error, app_commands.CommandInvokeError):
        return error.original
    if isinstance(error, app_commands.TransformerError) and isinstance(error.__cause__, (TableError, RuleError)):
        return error.__cause__
    return error


async def report(interaction: Interaction, error: BaseException) -> None:
    """Tell the user what went wrong, ephemerally (and log bugs with a reference id)."""
    error = _unwrap(error)
    view: discord.ui.View | None = None
    if isinstance(error, (TableError, RuleError)):
        text = str(error) or _("That is not possible now.")
        if isinstance(error, StaleAction):
            panel = await _fresh_panel(interaction, error)
            if panel is not None:
                panel_text, view = interaction.client.delivery.panel_message(panel)
                text = f"{text}\n\n{panel_text}"
        text = text[:2000]
    elif isinstance(error, app_commands.NoPrivateMessage):
        text = _("Games are played in server channels: use this command in a server.")
    elif isinstance(error, app_commands.MissingPermissions):
        text = _("You don't have the permissions this command needs here.")
    elif isinstance(error, app_commands.BotMissingPermissions):
        text = _(MISSING_ACCESS)
    elif isinstance(error, app_commands.CheckFailure):
        text = _("You can't use this command here.")
    elif isinstance(error, (app_commands.CommandSignatureMismatch, app_commands.CommandNotFound)):
        text = _("My commands were just updated and Discord is still catching up. Try again in a minute.")
    elif isinstance(error, discord.Forbidden):
        ref = reference_id()
        log.warning("Missing access [%s] during %s: %s", ref, describe(interaction), error)
        text = _("{missing} (reference `{ref}`)").format(missing=_(MISSING_ACCESS), ref=ref)
    else:
        ref = reference_id()
        log.error("Unexpected error [%s] during %s", ref, describe(interaction), exc_info=error)
        text = _(APOLOGY).format(ref=ref)
    try:
        await send_ephemeral(interaction, text, view)
    except discord.HTTPException as failure:
        log.warning("Could not tell the user about an error during %s: %s", describe(interaction), failure)


async def guarded(interaction: Interaction, work: Callable[[], Awaitable[object]]) -> None:
    """Run a component or modal callback in the clicker's language; any error is reported to the
    clicker by ``report``."""
    try:
        await answer_in_readers_language(interaction)
        await work()
    except Exception as error:
        await report(interaction, error)


class Errors(commands.Cog):
    """Installs ``report`` as the app command tree's error handler."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.tree.error(on_app_command_error)


async def on_app_command_error(interaction: Interaction, error: app_commands.AppCommandError) -> None:
    await report(interaction, error)


async def setup(bot: GameBot) -> None:
    await bot.add_cog(Errors(bot))
