"""Sending what the table service returns, and the click flows around it.

Every flow is: answer Discord quickly (the callers defer), call the table
service, then send the ``Outcome``:

* the public post in the game's channel — a *fresh* message per turn, with the
  board PNG attached and pinging exactly the players to act; the previous turn
  message loses its buttons (a stale click would be refused anyway, but phones
  keep old buttons on screen);
* the lobby message, edited in place while players gather;
* direct messages with private information and private decisions; when a DM
  is refused, one notice per game and player in the channel (never the secret);
* the reply, only to the user who asked.

"Call the service + send the public post" runs under the game's delivery lock,
so turn messages reach the channel in the order the moves happened.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from typing import Any

import discord
from discord.ext import commands

from bot.table import (
    DirectMessage,
    LobbyPost,
    Outcome,
    Panel,
    Person,
    PublicPost,
    StaleAction,
    TableError,
    TableService,
)
from bot.table.texts import fit
from cogs import views
from cogs.errors import send_ephemeral

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()
DM_REFUSED = (
    "📪 {user}, I can't send you direct messages, so your private game information can't reach you there. "
    "Use **🔒 My private info** (and **▶ Play** when it's your move) on the newest game message, or `/game hand`. "
    "To get DMs, allow direct messages from members of this server in your privacy settings."
)
STALE_VIEW_NOTE = "-# That message is from an earlier turn; this is the current state."


def mentions_for(user_ids: Iterable[int]) -> discord.AllowedMentions:
    """Ping exactly these users: never @everyone, @here or roles."""
    users = [discord.Object(user_id) for user_id in user_ids]
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False, users=users or False)


def jump_url(guild_id: int | None, channel_id: int, message_id: int | None = None) -> str | None:
    if guild_id is None:
        return None
    url = f"https://discord.com/channels/{guild_id}/{channel_id}"
    return f"{url}/{message_id}" if message_id else url


def board_file(post: PublicPost) -> discord.File:
    """The board PNG as an attachment; Discord shows it full width under the text, tap to zoom."""
    return discord.File(io.BytesIO(post.board_png or b""), filename=post.board_filename, description="Game board")


def display_name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name


def origin_of(interaction: discord.Interaction) -> str:
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
    def __init__(self, bot: commands.Bot, service: TableService) -> None:
        self.bot = bot
        self.service = service
        self._dm_notices: set[tuple[int, int]] = set()
        self._dm_panels: dict[tuple[int, int], tuple[int, int, int]] = {}
        """(game, user) -> (DM channel, message, version) of the newest DM with buttons, to clear once outdated."""

    @property
    def store(self):
        return self.service.store

    # --- rendering ------------------------------------------------------------

    def panel_message(
        self, panel: Panel, pages: Mapping[str, int] | None = None, note: str = ""
    ) -> tuple[str, discord.ui.View | None]:
        text = f"{note}\n{panel.text}" if note else panel.text
        return fit(text), views.panel_view(panel, pages)

    def _reply_message(self, reply: str | Panel | None, fallback: str) -> tuple[str, discord.ui.View | None]:
        if isinstance(reply, Panel):
            return self.panel_message(reply)
        return fit(reply or fallback), None

    async def reply(
        self, interaction: discord.Interaction, reply: str | Panel | None, *, fallback: str = "Done."
    ) -> None:
        """The answer to a command, only for the user who asked."""
        content, view = self._reply_message(reply, fallback)
        await send_ephemeral(interaction, content, view)

    # --- the public side ------------------------------------------------------

    async def run(self, game_id: int, call: Callable[[], Awaitable[Outcome]]) -> Outcome:
        """Ask the table and send what it returned, in move order for this game."""
        async with self.service.delivery_lock(game_id):
            outcome = await call()
            await self.deliver(outcome)
        return outcome

    async def deliver(self, outcome: Outcome) -> None:
        lobby_message = None
        if outcome.lobby_closed is not None:
            lobby_message = await self.show_lobby(outcome.lobby_closed)
        if isinstance(outcome.post, LobbyPost):
            await self.show_lobby(outcome.post)
        elif isinstance(outcome.post, PublicPost):
            await self.send_turn(outcome.post, already_cleared=lobby_message)
        if outcome.direct:
            await self.send_direct(outcome.direct)
        if isinstance(outcome.post, PublicPost):
            await self._clear_dm_panels(outcome.post.game_id, outcome.post.version, everything=outcome.post.finished)

    async def show_lobby(self, post: LobbyPost) -> int:
        """Edit the lobby message in place (or post it if there is none yet); returns its id."""
        channel = self.bot.get_partial_messageable(post.channel_id)
        view = views.lobby_view(post)
        record = await self.store.game(post.game_id)
        if record is not None and record.last_post_id:
            try:
                await channel.get_partial_message(record.last_post_id).edit(
                    content=post.text, view=view, allowed_mentions=NO_MENTIONS
                )
                return record.last_post_id
            except discord.NotFound:
                log.info("Lobby message of game %s is gone; posting a new one", post.game_id)
        kwargs: dict[str, Any] = {"allowed_mentions": NO_MENTIONS}
        if view is not None:
            kwargs["view"] = view
        message = await channel.send(post.text, **kwargs)
        await self.store.set_last_post(post.game_id, message.id)
        return message.id

    async def send_turn(self, post: PublicPost, *, already_cleared: int | None = None) -> discord.Message:
        """A fresh turn message; the previous one loses its buttons."""
        channel = self.bot.get_partial_messageable(post.channel_id)
        kwargs: dict[str, Any] = {"allowed_mentions": mentions_for(post.mention_ids)}
        if post.board_png:
            kwargs["file"] = board_file(post)
        view = views.public_view(post)
        if view is not None:
            kwargs["view"] = view
        message = await channel.send(post.text, **kwargs)
        previous = await self.store.set_last_post(post.game_id, message.id)
        if previous and previous not in (message.id, already_cleared):
            try:
                await channel.get_partial_message(previous).edit(view=None)
            except discord.HTTPException as error:
                log.debug("Could not clear the buttons of message %s: %s", previous, error)
        return message

    # --- direct messages --------------------------------------------------------

    async def send_direct(self, messages: Sequence[DirectMessage]) -> None:
        links: dict[int, str | None] = {}
        for dm in messages:
            if dm.game_id not in links:
                links[dm.game_id] = await self._game_link(dm.game_id)
            await self._send_dm(dm, links[dm.game_id])

    async def _game_link(self, game_id: int) -> str | None:
        record = await self.store.game(game_id)
        if record is None:
            return None
        return jump_url(record.guild_id, record.channel_id, record.last_post_id)

    def _dm_parts(self, dm: DirectMessage, link: str | None) -> list[tuple[str, discord.ui.View | None]]:
        text = dm.text.strip()
        panel_text, view = "", None
        if dm.panel is not None:
            # The service sends DM panels without the secrets: the DM text carries them.
            panel_text = dm.panel.text.strip()
            view = views.panel_view(dm.panel)
        footer = f"↩️ [Back to the game](<{link}>)" if link else ""
        if not text and not panel_text and view is None:
            return []
        combined = "\n\n".join(part for part in (text, panel_text, footer) if part)
        if len(combined) <= 2000:
            return [(combined, view)]
        parts: list[tuple[str, discord.ui.View | None]] = []
        if text:
            parts.append((fit(text), None))
        rest = "\n\n".join(part for part in (panel_text, footer) if part)
        if rest or view is not None:
            parts.append((fit(rest) or "Your move.", view))
        return parts

    async def _send_dm(self, dm: DirectMessage, link: str | None) -> None:
        parts = self._dm_parts(dm, link)
        if not parts:
            return
        try:
            channel = await self.bot.create_dm(discord.Object(dm.user_id))
            for content, view in parts:
                kwargs: dict[str, Any] = {"allowed_mentions": NO_MENTIONS}
                if view is not None:
                    kwargs["view"] = view
                message = await channel.send(content, **kwargs)
                if view is not None and dm.panel is not None:
                    await self._clear_dm_panel((dm.game_id, dm.user_id))
                    self._dm_panels[(dm.game_id, dm.user_id)] = (channel.id, message.id, dm.panel.version)
        except discord.Forbidden:
            await self._dm_refused(dm)
        except discord.HTTPException as error:
            log.warning("Direct message to user %s for game %s failed: HTTP %s", dm.user_id, dm.game_id, error.status)

    async def _clear_dm_panel(self, key: tuple[int, int]) -> None:
        sent = self._dm_panels.pop(key, None)
        if sent is None:
            return
        channel_id, message_id, _ = sent
        try:
            await self.bot.get_partial_messageable(channel_id).get_partial_message(message_id).edit(view=None)
        except discord.HTTPException as error:
            log.debug("Could not clear the buttons of DM %s: %s", message_id, error)

    async def _clear_dm_panels(self, game_id: int, version: int, *, everything: bool = False) -> None:
        """DM panels from before ``version`` would only be refused: take their buttons off."""
        for key, (_, _, sent_version) in list(self._dm_panels.items()):
            if key[0] == game_id and (everything or sent_version < version):
                await self._clear_dm_panel(key)

    async def _dm_refused(self, dm: DirectMessage) -> None:
        key = (dm.game_id, dm.user_id)
        if key in self._dm_notices:
            return
        self._dm_notices.add(key)
        channel = self.bot.get_partial_messageable(dm.channel_id)
        try:
            await channel.send(DM_REFUSED.format(user=f"<@{dm.user_id}>"), allowed_mentions=mentions_for([dm.user_id]))
        except discord.HTTPException as error:
            log.warning("Could not post the closed-DM notice for game %s: %s", dm.game_id, error)

    # --- after a click ------------------------------------------------------------

    async def after_click(self, interaction: discord.Interaction, game_id: int, outcome: Outcome) -> None:
        """Answer a (deferred) click or form submission, depending on where it came from.

        * from an ephemeral panel: the panel becomes the next decision, or "✅ <reply>";
        * from a DM panel: its buttons go (it has been used), a further decision follows;
        * from a public message: a further decision or a note, only for the clicker;
          a plain acknowledgement is left out when a new turn message shows what happened.
        """
        origin = origin_of(interaction)
        reply = outcome.reply
        panel = reply if isinstance(reply, Panel) and reply.has_decision else None
        text = reply.text if isinstance(reply, Panel) and panel is None else reply
        posted_turn = isinstance(outcome.post, PublicPost)
        if origin == "ephemeral":
            if panel is not None:
                content, view = self.panel_message(panel)
                await interaction.edit_original_response(content=content, view=view)
            else:
                await interaction.edit_original_response(content=fit(f"✅ {text or 'Done.'}"), view=None)
            return
        if origin == "dm":
            await interaction.edit_original_response(view=None)
            sent = self._dm_panels.get((game_id, interaction.user.id))
            if sent is not None and interaction.message is not None and sent[1] == interaction.message.id:
                del self._dm_panels[(game_id, interaction.user.id)]
            clicker = interaction.user.id
            panel_by_dm = any(
                d.user_id == clicker and d.panel is not None and d.panel.has_decision for d in outcome.direct
            )
            if panel is not None and not panel_by_dm:
                await self.reply(interaction, panel)
            elif panel is None and text and not posted_turn:
                await self.reply(interaction, text)
            return
        if panel is not None:
            await self.reply(interaction, panel)
        elif text and (origin == "none" or not posted_turn):
            await self.reply(interaction, text)
        elif origin == "none":
            await self.reply(interaction, "Done.")

    # --- flows (the component callbacks call these) --------------------------------

    async def act(self, interaction: discord.Interaction, game_id: int, version: int, action: str) -> None:
        user_id = interaction.user.id
        outcome = await self.run(game_id, lambda: self.service.act(game_id, user_id, version, action))
        await self.after_click(interaction, game_id, outcome)

    async def submit_form(
        self, interaction: discord.Interaction, game_id: int, version: int, key: str, values: Mapping[str, str]
    ) -> None:
        user_id = interaction.user.id
        outcome = await self.run(game_id, lambda: self.service.submit_form(game_id, user_id, version, key, values))
        await self.after_click(interaction, game_id, outcome)

    async def lobby_click(self, interaction: discord.Interaction, game_id: int, verb: str) -> None:
        user = interaction.user
        person = Person(user.id, display_name(user))
        calls: dict[str, Callable[[], Awaitable[Outcome]]] = {
            "join": lambda: self.service.join(game_id, person),
            "leave": lambda: self.service.leave(game_id, person),
            "addcpu": lambda: self.service.add_computer(game_id, user.id),
            "delcpu": lambda: self.service.remove_computer(game_id, user.id),
            "start": lambda: self.service.start(game_id, user.id),
        }
        outcome = await self.run(game_id, calls[verb])
        await self.after_click(interaction, game_id, outcome)

    async def show_panel(self, interaction: discord.Interaction, game_id: int, version: int) -> None:
        panel = await self.service.panel(game_id, interaction.user.id)
        content, view = self.panel_message(panel, note="" if panel.version == version else STALE_VIEW_NOTE)
        await send_ephemeral(interaction, content, view)

    async def show_private(self, interaction: discord.Interaction, game_id: int) -> None:
        text = await self.service.private_info(game_id, interaction.user.id)
        await send_ephemeral(interaction, fit(f"🔒 {text}"))

    async def open_form(self, interaction: discord.Interaction, game_id: int, version: int, key: str) -> None:
        panel = await self.service.panel(game_id, interaction.user.id)
        if panel.version != version:
            raise StaleAction("That form is from an earlier turn, so nothing happened.", game_id, interaction.user.id)
        form = next((f for f in panel.forms if f.key == key), None)
        if form is None:
            raise TableError(f"That form is not available to you now.\n{panel.text}")
        await interaction.response.send_modal(views.form_modal(game_id, version, form))

    async def turn_page(
        self, interaction: discord.Interaction, game_id: int, version: int, group: str, page: int
    ) -> None:
        panel = await self.service.panel(game_id, interaction.user.id)
        stale = panel.version != version
        content, view = self.panel_message(panel, {} if stale else {group: page}, STALE_VIEW_NOTE if stale else "")
        origin = origin_of(interaction)
        if origin == "ephemeral":
            await interaction.response.edit_message(content=content, view=view)
        elif origin == "dm" and not stale:
            await interaction.response.edit_message(view=view)
        else:
            # Never page a shared message for everyone: the clicker gets their own copy.
            await send_ephemeral(interaction, content, view)

    # --- after a restart --------------------------------------------------------------

    async def resume_games(self) -> int:
        """Post the computer moves a crash interrupted; returns how many games moved."""
        outcomes = await self.service.resume_all()
        for outcome in outcomes:
            game_id = outcome.post.game_id  # resume_all always posts the moves it made
            try:
                async with self.service.delivery_lock(game_id):
                    await self.deliver(outcome)
            except discord.HTTPException as error:
                log.warning("Could not post the resumed moves of game %s: %s", game_id, error)
        return len(outcomes)
