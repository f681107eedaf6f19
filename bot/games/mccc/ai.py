"""The computer player: plans each whole turn from its seat's view only.

Solo: every belt card x legal placement x move outcome of the current turn is played
out on a copy of the maze (with the same rule functions the engine uses) and scored.
Immediate losses are avoided; the next turn's room to move (how many placements of the
other belt cards, plus a stand-in for the unknown card that refills the belt, let the
Active Character move on) is kept high; and the Paths the final agenda wants count in
proportion to the public chance that the Cucumber shows up at the end of this turn
(averaged over the agendas not revealed yet while more than one is left). It never
looks at the deck order or at unrevealed agendas: they are not in its view.

Multiplayer: the same turn search, scored for its own secret side: ending the game
when that wins, the Paths its agenda wants, distances that lead there, and whether the
belt leaves the Mouse or the Cat one card away from a target that is not its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.engine import Choice, ComputerPlayer, Rng
from bot.games.mccc import maze as mz
from bot.games.mccc.data import GameData

LOSS = -1000.0
WIN = 1000.0


class _Ctx:
    """What the planner needs from a view, decoded once per decision."""

    def __init__(self, view: Mapping[str, Any], data: GameData) -> None:
        self.view = view
        self.t = data.table
        self.data = data
        self.solo = view["mode"] == "solo"
        self.maze: mz.Maze = {}
        for entry in view["maze"]:
            cards = (entry["under"], entry["card"]) if entry["stacked"] else (entry["card"],)
            self.maze[mz.parse_label(entry["cell"])] = (cards, entry["rot"])
        self.chars: mz.Chars = {k: mz.parse_label(v) for k, v in view["characters"].items() if v}
        self.belt: list[int] = [b["card"] for b in view["belt"] if isinstance(b["card"], int)]
        self.effects = list(view["ability"]["this_turn"])
        self.active = [c for c in view["active"] if c in ("mouse", "cat")]
        self.anchors = list(view["active"])
        self.placed = mz.parse_label(view["placed"]) if view.get("placed") else None
        self.p_end = float(view["outlook"]["cucumber"])
        self.agenda: str | None = None
        # The agendas that may still be the final one (narrowing down the suspects).
        self.suspects: list[dict[str, bool]] = []
        if self.solo:
            revealed = view["agendas"]["revealed"]
            left = [k for k in data.agendas if k not in revealed]
            self.suspects = [data.agendas[k]["win"] for k in left]
            if len(left) == 1:
                self.agenda = left[0]
        else:
            self.agenda = view["secret"]["agenda"]
        self.want = data.agendas[self.agenda]["win"] if self.agenda else None
        # The unknown card that refills the belt: one plain card of the most common shape
        # among the cards not seen yet stands in for it.
        seen = set(self.belt)
        for cards, _ in self.maze.values():
            seen.update(cards)
        unseen = [cid for cid in self.t.ids if cid not in seen and cid != data.studio]
        by_shape: dict[str, int] = {}
        for cid in unseen:
            by_shape[self.t.shape[cid]] = by_shape.get(self.t.shape[cid], 0) + 1
        self.proxies: list[int] = []
        if by_shape:
            shape = max(sorted(by_shape), key=lambda k: by_shape[k])
            self.proxies = [next(cid for cid in unseen if self.t.shape[cid] == shape)]


# Solo position score (0-100): weights of the room-to-move features, tuned by simulation.
W_WORKING = 0.45
W_MOBILITY = 0.35
W_ROOM = 0.2
STUCK_FACTOR = 0.2
# How much a position that already has the Paths the final agenda wants is worth while play goes on.
AGENDA_BASE = 0.55
AGENDA_HELD = 0.2


class MCCCComputer(ComputerPlayer):
    def __init__(self, data: GameData) -> None:
        self.data = data
        self.t = data.table

    # ------------------------------------------------------------------ entry point

    def choose(self, view: Mapping[str, Any], choices: Sequence[Choice], rng: Rng) -> str:
        actions = [c.action for c in choices]
        if len(actions) == 1:
            return actions[0]
        ctx = _Ctx(view, self.data)
        phase = view["phase"]
        if phase == "pick":
            return self._choose_pick(ctx, actions)
        if phase == "place":
            card = view["belt"][view["picked"] - 1]["card"]
            slot = view["picked"] - 1
            best = self._best_placement(ctx, slot, card, [a for a in actions if a != "back"])
            return best if best is not None else actions[0]
        if phase in ("order", "dest"):
            return self._choose_move(ctx, actions)
        if phase == "cat":
            return self._choose_cat(ctx, actions)
        if phase == "cheese":
            return self._choose_turn(ctx, actions)
        return actions[0]

    # ------------------------------------------------------------------ the turn search

    def _placements(self, ctx: _Ctx, card: int) -> list[tuple[str, int, int]]:
        if "cucumber" in ctx.effects:
            return mz.free_placements(self.t, ctx.maze, card)
        if not ctx.solo:
            anchors = sorted(mz.occupied(ctx.maze, ctx.chars))
        else:
            anchors = [ctx.chars[c] for c in ctx.anchors if c in ctx.chars]
        return mz.placements(self.t, ctx.maze, ctx.chars, card, anchors)

    def _outcomes(
        self,
        ctx: _Ctx,
        maze: mz.Maze,
        chars: mz.Chars,
        placed: int,
        movers: list[str],
        holes: bool,
    ) -> Iterable[tuple[dict[str, int], mz.Chars | None, str | None]]:
        """Every way the Move can go: (decisions, chars after or None if the game ended, who ended it).

        ``decisions`` maps ``"first"`` to the character moving first (when both must) and
        each mover to its destination cell.
        """

        def resolve(order: list[str], chars: mz.Chars, decided: dict[str, int]):
            if not order:
                yield decided, chars, None
                return
            mover = order[0]
            dests, _ = mz.destinations(self.t, maze, chars, mover, placed, holes=holes and mover == "mouse")
            if not dests:
                yield from resolve(order[1:], chars, decided)
                return
            for dest, hit in dests.items():
                d2 = dict(decided)
                d2[mover] = dest
                if hit is not None:
                    yield d2, None, hit
                    continue
                c2 = dict(chars)
                c2[mover] = dest
                yield from resolve(order[1:], c2, d2)

        if len(movers) == 2:
            for first in movers:
                order = [first] + [m for m in movers if m != first]
                yield from resolve(order, chars, {"first": first})
        else:
            yield from resolve(movers, chars, {})

    def _turn_options(self, ctx: _Ctx, slots: Iterable[int], only: set[str] | None = None):
        """(value, slot, action, decisions) for every placement of the given belt slots."""
        holes = "mouse" in ctx.effects
        results = []
        for slot in slots:
            card = ctx.belt[slot]
            rest = ctx.belt[:slot] + ctx.belt[slot + 1 :]
            for kind, cell, rot in self._placements(ctx, card):
                action = f"{kind}:{mz.label(cell)}:r{rot}"
                if only is not None and action not in only:
                    continue
                maze = dict(ctx.maze)
                mz.put(maze, kind, cell, card, rot)
                for neighbour, delta in mz.cog_turns(self.t, maze, cell):
                    mz.turn(maze, neighbour, delta)
                best = self._best_outcome(ctx, maze, ctx.chars, cell, rest, holes)
                results.append((best[0], slot, action, best[1]))
        return results

    def _best_outcome(
        self, ctx: _Ctx, maze: mz.Maze, chars: mz.Chars, cell: int, rest: list[int], holes: bool
    ) -> tuple[float, dict[str, int]]:
        adjacent = [c for c in ("mouse", "cat") if c in chars and mz.direction(cell, chars[c]) >= 0]
        if ctx.solo:
            actives = [c for c in ctx.active if c in adjacent] or list(ctx.active)
        else:
            actives = []
        starts = {c: chars[c] for c in chars}
        best_value = LOSS * 2
        best_decisions: dict[str, int] = {}
        for decisions, after, hit in self._outcomes(ctx, maze, chars, cell, adjacent, holes):
            if after is None:
                value = self._ended(ctx, maze, chars, hit)
            elif ctx.solo and actives and all(after[c] == starts[c] for c in actives):
                value = LOSS
            else:
                value = self._evaluate(ctx, maze, after, rest)
            if value > best_value:
                best_value, best_decisions = value, decisions
        return best_value, best_decisions

    # ------------------------------------------------------------------ scoring

    def _ended(self, ctx: _Ctx, maze: mz.Maze, chars: mz.Chars, hit: str | None) -> float:
        if ctx.solo:
            return LOSS
        facts = {
            "mouse_cheese": mz.trace(self.t, maze, chars, "mouse", "cheese") is not None,
            "cat_mouse": mz.trace(self.t, maze, chars, "cat", "mouse") is not None,
        }
        reached = "mouse_cheese" if hit == "cheese" else "cat_mouse"
        facts[reached] = True
        reacher = "mouse" if reached == "mouse_cheese" else "cat"
        if ctx.agenda == reacher:
            return WIN
        # Whoever sides with the reaching character wins outright; if nobody does, the Paths count.
        points = sum(facts[k] == v for k, v in ctx.want.items())  # type: ignore[union-attr]
        return {2: 0.0, 1: LOSS * 0.6, 0: LOSS}[points]

    def _mobility(self, ctx: _Ctx, maze: mz.Maze, chars: mz.Chars, cards: list[int]) -> tuple[int, int]:
        """Next turn's room to move: (placements that let an active character move on,
        cards among ``cards`` with at least one such placement)."""
        actives = [c for c in ctx.active if c in chars]
        anchors = [chars[c] for c in actives]
        count = 0
        working = 0
        t = self.t
        for card in cards:
            before = count
            for kind, cell, rot in mz.placements(t, maze, chars, card, anchors):
                m2 = dict(maze)
                mz.put(m2, kind, cell, card, rot)
                for neighbour, delta in mz.cog_turns(t, m2, cell):
                    mz.turn(m2, neighbour, delta)
                for c in actives:
                    if mz.direction(cell, chars[c]) < 0:
                        continue
                    dests, _ = mz.destinations(t, m2, chars, c, cell)
                    if any(hit is None for hit in dests.values()):
                        count += 1
                        break
            working += count > before
        return count, working

    def _room(self, maze: mz.Maze, chars: mz.Chars, who: list[str]) -> float:
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

    def _agenda_facts(self, maze: mz.Maze, chars: mz.Chars) -> dict[str, bool]:
        return {
            "mouse_cheese": mz.trace(self.t, maze, chars, "mouse", "cheese") is not None,
            "cat_mouse": mz.trace(self.t, maze, chars, "cat", "mouse") is not None,
        }

    def _evaluate(self, ctx: _Ctx, maze: mz.Maze, chars: mz.Chars, rest: list[int]) -> float:
        if not ctx.solo:
            return self._evaluate_multi(ctx, maze, chars, rest)
        active = [c for c in ctx.active if c in chars]
        mobility, working = self._mobility(ctx, maze, chars, rest + ctx.proxies)
        known = len(rest)
        room = self._room(maze, chars, active)
        # Room to move next turn: belt cards that still work, placements that work, free neighbours.
        survive = (
            W_WORKING * min(working, known + 1) / (known + 1)
            + W_MOBILITY * min(mobility, 16) / 16.0
            + W_ROOM * min(room, 4) / 4.0
        )
        if mobility == 0:
            survive *= STUCK_FACTOR
        p = ctx.p_end
        if ctx.want is None and not p:
            return survive * 100
        facts = self._agenda_facts(maze, chars)
        # Not sure yet which agenda is at the bottom: average over the suspects left.
        wants = [ctx.want] if ctx.want is not None else ctx.suspects
        held = sum(sum(facts[k] == v for k, v in want.items()) for want in wants) / len(wants)
        sat = sum(all(facts[k] == v for k, v in want.items()) for want in wants) / len(wants)
        return 100 * (p * sat + (1 - p) * survive * (AGENDA_BASE + AGENDA_HELD * held))

    def _evaluate_multi(self, ctx: _Ctx, maze: mz.Maze, chars: mz.Chars, rest: list[int] | None = None) -> float:
        """Score a position for this player's secret side: the Paths its agenda wants, how close
        the characters are, and whether a card from the belt could end the game next turn by
        running the Mouse onto the Cheese or the Cat onto the Mouse (good only for that side)."""
        facts = self._agenda_facts(maze, chars)
        want = ctx.want
        assert want is not None
        held = sum(facts[k] == v for k, v in want.items())
        value = 20.0 * held
        if "cat" in chars and "mouse" in chars:
            d = mz.distance(chars["cat"], chars["mouse"])
            value += (-d if want["cat_mouse"] else d) * 1.5
        d = mz.distance(chars["mouse"], chars["cheese"])
        value += (-d if want["mouse_cheese"] else d) * 1.5
        threats = self._threats(maze, chars, (rest or []) + ctx.proxies)
        for reached, present in threats.items():
            if present:
                reacher = "mouse" if reached == "mouse_cheese" else "cat"
                value += 15.0 if ctx.agenda == reacher else -25.0
        return value

    def _threats(self, maze: mz.Maze, chars: mz.Chars, cards: list[int]) -> dict[str, bool]:
        """Could one of ``cards`` be placed next turn so that the Mouse runs onto the Cheese
        (``mouse_cheese``) or the Cat and the Mouse meet (``cat_mouse``)?"""
        found = {"mouse_cheese": False, "cat_mouse": False}
        movers = [c for c in ("mouse", "cat") if c in chars]
        anchors = sorted(mz.occupied(maze, chars))
        t = self.t
        for card in dict.fromkeys(cards):
            for kind, cell, rot in mz.placements(t, maze, chars, card, anchors):
                near = [c for c in movers if mz.direction(cell, chars[c]) >= 0]
                if not near:
                    continue
                m2 = dict(maze)
                mz.put(m2, kind, cell, card, rot)
                for neighbour, delta in mz.cog_turns(t, m2, cell):
                    mz.turn(m2, neighbour, delta)
                for c in near:
                    dests, _ = mz.destinations(t, m2, chars, c, cell)
                    for hit in dests.values():
                        if hit == "cheese":
                            found["mouse_cheese"] = True
                        elif hit is not None:
                            found["cat_mouse"] = True
                if all(found.values()):
                    return found
        return found

    # ------------------------------------------------------------------ decisions

    def _choose_pick(self, ctx: _Ctx, actions: list[str]) -> str:
        slots = [int(a.split(":")[1]) - 1 for a in actions if a.startswith("belt:")]
        options = self._turn_options(ctx, slots)
        best = max(options, key=lambda o: o[0]) if options else None
        abilities = [a for a in actions if a.startswith("ability:")]
        if abilities:
            pick = self._ability_worth_it(ctx, abilities, best[0] if best else None)
            if pick:
                return pick
        if best is None:
            non_ability = [a for a in actions if not a.startswith("ability:")]
            return non_ability[0] if non_ability else actions[0]
        return f"belt:{best[1] + 1}"

    def _best_placement(self, ctx: _Ctx, slot: int, card: int, actions: list[str]) -> str | None:
        options = self._turn_options(ctx, [slot], only=set(actions))
        if not options:
            return None
        return max(options, key=lambda o: o[0])[2]

    def _choose_move(self, ctx: _Ctx, actions: list[str]) -> str:
        """Order / destination: replay the outcomes of the placement already made."""
        view = ctx.view
        placed = ctx.placed
        assert placed is not None
        rest = list(ctx.belt)
        holes = "mouse" in ctx.effects
        movers = list(view["movers"])
        best_value = LOSS * 3
        best_action = actions[0]
        if view["phase"] == "order":
            for first in movers:
                order = [first] + [m for m in movers if m != first]
                value = self._value_of_order(ctx, placed, order, rest, holes)
                if value > best_value and f"first:{first}" in actions:
                    best_value, best_action = value, f"first:{first}"
            return best_action
        mover = movers[0]
        dests, _ = mz.destinations(self.t, ctx.maze, ctx.chars, mover, placed, holes=holes and mover == "mouse")
        for dest, hit in dests.items():
            action = f"dest:{mz.label(dest)}"
            if action not in actions:
                continue
            if hit is not None:
                value = self._ended(ctx, ctx.maze, ctx.chars, hit)
            else:
                chars = dict(ctx.chars)
                chars[mover] = dest
                value = self._value_of_order(ctx, placed, movers[1:], rest, holes, chars=chars)
            if value > best_value:
                best_value, best_action = value, action
        return best_action

    def _value_of_order(
        self, ctx: _Ctx, placed: int, order: list[str], rest: list[int], holes: bool, chars: mz.Chars | None = None
    ) -> float:
        chars = dict(ctx.chars if chars is None else chars)
        best = LOSS * 2

        def walk(order: list[str], chars: mz.Chars) -> None:
            nonlocal best
            if not order:
                value = self._final_value(ctx, chars, rest)
                best = max(best, value)
                return
            mover = order[0]
            dests, _ = mz.destinations(self.t, ctx.maze, chars, mover, placed, holes=holes and mover == "mouse")
            if not dests:
                walk(order[1:], chars)
                return
            for dest, hit in dests.items():
                if hit is not None:
                    best = max(best, self._ended(ctx, ctx.maze, chars, hit))
                    continue
                c2 = dict(chars)
                c2[mover] = dest
                walk(order[1:], c2)

        walk(order, chars)
        return best

    def _final_value(self, ctx: _Ctx, chars: mz.Chars, rest: list[int]) -> float:
        if ctx.solo:
            starts = ctx.view["starts"]
            actives = ctx.view["active_set"]
            if actives and all(chars[c] == mz.parse_label(starts[c]) for c in actives):
                return LOSS
        return self._evaluate(ctx, ctx.maze, chars, rest)

    def _choose_cat(self, ctx: _Ctx, actions: list[str]) -> str:
        best_value, best_action = LOSS * 2, actions[0]
        for action in actions:
            cell = mz.parse_label(action.split(":")[1])
            chars = dict(ctx.chars)
            chars["cat"] = cell
            ctx2 = ctx
            saved = ctx.active
            if ctx.solo and not ctx.view["easier"]:
                ctx.active = ["cat"]
            elif ctx.solo:
                ctx.active = ["mouse", "cat"]
            value = self._evaluate(ctx2, ctx.maze, chars, ctx.belt)
            ctx.active = saved
            if value > best_value:
                best_value, best_action = value, action
        return best_action

    def _choose_turn(self, ctx: _Ctx, actions: list[str]) -> str:
        best_value, best_action = LOSS * 2, actions[0]
        for action in actions:
            _, where, q = action.split(":")
            maze = dict(ctx.maze)
            mz.turn(maze, mz.parse_label(where), int(q))
            value = self._evaluate(ctx, maze, ctx.chars, ctx.belt)
            if value > best_value:
                best_value, best_action = value, action
        return best_action

    def _ability_worth_it(self, ctx: _Ctx, abilities: list[str], best: float | None) -> str | None:
        """Optional abilities (easier mode, multiplayer) are saved for when they rescue the turn
        or turn the Endgame around."""
        if ctx.solo:
            desperate = best is None or best <= LOSS
            endgame = ctx.want is not None and ctx.p_end > 0 and best is not None and best < 100 * ctx.p_end
            if not (desperate or endgame):
                return None
            baseline = LOSS * 2 if best is None else best
            choice, value = None, baseline
            for action in abilities:
                key = action.split(":")[1]
                gain = self._ability_value(ctx, key)
                if gain > value + 1e-9:
                    choice, value = action, gain
            return choice
        key = abilities[0].split(":")[1]
        gain = self._ability_value(ctx, key)
        if gain >= WIN or (best is not None and gain > best + 25):
            return abilities[0]
        return None

    def _ability_value(self, ctx: _Ctx, key: str) -> float:
        """Best turn value after using an ability now."""
        slots = range(len(ctx.belt))
        if key == "mouse":
            ctx.effects.append("mouse")
            options = self._turn_options(ctx, slots)
            ctx.effects.remove("mouse")
        elif key == "cucumber":
            ctx.effects.append("cucumber")
            options = self._turn_options(ctx, slots)
            ctx.effects.remove("cucumber")
        elif key == "cat":
            saved = dict(ctx.chars)
            ctx.chars["cat"], ctx.chars["cheese"] = saved["cheese"], saved["cat"]
            options = self._turn_options(ctx, slots)
            ctx.chars = saved
        else:
            saved_maze = ctx.maze
            best = LOSS * 2
            for cell in list(saved_maze):
                for q in (1, 2, 3):
                    maze = dict(saved_maze)
                    mz.turn(maze, cell, q)
                    ctx.maze = maze
                    value = self._evaluate(ctx, maze, ctx.chars, ctx.belt)
                    best = max(best, value)
            ctx.maze = saved_maze
            return best - 1.0
        return max((o[0] for o in options), default=LOSS * 2)


def build_computer(engine: Any) -> MCCCComputer:
    return MCCCComputer(engine.data)
