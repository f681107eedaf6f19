"""Setting up a game: start tiles, pawns, relics, monsters, characters and hands.

"Randomly choose Relic Tiles to use during the game, based on how many players are playing:
1-2 Players = 3 Relic Tiles, 3 Players = 4 Relic Tiles, 4 Players = 6 Relic Tiles".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.engine import Rng
from bot.games.catacombs import geometry as geo
from bot.games.catacombs.context import Ctx
from bot.games.catacombs.data import GameData
from bot.games.catacombs.draws import draw_refill
from bot.games.catacombs.state import Monster, Relic, Seat, State, Tile

RELICS_BY_PLAYERS = {1: 3, 2: 3, 3: 4, 4: 6}
LONG_GAME_RELICS = 3
RELICS_TO_WIN = 2


def relic_count(players: int, mode: str, option: Any) -> int:
    """Competitive games follow the player count; solo and co-op players "may play with as many
    Relics on the board as you like" (option ``relics``, 1-6)."""
    if mode != "competitive" and str(option) != "auto":
        return int(option)
    return RELICS_BY_PLAYERS[players]


def monster_count(players: int, option: Any) -> int:
    """ "It is recommended to play with as many Monsters as players." """
    return players if str(option) == "players" else int(option)


def new_state(d: GameData, players: int, mode: str, options: Mapping[str, Any], seed: int) -> State:
    rng = Rng.from_seed(seed, "catacombs")
    kinds = d.kinds
    by_class: dict[str, list[int]] = {}
    for tile, kind in enumerate(kinds):
        by_class.setdefault(kind.cls, []).append(tile)
    bag = [t for cls in ("passage", "encounter", "bonus", "item") for t in by_class[cls]]
    board: dict[int, Tile] = {}
    for start in d.board.start_tiles[players]:
        tile = next(t for t in bag if kinds[t].key == start.key)
        bag.remove(tile)
        board[start.cell] = Tile(tile, start.rotation)
    count = relic_count(players, mode, options.get("relics", "auto"))
    relics, aside = _relics(d, rng, by_class["relic"], count)
    monsters, unused = _monsters(d, rng, monster_count(players, options.get("monsters", "players")), relics, board)
    seats = [Seat(cell=cell, side="C", start=side) for cell, side in d.board.starts[players]]
    state = State(
        players=players,
        rng=rng.state,
        mode=mode,
        relics_to_win=LONG_GAME_RELICS if options.get("longer") else RELICS_TO_WIN,
        relic_count=count,
        round_limit=int(options.get("rounds", 0)),
        board=board,
        relics=relics,
        monsters=monsters,
        bag=bag,
        seats=seats,
        tasks=[],
        aside=aside + unused,
    )
    ctx = Ctx(state, d, rng)
    for seat in range(players):
        # "Each player draws 5 Tiles (replace any Encounter Tiles and redraw)."
        draw_refill(ctx, seat, d.house.hand_size)
    state.bag.extend(state.flags.aside)
    state.flags.aside = []
    ctx.push("turn_start", a=0)
    if options.get("characters") == "random":
        keys = list(d.characters)
        rng.shuffle(keys)
        for seat, key in enumerate(keys[:players]):
            character = d.characters[key]
            seats[seat].character = key
            seats[seat].characters_used.append(key)
            seats[seat].health, seats[seat].bullets = character.health, character.bullets
    else:
        for seat in reversed(range(players)):
            ctx.push("draft", seat)
    state.rng = rng.state
    return state


def _relics(d: GameData, rng: Rng, tiles: list[int], count: int) -> tuple[dict[int, list[Relic]], list[int]]:
    """ "Randomly place the Relic Tiles in the spaces indicated in the three quadrants of the board
    for the appropriate number of players." Other counts (solo, co-op) use spaces of the 6-relic set."""
    chosen = rng.sample(tiles, count)
    spaces = (
        list(d.board.relic_spaces[count])
        if count in d.board.relic_spaces
        else rng.sample(list(d.board.relic_spaces[6]), count)
    )
    rng.shuffle(spaces)
    relics = {cell: [Relic(tile, rng.below(4))] for cell, tile in zip(spaces, chosen)}
    return relics, [t for t in tiles if t not in chosen]


def _monsters(
    d: GameData, rng: Rng, count: int, relics: dict[int, list[Relic]], board: dict[int, Tile]
) -> tuple[list[Monster], list[int]]:
    """ "For each Monster you use, place its tile in one of the center four spaces of a quadrant"
    (house rule: the quadrants are dealt round in a random order, the space at random)."""
    chosen = rng.sample(list(d.monster_tiles), count)
    quarters = [0, 1, 2, 3]
    rng.shuffle(quarters)
    monsters: list[Monster] = []
    for index, tile in enumerate(chosen):
        q = quarters[index % 4]
        taken = set(relics) | set(board) | {m.cell for m in monsters} | {d.board.exit_cell}
        free = [c for c in geo.centre_four(q) if c not in taken] or [c for c in geo.centre_ring(q) if c not in taken]
        monsters.append(Monster(tile, rng.choice(free)))
    return monsters, [t for t in d.monster_tiles if t not in chosen]
