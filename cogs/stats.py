"""``/game stats`` as text: a player's games and a server's, for all three kinds of game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.storage import StatLine
from bot.table.texts import escape_name, fit

KIND = {"competitive": "", "cooperative": " (co-op)", "solo": " (solo)"}


def _line(line: StatLine, titles: Mapping[str, str], *, mine: bool) -> str:
    title = titles.get(line.game_type, line.game_type) + KIND.get(line.relation, "")
    if line.variant:
        title += f" · {line.variant}"
    if line.relation == "competitive":
        won = f"won {line.won}" if mine else f"{line.won} won by a player"
        best = f", best score {line.best_score:g}" if mine and line.best_score is not None else ""
    else:
        won = f"{'the team ' if line.relation == 'cooperative' else ''}won {line.won}"
        best = f", best team score {line.best_score:g}" if line.best_score is not None else ""
    return f"• **{title}**: {line.played} played, {won}{best}"


def stats_text(name: str, mine: Sequence[StatLine], server: Sequence[StatLine], titles: Mapping[str, str]) -> str:
    lines = [f"## 📊 {escape_name(name)}"]
    lines += [_line(line, titles, mine=True) for line in mine] or ["No finished games yet."]
    lines.append("## 🏠 This server")
    lines += [_line(line, titles, mine=False) for line in server] or ["No finished games yet."]
    return fit("\n".join(lines))
