"""``/game mine``: every open game a user sits in, on every server, the ones waiting on them first."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from datetime import datetime

from bot.i18n.table import _, _n
from bot.storage import GameRecord
from bot.storage.records import MyGame
from bot.table import viewed
from bot.table.context import Table
from bot.table.core import TableCore
from bot.table.texts import escape_name, fit, for_reading, names_list
from bot.table.timing import duration_text

PAGE_SIZE = 12
"""Games per answer: twelve lines with their links fit one message on a phone screen."""
STATUS_LIMIT = 48


@dataclass(frozen=True)
class MyGameLine:
    game_id: int
    title: str
    link: str
    stage: str
    """Where the game stands: the first line of its status ("Round 3 · Voting"), or "lobby"."""
    waiting_for: str
    waited: float | None
    """Seconds the game has waited (None: not waiting, a lobby)."""
    on_me: bool
    away: bool


def jump_link(guild_id: int | None, channel_id: int) -> str:
    return f"https://discord.com/channels/{guild_id if guild_id is not None else '@me'}/{channel_id}"


def _stage(table: Table) -> str:
    engine = table.engine
    text = for_reading(engine.status_text(viewed.public_view(engine, table.state())), table.tags)
    first = text.strip().split("\n", 1)[0].replace("**", "").replace("*", "").strip()
    return first if len(first) <= STATUS_LIMIT else first[: STATUS_LIMIT - 1] + "…"


class MineOps(TableCore):
    async def my_games(self, user_id: int) -> list[MyGameLine]:
        """The user's open games, waiting-on-them first (longest wait first), then the rest."""
        rows: list[MyGame] = await self._store.transaction(lambda tx: tx.my_games(user_id))
        now = self._clock()
        # Each game's status comes from its public view: for hundreds of games, tens of milliseconds
        # that would stall every other game on the event loop, so it runs in a worker thread.
        lines = await asyncio.to_thread(lambda: [self._line(row, user_id, now) for row in rows])
        return sorted(lines, key=lambda g: (not g.on_me, g.waited is None, -(g.waited or 0), g.game_id))

    def _line(self, row: MyGame, user_id: int, now: datetime) -> MyGameLine:
        loaded = self.entry(row.game_type)
        state = json.loads(row.state) if row.state is not None else None
        record = GameRecord(
            row.game_id, row.guild_id, row.channel_id, None, row.game_type, {}, row.status, 0, state,
            row.version, 0, "", row.updated_at, None, row.seats,
        )  # fmt: skip
        table = Table(record, loaded)
        link = jump_link(row.guild_id, row.channel_id)
        if row.status != "active" or state is None:
            return MyGameLine(row.game_id, loaded.spec.title, link, "lobby", "", None, False, False)
        waiting = [seat for seat, _ in row.waiting]
        starts = [datetime.fromisoformat(at) for _, at in row.waiting if at]
        waited = (now - min(starts)).total_seconds() if starts else None
        mine = {s.seat for s in row.seats if s.user_id == user_id}
        return MyGameLine(
            row.game_id,
            loaded.spec.title,
            link,
            _stage(table),
            names_list([table.tags[s] for s in waiting]) if waiting else "",
            waited,
            bool(mine & set(waiting)),
            bool(row.away_seats),
        )


def mine_text(games: list[MyGameLine], page: int = 1) -> str:
    if not games:
        return _("You are not in any running game. Start one with `/game new`.")
    pages = (len(games) + PAGE_SIZE - 1) // PAGE_SIZE
    page = min(max(page, 1), pages)
    on_me = sum(1 for g in games if g.on_me)
    head = _("## 🎲 Your games ({n})").format(n=len(games))
    if on_me:
        head += " · " + _n("**{n} waiting on you**", "**{n} waiting on you**", on_me).format(n=on_me)
    lines = [head]
    for game in games[(page - 1) * PAGE_SIZE : page * PAGE_SIZE]:
        title = f"[{escape_name(game.title)}](<{game.link}>)"
        if game.stage == "lobby":
            lines.append(_("🪑 {title} · lobby, not started").format(title=title))
            continue
        waited = _(" for {duration}").format(duration=duration_text(game.waited)) if game.waited is not None else ""
        if game.on_me:
            lines.append(
                _("➡️ {title} · {stage} · **your move**{waited}").format(title=title, stage=game.stage, waited=waited)
            )
        else:
            lines.append(
                _("⏳ {title} · {stage} · waiting for {names}{waited}").format(
                    title=title, stage=game.stage, names=game.waiting_for or _("nobody"), waited=waited
                )
            )
        if game.away:
            lines.append(_("-# 🤖 a computer plays your seat here: `/game reclaim` in that channel takes it back"))
    if pages > 1:
        lines.append(
            _("-# Page {page} of {pages} · `/game mine page:{next}` for more").format(
                page=page, pages=pages, next=page % pages + 1
            )
        )
    return fit("\n".join(lines))
