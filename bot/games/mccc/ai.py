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

The preview step changes nothing here: the placement is chosen by the same search, and a
previewed placement is always confirmed.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from bot.engine import Choice, ComputerPlayer, Rng
from bot.engine.search import SearchBudget
from bot.games.mccc import GAME, moves
from bot.games.mccc import maze as mz
from bot.games.mccc.ai_score import LOSS, WIN, Planner
from bot.games.mccc.data import GameData
from bot.games.mccc.views import SeatView

STRONG_BUDGET = GAME.search_budget or SearchBudget()
"""The searching player's budget per decision (level ``strong``): see bench/search_mm.py."""

TurnOption = tuple[float, int, str]
"""(value, belt index, placement action)."""
Later = tuple[float, mz.Maze, mz.Chars, list[int]]
"""An outcome to weigh fully later: its value without the next turn's threats, the position, the belt left."""


class MCCCComputer(ComputerPlayer[SeatView]):
    def __init__(self, data: GameData) -> None:
        self.data = data
        self.t = data.table
        self._weighed: tuple[tuple[object, ...], list[TurnOption]] | None = None
        """The turn options weighed when the belt card was picked, for placing it right after."""

    def choose(self, view: SeatView, choices: Sequence[Choice], rng: Rng) -> str:
        actions = [c.action for c in choices]
        if len(actions) == 1:
            return actions[0]
        public = view.public
        if public.phase == "confirm":
            return "confirm"
        plan = Planner(view, self.data)
        match public.phase:
            case "pick":
                return self._choose_pick(plan, actions)
            case "place":
                assert public.picked is not None
                best = self._best_placement(plan, public.picked - 1, [a for a in actions if a != "back"])
                return best if best is not None else actions[0]
            case "order" | "dest":
                return self._choose_move(plan, actions)
            case "cat":
                return self._choose_cat(plan, actions)
            case "cheese":
                return self._choose_turn(plan, actions)
        return actions[0]

    # ------------------------------------------------------------------ the turn search

    def _placements(self, plan: Planner, card: int) -> list[tuple[mz.Kind, int, int]]:
        if "cucumber" in plan.effects:
            return mz.free_placements(self.t, plan.maze, card)
        if not plan.solo:
            anchors = sorted(mz.occupied(plan.maze, plan.chars))
        else:
            anchors = [plan.chars[c] for c in plan.anchors if c in plan.chars]
        return mz.placements(self.t, plan.maze, plan.chars, card, anchors)

    def _turn_options(
        self, plan: Planner, slots: Iterable[int], only: set[str] | None = None, floor: float = -math.inf
    ) -> list[TurnOption]:
        """(value, slot, action) for every placement of the given belt slots.

        Only the best value (and every option reaching it) is exact: the threats of the next turn
        (multiplayer) are weighed for an outcome only while it could still beat the best so far,
        which is what every caller reads (the best option, the first one on a tie). A caller that
        only asks whether the best reaches ``floor`` gets it exact only if it does."""
        holes = "mouse" in plan.effects
        options: list[tuple[int, str]] = []
        outcomes: list[tuple[float, int, Later | None]] = []
        for slot in slots:
            card = plan.belt[slot]
            rest = plan.belt[:slot] + plan.belt[slot + 1 :]
            for kind, cell, rot in self._placements(plan, card):
                action = f"{kind}:{mz.label(cell)}:r{rot}"
                if only is not None and action not in only:
                    continue
                maze, _ = mz.lay(self.t, plan.maze, kind, cell, card, rot)
                index = len(options)
                options.append((slot, action))
                outcomes.extend((bound, index, later) for bound, later in self._outcomes(plan, maze, cell, rest, holes))
        values = [LOSS * 2] * len(options)
        best = floor
        for bound, index, later in sorted(outcomes, key=lambda o: -o[0]):
            if bound < best:
                break
            value = bound if later is None else plan.finish(*later)
            values[index] = max(values[index], value)
            best = max(best, value)
        return [(value, slot, action) for value, (slot, action) in zip(values, options)]

    def _outcomes(
        self, plan: Planner, maze: mz.Maze, cell: int, rest: list[int], holes: bool
    ) -> Iterator[tuple[float, Later | None]]:
        """Each way the Move can go: (its value, None), or (the most it can be worth, what
        ``plan.finish`` needs to weigh it exactly)."""
        chars = plan.chars
        adjacent: list[str] = [c for c in ("mouse", "cat") if c in chars and mz.direction(cell, chars[c]) >= 0]
        actives: list[str] = ([c for c in plan.active if c in adjacent] or list(plan.active)) if plan.solo else []
        for after, hit in moves.outcomes(self.t, maze, chars, cell, adjacent, holes):
            if hit is not None:
                yield plan.ended(maze, chars, hit), None
            elif plan.solo and actives and all(after[c] == chars[c] for c in actives):
                yield LOSS, None
            elif plan.solo:
                yield plan.evaluate(maze, after, rest), None
            else:
                partial = plan.position_value(maze, after)
                yield partial + plan.threat_gain, (partial, maze, after, rest)

    # ------------------------------------------------------------------ decisions

    def _choose_pick(self, plan: Planner, actions: list[str]) -> str:
        slots = [int(a.split(":")[1]) - 1 for a in actions if a.startswith("belt:")]
        options = self._turn_options(plan, slots)
        self._weighed = (plan.key, options)
        best = max(options, key=lambda o: o[0]) if options else None
        abilities = [a for a in actions if a.startswith("ability:")]
        if abilities:
            pick = self._ability_worth_it(plan, abilities, best[0] if best else None)
            if pick:
                return pick
        if best is None:
            non_ability = [a for a in actions if not a.startswith("ability:")]
            return non_ability[0] if non_ability else actions[0]
        return f"belt:{best[1] + 1}"

    def _best_placement(self, plan: Planner, slot: int, actions: list[str]) -> str | None:
        weighed = self._weighed
        allowed = set(actions)
        options: list[TurnOption] = []
        if weighed is not None and weighed[0] == plan.key:
            options = [o for o in weighed[1] if o[1] == slot and o[2] in allowed]
            # Reuse the pick's values only when this slot holds the best option (only that one is exact).
            if options and max(o[0] for o in options) < max(o[0] for o in weighed[1]):
                options = []
        if not options:
            options = self._turn_options(plan, [slot], only=allowed)
        if not options:
            return None
        return max(options, key=lambda o: o[0])[2]

    def _choose_move(self, plan: Planner, actions: list[str]) -> str:
        """Order / destination: replay the outcomes of the placement already made."""
        public = plan.view
        best_value, best_action = LOSS * 3, actions[0]
        movers = list(public.movers)
        if public.phase == "order":
            for first in movers:
                order = [first] + [m for m in movers if m != first]
                value = self._value_of_order(plan, order, plan.chars)
                if value > best_value and f"first:{first}" in actions:
                    best_value, best_action = value, f"first:{first}"
            return best_action
        mover = movers[0]
        assert plan.placed is not None
        starts = {p.character: mz.parse_label(p.cell) for p in public.starts}
        ghosts = moves.ghosts_for(mover, public.moving, starts, plan.chars)
        holes = "mouse" in plan.effects
        dests, _ = moves.destinations(self.t, plan.maze, plan.chars, mover, plan.placed, holes, ghosts)
        for dest, hit in dests.items():  # in the order the search finds them (ties go to the first)
            action = f"dest:{mz.label(dest)}"
            if action not in actions:
                continue
            if hit is not None:
                value = plan.ended(plan.maze, plan.chars, hit)
            else:
                chars = dict(plan.chars)
                chars[mover] = dest
                value = self._value_of_order(plan, movers[1:], chars)
            if value > best_value:
                best_value, best_action = value, action
        return best_action

    def _value_of_order(self, plan: Planner, order: list[str], chars: mz.Chars) -> float:
        assert plan.placed is not None
        starts = {p.character: mz.parse_label(p.cell) for p in plan.view.starts}
        holes = "mouse" in plan.effects
        best = LOSS * 2
        for after, hit in moves.resolve(self.t, plan.maze, plan.placed, order, plan.view.moving, starts, chars, holes):
            if hit is not None:
                best = max(best, plan.ended(plan.maze, after, hit))
            else:
                best = max(best, self._final_value(plan, after, starts))
        return best

    def _final_value(self, plan: Planner, chars: mz.Chars, starts: dict[str, int]) -> float:
        actives = plan.view.active_set
        if plan.solo and actives and all(chars[c] == starts[c] for c in actives):
            return LOSS
        return plan.evaluate(plan.maze, chars, list(plan.belt))

    def _choose_cat(self, plan: Planner, actions: list[str]) -> str:
        best_value, best_action = LOSS * 2, actions[0]
        saved = plan.active
        if plan.solo:
            plan.active = ["cat"] if not plan.view.easier else ["mouse", "cat"]
        for action in actions:
            chars = dict(plan.chars)
            chars["cat"] = mz.parse_label(action.split(":")[1])
            value = plan.evaluate(plan.maze, chars, plan.belt)
            if value > best_value:
                best_value, best_action = value, action
        plan.active = saved
        return best_action

    def _choose_turn(self, plan: Planner, actions: list[str]) -> str:
        best_value, best_action = LOSS * 2, actions[0]
        for action in actions:
            _, where, q = action.split(":")
            maze = dict(plan.maze)
            mz.turn(maze, mz.parse_label(where), int(q))
            value = plan.evaluate(maze, plan.chars, plan.belt)
            if value > best_value:
                best_value, best_action = value, action
        return best_action

    # ------------------------------------------------------------------ abilities

    def _ability_worth_it(self, plan: Planner, abilities: list[str], best: float | None) -> str | None:
        """Optional abilities (easier mode, multiplayer) are saved for when they rescue the turn
        or turn the Endgame around."""
        if plan.solo:
            desperate = best is None or best <= LOSS
            endgame = plan.want is not None and plan.p_end > 0 and best is not None and best < 100 * plan.p_end
            if not (desperate or endgame):
                return None
            baseline = LOSS * 2 if best is None else best
            choice, value = None, baseline
            for action in abilities:
                gain = self._ability_value(plan, action.split(":")[1])
                if gain > value + 1e-9:
                    choice, value = action, gain
            return choice
        worth = WIN if best is None else min(WIN, best + 25)
        gain = self._ability_value(plan, abilities[0].split(":")[1], floor=worth)
        if gain >= WIN or (best is not None and gain > best + 25):
            return abilities[0]
        return None

    def _ability_value(self, plan: Planner, key: str, floor: float = -math.inf) -> float:
        """Best turn value after using an ability now (exact when it reaches ``floor``)."""
        slots = range(len(plan.belt))
        if key in ("mouse", "cucumber"):
            plan.effects.append(key)
            options = self._turn_options(plan, slots, floor=floor)
            plan.effects.remove(key)
        elif key == "cat":
            saved = dict(plan.chars)
            plan.chars["cat"], plan.chars["cheese"] = saved["cheese"], saved["cat"]
            options = self._turn_options(plan, slots, floor=floor)
            plan.chars = saved
        else:
            return self._best_turn_of_a_card(plan, floor + 1.0) - 1.0
        return max((o[0] for o in options), default=LOSS * 2)

    def _best_turn_of_a_card(self, plan: Planner, floor: float) -> float:
        """The Cheese's ability: the best position after turning one maze card (exact when it
        reaches ``floor``; multiplayer threats are weighed only for turns that could)."""
        best = LOSS * 2
        for cell in list(plan.maze):
            for q in (1, 2, 3):
                maze = dict(plan.maze)
                mz.turn(maze, cell, q)
                if plan.solo:
                    best = max(best, plan.evaluate(maze, plan.chars, plan.belt))
                    continue
                partial = plan.position_value(maze, plan.chars)
                if partial + plan.threat_gain >= max(best, floor):
                    best = max(best, plan.finish(partial, maze, plan.chars, plan.belt))
        return best


def build_computer(engine: Any) -> MCCCComputer:
    return MCCCComputer(engine.data)
