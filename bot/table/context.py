"""One request's view of a game: its stored record with the registered game and the seat tags."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from bot.engine import GameEngine, GameSpec, LoadedGame, SeatTag
from bot.storage import GameRecord, PostRecord, TableRecord
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

    @classmethod
    def of(cls, stored: TableRecord, game: LoadedGame) -> Table:
        return cls(stored.game, game, stored.posts, dict(stored.secrets_sent), stored.refusing_dms)

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
        """Names, colours, computer players and closed DMs, for texts and boards."""
        return tuple(
            SeatTag(
                seat.seat,
                seat.name,
                self.spec.seat_colour(seat.seat),
                seat.is_computer,
                dms_closed=self.sends_dms and seat.user_id in self.refusing_dms,
            )
            for seat in self.record.seats
        )

    def state(self) -> Any:
        if self.record.state is None:
            raise TableError("This game has not started yet.")
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
