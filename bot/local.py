"""Hot-seat play in the terminal, through the same table service, engines, views and renderers.

    python -m bot.local mutiny --players 4 --seed 7 --computers 2,3,4 --text-board
    python -m bot.local mccc --players 1 --seed 3 --out boards/ --script moves.txt
    python -m bot.local cmiyc --players 2 --computers 2 --web     # play in the browser (docs/web.md)

What the channel would show is printed as plain terminal text (names instead of
mentions, bold and colour through the terminal); each seat's private messages are
printed in a marked block. At each decision the legal actions are listed; answer
with the number, the action string itself, or for a form ``f1 field=value ...``.
Board images go to ``--out``; ``--text-board`` also prints the board as text, so
the game is playable without opening images. ``--script FILE`` answers from a
file (one answer per line, ``#`` starts a comment) before reading the terminal,
so a session can be replayed exactly. ``--lang de`` plays the whole session in German: the table's
texts, each seat's private ones and this front end's own words.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import shlex
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from bot.engine import LoadedGame, RuleError
from bot.games.registry import game, game_names
from bot.i18n import DEFAULT_LANGUAGE, LANGUAGES, using
from bot.i18n.table import _
from bot.storage import PostRecord, Store
from bot.storage.records import GameTiming
from bot.table import Card, Outcome, Panel, Person, TableError, TableService
from bot.table.core import Computer

CHANNEL_ID = 1
RULE = "─" * 60
BOLD, DIM, RESET = "\033[1m", "\033[2m", "\033[0m"


def _render_png(spec: Any, view: Any, seats: Any) -> bytes:
    from render import render_png

    return render_png(spec, view, seats)


@dataclass
class Terminal:
    """Discord Markdown as terminal text: names for mentions, bold and dim through ANSI codes."""

    names: dict[int, str] = field(default_factory=dict)
    colour: bool = False

    def plain(self, text: str) -> str:
        text = re.sub(r"<@(\d+)>", lambda m: self.names.get(int(m.group(1)), _("someone")), text)
        text = re.sub(r"<#\d+>", _("this table"), text)
        text = re.sub(r"\[([^\]]+)\]\(<?[^)>]+>?\)", r"\1", text)
        text = re.sub(r"^#+ ", "", text, flags=re.MULTILINE)
        lines = []
        for line in text.split("\n"):
            small = line.startswith("-# ")
            line = line[3:] if small else line
            line = re.sub(r"\*\*(.+?)\*\*", (BOLD + r"\1" + RESET) if self.colour else r"\1", line)
            line = re.sub(r"(?<![\\*])\*([^*]+)\*", r"\1", line)
            line = re.sub(r"\\([\\*_~`|>#\[\]])", r"\1", line).replace("@\u200b", "@")
            lines.append(f"{DIM}{line}{RESET}" if small and self.colour else line)
        return "\n".join(lines)


class TerminalSender:
    """Prints what the table would post: the board when it changes, prompts, private messages."""

    def __init__(self, service: TableService, terminal: Terminal, out: Path, text_board: bool) -> None:
        self.service = service
        self.terminal = terminal
        self.out = out
        self.text_board = text_board
        self._ids = iter(range(1, 10**9))
        self._shown_board = ""
        self._shown_text_board = ""

    async def create(self, post: PostRecord, card: Card, board: bytes | None, nonce: str) -> int:
        await self._show(card, board)
        return next(self._ids)

    async def edit(self, post: PostRecord, card: Card, board: bytes | None) -> None:
        await self._show(card, board)

    async def delete(self, post: PostRecord) -> None:
        return None

    async def direct(self, user_id: int, card: Card, nonce: str) -> None:
        name = self.terminal.names.get(user_id, str(user_id))
        heading = _("🔒 PRIVATE to {name} (direct message)").format(name=name)
        print(f"\n{heading}\n{self.terminal.plain(card.text)}")

    async def _show(self, card: Card, board: bytes | None) -> None:
        if card.kind == "prompt":
            print(f"\n{self.terminal.plain(card.text)}")
            return
        where = _("📢 LOBBY") if card.kind == "lobby" else _("📢 TABLE")
        print(f"\n{RULE}\n{where}\n{self.terminal.plain(card.text)}")
        if card.board and card.board != self._shown_board and board is not None:
            self._shown_board = card.board
            path = self.out / f"{card.game_id:03d}-{card.board}.png"
            path.write_bytes(board)
            print(_("[board image: {path}]").format(path=path))
        if self.text_board and card.kind == "live":
            text = await self.service.text_board(card.game_id)
            if text and text != self._shown_text_board:
                self._shown_text_board = text
                print(text)


class Answers:
    """Answers from the script first, then from the terminal."""

    def __init__(self, script: Path | None, terminal: TextIO) -> None:
        self._script: Iterator[str] = iter(self._lines(script)) if script else iter(())
        self._terminal = terminal
        self.from_script = script is not None

    @staticmethod
    def _lines(path: Path) -> list[str]:
        lines = []
        for raw in path.read_text("utf-8").splitlines():
            line = raw.split("#", 1)[0].strip()
            if line:
                lines.append(line)
        return lines

    def next(self, prompt: str) -> str | None:
        for line in self._script:
            print(f"{prompt}{line}    [script]")
            return line
        self.from_script = False
        print(prompt, end="", flush=True)
        line = self._terminal.readline()
        if not line:
            return None
        return line.strip()


def parse_seats(text: str, players: int) -> set[int]:
    if not text:
        return set()
    if text == "all":
        return set(range(players))
    seats = set()
    for part in text.split(","):
        if not (part.strip().isascii() and part.strip().isdigit()):
            raise SystemExit(_("--computers: {part} is not a seat number").format(part=repr(part)))
        number = int(part)
        if not 1 <= number <= players:
            raise SystemExit(
                _("--computers: seat {number} is not between 1 and {players}").format(number=number, players=players)
            )
        seats.add(number - 1)
    return seats


class LocalTable:
    def __init__(self, service: TableService, sender: TerminalSender, answers: Answers) -> None:
        self.service = service
        self.sender = sender
        self.answers = answers

    @property
    def terminal(self) -> Terminal:
        return self.sender.terminal

    async def decide(self, game_id: int, user_id: int) -> bool:
        """Ask one seat for its decision; returns False when the player quits."""
        panel = await self.service.panel(game_id, user_id)
        name = self.terminal.names[user_id]
        print(f"\n{RULE}\n" + _("🎲 {name} to act — 🔒 private panel for {name} only").format(name=name))
        print(self.terminal.plain(panel.text))
        listing = self._listing(panel)
        print(listing)
        while True:
            answer = self.answers.next(f"{name}> ")
            if answer is None or answer in ("quit", "exit"):
                return False
            if answer in ("?", "help", "list"):
                print(listing)
                continue
            try:
                outcome = await self._answer(panel, user_id, answer)
            except (TableError, RuleError) as error:
                print(f"⚠️  {self.terminal.plain(str(error))}")
                if self.answers.from_script:
                    refused = _("script answer {answer} was refused: {error}")
                    raise SystemExit(refused.format(answer=repr(answer), error=error)) from None
                continue
            await self.service.deliver(game_id, self.sender)
            reply = outcome.reply
            if isinstance(reply, Panel) and reply.news:
                # What the move showed only this player (a table sends it with the answer, not by DM).
                news = "\n".join(reply.news)
                print("\n" + _("🔒 PRIVATE to {name}").format(name=name) + f"\n{self.terminal.plain(news)}")
            return True

    def _listing(self, panel: Panel) -> str:
        plain = self.terminal.plain
        lines = []
        for number, choice in enumerate(panel.choices, 1):
            group = f"[{choice.group}] " if choice.group else ""
            lines.append(f"  {number:>3}. {group}{plain(choice.label)}    ({choice.action})")
            if choice.description:
                lines.append(f"         {plain(choice.description)}")
        for number, form in enumerate(panel.forms, 1):
            fields = " ".join(f"{f.key}={shlex.quote(f.default) if f.default else '…'}" for f in form.fields)
            lines.append(f"   f{number}. {form.button_label} — {form.title}:  f{number} {fields}")
            for field_ in form.fields:
                lines.append(f"        {field_.key}: {field_.label}")
        return "\n".join(lines) if lines else "  " + _("(nothing to decide)")

    async def _answer(self, panel: Panel, user_id: int, answer: str) -> Outcome:
        if answer.startswith("f") and answer[1:].split(" ", 1)[0].isdigit():
            head, _space, rest = answer.partition(" ")
            index = int(head[1:]) - 1
            if not 0 <= index < len(panel.forms):
                raise TableError(_("There is no form {form}.").format(form=head))
            form = panel.forms[index]
            values = {f.key: f.default for f in form.fields}
            for part in shlex.split(rest):
                key, sep, value = part.partition("=")
                if not sep or key not in values:
                    raise TableError(_("Fields of this form: {keys} (write key=value).").format(keys=", ".join(values)))
                values[key] = value
            return await self.service.submit_form(panel.game_id, user_id, panel.version, form.key, values)
        if answer.isascii() and answer.isdigit():
            index = int(answer) - 1
            if not 0 <= index < len(panel.choices):
                raise TableError(_("Pick a number from 1 to {last}.").format(last=len(panel.choices)))
            action = panel.choices[index].action
        else:
            action = answer
        return await self.service.act(panel.game_id, user_id, panel.version, action)


async def run(args: argparse.Namespace, terminal: TextIO = sys.stdin, games: Callable[[str], LoadedGame] = game) -> int:
    """Play one session; everything is composed in ``args.lang`` (English when absent)."""
    language = getattr(args, "lang", None) or DEFAULT_LANGUAGE
    with using(language):
        return await _play(args, terminal, games, language)


async def _play(args: argparse.Namespace, terminal: TextIO, games: Callable[[str], LoadedGame], language: str) -> int:
    entry = games(args.game)
    players = args.players if args.players is not None else entry.spec.min_players
    try:
        options = entry.spec.parse_options(" ".join(args.option))
    except RuleError as error:
        print(f"⚠️  {error}")
        return 2
    computers = parse_seats(args.computers, players)
    args.out.mkdir(parents=True, exist_ok=True)
    colour = {"always": True, "never": False}.get(getattr(args, "color", "auto"), sys.stdout.isatty())
    with tempfile.TemporaryDirectory() as scratch:
        store = await Store.open(args.db or Path(scratch) / "local.db")
        try:
            service = TableService(store, seed_source=lambda: args.seed, games=games, renderer=_render_png)
            people = {
                seat: Person(seat + 1, _("Player {number}").format(number=seat + 1), language)
                for seat in range(players)
                if seat not in computers
            }
            names = {person.user_id: person.name for person in people.values()}
            sender = TerminalSender(service, Terminal(names, colour), args.out, getattr(args, "text_board", False))
            service.send_follow_ups_with(sender)
            table = LocalTable(service, sender, Answers(args.script, terminal))
            host = people.get(0) or Person(1, _("Player {number}").format(number=1), language)
            lobby = await service.create(
                guild_id=None,
                channel_id=CHANNEL_ID,
                parent_channel_id=None,
                game_name=args.game,
                options=options,
                creator=host,
                # The table's language, as a lobby's host would pick it: lobby, board, prompts, results.
                timing=GameTiming(language=language),
            )
            game_id = lobby.game_id
            try:
                # The terminal decides the seating itself (any seat may be a computer), then starts as the host.
                level = Computer(getattr(args, "level", None))
                await service.arrange(game_id, host.user_id, [people.get(seat, level) for seat in range(players)])
                await service.start(game_id, host.user_id)
            except (TableError, RuleError) as error:
                print(f"⚠️  {error}")
                return 2
            await service.deliver(game_id, sender)
            if getattr(args, "web", False):
                from bot.web.local import serve

                seats = {seat: (p.user_id, p.name) for seat, p in people.items()}
                return await serve(service, store, sender, game_id, seats, args.port, sys.stdout)
            while waiting := await service.waiting_on(game_id):
                if not await table.decide(game_id, waiting[0]):
                    print("\n" + _("Stopped. The game is saved in the database only for this session."))
                    return 1
            print(f"\n{RULE}\n" + _("Game over. Boards are in {folder}/").format(folder=args.out))
            return 0
        finally:
            await store.close()


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m bot.local", description="Play a game hot-seat in the terminal.")
    p.add_argument("game", nargs="?", choices=game_names())
    p.add_argument("--players", type=int, help="number of seats (default: the game's minimum)")
    p.add_argument("--seed", type=int, default=1, help="the game's random seed (same seed + same answers = same game)")
    p.add_argument("--out", type=Path, default=Path("local-out"), help="folder for the board images")
    p.add_argument("--script", type=Path, help="file of answers to replay before reading the terminal")
    p.add_argument("--computers", default="", help="seats played by the computer: '2,3,4' (1-based) or 'all'")
    p.add_argument(
        "--level", choices=("easy", "normal", "strong"), help="how well the computers play (default: the game's)"
    )
    p.add_argument("--option", action="append", default=[], help="game option key=value (repeatable)")
    p.add_argument("--db", type=Path, help="keep the game in this SQLite file instead of a temporary one")
    p.add_argument("--text-board", action="store_true", help="also print the board as text when it changes")
    p.add_argument("--color", choices=("auto", "always", "never"), default="auto", help="bold and dim text")
    p.add_argument("--replay", type=Path, help="replay a game saved with /game export and check its final state")
    p.add_argument("--web", action="store_true", help="play from web pages on 127.0.0.1 instead of the terminal")
    p.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=DEFAULT_LANGUAGE,
        help="the language of everything the session prints: " + ", ".join(LANGUAGES) + " (default: %(default)s)",
    )
    p.add_argument("--port", type=int, default=8080, help="the web pages' port with --web (0: any free port)")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.replay is not None:
        from bot.table.history import replay_export_file

        return replay_export_file(args.replay, game, sys.stdout)
    if args.game is None:
        parser().error("name a game to play, or give --replay FILE")
    try:
        return asyncio.run(run(args))
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
