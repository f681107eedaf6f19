"""Setting up ("AUFSTELLEN").

"Mischt die Cache-Bereichsplättchen und legt sie verdeckt auf jedes Feld, auf dem sich kein
„Trail on the Woods“-Plättchen befindet. Jeder Spieler beginnt mit einer Spielfigur, einem
GPS/STIFT, 3 Ausrüstungskarten und 1 Charakterkarte." "Alle Spieler beginnen auf dem Feld
„Moonrise Café“." Each player then chooses the side of each equipment card ("Der Spieler muss
entscheiden, welchen Gegenstand er verwenden möchte"); everyone chooses at the same time.
"""

from __future__ import annotations

from bot.engine import Rng
from bot.games.cmiyc.data import GameData
from bot.games.cmiyc.state import Gear, Player, Prompt, State

STARTING_EQUIPMENT = 3


def new_state(data: GameData, players: int, seed: int, victory: str, round_limit: int) -> State:
    rng = Rng.from_seed(seed, "cmiyc")
    tiles = list(range(len(data.tiles)))
    rng.shuffle(tiles)
    board = {square: tiles.pop() for square in data.board.tile_squares}
    equipment = list(range(len(data.equipment)))
    rng.shuffle(equipment)
    events = list(range(len(data.events)))
    rng.shuffle(events)
    coins = list(range(len(data.coins)))
    rng.shuffle(coins)
    characters = [c.id for c in data.characters]
    rng.shuffle(characters)
    seats = []
    prompts = []
    for seat in range(players):
        gear = [Gear(equipment.pop()) for _ in range(STARTING_EQUIPMENT)]
        seats.append(Player(characters[seat], data.board.cafe, gear=gear))
        prompts += [Prompt("side", seat, card=g.card) for g in gear]
    return State(
        players=players,
        rng=rng.state,
        victory=victory,
        round_limit=round_limit,
        seats=seats,
        board=board,
        faceup=[],
        stock=tiles,
        equipment_deck=equipment,
        event_deck=events,
        coin_stack=coins,
        round=0,
        prompts=prompts,
    )
