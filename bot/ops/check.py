"""``python -m bot check``: is every stored game sound?

The strongest check the design allows: every game's action log, replayed from
its seed through the game's engine, must give exactly the state stored beside
it, and the log must hold every version from 1 to the game's version. Also
runs SQLite's integrity check. Reads the file only (``mode=ro``).
"""

from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.engine import LoadedGame, RuleError
from bot.ops.database import integrity_problems, open_read_only


@dataclass
class GameProblem:
    game_id: int
    game_type: str
    text: str


@dataclass
class CheckReport:
    integrity: list[str] = field(default_factory=list)
    checked: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    problems: list[GameProblem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.integrity and not self.problems

    def lines(self) -> list[str]:
        lines = [f"integrity: {'ok' if not self.integrity else '; '.join(self.integrity[:5])}"]
        bad: dict[str, int] = defaultdict(int)
        for problem in self.problems:
            bad[problem.game_type] += 1
        for game_type in sorted(set(self.checked) | set(bad)):
            total = self.checked[game_type]
            wrong = bad[game_type]
            verdict = "all replay exactly" if not wrong else f"{wrong} with problems"
            lines.append(f"{game_type}: {total} games checked, {verdict}")
        lines += [f"  game {p.game_id} ({p.game_type}): {p.text}" for p in self.problems]
        return lines


def _games(connection: sqlite3.Connection) -> Iterator[tuple[int, str, dict[str, Any], int, dict[str, Any], int, int]]:
    rows = connection.execute(
        "SELECT g.id, g.game_type, g.options, g.seed, g.state, g.version, "
        "(SELECT COUNT(*) FROM seats s WHERE s.game_id = g.id) FROM games g WHERE g.state IS NOT NULL ORDER BY g.id"
    )
    for game_id, game_type, options, seed, state, version, seats in rows:
        yield game_id, game_type, json.loads(options), seed, json.loads(state), version, seats


def _replay_problem(
    game: LoadedGame,
    connection: sqlite3.Connection,
    row: tuple[int, str, dict[str, Any], int, dict[str, Any], int, int],
) -> str | None:
    game_id, _, options, seed, stored, version, players = row
    undone = "undone" if _has_undo(connection) else "0"
    log = connection.execute(
        f"SELECT version, seat, action, {undone} FROM actions WHERE game_id = ? ORDER BY version", (game_id,)
    ).fetchall()
    return replay_problem(game, options, seed, players, stored, version, log)


def _has_undo(connection: sqlite3.Connection) -> bool:
    return any(row[1] == "undone" for row in connection.execute("PRAGMA table_info(actions)"))


def replay_problem(
    game: LoadedGame,
    options: dict[str, Any],
    seed: int,
    players: int,
    stored: dict[str, Any],
    version: int,
    log: Sequence[tuple[int, int, str, int]],
) -> str | None:
    """What is wrong with a game whose log ``(version, seat, action, undone)`` should replay to ``stored``.

    A move taken back stays in the log marked undone, and the undo itself took a version without a
    row: so each undone row accounts for exactly one missing version, and replays skip it."""
    versions = [entry[0] for entry in log]
    missing = sorted(set(range(1, version + 1)) - set(versions))
    extra = sorted(set(versions) - set(range(1, version + 1)))
    if extra or len(missing) != sum(1 for entry in log if entry[3]):
        return f"the action log has gaps (missing versions {missing[:5]}, unexpected {extra[:5]})"
    engine = game.engine
    try:
        state = engine.new_game(players, engine.options_for(options, players), seed)
        for number, seat, action, undone in log:
            if undone:
                continue
            try:
                state = engine.apply(state, seat, action).state
            except RuleError as error:
                return f"action {number} ({action!r} by seat {seat}) is refused on replay: {error}"
    except Exception as error:  # a broken log must be reported, not crash the check
        return f"replay failed: {type(error).__name__}: {error}"
    if json.loads(json.dumps(engine.dump(state))) != stored:  # as stored: tuples are JSON lists
        return "the replayed state differs from the stored state"
    return None


def check_database(database: Path, games: Callable[[str], LoadedGame]) -> CheckReport:
    report = CheckReport(integrity=integrity_problems(database))
    if report.integrity:
        return report
    connection = open_read_only(database)
    try:
        for row in _games(connection):
            game_id, game_type = row[0], row[1]
            report.checked[game_type] += 1
            try:
                game = games(game_type)
            except RuleError:
                report.problems.append(
                    GameProblem(game_id, game_type, "this version of the bot does not know the game")
                )
                continue
            problem = _replay_problem(game, connection, row)
            if problem:
                report.problems.append(GameProblem(game_id, game_type, problem))
    finally:
        connection.close()
    return report


async def check_postgres(url: str, games: Callable[[str], LoadedGame]) -> CheckReport:
    """The same check on a PostgreSQL database (reads only; there is no integrity pragma to run)."""
    import asyncpg  # type: ignore[import-untyped]  # only with DATABASE_URL

    report = CheckReport()
    connection = await asyncpg.connect(url, timeout=10)
    try:
        undone = (
            "undone"
            if await connection.fetchval(
                "SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() "
                "AND table_name = 'actions' AND column_name = 'undone'"
            )
            else "0"
        )
        rows = await connection.fetch(
            "SELECT g.id, g.game_type, g.options, g.seed, g.state, g.version, "
            "(SELECT COUNT(*) FROM seats s WHERE s.game_id = g.id) FROM games g WHERE g.state IS NOT NULL ORDER BY g.id"
        )
        for game_id, game_type, options, seed, state, version, players in rows:
            report.checked[game_type] += 1
            try:
                game = games(game_type)
            except RuleError:
                report.problems.append(
                    GameProblem(game_id, game_type, "this version of the bot does not know the game")
                )
                continue
            log = [
                (int(r[0]), int(r[1]), str(r[2]), int(r[3]))
                for r in await connection.fetch(
                    f"SELECT version, seat, action, {undone} FROM actions WHERE game_id = $1 ORDER BY version", game_id
                )
            ]
            problem = replay_problem(game, json.loads(options), seed, int(players), json.loads(state), version, log)
            if problem:
                report.problems.append(GameProblem(game_id, game_type, problem))
    finally:
        await connection.close()
    return report
