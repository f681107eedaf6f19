"""How the computer player reads the board (from its seat's view only): how far a passage end is
from a goal (a Relic to reach, or the Exit), what a placement would gain, where monsters prowl."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.games.catacombs import geometry as geo
from bot.games.catacombs.board import fits, with_tile
from bot.games.catacombs.data import GameData, TileKind
from bot.games.catacombs.monsters import monster_path
from bot.games.catacombs.passages import Layout, Node
from bot.games.catacombs.views import PublicView

FAR = 99
THROUGH = 3
"""What a space taken by another explorer's passage adds to a way through it."""


def layout_of_view(view: PublicView, data: GameData) -> Layout:
    opens = {view.board.exit_cell: view.board.exit_open}
    obstacles: dict[int, str] = {}
    for tile in view.tiles:
        opens[tile.cell] = tile.openings
        if tile.obstacle:
            obstacles[tile.cell] = tile.obstacle
    relic_opens = {stack.cell: stack.openings for stack in view.relics}
    blocked = set(opens) | set(relic_opens) | {m.cell for m in view.monsters}
    return Layout(data.board.grid, view.board.exit_cell, opens, obstacles, relic_opens, blocked)


def team_leaving(view: PublicView) -> bool:
    """Solo and co-op: whether the expedition should make for the Exit and leave. Perishing loses
    the game, so once Relics are out or carried, the team leaves when more would risk it: someone
    is weak (1 ❤, or 2 with monsters about), or half the Relics are won."""
    won = view.exit_relics + sum(p.relics for p in view.seats)
    if not won:
        return False
    weakest = min(p.health for p in view.seats)
    risky = weakest <= 1 or (bool(view.monsters) and weakest <= 2)
    return risky or won >= max(1, (view.relic_count + 1) // 2)


@dataclass
class Reading:
    """One seat's reading of the board: its passage, its goal and the distances to it."""

    view: PublicView
    data: GameData
    seat: int
    lay: Layout = field(init=False)
    node: Node = field(init=False)
    network: set[int] = field(init=False)
    goal: str = field(init=False)
    """"exit", "relic" or "hunt"."""
    quarry: set[int] = field(init=False)
    """"exit" or "relic"."""
    dist: dict[int, int] = field(init=False)
    danger: set[int] = field(init=False)

    def __post_init__(self) -> None:
        self.lay = layout_of_view(self.view, self.data)
        pawn = self.view.seats[self.seat]
        self.node = self.lay.node(pawn.cell, pawn.side)
        self.network = self.lay.cells(self.node)
        self.quarry = set()
        self.goal = self._goal()
        if self.goal == "hunt":
            self.quarry = self._quarry()
        self.dist = self._field()
        pawn_view = self.view.seats[self.seat]
        if (
            self.goal == "exit"
            and self.view.relics
            and self.frontier() >= FAR
            and pawn_view.relics < pawn_view.capacity
        ):
            # The way out is shut (often by Relics lying on an archway): taking them opens it.
            self.goal = "relic"
            self.dist = self._field()
        self.danger = self._danger()

    # --- goals ----------------------------------------------------------

    def carried(self, seat: int | None = None) -> int:
        return self.view.seats[self.seat if seat is None else seat].relics

    def _goal(self) -> str:
        """exit, relic, or (competitive, no Relic left on the board) hunt: reach an explorer who
        carries Relics, to take one when linking."""
        view = self.view
        carried = self.carried()
        if view.mode == "competitive":
            if carried >= view.relics_to_win:
                return "exit"
            if view.relics:
                return "relic"
            return "hunt" if self._quarry() else "exit"
        return "exit" if carried or not view.relics or team_leaving(view) else "relic"

    def _quarry(self) -> set[int]:
        """Spaces of the passages of the other explorers who carry Relics."""
        cells: set[int] = set()
        for other in self.view.seats:
            if other.seat != self.seat and other.relics and other.cell != self.view.board.exit_cell:
                cells |= self.lay.cells(self.lay.node(other.cell, other.side))
        return cells

    def goal_costs(self) -> dict[int, int]:
        """Empty spaces where a tile joining the goal would stand, with the Actions still needed
        there: a Relic whose passage faces away is one turn of it from joining ("rotating one
        Relic Tile 90 degrees" always opens any one side of an I, L or T)."""
        grid = self.lay.grid
        costs: dict[int, int] = {}

        def seed(cell: int, cost: int) -> None:
            if cell >= 0 and cost < costs.get(cell, FAR):
                costs[cell] = cost

        if self.goal == "exit":
            for direction in self.view.board.exit_open:
                seed(grid.step(self.view.board.exit_cell, direction), 0)
        elif self.goal == "hunt":
            for cell, direction in self.lay.open_ends(self.quarry):
                seed(grid.step(cell, direction), 0)
        else:
            for stack in self.view.relics:
                for direction in geo.DIRS:
                    seed(grid.step(stack.cell, direction), 0 if direction in stack.openings else 1)
        return costs

    def _field(self) -> dict[int, int]:
        """Tiles (and relic turns) still needed from each empty space to a goal space. Another
        explorer's passage is no wall for good (it is vacated once he moves on, and may be linked
        with): the way leads through it at a cost."""
        blocked = self.lay.blocked
        foreign = {cell for cell in self.lay.opens if cell not in self.network and cell != self.lay.exit_cell}
        dist: dict[int, int] = {}
        # Dijkstra with a list of spaces per cost (steps cost 1 or THROUGH): a computer's turn reads
        # the board tens of thousands of times in a search, and a heap costs twice as much
        waiting: list[list[int]] = [[] for _ in range(THROUGH + 2)]
        for cell, cost in self.goal_costs().items():
            if cell not in blocked or cell in foreign:
                waiting[cost + (THROUGH if cell in foreign else 0)].append(cell)
        neighbours = self.lay.grid.neighbours
        cost = 0
        while cost < len(waiting):
            for cell in waiting[cost]:
                if cell in dist:
                    continue
                dist[cell] = cost
                for _, other in neighbours(cell):
                    if other in dist:
                        continue
                    if other not in blocked:
                        later = cost + 1
                    elif other in foreign:
                        later = cost + THROUGH
                    else:
                        continue
                    while len(waiting) <= later:
                        waiting.append([])
                    waiting[later].append(other)
            cost += 1
        return dist

    def _danger(self) -> set[int]:
        """Spaces a monster could land on soon (whatever the vacated tiles make it jump)."""
        cells: set[int] = set()
        carried = self.carried()
        for monster in self.view.monsters:
            if monster.cell < 0:
                continue
            for jump in (0, 2, 4):
                path = monster_path(
                    self.view.board.arrows, monster.cell, jump, monster.movement + carried, set(), self.lay, {}
                )
                cells.update(path.cells)
        return cells

    # --- scores ---------------------------------------------------------

    def reaches_goal(self, cells: set[int]) -> bool:
        if self.goal == "exit":
            return self.view.board.exit_cell in cells
        if self.goal == "hunt":
            return bool(cells & self.quarry)
        return bool(self.lay.relic_reach(cells))

    def end_score(self, cell: int, direction: str, lay: Layout | None = None) -> float:
        """Tiles still needed beyond the passage end ``direction`` of ``cell``."""
        lay = lay or self.lay
        grid = lay.grid
        other = grid.step(cell, direction)
        if other < 0:
            return FAR
        back = geo.OPPOSITE[direction]
        if self.goal == "exit" and other == self.view.board.exit_cell and back in self.view.board.exit_open:
            return 0
        if self.goal == "relic" and other in self.lay.relic_opens:
            return 0 if back in self.lay.relic_opens[other] else 1
        if self.goal == "hunt" and other in self.quarry and back in lay.opens.get(other, ""):
            return 0
        if other in lay.blocked:
            return FAR
        return self.dist.get(other, FAR) + 1

    def frontier(self) -> float:
        """The best passage end the player may build on now (or a Relic to turn toward it)."""
        if self.reaches_goal(self.network):
            return 0
        ends = self.own_ends()
        if self.goal == "relic":
            grid, relics = self.lay.grid, self.lay.relic_opens
            ends += [(c, d) for c in self.network for d in self.lay.opens.get(c, "") if grid.step(c, d) in relics]
        return min((self.end_score(cell, d) for cell, d in ends), default=FAR)

    def placement_score(
        self, kind: TileKind, cell: int, rot: int, entry: str, items: tuple[str, ...], lay: Layout | None = None
    ) -> float:
        """What laying ``kind`` at ``cell`` leaves to do (lower is better), with costs for
        obstacles without the item, slides' surprises and monsters nearby."""
        openings = geo.rotate(kind.openings, rot)
        # the ends' scores look at the spaces beyond the tile, never at its own: the board without it will do
        board = lay or self.lay
        score: float = min((self.end_score(cell, d, board) for d in openings if d != entry), default=FAR)
        return score + self.cost(kind, cell, items)

    def cost(self, kind: TileKind, cell: int, items: tuple[str, ...]) -> float:
        score = 0.05
        if kind.obstacle:
            item = {"gulch": "whip", "cave_in": "pickaxe", "flooded": "kayak"}[kind.obstacle]
            score += 0.3 if item in items else 0.9
        if kind.slide:
            score += 0.4
        if cell in self.danger:
            # A monster landing on a passage attacks everyone on it: Relics carried are at stake.
            score += 1.2 if self.view.mode == "competitive" and not self.carried() else 2.5
        return score

    def lookahead(
        self, lay: Layout, ends: list[tuple[int, str]], hand: list[TileKind], items: tuple[str, ...], depth: int = 2
    ) -> tuple[float, int, int, int]:
        """The best score a run of up to ``depth`` tiles from ``hand`` reaches from ``ends``:
        (score, index in ``hand`` of the first tile, its space, its turns)."""
        best: tuple[float, int, int, int] = (FAR, -1, -1, -1)
        seen: set[tuple[str, int, int]] = set()
        for index, kind in enumerate(hand):
            for p in fits(kind, ends, lay, "put"):
                if (kind.key, p.cell, p.rot) in seen:
                    continue
                seen.add((kind.key, p.cell, p.rot))
                openings = geo.rotate(kind.openings, p.rot)
                # scored on the board without the tile (``placement_score``), laid only to go deeper
                here = min((self.end_score(p.cell, d, lay) for d in openings if d != p.side), default=FAR)
                cost = self.cost(kind, p.cell, items)
                score = here + cost
                if depth > 1 and 0 < here < FAR:
                    after = with_tile(lay, p.cell, openings, kind.obstacle)
                    rest = hand[:index] + hand[index + 1 :]
                    onward = [(p.cell, d) for d in openings if d != p.side]
                    deeper = self.lookahead(after, onward, rest, items, depth - 1)[0] + cost
                    score = min(score, deeper)
                if score < best[0]:
                    best = (score, index, p.cell, p.rot)
        return best

    def own_ends(self) -> list[tuple[int, str]]:
        pawn = self.view.seats[self.seat]
        if pawn.start:
            target = self.lay.grid.step(pawn.cell, pawn.start)
            if target >= 0 and target not in self.lay.blocked:
                return [(pawn.cell, pawn.start)]
        return self.lay.open_ends(self.network)

    def cell_distance(self, a: int, b: int) -> int:
        return abs(a % 12 - b % 12) + abs(a // 12 - b // 12)
