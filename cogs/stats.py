"""``/game stats`` as text: a player's games and a server's, for all three kinds of game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.storage import StatLine
from bot.storage.stats import ServerSummary
from bot.table.texts import counted, escape_name, fit
from bot.table.timing import duration_text

KIND = {"competitive": "", "cooperative": " (co-op)", "solo": " (solo)"}


def _rate(won: int, played: int) -> str:
    return f"{round(100 * won / played)}%" if played else "–"


def _line(line: StatLine, titles: Mapping[str, str], *, mine: bool) -> str:
    title = titles.get(line.game_type, line.game_type) + KIND.get(line.relation, "")
    if line.variant:
        title += f" · {line.variant}"
    if line.relation == "competitive":
        won = f"won {line.won} ({_rate(line.won, line.played)})" if mine else f"{line.won} won by a player"
        best = f", best score {line.best_score:g}" if mine and line.best_score is not None else ""
    else:
        team = line.relation == "cooperative"
        won = f"{'the team ' if team else ''}won {line.won} ({_rate(line.won, line.played)})"
        score = "best team score" if team else "best score"
        best = f", {score} {line.best_score:g}" if line.best_score is not None else ""
    return f"• **{title}**: {line.played} played, {won}{best}"


def _totals(lines: Sequence[StatLine]) -> str:
    played = sum(line.played for line in lines)
    won = sum(line.won for line in lines)
    return f"{counted(played, 'game')}, {won} won ({_rate(won, played)})"


def _endings(summary: ServerSummary, game_type: str) -> str:
    counts = [f"{ending} {count}" for game, ending, count in summary.endings if game == game_type]
    return f" · ended: {', '.join(counts)}" if counts else ""


def _summary(summary: ServerSummary, titles: Mapping[str, str]) -> list[str]:
    lines = []
    for length in summary.lengths:
        title = titles.get(length.game_type, length.game_type)
        hours = duration_text(length.average_hours * 3600) if length.average_hours else "under a minute"
        lines.append(
            f"• {title}: {length.played} finished, on average {counted(round(length.average_moves), 'move')} over {hours}"
            + _endings(summary, length.game_type)
        )
    if summary.active_players:
        players = ", ".join(f"<@{user}> ({counted(games, 'game')})" for user, games in summary.active_players)
        lines.append(f"**Most active:** {players}")
    return lines


def stats_text(
    name: str,
    mine: Sequence[StatLine],
    server: Sequence[StatLine],
    titles: Mapping[str, str],
    summary: ServerSummary | None = None,
) -> str:
    lines = [f"## 📊 {escape_name(name)}"]
    if mine:
        lines.append(_totals(mine))
    lines += [_line(line, titles, mine=True) for line in mine] or ["No finished games yet."]
    lines.append("## 🏠 This server")
    lines += [_line(line, titles, mine=False) for line in server] or ["No finished games yet."]
    if summary is not None and summary.lengths:
        lines.append("**Game lengths**")
        lines += _summary(summary, titles)
    return fit("\n".join(lines))
