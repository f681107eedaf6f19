"""Local hot-seat play: the same table service, driven from a script and the terminal."""

from __future__ import annotations

import argparse
import io

from bot.local import run
from tests.support.toy_game import toy_games


def namespace(tmp_path, **overrides) -> argparse.Namespace:
    values = dict(game="toy", players=2, seed=5, out=tmp_path / "boards", script=None, computers="", option=[], db=None)
    values.update(overrides)
    return argparse.Namespace(**values)


async def test_a_scripted_session_plays_to_the_end_and_marks_private_messages(tmp_path, capsys):
    script = tmp_path / "moves.txt"
    script.write_text("# Player 1 peeks, Player 2 bids, then Player 1 calls\n3\nf1 amount=12\ncall\n")
    code = await run(namespace(tmp_path, script=script), terminal=io.StringIO(""), games=toy_games)
    out = capsys.readouterr().out
    assert code == 0
    assert "📢 PUBLIC (channel)" in out and "**Player 1** peeks at **Player 2**'s die." in out
    assert "🔒 PRIVATE to Player 1" in out and "**Player 2**'s die shows" in out
    assert "**Player 2** bids 12." in out and "Dice revealed" in out
    assert "Game finished" in out


async def test_the_same_seed_and_script_reproduce_the_same_session(tmp_path, capsys):
    script = tmp_path / "moves.txt"
    script.write_text("pass\npass\n3\ncall\n")
    await run(namespace(tmp_path, script=script), terminal=io.StringIO(""), games=toy_games)
    first = capsys.readouterr().out
    await run(namespace(tmp_path, script=script), terminal=io.StringIO(""), games=toy_games)
    assert capsys.readouterr().out == first


async def test_terminal_answers_follow_the_script_and_bad_answers_are_explained(tmp_path, capsys):
    script = tmp_path / "moves.txt"
    script.write_text("pass\n")
    terminal = io.StringIO("99\nfly\nf1 amount=zero\ncall\n")
    code = await run(namespace(tmp_path, script=script), terminal=terminal, games=toy_games)
    out = capsys.readouterr().out
    assert code == 0
    assert "Pick a number from 1 to" in out
    assert "That move is not possible now." in out
    assert "A bid is a whole number" in out
    assert "**Player 2** calls!" in out


async def test_computer_players_can_take_any_seat(tmp_path, capsys):
    code = await run(namespace(tmp_path, computers="1", players=2), terminal=io.StringIO("call\n"), games=toy_games)
    out = capsys.readouterr().out
    assert code == 0
    assert "**🤖 Computer 1** passes." in out and "Player 2 to act" in out


async def test_stopping_early_says_so(tmp_path, capsys):
    code = await run(namespace(tmp_path), terminal=io.StringIO(""), games=toy_games)
    assert code == 1 and "Stopped" in capsys.readouterr().out
