"""Reminders and turn clocks: the timers a background task claims and fires.

Timers are rows (``timers``, migration 0004) written with every change of a game's waits
(``TableCore._commit``): a seat whose decision opens gets a reminder after the game's delay and,
with a turn clock, a time-out. ``run_timers`` claims the due rows in one transaction (a lease:
a worker that dies lets them come free again) and fires each under the game's lock. Firing and
deleting (or rescheduling) the row commit together, guarded by the claim, so a timer fires once
even across restarts; a row whose decision is over is dropped without a word.

* A reminder posts the waited-on player's prompt anew at the bottom of the channel, pinging only
  them, with "🔕 Not this turn"; one delay later it reminds them by DM (unless they refuse DMs).
  Quiet hours (``/game settings``) push a reminder to their end.
* A time-out makes the decision through the normal table path: the engine's documented
  ``default_action``, else the computer player's choice; the board says so. After the game's limit
  of time-outs in a row a computer takes the seat, and the player may reclaim it.
"""

from __future__ import annotations

import functools
import logging
from datetime import datetime, timedelta
from typing import Any

import msgspec

from bot.engine import Rng, RuleError
from bot.engine.levels import Level, level_name
from bot.i18n import using
from bot.i18n.table import _, _n
from bot.storage import SeatRecord, VersionConflict, Writer
from bot.storage.records import GameTiming, SeatTiming, TimerRecord
from bot.table import presenter
from bot.table.cards import Card, Outcome
from bot.table.context import Table
from bot.table.core import Person, TableCore, computer_name
from bot.table.delivery import Sender
from bot.table.errors import NotAPlayer, StaleAction, TableError
from bot.table.planner import NewPost, Plan, write
from bot.table.play import Run
from bot.table.texts import fit, reading_name
from bot.table.timing import duration_text, quiet_until

log = logging.getLogger(__name__)

LEASE = timedelta(minutes=5)
"""A claimed timer is held this long; a worker that died lets it come free again after."""
BATCH = 100
BATCHES = 20


class _Lost(Exception):
    """The timer is no longer this claim's (another worker fired it): roll back."""


def _claimed(tx: Writer, timer: TimerRecord) -> None:
    if not tx.finish_timer(timer):
        raise _Lost


class TimerOps(TableCore):
    async def run_timers(self, sender: Sender | None = None, *, limit: int = BATCH, batches: int = BATCHES) -> int:
        """Fire every due timer, ``limit`` claimed at a time (at most ``batches`` times: after an
        outage the rest waits for the next pass), delivering what each batch queued. Returns how
        many fired."""
        fired = 0
        for _batch in range(batches):
            claimed = await self._store.transaction(functools.partial(_claim, self._iso(LEASE.total_seconds()), limit))
            touched: set[int] = set()
            for timer in claimed:
                if await self._fire_guarded(timer):
                    touched.add(timer.game_id)
                    fired += 1
            if sender is not None:
                for game_id in sorted(touched):
                    await self.deliverer.flush(game_id, sender)
            if len(claimed) < limit:
                break
        return fired

    async def _fire_guarded(self, timer: TimerRecord) -> bool:
        try:
            return await self._fire(timer)
        except (_Lost, VersionConflict, StaleAction):
            return False  # fired by another worker, or the game moved under it: nothing to do
        except Exception:
            # The claim lapses and the timer is tried again; the game is not touched meanwhile.
            log.exception("A %s timer of game %s failed", timer.kind, timer.game_id)
            return False

    async def _fire(self, timer: TimerRecord) -> bool:
        async with self._state_locks(timer.game_id):
            table = await self._load(timer.game_id)
            record = table.record
            seat = record.seats[timer.seat] if timer.seat < len(record.seats) else None
            if record.status != "active" or seat is None or seat.is_computer or seat.waiting_since != timer.since:
                await self._store.transaction(lambda tx: tx.finish_timer(timer))
                return False
            if timer.kind == "clock":
                return await self._time_out(table, timer)
            return await self._remind(table, timer, seat)

    # --- reminders ------------------------------------------------------------------------

    async def _remind(self, table: Table, timer: TimerRecord, seat: SeatRecord) -> bool:
        user = seat.user_id or 0
        now = self._clock()
        settings, timings, timing = await self._store.transaction(
            lambda tx: (tx.user_settings(user), tx.seat_timings(table.id), tx.game_timing(table.id))
        )
        quiet_end = quiet_until(settings, now)
        if quiet_end is not None:
            due = quiet_end.isoformat(timespec="seconds")

            def postpone(tx: Writer) -> None:
                if not tx.postpone_timer(timer, due):
                    raise _Lost

            await self._store.transaction(postpone)
            return False
        since = _since(timings.get(timer.seat)) or now
        left = (since - now).total_seconds() + timing.turn_clock if timing.turn_clock else None
        refuses = user in table.refusing_dms
        state = table.state()
        plan = None
        if timer.stage == 0:
            with using(table.language):  # the channel's reminder
                plan = self._channel_reminder(table, state, timer, user, _waited(now, since, left))
        dm = None
        if not refuses:
            with using(table.reader_language(timer.seat)):  # the player's own reminder
                dm = presenter.dm_card(table, [_dm_line(table, duration_text((now - since).total_seconds()), left)])

        def remind(tx: Writer) -> Any:
            if plan is not None:
                write(tx, table.id, plan)
                if refuses or not timing.remind_after:
                    _claimed(tx, timer)
                elif not tx.postpone_timer(timer, tx.at(timing.remind_after), stage=1):
                    raise _Lost
            else:
                _claimed(tx, timer)
                if dm is not None:
                    tx.enqueue(table.id, "dm", user_id=user, card=dm.to_json())
            return tx.pending(table.id)

        self.deliverer.prime(table.id, await self._store.transaction(remind))
        return True

    def _channel_reminder(self, table: Table, state: Any, timer: TimerRecord, user: int, reminder: str) -> Plan:
        """The player's prompt, posted anew at the bottom (pinging only them), with "🔕 Not this turn";
        the prompt that covered them keeps only the others it waits on."""
        plan = Plan()
        for prompt in table.prompts:
            if user not in prompt.users:
                continue
            others = tuple(u for u in prompt.users if u != user)
            if not others:
                plan.delete(prompt)
                continue
            seats = [s for u in others if (s := table.record.seat_of(u)) is not None]
            plan.update(prompt.id, users=others)
            plan.edit(prompt, presenter.prompt_card(table, state, seats, prompt_version(table, seats)))
        card = presenter.prompt_card(table, state, [timer.seat], timer.since)
        first, _line, rest = card.text.partition("\n")
        reminded = msgspec.structs.replace(
            card,
            text=fit(f"{first}\n{reminder}\n{rest}".rstrip()),
            extras=(*card.extras, "quiet"),
        )
        plan.create(NewPost("prompt", table.record.channel_id, users=(user,)), reminded)
        return plan

    async def silence(self, game_id: int, user_id: int, since: int) -> Outcome:
        """ "🔕 Not this turn": no more reminders for the decision opened at ``since``."""
        table = await self._load(game_id)
        record = table.record
        seat = record.seat_of(user_id)
        others = [s for s in record.seats if s.user_id != user_id and s.waiting_since == since]
        if seat is None or (record.seats[seat].waiting_since != since and others and record.status == "active"):
            raise NotAPlayer(_("Only the player this reminder is for can silence it."))
        if record.status != "active" or record.seats[seat].waiting_since != since:
            raise TableError(_("That turn is over already, so there is nothing to silence."))
        dropped = await self._store.transaction(lambda tx: tx.drop_timer(game_id, seat, "remind", since))
        if not dropped:
            return Outcome(game_id, _("🔕 Reminders for this turn are already off."))
        return Outcome(game_id, _("🔕 No more reminders for this turn. The next turn reminds you as usual."))

    # --- time-outs --------------------------------------------------------------------------

    async def _time_out(self, table: Table, timer: TimerRecord) -> bool:
        record, engine = table.record, table.engine
        state = table.state()
        seat = timer.seat
        person = record.seats[seat]
        timing, seats = await self._store.transaction(
            lambda tx: (tx.game_timing(record.id), tx.seat_timings(record.id))
        )
        action, by_rule = self._timed_out_action(table, state, seat)
        try:
            transition = engine.apply(state, seat, action)
        except RuleError:
            log.error("The time-out move of game %s was refused; the seat takes its first choice", record.id)
            action, by_rule = engine.legal_actions(state, seat)[0].action, False
            transition = engine.apply(state, seat, action)
        run = Run(state, state, record.version)
        run.add(seat, None, action, transition)
        limit = timing.turn_clock or timing.answer_within
        quick = engine.answer_within(state, seat) if engine.answers_another(state, seat) else None
        missed = (seats[seat].missed if seat in seats else 0) + 1
        away = bool(timing.missed_limit) and missed >= (timing.missed_limit or 0)
        level = table.stand_in_level(timing)
        with using(table.language):  # the board's lines and the stand-in's name are the table's
            lines = _time_out_lines(table, seat, duration_text(min(limit, quick or limit)), by_rule)
            if away:
                lines.append(_away_line(table, seat, missed, level))
                index = sum(1 for s in record.seats if s.is_computer) + 1
                stand_in_name = _("{computer} for {name}").format(computer=computer_name(index), name=person.name)
        changed = table
        if away:
            stand_in = SeatRecord(seat, None, stand_in_name, level=level.value)
            changed = self._with_record(table, seats=tuple(stand_in if s.seat == seat else s for s in record.seats))
            if person.user_id is not None:
                changed.away_users = (*table.away_users, person.user_id)  # the last one seated: the game waits
        note = None
        if away and person.user_id not in table.refusing_dms:
            with using(table.reader_language(seat)):
                note = _away_dm(table, missed)

        def first(tx: Writer) -> None:
            _claimed(tx, timer)
            tx.add_missed(record.id, seat)
            if away:
                tx.replace_seat(record.id, changed.record.seats[seat])
                tx.set_away(record.id, seat, person.user_id, person.name)
                if note is not None:
                    tx.enqueue(record.id, "dm", user_id=person.user_id, card=note.to_json())

        await self._commit(
            changed, await self._computers_move(changed, run), lines=lines, first=first, handed_over={seat}
        )
        return True

    def _timed_out_action(self, table: Table, state: Any, seat: int) -> tuple[str, bool]:
        """The engine's documented default for the decision, else the computer player's choice: the
        heuristic's (one decision, made at once; a computer that takes the seat over plays at the
        game's level for take-overs)."""
        engine = table.engine
        default = engine.default_action(state, seat)
        if default is not None:
            return default, True
        rng = Rng.from_seed(table.record.seed, "time-out", table.record.version, seat)
        choices = engine.legal_actions(state, seat)
        return table.game.computer(Level.NORMAL).choose(engine.seat_view(state, seat), choices, rng), False

    # --- absent players ------------------------------------------------------------------------

    async def away_seat(self, game_id: int, user_id: int) -> int | None:
        """The seat a computer plays for ``user_id`` in this game, if any."""
        timings = await self._store.transaction(lambda tx: tx.seat_timings(game_id))
        return next((seat for seat, t in timings.items() if t.away_user == user_id), None)

    async def reclaim(self, game_id: int, person: Person) -> Outcome:
        """An absent player takes their seat back from the computer."""
        async with self._state_locks(game_id):
            table = await self._load(game_id)
            if table.record.status != "active":
                raise TableError(_("This game is over."))
            timings, held = await self._store.transaction(
                lambda tx: (tx.seat_timings(game_id), tx.seats_held(game_id, person.user_id))
            )
            seat = next((s for s, t in timings.items() if t.away_user == person.user_id), None)
            if seat is None and table.record.seat_of(person.user_id) is None:
                # After /game leave: their own seat, while a computer plays it and nobody else's is kept there.
                kept = {s for s, t in timings.items() if t.away_user is not None}
                seat = next((s for s in sorted(held) if s not in kept), None)
            if seat is None or not table.record.seats[seat].is_computer:
                raise NotAPlayer(_("No computer is playing a seat of yours in this game."))
            await self._hand_back(table, person, seat)
        return Outcome(game_id, _("🙋 Your seat is yours again. The game pings you when it waits on you."))

    async def timing(self, game_id: int) -> GameTiming:
        return await self._store.transaction(lambda tx: tx.game_timing(game_id))


def _claim(lease: str, limit: int, tx: Writer) -> list[TimerRecord]:
    return tx.claim_timers(lease, limit)


def _since(timing: SeatTiming | None) -> datetime | None:
    if timing is None or timing.wait_started is None:
        return None
    return datetime.fromisoformat(timing.wait_started)


def prompt_version(table: Table, seats: list[int]) -> int:
    """Buttons for several seats carry the newest of their decisions' versions (as the planner's)."""
    record = table.record
    return max((record.seats[s].waiting_since or record.version for s in seats), default=record.version)


def _clock_left(left: float | None) -> str:
    """`` ⌛ 3 h left, then the game decides for you.`` after a reminder, when a turn clock runs."""
    if left is None:
        return ""
    return " " + _("⌛ {left} left, then the game decides for you.").format(left=duration_text(left))


def _waited(now: datetime, since: datetime, left: float | None) -> str:
    """The reminder's line on the prompt posted anew."""
    waited = duration_text((now - since).total_seconds())
    return _("⏰ Reminder: the game has waited {waited} for you.").format(waited=waited) + _clock_left(left)


def _dm_line(table: Table, waited: str, left: float | None) -> str:
    line = _("⏰ **{title}** has waited {waited} for your move.").format(title=table.spec.title, waited=waited)
    return line + _clock_left(left)


def _time_out_lines(table: Table, seat: int, waited: str, by_rule: bool) -> list[str]:
    name = reading_name(table.tags[seat])
    if by_rule:
        line = _("⌛ {name}'s time ran out ({waited}): the game's default move was made for them.")
    else:
        line = _("⌛ {name}'s time ran out ({waited}): the computer chose for them.")
    return [line.format(name=name, waited=waited)]


def _away_line(table: Table, seat: int, missed: int, level: Level) -> str:
    return _n(
        "🤖 {name} missed {n} turn in a row, so a computer plays the seat until they take it back "
        "(**▶ Play** → **🙋 Reclaim my seat**, or `/game reclaim`); it plays {level}.",
        "🤖 {name} missed {n} turns in a row, so a computer plays the seat until they take it back "
        "(**▶ Play** → **🙋 Reclaim my seat**, or `/game reclaim`); it plays {level}.",
        missed,
    ).format(name=reading_name(table.tags[seat]), n=missed, level=level_name(level))


def _away_dm(table: Table, missed: int) -> Card:
    return presenter.dm_card(
        table,
        [
            _n(
                "🤖 You missed {n} turn in a row in **{title}**, so a computer plays your seat for now.",
                "🤖 You missed {n} turns in a row in **{title}**, so a computer plays your seat for now.",
                missed,
            ).format(n=missed, title=table.spec.title),
            _("Take it back any time: **▶ Play** on the board → **🙋 Reclaim my seat**, or `/game reclaim` there."),
        ],
    )
