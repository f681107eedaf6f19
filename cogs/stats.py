"""``/game stats`` as text: a player's games and a server's, for all three kinds of game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.i18n.games import game_domain
from bot.i18n.numbers import decimal
from bot.i18n.table import _, _n
from bot.storage import StatLine
from bot.storage.stats import ServerSummary
from bot.table.texts import escape_name, fit
from bot.table.timing import duration_text


def _rate(won: int, played: int) -> str:
    return f"{round(100 * won / played)}%" if played else "–"


def _title(line: StatLine, titles: Mapping[str, str]) -> str:
    title = titles.get(line.game_type, line.game_type)
    if line.relation == "cooperative":
        title = _("{game} (co-op)").format(game=title)
    elif line.relation == "solo":
        title = _("{game} (solo)").format(game=title)
    return f"{title} · {line.variant}" if line.variant else title


def _line(line: StatLine, titles: Mapping[str, str], *, mine: bool) -> str:
    rate = _rate(line.won, line.played)
    score = decimal(line.best_score) if line.best_score is not None else None
    parts = [_("{n} played").format(n=line.played)]
    if line.relation == "competitive":
        parts.append(_("won {n} ({rate})") if mine else _("{n} won by a player"))
        if mine and score is not None:
            parts.append(_("best score {score}"))
    else:
        team = line.relation == "cooperative"
        parts.append(_("the team won {n} ({rate})") if team else _("won {n} ({rate})"))
        if score is not None:
            parts.append(_("best team score {score}") if team else _("best score {score}"))
    said = ", ".join(part.format(n=line.won, rate=rate, score=score) for part in parts[1:])
    return f"• **{_title(line, titles)}**: {parts[0]}, {said}"


def _totals(lines: Sequence[StatLine]) -> str:
    played = sum(line.played for line in lines)
    won = sum(line.won for line in lines)
    return _n("{n} game, {won} won ({rate})", "{n} games, {won} won ({rate})", played).format(
        n=played, won=won, rate=_rate(won, played)
    )


def _endings(summary: ServerSummary, game_type: str) -> str:
    # A game's ending keys are marked in its own catalogue: a German reader reads "Punkteziel 3".
    counts = [
        f"{game_domain(game).data_text(ending)} {count}" for game, ending, count in summary.endings if game == game_type
    ]
    return " · " + _("ended: {endings}").format(endings=", ".join(counts)) if counts else ""


def _summary(summary: ServerSummary, titles: Mapping[str, str]) -> list[str]:
    lines = []
    for length in summary.lengths:
        title = titles.get(length.game_type, length.game_type)
        hours = duration_text(length.average_hours * 3600) if length.average_hours else _("under a minute")
        moves = round(length.average_moves)
        average = _n("{n} move", "{n} moves", moves).format(n=moves)
        line = _("• {game}: {n} finished, on average {moves} over {time}").format(
            game=title, n=length.played, moves=average, time=hours
        )
        lines.append(line + _endings(summary, length.game_type))
    if summary.active_players:
        players = ", ".join(
            "<@{user}> ({games})".format(user=user, games=_n("{n} game", "{n} games", games).format(n=games))
            for user, games in summary.active_players
        )
        lines.append(_("**Most active:** {players}").format(players=players))
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
    lines += [_line(line, titles, mine=True) for line in mine] or [_("No finished games yet.")]
    lines.append(_("## 🏠 This server"))
    lines += [_line(line, titles, mine=False) for line in server] or [_("No finished games yet.")]
    if summary is not None and summary.lengths:
        lines.append(_("**Game lengths**"))
        lines += _summary(summary, titles)
    return fit("\n".join(lines))
