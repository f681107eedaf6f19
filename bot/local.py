"""Hot-seat play in the terminal, through the same table service, engines, views and renderers.

    python -m bot.local mutiny --players 4 --seed 7 --out boards/ --computers 2,3,4
    python -m bot.local mccc --players 1 --seed 3 --out boards/ --script moves.txt

Public messages are printed as they would be posted in the channel; each
seat's private messages are printed in a marked block. At each decision the
legal actions are listed; answer with the number, the action string itself,
or for a form ``f1 field=value ...``. Board images go to ``--out``.
``--script FILE`` answers from a file (one answer per line, ``#`` starts a
comment) before reading the terminal, so a session can be replayed exactly.
"""

from __future__ import annotations

import argparse
import asyncio
import shlex
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from bot.engine import RuleError
from bot.games.registry import game, game_names
from bot.storage import SeatRecord, Store
from bot.table import Outcome, Panel, Person, PublicPost, TableError, TableService
from bot.table.service import computer_name

CHANNEL_ID = 1
RULE = "─" * 60


def _render_png(spec, view, seats) -> bytes:
    from render import render_png

    return render_png(spec, view, seats)


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
        number = int(part)
        if not 1 <= number <= players:
            raise SystemExit(f"--computers: seat {number} is not between 1 and {players}")
        seats.add(number - 1)
    return seats


class LocalTable:
    def __init__(self, service: TableService, out: Path, answers: Answers) -> None:
        self.service = service
        self.out = out
        self.answers = answers
        self.names: dict[int, str] = {}

    def show(self, outcome: Outcome) -> None:
        post = outcome.post
        if isinstance(post, PublicPost):
            print(f"\n{RULE}\n📢 PUBLIC (channel)\n{post.text}")
            if post.board_png:
                path = self.out / f"{post.game_id:03d}-{post.version:04d}.png"
                path.write_bytes(post.board_png)
                print(f"[board image: {path}]")
        elif post is not None:
            print(f"\n{RULE}\n📢 PUBLIC (channel)\n{post.text}")
        for message in outcome.direct:
            text = message.text
            if message.panel is not None:
                text = (text + "\n" if text else "") + message.panel.text
            print(f"\n🔒 PRIVATE to {self.names.get(message.user_id, message.user_id)} (direct message)\n{text}")

    async def decide(self, game_id: int, user_id: int) -> bool:
        """Ask one seat for its decision; returns False when the player quits."""
        panel = await self.service.panel(game_id, user_id)
        name = self.names[user_id]
        print(f"\n{RULE}\n🎲 {name} to act — 🔒 private panel for {name} only")
        print(panel.text)
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
                print(f"⚠️  {error}")
                if self.answers.from_script:
                    raise SystemExit(f"script answer {answer!r} was refused: {error}") from None
                continue
            self.show(outcome)
            return True

    @staticmethod
    def _listing(panel: Panel) -> str:
        lines = []
        for number, choice in enumerate(panel.choices, 1):
            group = f"[{choice.group}] " if choice.group else ""
            lines.append(f"  {number:>3}. {group}{choice.label}    ({choice.action})")
            if choice.description:
                lines.append(f"         {choice.description}")
        for number, form in enumerate(panel.forms, 1):
            fields = " ".join(f"{f.key}={shlex.quote(f.default) if f.default else '…'}" for f in form.fields)
            lines.append(f"   f{number}. {form.button_label} — {form.title}:  f{number} {fields}")
            for field in form.fields:
                lines.append(f"        {field.key}: {field.label}")
        return "\n".join(lines) if lines else "  (nothing to decide)"

    async def _answer(self, panel: Panel, user_id: int, answer: str) -> Outcome:
        if answer.startswith("f") and answer[1:].split(" ", 1)[0].isdigit():
            head, _, rest = answer.partition(" ")
            index = int(head[1:]) - 1
            if not 0 <= index < len(panel.forms):
                raise TableError(f"There is no form {head}.")
            form = panel.forms[index]
            values = {f.key: f.default for f in form.fields}
            for part in shlex.split(rest):
                key, sep, value = part.partition("=")
                if not sep or key not in values:
                    raise TableError(f"Fields of this form: {', '.join(values)} (write key=value).")
                values[key] = value
            return await self.service.submit_form(panel.game_id, user_id, panel.version, form.key, values)
        if answer.isdigit():
            index = int(answer) - 1
            if not 0 <= index < len(panel.choices):
                raise TableError(f"Pick a number from 1 to {len(panel.choices)}.")
            action = panel.choices[index].action
        else:
            action = answer
        return await self.service.act(panel.game_id, user_id, panel.version, action)


async def run(args: argparse.Namespace, terminal: TextIO = sys.stdin, games=game) -> int:
    entry = games(args.game)
    engine = entry.engine
    players = args.players if args.players is not None else entry.spec.min_players
    try:
        options = entry.spec.parse_options(" ".join(args.option))
    except RuleError as error:
        print(f"⚠️  {error}")
        return 2
    computers = parse_seats(args.computers, players)
    args.out.mkdir(parents=True, exist_ok=True)
    renderer = _render_png if args.game in game_names() else None
    with tempfile.TemporaryDirectory() as scratch:
        store = await Store.open(args.db or Path(scratch) / "local.db")
        try:
            service = TableService(store, seed_source=lambda: args.seed, games=games, renderer=renderer)
            table = LocalTable(service, args.out, Answers(args.script, terminal))
            host = Person(1, "Player 1")
            lobby = await service.create(
                guild_id=None,
                channel_id=CHANNEL_ID,
                parent_channel_id=None,
                game_name=args.game,
                options=options,
                creator=host,
            )
            game_id = lobby.post.game_id
            seats = []
            for seat in range(players):
                if seat in computers:
                    seats.append(
                        SeatRecord(seat, None, computer_name(len([s for s in seats if s.user_id is None]) + 1))
                    )
                else:
                    seats.append(SeatRecord(seat, seat + 1, f"Player {seat + 1}"))
                    table.names[seat + 1] = f"Player {seat + 1}"
            # The terminal decides the seating itself (any seat may be a computer), then starts as the host.
            await store.update_lobby(game_id, seats)
            try:
                table.show(await service.start(game_id, host.user_id))
            except (TableError, RuleError) as error:
                print(f"⚠️  {error}")
                return 2
            while True:
                record = await store.game(game_id)
                if record.status != "active":
                    break
                state = engine.load(record.state)
                humans = [s for s in engine.current_seats(state) if not record.seats[s].is_computer]
                if not humans:
                    break
                if not await table.decide(game_id, record.seats[humans[0]].user_id):
                    print("\nStopped. The game is saved in the database only for this session.")
                    return 1
            record = await store.game(game_id)
            print(f"\n{RULE}\nGame {record.status}. Boards are in {args.out}/")
            return 0
        finally:
            await store.close()


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m bot.local", description="Play a game hot-seat in the terminal.")
    p.add_argument("game", choices=game_names())
    p.add_argument("--players", type=int, help="number of seats (default: the game's minimum)")
    p.add_argument("--seed", type=int, default=1, help="the game's random seed (same seed + same answers = same game)")
    p.add_argument("--out", type=Path, default=Path("local-out"), help="folder for the board images")
    p.add_argument("--script", type=Path, help="file of answers to replay before reading the terminal")
    p.add_argument("--computers", default="", help="seats played by the computer: '2,3,4' (1-based) or 'all'")
    p.add_argument("--option", action="append", default=[], help="game option key=value (repeatable)")
    p.add_argument("--db", type=Path, help="keep the game in this SQLite file instead of a temporary one")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return asyncio.run(run(args))
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
