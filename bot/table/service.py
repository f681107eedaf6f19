"""The table: runs games for any front end (Discord, the terminal).

Front ends call these coroutines with who asked and what they clicked. Every
request runs under the game's lock: load the game once, check, apply, let computer
seats move, then commit once (the moves, the new state, and everything to send, in
the outbox). What to send is delivered by ``deliver`` through the front end's
``Sender``; the reply for the asker comes back in the ``Outcome``. All rule
decisions are the engine's; all persistence is the store's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

from bot.engine import GameEngine, RuleError
from bot.i18n import N_, current_language, using
from bot.i18n.table import _
from bot.storage import GameRecord, StatLine, Writer
from bot.storage.records import UserSettings
from bot.storage.stats import ServerSummary, server_summary
from bot.table import presenter, viewed
from bot.table.access import UNKNOWN_GAME, check_reachable
from bot.table.cards import Outcome, Panel, PrivateInfo, StatusView
from bot.table.context import Table
from bot.table.delivery import Report, Sender
from bot.table.errors import NoGameHere, NotAllowed, NotAPlayer, NotYourTurn, StaleAction, TableError
from bot.table.mine import MineOps
from bot.table.planner import digest, learned
from bot.table.play import Run
from bot.table.table_language import TableLanguageOps
from bot.table.texts import fit, for_reading
from bot.table.timers import TimerOps
from bot.table.web import WebOps

Builder = Callable[[GameEngine[Any, Any, Any], Any, int], str]

AWAY = N_(
    "A computer plays your seat since you missed your turns. Take it back first: "
    "**▶ Play** → **🙋 Reclaim my seat**, or `/game reclaim`."
)
STALE = N_("That button is from an earlier turn, so nothing happened. Use the newest message.")


SHOW_EVERY = timedelta(minutes=1)
"""The least time between two posts of a game's board by "📢 Show everyone"."""
SPECTATORS_SHOW = N_(
    "Only this game's players can post its board for everyone. `/game status` shows it to you any time."
)
ABANDONED = N_("🏳️ This game was abandoned.")
ABANDONED_BY = {
    "host": N_("The game was abandoned by its host."),
    "manager": N_("The game was abandoned by a server manager."),
    "players": N_("The game was abandoned by a majority of its players."),
}
"""Whoever ended it (a note on the lobby, or the live board's header, in the table's language)."""

SWEEP_AFTER = timedelta(minutes=2)
"""How long an outbox row may wait before the minute's sweep sends it (a click sends its own rows
at once; a retry waits at most 5 minutes, so a row older than this is usually nobody's)."""


class TableService(WebOps, TimerOps, MineOps, TableLanguageOps):
    # --- finding games ---------------------------------------------------------------

    async def open_game_id(self, channel_id: int) -> int:
        return (await self._open_game(channel_id)).id

    async def record(self, game_id: int) -> GameRecord:
        """The game as stored (state, version, seats): for front ends that show it their own way."""
        record = await self._store.game(game_id)
        if record is None:
            raise NoGameHere(_(UNKNOWN_GAME))
        check_reachable(record)
        return record

    async def latest_game_id(self, channel_id: int) -> int | None:
        record = await self._store.latest_game_in_channel(channel_id)
        return record.id if record is not None else None

    async def _newest(self, channel_id: int, *, threads: bool = False) -> Table:
        """The channel's open game, or else its last one: a channel's open game is always its
        newest, since a new game can only open once the previous one closed. ``threads``: with
        none here, an open game in a thread of this channel will do."""
        record = await self._store.latest_game_in_channel(channel_id)
        if record is None:
            threaded = await self._store.open_game_in_threads_of(channel_id)
            if threaded is not None and threads:
                return await self._load(threaded.id)
            if threaded is not None:
                raise NoGameHere(
                    _("The game here runs in its thread: <#{channel}>. Ask there, or `/game follow` there.").format(
                        channel=threaded.channel_id
                    )
                )
            raise NoGameHere(_("There is no game in this channel. Start one with `/game new`."))
        return await self._load(record.id)

    async def game_type_here(self, channel_id: int) -> str | None:
        """The game of this channel (or of a thread running from it), for commands whose game may go unsaid."""
        record = await self._store.latest_game_in_channel(channel_id)
        record = record or await self._store.open_game_in_threads_of(channel_id)
        return record.game_type if record is not None else None

    # --- play ----------------------------------------------------------------------------

    async def act(self, game_id: int, user_id: int, version: int, action: str) -> Outcome:
        """A player's click or choice, on controls built at state ``version``."""
        return await self._act(game_id, user_id, version, lambda engine, state, seat: action, action)

    async def choose_several(
        self, game_id: int, user_id: int, version: int, verb: str, values: Sequence[str]
    ) -> Outcome:
        """A several-at-once menu (``MultiChoice``): the chosen values become one action."""

        def build(engine: Any, state: Any, seat: int) -> str:
            for multi in engine.multi_choices(state, seat):
                if multi.verb == verb:
                    return str(multi.action(values))
            raise RuleError(_("That menu is not available now."))

        return await self._act(game_id, user_id, version, build)

    async def submit_form(
        self, game_id: int, user_id: int, version: int, form_key: str, values: Mapping[str, str]
    ) -> Outcome:
        return await self._act(
            game_id, user_id, version, lambda engine, state, seat: engine.form_action(state, seat, form_key, values)
        )

    async def _act(self, game_id: int, user_id: int, version: int, build: Builder, action: str = "") -> Outcome:
        async with self._state_locks(game_id):
            table = await self._load(game_id)
            record = table.record
            if record.status != "active":
                over = record.status in ("finished", "abandoned")
                raise TableError(_("This game is over.") if over else _("This game has not started yet."))
            seat = record.seat_of(user_id)
            if seat is None:
                if await self.away_seat(game_id, user_id) is not None:
                    raise NotAPlayer(_(AWAY))
                raise NotAPlayer(_("You are not playing in this game. Start your own with `/game new`."))
            state = table.state()
            standing = any(c.action == action for c in table.engine.standing_choices(state, seat))
            if not (standing and 0 <= version <= record.version):  # a standing choice is good any time
                self._check_version(table, state, seat, version, user_id)
            try:
                action = build(table.engine, state, seat)
                transition = table.engine.apply(state, seat, action)
            except RuleError as error:
                raise RuleError(for_reading(str(error), table.tags)) from None
            run = Run(state, state, record.version)
            run.add(seat, user_id, action, transition)
            after = await self._commit(table, await self._computers_move(table, run), places_for=seat)
        answer = await self._pictured(after, run.after, self._answer(table, after, run, seat))
        return Outcome(game_id, self.with_undo(answer, run))

    @staticmethod
    def _answer(before: Table, after: Table, run: Run, seat: int) -> Panel:
        """The mover's panel after their move: their next decision, and what the move showed them
        (nothing of it is DMed to them: see ``planner``). The computers' moves after theirs are worded
        in the table's language: the mover reads what those showed them in their own."""
        engine = after.engine
        events = run.events_in(engine, current_language())
        news = [for_reading(event.text, after.tags) for event in run.news_for(seat, events)]
        user = after.user_of(seat)
        secret = engine.private_text(viewed.seat_view(engine, run.after, seat)) if after.has_secrets else ""
        sent = (before.secrets_sent or {}).get(user) if user is not None else None
        return presenter.panel(after, run.after, seat, news=news, fresh=learned(secret, sent))

    @staticmethod
    def _check_version(table: Table, state: Any, seat: int, version: int, user_id: int) -> None:
        """A click is good while the decision it was built for is still open: from the version
        the seat's decision opened at to now."""
        record = table.record
        if not 0 <= version <= record.version:
            raise StaleAction(_(STALE), record.id, user_id)
        if seat not in table.engine.current_seats(state):
            if version != record.version:
                raise StaleAction(_(STALE), record.id, user_id)
            raise NotYourTurn(presenter.waiting_text(table, state))
        since = record.seats[seat].waiting_since
        if version < (since if since is not None else record.version):
            raise StaleAction(_(STALE), record.id, user_id)

    # --- what one player sees --------------------------------------------------------------

    async def panel(self, game_id: int, user_id: int) -> Panel:
        """The asker's own panel: their decision (if any) and their private information."""
        table = await self._load(game_id)
        seat = table.record.seat_of(user_id)
        away = await self.away_seat(game_id, user_id) if seat is None and table.record.status == "active" else None
        if away is not None:
            text = _(
                "🤖 A computer plays your seat ({name}) since you missed your turns. "
                "Take it back and the game waits on you again."
            ).format(name=table.record.seats[away].name)
            return Panel(game_id, table.record.version, away, text, extras=("reclaim",))
        if seat is None:
            raise NotAPlayer(_("You are not playing in this game."))
        if table.record.status == "lobby":
            raise TableError(_("The game has not started yet."))
        state = table.state()
        return await self._pictured(table, state, presenter.panel(table, state, seat))

    async def panel_in_channel(self, channel_id: int, user_id: int) -> Panel:
        return await self.panel((await self._newest(channel_id)).id, user_id)

    async def private_info(self, game_id: int, user_id: int) -> PrivateInfo:
        table = await self._load(game_id)
        seat = table.record.seat_of(user_id)
        if seat is None:
            raise NotAPlayer(_("You are not playing in this game, so you have no private information here."))
        engine = table.engine
        text = engine.private_text(viewed.seat_view(engine, table.state(), seat))
        shown = for_reading(text, table.tags) if text else _("You hold no secrets right now.")
        closed = table.sends_dms and user_id in table.refusing_dms
        return PrivateInfo(game_id, fit(shown, 1900), dms_closed=closed)

    async def dms_again(self, game_id: int, user_id: int) -> Outcome:
        """Someone whose DMs were closed asks for them again: one try, with their secrets."""
        async with self._state_locks(game_id):
            table = await self._load(game_id)
            seat = table.record.seat_of(user_id)
            if seat is None:
                raise NotAPlayer(_("You are not playing in this game."))
            engine = table.engine
            secret = engine.private_text(viewed.seat_view(engine, table.state(), seat)) if table.has_secrets else ""
            lines = [_("📬 DMs are on again for **{title}**.").format(title=table.spec.title)]
            if secret:
                lines.append(for_reading(secret, table.tags))
            card = presenter.dm_card(table, lines)

            def switch_on(tx: Writer) -> None:
                tx.set_refuses_dms(user_id, False)
                tx.forget_secrets_sent(user_id)
                tx.enqueue(game_id, "dm", user_id=user_id, card=card.to_json())
                tx.set_secret_sent(game_id, user_id, digest(secret))

            await self._store.transaction(switch_on)
        return Outcome(game_id)

    async def rule_help(self, game_id: int, user_id: int) -> str:
        """ "❓": the asker's decision and the rule it comes from."""
        table = await self._load(game_id)
        if table.record.state is None:
            raise TableError(_("The game has not started yet: `/game rules` explains it."))
        return presenter.help_text(table, table.state(), table.record.seat_of(user_id))

    async def refuses_dms(self, user_id: int) -> bool:
        return await self._store.refuses_dms(user_id)

    async def _is_player(self, table: Table, user_id: int) -> bool:
        """Seated, or away while a computer keeps their seat."""
        return table.record.seat_of(user_id) is not None or await self.away_seat(table.id, user_id) is not None

    async def status(self, channel_id: int, user_id: int | None = None) -> StatusView:
        """Where the channel's game (or the game in one of its threads) stands, for the asker only
        (``user_id``: who asks; their view offers "📢 Show everyone" only if they play)."""
        table = await self._newest(channel_id, threads=True)
        record = table.record
        where = ""
        if record.channel_id != channel_id:
            where = _("🧵 In its thread: <#{channel}>").format(channel=record.channel_id) + "\n"
        if record.status == "lobby":
            timing = await self.timing(record.id)
            return StatusView(record.id, "", lobby=presenter.lobby_card(table, where.strip(), timing))
        if record.state is None:
            raise NoGameHere(_("The last game here never started."))
        live = table.post("live") or next(
            iter(p for p in await self._store.posts(record.id, include_retired=True) if p.kind == "live"), None
        )
        log = list(live.log) if live else []
        with using(table.language):  # the card's header, in the card's language
            header = _(ABANDONED) if record.status == "abandoned" else ""
        card = presenter.live_card(table, table.state(), log, "", header=header)
        board = await self._store.board(record.id, live.board) if live and live.board else None
        if board is None:
            drawn = await self._board(table, table.state())
            board = drawn[1] if drawn else None
        shows = record.status == "active" and (user_id is None or await self._is_player(table, user_id))
        return StatusView(record.id, where + card.text, board, card.board_name, active=shows)

    async def show_everyone(self, game_id: int, user_id: int) -> Outcome:
        """Post the live board anew at the bottom of the channel (the old one goes): for the game's
        players, and at most once a minute, counted from when the board was last posted (a time
        stored with the post, so it holds across restarts and across processes sharing a database)."""
        async with self._state_locks(game_id):
            table = await self._load(game_id)
            if table.record.status != "active":
                raise TableError(_("This game is over: its last board stays where it is."))
            if not await self._is_player(table, user_id):
                raise NotAPlayer(_(SPECTATORS_SHOW))
            live = table.post("live")
            if live is not None and live.message_id is None:
                raise TableError(_("The board is on its way to the bottom of the channel already."))
            if live is not None and live.posted_at is not None:
                wait = SHOW_EVERY - (self._clock() - datetime.fromisoformat(live.posted_at))
                if wait > timedelta(0):
                    seconds = max(int(wait.total_seconds()), 1)
                    raise TableError(
                        _("The board was posted less than a minute ago. Try again in {seconds} s.").format(
                            seconds=seconds
                        )
                    )
            state = table.state()
            await self._commit(table, Run(state, state, table.record.version), repost=True)
        return Outcome(game_id, _("Posted the board below. ⬇️"))

    async def recent_events(self, channel_id: int, limit: int = 15) -> str:
        table = await self._newest(channel_id)
        lines: list[str] = []
        for action in await self._store.recent_actions(table.id, limit):
            lines += [f"`{action.version:>4}` {for_reading(text, table.tags)}" for text in action.events]
        if not lines:
            return _("Nothing has happened yet.")
        return fit("\n".join(lines), 1900)

    async def waiting_on(self, game_id: int) -> list[int]:
        """The people the game waits on once its computers have moved (empty once it is over)."""
        await self.computers_settled(game_id)
        table = await self._load(game_id)
        if table.record.status != "active":
            return []
        state = table.state()
        return [u for s in table.engine.current_seats(state) if (u := table.user_of(s)) is not None]

    async def text_board(self, game_id: int) -> str | None:
        """The board as plain text, for the terminal (None when the game has no text board)."""
        from render import text_board

        table = await self._load(game_id)
        draw = text_board(table.spec)
        if draw is None or table.record.state is None:
            return None
        return draw(viewed.public_view(table.engine, table.state()), table.tags)

    # --- ending ------------------------------------------------------------------------------

    async def abandon(self, channel_id: int, user_id: int, *, can_manage_guild: bool) -> Outcome:
        game_id = (await self._open_game(channel_id)).id
        async with self._state_locks(game_id):
            table = await self._load(game_id)
            record = table.record
            if record.status not in ("lobby", "active"):
                raise TableError(_("This game is already over."))
            humans = [*record.human_ids, *(await self._away_users(record.id))]
            if user_id == record.creator_id or can_manage_guild:
                reason = "host" if user_id == record.creator_id else "manager"
            elif user_id in humans:
                votes = await self._store.transaction(lambda tx: tx.add_abandon_vote(record.id, user_id))
                votes &= set(humans)
                needed = len(humans) // 2 + 1
                if len(votes) < needed:
                    return Outcome(
                        game_id,
                        _(
                            "Your vote to abandon is counted ({votes} of {n} needed). "
                            "Other players can vote with `/game abandon` too."
                        ).format(votes=len(votes), n=needed),
                    )
                reason = "players"
            else:
                raise NotAllowed(
                    _("Only the host, a player (by majority vote) or someone with Manage Server can abandon a game.")
                )
            text = ABANDONED_BY[reason]
            if record.status == "lobby":
                await self._lobby_change(table, status="abandoned", note=text)
            else:
                state = table.state()
                with using(table.language):
                    header = f"🏳️ {_(text)}"
                await self._commit(table, Run(state, state, record.version), status="abandoned", header=header)
        return Outcome(game_id, _("Abandoned."))

    # --- delivery and restarts ---------------------------------------------------------------

    async def deliver(self, game_id: int, sender: Sender, *, first: int | None = None) -> Report:
        """Send what the game's changes queued (see ``bot.table.delivery``)."""
        return await self.deliverer.flush(game_id, sender, first=first)

    async def sweep(self, sender: Sender) -> int:
        """Send rows that waited in the outbox longer than ``SWEEP_AFTER``: nobody is sending them
        (a process killed right after its commit, on a database several processes share, or a
        delivery whose retries ended). Returns how many games had some."""
        queued_before = (self._clock() - SWEEP_AFTER).isoformat(timespec="seconds")
        return await self.deliverer.flush_all(sender, queued_before=queued_before)

    async def resume(self, sender: Sender) -> int:
        """After a start: let computer seats take moves a crash interrupted (their searches in the
        background, as after any request), then send whatever is still pending. Returns how many
        games had something to do."""
        moved = 0
        for game_id in await self._store.game_ids(status=["active"]):
            async with self._state_locks(game_id):
                table = await self._load(game_id)
                if table.record.status != "active":
                    continue
                state = table.state()
                run = await self._computers_move(table, Run(state, state, table.record.version))
                if run.steps:
                    await self._commit(table, run)  # a search still to make follows in the background
                    moved += 1
                elif run.more:
                    self._follow_ups.start(game_id, self._follow_up)
                    moved += 1
        return moved + await self.deliverer.flush_all(sender)

    # --- statistics ----------------------------------------------------------------------------

    async def player_stats(self, user_id: int, guild_id: int | None = None) -> list[StatLine]:
        return await self._store.player_stats(user_id, guild_id=guild_id)

    async def server_stats(self, guild_id: int | None) -> list[StatLine]:
        return await self._store.server_stats(guild_id)

    async def server_summary(self, guild_id: int | None) -> ServerSummary:
        """Average game lengths and the most active players of a server."""
        return await self._store.transaction(lambda tx: server_summary(tx.rows, guild_id))

    # --- settings ------------------------------------------------------------------------------

    async def user_settings(self, user_id: int) -> UserSettings:
        return await self._store.transaction(lambda tx: tx.user_settings(user_id))

    async def set_user_settings(self, settings: UserSettings) -> None:
        await self._store.transaction(lambda tx: tx.set_user_settings(settings))
        self.readers.remember(settings.user_id, settings.language)
