"""The ``/game`` slash commands: parse what was typed, call the table service, send what it returns."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import GameSpec
from bot.engine import options as game_options
from bot.i18n import DEFAULT_LANGUAGE, N_, current_language
from bot.i18n.domains import spoken_language
from bot.i18n.table import _, _n
from bot.table import Outcome, Person, TableError, TableService
from bot.table.timing import make_timing, zone_names
from cogs import inputs
from cogs.delivery import Delivery, display_name
from cogs.languages import answer_in_readers_language, guild_locale, language_choices
from cogs.long_games import LongGameFlows, TimerPass
from cogs.stats import stats_text

if TYPE_CHECKING:
    from bot.client import GameBot

Interaction = discord.Interaction["GameBot"]

log = logging.getLogger(__name__)

THREAD_ARCHIVE_MINUTES = 10080
"""A week without messages before Discord archives a game thread (posting un-archives it)."""

HELP_TEXT = N_(
    """\
## 🎲 Game master — how to play
**Start a table:** `/game new game:<name>` in any text channel or thread. Add `computers:` to fill seats with computer players, \
`options:` for variants (suggestions appear as you type), `thread:` to choose whether the game gets its own thread.
**Gather players:** press **Join** on the lobby message; the host can add or remove computers and presses **Start**.
**Play:** one board message follows the game, with the latest moves. When the game starts waiting on you, a short \
message pings you with your buttons; **▶ Play** opens your own choices (only you see them), **❓** explains the decision \
and the rule behind it. What others' moves show you (a card dealt, new dice) arrives by DM; **🔒 My private info** \
shows your secrets here too (and turns DMs back on if you closed them). The end pings everyone.
**Commands:** `/game status` shows you the board (players: **📢 Show everyone** moves it to the bottom) · `/game hand` your choices \
and secrets · `/game log` recent moves · `/game stats` games played and won · `/game rules` explains a game · \
`/game leave` hands your seat to a computer (`/game join` takes it back) · `/game abandon` ends the game (host, server \
managers, or a majority vote).
**Long games:** `/game mine` lists your games everywhere, those waiting on you first · reminders come after 12 h \
(`remind:`/`clock:`/`missed:` at `/game new`; **🔕 Not this turn** silences one turn; `/game settings` sets quiet hours) \
· `/game undo` takes back a move that revealed nothing · `/game reclaim` takes your seat back from the computer \
· `/game follow` to watch · after a game: `/game reveal`, `/game replay`, `/game export`, **🔁 Rematch**.
One game per channel or thread; buttons from older turns are refused, so use the newest message."""
)


PROJECT_ROOT = Path(__file__).resolve().parents[1]


def rules_guide(path: str, language: str = DEFAULT_LANGUAGE) -> Path | None:
    """The player guide shipped with the bot (a path inside the project), if present: the one in
    ``language`` (``docs/games/de/mutiny.md`` beside ``docs/games/mutiny.md``) when there is one."""
    if not path:
        return None
    english = Path(path)
    for candidate in (english.parent / language / english.name, english):
        guide = (PROJECT_ROOT / candidate).resolve()
        if guide.is_file() and PROJECT_ROOT in guide.parents:
            return guide
    return None


def _required_permissions(perms: discord.Permissions, *, in_thread: bool) -> list[str]:
    missing = []
    if not perms.view_channel:
        missing.append(_("View Channel"))
    if in_thread and not perms.send_messages_in_threads:
        missing.append(_("Send Messages in Threads"))
    if not in_thread and not perms.send_messages:
        missing.append(_("Send Messages"))
    if not perms.attach_files:
        missing.append(_("Attach Files"))
    return missing


def _can_host_thread(interaction: Interaction) -> bool:
    perms = interaction.app_permissions
    return (
        isinstance(interaction.channel, discord.TextChannel)
        and perms.create_public_threads
        and perms.send_messages_in_threads
    )


@app_commands.guild_only()
class GameCommands(commands.GroupCog, group_name="game", group_description="Play board games in this channel"):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    # --- helpers --------------------------------------------------------------

    @property
    def service(self) -> TableService:
        return self.bot.service

    @property
    def delivery(self) -> Delivery:
        return self.bot.delivery

    def _available(self) -> dict[str, GameSpec]:
        """The registered games, by name."""
        return {name: self.service.entry(name).spec for name in self.bot.game_names}

    def _find(self, name: str) -> tuple[str, GameSpec]:
        """The registry name and registration of a game typed by name or title."""
        specs = self._available()
        key = name.strip().lower()
        for game_name, spec in specs.items():
            if key in (game_name.lower(), spec.title.lower()):
                return game_name, spec
        known = ", ".join(f"`{n}`" for n in specs) or _("none yet")
        raise TableError(_("There is no game called `{name}`. Games: {known}.").format(name=name, known=known))

    async def interaction_check(self, interaction: Interaction) -> bool:  # type: ignore[override]
        """Every /game command answers in its user's language."""
        await answer_in_readers_language(interaction)
        return True

    @staticmethod
    def _person(interaction: Interaction) -> Person:
        return Person(interaction.user.id, display_name(interaction.user), current_language())

    @staticmethod
    def _channel(interaction: Interaction) -> int:
        return interaction.channel_id or 0

    async def _game_choices(self, current: str) -> list[app_commands.Choice[str]]:
        found = []
        needle = current.strip().lower()
        for name, spec in self._available().items():
            if needle and needle not in name.lower() and needle not in spec.title.lower():
                continue
            found.append(app_commands.Choice(name=f"{spec.title} ({spec.players_text})"[:100], value=name))
        return found[:25]

    async def game_autocomplete(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._game_choices(current)

    async def zone_autocomplete(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=name, value=name) for name in zone_names(current)]

    async def language_autocomplete(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        await answer_in_readers_language(interaction)  # "Automatic" in the typer's language
        return [app_commands.Choice(name=name, value=value) for name, value in language_choices(current)]

    async def options_autocomplete(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        game_name = getattr(interaction.namespace, "game", None)
        if not game_name:
            return []
        try:
            spec = self._find(str(game_name))[1]
        except TableError:
            return []
        return [
            app_commands.Choice(name=name, value=value)
            for name, value in game_options.suggestions(current, spec.options)
        ]

    async def _command(self, interaction: Interaction, call: Callable[[int], Awaitable[Outcome]]) -> None:
        """A command that changes this channel's game: answered privately once the change is out."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        game_id = await self.service.open_game_id(self._channel(interaction))
        outcome = await self.delivery.run(game_id, lambda: call(game_id))
        await self.delivery.reply(interaction, outcome.reply)

    # --- lobby ------------------------------------------------------------------

    @app_commands.command(name="new", description="Open a table for a game here (or in a new thread)")
    @app_commands.describe(
        game="Which game to play",
        options="Variants, like rounds=3 (suggestions appear as you type)",
        computers="How many computer players to seat now",
        thread="Play in a new thread (default: yes for long games, when I may create threads here)",
        remind="Remind whoever the game waits on after this long (default 12h; `off` for never)",
        clock="Time per move, like 24h: then the computer decides for them (default: no clock)",
        missed="Missed moves in a row after which a computer takes the seat (needs a clock)",
    )
    @app_commands.autocomplete(game=game_autocomplete, options=options_autocomplete)
    async def new(
        self,
        interaction: Interaction,
        game: str,
        options: str | None = None,
        computers: app_commands.Transform[int, inputs.COMPUTERS] = 0,
        thread: bool | None = None,
        remind: str | None = None,
        clock: str | None = None,
        missed: app_commands.Transform[int, inputs.MISSED] | None = None,
    ) -> None:
        name, spec = self._find(game)
        # The table speaks the server's language (its community locale) until the lobby says otherwise.
        timing = replace(make_timing(remind, clock, missed), language=spoken_language(guild_locale(interaction)))
        # Checked before a thread is created, so a typo never leaves an empty thread behind
        # (the table checks again when it creates the game).
        chosen = spec.normalise_options(spec.parse_options(options))
        if computers >= spec.max_players:
            raise TableError(
                _n(
                    "{game} seats at most {n} player, at least one of them you.",
                    "{game} seats at most {n} players, at least one of them you.",
                    spec.max_players,
                ).format(game=spec.title, n=spec.max_players)
            )
        in_thread = isinstance(interaction.channel, discord.Thread)
        make_thread = self._wants_thread(interaction, spec, thread, in_thread)
        missing = _required_permissions(interaction.app_permissions, in_thread=in_thread or make_thread)
        if missing:
            raise TableError(
                _("I can't run a game here: I'm missing **{permissions}** in this channel.").format(
                    permissions="**, **".join(missing)
                )
            )

        await interaction.response.defer(ephemeral=True, thinking=True)
        channel: Any = interaction.channel
        parent_id = channel.parent_id if in_thread else None
        created_thread = await self._open_thread(interaction, spec) if make_thread else None
        if created_thread is not None:
            parent_id, channel = channel.id, created_thread
        try:
            outcome = await self.service.create(
                guild_id=interaction.guild_id,
                channel_id=channel.id,
                parent_channel_id=parent_id,
                game_name=name,
                options=chosen,
                creator=self._person(interaction),
                computers=computers,
                timing=timing,
            )
        except Exception:
            if created_thread is not None:
                await self._discard_thread(created_thread)
            raise
        report = await self.delivery.send_pending(outcome.game_id)
        if report.refused_posts:
            # The lobby could not be posted: close it again, so the channel is not left busy.
            await self.service.abandon(channel.id, interaction.user.id, can_manage_guild=True)
            await self.delivery.send_pending(outcome.game_id)
            if created_thread is not None:
                await self._discard_thread(created_thread)
            raise report.refused_posts[0][1].__cause__ or report.refused_posts[0][1]
        if created_thread is not None:
            opened = _("Your **{game}** table is open in {thread}.").format(
                game=spec.title, thread=created_thread.mention
            )
        else:
            opened = _("Your **{game}** table is open below.").format(game=spec.title)
        if 1 + computers >= spec.max_players:
            then = _("Every seat is taken: press **Start** on it when you are ready.")
        elif spec.min_players == 1:
            then = _("Press **Start** to play now, or wait for others to **Join**.")
        else:
            then = _("Players press **Join**; you press **Start** when everyone is in.")
        await self.delivery.reply(interaction, f"{opened} {then}")

    @staticmethod
    def _wants_thread(interaction: Interaction, spec: GameSpec, thread: bool | None, in_thread: bool) -> bool:
        if in_thread:
            return False  # already in a thread: play right here
        make_thread = spec.long_game and _can_host_thread(interaction) if thread is None else thread
        if make_thread and not _can_host_thread(interaction):
            raise TableError(
                _(
                    "I can't open a thread here: I need **Create Public Threads** and **Send Messages in Threads** "
                    "in a text channel. Run `/game new` with `thread: False` to play in this channel."
                )
            )
        return make_thread

    @staticmethod
    async def _open_thread(interaction: Interaction, spec: GameSpec) -> discord.Thread:
        channel: Any = interaction.channel
        title = _("{game} · {name}'s table").format(game=spec.title, name=display_name(interaction.user))[:100]
        thread: discord.Thread = await channel.create_thread(
            name=title,
            type=discord.ChannelType.public_thread,
            auto_archive_duration=THREAD_ARCHIVE_MINUTES,
            reason=_("Game table opened by {user}").format(user=interaction.user.id),
        )
        try:
            await thread.add_user(interaction.user)
        except discord.HTTPException as error:
            log.debug("Could not add the host to thread %s: %s", thread.id, error)
        return thread

    @staticmethod
    async def _discard_thread(thread: discord.Thread) -> None:
        try:
            await thread.delete()
        except discord.HTTPException as error:
            log.warning("Could not delete the unused game thread %s: %s", thread.id, error)

    @app_commands.command(
        name="join", description="Take a seat at this channel's table (or a computer's seat in a running game)"
    )
    async def join(self, interaction: Interaction) -> None:
        person = self._person(interaction)
        await self._command(interaction, lambda game_id: self.service.join(game_id, person))

    @app_commands.command(
        name="leave", description="Leave this channel's table (a computer takes your seat in a running game)"
    )
    async def leave(self, interaction: Interaction) -> None:
        person = self._person(interaction)
        await self._command(interaction, lambda game_id: self.service.leave(game_id, person))

    @app_commands.command(name="start", description="Start the game in this channel (host only)")
    async def start(self, interaction: Interaction) -> None:
        user_id = interaction.user.id
        await self._command(interaction, lambda game_id: self.service.start(game_id, user_id))

    # --- during a game ------------------------------------------------------------

    @app_commands.command(name="status", description="The board of this channel's game (only you see it)")
    async def status(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.delivery.show_status(interaction)

    @app_commands.command(name="hand", description="Your private information and your choices (only you see them)")
    async def hand(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        panel = await self.service.panel_in_channel(self._channel(interaction), interaction.user.id)
        await self.delivery.reply(interaction, panel)

    @app_commands.command(name="log", description="The recent moves of this channel's game (only you see them)")
    async def log(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        text = await self.service.recent_events(self._channel(interaction))
        await self.delivery.reply(interaction, "{heading}\n{text}".format(heading=_("**Recent moves**"), text=text))

    @app_commands.command(name="stats", description="Games played and won in this server (only you see them)")
    @app_commands.describe(player="Whose games (default: yours)", public="Show everyone in the channel")
    async def stats(self, interaction: Interaction, player: discord.User | None = None, public: bool = False) -> None:
        await interaction.response.defer(ephemeral=not public, thinking=True)
        who = player or interaction.user
        lines = await self.service.player_stats(who.id, interaction.guild_id)
        server = await self.service.server_stats(interaction.guild_id)
        summary = await self.service.server_summary(interaction.guild_id)
        titles = {name: spec.title for name, spec in self._available().items()}
        text = stats_text(display_name(who), lines, server, titles, summary)
        await interaction.followup.send(text, ephemeral=not public, allowed_mentions=discord.AllowedMentions.none())

    # --- long games (cogs/long_games.py) ----------------------------------------------------

    @property
    def flows(self) -> LongGameFlows:
        return LongGameFlows(self.bot)

    @app_commands.command(name="mine", description="Your games on every server, those waiting on you first")
    @app_commands.describe(page="Which page, when you have many games")
    async def mine(self, interaction: Interaction, page: app_commands.Transform[int, inputs.PAGE] = 1) -> None:
        await self.flows.mine(interaction, page)

    @app_commands.command(name="settings", description="Your time zone and quiet hours for reminders")
    @app_commands.describe(
        time_zone="Like Europe/Berlin",
        quiet="Quiet hours, like 22-7 (or off)",
        language="The language I write to you in (auto: your Discord app's)",
    )
    @app_commands.autocomplete(time_zone=zone_autocomplete, language=language_autocomplete)
    async def settings(
        self,
        interaction: Interaction,
        time_zone: str | None = None,
        quiet: str | None = None,
        language: str | None = None,
    ) -> None:
        await self.flows.settings(interaction, time_zone, quiet, language)

    @app_commands.command(name="undo", description="Take back your last move, while it revealed nothing")
    async def undo(self, interaction: Interaction) -> None:
        await self.flows.undo_command(interaction)

    @app_commands.command(name="reclaim", description="Take your seat back from the computer")
    async def reclaim(self, interaction: Interaction) -> None:
        await self.flows.reclaim_command(interaction)

    @app_commands.command(name="follow", description="Watch this channel's game (joins you to its thread)")
    async def follow(self, interaction: Interaction) -> None:
        await self.flows.follow(interaction)

    @app_commands.command(name="reveal", description="After a game: what was hidden (dice, cards, sides)")
    @app_commands.describe(public="Show everyone in the channel")
    async def reveal(self, interaction: Interaction, public: bool = False) -> None:
        await self.flows.reveal(interaction, public)

    @app_commands.command(name="replay", description="An animated replay of this channel's game, and its moves")
    @app_commands.describe(public="Show everyone in the channel")
    async def replay(self, interaction: Interaction, public: bool = False) -> None:
        await self.flows.replay(interaction, public)

    @app_commands.command(name="export", description="This channel's finished game as JSON (seed, options, moves)")
    async def export(self, interaction: Interaction) -> None:
        await self.flows.export(interaction)

    @app_commands.command(
        name="abandon", description="End this channel's game (host, server managers, or a majority vote)"
    )
    async def abandon(self, interaction: Interaction) -> None:
        user_id, channel = interaction.user.id, self._channel(interaction)
        can_manage = bool(interaction.permissions.manage_guild)
        await self._command(
            interaction, lambda game_id: self.service.abandon(channel, user_id, can_manage_guild=can_manage)
        )

    # --- information ------------------------------------------------------------------

    @app_commands.command(name="rules", description="How a game is played")
    @app_commands.describe(game="Which game (default: the game of this channel or thread)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def rules(self, interaction: Interaction, game: str | None = None) -> None:
        if game is None:
            game = await self.service.game_type_here(self._channel(interaction))
            if game is None:
                raise TableError(_("Which game? There is none here: `/game rules game:` and a name, or `/game help`."))
        name, spec = self._find(game)
        is_link = spec.docs.startswith(("https://", "http://"))
        summary = spec.text(spec.summary)
        embed = discord.Embed(title=spec.title, description=summary[:4000], url=spec.docs if is_link else None)
        embed.add_field(name=_("Players"), value=spec.players_text)
        embed.add_field(name=_("Start it with"), value=f"`/game new game:{name}`")
        if spec.options:
            lines = "\n".join(game_options.describe(option) for option in spec.options)
            embed.add_field(name=_("Options"), value=lines[:1024], inline=False)
        kwargs: dict[str, Any] = {"embed": embed, "ephemeral": True}
        if is_link:
            view = discord.ui.View(timeout=None)
            view.add_item(discord.ui.Button(label=_("Full rules"), url=spec.docs, emoji="📖"))
            kwargs["view"] = view
        else:
            guide = rules_guide(spec.docs, current_language())
            if guide is not None:
                # Discord previews an attached Markdown file in place: the whole player guide, one tap away.
                embed.set_footer(text=_("The full player guide, with every house rule, is attached."))
                kwargs["file"] = discord.File(guide, filename=f"{name}-rules.md")
        await interaction.response.send_message(**kwargs)

    @app_commands.command(name="help", description="How to play games with this bot")
    async def help(self, interaction: Interaction) -> None:
        await interaction.response.send_message(_(HELP_TEXT), ephemeral=True)


async def setup(bot: GameBot) -> None:
    await bot.add_cog(GameCommands(bot))
    await bot.add_cog(TimerPass(bot))
