"""Long games on Discord: the timer pass, and the flows of ``/game mine``, ``settings``, ``undo``,
``reclaim``, ``reveal``, ``replay``, ``export`` and the 🔕 / ↩️ / 🙋 / 🔁 / 🚪 / ❓ buttons.

The commands themselves are declared in ``cogs.game`` (one ``/game`` group); they call these.
Everything answers the asker privately unless they ask to show everyone.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.i18n import N_, choose, current_language
from bot.i18n.table import _, _n
from bot.storage.records import UserSettings
from bot.table import Outcome, Person, TableService
from bot.table.mine import mine_text
from bot.table.timing import parse_quiet, settings_text, zone
from cogs.delivery import Delivery, display_name
from cogs.errors import send_ephemeral
from cogs.languages import client_locale, language_line, read_language_choice

if TYPE_CHECKING:
    from bot.client import GameBot

Interaction = discord.Interaction[Any]

log = logging.getLogger(__name__)

TICK_SECONDS = 60.0
"""How often due reminders and turn clocks are looked for (they are minutes or hours apart)."""


class LongGameFlows:
    """What a click or command of long games does: ask the table, deliver, answer the asker."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    @property
    def service(self) -> TableService:
        return self.bot.service

    @property
    def delivery(self) -> Delivery:
        return self.bot.delivery

    @staticmethod
    def person(interaction: Interaction) -> Person:
        return Person(interaction.user.id, display_name(interaction.user), current_language())

    # --- buttons ------------------------------------------------------------------------

    async def silence(self, interaction: Interaction, game_id: int, version: int) -> None:
        outcome = await self.service.silence(game_id, interaction.user.id, version)
        await send_ephemeral(interaction, str(outcome.reply))

    async def undo(self, interaction: Interaction, game_id: int, version: int | None) -> None:
        outcome = await self.service.undo(game_id, interaction.user.id, version)
        await self.delivery.after_click(interaction, outcome)

    async def reclaim(self, interaction: Interaction, game_id: int) -> None:
        outcome = await self.service.reclaim(game_id, self.person(interaction))
        await self.delivery.after_click(interaction, outcome)

    async def leave(self, interaction: Interaction, game_id: int) -> None:
        """ "🚪 Leave the game" under ``/game leave``'s question: the seat goes to a computer."""
        outcome = await self.service.leave(game_id, self.person(interaction), confirmed=True)
        await self.delivery.after_click(interaction, outcome)

    async def stay(self, interaction: Interaction) -> None:
        text = _("🪑 You stay at the table.")
        if interaction.message is not None and interaction.message.flags.ephemeral:
            await interaction.response.edit_message(content=text, view=None)
        else:
            await send_ephemeral(interaction, text)

    async def rule_help(self, interaction: Interaction, game_id: int) -> None:
        """ "❓": the rule behind the clicker's decision, only for them."""
        text = await self.service.rule_help(game_id, interaction.user.id)
        await send_ephemeral(interaction, text)

    async def rematch(self, interaction: Interaction, game_id: int) -> None:
        outcome = await self.service.rematch(game_id, self.person(interaction))
        await self._answer_after(interaction, outcome)

    async def _answer_after(self, interaction: Interaction, outcome: Outcome) -> None:
        """Deliver a change, then answer the asker privately."""
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        await self.delivery.send_pending(outcome.game_id)
        await self.delivery.reply(interaction, outcome.reply)

    # --- commands -------------------------------------------------------------------------

    async def mine(self, interaction: Interaction, page: int) -> None:
        games = await self.service.my_games(interaction.user.id)
        await send_ephemeral(interaction, mine_text(games, page))

    async def settings(
        self, interaction: Interaction, time_zone: str | None, quiet: str | None, language: str | None = None
    ) -> None:
        user = interaction.user.id
        current = await self.service.user_settings(user)
        if time_zone is None and quiet is None and language is None:
            lines = (settings_text(current), language_line(current.language), _(SETTINGS_HINT))
            await send_ephemeral(interaction, "\n".join(line for line in lines if line))
            return
        # Checked first: a language not offered changes nothing, not even the other settings.
        reads = read_language_choice(language) if language is not None else current.language
        name = str(zone(time_zone.strip())) if time_zone is not None else current.time_zone
        hours = parse_quiet(quiet) if quiet is not None else None
        if quiet is None:
            start, end = current.quiet_start, current.quiet_end
        else:
            start, end = hours if hours is not None else (None, None)
        chosen = UserSettings(user, name, start, end, reads)
        await self.service.set_user_settings(chosen)
        # The answer is already in the language just chosen.
        choose(await self.service.readers.of(user, client_locale(interaction)))
        saved = _("Saved. {settings} Reminders wait for the end of quiet hours.").format(settings=settings_text(chosen))
        await send_ephemeral(interaction, "\n".join(line for line in (saved, language_line(reads)) if line))

    async def undo_command(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        game_id = await self.service.open_game_id(interaction.channel_id or 0)
        outcome = await self.service.undo(game_id, interaction.user.id)
        await self.delivery.send_pending(game_id)
        await self.delivery.reply(interaction, outcome.reply, fallback=_("↩️ Taken back."))

    async def reclaim_command(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        game_id = await self.service.open_game_id(interaction.channel_id or 0)
        outcome = await self.service.reclaim(game_id, self.person(interaction))
        await self._answer_after(interaction, outcome)

    async def follow(self, interaction: Interaction) -> None:
        """A spectator follows the channel's game: in a thread, it joins them to it (so it shows in
        their channel list); in a channel, the board is already there for everyone."""
        if await self.service.latest_game_id(interaction.channel_id or 0) is None:
            await send_ephemeral(interaction, _("There is no game in this channel yet."))
            return
        channel = interaction.channel
        if isinstance(channel, discord.Thread):
            await channel.add_user(interaction.user)
            text = _("👀 You follow this game's thread: it shows in your channel list.")
        else:
            text = _("👀 The board here is public, so you already follow the game.")
        await send_ephemeral(interaction, f"{text}\n{_(SPECTATOR_HINT)}")

    async def reveal(self, interaction: Interaction, public: bool) -> None:
        text = await self.service.reveal(interaction.channel_id or 0)
        if public:
            await interaction.response.send_message(text, allowed_mentions=discord.AllowedMentions.none())
        else:
            await send_ephemeral(interaction, text)

    async def replay(self, interaction: Interaction, public: bool) -> None:
        await interaction.response.defer(ephemeral=not public, thinking=True)
        replay = await self.service.replay(interaction.channel_id or 0)
        files = [
            discord.File(io.BytesIO(replay.gif), filename=replay.filename, description=_("Replay of the boards")),
            discord.File(io.BytesIO(replay.log), filename=replay.log_name, description=_("The moves")),
        ]
        await interaction.followup.send(
            replay_text(replay.finished, replay.frames, replay.steps),
            files=files,
            ephemeral=not public,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    async def export(self, interaction: Interaction) -> None:
        exported = await self.service.export(interaction.channel_id or 0)
        file = discord.File(io.BytesIO(exported.data), filename=exported.filename, description=_("The game as JSON"))
        text = _(
            "📦 The game as JSON: seed, options and every action. Replay it with `python -m bot.local --replay {file}`."
        ).format(file=exported.filename)
        await send_ephemeral(interaction, text, file=file)


SPECTATOR_HINT = N_(
    "-# The bot never pings spectators. `/game status` shows you the board, `/game log` the latest moves, "
    "`/game replay` the game so far; after the game, `/game reveal` shows what was hidden."
)
SETTINGS_HINT = N_(
    "-# Change them with `/game settings time_zone:Europe/Berlin quiet:22-7` (`quiet:off` for none). "
    "Reminders never arrive during your quiet hours."
)


def replay_text(finished: bool, frames: int, steps: int) -> str:
    """The line above a replay's files: what it shows, in how many boards (and moves)."""
    boards = _n("{n} board", "{n} boards", frames).format(n=frames)
    if steps > frames:
        boards = _n("{boards} from {n} move", "{boards} from {n} moves", steps).format(boards=boards, n=steps)
    if finished:
        return _("🎞️ Replay of the whole game: {boards}, and every move in the text file.").format(boards=boards)
    return _("🎞️ Replay of the game so far (public boards only): {boards}, and every move in the text file.").format(
        boards=boards
    )


class TimerPass(commands.Cog):
    """Fires due reminders and turn clocks once a minute, from the moment the bot is connected.

    No long-lived task: each pass schedules the next (``call_later``), so shutting down only
    cancels a timer handle, and a pass that fails is logged and tried again a minute later.
    """

    def __init__(self, bot: GameBot, every: float = TICK_SECONDS) -> None:
        self.bot = bot
        self.every = every
        self._handle: asyncio.TimerHandle | None = None
        self._running: asyncio.Task[None] | None = None
        self._stopped = False

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        if self._handle is None and self._running is None and not self._stopped:
            self._schedule(0.0)  # timers that fell due while the bot was away go first

    def _schedule(self, delay: float) -> None:
        self._handle = asyncio.get_running_loop().call_later(delay, self._start)

    def _start(self) -> None:
        self._handle = None
        if not self._stopped:
            self._running = asyncio.create_task(self._pass())

    async def _pass(self) -> None:
        try:
            await self.tick()
        except Exception:
            log.exception("A pass over the due reminders and turn clocks failed")
        finally:
            self._running = None
            if not self._stopped:
                self._schedule(self.every)

    async def tick(self) -> int:
        """One pass: fire what is due, deliver it, and send outbox rows nobody is sending.
        Returns how many timers fired."""
        fired = await self.bot.service.run_timers(self.bot.delivery.sender)
        await self.bot.service.sweep(self.bot.delivery.sender)
        return fired

    async def cog_unload(self) -> None:
        self._stopped = True
        if self._handle is not None:
            self._handle.cancel()
        if self._running is not None:
            self._running.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._running
