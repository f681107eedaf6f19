"""How a game ended, for all three kinds of game.

* **competitive**: seats score against each other; ``winners`` names the best
  (several on a tie). Every finished competitive game names a winner.
* **cooperative**: the whole table wins or loses together (``team_won``),
  optionally with a team score (relics brought out, caches found).
* **solo**: one player against the game: like cooperative, with one seat.

The table, the texts and the statistics read only these fields, so they treat
every game of a kind alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Relation(StrEnum):
    """How the players relate to each other (OpenSpiel's ``GameType.utility``, in words)."""

    COMPETITIVE = "competitive"
    COOPERATIVE = "cooperative"
    SOLO = "solo"

    @property
    def is_team(self) -> bool:
        """Cooperative and solo games have one shared result."""
        return self is not Relation.COMPETITIVE

    @property
    def label(self) -> str:
        return {"competitive": "competitive", "cooperative": "co-op", "solo": "solo"}[self.value]


@dataclass(frozen=True)
class GameResult:
    relation: Relation
    scores: tuple[float, ...]
    """One number per seat (a team game gives every seat the team's score, or 1/0 for win/loss)."""
    winners: tuple[int, ...]
    """Competitive: the seats that won (ties share). Team games: every seat on a win, none on a loss."""
    text: str
    """Markdown summary of the final scoring (with ``{pN}`` placeholders)."""
    team_won: bool | None = None
    """Team games only: did the table win?"""
    team_score: float | None = None
    """Team games with a score (Catacombs' relics at the Exit, say); None when only win/loss counts."""
    variant: str = ""
    """Which scores are comparable: best scores are kept per game and variant (``"co-op · 3 relics"``)."""
    ending: str = ""
    """How the game ended, as a short key (``escaped``, ``all-perished``, ``points``): the benches
    count endings by it and ``/game stats`` shows how a server's games end."""

    @classmethod
    def competitive(
        cls,
        scores: tuple[float, ...],
        winners: tuple[int, ...],
        text: str,
        *,
        variant: str = "",
        ending: str = "",
    ) -> GameResult:
        if not winners:
            raise ValueError("a finished competitive game names at least one winner")
        return cls(Relation.COMPETITIVE, tuple(scores), tuple(sorted(winners)), text, variant=variant, ending=ending)

    @classmethod
    def team(
        cls,
        relation: Relation,
        players: int,
        won: bool,
        text: str,
        *,
        score: float | None = None,
        variant: str = "",
        ending: str = "",
    ) -> GameResult:
        if not relation.is_team:
            raise ValueError("team results are for cooperative and solo games")
        if relation is Relation.SOLO and players != 1:
            raise ValueError("a solo game has exactly one player")
        value = float(score) if score is not None else (1.0 if won else 0.0)
        return cls(
            relation,
            (value,) * players,
            tuple(range(players)) if won else (),
            text,
            team_won=won,
            team_score=score,
            variant=variant,
            ending=ending,
        )

    def won(self, seat: int) -> bool:
        return seat in self.winners


def result_returns(result: GameResult) -> tuple[float, ...]:
    """A finished game in 0..1 per seat: a win is worth most, a shared win its share, and among
    equal outcomes a better score a little more (so the search still prefers the better loss). A
    team's score s adds 0.1·s/(s+1): 0.05 for a score of 1, more for every Relic more."""
    scores = result.scores
    players = len(scores)
    if result.relation.is_team:
        won = 0.9 if result.team_won else 0.0
        score = max(result.team_score or 0.0, 0.0)
        return (won + 0.1 * score / (score + 1),) * players
    low, high = min(scores), max(scores)
    spread = high - low
    shaped = [0.1 * ((s - low) / spread if spread else 0.5) for s in scores]
    share = 0.9 / max(len(result.winners), 1)
    return tuple((share if seat in result.winners else 0.0) + shaped[seat] for seat in range(players))
