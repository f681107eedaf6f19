"""The table: lobbies, seats, turns, computer players, private delivery.

Front ends (the Discord cogs, the terminal's local play) call these coroutines
with who asked and what they clicked, and send what comes back. All rule
decisions are the engine's; all persistence is the store's; this module holds
the flow between them: per-game lock, load, check, apply, commit, computer
moves, then the messages to send.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.engine import Event, GameEngine, LoadedGame, Rng, RuleError, SeatTag
from bot.games.registry import game
from bot.storage import ChannelBusy, GameRecord, SeatRecord, Store, VersionConflict
from bot.table.errors import NoGameHere, NotAllowed, NotAPlayer, NotYourTurn, StaleAction, TableError
from bot.table.locks import GameLocks
from bot.table.outcome import DirectMessage, LobbyPost, Outcome, Panel, PublicPost
from bot.table.texts import choice_for, fit, for_reading, form_for, prompt_lines

log = logging.getLogger(__name__)

BoardRenderer = Callable[[Any, Any, Sequence[SeatTag]], bytes]
COMPUTER_ACTION_LIMIT = 5_000
"""Computer seats never loop forever, even if a buggy engine keeps handing them the turn."""


@dataclass(frozen=True)
class Person:
    user_id: int
    name: str


def computer_name(index: int) -> str:
    return f"🤖 Computer {index}"


def _default_renderer(spec: Any, view: Any, seats: Sequence[SeatTag]) -> bytes:
    from render import render_png

    return render_png(spec, view, seats)


@dataclass
class _Applied:
    """The result of a run of actions (one human move plus the computer moves it triggered)."""

    before: Any
    after: Any
    version: int
    events: list[Event]


class TableService:
    def __init__(
        self,
        store: Store,
        *,
        renderer: BoardRenderer | None = _default_renderer,
        seed_source: Callable[[], int] | None = None,
        games: Callable[[str], LoadedGame] = game,
    ) -> None:
        self.store = store
        self._games = games
        self._render = renderer
        self._new_seed = seed_source or (lambda: secrets.randbits(62))
        self._state_locks = GameLocks()
        self._delivery_locks = GameLocks()

    # --- helpers ------------------------------------------------------------

    def delivery_lock(self, game_id: int) -> asyncio.Lock:
        """Front ends hold this around "ask the table, then send what it returned" for one game,
        so turn messages reach the channel in the order the moves happened."""
        return self._delivery_locks(game_id)

    def entry(self, game_name: str) -> LoadedGame:
        return self._games(game_name)

    async def _open_game(self, channel_id: int) -> GameRecord:
        record = await self.store.open_game_in_channel(channel_id)
        if record is None:
            raise NoGameHere("There is no game in this channel. Start one with `/game new`.")
        return record

    async def _game(self, game_id: int) -> GameRecord:
        record = await self.store.game(game_id)
        if record is None:
            raise NoGameHere("That game no longer exists.")
        return record

    async def open_game_id(self, channel_id: int) -> int:
        return (await self._open_game(channel_id)).id

    @staticmethod
    def _names(record: GameRecord) -> list[str]:
        return [seat.name for seat in record.seats]

    # --- lobby --------------------------------------------------------------

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
    ) -> Outcome:
        spec = self.entry(game_name).spec
        if computers < 0 or computers >= spec.max_players:
            raise TableError(f"{spec.title} seats at most {spec.max_players} players, at least one of them you.")
        # Each option is checked now, so a typo is reported before anyone joins; checks that
        # depend on the number of players come at Start.
        options = spec.normalise_options(options)
        seats = [SeatRecord(0, creator.user_id, creator.name)]
        seats += [SeatRecord(i + 1, None, computer_name(i + 1)) for i in range(computers)]
        try:
            record = await self.store.create_game(
                guild_id=guild_id,
                channel_id=channel_id,
                parent_channel_id=parent_channel_id,
                game_type=game_name,
                options=dict(options),
                seed=self._new_seed(),
                creator_id=creator.user_id,
                seats=seats,
            )
        except ChannelBusy:
            raise TableError(
                "This channel already has a game. Finish it, `/game abandon` it, or start one in another channel."
            ) from None
        return Outcome(post=self._lobby_post(record), reply=None)

    def _lobby_post(self, record: GameRecord, note: str = "") -> LobbyPost:
        engine = self.entry(record.game_type).spec
        seated = "\n".join(f"{i + 1}. {seat.name}" for i, seat in enumerate(record.seats)) or "—"
        options = engine.options_text(record.options)
        wanted = engine.players_text
        lines = [
            f"## {engine.title} — lobby",
            f"Host: **{next((s.name for s in record.seats if s.user_id == record.creator_id), 'gone')}** · {wanted}",
        ]
        if options:
            lines.append(f"Options: {options}")
        lines += [f"**Seats ({len(record.seats)}/{engine.max_players})**", seated]
        if record.status == "lobby":
            lines.append("Press **Join** to take a seat. The host presses **Start** when everyone is in.")
        if note:
            lines.append(note)
        return LobbyPost(record.id, record.channel_id, "\n".join(lines), record.status == "lobby")

    async def join(self, game_id: int, person: Person) -> Outcome:
        async with self._state_locks(game_id):
            record = await self._game(game_id)
            if record.status == "active":
                return await self._take_over_computer(record, person)
            self._require_lobby(record)
            engine = self.entry(record.game_type).spec
            if record.seat_of(person.user_id) is not None:
                raise TableError("You already have a seat at this table.")
            if len(record.seats) >= engine.max_players:
                raise TableError(f"The table is full ({engine.max_players} seats).")
            seats = self._renumber([*record.seats, SeatRecord(0, person.user_id, person.name)])
            record = await self.store.update_lobby(game_id, seats)
        return Outcome(
            post=self._lobby_post(record), reply=f"You joined **{self.entry(record.game_type).spec.title}**."
        )

    async def _take_over_computer(self, record: GameRecord, person: Person) -> Outcome:
        if record.seat_of(person.user_id) is not None:
            raise TableError("You are already playing in this game.")
        computer = next((s for s in record.seats if s.is_computer), None)
        if computer is None:
            raise TableError("This game is full and already running. Watch, or start your own in another channel.")
        record = await self.store.replace_seat(record.id, SeatRecord(computer.seat, person.user_id, person.name))
        text = f"**{person.name}** takes over {computer.name}'s seat."
        return Outcome(
            post=await self._public_post(record, self._state(record), [Event(text)]),
            reply="You took over a computer seat.",
        )

    async def leave(self, game_id: int, person: Person) -> Outcome:
        async with self._state_locks(game_id):
            record = await self._game(game_id)
            seat = record.seat_of(person.user_id)
            if seat is None:
                raise NotAPlayer("You are not seated at this table.")
            if record.status == "active":
                return await self._leave_running_game(record, seat, person)
            self._require_lobby(record)
            remaining = [s for s in record.seats if s.user_id != person.user_id]
            if not any(not s.is_computer for s in remaining):
                record = await self.store.set_status(game_id, "abandoned")
                return Outcome(
                    post=self._lobby_post(record, "Everyone left; the lobby is closed."),
                    reply="You left; the lobby is closed.",
                )
            record = await self.store.update_lobby(game_id, self._renumber(remaining))
            if record.creator_id == person.user_id:
                note = "The host left; the next player may start the game."
            else:
                note = ""
        return Outcome(post=self._lobby_post(record, note), reply="You left the table.")

    async def _leave_running_game(self, record: GameRecord, seat: int, person: Person) -> Outcome:
        humans_left = [s for s in record.seats if s.user_id not in (None, person.user_id)]
        if not humans_left:
            record = await self.store.set_status(record.id, "abandoned")
            post = await self._public_post(
                record,
                self._state(record),
                [Event(f"**{person.name}** left; no players remain, so the game is abandoned.")],
            )
            return Outcome(post=post, reply="You left; the game is abandoned.")
        index = sum(1 for s in record.seats if s.is_computer) + 1
        record = await self.store.replace_seat(record.id, SeatRecord(seat, None, computer_name(index)))
        events = [Event(f"**{person.name}** left the table; {computer_name(index)} takes over the seat.")]
        applied = await self._run_computers(record, self._state(record), events)
        record = await self._game(record.id)
        return Outcome(
            post=await self._public_post(record, applied.after, applied.events),
            reply="You left; a computer player took your seat.",
        )

    async def add_computer(self, game_id: int, user_id: int) -> Outcome:
        async with self._state_locks(game_id):
            record = await self._game(game_id)
            self._require_lobby(record)
            self._require_host(record, user_id)
            engine = self.entry(record.game_type).spec
            if len(record.seats) >= engine.max_players:
                raise TableError(f"The table is full ({engine.max_players} seats).")
            index = sum(1 for s in record.seats if s.is_computer) + 1
            seats = self._renumber([*record.seats, SeatRecord(0, None, computer_name(index))])
            record = await self.store.update_lobby(game_id, seats)
        return Outcome(post=self._lobby_post(record), reply="Added a computer player.")

    async def remove_computer(self, game_id: int, user_id: int) -> Outcome:
        async with self._state_locks(game_id):
            record = await self._game(game_id)
            self._require_lobby(record)
            self._require_host(record, user_id)
            computers = [s for s in record.seats if s.is_computer]
            if not computers:
                raise TableError("There is no computer player to remove.")
            seats = [s for s in record.seats if s is not computers[-1]]
            record = await self.store.update_lobby(game_id, self._renumber(seats))
        return Outcome(post=self._lobby_post(record), reply="Removed a computer player.")

    async def start(self, game_id: int, user_id: int) -> Outcome:
        async with self._state_locks(game_id):
            record = await self._game(game_id)
            self._require_lobby(record)
            self._require_host(record, user_id)
            loaded = self.entry(record.game_type)
            engine = loaded.engine
            players = len(record.seats)
            options = loaded.options_for_start(record.options, players)
            state = engine.new_game(players, options, record.seed)
            record = await self.store.start_game(game_id, seats=record.seats, options=options, state=engine.dump(state))
            start_events = [Event(f"The game begins: {', '.join(s.name for s in record.seats)}.")]
            applied = await self._run_computers(record, state, start_events, before=None)
            record = await self._game(game_id)
        post = await self._public_post(record, applied.after, applied.events)
        direct = self._welcome_messages(record, applied.after, applied.events)
        return Outcome(
            post=post,
            direct=direct,
            lobby_closed=self._lobby_post(record, "The game has started below."),
            reply="The game has started.",
        )

    def _welcome_messages(self, record: GameRecord, state: Any, events: Sequence[Event]) -> tuple[DirectMessage, ...]:
        engine = self.entry(record.game_type).engine
        if not engine.has_private_information(len(record.seats)):
            return ()
        names = self._names(record)
        messages = []
        for seat in record.seats:
            if seat.is_computer:
                continue
            view = engine.seat_view(state, seat.seat)
            parts = [
                f"**{engine.spec.title}** has started. You play seat {seat.seat + 1}. "
                "Your private information arrives here whenever it changes."
            ]
            # The full summary, not the start's private events: it says the same and a bit more.
            secret = engine.private_text(view)
            if secret:
                parts.append(for_reading(secret, names))
            messages.append(
                DirectMessage(
                    seat.user_id,
                    record.id,
                    record.channel_id,
                    fit("\n".join(parts)),
                    self._dm_panel(record, state, seat.seat),
                )
            )
        return tuple(messages)

    @staticmethod
    def _renumber(seats: Sequence[SeatRecord]) -> list[SeatRecord]:
        return [SeatRecord(i, s.user_id, s.name) for i, s in enumerate(seats)]

    @staticmethod
    def _require_lobby(record: GameRecord) -> None:
        if record.status == "active":
            raise TableError("This game has already started.")
        if record.status != "lobby":
            raise TableError("This lobby is closed.")

    @staticmethod
    def _require_host(record: GameRecord, user_id: int) -> None:
        host_present = any(s.user_id == record.creator_id for s in record.seats)
        first_human = next((s.user_id for s in record.seats if not s.is_computer), None)
        if user_id == record.creator_id or (not host_present and user_id == first_human):
            return
        raise NotAllowed("Only the host can do that.")

    # --- play ---------------------------------------------------------------

    def _state(self, record: GameRecord) -> Any:
        if record.state is None:
            raise TableError("This game has not started yet.")
        return self.entry(record.game_type).engine.load(record.state)

    async def act(self, game_id: int, user_id: int, version: int, action: str) -> Outcome:
        """A player's click or choice, from a message of state ``version``."""
        return await self._act(game_id, user_id, version, lambda engine, state, seat: action)

    async def submit_form(
        self, game_id: int, user_id: int, version: int, form_key: str, values: Mapping[str, str]
    ) -> Outcome:
        return await self._act(
            game_id, user_id, version, lambda engine, state, seat: engine.form_action(state, seat, form_key, values)
        )

    async def _act(
        self, game_id: int, user_id: int, version: int, build: Callable[[GameEngine, Any, int], str]
    ) -> Outcome:
        async with self._state_locks(game_id):
            record = await self._game(game_id)
            engine = self.entry(record.game_type).engine
            if record.status != "active":
                raise TableError(
                    "This game is over."
                    if record.status in ("finished", "abandoned")
                    else "This game has not started yet."
                )
            seat = record.seat_of(user_id)
            if seat is None:
                raise NotAPlayer("You are not playing in this game. Start your own with `/game new`.")
            if version != record.version:
                raise StaleAction(
                    "That button is from an earlier turn, so nothing happened. Use the newest message.",
                    game_id,
                    user_id,
                )
            state = self._state(record)
            if seat not in engine.current_seats(state):
                raise NotYourTurn(self._waiting_text(record, engine, state))
            try:
                action = build(engine, state, seat)
                transition = engine.apply(state, seat, action)
            except RuleError as error:
                raise RuleError(for_reading(str(error), self._names(record))) from None
            version = await self._commit(record, engine, seat, user_id, action, transition)
            applied = await self._run_computers(
                replace(record, version=version), transition.state, list(transition.events), before=state
            )
            record = await self._game(game_id)
        post = await self._public_post(record, applied.after, applied.events)
        direct = self._private_deliveries(record, applied, actor=seat)
        reply = self._panel(record, applied.after, seat) if record.status == "active" else None
        if reply is not None and not reply.has_decision:
            reply = None
        return Outcome(post=post, direct=direct, reply=reply or "Done.")

    async def _commit(
        self, record: GameRecord, engine: GameEngine, seat: int, user_id: int | None, action: str, transition
    ) -> int:
        try:
            return await self.store.commit_action(
                record.id,
                expected_version=record.version,
                seat=seat,
                user_id=user_id,
                action=action,
                state=engine.dump(transition.state),
                public_events=[e.text for e in transition.events if e.public],
                finished=engine.is_terminal(transition.state),
            )
        except VersionConflict:
            raise StaleAction(
                "Someone else moved first; nothing happened. Use the newest message.", record.id, user_id or 0
            ) from None

    async def _run_computers(self, record: GameRecord, state: Any, events: list[Event], before: Any = None) -> _Applied:
        engine = self.entry(record.game_type).engine
        computer = self.entry(record.game_type).computer
        computer_seats = {s.seat for s in record.seats if s.is_computer}
        version = record.version
        for _ in range(COMPUTER_ACTION_LIMIT):
            if engine.is_terminal(state):
                break
            to_act = [s for s in engine.current_seats(state) if s in computer_seats]
            if not to_act:
                break
            seat = to_act[0]
            rng = Rng.from_seed(record.seed, "computer", version, seat)
            view = engine.seat_view(state, seat)
            choices = engine.legal_actions(state, seat)
            action = computer.choose(view, choices, rng)
            try:
                transition = engine.apply(state, seat, action)
            except RuleError:
                log.exception("computer player chose an illegal action in game %s; taking its first choice", record.id)
                action = choices[0].action
                transition = engine.apply(state, seat, action)
            version = await self._commit(replace(record, version=version), engine, seat, None, action, transition)
            state = transition.state
            events.extend(transition.events)
        return _Applied(before=before, after=state, version=version, events=events)

    def _waiting_text(self, record: GameRecord, engine: GameEngine, state: Any) -> str:
        names = self._names(record)
        waiting = ", ".join(f"**{names[s]}**" for s in engine.current_seats(state))
        return f"It's not your turn. Waiting for {waiting}." if waiting else "Nobody can move now."

    # --- what to show ---------------------------------------------------------

    def _panel(self, record: GameRecord, state: Any, seat: int, *, with_secrets: bool = True) -> Panel:
        engine = self.entry(record.game_type).engine
        names = self._names(record)
        view = engine.seat_view(state, seat)
        parts = []
        acting = not engine.is_terminal(state) and seat in engine.current_seats(state)
        if acting:
            parts.append(prompt_lines(for_reading(engine.prompt_text(view), names)))
        secret = engine.private_text(view) if with_secrets else ""
        if secret:
            parts.append(for_reading(secret, names))
        if not acting:
            parts.append(
                self._waiting_text(record, engine, state) if not engine.is_terminal(state) else "The game is over."
            )
        choices = tuple(choice_for(c, names) for c in engine.legal_actions(state, seat)) if acting else ()
        forms = tuple(form_for(f, names) for f in engine.forms(state, seat)) if acting else ()
        return Panel(record.id, record.version, seat, fit("\n".join(parts)), choices, forms)

    def _dm_panel(self, record: GameRecord, state: Any, seat: int) -> Panel | None:
        """A decision worth sending by DM: the seat must act and some of its choices are private.

        The DM's own text already carries the secrets, so the panel only asks the question.
        """
        engine = self.entry(record.game_type).engine
        if engine.is_terminal(state) or seat not in engine.current_seats(state):
            return None
        choices = engine.legal_actions(state, seat)
        if engine.forms(state, seat) or any(not c.public for c in choices):
            return self._panel(record, state, seat, with_secrets=False)
        return None

    async def panel(self, game_id: int, user_id: int) -> Panel:
        """The clicker's own panel: their decision (if any) and their private information."""
        record = await self._game(game_id)
        seat = record.seat_of(user_id)
        if seat is None:
            raise NotAPlayer("You are not playing in this game.")
        if record.status == "lobby":
            raise TableError("The game has not started yet.")
        return self._panel(record, self._state(record), seat)

    async def panel_in_channel(self, channel_id: int, user_id: int) -> Panel:
        record = await self.store.open_game_in_channel(channel_id)
        if record is None:
            raise NoGameHere("There is no game in this channel.")
        return await self.panel(record.id, user_id)

    async def private_info(self, game_id: int, user_id: int) -> str:
        record = await self._game(game_id)
        seat = record.seat_of(user_id)
        if seat is None:
            raise NotAPlayer("You are not playing in this game, so you have no private information here.")
        if record.state is None:
            raise TableError("The game has not started yet.")
        engine = self.entry(record.game_type).engine
        text = engine.private_text(engine.seat_view(self._state(record), seat))
        return for_reading(text, self._names(record)) if text else "You hold no secrets right now."

    def _private_deliveries(
        self, record: GameRecord, applied: _Applied, actor: int | None = None
    ) -> tuple[DirectMessage, ...]:
        """What each player learns privately from a run of moves.

        The player who just moved sees their next decision in the reply to their click,
        so only the others get their decisions by DM.
        """
        engine = self.entry(record.game_type).engine
        names = self._names(record)
        messages = []
        for seat in record.seats:
            if seat.is_computer:
                continue
            lines = [for_reading(e.text, names) for e in applied.events if e.seats and seat.seat in e.seats]
            after = engine.private_text(engine.seat_view(applied.after, seat.seat))
            before = (
                engine.private_text(engine.seat_view(applied.before, seat.seat)) if applied.before is not None else ""
            )
            # Private events already say what changed; the whole summary is sent only when a
            # secret changed without one (and is always one click away on the 🔒 button).
            if not lines and after != before and after:
                lines.append(for_reading(after, names))
            panel = self._dm_panel(record, applied.after, seat.seat) if seat.seat != actor else None
            if panel is not None and not lines and after:
                # A decision with no news: the player still needs their secrets to decide.
                lines.append(for_reading(after, names))
            if lines or panel is not None:
                messages.append(DirectMessage(seat.user_id, record.id, record.channel_id, fit("\n".join(lines)), panel))
        return tuple(messages)

    async def _public_post(
        self, record: GameRecord, state: Any, events: Sequence[Event], *, header: str = ""
    ) -> PublicPost:
        engine = self.entry(record.game_type).engine
        names = self._names(record)
        public = engine.public_view(state)
        lines = [header] if header else []
        lines += [for_reading(e.text, names) for e in events if e.public]
        if lines:
            lines.append("")
        if not engine.is_terminal(state):
            lines.append(for_reading(engine.status_text(public), names))
        mentions: list[int] = []
        choices: list = []
        play_button = False
        finished = engine.is_terminal(state) or record.status in ("finished", "abandoned")
        if engine.is_terminal(state):
            lines.append(for_reading(engine.results(state).text, names))
        elif record.status == "active":
            acting = engine.current_seats(state)
            humans = [s for s in acting if not record.seats[s].is_computer]
            mentions = [record.seats[s].user_id for s in humans]
            if acting:
                who = ", ".join(f"<@{record.seats[s].user_id}>" if s in humans else f"**{names[s]}**" for s in acting)
                lines.append(f"➡️ **Your move:** {who}")
            seen: set[str] = set()
            for seat in humans:
                for choice in engine.legal_actions(state, seat):
                    if choice.public and choice.action not in seen:
                        seen.add(choice.action)
                        choices.append(choice_for(choice, names))
                    elif not choice.public:
                        play_button = True
                if engine.forms(state, seat):
                    play_button = True
        # Names are public; renderers may label players with them instead of seat colours.
        png = await self._board(record.game_type, public, self._tags(record))
        return PublicPost(
            game_id=record.id,
            version=record.version,
            channel_id=record.channel_id,
            text=fit("\n".join(lines)),
            mention_ids=tuple(mentions),
            board_png=png,
            board_filename=f"{record.game_type}-{record.id}-{record.version}.png",
            choices=tuple(choices),
            play_button=play_button,
            private_button=not finished and engine.has_private_information(len(record.seats)),
            finished=finished,
        )

    def _tags(self, record: GameRecord) -> tuple[SeatTag, ...]:
        spec = self.entry(record.game_type).spec
        return tuple(SeatTag(s.seat, s.name, spec.seat_colour(s.seat), s.is_computer) for s in record.seats)

    async def _board(self, game_name: str, public_view: Any, seats: Sequence[SeatTag]) -> bytes | None:
        if self._render is None:
            return None
        # Drawing and PNG encoding take tens of milliseconds: keep them off the event loop.
        try:
            return await asyncio.to_thread(self._render, self.entry(game_name).spec, public_view, seats)
        except Exception:
            # The move is already committed; a turn message without a board beats no turn message.
            log.exception("rendering the %s board failed; posting without it", game_name)
            return None

    # --- commands -------------------------------------------------------------

    async def _newest_game(self, channel_id: int) -> GameRecord:
        """The channel's open game, or else its last finished one: a channel's open game is
        always its newest, since a new game can only start once the previous one closed."""
        record = await self.store.latest_game_in_channel(channel_id)
        if record is None:
            raise NoGameHere("There is no game in this channel. Start one with `/game new`.")
        return record

    async def status(self, channel_id: int) -> Outcome:
        record = await self._newest_game(channel_id)
        if record.status == "lobby":
            return Outcome(post=self._lobby_post(record))
        if record.state is None:
            raise NoGameHere("The last game here never started.")
        return Outcome(post=await self._public_post(record, self._state(record), []))

    async def recent_events(self, channel_id: int, limit: int = 15) -> str:
        record = await self._newest_game(channel_id)
        names = self._names(record)
        lines: list[str] = []
        for action in await self.store.recent_actions(record.id, limit):
            lines += [f"`{action.version:>4}` {for_reading(text, names)}" for text in action.events]
        if not lines:
            return "Nothing has happened yet."
        return fit("\n".join(lines), 1900)

    async def abandon(self, channel_id: int, user_id: int, *, can_manage_guild: bool) -> Outcome:
        record = await self._open_game(channel_id)
        async with self._state_locks(record.id):
            record = await self._game(record.id)
            if record.status not in ("lobby", "active"):
                raise TableError("This game is already over.")
            humans = record.human_ids
            if user_id == record.creator_id or can_manage_guild:
                reason = "by its host" if user_id == record.creator_id else "by a server manager"
            elif user_id in humans:
                votes = await self.store.add_abandon_vote(record.id, user_id)
                votes &= set(humans)
                needed = len(humans) // 2 + 1
                if len(votes) < needed:
                    return Outcome(
                        reply=f"Your vote to abandon is counted ({len(votes)} of {needed} needed). "
                        "Other players can vote with `/game abandon` too."
                    )
                reason = "by a majority of its players"
            else:
                raise NotAllowed(
                    "Only the host, a player (by majority vote) or someone with Manage Server can abandon a game."
                )
            record = await self.store.set_status(record.id, "abandoned")
        text = f"The game was abandoned {reason}."
        if record.state is None:
            return Outcome(post=self._lobby_post(record, text), reply="Abandoned.")
        post = await self._public_post(record, self._state(record), [], header=f"🏳️ {text}")
        return Outcome(post=post, reply="Abandoned.")

    async def resume_all(self) -> list[Outcome]:
        """After a restart: let computer seats finish any moves a crash interrupted."""
        outcomes = []
        for game_id in await self.store.game_ids(status=["active"]):
            async with self._state_locks(game_id):
                record = await self._game(game_id)
                if record.status != "active":
                    continue
                state = self._state(record)
                applied = await self._run_computers(record, state, [], before=state)
                if applied.version == record.version:
                    continue
                record = await self._game(record.id)
            outcomes.append(
                Outcome(
                    post=await self._public_post(record, applied.after, applied.events),
                    direct=self._private_deliveries(record, applied),
                )
            )
        return outcomes
