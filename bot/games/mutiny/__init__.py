"""Mutiny (rule text 002): a 4-player game of backstabbing, power-grabbing and treasure taking."""

from __future__ import annotations

from functools import cache


@cache
def get_engine():
    from bot.games.mutiny.data import load_data
    from bot.games.mutiny.engine import MutinyEngine

    return MutinyEngine(load_data())


def entry():
    from bot.games.mutiny.ai import MutinyComputer
    from bot.games.registry import GameEntry

    eng = get_engine()
    return GameEntry(engine=eng, computer=MutinyComputer(eng.data))
