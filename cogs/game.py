"""The ``/game`` slash commands: parse what was typed, call the table service, send what it returns."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import GameSpec
from bot.engine import options as game_options
from bot.table import LobbyPost, NoGameHere, Person, PublicPost, TableError
from cogs import views
from cogs.delivery import Delivery, board_file, display_name, jump_url

log = logging.getLogger(__name__)

THREAD_ARCHIVE_MINUTES = 10080
"""A week without messages before Discord archives a game thread (posting un-archives it)."""

HELP_TEXT = """\
## 🎲 Game master — how to play
**Start a table:** `/game new game:<name>` in any text channel or thread. Add `computers:` to fill seats with computer players, \
`options:` for variants (suggestions appear as you type), `thread:` to choose whether the game gets its own thread.
**Gather players:** press **Join** on the lobby message; the host can add or remove computers and presses **Start**.
**Play:** each turn is a new message with the board; the players to act are pinged. Press the buttons on it, or **▶ Play** \
to open your own choices (only you see them). Your secrets (hand, dice…) arrive by DM; **🔒 My private info** shows them \
here if your DMs are closed.
**Commands:** `/game status` re-posts the board · `/game hand` shows your choices and secrets · `/game log` lists recent moves · \
`/game rules` explains a game · `/game leave` hands your seat to a computer · `/game abandon` ends the game \
(host, server managers, or a majority vote of the players).
One game per channel or thread; buttons from older turns are refused, so use the newest message."""


PROJECT_ROOT = Path(__file__).resolve().parents[1]


def rules_guide(path: str) -> Path | None:
    """The player guide shipped with the bot (a path inside the project), if present."""
    if not path:
        return None
    guide = (PROJECT_ROOT / path).resolve()
    return guide if guide.is_file() and PROJECT_ROOT in guide.parents else None


def _required_permissions(perms: discord.Permissions, *, in_thread: bool) -> list[str]:
    missing = []
    if not perms.view_channel:
        missing.append("View Channel")
    if in_thread and not perms.send_messages_in_threads:
        missing.append("Send Messages in Threads")
    if not in_thread and not perms.send_messages:
        missing.append("Send Messages")
    if not perms.attach_files:
        missing.append("Attach Files")
    return missing


def _can_host_thread(interaction: discord.Interaction) -> bool:
    perms = interaction.app_permissions
    return (
        isinstance(interaction.channel, discord.TextChannel)
        and perms.create_public_threads
        and perms.send_messages_in_threads
    )


@app_commands.guild_only()
class GameCommands(commands.GroupCog, group_name="game", group_description="Play board games in this channel"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    # --- helpers --------------------------------------------------------------

    @property
    def service(self):
        return self.bot.service  # type: ignore[attr-defined]

    @property
    def delivery(self) -> Delivery:
        return self.bot.delivery  # type: ignore[attr-defined]

    def _available(self) -> dict[str, GameSpec]:
        """The registered games, by name."""
        return {name: self.service.entry(name).spec for name in self.bot.game_names}  # type: ignore[attr-defined]

    def _find(self, name: str) -> tuple[str, GameSpec]:
        """The registry name and engine of a game typed by name or title."""
        engines = self._available()
        key = name.strip().lower()
        for game_name, engine in engines.items():
            if key in (game_name.lower(), engine.title.lower()):
                return game_name, engine
        known = ", ".join(f"`{n}`" for n in engines) or "none yet"
        raise TableError(f"There is no game called `{name}`. Games: {known}.")

    @staticmethod
    def _person(interaction: discord.Interaction) -> Person:
        return Person(interaction.user.id, display_name(interaction.user))

    async def _game_choices(self, current: str) -> list[app_commands.Choice[str]]:
        found = []
        needle = current.strip().lower()
        for name, engine in self._available().items():
            if needle and needle not in name.lower() and needle not in engine.title.lower():
                continue
            found.append(app_commands.Choice(name=f"{engine.title} ({engine.players_text})"[:100], value=name))
        return found[:25]

    async def game_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._game_choices(current)

    async def options_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        game_name = getattr(interaction.namespace, "game", None)
        if not game_name:
            return []
        try:
            _, engine = self._find(str(game_name))
        except TableError:
            return []
        return [
            app_commands.Choice(name=name, value=value)
            for name, value in game_options.suggestions(current, engine.options)
        ]

    async def _open_game(self, interaction: discord.Interaction) -> int:
        return await self.service.open_game_id(interaction.channel_id)

    # --- lobby ------------------------------------------------------------------

    @app_commands.command(name="new", description="Open a table for a game here (or in a new thread)")
    @app_commands.describe(
        game="Which game to play",
        options="Variants, like rounds=3 (suggestions appear as you type)",
        computers="How many computer players to seat now",
        thread="Play in a new thread (default: yes for long games, when I may create threads here)",
    )
    @app_commands.autocomplete(game=game_autocomplete, options=options_autocomplete)
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        options: str | None = None,
        computers: app_commands.Range[int, 0, 9] = 0,
        thread: bool | None = None,
    ) -> None:
        name, engine = self._find(game)
        # Checked before a thread is created, so a typo never leaves an empty thread behind
        # (the table checks again when it creates the game).
        chosen = engine.normalise_options(engine.parse_options(options))
        if computers >= engine.max_players:
            raise TableError(f"{engine.title} seats at most {engine.max_players} players, at least one of them you.")

        in_thread = isinstance(interaction.channel, discord.Thread)
        if in_thread:
            make_thread = False  # already in a thread: play right here
        elif thread is None:
            make_thread = engine.long_game and _can_host_thread(interaction)
        else:
            make_thread = thread
        if make_thread and not _can_host_thread(interaction):
            raise TableError(
                "I can't open a thread here: I need **Create Public Threads** and **Send Messages in Threads** "
                "in a text channel. Run `/game new` with `thread: False` to play in this channel."
            )
        missing = _required_permissions(interaction.app_permissions, in_thread=in_thread or make_thread)
        if missing:
            raise TableError(f"I can't run a game here: I'm missing **{'**, **'.join(missing)}** in this channel.")

        await interaction.response.defer(ephemeral=True, thinking=True)
        channel: Any = interaction.channel
        parent_id = channel.parent_id if in_thread else None
        created_thread: discord.Thread | None = None
        if make_thread:
            title = f"{engine.title} · {display_name(interaction.user)}'s table"[:100]
            created_thread = await channel.create_thread(
                name=title,
                type=discord.ChannelType.public_thread,
                auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                reason=f"Game table opened by {interaction.user.id}",
            )
            parent_id, channel = channel.id, created_thread
            try:
                await created_thread.add_user(interaction.user)
            except discord.HTTPException as error:
                log.debug("Could not add the host to thread %s: %s", created_thread.id, error)
        try:
            outcome = await self.service.create(
                guild_id=interaction.guild_id,
                channel_id=channel.id,
                parent_channel_id=parent_id,
                game_name=name,
                options=chosen,
                creator=self._person(interaction),
                computers=computers,
            )
        except Exception:
            if created_thread is not None:
                await self._discard_thread(created_thread)
            raise
        try:
            await self.delivery.deliver(outcome)
        except discord.HTTPException:
            # The lobby could not be posted: close it again, so the channel is not left busy.
            try:
                await self.service.abandon(channel.id, interaction.user.id, can_manage_guild=True)
            except Exception:
                log.exception("Could not close the unposted lobby in channel %s", channel.id)
            if created_thread is not None:
                await self._discard_thread(created_thread)
            raise
        where = f"in {created_thread.mention}" if created_thread is not None else "below"
        if 1 + computers >= engine.max_players:
            then = "Every seat is taken: press **Start** on it when you are ready."
        else:
            then = "Players press **Join**; you press **Start** when everyone is in."
        await self.delivery.reply(interaction, f"Your **{engine.title}** table is open {where}. {then}")

    @staticmethod
    async def _discard_thread(thread: discord.Thread) -> None:
        try:
            await thread.delete()
        except discord.HTTPException as error:
            log.warning("Could not delete the unused game thread %s: %s", thread.id, error)

    @app_commands.command(
        name="join", description="Take a seat at this channel's table (or a computer's seat in a running game)"
    )
    async def join(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        game_id = await self._open_game(interaction)
        person = self._person(interaction)
        outcome = await self.delivery.run(game_id, lambda: self.service.join(game_id, person))
        await self.delivery.reply(interaction, outcome.reply)

    @app_commands.command(
        name="leave", description="Leave this channel's table (a computer takes your seat in a running game)"
    )
    async def leave(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        game_id = await self._open_game(interaction)
        person = self._person(interaction)
        outcome = await self.delivery.run(game_id, lambda: self.service.leave(game_id, person))
        await self.delivery.reply(interaction, outcome.reply)

    @app_commands.command(name="start", description="Start the game in this channel (host only)")
    async def start(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        game_id = await self._open_game(interaction)
        user_id = interaction.user.id
        outcome = await self.delivery.run(game_id, lambda: self.service.start(game_id, user_id))
        await self.delivery.reply(interaction, outcome.reply)

    # --- during a game ------------------------------------------------------------

    @app_commands.command(name="status", description="Post the current board of this channel's game")
    async def status(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            game_id: int | None = await self._open_game(interaction)
        except NoGameHere:
            game_id = None  # maybe a finished game: shown below, only to the asker
        if game_id is not None:
            async with self.service.delivery_lock(game_id):
                outcome = await self.service.status(interaction.channel_id)
                if isinstance(outcome.post, PublicPost) and not outcome.post.finished:
                    # A fresh turn message at the bottom of the channel, buttons and all.
                    await self.delivery.deliver(outcome)
                    return await self.delivery.reply(interaction, "Posted the current board below. ⬇️")
        else:
            outcome = await self.service.status(interaction.channel_id)
        await self._show_privately(interaction, outcome.post)

    async def _show_privately(self, interaction: discord.Interaction, post: PublicPost | LobbyPost | None) -> None:
        kwargs: dict[str, Any] = {"ephemeral": True, "allowed_mentions": discord.AllowedMentions.none()}
        if isinstance(post, PublicPost):
            if post.board_png:
                kwargs["file"] = board_file(post)
            await interaction.followup.send(post.text, **kwargs)
        elif isinstance(post, LobbyPost):
            record = await self.service.store.game(post.game_id)
            link = (
                jump_url(record.guild_id, record.channel_id, record.last_post_id)
                if record and record.last_post_id
                else None
            )
            view = views.lobby_view(post)
            if view is not None:
                kwargs["view"] = view
            text = post.text + (f"\n↩️ [Lobby message](<{link}>)" if link else "")
            await interaction.followup.send(text[:2000], **kwargs)

    @app_commands.command(name="hand", description="Your private information and your choices (only you see them)")
    async def hand(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        panel = await self.service.panel_in_channel(interaction.channel_id, interaction.user.id)
        await self.delivery.reply(interaction, panel)

    @app_commands.command(name="log", description="The recent moves of this channel's game")
    async def log(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        text = await self.service.recent_events(interaction.channel_id)
        await self.delivery.reply(interaction, f"**Recent moves**\n{text}")

    @app_commands.command(
        name="abandon", description="End this channel's game (host, server managers, or a majority vote)"
    )
    async def abandon(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        game_id = await self._open_game(interaction)
        user_id = interaction.user.id
        can_manage = bool(interaction.permissions.manage_guild)
        outcome = await self.delivery.run(
            game_id, lambda: self.service.abandon(interaction.channel_id, user_id, can_manage_guild=can_manage)
        )
        await self.delivery.reply(interaction, outcome.reply)

    # --- information ------------------------------------------------------------------

    @app_commands.command(name="rules", description="How a game is played")
    @app_commands.describe(game="Which game")
    @app_commands.autocomplete(game=game_autocomplete)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        name, engine = self._find(game)
        players = engine.players_text
        is_link = engine.docs.startswith(("https://", "http://"))
        embed = discord.Embed(
            title=engine.title, description=engine.summary[:4000], url=engine.docs if is_link else None
        )
        embed.add_field(name="Players", value=players)
        embed.add_field(name="Start it with", value=f"`/game new game:{name}`")
        if engine.options:
            lines = "\n".join(game_options.describe(spec) for spec in engine.options)
            embed.add_field(name="Options", value=lines[:1024], inline=False)
        kwargs: dict[str, Any] = {"embed": embed, "ephemeral": True}
        if is_link:
            view = discord.ui.View(timeout=None)
            view.add_item(discord.ui.Button(label="Full rules", url=engine.docs, emoji="📖"))
            kwargs["view"] = view
        else:
            guide = rules_guide(engine.docs)
            if guide is not None:
                # Discord previews an attached Markdown file in place: the whole player guide, one tap away.
                embed.set_footer(text="The full player guide, with every house rule, is attached.")
                kwargs["file"] = discord.File(guide, filename=f"{name}-rules.md")
        await interaction.response.send_message(**kwargs)

    @app_commands.command(name="help", description="How to play games with this bot")
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(HELP_TEXT, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GameCommands(bot))
