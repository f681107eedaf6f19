"""What every table operation shares: loading a game, rendering its board, committing a change."""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any

import msgspec

from bot.engine import GameEngine, LoadedGame, Relation, SeatTag
from bot.engine.seats import with_levels
from bot.games.registry import game
from bot.i18n import N_, current_language, using
from bot.i18n.table import _
from bot.storage import GameRecord, Pending, SeatRecord, Store, VersionConflict, Writer
from bot.table import crash, planner, viewed
from bot.table.access import UNKNOWN_GAME, check_reachable
from bot.table.cards import Panel
from bot.table.computers import FollowUps, Runner, ThreadRunner
from bot.table.context import Table
from bot.table.delivery import Deliverer, Sender
from bot.table.errors import NoGameHere, StaleAction
from bot.table.locks import GameLocks
from bot.table.painter import BoardRenderer, Painter, ThreadDrawer, default_renderer
from bot.table.planner import Plan
from bot.table.play import Run, add_played, computer_job
from bot.table.readers import ReaderLanguages
from bot.table.texts import reading_name

log = logging.getLogger(__name__)
PLACES_NOTE = N_("-# 📍 The picture marks each place with the label its entries name.")

Clock = Callable[[], datetime]


@dataclass(frozen=True)
class Person:
    user_id: int
    name: str
    language: str | None = None
    """The language they read (``bot.i18n``): where a click came from, their ``/game settings`` or
    Discord client's. Kept on their seat, for the direct messages the game sends them."""


def computer_name(index: int) -> str:
    return _("🤖 Computer {number}").format(number=index)


@dataclass(frozen=True)
class Computer:
    """A computer seat of a new table (a rematch keeps its level); ``None`` in a seating is one at
    the default level."""

    level: str | None = None


def _utc_now() -> datetime:
    return datetime.now(UTC)


def _loads(table: Table) -> bool:
    """Whether this version of the game reads the stored state."""
    try:
        table.state()
    except (msgspec.DecodeError, msgspec.ValidationError, KeyError, TypeError, ValueError):
        return False
    return True


class TableCore:
    def __init__(
        self,
        store: Store,
        *,
        renderer: BoardRenderer | None = default_renderer,
        painter: Painter | None = None,
        seed_source: Callable[[], int] | None = None,
        games: Callable[[str], LoadedGame] = game,
        clock: Clock | None = None,
        activity: planner.Activity | None = None,
        runner: Runner | None = None,
    ) -> None:
        self._store = store
        self._games = games
        # A painter given (the bot's, drawing in worker processes) wins over ``renderer``.
        self.painter = painter or (Painter(ThreadDrawer(renderer)) if renderer is not None else None)
        self._new_seed = seed_source or (lambda: secrets.randbits(62))
        self._clock = clock or _utc_now
        self._activity = activity
        # With a store shared by several processes, its own per-game locks are taken as well.
        self._state_locks = GameLocks(store.game_lock if store.shared else None)
        self.deliverer = Deliverer(
            store,
            self._clock,
            GameLocks(store.delivery_lock if store.shared else None),
            self.painter.png if self.painter is not None else None,
        )
        self._runner: Runner = runner or ThreadRunner()
        self._follow_ups = FollowUps()
        self._follow_up_sender: Sender | None = None
        self.readers = ReaderLanguages(store.chosen_language)

    def stop_drawing(self) -> None:
        """The bot is stopping: the board-drawing workers exit."""
        if self.painter is not None:
            self.painter.close()

    def entry(self, game_name: str) -> LoadedGame:
        return self._games(game_name)

    async def _load(self, game_id: int) -> Table:
        stored = await self._store.table(game_id)
        if stored is None:
            raise NoGameHere(_(UNKNOWN_GAME))
        check_reachable(stored.game)
        table = Table.of(stored, self.entry(stored.game.game_type))
        if table.record.status == "active" and not table.humans:
            table.away_users = await self._away_users(game_id)  # nobody seated: is the game waiting?
        if table.record.state is not None and not _loads(table):
            return await self._rebuilt(table)
        return table

    async def _away_users(self, game_id: int) -> tuple[int, ...]:
        """People whose seats computers keep for them in this game (they may take them back)."""
        timings = await self._store.transaction(lambda tx: tx.seat_timings(game_id))
        return tuple(t.away_user for _, t in sorted(timings.items()) if t.away_user is not None)

    async def _rebuilt(self, table: Table) -> Table:
        """A game saved by an earlier version of the bot in a state format this one cannot read:
        its state is rebuilt from the seed and the action log (the next move saves it anew).
        A log the rules no longer accept leaves the game as it is."""
        record, engine = table.record, table.engine
        entries = await self._store.transaction(lambda tx: tx.action_log(record.id))
        moves = [(entry.seat, entry.action) for entry in entries if not entry.undone]
        state = engine.new_game(len(record.seats), record.options, record.seed)
        try:
            for seat, action in moves:
                state = engine.apply(state, seat, action).state
        except Exception as error:
            reason = type(error).__name__
            log.warning(
                "Game %s is stored in a format this version cannot read and its log does not replay (%s)",
                record.id,
                reason,
            )
            return table
        log.info("Game %s was stored by an earlier version; rebuilt from its %d logged moves", record.id, len(moves))
        table.record = replace(record, state=msgspec.json.decode(msgspec.json.encode(engine.dump(state))))
        return table

    async def _open_game(self, channel_id: int) -> GameRecord:
        record = await self._store.open_game_in_channel(channel_id)
        if record is None:
            raise NoGameHere(_("There is no game in this channel. Start one with `/game new`."))
        return record

    async def _board(self, table: Table, state: Any, tags: Sequence[SeatTag] | None = None) -> tuple[str, bytes] | None:
        """The board image of ``state`` (hash, PNG), drawn off the event loop; None if there is none."""
        painter = self.painter
        if painter is None:
            return None
        try:
            with using(table.language):  # a board is public: drawn in the table's language
                return await painter.board(
                    table.spec, viewed.public_view(table.engine, state), with_levels(tags or table.tags)
                )
        except Exception:
            # The move stands; a live board without a new picture beats no live board.
            log.exception("Drawing the %s board of game %s failed", table.spec.name, table.id)
            return None

    async def _pictured(self, table: Table, state: Any, panel: Panel) -> Panel:
        """A panel whose decision chooses places carries their picture (drawn off the event loop
        from the seat's own places view, once per picture); without one, the panel as it is."""
        if not panel.has_decision:
            return panel
        png = await self._places_picture(table, state, panel.seat)
        if png is None:
            return panel
        return replace(panel, picture=png, text=f"{panel.text}\n{_(PLACES_NOTE)}")

    async def _places_picture(self, table: Table, state: Any, seat: int | None) -> bytes | None:
        """The picture of the places ``seat``'s decision chooses among, in the current language;
        None when there is none (no painter, a game without one, a decision that is not of places)."""
        spec = table.spec
        if self.painter is None or not spec.places_renderer or seat is None:
            return None
        view = table.engine.places_view(state, seat)
        if view is None:
            return None
        try:
            _digest, png = await self.painter.board(
                replace(spec, renderer=spec.places_renderer), view, with_levels(table.tags)
            )
        except Exception:
            log.exception("Drawing the places of game %s failed", table.id)
            return None
        return png

    async def _pictures(
        self, table: Table, state: Any, tags: Sequence[SeatTag], places: tuple[str, int | None]
    ) -> tuple[str, bytes] | None:
        """The board of a change; beside it, the picture of the places that ``places`` (the reader's
        language, the seat) will be shown in its answer, so the answer finds it drawn."""
        board, _places = await asyncio.gather(self._board(table, state, tags), self._places_in(table, state, *places))
        return board

    async def _places_in(self, table: Table, state: Any, language: str, seat: int | None) -> bytes | None:
        with using(language):
            return await self._places_picture(table, state, seat)

    async def _best_scores(self, table: Table) -> dict[str, float] | None:
        """Best team scores of this game type's finished team and solo games on this server, by variant."""
        if Relation.COMPETITIVE in table.spec.relations and len(table.spec.relations) == 1:
            return None
        lines = await self._store.server_stats(table.record.guild_id)
        return {
            line.variant: line.best_score
            for line in lines
            if line.game_type == table.record.game_type
            and line.relation != "competitive"
            and line.best_score is not None
        }

    async def _commit(
        self,
        table: Table,
        run: Run,
        *,
        status: str = "active",
        lines: Sequence[str] = (),
        header: str = "",
        start: bool = False,
        repost: bool = False,
        first: Callable[[Writer], None] | None = None,
        handed_over: Collection[int] = (),
        places_for: int | None = None,
    ) -> Table:
        """One change of a game in one transaction (moves, state, posts, outbox, result); the game after it.
        ``places_for``: the seat whose answer shows its places (see ``_pictures``)."""
        reader = current_language()
        if run.steps and table.engine.is_terminal(run.after):
            table.best_before = await self._best_scores(table)
            table.away_users = await self._away_users(table.id)
        record, engine, language = table.record, table.engine, table.language
        with using(language):  # what the channel sees is written in the table's language
            turn = planner.TurnPlanner(
                table, run, status, lines, header, start, self._clock(), self._activity, repost=repost
            )
            answering = answer_limits(engine, run.after)
            tags = turn.after.board_tags(turn.plan.waits, turn.now, answering, handed_over)
            plan = turn.make(await self._pictures(turn.after, run.after, tags, (reader, places_for)))
            if plan.result is not None:
                offer_rematch(plan)
        steps = [
            (step.version, step.seat, step.user_id, step.action, [e.text for e in events if e.public])
            for step, events in zip(run.steps, run.step_events(engine, language))
            if step.logged
        ]
        state = engine.dump(run.after) if run.steps else None
        players = turn.after.record.seats
        acted = {step.seat for step in run.steps if step.user_id is not None}
        undoable = run.steps[0].version if run.undoable and turn.status == "active" else None

        def work(tx: Writer) -> Pending:
            if first is not None:
                first(tx)
            if state is not None:
                tx.save_state(
                    record.id,
                    expected_version=run.start_version,
                    version=run.version,
                    state=state,
                    finished=turn.status == "finished",
                )
                tx.log_actions(record.id, steps)
            elif turn.status != record.status:
                tx.set_status(record.id, turn.status)
            planner.write(tx, record.id, plan)
            humans = {seat.seat for seat in players if seat.user_id is not None}
            tx.sync_turn_timers(record.id, plan.waits, humans, force=handed_over, answers=answering)
            if acted:
                tx.reset_missed(record.id, acted)
            if undoable is not None:
                tx.mark_undoable(record.id, undoable)
            if plan.result is not None:
                tx.save_result(
                    record.id, game_type=record.game_type, guild_id=record.guild_id, result=plan.result, players=players
                )
                tx.credit_away_players(record.id)
            return tx.pending(record.id)

        try:
            # The commit hands the deliverer what it must send, so delivering reads nothing back.
            self.deliverer.prime(record.id, await self._store.transaction(work))
        except VersionConflict:
            raise StaleAction(
                _("Someone else moved first; nothing happened. Use the newest message."), record.id, 0
            ) from None
        crash.point("committed")
        if run.more:
            self._follow_ups.start(record.id, self._follow_up)
        return turn.after

    async def _hand_back(self, table: Table, person: Person, seat: int) -> Table:
        """The seat a computer kept for ``person`` is theirs again (under the game's lock); a game
        that waited for them goes on."""
        record = table.record
        back = SeatRecord(seat, person.user_id, person.name, language=person.language)
        changed = self._with_record(table, seats=tuple(back if s.seat == seat else s for s in record.seats))
        changed.away_users = tuple(u for u in table.away_users if u != person.user_id)
        state = table.state()
        run = await self._computers_move(changed, Run(state, state, record.version))

        def hand_back(tx: Writer) -> None:
            tx.replace_seat(record.id, back)
            tx.set_away(record.id, seat, None, None)

        with using(table.language):
            line = _("🙋 {name} is back and plays their seat again.").format(name=reading_name(changed.tags[seat]))
        return await self._commit(changed, run, lines=[line], first=hand_back, handed_over={seat})

    # --- computer players ---------------------------------------------------------------

    async def _computers_move(self, table: Table, run: Run, *, search_first: bool = False) -> Run:
        """Computer seats take the moves that are theirs after ``run``, in the runner's worker, up to
        a search (``search_first``: a follow-up's run opens with one)."""
        job = computer_job(table, run, search_first=search_first)
        if not set(table.engine.current_seats(run.after)) & set(job.levels):
            return run
        return add_played(run, await self._runner.play(table.game, job))

    async def _follow_up(self, game_id: int) -> bool:
        """One search of a computer seat and the quick moves after it, committed and delivered (a
        background task of ``FollowUps``). True while searches remain."""
        async with self._state_locks(game_id):
            table = await self._load(game_id)
            if table.record.status != "active":
                return False
            state = table.state()
            run = await self._computers_move(table, Run(state, state, table.record.version), search_first=True)
            if not run.steps:
                return False
            try:
                await self._commit(table, run)
            except StaleAction:
                return False  # another process moved this game first, its computers with it
        if self._follow_up_sender is not None:
            await self.deliverer.flush(game_id, self._follow_up_sender)
        return run.more

    def send_follow_ups_with(self, sender: Sender) -> None:
        """Where the computers' moves made in the background are delivered (the front end's sender)."""
        self._follow_up_sender = sender

    async def computers_settled(self, game_id: int | None = None) -> None:
        """Until the computers of the game (of every game: None) have made the moves that are theirs."""
        await self._follow_ups.wait(game_id)

    def stop_computers(self) -> None:
        """The bot is stopping: searches in progress are dropped (a restart makes those moves)."""
        self._follow_ups.stop()
        self._runner.close()

    def _iso(self, seconds: float = 0) -> str:
        return (self._clock() + timedelta(seconds=seconds)).isoformat(timespec="seconds")

    @staticmethod
    def _with_record(table: Table, **changes: Any) -> Table:
        return replace(table, record=replace(table.record, **changes))


def offer_rematch(plan: Plan) -> None:
    """A finished game's board carries "🔁 Rematch" (its last edit: a finished game changes no more)."""
    for op in plan.ops:
        card = op.card
        if card is None or card.kind != "live":
            continue
        offered = msgspec.structs.replace(card, extras=(*card.extras, "rematch"))
        op.card = offered
        if isinstance(op.post, planner.NewPost):
            op.post.card = offered
        elif isinstance(op.post, int) and "card" in plan.updates.get(op.post, {}):
            plan.update(op.post, card=offered.digest())


def answer_limits(engine: GameEngine[Any, Any, Any], state: Any) -> dict[int, int | None]:
    """Seats deciding during another player's turn, each with the engine's own shorter time limit
    in seconds (None: the table's)."""
    return {
        seat: engine.answer_within(state, seat)
        for seat in engine.current_seats(state)
        if engine.answers_another(state, seat)
    }
