"""The lobby: opening a table, taking and leaving seats, computer players, options, Start."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.engine import GameSpec, OptionSpec, RuleError
from bot.engine.levels import Level, level_name
from bot.engine.seats import colour_name
from bot.i18n import N_, using
from bot.i18n.table import _
from bot.storage import ChannelBusy, GameRecord, SeatRecord, Writer
from bot.storage.records import GameTiming
from bot.table import crash, presenter
from bot.table.cards import Outcome, Panel
from bot.table.context import Table
from bot.table.core import Computer, Person, TableCore, computer_name
from bot.table.errors import NotAllowed, NotAPlayer, TableError
from bot.table.play import Run
from bot.table.texts import reading_name

PAUSED = N_("Nobody is seated now: the game waits until a player takes their seat back (`/game reclaim`).")
EVERYONE_LEFT = N_("Everyone left; the lobby is closed.")
HOST_LEFT = N_("The host left; the next player may start the game.")
STARTED_BELOW = N_("The game has started below.")
"""Notes on the lobby card (translated there, in the table's language)."""


def leave_question(table: Table, seat: int) -> Panel:
    """The confirmation ``/game leave`` asks for in a running game, with its two buttons."""
    text = _(
        "🚪 Leave **{title}**? A computer plays your seat ({name}) from now on; `/game join` here takes it "
        "back while a computer plays it."
    ).format(title=table.spec.title, name=reading_name(table.tags[seat]))
    return Panel(table.id, table.record.version, seat, text, extras=("leave", "stay"))


@dataclass(frozen=True)
class LobbyOptions:
    """A lobby's options as its host is about to change them."""

    spec: GameSpec
    values: dict[str, Any]
    players: int

    @property
    def applicable(self) -> tuple[OptionSpec, ...]:
        """The options that apply to the table as it is seated now: the only ones offered."""
        return self.spec.applicable_options(self.players, self.values)


Seating = Sequence[Person | Computer | None]
"""Who sits down, in seat order: a person, or a computer (None: at the default level)."""


def _seat_records(people: Seating) -> list[SeatRecord]:
    records, computers = [], 0
    for index, person in enumerate(people):
        if isinstance(person, Person):
            records.append(SeatRecord(index, person.user_id, person.name, language=person.language))
        else:
            computers += 1
            level = person.level if person is not None else None
            records.append(SeatRecord(index, None, computer_name(computers), level=level))
    return records


def _renumber(seats: Sequence[SeatRecord]) -> list[SeatRecord]:
    return [SeatRecord(i, s.user_id, s.name, level=s.level, language=s.language) for i, s in enumerate(seats)]


def _require_lobby(record: GameRecord) -> None:
    if record.status == "active":
        raise TableError(_("This game has already started."))
    if record.status != "lobby":
        raise TableError(_("This lobby is closed."))


def _require_host(record: GameRecord, user_id: int) -> None:
    host_present = any(s.user_id == record.creator_id for s in record.seats)
    first_human = next((s.user_id for s in record.seats if not s.is_computer), None)
    if user_id == record.creator_id or (not host_present and user_id == first_human):
        return
    raise NotAllowed(_("Only the host can do that."))


def seat_label(table: Table, seat: int) -> str:
    """``🟥 Red``: a seat by its colour (``seat 2`` in a game without colours)."""
    colour = table.spec.seat_colour(seat)
    mark = table.tags[seat].mark
    return f"{mark} {colour_name(colour)}".strip() if colour else _("seat {number}").format(number=seat + 1)


def open_to_newcomers(table: Table) -> bool:
    """Whether someone who never held a seat may take a computer's seat of this running game."""
    if not table.has_secrets:
        return True
    relation = table.spec.relation(len(table.record.seats), table.record.options)
    return relation in table.spec.newcomers_take_computer_seats


def _seat_to_take(table: Table, free: Sequence[SeatRecord], held: frozenset[int]) -> SeatRecord:
    """The computer seat a person joining a running game takes: a seat they held comes first, and in
    a game with hidden information it is the only one they may take (they know its secrets, and
    another seat's on top would be two seats' secrets in one head)."""
    own = [s for s in free if s.seat in held]
    if own:
        return own[0]
    if table.has_secrets and held:
        seats = _(" or ").join(f"**{seat_label(table, seat)}**" for seat in sorted(held))
        raise TableError(
            _(
                "You played {seats} in this game and know its secrets, so that is the only seat you may take "
                "back, and it isn't free now. Keep watching with `/game status`."
            ).format(seats=seats)
        )
    if not open_to_newcomers(table):
        raise TableError(
            _(
                "A running game of **{title}** takes no new players: its seats hold secrets "
                "(the game's guide says why). Watch it with `/game status`, and join the next one."
            ).format(title=table.spec.title)
        )
    if not free:
        raise TableError(_("This game is full and already running. Watch, or start your own in another channel."))
    return free[0]


class LobbyOps(TableCore):
    async def create(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        parent_channel_id: int | None,
        game_name: str,
        options: Mapping[str, Any],
        creator: Person,
        computers: int = 0,
        timing: GameTiming | None = None,
        seats: Seating | None = None,
    ) -> Outcome:
        """A new lobby. ``timing``: reminders and time limits (default: reminders after 12 h);
        ``seats``: who sits down at once (a computer: ``Computer`` or None), for a rematch."""
        loaded = self.entry(game_name)
        spec = loaded.spec
        if computers < 0 or computers >= spec.max_players:
            raise TableError(
                _("{title} seats at most {n} players, at least one of them you.").format(
                    title=spec.title, n=spec.max_players
                )
            )
        # Each option is checked now, so a typo is reported before anyone joins; checks that
        # depend on the number of players come at Start.
        checked = spec.normalise_options(options)
        chosen_timing = timing or GameTiming()
        with using(chosen_timing.language):  # a computer's name is the table's
            if seats is None:
                seated = [SeatRecord(0, creator.user_id, creator.name, language=creator.language)]
                seated += [SeatRecord(i + 1, None, computer_name(i + 1)) for i in range(computers)]
            else:
                seated = _seat_records(seats)
        seed = self._new_seed()

        def open_lobby(tx: Writer) -> int:
            game_id = tx.create_game(
                guild_id=guild_id,
                channel_id=channel_id,
                parent_channel_id=parent_channel_id,
                game_type=game_name,
                options=checked,
                seed=seed,
                creator_id=creator.user_id,
                seats=seated,
            )
            tx.set_game_timing(game_id, chosen_timing)
            opened = Table(tx.game(game_id), loaded, timing=chosen_timing)
            card = presenter.lobby_card(opened, "", chosen_timing)
            post = tx.add_post(game_id, "lobby", channel_id, card=card.digest())
            tx.enqueue(game_id, "create", post_id=post, card=card.to_json())
            return game_id

        try:
            game_id = await self._store.transaction(open_lobby)
        except ChannelBusy:
            raise TableError(
                _("This channel already has a game. Finish it, `/game abandon` it, or start one in another channel.")
            ) from None
        crash.point("committed")
        return Outcome(game_id)

    async def _lobby_change(
        self,
        table: Table,
        *,
        seats: Sequence[SeatRecord] | None = None,
        options: Mapping[str, Any] | None = None,
        status: str | None = None,
        note: str = "",
        stand_in: Level | None = None,
    ) -> Table:
        """Change a lobby's seats, options, status or take-overs' level, and its message, in one
        transaction (``note``: marked with ``N_``, shown on the lobby card in the table's language)."""
        record = table.record
        changed = self._with_record(
            table,
            seats=tuple(seats) if seats is not None else record.seats,
            options=dict(options) if options is not None else record.options,
            status=status or record.status,
        )
        lobby = table.post("lobby")

        def change(tx: Writer) -> None:
            timing = tx.game_timing(record.id)
            if stand_in is not None:
                timing = replace(timing, stand_in_level=stand_in.value)
                tx.set_game_timing(record.id, timing)
            card = presenter.lobby_card(changed, note, timing)
            tx.require_status(record.id, record.status)
            if seats is not None:
                tx.set_seats(record.id, seats)
            if options is not None:
                tx.set_options(record.id, options)
            if status is not None:
                tx.set_status(record.id, status)
            if lobby is not None and card.digest() != lobby.card:
                tx.update_post(lobby.id, card=card.digest())
                tx.enqueue(record.id, "edit", post_id=lobby.id, card=card.to_json())

        await self._store.transaction(change)
        crash.point("committed")
        return changed

    async def join(self, game_id: int, person: Person) -> Outcome:
        async with self._state_locks(game_id):
            table = await self._load(game_id)
            record = table.record
            if record.status == "active":
                return await self._take_over_computer(table, person)
            _require_lobby(record)
            if record.seat_of(person.user_id) is not None:
                raise TableError(_("You already have a seat at this table."))
            if len(record.seats) >= table.spec.max_players:
                raise TableError(_("The table is full ({n} seats).").format(n=table.spec.max_players))
            seats = _renumber([*record.seats, SeatRecord(0, person.user_id, person.name, language=person.language)])
            await self._lobby_change(table, seats=seats)
        return Outcome(game_id, _("You joined **{title}**.").format(title=table.spec.title))

    async def _take_over_computer(self, table: Table, person: Person) -> Outcome:
        record = table.record
        if record.seat_of(person.user_id) is not None:
            raise TableError(_("You are already playing in this game."))
        timings, held = await self._store.transaction(
            lambda tx: (tx.seat_timings(record.id), tx.seats_held(record.id, person.user_id))
        )
        kept_for_them = next((seat for seat, t in timings.items() if t.away_user == person.user_id), None)
        if kept_for_them is not None and record.seats[kept_for_them].is_computer:
            await self._hand_back(table, person, kept_for_them)  # /game join works as /game reclaim
            return Outcome(record.id, _("🙋 Your seat is yours again. The game pings you when it waits on you."))
        # A seat a computer keeps for an absent player stays theirs to reclaim.
        kept = {seat for seat, t in timings.items() if t.away_user is not None}
        free = [s for s in record.seats if s.is_computer and s.seat not in kept]
        computer = _seat_to_take(table, free, held)
        taken = SeatRecord(computer.seat, person.user_id, person.name, language=person.language)
        seats = tuple(taken if s.seat == computer.seat else s for s in record.seats)
        changed = self._with_record(table, seats=seats)
        name = reading_name(changed.tags[computer.seat])
        back = computer.seat in held
        with using(table.language):
            if back:
                line = _("🙋 {name} is back and plays their seat again.").format(name=name)
            else:
                line = _("{name} takes over {computer}'s seat.").format(name=name, computer=computer.name)
        state = table.state()

        def hand_over(tx: Writer) -> None:
            tx.replace_seat(record.id, taken)

        changed.away_users = table.away_users
        run = await self._computers_move(changed, Run(state, state, record.version))  # a game that waited goes on
        await self._commit(changed, run, lines=[line], first=hand_over, handed_over={computer.seat})
        return Outcome(record.id, _("🙋 Your seat is yours again.") if back else _("You took over a computer seat."))

    async def leave(self, game_id: int, person: Person, *, confirmed: bool = False) -> Outcome:
        """Leave a lobby, or hand one's seat in a running game to a computer (after a confirmation:
        ``confirmed`` False answers with the question and its buttons)."""
        async with self._state_locks(game_id):
            table = await self._load(game_id)
            record = table.record
            seat = record.seat_of(person.user_id)
            if seat is None:
                raise NotAPlayer(_("You are not seated at this table."))
            if record.status == "active":
                if not confirmed:
                    return Outcome(game_id, leave_question(table, seat))
                return await self._leave_running_game(table, seat, person)
            _require_lobby(record)
            remaining = [s for s in record.seats if s.user_id != person.user_id]
            if not any(not s.is_computer for s in remaining):
                await self._lobby_change(table, status="abandoned", note=EVERYONE_LEFT)
                return Outcome(game_id, _("You left; the lobby is closed."))
            note = HOST_LEFT if record.creator_id == person.user_id else ""
            await self._lobby_change(table, seats=_renumber(remaining), note=note)
        return Outcome(game_id, _("You left the table."))

    async def _leave_running_game(self, table: Table, seat: int, person: Person) -> Outcome:
        """A computer takes the seat; the leaver may take it back with ``/game join`` (or ``/game
        reclaim``) while a computer plays it. The game ends only when nobody is left who could play:
        with nobody seated but someone whose seat a computer keeps after missed turns, it waits."""
        record = table.record
        name = reading_name(table.tags[seat])
        state = table.state()
        away = await self._away_users(record.id)
        seated = [s for s in record.seats if s.user_id not in (None, person.user_id)]
        if not seated and not away:
            with using(table.language):
                line = _("{name} left; no players remain, so the game is abandoned.").format(name=name)
            await self._commit(table, Run(state, state, record.version), status="abandoned", lines=[line])
            return Outcome(record.id, _("You left; nobody else was playing, so the game is abandoned."))
        index = sum(1 for s in record.seats if s.is_computer) + 1
        level = table.stand_in_level(await self._store.transaction(lambda tx: tx.game_timing(record.id)))
        with using(table.language):
            stand_in = computer_name(index)
            lines = [
                _("🚪 {name} left the table; {computer} ({level}) takes over the seat.").format(
                    name=name, computer=stand_in, level=level_name(level)
                )
            ]
            if not seated:
                lines.append(f"⏸️ {_(PAUSED)}")
        replacement = SeatRecord(seat, None, stand_in, level=level.value)
        changed = self._with_record(table, seats=tuple(replacement if s.seat == seat else s for s in record.seats))
        changed.away_users = away
        run = await self._computers_move(changed, Run(state, state, record.version))

        def hand_over(tx: Writer) -> None:
            tx.replace_seat(record.id, replacement)

        await self._commit(changed, run, lines=lines, first=hand_over, handed_over={seat})
        return Outcome(
            record.id,
            _("🚪 You left; a computer plays your seat. `/game join` here takes it back while a computer plays it."),
        )

    async def add_computer(self, game_id: int, user_id: int) -> Outcome:
        async with self._state_locks(game_id):
            table = await self._load(game_id)
            record = table.record
            _require_lobby(record)
            _require_host(record, user_id)
            if len(record.seats) >= table.spec.max_players:
                raise TableError(_("The table is full ({n} seats).").format(n=table.spec.max_players))
            index = sum(1 for s in record.seats if s.is_computer) + 1
            with using(table.language):
                added = SeatRecord(0, None, computer_name(index))
            await self._lobby_change(table, seats=_renumber([*record.seats, added]))
        return Outcome(game_id, _("Added a computer player."))

    async def remove_computer(self, game_id: int, user_id: int) -> Outcome:
        async with self._state_locks(game_id):
            table = await self._load(game_id)
            record = table.record
            _require_lobby(record)
            _require_host(record, user_id)
            computers = [s for s in record.seats if s.is_computer]
            if not computers:
                raise TableError(_("There is no computer player to remove."))
            await self._lobby_change(table, seats=_renumber([s for s in record.seats if s is not computers[-1]]))
        return Outcome(game_id, _("Removed a computer player."))

    async def set_level(self, game_id: int, user_id: int, seat: int | None, level: str) -> Outcome:
        """The host picks how well a computer seat plays (``seat``), or a computer taking over a seat
        once the game runs (``seat`` None). Host only, in the lobby."""
        async with self._state_locks(game_id):
            table = await self._load(game_id)
            record = table.record
            _require_lobby(record)
            _require_host(record, user_id)
            levels = table.game.levels
            if level not in levels:
                offered = ", ".join(f"**{level_name(choice)}**" for choice in levels)
                raise TableError(
                    _("Computers play {title} at these levels: {levels}.").format(
                        title=table.spec.title, levels=offered
                    )
                )
            chosen = Level(level)
            if seat is None:
                await self._lobby_change(table, stand_in=chosen)
                return Outcome(
                    game_id, _("🤖 A computer taking over a seat plays **{level}**.").format(level=level_name(chosen))
                )
            if not 0 <= seat < len(record.seats) or not record.seats[seat].is_computer:
                raise TableError(_("That seat is not a computer's any more. Pick again from the lobby."))
            seats = [replace(s, level=chosen.value) if s.seat == seat else s for s in record.seats]
            changed = await self._lobby_change(table, seats=seats)
        return Outcome(
            game_id,
            _("{name} plays **{level}**.").format(name=reading_name(changed.tags[seat]), level=level_name(chosen)),
        )

    async def set_options(self, game_id: int, user_id: int, values: Mapping[str, str]) -> Outcome:
        """The host changes options before Start: ``values`` as submitted, by option key (yes/no as
        ``true``/``false``). All are checked before anything changes; a bad one changes nothing."""
        async with self._state_locks(game_id):
            table = await self._load(game_id)
            record = table.record
            _require_lobby(record)
            _require_host(record, user_id)
            chosen = table.spec.normalise_options({**record.options, **values})
            await self._lobby_change(table, options=chosen)
        shown = table.spec.options_text(chosen, len(record.seats))
        return Outcome(game_id, _("Options: {options}.").format(options=shown) if shown else _("Options saved."))

    async def lobby_options(self, game_id: int, user_id: int) -> LobbyOptions:
        """The game's options and their values, for the host about to change them."""
        table = await self._load(game_id)
        _require_lobby(table.record)
        _require_host(table.record, user_id)
        if not table.spec.options:
            raise TableError(_("{title} has no options.").format(title=table.spec.title))
        form = LobbyOptions(table.spec, dict(table.record.options), len(table.record.seats))
        if not form.applicable:
            raise TableError(
                _("No option of {title} applies to a table of {n}.").format(title=table.spec.title, n=form.players)
            )
        return form

    async def arrange(self, game_id: int, user_id: int, seats: Seating) -> Outcome:
        """Seat these people (None: a computer player) in this order, for front ends that decide
        the seating themselves (the terminal). Host only, in the lobby."""
        async with self._state_locks(game_id):
            table = await self._load(game_id)
            _require_lobby(table.record)
            _require_host(table.record, user_id)
            if not 1 <= len(seats) <= table.spec.max_players:
                raise RuleError(
                    _("{title} needs {players}.").format(title=table.spec.title, players=table.spec.players_text)
                )
            with using(table.language):
                seated = _seat_records(seats)
            await self._lobby_change(table, seats=seated)
        return Outcome(game_id)

    async def start(self, game_id: int, user_id: int) -> Outcome:
        async with self._state_locks(game_id):
            table = await self._load(game_id)
            record = table.record
            _require_lobby(record)
            _require_host(record, user_id)
            players = len(record.seats)
            options = table.game.options_for_start(record.options, players)
            state = table.engine.new_game(players, options, record.seed)
            started = self._with_record(table, status="active", options=options, version=0)
            lobby = table.post("lobby")
            closing = self._with_record(table, status="active")
            names = ", ".join(reading_name(tag) for tag in started.tags)

            dumped = started.engine.dump(state)

            def begin(tx: Writer) -> None:
                tx.start_game(record.id, options=options, state=dumped)
                if lobby is not None:
                    timing = tx.game_timing(record.id)
                    closed = presenter.lobby_card(closing, STARTED_BELOW, timing)
                    tx.update_post(lobby.id, card=closed.digest(), retired=1)
                    tx.enqueue(record.id, "edit", post_id=lobby.id, card=closed.to_json())

            run = await self._computers_move(started, Run(None, state, 0, origin=state))
            with using(table.language):
                begins = _("The game begins: {names}.").format(names=names)
            await self._commit(started, run, lines=[begins], start=True, first=begin)
        return Outcome(game_id, _("The game has started."))
