"""What composing Mutiny in German costs next to English: every text of a state and a board picture.

    python bench/mutiny_languages.py [--seed 7]

Prints, per language, the milliseconds to write one state's texts (the status, and each seat's
private text, prompt and choices) and to draw one board, over the states of a seeded game.
"""

from __future__ import annotations

import argparse
import time

from bot.engine.playout import play
from bot.engine.seats import plain_tags
from bot.games.registry import game
from bot.i18n import using
from render.mutiny import render_board


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=7)
    seed = parser.parse_args().seed
    engine = game("mutiny").engine
    states = play(engine, 4, seed, keep_states=True).states
    tags = plain_tags(4, engine.spec.seat_colours)
    for language in ("en", "de"):
        with using(language):
            engine.status_text(engine.public_view(states[0]))  # the catalogue is read once, not timed
            start = time.perf_counter()
            for state in states:
                engine.status_text(engine.public_view(state))
                for seat in range(4):
                    view = engine.seat_view(state, seat)
                    engine.private_text(view)
                    engine.prompt_text(view)
                    engine.legal_actions(state, seat)
            texts = (time.perf_counter() - start) / len(states) * 1000
            drawn = states[::10]
            start = time.perf_counter()
            for state in drawn:
                render_board(engine.public_view(state), tags)
            board = (time.perf_counter() - start) / len(drawn) * 1000
        print(f"{language}: one state's texts {texts:.2f} ms, one board {board:.1f} ms ({len(states)} states)")


if __name__ == "__main__":
    main()
