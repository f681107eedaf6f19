"""Local hot-seat play: the same table service, driven from a script and the terminal, in plain text."""

from __future__ import annotations

import argparse
import io

import pytest

from bot.games.registry import default_registry
from bot.local import Terminal, main, run
from render import text_board
from tests.support.toy_game import toy_games


def namespace(tmp_path, **overrides) -> argparse.Namespace:
    values = dict(
        game="toy",
        players=2,
        seed=5,
        out=tmp_path / "boards",
        script=None,
        computers="",
        option=[],
        db=None,
        text_board=False,
        color="never",
    )
    values.update(overrides)
    return argparse.Namespace(**values)


async def test_a_scripted_session_plays_to_the_end_in_plain_text(tmp_path, capsys):
    script = tmp_path / "moves.txt"
    script.write_text("# Player 1 peeks, Player 2 bids, then Player 1 calls\n3\nf1 amount=12\ncall\n")
    code = await run(namespace(tmp_path, script=script), terminal=io.StringIO(""), games=toy_games)
    out = capsys.readouterr().out
    assert code == 0
    assert "📢 TABLE" in out and "🟥 Player 1 peeks at 🟦 Player 2's die." in out
    assert "🔒 PRIVATE to Player 1" in out and "🟦 Player 2's die shows" in out
    assert "🟦 Player 2 bids 12." in out and "Game over" in out
    assert "➡️ Player 2 — your move" in out, "mentions become names"
    assert "<@" not in out and "**" not in out and "\033[" not in out and "-# " not in out


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
    assert "🟦 Player 2 calls!" in out


async def test_the_text_board_is_printed_when_the_board_changes(tmp_path, capsys):
    script = tmp_path / "moves.txt"
    script.write_text("pass\ncall\n")
    await run(namespace(tmp_path, script=script, text_board=True), terminal=io.StringIO(""), games=toy_games)
    out = capsys.readouterr().out
    assert "[ToyPublic] 🟥 Player 1, 🟦 Player 2" in out


async def test_computer_seats_anywhere(tmp_path, capsys):
    code = await run(namespace(tmp_path, computers="all"), terminal=io.StringIO(""), games=toy_games)
    assert code == 0 and "Game over" in capsys.readouterr().out


def test_markdown_becomes_terminal_text():
    terminal = Terminal({7: "alice"}, colour=True)
    text = terminal.plain("➡️ <@7> — **your move**\n-# what it means\n\\*not bold\\*")
    assert text == "➡️ alice — \033[1myour move\033[0m\n\033[2mwhat it means\033[0m\n*not bold*"
    assert Terminal({}, colour=False).plain("**a** [link](<https://x>) <#5>") == "a link this table"


@pytest.mark.parametrize("name", default_registry().names())
async def test_every_registered_game_plays_in_plain_text_with_a_text_board(tmp_path, capsys, name):
    spec = default_registry().spec(name)
    assert text_board(spec) is not None, f"{name} has no text board"
    script = tmp_path / "moves.txt"
    script.write_text("1\n" * 12)  # the first choice twelve times, then the terminal has no more answers
    others = ",".join(str(seat) for seat in range(2, spec.min_players + 1))
    sessions = {}
    for drawn in (False, True):
        args = namespace(tmp_path, game=name, players=spec.min_players, computers=others, text_board=drawn)
        code = await run(args, terminal=io.StringIO(""))
        sessions[drawn] = out = capsys.readouterr().out
        assert code in (0, 1), out[-2000:]
    out = sessions[True]
    assert "➡️ Player 1 — your move" in out, "mentions become names"
    for markup in ("<@", "<#", "**", "\\", "-# ", "](<", "\033["):
        assert markup not in out, (markup, out[-2000:])
    board_lines = set(out.splitlines()) - set(sessions[False].splitlines())
    assert len(board_lines) >= 5, "--text-board draws the board in text"


async def test_a_german_session_prints_the_game_and_the_front_end_in_german(tmp_path, capsys):
    script = tmp_path / "moves.txt"
    script.write_text("1\n" * 8)  # Player 1 is the first Captain: assigns, divides, then decides on
    args = namespace(tmp_path, game="mutiny", players=4, seed=3, computers="2,3,4", script=script, lang="de")
    code = await run(args, terminal=io.StringIO(""))
    out = capsys.readouterr().out
    assert code == 1, out[-2000:]
    # The front end's own words
    assert "📢 TISCH" in out and "🎲 Spieler 1 ist dran — 🔒 privates Menü nur für Spieler 1" in out
    assert "Angehalten. Das Spiel ist nur für diese Sitzung in der Datenbank gespeichert." in out
    # The table's public texts and the seat's private panel, from Mutiny's German catalogue
    assert "Rollen verteilen" in out and "Kapitän" in out and "✅ Gerechte Aufteilung bestätigen" in out
    # The table's own words (lobby, live card) too
    assert "➡️ Spieler 1 — du bist dran" in out and "Das Spiel beginnt" in out
    english_words = ("📢 TABLE", "to act", "private panel", "Player 1", "your move", "Waiting for", "The game begins")
    for english in (*english_words, "Assign Roles", "Captain", "fair split"):
        assert english not in out, english


async def test_english_stays_the_default(tmp_path, capsys):
    script = tmp_path / "moves.txt"
    script.write_text("1\n")
    args = namespace(tmp_path, game="mutiny", players=4, seed=3, computers="2,3,4", script=script)
    await run(args, terminal=io.StringIO(""))
    out = capsys.readouterr().out
    assert "📢 TABLE" in out and "Assign Roles" in out and "Player 1 to act" in out
    assert "Kapitän" not in out


def test_a_language_the_bot_does_not_speak_is_refused(capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["mutiny", "--lang", "xx"])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert "--lang" in error and "'xx'" in error and "'de'" in error
