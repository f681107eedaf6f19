"""The messages of a table, built from a game's views: lobby, live board, prompts, panels, DMs.

Public cards read only the public view and public events; panels and DMs read the
seat's own view. Texts name players with their colour (``bot.table.texts``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, Concatenate, ParamSpec, TypeVar, cast

import msgspec

from bot.engine import Choice, Event, GameResult, Relation
from bot.engine.levels import Level, level_name
from bot.engine.seats import colour_name
from bot.i18n import DEFAULT_LANGUAGE, N_, using
from bot.i18n.numbers import decimal
from bot.i18n.table import _, _n
from bot.storage.records import GameTiming
from bot.table import viewed
from bot.table.cards import Card, LevelChoice, LobbyControls, Panel
from bot.table.context import Table
from bot.table.texts import (
    DMS_CLOSED,
    choice_for,
    fit,
    for_reading,
    form_for,
    label_name,
    multi_for,
    names_list,
    prompt_lines,
    reading_name,
)
from bot.table.timing import timing_text

LOG_LINES = 6
"""Latest moves shown on the live board (``/game log`` has more)."""

Composed = TypeVar("Composed")
Arguments = ParamSpec("Arguments")


def in_table_language(
    compose: Callable[Concatenate[Table, Arguments], Composed],
) -> Callable[Concatenate[Table, Arguments], Composed]:
    """A public card or line: written in the table's language, whoever's click it answers."""

    @functools.wraps(compose)
    def composed(table: Table, /, *args: Arguments.args, **kwargs: Arguments.kwargs) -> Composed:
        with using(table.language):
            made = compose(table, *args, **kwargs)
        if isinstance(made, Card) and table.language != DEFAULT_LANGUAGE:
            # Its buttons and menus are labelled by the front end: in the language of its text.
            return cast(Composed, msgspec.structs.replace(made, language=table.language))
        return made

    return composed


def channel_link(table: Table) -> str | None:
    record = table.record
    if record.guild_id is None:
        return None
    return f"https://discord.com/channels/{record.guild_id}/{record.channel_id}"


# --- the lobby ---------------------------------------------------------------------


def _lobby_hint(table: Table) -> str:
    spec, seated = table.spec, len(table.record.seats)
    if seated < spec.min_players:
        need = spec.min_players - seated
        return _n(
            "Press **Join** to take a seat: {n} more player needed.",
            "Press **Join** to take a seat: {n} more players needed.",
            need,
        ).format(n=need)
    if seated >= spec.max_players:
        return _("Every seat is taken: the host presses **Start**.")
    if seated == 1:
        return _("The host presses **Start** to play solo; others may **Join** first (up to {n}).").format(
            n=spec.max_players
        )
    return _("The host presses **Start** when everyone is in; more players may **Join** (up to {n}).").format(
        n=spec.max_players
    )


LEVEL_HELP = {
    Level.EASY: N_("Plays by rules of thumb and often slips"),
    Level.NORMAL: N_("Plays by the game's rules of thumb"),
    Level.STRONG: N_("Looks ahead before each move (a second or so)"),
}
"""What each level means, for people choosing one (translated where shown)."""


def seat_line(number: int, table: Table, seat: int) -> str:
    """``2. 🟦 **🤖 Computer 1** · strong``: a lobby's seat, a computer's with its level."""
    tag = table.tags[seat]
    return f"{number}. {reading_name(tag)}" + (f" · {level_name(tag.level)}" if tag.level else "")


def level_choices(table: Table, stand_in: Level) -> tuple[LevelChoice, ...]:
    """Each computer seat's other levels, then the other levels for computers taking over a seat."""
    levels = table.game.levels
    choices = [
        LevelChoice(tag.seat, level, f"{label_name(tag)} → {level_name(level)}", _(LEVEL_HELP[level]))
        for tag in table.tags
        if tag.level
        for level in levels
        if level != tag.level
    ]
    choices += [
        LevelChoice(-1, level, _("Taking over a seat → {level}").format(level=level_name(level)), _(LEVEL_HELP[level]))
        for level in levels
        if level != stand_in
    ]
    return tuple(choices)


@in_table_language
def lobby_card(table: Table, note: str = "", timing: GameTiming | None = None) -> Card:
    """The lobby message; ``timing``: its reminders and time limits (a line of their own), ``note``:
    a line below the seats, marked with ``N_`` where it is written and translated here, in the
    table's language."""
    record, spec = table.record, table.spec
    host = next((t for t in table.tags if record.seats[t.seat].user_id == record.creator_id), None)
    lines = [
        _("## {title} — lobby").format(title=spec.title),
        _("Host: {host} · {players}").format(host=reading_name(host) if host else _("gone"), players=spec.players_text),
    ]
    options = spec.options_text(record.options, len(record.seats))
    if options:
        lines.append(_("Options: {options}").format(options=options))
    lines.append(_("**Seats ({seated}/{seats})**").format(seated=len(record.seats), seats=spec.max_players))
    lines += [seat_line(i + 1, table, tag.seat) for i, tag in enumerate(table.tags)] or ["—"]
    stand_in = table.stand_in_level(timing or GameTiming())
    lines.append(
        _("🤖 A computer taking over a seat (a player left or ran out of time) plays **{level}**.").format(
            level=level_name(stand_in)
        )
    )
    is_open = record.status == "lobby"
    if is_open:
        lines.append(_lobby_hint(table))
    notes = [timing_text(timing) if timing is not None else "", _(note) if note else ""]
    lines += [part for part in notes if part]
    controls = None
    if is_open:
        has_computer = any(s.is_computer for s in record.seats)
        room = len(record.seats) < spec.max_players
        controls = LobbyControls(
            join=room,
            add_computer=room,
            remove_computer=has_computer,
            start=True,
            options=bool(spec.options),
            levels=level_choices(table, stand_in),
        )
    return Card("lobby", record.id, fit("\n".join(lines)), lobby=controls)


# --- the live board ------------------------------------------------------------------


@in_table_language
def public_lines(table: Table, events: Sequence[Event]) -> list[str]:
    return [for_reading(e.text, table.tags) for e in events if e.public]


@in_table_language
def result_lines(table: Table, result: GameResult, mentions: Sequence[int] = ()) -> list[str]:
    """The result; ``mentions``: the people told of it (the message that ends the game pings them)."""
    told = " · " + " ".join(f"<@{user}>" for user in mentions) if mentions else ""
    lines = [_("🏁 **Game over**{told}").format(told=told)]
    if result.text:
        lines.append(for_reading(result.text, table.tags))
    if result.relation is Relation.COMPETITIVE:
        winners = [table.tags[s] for s in result.winners if s < len(table.tags)]
        if winners:
            lines.append(f"🏆 {names_list(winners)}")
    else:
        solo = result.relation is Relation.SOLO
        if result.team_won:
            lines.append(_("🤝 **You won!**") if solo else _("🤝 **The team won!**"))
        else:
            lines.append(_("**You lost.**") if solo else _("**The team lost.**"))
        if result.team_score is not None:
            score = decimal(result.team_score)
            lines.append((_("Your score: **{score}**") if solo else _("Team score: **{score}**")).format(score=score))
            if table.best_before is not None:
                before = table.best_before.get(result.variant)
                lines.append(best_score_line(result.team_score, before, table.engine.variant_text(result.variant)))
    return lines


def best_score_line(score: float, before: float | None, variant: str) -> str:
    """The score beside the server's best so far for the same variant (scores of different variants
    are not comparable)."""
    of = f" ({variant})" if variant else ""
    if before is None:
        return _("📈 The first score on this server{variant}.").format(variant=of)
    if score > before:
        return _("🎉 A new best on this server{variant}: the best so far was {best}.").format(
            variant=of, best=decimal(before)
        )
    return _("📈 Best on this server so far{variant}: **{best}**.").format(variant=of, best=decimal(before))


def waiting_line(table: Table, state: Any) -> str:
    seats = table.engine.current_seats(state)
    return _("⏳ Waiting for {names}").format(names=names_list([table.tags[s] for s in seats])) if seats else ""


@in_table_language
def live_card(
    table: Table, state: Any, log: Sequence[str], board: str, *, header: str = "", mentions: Sequence[int] = ()
) -> Card:
    """The table message: the latest moves, where the game stands, whom it waits for.
    ``mentions``: the people a finished game's last board tells of its end (it pings them)."""
    record, engine = table.record, table.engine
    lines = [f"**{table.spec.title}**"]
    if header:
        lines.append(header)
    lines += list(log[-LOG_LINES:])
    lines.append("")
    over = engine.is_terminal(state)
    active = record.status == "active" and not over
    if over:
        lines += result_lines(table, engine.results(state), mentions)
        reveal = engine.reveal_text(state)
        if reveal:
            lines.append(for_reading(reveal, table.tags))
    elif record.status == "abandoned":
        lines.append(_("The game is over: nobody is waited on."))
    else:
        lines.append(for_reading(engine.status_text(viewed.public_view(engine, state)), table.tags))
        waiting = waiting_line(table, state)
        if waiting:
            lines.append(waiting)
    return Card(
        "live",
        record.id,
        fit("\n".join(lines).strip()),
        version=record.version,
        board=board,
        board_name=f"{record.game_type}-{record.id}.png",
        play=active,
        private=active and table.has_secrets,
        mentions=tuple(mentions) if over else (),
    )


# --- prompts ---------------------------------------------------------------------------


def public_choices(table: Table, state: Any, seats: Sequence[int]) -> tuple[list[Choice], bool]:
    """The public-safe choices of ``seats`` (once each), and whether any of them has more
    (a private choice or a form) behind "▶ Play"."""
    engine = table.engine
    seen: set[str] = set()
    shown: list[Choice] = []
    hidden = False
    for seat in seats:
        for choice in viewed.offered(engine, state, seat):
            if not choice.public:
                hidden = True
            elif choice.action not in seen:
                seen.add(choice.action)
                shown.append(choice_for(choice, table.tags))
        hidden = hidden or bool(engine.forms(state, seat)) or bool(engine.multi_choices(state, seat))
    return shown, hidden


@in_table_language
def prompt_card(table: Table, state: Any, seats: Sequence[int], version: int, *, silent: bool = False) -> Card:
    """A short message for the players a wait starts on: pings them, carries their buttons."""
    record, engine = table.record, table.engine
    users = [record.seats[s].user_id for s in seats]
    mentions = tuple(u for u in users if u is not None)
    who = ", ".join(f"<@{u}>" for u in mentions)
    lines = [
        _("➡️ {who} — your move").format(who=who),
        for_reading(engine.status_text(viewed.public_view(engine, state)), table.tags),
    ]
    if table.has_secrets:
        closed = [table.tags[s] for s in seats if table.tags[s].dms_closed]
        if closed:
            lines.append(
                _("-# {mark} {names}: your DMs are closed, so your secrets are behind **🔒 My private info**.").format(
                    mark=DMS_CLOSED, names=names_list(closed)
                )
            )
    choices, hidden = public_choices(table, state, seats)
    return Card(
        "prompt",
        record.id,
        fit("\n".join(lines)),
        version=version,
        mentions=mentions,
        silent=silent,
        choices=tuple(choices),
        play=hidden,
        private=table.has_secrets,
        extras=("help",),
    )


# --- what one player sees ----------------------------------------------------------------


def waiting_text(table: Table, state: Any) -> str:
    seats = table.engine.current_seats(state)
    if not seats:
        return _("Nobody can move now.")
    return _("It's not your turn. Waiting for {names}.").format(names=names_list([table.tags[s] for s in seats]))


def panel(
    table: Table,
    state: Any,
    seat: int,
    *,
    with_secrets: bool = True,
    news: Sequence[str] = (),
    fresh: bool = False,
) -> Panel:
    """``news``: what the seat's own move just showed them; ``fresh``: its secrets gained a line
    they were not shown before."""
    engine, tags = table.engine, table.tags
    view = viewed.seat_view(engine, state, seat)
    record = table.record
    over = engine.is_terminal(state) or record.status != "active"
    acting = not over and seat in engine.current_seats(state)
    parts = list(news)
    if acting:
        parts.append(prompt_lines(for_reading(engine.prompt_text(view), tags)))
    secret = engine.private_text(view) if with_secrets else ""
    if secret:
        parts.append(for_reading(secret, tags))
    if not acting:
        parts.append(_("The game is over.") if over else waiting_text(table, state))
    offered = viewed.offered(engine, state, seat) if acting else [] if over else engine.standing_choices(state, seat)
    choices = tuple(choice_for(c, tags) for c in offered)
    forms = tuple(form_for(f, tags) for f in engine.forms(state, seat)) if acting else ()
    multis = tuple(multi_for(m, tags) for m in engine.multi_choices(state, seat)) if acting else ()
    since = record.seats[seat].waiting_since
    version = since if acting and since is not None else record.version
    text = fit("\n".join(parts))
    extras = ("help",) if choices or forms or multis else ()
    return Panel(
        record.id,
        version,
        seat,
        text,
        choices,
        forms,
        extras,
        news=tuple(news),
        fresh=fresh and bool(secret),
        multis=multis,
    )


def help_text(table: Table, state: Any, seat: int | None) -> str:
    """What "❓" shows the clicker: their decision, and the rule it comes from."""
    engine, tags = table.engine, table.tags
    title = table.spec.title
    guide = _("-# The whole player guide, with every house rule: `/game rules game:{game}`.").format(
        game=table.record.game_type
    )
    if seat is None:
        return _("❓ You are not playing in this **{title}** game.").format(title=title) + f"\n{guide}"
    if engine.is_terminal(state) or table.record.status != "active":
        return _("❓ This game is over.") + f"\n{guide}"
    if seat not in engine.current_seats(state):
        return f"❓ {waiting_text(table, state)}\n{guide}"
    view = viewed.seat_view(engine, state, seat)
    lines = ["❓ " + prompt_lines(for_reading(engine.prompt_text(view), tags))]
    rule = engine.rule_help(view)
    if rule:
        lines.append(for_reading(rule, tags))
    lines.append(guide)
    return fit("\n".join(lines))


def dm_card(table: Table, lines: Sequence[str]) -> Card:
    link = channel_link(table)
    text = "\n".join(lines)
    if link:
        text = f"{text}\n" + _("↩️ [Back to the game](<{link}>)").format(link=link)
    return Card("dm", table.id, fit(text))


def welcome_lines(table: Table, seat: int) -> list[str]:
    tag = table.tags[seat]
    if tag.colour:
        colour = f"{tag.mark} **{colour_name(tag.colour)}**"
    else:
        colour = _("seat **{number}**").format(number=seat + 1)
    title = table.spec.title
    if table.record.guild_id is None:
        started = _("**{title}** has started.").format(title=title)
    else:
        started = _("**{title}** has started in <#{channel}>.").format(title=title, channel=table.record.channel_id)
    return [
        started + " " + _("You play {colour}. Your secrets arrive here whenever they change.").format(colour=colour)
    ]
