"""The click flows: ask the table, answer the clicker, deliver what the change queued.

Every flow is: call the table service (which commits the change and its outbox
rows at once), answer the interaction, then let the deliverer send the outbox
through ``cogs.sender``. How a click is answered depends on where it came from:

* an ephemeral panel: the panel becomes the next decision, or what the move showed the
  player (UPDATE_MESSAGE); with neither it is removed, so finished panels do not pile up;
* a public message (a prompt, the live board, the lobby): the clicked message's own
  update answers the click (UPDATE_MESSAGE) when the change updates it; a further
  private decision of the clicker opens as their own panel, and what the move showed only
  them follows privately; otherwise the click is acknowledged without a message.

A click in a DM never gets here: DMs carry no buttons, and the table refuses a server's game
to a click from a DM (``bot.table.access``), as a button of an old DM panel would be.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import N_, current_language
from bot.i18n.table import _
from bot.table import Outcome, Panel, Person, Report, StaleAction, TableError, TableService
from bot.table.texts import fit
from cogs import lobby_options, views
from cogs.errors import send_ephemeral
from cogs.sender import ClickSender, DiscordSender, board_file

if TYPE_CHECKING:
    from bot.client import GameBot

log = logging.getLogger(__name__)

Interaction = discord.Interaction["GameBot"]
PLACES_FILE = "places.png"
STALE_VIEW_NOTE = N_("-# That message is from an earlier turn; this is the current state.")


def display_name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name


def origin_of(interaction: Interaction) -> str:
    """Where the clicked component sits: ``ephemeral``, ``dm``, ``public`` or ``none`` (no message)."""
    message = interaction.message
    if message is None:
        return "none"
    if message.flags.ephemeral:
        return "ephemeral"
    if interaction.guild_id is None:
        return "dm"
    return "public"


class Delivery:
    def __init__(self, bot: GameBot, service: TableService) -> None:
        self.bot = bot
        self.service = service
        self.sender = DiscordSender(bot)
        service.send_follow_ups_with(self.sender)

    # --- rendering ------------------------------------------------------------

    @staticmethod
    def panel_message(
        panel: Panel,
        pages: Mapping[str, int] | None = None,
        note: str = "",
        seat_url: str | None = None,
        *,
        activity: bool = False,
    ) -> tuple[str, discord.ui.View | None]:
        text = f"{note}\n{panel.text}" if note else panel.text
        return fit(text), views.panel_view(panel, pages, seat_url, activity=activity)

    @staticmethod
    def picture(panel: Panel | None, *, editing: bool) -> dict[str, Any]:
        """The places picture of a panel as its attachment; an edit without one drops the picture
        the panel showed before (it was the previous decision's)."""
        if panel is not None and panel.picture:
            file = discord.File(
                io.BytesIO(panel.picture), filename=PLACES_FILE, description=_("Where each choice goes")
            )
            return {"attachments": [file]} if editing else {"file": file}
        return {"attachments": []} if editing else {}

    def seat_url(self, panel: Panel, user_id: int) -> str | None:
        """ "🌐 My board": the player's signed link to their seat's page, when the web table is on."""
        web = self.bot.web
        if web is None or "reclaim" in panel.extras:
            return None
        return web.seat_url(panel.game_id, panel.seat, user_id)

    async def reply(self, interaction: Interaction, reply: str | Panel | None, *, fallback: str = "") -> None:
        """The answer to a command, only for the user who asked ("Done." when the table says nothing)."""
        if isinstance(reply, Panel):
            content, view = self.panel_message(reply)
            await send_ephemeral(interaction, content, view, **self.picture(reply, editing=False))
        else:
            await send_ephemeral(interaction, fit(reply or fallback or _("Done.")))

    # --- delivering --------------------------------------------------------------

    async def send_pending(self, game_id: int, interaction: Interaction | None = None) -> Report:
        """Deliver what the game's changes queued; a click's own message first, as its answer."""
        if interaction is None or origin_of(interaction) != "public":
            return await self.service.deliver(game_id, self.sender)
        sender = ClickSender(self.bot, interaction)
        try:
            return await self.service.deliver(game_id, sender, first=sender.clicked)
        finally:
            await sender.acknowledge()

    async def run(self, game_id: int, call: Callable[[], Awaitable[Outcome]]) -> Outcome:
        """Ask the table, then deliver (for commands, which answer the asker themselves)."""
        outcome = await call()
        await self.send_pending(game_id)
        return outcome

    async def resume(self) -> int:
        """After a start: finish interrupted computer moves and send everything still pending."""
        return await self.service.resume(self.sender)

    # --- after a click ----------------------------------------------------------------

    async def after_click(self, interaction: Interaction, outcome: Outcome) -> None:
        origin = origin_of(interaction)
        reply = outcome.reply
        panel = reply if isinstance(reply, Panel) else None
        deciding = panel is not None and panel.has_decision
        news = panel is not None and panel.has_news
        text = reply if isinstance(reply, str) else None
        if origin == "ephemeral":
            await self._replace_panel(interaction, panel if deciding or news else None, text)
            await self.send_pending(outcome.game_id)
        elif origin == "public":
            private_decision = deciding and panel is not None and panel.needs_privacy
            if private_decision:
                await self.reply(interaction, panel)
            await self.send_pending(outcome.game_id, interaction)
            if news and not private_decision:
                await self.reply(interaction, panel)  # what their move showed only them
        else:
            if not interaction.response.is_done():
                await interaction.response.defer(ephemeral=True, thinking=True)
            await self.send_pending(outcome.game_id)
            await self.reply(interaction, panel if deciding or news else text)

    async def _replace_panel(self, interaction: Interaction, panel: Panel | None, text: str | None) -> None:
        """The clicked panel becomes the player's next decision or what their move showed them;
        with neither, it goes (the move shows on the board), so panels do not pile up."""
        if panel is not None:
            content, view = self.panel_message(panel)
            await interaction.response.edit_message(content=content, view=view, **self.picture(panel, editing=True))
        elif text:
            await interaction.response.edit_message(content=fit(f"✅ {text}"), view=None, attachments=[])
        else:
            await interaction.response.defer()
            try:
                await interaction.delete_original_response()
            except discord.HTTPException as error:
                log.debug("Could not remove a finished panel: %s", error)

    # --- flows (the components call these) -------------------------------------------

    async def act(self, interaction: Interaction, game_id: int, version: int, action: str) -> None:
        outcome = await self.service.act(game_id, interaction.user.id, version, action)
        await self.after_click(interaction, outcome)

    async def choose_several(
        self, interaction: Interaction, game_id: int, version: int, verb: str, values: Sequence[str]
    ) -> None:
        outcome = await self.service.choose_several(game_id, interaction.user.id, version, verb, values)
        await self.after_click(interaction, outcome)

    async def submit_form(
        self, interaction: Interaction, game_id: int, version: int, key: str, values: Mapping[str, str]
    ) -> None:
        outcome = await self.service.submit_form(game_id, interaction.user.id, version, key, values)
        await self.after_click(interaction, outcome)

    async def lobby_click(self, interaction: Interaction, game_id: int, verb: str) -> None:
        user = interaction.user
        if verb == "options":
            return await self.open_options(interaction, game_id)
        person = Person(user.id, display_name(user), current_language())
        calls: dict[str, Callable[[], Awaitable[Outcome]]] = {
            "join": lambda: self.service.join(game_id, person),
            "leave": lambda: self.service.leave(game_id, person),
            "addcpu": lambda: self.service.add_computer(game_id, user.id),
            "delcpu": lambda: self.service.remove_computer(game_id, user.id),
            "start": lambda: self.service.start(game_id, user.id),
        }
        call = calls.get(verb)
        if call is None:
            raise TableError(_("That lobby button is not one I know."))
        outcome = await call()
        if origin_of(interaction) == "ephemeral":
            # A private copy of the lobby (from /game status): the real lobby is updated by the delivery.
            await interaction.response.edit_message(content=fit(f"✅ {outcome.reply or _('Done.')}"), view=None)
            await self.send_pending(game_id)
        else:
            await self.send_pending(game_id, interaction)

    async def set_level(self, interaction: Interaction, game_id: int, seat: int | None, level: str) -> None:
        """A level picked in the lobby's select: the lobby's own update answers the pick."""
        outcome = await self.service.set_level(game_id, interaction.user.id, seat, level)
        await self.lobby_changed(interaction, game_id, outcome)

    async def set_language(self, interaction: Interaction, game_id: int, language: str) -> None:
        """A table language picked in the lobby's select: the lobby, now in it, answers the pick."""
        outcome = await self.service.set_language(game_id, interaction.user.id, language)
        await self.lobby_changed(interaction, game_id, outcome)

    async def lobby_changed(self, interaction: Interaction, game_id: int, outcome: Outcome) -> None:
        """A lobby select's pick: on a private copy of the lobby (``/game status``) it is answered in
        words; on the lobby itself, by the lobby's own update."""
        if origin_of(interaction) == "ephemeral":
            await interaction.response.edit_message(content=fit(f"✅ {outcome.reply or _('Done.')}"), view=None)
            await self.send_pending(game_id)
        else:
            await self.send_pending(game_id, interaction)

    async def open_options(self, interaction: Interaction, game_id: int, page: int = 0) -> None:
        form = await self.service.lobby_options(game_id, interaction.user.id)
        await interaction.response.send_modal(lobby_options.options_modal(game_id, form, page))

    async def set_options(self, interaction: Interaction, game_id: int, values: Mapping[str, str]) -> None:
        """A submitted options form: the lobby shows the new options; the host gets them in words,
        with buttons for the other pages and for options the change brought in (a modal cannot
        change while it is open). A form opened from that answer updates it in place."""
        before = await self.service.lobby_options(game_id, interaction.user.id)
        outcome = await self.service.set_options(game_id, interaction.user.id, values)
        after = await self.service.lobby_options(game_id, interaction.user.id)
        view = lobby_options.options_reply(game_id, before, after)
        text = str(outcome.reply or _("Options saved."))
        if view is not None:
            text += "\n" + _("-# More options: the buttons below open them.")
        if origin_of(interaction) == "ephemeral":
            await interaction.response.edit_message(content=fit(text), view=view)
            await self.send_pending(game_id)
        else:
            await self.send_pending(game_id, interaction)
            await send_ephemeral(interaction, fit(text), view)

    async def show_panel(self, interaction: Interaction, game_id: int, version: int) -> None:
        panel = await self.service.panel(game_id, interaction.user.id)
        note = "" if panel.version <= version else _(STALE_VIEW_NOTE)
        seat_url = self.seat_url(panel, interaction.user.id)
        content, view = self.panel_message(panel, note=note, seat_url=seat_url, activity=self.bot.activity_on)
        await send_ephemeral(interaction, content, view, **self.picture(panel, editing=False))

    async def show_private(self, interaction: Interaction, game_id: int) -> None:
        info = await self.service.private_info(game_id, interaction.user.id)
        text = f"🔒 {info.text}"
        if info.dms_closed:
            text += "\n" + _(
                "-# 📪 I can't send you DMs. Allow direct messages from this server's members, then press the button."
            )
        await send_ephemeral(interaction, fit(text), views.private_view(game_id, info.dms_closed))

    async def dms_again(self, interaction: Interaction, game_id: int) -> None:
        await self.service.dms_again(game_id, interaction.user.id)
        await self.send_pending(game_id)
        if await self.service.refuses_dms(interaction.user.id):
            text = _(
                "📪 Discord still refuses my DMs to you. In this server's Privacy Settings, allow direct "
                "messages from server members, then try again."
            )
            view = views.private_view(game_id, True)
        else:
            text, view = _("📬 Sent you a DM: your secrets arrive there again whenever they change."), None
        if origin_of(interaction) == "ephemeral":
            await interaction.response.edit_message(content=text, view=view)
        else:
            await send_ephemeral(interaction, text, view)

    async def show_everyone(self, interaction: Interaction, game_id: int) -> None:
        outcome = await self.service.show_everyone(game_id, interaction.user.id)
        await self.send_pending(game_id)
        text = str(outcome.reply or _("Done."))
        if origin_of(interaction) == "ephemeral":
            await interaction.response.edit_message(content=text, view=None, attachments=[])
        else:
            await send_ephemeral(interaction, text)

    async def show_status(self, interaction: Interaction) -> None:
        status = await self.service.status(interaction.channel_id or 0, interaction.user.id)
        if status.lobby is not None:
            view = views.card_view(status.lobby)
            await send_ephemeral(interaction, status.lobby.text, view)
            return
        extra = {"file": board_file(status.board_name, status.board)} if status.board else {}
        await send_ephemeral(interaction, fit(status.text), views.status_view(status.game_id, status.active), **extra)

    async def open_form(self, interaction: Interaction, game_id: int, version: int, key: str) -> None:
        panel = await self.service.panel(game_id, interaction.user.id)
        if panel.version > version:
            stale = _("That form is from an earlier turn, so nothing happened.")
            raise StaleAction(stale, game_id, interaction.user.id)
        form = next((f for f in panel.forms if f.key == key), None)
        if form is None:
            raise TableError(
                "{refusal}\n{panel}".format(refusal=_("That form is not available to you now."), panel=panel.text)
            )
        await interaction.response.send_modal(views.form_modal(game_id, panel.version, form))

    async def turn_page(self, interaction: Interaction, game_id: int, version: int, group: str, page: int) -> None:
        panel = await self.service.panel(game_id, interaction.user.id)
        stale = panel.version > version
        content, view = self.panel_message(panel, {} if stale else {group: page}, _(STALE_VIEW_NOTE) if stale else "")
        origin = origin_of(interaction)
        if origin == "ephemeral":
            await interaction.response.edit_message(content=content, view=view)
        else:
            # Never page a shared message for everyone: the clicker gets their own copy.
            await send_ephemeral(interaction, content, view)
