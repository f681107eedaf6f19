"""How the computer player values a position: room to move next turn and the Paths the
final agenda wants (solo), or its own secret side's chances (multiplayer).

A ``Planner`` decodes one seat view into the maze dictionaries of ``maze.py`` once per
decision; the search in ``ai.py`` plays placements out on copies and asks it for values.
"""

from __future__ import annotations

from bot.games.mccc import maze as mz
from bot.games.mccc import moves
from bot.games.mccc.data import GameData
from bot.games.mccc.views import Agenda, PublicView, SeatView

LOSS = -1000.0
WIN = 1000.0

# Solo position score (0-100): weights of the room-to-move features, tuned by simulation.
W_WORKING = 0.45
W_MOBILITY = 0.35
W_ROOM = 0.2
STUCK_FACTOR = 0.2
# How much a position that already has the Paths the final agenda wants is worth while play goes on.
AGENDA_BASE = 0.55
AGENDA_HELD = 0.2

# Multiplayer: a card on the belt that could end the game next turn, for this side or another.
THREAT_OWN = 15.0
THREAT_OTHER = -25.0

Facts = dict[str, bool]


def held(facts: Facts, agenda: Agenda) -> int:
    """How many of the agenda's two conditions hold."""
    return (facts["mouse_cheese"] == agenda.mouse_cheese) + (facts["cat_mouse"] == agenda.cat_mouse)


class Planner:
    """What the planner needs from a view, decoded once per decision."""

    def __init__(self, view: SeatView, data: GameData) -> None:
        public: PublicView = view.public
        self.view = public
        self.t = data.table
        self.solo = public.solo
        self.maze: mz.Maze = {
            mz.parse_label(c.cell): ((c.under, c.card) if c.under is not None else (c.card,), c.rot)
            for c in public.maze
        }
        self.chars: mz.Chars = {k: mz.parse_label(cell) for k, cell in public.characters.placed()}
        self.belt: list[int] = [b.card for b in public.belt if b.card is not None]
        self.effects = list(public.effects)
        self.active = [c for c in public.active if c in ("mouse", "cat")]
        self.anchors = list(public.active)
        self.placed = mz.parse_label(public.placed) if public.placed else None
        self.p_end = public.outlook.cucumber
        self.agenda: str | None = None
        # The agendas that may still be the final one (narrowing down the suspects).
        self.suspects: list[Agenda] = []
        if self.solo:
            revealed = {a.key for a in public.agendas}
            self.suspects = [a for k, a in data.agendas.items() if k not in revealed]
            if len(self.suspects) == 1:
                self.agenda = self.suspects[0].key
        elif view.secret is not None:
            self.agenda = view.secret.key
        self.want = data.agendas[self.agenda] if self.agenda else None
        self.proxies = self._proxies(data)
        self.key = (
            tuple(sorted(self.maze.items())),
            tuple(sorted(self.chars.items())),
            tuple(self.belt),
            tuple(self.effects),
            tuple(self.active),
            tuple(self.anchors),
            self.p_end,
            self.agenda,
            tuple(a.key for a in self.suspects),
        )
        """Everything a turn's values depend on: the pick and the placement that follows share them."""

    def _proxies(self, data: GameData) -> list[int]:
        """The unknown card that refills the belt: one plain card of the most common shape
        among the cards not seen yet stands in for it."""
        seen = set(self.belt)
        for cards, _ in self.maze.values():
            seen.update(cards)
        unseen = [cid for cid in self.t.ids if cid not in seen and cid != data.studio]
        by_shape: dict[str, int] = {}
        for cid in unseen:
            by_shape[self.t.shape[cid]] = by_shape.get(self.t.shape[cid], 0) + 1
        if not by_shape:
            return []
        shape = max(sorted(by_shape), key=lambda k: by_shape[k])
        return [next(cid for cid in unseen if self.t.shape[cid] == shape)]

    # ------------------------------------------------------------------ values

    def ended(self, maze: mz.Maze, chars: mz.Chars, hit: str | None) -> float:
        """A run that ends the game: always a loss in solo; in multiplayer, good for the side
        whose character reached its target."""
        if self.solo or self.want is None:
            return LOSS
        facts = self.facts(maze, chars)
        reached = "mouse_cheese" if hit == "cheese" else "cat_mouse"
        facts[reached] = True
        reacher = "mouse" if reached == "mouse_cheese" else "cat"
        if self.agenda == reacher:
            return WIN
        # Whoever sides with the reaching character wins outright; if nobody does, the Paths count.
        return {2: 0.0, 1: LOSS * 0.6, 0: LOSS}[held(facts, self.want)]

    def facts(self, maze: mz.Maze, chars: mz.Chars) -> Facts:
        return {
            "mouse_cheese": mz.trace(self.t, maze, chars, "mouse", "cheese") is not None,
            "cat_mouse": mz.trace(self.t, maze, chars, "cat", "mouse") is not None,
        }

    def evaluate(self, maze: mz.Maze, chars: mz.Chars, rest: list[int]) -> float:
        if not self.solo:
            return self._evaluate_multi(maze, chars, rest)
        active = [c for c in self.active if c in chars]
        mobility, working = self.mobility(maze, chars, rest + self.proxies)
        known = len(rest)
        room = self.room(maze, chars, active)
        # Room to move next turn: belt cards that still work, placements that work, free neighbours.
        survive = (
            W_WORKING * min(working, known + 1) / (known + 1)
            + W_MOBILITY * min(mobility, 16) / 16.0
            + W_ROOM * min(room, 4) / 4.0
        )
        if mobility == 0:
            survive *= STUCK_FACTOR
        p = self.p_end
        if self.want is None and not p:
            return survive * 100
        facts = self.facts(maze, chars)
        # Not sure yet which agenda is at the bottom: average over the suspects left.
        wants = [self.want] if self.want is not None else self.suspects
        mean_held = sum(held(facts, want) for want in wants) / len(wants)
        sat = sum(held(facts, want) == 2 for want in wants) / len(wants)
        return 100 * (p * sat + (1 - p) * survive * (AGENDA_BASE + AGENDA_HELD * mean_held))

    def mobility(self, maze: mz.Maze, chars: mz.Chars, cards: list[int]) -> tuple[int, int]:
        """Next turn's room to move: (placements that let an active character move on,
        cards among ``cards`` with at least one such placement)."""
        actives = [c for c in self.active if c in chars]
        anchors = [chars[c] for c in actives]
        count = 0
        working = 0
        for card in cards:
            before = count
            for kind, cell, rot in mz.placements(self.t, maze, chars, card, anchors):
                m2, _ = mz.lay(self.t, maze, kind, cell, card, rot)
                for c in actives:
                    if mz.direction(cell, chars[c]) < 0:
                        continue
                    dests, _ = moves.destinations(self.t, m2, chars, c, cell)
                    if any(hit is None for hit in dests.values()):
                        count += 1
                        break
            working += count > before
        return count, working

    def room(self, maze: mz.Maze, chars: mz.Chars, who: list[str]) -> float:
        """Empty or stackable neighbours of the active characters, within the 5 x 5 limit."""
        box = mz.box_of(mz.occupied(maze, chars))
        taken = set(chars.values())
        room = 0.0
        for c in who:
            if c not in chars:
                continue
            for cell in mz.NB[chars[c]]:
                if cell < 0 or cell in taken:
                    continue
                if cell in maze:
                    if len(maze[cell][0]) == 1:
                        room += 0.5
                elif mz.fits(box, cell):
                    room += 1.0
        return room

    def _evaluate_multi(self, maze: mz.Maze, chars: mz.Chars, rest: list[int]) -> float:
        return self.finish(self.position_value(maze, chars), maze, chars, rest)

    def position_value(self, maze: mz.Maze, chars: mz.Chars) -> float:
        """Multiplayer: a position for this player's secret side, before the next turn's threats:
        the Paths its agenda wants and how close the characters are."""
        want = self.want
        assert want is not None
        value = 20.0 * held(self.facts(maze, chars), want)
        if "cat" in chars and "mouse" in chars:
            d = mz.distance(chars["cat"], chars["mouse"])
            value += (-d if want.cat_mouse else d) * 1.5
        d = mz.distance(chars["mouse"], chars["cheese"])
        value += (-d if want.mouse_cheese else d) * 1.5
        return value

    @property
    def threat_gain(self) -> float:
        """The most the next turn's threats can add to ``position_value``."""
        return THREAT_OWN if self.agenda in ("mouse", "cat") else 0.0

    def finish(self, value: float, maze: mz.Maze, chars: mz.Chars, rest: list[int]) -> float:
        """``position_value`` and whether a card from the belt could end the game next turn by
        running the Mouse onto the Cheese or the Cat onto the Mouse (good only for that side)."""
        for reached, present in self._threats(maze, chars, rest + self.proxies).items():
            if present:
                reacher = "mouse" if reached == "mouse_cheese" else "cat"
                value += THREAT_OWN if self.agenda == reacher else THREAT_OTHER
        return value

    def _threats(self, maze: mz.Maze, chars: mz.Chars, cards: list[int]) -> dict[str, bool]:
        """Could one of ``cards`` be placed next turn so that the Mouse runs onto the Cheese
        (``mouse_cheese``) or the Cat and the Mouse meet (``cat_mouse``)?"""
        found = {"mouse_cheese": False, "cat_mouse": False}
        movers: list[str] = [c for c in ("mouse", "cat") if c in chars]
        spec = self.t.spec
        for cell, kind, near in self._spaces_by_movers(maze, chars, movers):
            for card in dict.fromkeys(cards):
                rots = mz.stack_rots(self.t, maze, card, cell) if kind == "stack" else self.t.distinct[card]
                for rot in rots:
                    # Only a mover the card is open towards runs through it (its own cogs never turn it).
                    entering = [c for c, d in near if spec[card][rot][0] >> d & 1]
                    if not entering:
                        continue
                    m2, _ = mz.lay(self.t, maze, kind, cell, card, rot)
                    for c in entering:
                        dests, _ = moves.destinations(self.t, m2, chars, c, cell)
                        for hit in dests.values():
                            if hit == "cheese":
                                found["mouse_cheese"] = True
                            elif hit is not None:
                                found["cat_mouse"] = True
                    if all(found.values()):
                        return found
        return found

    @staticmethod
    def _spaces_by_movers(
        maze: mz.Maze, chars: mz.Chars, movers: list[str]
    ) -> list[tuple[int, str, list[tuple[str, int]]]]:
        """The spaces next to the Mouse or the Cat a card may go (``place`` or ``stack``), each with
        the movers beside it and the direction from the space to each. Any space next to something
        in the maze takes a card in multiplayer, and a mover is in the maze."""
        box = mz.box_of(mz.occupied(maze, chars))
        taken = set(chars.values())
        spaces = []
        for cell in sorted({cell for c in movers for cell in mz.NB[chars[c]] if cell >= 0 and cell not in taken}):
            if cell in maze:
                if len(maze[cell][0]) > 1:
                    continue
                kind = "stack"
            elif mz.fits(box, cell):
                kind = "place"
            else:
                continue
            near = [(c, d) for c in movers if (d := mz.direction(cell, chars[c])) >= 0]
            spaces.append((cell, kind, near))
        return spaces
