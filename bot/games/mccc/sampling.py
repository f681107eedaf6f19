"""What everyone knows about the Maze Deck, and a state redealt from what one seat may know.

The deck is built by the setup's seven steps, so its *structure* is public: how many maze cards each
stack got, which run of positions the Cat and the Cucumber were shuffled into, and (solo) that an
agenda lies at the bottom of every stack. Cards only leave the deck from the top, so the cards left
are the last ``len(deck)`` positions of that structure. ``determinize`` keeps the structure and
redeals what nobody has seen: the order of the maze cards left, where in its run the Cat and the
Cucumber lie, which agenda lies where (solo), and in multiplayer the secret sides this seat was not
shown. Every pool is sorted before it is shuffled, so the sample depends on what the seat knows and
on the seed only.
"""

from __future__ import annotations

from typing import NamedTuple

from bot.engine import Rng
from bot.games.mccc.data import GameData
from bot.games.mccc.state import State, Token

AGENDA = "agenda"


class Run(NamedTuple):
    """Positions ``start``..``end`` (exclusive, counted from the top of the full deck) hold cards alike:
    maze cards only (``what`` None), maze cards with the Cat or the Cucumber shuffled in, or an agenda."""

    start: int
    end: int
    what: str | None


def deck_runs(data: GameData, s: State) -> list[Run]:
    """The setup's deck structure, top first (steps 3-7 of "Who Done It Setup")."""
    setup = data.setups[s.setup]
    specs = setup.deck_stacks(s.players, s.balanced)
    sizes = [stack.maze for stack in specs]
    if s.easier:
        sizes[setup.easier_short_stack] -= 1
    runs: list[Run] = []
    position = 0
    for size, spec in zip(sizes, specs):
        parts: list[tuple[int, str | None]] = []
        if spec.shuffle_in is None:
            parts.append((size, None))
        else:
            if spec.keep_on_top:
                parts.append((spec.keep_on_top, None))
            parts.append((size - spec.keep_on_top + 1, spec.shuffle_in))
        if s.solo:
            parts.append((1, AGENDA))
        for length, what in parts:
            runs.append(Run(position, position + length, what))
            position += length
    return runs


def drawn(runs: list[Run], s: State) -> int:
    """How many cards have left the top of the deck."""
    return runs[-1].end - len(s.deck)


def _redeal_deck(runs: list[Run], s: State, rng: Rng) -> None:
    first = drawn(runs, s)
    kinds = [next(run.what for run in runs if run.start <= first + i < run.end) for i in range(len(s.deck))]
    agendas = sorted(str(t) for t in s.deck if isinstance(t, str) and t.startswith("agenda:"))
    characters = [t for t in ("cat", "cucumber") if t in s.deck]
    maze = sorted(t for t in s.deck if isinstance(t, int))
    rng.shuffle(agendas)
    rng.shuffle(maze)
    deck: list[Token | None] = [None] * len(s.deck)
    agenda_slots = [i for i, kind in enumerate(kinds) if kind == AGENDA]
    for i, agenda in zip(agenda_slots, agendas, strict=True):
        deck[i] = agenda
    for character in characters:
        # Shuffled into its run: any position of the run still in the deck is as likely as another.
        deck[rng.choice([i for i, kind in enumerate(kinds) if kind == character])] = character
    cards = iter(maze)
    s.deck = [next(cards) if token is None else token for token in deck]


def _redeal_sides(s: State, seat: int, rng: Rng) -> None:
    """Multiplayer: the sides of the other players not shown yet and the agendas nobody was dealt."""
    hidden = [q for q in range(s.players) if q != seat and not s.revealed_seats[q]]
    pool = sorted([s.secret[q] for q in hidden] + [str(t).split(":", 1)[1] for t in s.hidden_aside])
    rng.shuffle(pool)
    for q in hidden:
        s.secret[q] = pool.pop()
    s.hidden_aside = [f"agenda:{key}" for key in pool]


def determinize(data: GameData, s: State, seat: int, seed: int) -> State:
    """``s`` (a copy, changed in place) with everything ``seat`` cannot know redealt from ``seed``."""
    rng = Rng.from_seed(seed, "mccc-determinize")
    if s.phase != "over":
        _redeal_deck(deck_runs(data, s), s, rng)
        if not s.solo:
            _redeal_sides(s, seat, rng)
    s.rng = rng.next_u64()
    return s
