"""One request's view of a game: its stored record with the registered game and the seat tags."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from functools import cached_property
from typing import Any

from bot.engine import GameEngine, GameSpec, LoadedGame, Relation, SeatTag
from bot.engine.levels import Level, read_level
from bot.i18n import DEFAULT_LANGUAGE, read_language
from bot.i18n.table import _
from bot.storage import GameRecord, PostRecord, TableRecord
from bot.storage.records import GameTiming
from bot.table.errors import TableError


@dataclass
class Table:
    record: GameRecord
    game: LoadedGame
    posts: tuple[PostRecord, ...] = ()
    secrets_sent: dict[int, str] | None = None
    refusing_dms: frozenset[int] = frozenset()
    best_before: dict[str, float] | None = None
    """When a team or solo game has just ended: the best team score per variant of this game's
    earlier games on the same server (what its result is compared with)."""
    away_users: tuple[int, ...] = ()
    """When the game has just ended: players whose seats computers keep for them (they hear the end too)."""
    timing: GameTiming = field(default_factory=GameTiming)
    clocks: dict[int, tuple[int, str]] = field(default_factory=dict)
    """Seat -> (decision, due at) of the clock timers running when the game was loaded."""

    @classmethod
    def of(cls, stored: TableRecord, game: LoadedGame) -> Table:
        return cls(
            stored.game,
            game,
            stored.posts,
            dict(stored.secrets_sent),
            stored.refusing_dms,
            timing=stored.timing or GameTiming(),
            clocks=dict(stored.clocks),
        )

    @property
    def spec(self) -> GameSpec:
        return self.game.spec

    @property
    def engine(self) -> GameEngine[Any, Any, Any]:
        return self.game.engine

    @property
    def id(self) -> int:
        return self.record.id

    @cached_property
    def has_secrets(self) -> bool:
        return self.engine.has_private_information(len(self.record.seats))

    @property
    def humans(self) -> int:
        return sum(1 for seat in self.record.seats if not seat.is_computer)

    @cached_property
    def sends_dms(self) -> bool:
        """Secrets go by DM only at a table of several people. Alone with computers (or solo), the
        game moves only when that player clicks, and each click's answer shows what they learned."""
        return self.has_secrets and self.humans > 1

    @cached_property
    def tags(self) -> tuple[SeatTag, ...]:
        """Names, colours, computer players with their levels and closed DMs, for texts and boards."""
        return tuple(
            SeatTag(
                seat.seat,
                seat.name,
                self.spec.seat_colour(seat.seat),
                seat.is_computer,
                dms_closed=self.sends_dms and seat.user_id in self.refusing_dms,
                level=level.value if (level := self.level_of(seat.seat)) is not None else "",
            )
            for seat in self.record.seats
        )

    def board_tags(
        self,
        waits: Mapping[int, int | None],
        now: datetime,
        answers: Mapping[int, int | None],
        renewed: Collection[int],
    ) -> tuple[SeatTag, ...]:
        """The tags a board is drawn with after a change: each seat whose decision will time out
        carries its deadline, exactly as ``Writer.sync_turn_timers`` sets the clock (a decision
        that goes on keeps its timer; one that opened now, or whose player changed, starts anew).
        ``waits``: each seat's open decision after the change; ``answers``: seats deciding during
        another player's turn (timed out even without a turn clock), mapped to the engine's
        shorter limit in seconds, if any."""
        timing = self.timing
        tags = []
        for tag in self.tags:
            since = waits.get(tag.seat)
            timed = bool(timing.turn_clock) or tag.seat in answers
            if since is None or self.record.seats[tag.seat].is_computer or not timed:
                tags.append(tag)
                continue
            kept = self.clocks.get(tag.seat)
            if kept is not None and kept[0] == since and tag.seat not in renewed:
                deadline = datetime.fromisoformat(kept[1])
            else:
                limit = timing.turn_clock or timing.answer_within
                deadline = now + timedelta(seconds=min(limit, answers.get(tag.seat) or limit))
            tags.append(replace(tag, deadline=deadline))
        return tuple(tags)

    @property
    def relation(self) -> Relation:
        """The kind of game this table plays (or would play, if started as it is seated now)."""
        return self.spec.relation(len(self.record.seats), self.record.options)

    @property
    def default_level(self) -> Level:
        """Computer seats play ``normal``; team partners ``strong`` where the game offers it."""
        return self.game.default_level(self.relation)

    def level_of(self, seat: int) -> Level | None:
        """A computer seat's level (the default when none was chosen); None for a person's seat."""
        record = self.record.seats[seat]
        if not record.is_computer:
            return None
        return read_level(record.level, self.game.levels, self.default_level)

    def stand_in_level(self, timing: GameTiming) -> Level:
        """The level of a computer taking over a seat of this game."""
        return read_level(timing.stand_in_level, self.game.levels, self.default_level)

    @property
    def language(self) -> str:
        """The table's language: its public texts (lobby, board, prompts, results) are written in it."""
        return read_language(self.timing.language) or DEFAULT_LANGUAGE

    def reader_language(self, seat: int) -> str:
        """The language of what reaches a seat's player outside a click (a direct message)."""
        return read_language(self.record.seats[seat].language) or self.language

    def state(self) -> Any:
        if self.record.state is None:
            raise TableError(_("This game has not started yet."))
        return self.engine.load(self.record.state)

    def post(self, kind: str) -> PostRecord | None:
        return next((p for p in self.posts if p.kind == kind and not p.retired), None)

    @property
    def prompts(self) -> list[PostRecord]:
        return [p for p in self.posts if p.kind == "prompt" and not p.retired]

    def user_of(self, seat: int) -> int | None:
        return self.record.seats[seat].user_id

    @property
    def paused(self) -> bool:
        """Nobody is seated, but computers keep seats for people who may take them back: the
        computers wait for them instead of playing the game out alone."""
        return self.record.status == "active" and not self.humans and bool(self.away_users)

    @property
    def players(self) -> tuple[int, ...]:
        """Every person of the game: those seated, then those whose seats computers keep."""
        seated = tuple(s.user_id for s in self.record.seats if s.user_id is not None)
        return seated + tuple(u for u in self.away_users if u not in seated)
