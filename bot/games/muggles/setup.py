"""Setting up Muggles: the base game's set-up, then the muggles and the solitaire game's changes.

* "Two muggles are in play (one muggle for each wooded board)." They "start on the edge of their
  board furthest away from the Town, in the same row or column as the Moonrise Café, facing the Town."
* Solitaire: "He does not play as Borrower or Coin Collector." and "He starts with five equipment cards."
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.engine import Rng
from bot.games.cmiyc import setup as base_setup
from bot.games.cmiyc.state import Gear, Prompt, State
from bot.games.muggles import goals
from bot.games.muggles.data import MugglesData
from bot.games.muggles.state import Muggle, MugglesState
from bot.games.muggles.walk import start_square

SOLO_EQUIPMENT = 5
NOT_SOLO = ("borrower", "coin_collector")
"""Characters the solitaire player does not play: "He does not play as Borrower or Coin Collector"."""


def new_state(team: MugglesData, players: int, seed: int, options: Mapping[str, Any]) -> MugglesState:
    data = team.game
    base = base_setup.new_state(data, players, seed, "standard", 0)
    requirement, goal = goals.goal_for(players, options)
    fields = {name: getattr(base, name) for name in State.__struct_fields__}
    state = MugglesState(**fields, requirement=requirement, goal=goal, stop_round=int(options["round_limit"]))
    for part in data.board.woods:
        square, facing = start_square(data.board, part.id)
        state.muggles.append(Muggle(part.id, square, facing))
    if players == 1:
        _solitaire(team, state)
    return state


def _solitaire(team: MugglesData, state: MugglesState) -> None:
    rng = Rng(state.rng)
    player = state.seats[0]
    if player.character in NOT_SOLO:
        taken = {p.character for p in state.seats}
        allowed = [c.id for c in team.game.characters if c.id not in NOT_SOLO and c.id not in taken]
        player.character = rng.choice(allowed)
    while len(player.gear) < SOLO_EQUIPMENT and state.equipment_deck:
        card = state.equipment_deck.pop()
        player.gear.append(Gear(card))
        state.prompts.append(Prompt("side", 0, card=card))
    state.rng = rng.state
