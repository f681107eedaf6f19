"""A game's history: replaying its action log, exporting it, undo, the after-game reveal, rematch.

The action log and the seed stored with every game rebuild any state exactly (engines are
deterministic from the seed in their state). A taken-back action stays in the log, marked
``undone``; replays skip it (only the newest action can be taken back, and only when it showed
nobody anything, so skipping it reproduces the game).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TextIO

from bot.engine import Event, GameEngine, LoadedGame
from bot.engine.base import seat_tokens
from bot.i18n import N_, using
from bot.i18n.table import _
from bot.storage.records import LoggedAction
from bot.table import presenter
from bot.table.cards import Outcome, Panel
from bot.table.context import Table
from bot.table.core import Computer, Person
from bot.table.errors import NotAPlayer, StaleAction, TableError
from bot.table.lobby import LobbyOps
from bot.table.play import Run, Step
from bot.table.replay_gif import TooBig, draw_replay
from bot.table.texts import fit, for_reading, reading_name

EXPORT_FORMAT = "discord-game-master/replay"
EXPORT_VERSION = 1

STATUS_WORDS = {"lobby": N_("lobby"), "active": N_("active"), "finished": N_("finished"), "abandoned": N_("abandoned")}
"""A game's stored status as the replay's log names it."""


def state_digest(engine: GameEngine[Any, Any, Any], state: Any) -> str:
    """A fingerprint of a whole state (hidden parts and the RNG included)."""
    text = json.dumps(engine.dump(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def replay(
    engine: GameEngine[Any, Any, Any],
    players: int,
    options: Mapping[str, Any],
    seed: int,
    actions: Iterable[tuple[int, str]],
) -> Iterator[tuple[Any, list[Event]]]:
    """Every state of a game from its start, with the events that led to it."""
    state = engine.new_game(players, options, seed)
    yield state, []
    for seat, action in actions:
        transition = engine.apply(state, seat, action)
        state = transition.state
        yield state, transition.events


def final_state(
    engine: GameEngine[Any, Any, Any],
    players: int,
    options: Mapping[str, Any],
    seed: int,
    actions: Iterable[tuple[int, str]],
) -> Any:
    last = None
    for state, _events in replay(engine, players, options, seed, actions):
        last = state
    return last


def _start(table: Table) -> tuple[int, Mapping[str, Any], int]:
    record = table.record
    return len(record.seats), record.options, record.seed


def played(log: Sequence[LoggedAction]) -> list[tuple[int, str]]:
    return [(a.seat, a.action) for a in log if not a.undone]


@dataclass(frozen=True)
class Export:
    filename: str
    data: bytes


@dataclass(frozen=True)
class Replay:
    filename: str
    gif: bytes
    log_name: str
    log: bytes
    frames: int
    finished: bool
    steps: int = 0
    """Moves in the game (the GIF shows every one that changed the board, up to ``MAX_FRAMES``)."""


class HistoryOps(LobbyOps):
    async def _log(self, game_id: int) -> list[LoggedAction]:
        return await self._store.transaction(lambda tx: tx.action_log(game_id))

    # --- export and replay ------------------------------------------------------------------------

    async def export(self, channel_id: int) -> Export:
        """The channel's last game as JSON (seed, options, actions): ``python -m bot.local --replay``."""
        table = await self._latest(channel_id)
        record = table.record
        if record.status == "active":
            raise TableError(_("A game is exported once it is over: its seed would reveal every hidden card and die."))
        if record.state is None:
            raise TableError(_("That game never started, so there is nothing to export."))
        log = await self._log(record.id)
        data = {
            "format": EXPORT_FORMAT,
            "format_version": EXPORT_VERSION,
            "game": record.game_type,
            "title": table.spec.title,
            "status": record.status,
            "players": len(record.seats),
            "seed": record.seed,
            "options": record.options,
            "seats": [{"seat": s.seat, "name": s.name, "computer": s.is_computer} for s in record.seats],
            "actions": [{"seat": a.seat, "action": a.action} for a in log if not a.undone],
            "final_version": record.version,
            "final_state_sha256": state_digest(table.engine, table.state()),
        }
        text = json.dumps(data, ensure_ascii=False, indent=1)
        return Export(f"{record.game_type}-{record.id}.json", text.encode("utf-8"))

    async def replay(self, channel_id: int) -> Replay:
        """The channel's game rebuilt from its log: an animated GIF of the public boards and a text log."""
        table = await self._latest(channel_id)
        record = table.record
        if record.state is None:
            raise TableError(_("That game never started, so there is nothing to replay."))
        log = await self._log(record.id)
        try:
            drawn = await asyncio.to_thread(draw_replay, table, replay(table.engine, *_start(table), played(log)), log)
        except TooBig:
            raise TableError(_("This game's boards don't fit in one upload even at a small size.")) from None
        status = _(STATUS_WORDS[record.status]) if record.status in STATUS_WORDS else record.status
        header = _("{title} · game {number} · {status}").format(title=table.spec.title, number=record.id, status=status)
        text = "\n".join([header, *drawn.lines, ""]).encode("utf-8")
        name = f"{record.game_type}-{record.id}"
        return Replay(
            f"{name}-replay.gif",
            drawn.gif,
            f"{name}-log.txt",
            text,
            drawn.frames,
            record.status != "active",
            drawn.steps,
        )

    async def reveal(self, channel_id: int) -> str:
        """What was hidden in the channel's finished game, when its rules let it be shown."""
        table = await self._latest(channel_id)
        record = table.record
        if record.status == "active" or record.state is None:
            raise TableError(_("Hidden information is revealed only after the game is over."))
        text = table.engine.reveal_text(table.state())
        title = table.spec.title
        if not text:
            return _("**{title}** keeps nothing hidden to reveal after the game (or its rules don't show it).").format(
                title=title
            )
        heading = _("🔎 **{title}**: what was hidden").format(title=title)
        return fit(f"{heading}\n{for_reading(text, table.tags)}")

    async def _latest(self, channel_id: int) -> Table:
        record = await self._store.latest_game_in_channel(channel_id)
        if record is None:
            raise TableError(_("There is no game in this channel yet."))
        return await self._load(record.id)

    # --- undo -------------------------------------------------------------------------------------

    async def undo(self, game_id: int, user_id: int, version: int | None = None) -> Outcome:
        """Take back the asker's last move: only while it revealed nothing and nobody moved since
        (Board Game Arena's rule). Everyone sees on the board that it happened."""
        async with self._state_locks(game_id):
            table = await self._load(game_id)
            record = table.record
            if record.status != "active":
                raise TableError(_("This game is over: its moves stand."))
            seat = record.seat_of(user_id)
            if seat is None:
                raise NotAPlayer(_("You are not playing in this game."))
            log = await self._log(game_id)
            live = [a for a in log if not a.undone]
            last = live[-1] if live else None
            if version is not None and (last is None or last.version != version):
                raise StaleAction(
                    _("That move can't be taken back any more: something happened since."), game_id, user_id
                )
            if last is None or last.version != record.version or last.user_id != user_id:
                raise TableError(_("Only your own last move can be taken back, and only while nobody has moved since."))
            if not last.undoable:
                raise TableError(_("That move can't be taken back: it showed something new (a die, a card, a tile)."))
            engine = table.engine
            before = final_state(engine, len(record.seats), record.options, record.seed, played(live[:-1]))
            run = Run(table.state(), before, record.version)
            run.steps.append(Step(seat, user_id, "undo", (), record.version + 1, logged=False))
            with using(table.language):
                line = _("↩️ {name} took back their last move.").format(name=reading_name(table.tags[seat]))
            after = await self._commit(table, run, lines=[line], first=lambda tx: tx.mark_undone(game_id, last.version))
        return Outcome(game_id, presenter.panel(after, before, seat))

    def with_undo(self, panel: Panel | None, run: Run) -> Panel | None:
        """The mover's next panel offers "↩️ Undo" while their move may be taken back."""
        if panel is None or not run.undoable:
            return panel
        return replace(panel, extras=("undo", *panel.extras))

    # --- rematch ----------------------------------------------------------------------------------

    async def rematch(self, game_id: int, person: Person) -> Outcome:
        """A new lobby in the same channel or thread: the same players, options and time settings."""
        table = await self._load(game_id)
        record = table.record
        if record.status not in ("finished", "abandoned"):
            raise TableError(_("A rematch starts once this game is over."))
        timings = await self._store.transaction(lambda tx: (tx.seat_timings(game_id), tx.game_timing(game_id)))
        away = {seat: t for seat, t in timings[0].items() if t.away_user is not None}
        people: list[Person | Computer | None] = []
        for seat in record.seats:
            back = away.get(seat.seat)
            if back is not None and back.away_user is not None:
                people.append(Person(back.away_user, back.away_name or seat.name))
            else:
                people.append(
                    Person(seat.user_id, seat.name, seat.language) if seat.user_id is not None else Computer(seat.level)
                )
        if all(not isinstance(p, Person) or p.user_id != person.user_id for p in people):
            raise NotAPlayer(_("Only the players of this game can start its rematch."))
        people = [person if isinstance(p, Person) and p.user_id == person.user_id else p for p in people]
        # The asker hosts; the others keep their seats and may leave the lobby if they don't want to play.
        options = {k: v for k, v in record.options.items() if k in {o.key for o in table.spec.options}}
        outcome = await self.create(
            guild_id=record.guild_id,
            channel_id=record.channel_id,
            parent_channel_id=record.parent_channel_id,
            game_name=record.game_type,
            options=options,
            creator=person,
            timing=timings[1],
            seats=people,
        )
        return Outcome(outcome.game_id, _("🔁 The rematch lobby is open below: the host presses **Start**."))


# --- replaying an export (``python -m bot.local --replay FILE``) ------------------------------------


def replay_export(data: Mapping[str, Any], games: Callable[[str], LoadedGame]) -> tuple[Any, list[str], bool]:
    """The final state of an exported game, its public log, and whether the state is exactly the one
    the export recorded."""
    if data.get("format") != EXPORT_FORMAT:
        raise ValueError("this file is not a game exported with /game export")
    loaded = games(str(data["game"]))
    engine = loaded.engine
    names = [str(s["name"]) for s in data["seats"]]
    actions = [(int(a["seat"]), str(a["action"])) for a in data["actions"]]
    lines: list[str] = []
    last = None
    for state, events in replay(engine, int(data["players"]), data["options"], int(data["seed"]), actions):
        lines += [seat_tokens(e.text, names) for e in events if e.public]
        last = state
    return last, lines, state_digest(engine, last) == data.get("final_state_sha256")


def replay_export_file(path: Path, games: Callable[[str], LoadedGame], out: TextIO) -> int:
    """Replay an export and print its public log, its result and whether the final state matches."""
    data = json.loads(path.read_text(encoding="utf-8"))
    state, lines, same = replay_export(data, games)
    engine = games(str(data["game"])).engine
    names = [str(s["name"]) for s in data["seats"]]
    print(f"{data.get('title', data['game'])} · seed {data['seed']} · {len(data['actions'])} actions", file=out)
    for line in lines:
        print(f"  {line}", file=out)
    if engine.is_terminal(state):
        print(seat_tokens(engine.results(state).text, names), file=out)
    if same:
        print("✓ The final state is exactly the exported game's.", file=out)
        return 0
    print("✗ The final state differs from the exported game's.", file=out)
    return 1
