"""What a searching team partner works with: a state redealt from what the table knows
(``determinize``), and how the team's chances look in an unfinished game (``estimate``).

"Secrets among players are not needed in a cooperative game": event cards and geocoins lie face up
and peeks are reveals, so every seat knows the same. Unknown to all are the face-down tiles, the
stock, the order of the decks and of the geocoin stack, and the muggles' dice; ``determinize`` redeals
them (Cache Me If You Can's ``sampling.redeal``). One geocoin is known although it lies in the stack:
"Once per game he can go to the Mega Event space and trade a coin for the top one on the deck" puts
the solitaire player's coin at the bottom (house decision), where it stays.
"""

from __future__ import annotations

import math

from bot.engine import Rng
from bot.games.cmiyc.sampling import redeal
from bot.games.muggles import goals
from bot.games.muggles.data import MugglesData
from bot.games.muggles.state import MugglesState


def determinize(state: MugglesState, seed: int) -> MugglesState:
    """``state`` (a copy, changed in place) with what nobody knows redealt from ``seed``."""
    known_below = 1 if state.players == 1 and state.coin_trade_used and state.coin_stack else 0
    rng = Rng.from_seed(seed, "muggles-determinize")
    return redeal(state, 0, rng, open_hands=True, coins_known_below=known_below)


GROUPS_WEIGHT = 0.6
"""Share of the requirements' progress that is the Cache Groups (the rest is the geocoins)."""
DANGER = 0.35
"""How much a needed group with few tiles left lowers the chances (per group, at one tile left)."""


def _group_danger(team: MugglesData, state: MugglesState) -> float:
    """The groups the team still lacks, each weighing more the fewer of its tiles are left to get
    (a trashed group weighs most: "Watch for completely trashed groups that make the game unwinnable")."""
    book = goals.ledger(team, state)
    held = goals.team_groups(team, state)
    danger = 0.0
    for group in team.groups:
        if group.id in held:
            continue
        left = book.woods[group.id] + book.carried[group.id] + book.held[group.id]
        danger += math.exp(-left / 2)
    return danger


def _coin_progress(state: MugglesState) -> float:
    goal = state.goal
    counts = [goals.flipped(state, p) for p in state.seats]
    parts = []
    if goal[goals.PLAYER_COINS]:
        parts.append(sum(min(c, goal[goals.PLAYER_COINS]) for c in counts) / (goal[goals.PLAYER_COINS] * len(counts)))
    if goal[goals.TEAM_COINS]:
        parts.append(min(sum(counts), goal[goals.TEAM_COINS]) / goal[goals.TEAM_COINS])
    twos = min(goal[goals.TWO_COIN_PLAYERS], state.players)
    if twos:
        parts.append(min(sum(c >= 2 for c in counts), twos) / twos)
    return sum(parts) / len(parts) if parts else 1.0


def _group_progress(team: MugglesData, state: MugglesState) -> float:
    goal = state.goal
    parts = []
    if goal[goals.TEAM_GROUPS]:
        parts.append(min(len(goals.team_groups(team, state)), goal[goals.TEAM_GROUPS]) / goal[goals.TEAM_GROUPS])
    if goal[goals.PLAYER_GROUPS]:
        each = [min(len(goals.groups_of(team, p)), goal[goals.PLAYER_GROUPS]) for p in state.seats]
        parts.append(sum(each) / (goal[goals.PLAYER_GROUPS] * len(each)))
    return sum(parts) / len(parts) if parts else 1.0


def chance(team: MugglesData, state: MugglesState) -> float:
    """The team's chance to win, from how far the requirements are met and how close the muggles are
    to trashing a group the team still needs."""
    progress = GROUPS_WEIGHT * _group_progress(team, state) + (1 - GROUPS_WEIGHT) * _coin_progress(state)
    hope = 0.2 + 0.75 * progress
    return max(0.02, hope * (1 - min(0.9, DANGER * _group_danger(team, state))))


def estimate(team: MugglesData, state: MugglesState) -> tuple[float, ...]:
    """Every seat the team's chance, on the scale the search scores a finished game with (0.9 a win)."""
    return (0.9 * chance(team, state),) * state.players
