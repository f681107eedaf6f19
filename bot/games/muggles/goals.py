"""The Cache Groups, the win requirements, and losing "whenever the above winning conditions become impossible".

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

from bot.games.cmiyc.components import Goal
from bot.games.cmiyc.data import GameData
from bot.games.cmiyc.scoring import complete_sets
from bot.games.cmiyc.state import Player
from bot.games.muggles import reach
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


def coins_needed(goal: list[int], players: int) -> int:
    """Flipped geocoins the whole team needs at the least."""
    each = goal[PLAYER_COINS] * players + max(0, 2 - goal[PLAYER_COINS]) * min(goal[TWO_COIN_PLAYERS], players)
    return max(goal[TEAM_COINS], each)


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


# ---------------------------------------------------------------------- losing


@dataclass(frozen=True)
class Loss:
    kind: str
    """``trashed``, ``unreachable``, ``sets``, ``each`` (groups each player needs) or ``coins``."""
    groups: tuple[str, ...] = ()
    needed: int = 0
    possible: int = 0


def fingerprint(state: MugglesState) -> tuple[object, ...]:
    """Everything ``won`` and ``loss`` read: while it is unchanged, so is their answer."""
    return (
        tuple(state.board.items()),
        tuple(state.faceup),
        tuple(state.known),
        len(state.stock),
        tuple(state.coins_flipped),
        tuple(m.carrying for m in state.muggles),
        len(state.equipment_deck),
        tuple((p.square, tuple(p.caches), tuple(p.coins), tuple(g.card for g in p.gear)) for p in state.seats),
    )


def _in_play(state: MugglesState) -> list[int]:
    return [t for p in state.seats for t in p.caches] + [m.carrying for m in state.muggles if m.carrying >= 0]


def loss(team: MugglesData, state: MugglesState) -> Loss | None:
    """Why winning has become impossible, or None while it is still possible."""
    data = team.game
    goal = state.goal
    anywhere = units(team, [*_in_play(state), *state.stock, *state.board.values()])
    reachable = reach.collectable_on_board(data, state)
    possible = units(team, [*_in_play(state), *state.stock, *reachable])
    held = team_groups(team, state)
    need = goal[TEAM_GROUPS]
    ids = [g.id for g in team.groups]
    if sum(1 for g in ids if g in held or anywhere[g]) < need:
        gone = tuple(g for g in ids if g not in held and not anywhere[g])
        kind = "sets" if all(team.group(g).sets for g in gone) and _pieces_left(team, state) else "trashed"
        return Loss(kind, gone, need)
    if sum(1 for g in ids if g in held or possible[g]) < need:
        return Loss("unreachable", tuple(g for g in ids if g not in held and anywhere[g] and not possible[g]), need)
    each = goal[PLAYER_GROUPS]
    if each:
        capacity = sum(min(state.players, possible[g]) for g in ids)
        if capacity < each * state.players:
            return Loss("each", (), each * state.players, capacity)
    coins = coins_needed(goal, state.players)
    if coins:
        can = flippable(team, state, possible, reachable)
        if can < coins:
            return Loss("coins", (), coins, can)
    return None


def _pieces_left(team: MugglesData, state: MugglesState) -> bool:
    """Some multi-cache pieces are still in play (but not enough for a set)."""
    data = team.game
    tiles = [*_in_play(state), *state.stock, *state.board.values()]
    return any(data.kind(t).is_set for t in tiles)


def flippable(team: MugglesData, state: MugglesState, possible: Counter[str], reachable: list[int]) -> int:
    """Geocoins already flipped or whose goal can still be met (coins never leave the game);
    ``reachable``: the caches on the board humans can still reach and take."""
    data = team.game
    tiles = [*_in_play(state), *state.stock, *reachable]
    kinds = Counter(data.tiles[t].kind for t in tiles)
    gear = len(state.equipment_deck) + sum(len(p.gear) for p in state.seats)
    return sum(
        1
        for coin in data.coins
        if coin.id in state.coins_flipped or _goal_open(data, coin.goal, kinds, gear, possible, team)
    )


def _goal_open(
    data: GameData, goal: Goal, kinds: Counter[str], gear: int, possible: Counter[str], team: MugglesData
) -> bool:
    match goal.kind:
        case "hold":
            return sum(kinds[t] for t in goal.types) >= goal.count
        case "types":
            return sum(1 for k, n in kinds.items() if n and data.kinds[k].is_cache) >= goal.count
        case "set":
            return any(possible[g.id] for g in team.groups if g.sets)
        case "equipment":
            return gear >= goal.count
    return True
