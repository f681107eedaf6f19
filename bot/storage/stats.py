"""Statistics from the results of finished games, for all three kinds of game.

* competitive: games played and won by the player (a shared first place counts as a win),
  best own score;
* cooperative and solo: games played and won by the team, best team score
  (the player's own share of a team game is the team's result).

Lines are per game type, relation and variant: scores of different variants are not comparable.
"""

from __future__ import annotations

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
