"""The Cache Groups and the win requirements (losing is ``losing``).

* "Basic Win requirements 1. As a team, players must have at least one cache type from all seven
  groups 2. Every player must have at least one flipped geocoin (condition met)"
* "Advanced Win requirements – all Basic Win requirements plus 3. Every player must have at least one
  cache type from five of the seven groups 4. Two players must have two flipped geocoins"
* "Custom Win requirements 1. Agree on a target combination of Team Cache Groups, Team Coins,
  Individual Cache Groups, and Individual coins."
* Solitaire: "a. He has at least one cache type from six of the seven groups b. He has one flipped
  geocoin (condition met)"
* A multi-cache counts as a set: "one player must hold the entire set for a multi-cache to be claimed."

A goal is five numbers: groups the team holds, groups each player holds, flipped geocoins in all,
flipped geocoins each player holds, and players who need two flipped geocoins.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.games.cmiyc.scoring import complete_sets
from bot.games.cmiyc.state import Player
from bot.games.muggles.data import Group, MugglesData
from bot.games.muggles.state import MugglesState

TEAM_GROUPS, PLAYER_GROUPS, TEAM_COINS, PLAYER_COINS, TWO_COIN_PLAYERS = range(5)
GOALS = {
    "basic": (7, 0, 0, 1, 0),
    "advanced": (7, 5, 0, 1, 2),
    "solo": (6, 0, 0, 1, 0),
}


def goal_for(players: int, options: Mapping[str, Any]) -> tuple[str, list[int]]:
    """(requirement name, goal numbers) for a table."""
    chosen = str(options["requirements"])
    if chosen == "custom":
        return chosen, [
            int(options["team_groups"]),
            int(options["player_groups"]),
            int(options["team_coins"]),
            int(options["player_coins"]),
            0,
        ]
    if players == 1:
        return "solo", list(GOALS["solo"])
    return chosen, list(GOALS[chosen])


# ---------------------------------------------------------------------- holdings


def units(team: MugglesData, tiles: Iterable[int]) -> Counter[str]:
    """How many of each group ``tiles`` make: caches one each, multi-caches one per whole set."""
    data = team.game
    found: Counter[str] = Counter()
    pieces: Counter[str] = Counter()
    for tile in tiles:
        kind = data.kind(tile)
        if not kind.is_cache:
            continue
        if kind.is_set:
            pieces[kind.id] += 1
        else:
            found[team.group_of(kind.id).id] += 1
    for kind_id, count in pieces.items():
        found[team.group_of(kind_id).id] += count // data.kinds[kind_id].set_size
    return found


def groups_of(team: MugglesData, player: Player) -> set[str]:
    """The groups a player holds (a multi-cache group only with a completed set)."""
    data = team.game
    held = {team.group_of(data.tiles[t].kind).id for t in player.caches if not data.kind(t).is_set}
    if complete_sets(data, player.caches):
        held |= {g.id for g in team.groups if g.sets}
    return held


def team_groups(team: MugglesData, state: MugglesState) -> set[str]:
    return set().union(*(groups_of(team, p) for p in state.seats))


def flipped(state: MugglesState, player: Player) -> int:
    return sum(c in state.coins_flipped for c in player.coins)


def won(team: MugglesData, state: MugglesState) -> bool:
    goal = state.goal
    if len(team_groups(team, state)) < goal[TEAM_GROUPS]:
        return False
    if any(len(groups_of(team, p)) < goal[PLAYER_GROUPS] for p in state.seats):
        return False
    counts = [flipped(state, p) for p in state.seats]
    if sum(counts) < goal[TEAM_COINS] or min(counts) < goal[PLAYER_COINS]:
        return False
    return sum(c >= 2 for c in counts) >= min(goal[TWO_COIN_PLAYERS], state.players)


# ---------------------------------------------------------------------- where each group's tiles are


@dataclass(frozen=True)
class Ledger:
    """Each group's tiles by where they are (multi-caches counted in pieces)."""

    held: Counter[str]
    woods: Counter[str]
    """On the board or in the stock."""
    carried: Counter[str]
    trashed: Counter[str]


def ledger(team: MugglesData, state: MugglesState) -> Ledger:
    data = team.game

    def count(tiles: Iterable[int]) -> Counter[str]:
        return Counter(team.group_of(data.tiles[t].kind).id for t in tiles if data.kind(t).is_cache)

    return Ledger(
        held=count(t for p in state.seats for t in p.caches),
        woods=count([*state.board.values(), *state.stock]),
        carried=count(m.carrying for m in state.muggles if m.carrying >= 0),
        trashed=count(state.discard),
    )


def status(team: MugglesData, state: MugglesState, group: Group, book: Ledger, held: set[str]) -> str:
    """``held`` (the team has it), ``gone`` (every tile trashed), ``risk`` (what is left is all carried
    by muggles: "at risk"), or ``open``."""
    if group.id in held:
        return "held"
    if not (book.held[group.id] + book.woods[group.id] + book.carried[group.id]):
        return "gone"
    if not (book.held[group.id] + book.woods[group.id]):
        return "risk"
    return "open"
