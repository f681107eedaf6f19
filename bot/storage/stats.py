"""Statistics from the results of finished games, for all three kinds of game.

* competitive: games played and won by the player (a shared first place counts as a win),
  best own score;
* cooperative and solo: games played and won by the team, best team score
  (the player's own share of a team game is the team's result).

Lines are per game type, relation and variant: scores of different variants are not comparable.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import aiosqlite

from bot.storage.records import StatLine


def _line(row: aiosqlite.Row) -> StatLine:
    best = row[5]
    return StatLine(
        str(row[0]), str(row[1]), str(row[2]), int(row[3]), int(row[4] or 0), None if best is None else float(best)
    )


_BEST = "MAX(CASE WHEN r.relation = 'competitive' THEN p.score ELSE r.team_score END)"


async def player_stats(db: aiosqlite.Connection, user_id: int, guild_id: int | None) -> list[StatLine]:
    """What one player did: their games, won, best score."""
    where = "p.user_id = ?" + (" AND r.guild_id = ?" if guild_id is not None else "")
    parameters: tuple[int, ...] = (user_id,) if guild_id is None else (user_id, guild_id)
    sql = (
        f"SELECT r.game_type, r.relation, r.variant, COUNT(*), SUM(p.won), {_BEST} "
        "FROM result_players p JOIN results r ON r.game_id = p.game_id "
        f"WHERE {where} GROUP BY r.game_type, r.relation, r.variant ORDER BY r.game_type, r.relation, r.variant"
    )
    async with db.execute(sql, parameters) as cursor:
        return [_line(row) async for row in cursor]


async def server_stats(db: aiosqlite.Connection, guild_id: int | None) -> list[StatLine]:
    """What a server played: games finished; ``won`` counts team wins in team games and games
    a human won in competitive ones."""
    sql = (
        "SELECT r.game_type, r.relation, r.variant, COUNT(*), "
        "SUM(CASE WHEN r.relation = 'competitive' THEN (SELECT COUNT(*) > 0 FROM result_players p "
        "WHERE p.game_id = r.game_id AND p.won AND p.user_id IS NOT NULL) ELSE r.team_won END), "
        "MAX(r.team_score) FROM results r WHERE r.guild_id IS ? "
        "GROUP BY r.game_type, r.relation, r.variant ORDER BY r.game_type, r.relation, r.variant"
    )
    async with db.execute(sql, (guild_id,)) as cursor:
        return [_line(row) async for row in cursor]


# --- a server's summary (issue 13): game lengths and most active players ----------------------
# Run through ``Writer.rows`` (plain SQL, no SQLite-only functions), so they work on both stores.

Rows = Callable[[str, Sequence[Any]], list[tuple[Any, ...]]]


@dataclass(frozen=True)
class GameLengths:
    game_type: str
    played: int
    average_moves: float
    average_hours: float


@dataclass(frozen=True)
class ServerSummary:
    lengths: tuple[GameLengths, ...]
    active_players: tuple[tuple[int, int], ...]
    """(user id, finished games) of the most active players, most first."""
    endings: tuple[tuple[str, str, int], ...] = ()
    """(game type, ending key, finished games) for every ending a game of this server reached."""


def _hours(start: str, end: str | None) -> float:
    if not end:
        return 0.0
    return max((datetime.fromisoformat(end) - datetime.fromisoformat(start)).total_seconds() / 3600, 0.0)


def server_summary(rows: Rows, guild_id: int | None, *, top: int = 5) -> ServerSummary:
    finished = rows(
        "SELECT r.game_type, g.created_at, r.finished_at, "
        "(SELECT COUNT(*) FROM actions AS a WHERE a.game_id = r.game_id AND a.undone = 0) "
        "FROM results AS r JOIN games AS g ON g.id = r.game_id WHERE r.guild_id IS NOT DISTINCT FROM ?",
        (guild_id,),
    )
    by_type: dict[str, list[tuple[int, float]]] = {}
    for game_type, created, ended, moves in finished:
        by_type.setdefault(str(game_type), []).append((int(moves), _hours(str(created), ended)))
    lengths = tuple(
        GameLengths(name, len(games), sum(m for m, _ in games) / len(games), sum(h for _, h in games) / len(games))
        for name, games in sorted(by_type.items())
    )
    active = rows(
        "SELECT p.user_id, COUNT(*) FROM result_players AS p JOIN results AS r ON r.game_id = p.game_id "
        "WHERE r.guild_id IS NOT DISTINCT FROM ? AND p.user_id IS NOT NULL "
        "GROUP BY p.user_id ORDER BY COUNT(*) DESC, p.user_id LIMIT ?",
        (guild_id, top),
    )
    endings = rows(
        "SELECT r.game_type, r.ending, COUNT(*) FROM results AS r "
        "WHERE r.guild_id IS NOT DISTINCT FROM ? AND r.ending <> '' "
        "GROUP BY r.game_type, r.ending ORDER BY r.game_type, COUNT(*) DESC, r.ending",
        (guild_id,),
    )
    return ServerSummary(
        lengths,
        tuple((int(user), int(count)) for user, count in active),
        tuple((str(game), str(ending), int(count)) for game, ending, count in endings),
    )
