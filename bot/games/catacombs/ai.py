"""The computer explorer: heads for the nearest Relic (then the Exit), lays tiles that bring it
closer, pays for obstacles with the right item (health only when it can spare it), keeps away
from spaces a visible monster may land on, and in competitive games sends monsters and Rival
Dead Ends at the leaders. It sees only its seat's view and the choices offered."""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from bot.engine import Choice, ComputerPlayer, Rng
from bot.engine.levels import MistakenPlayer
from bot.games.catacombs import geometry as geo
from bot.games.catacombs.ai_board import FAR, Reading, team_leaving
from bot.games.catacombs.board import fits, with_tile
from bot.games.catacombs.data import GameData, TileKind
from bot.games.catacombs.views import SeatView

CHARACTER_ORDER = ("traveler", "athlete", "mercenary", "adventurer", "miner", "archeologist")
TILE_VALUE = {
    "X": 5,
    "T": 4,
    "L": 4,
    "I": 3,
    "slide": 2,
    "rival_dead_end": 2,
    "first_aid": 5,
    "whip": 3,
    "pickaxe": 3,
    "kayak": 3,
    "torch": 3,
    "ammunition": 2,
}
"""How much a tile in hand is worth keeping (obstacles and dead ends: least)."""
ITEM_KEEP = {"first_aid": 6, "torch": 4, "whip": 3, "pickaxe": 3, "kayak": 3, "ammunition": 2}
SEATS = re.compile(r"\{p(\d)\}")
DEAD_ENDS = ("dead_end", "rival_dead_end")
"""The tiles a slide's next tile is best chosen among for an opponent (its passage stops there)."""
LONG_GAME = 150
"""Rounds after which the computer explorers stop setting monsters and Rival Dead Ends on each
other, so that a game long stuck in a tug of war over the Relics ends with an escape."""


READINGS_KEPT = 32
"""Boards read lately (by every computer explorer of the process: a reading depends only on the
public view and the seat), keyed by the view's whole encoding, so a changed board is read anew."""
_READINGS: OrderedDict[tuple[bytes, int], Reading] = OrderedDict()
_READINGS_LOCK = threading.Lock()


def _arg(action: str, index: int) -> str:
    parts = action.split(":")
    return parts[index] if index < len(parts) else ""


class CatacombsComputer(ComputerPlayer[SeatView]):
    def __init__(self, data: GameData) -> None:
        self.data = data
        self.handlers: dict[str, Callable[[SeatView, list[Choice], Rng], str | None]] = {
            "draft": self._character,
            "pchar": self._character,
            "arch": lambda v, c, r: "draw:3",
            "keep": self._keep,
            "enc": self._encounter,
            "beast": lambda v, c, r: self._first(c, "beast:shoot", "beast:health"),
            "trap": lambda v, c, r: self._prefix(c, "trap:torch") or "trap:fall",
            "action": self._action,
            "extra": self._extra,
            "x_play": self._x_play,
            "place": self._place,
            "chain": self._chain,
            "slide_pick": self._slide_pick,
            "torch_pick": lambda v, c, r: self._best_pick(v, c),
            "torch_move": self._torch_move,
            "cross": self._cross,
            "steal": self._steal,
            "target": self._target,
            "arrive": lambda v, c, r: self._go(v, c) or "stay",
            "together": lambda v, c, r: "alone",
            "room": self._room,
            "equip": self._equip,
            "relic": self._relic,
            "discard": self._discard,
            "monster": self._monster,
            "react": lambda v, c, r: "react:yes",
            "use_items": lambda v, c, r: self._free_item(v, c) or "finish",
            "arch_play": lambda v, c, r: self._best_hand_tile(v, c, self._reading(v)) or "x:done",
        }

    def choose(self, view: SeatView, choices: Sequence[Choice], rng: Rng) -> str:
        listed = list(choices)
        handler = self.handlers.get(view.decision)
        picked = handler(view, listed, rng) if handler else None
        actions = {c.action for c in listed}
        if picked is not None and picked in actions:
            return picked
        safe = [c.action for c in listed if c.action not in ("back", "skip")] or [c.action for c in listed]
        return safe[0] if view.decision in ("mreturn", "groot", "yao", "ptop") else rng.choice(safe)

    # --- helpers --------------------------------------------------------

    @staticmethod
    def _prefix(choices: list[Choice], prefix: str) -> str | None:
        return next((c.action for c in choices if c.action.startswith(prefix)), None)

    @staticmethod
    def _first(choices: list[Choice], *wanted: str) -> str | None:
        actions = {c.action for c in choices}
        return next((w for w in wanted if w in actions), None)

    def _kind(self, tile: int) -> TileKind:
        return self.data.kinds[tile]

    def _reading(self, view: SeatView, seat: int | None = None) -> Reading:
        """The board read for ``seat`` (default: the computer's own), once per position: a decision
        reads it several times, and a search reads a position to narrow its choices and again to
        play on from it."""
        seat = view.seat if seat is None else seat
        key = (msgspec.json.encode(view.public), seat)
        with _READINGS_LOCK:
            reading = _READINGS.get(key)
        if reading is None or reading.data is not self.data:
            reading = Reading(view.public, self.data, seat)
            with _READINGS_LOCK:
                _READINGS[key] = reading
                while len(_READINGS) > READINGS_KEPT:
                    _READINGS.popitem(last=False)
        return reading

    def _items(self, view: SeatView) -> tuple[str, ...]:
        return view.public.seats[view.seat].items

    def _hand_value(self, view: SeatView, tile: int) -> float:
        kind = self._kind(tile)
        value = TILE_VALUE.get(kind.key, 1)
        if kind.rival and view.public.mode != "competitive":
            value = 0
        return value

    # --- decisions ------------------------------------------------------

    def _character(self, view: SeatView, choices: list[Choice], rng: Rng) -> str | None:
        offered = [c.action for c in choices]
        if rng.below(3) == 0:
            return rng.choice(offered)
        return next((f"char:{k}" for k in CHARACTER_ORDER if f"char:{k}" in offered), None)

    def _keep(self, view: SeatView, choices: list[Choice], rng: Rng) -> str | None:
        return max(choices, key=lambda c: self._hand_value(view, int(_arg(c.action, 1)))).action

    def _encounter(self, view: SeatView, choices: list[Choice], rng: Rng) -> str | None:
        order = {"path_marker": 0, "beast": 1, "trap": 2}
        return min(choices, key=lambda c: order.get(self._kind(int(_arg(c.action, 1))).key, 3)).action

    def _free_item(self, view: SeatView, choices: list[Choice]) -> str | None:
        pawn = view.public.seats[view.seat]
        for choice in choices:
            if choice.action.startswith("use:"):
                kind = self._kind(int(_arg(choice.action, 1)))
                if kind.effect == "health" and pawn.health < pawn.health_cap:
                    return choice.action
                if kind.effect == "bullet" and pawn.bullets < pawn.bullet_cap - 1:
                    return choice.action
        for choice in choices:
            if choice.action.startswith("aid:"):
                mate = view.public.seats[int(_arg(choice.action, 2))]
                if mate.health <= 1:
                    return choice.action
        return None

    def _action(self, view: SeatView, choices: list[Choice], rng: Rng) -> str | None:
        used = self._free_item(view, choices)
        if used:
            return used
        walk = self._go(view, choices)
        if walk:
            return walk
        pawn = view.public.seats[view.seat]
        if len(pawn.items) + pawn.relics < pawn.capacity:
            for key, short in (("first_aid", pawn.health < pawn.health_cap), ("ammunition", pawn.bullets == 0)):
                tile = next((t.id for t in view.hand if t.key == key), None)
                offered = {c.action for c in choices}
                for verb in ("arch", "equip"):
                    if short and tile is not None and f"{verb}:{tile}" in offered:
                        return f"{verb}:{tile}"
        if self._prefix(choices, "escape") and self._should_leave(view):
            return "escape"
        link = self._link(view, choices)
        if link:
            return link
        reading = self._reading(view)
        pick = self._best_hand_tile(view, choices, reading)
        if pick:
            return pick
        relic = self._relic_menu(view, choices, reading)
        if relic:
            return relic
        torch = self._prefix(choices, "torch:")
        if torch and reading.frontier() > 2:
            return torch
        equip = self._equip_start(view, choices)
        if equip:
            return equip
        return self._redraw(view, choices, "redraw:") or "pass"

    def _go(self, view: SeatView, choices: list[Choice]) -> str | None:
        """Take a Relic the passage reaches; go to the Exit only when that is the goal."""
        relic = next((c.action for c in choices if c.action.startswith("go:") and c.action != "go:exit"), None)
        if relic:
            return relic
        if self._first(choices, "go:exit") and self._reading(view).goal == "exit":
            return "go:exit"
        return None

    def _should_leave(self, view: SeatView) -> bool:
        """Co-op and solo, everyone at the Exit: leave when more would risk the Relics won (see
        ``team_leaving``), none is left to find, or (with the house lamps limit) time runs short."""
        public = view.public
        late = bool(public.round_limit) and public.round >= public.round_limit - 4
        return team_leaving(public) or late or not public.relics

    def _link(self, view: SeatView, choices: list[Choice]) -> str | None:
        """Link to take a Relic from its carrier, while the explorer still needs one and can carry
        it. With enough Relics it heads for the Exit instead: linking swaps the two pawns, and two
        explorers who linked for each other's Relics turn after turn went back and forth over one
        obstacle for hundreds of rounds, neither getting any nearer the Exit."""
        pawn = view.public.seats[view.seat]
        if pawn.relics >= min(view.public.relics_to_win, pawn.capacity):
            return None
        for choice in choices:
            if choice.action.startswith("link:") and view.public.seats[int(_arg(choice.action, 1))].relics:
                return choice.action
        return None

    def _hand_passages(self, view: SeatView, exclude: int = -1) -> list[tuple[int, TileKind]]:
        found = []
        for tile in view.hand:
            kind = self._kind(tile.id)
            if tile.id != exclude and kind.is_passage and not kind.rival:
                found.append((tile.id, kind))
        return found

    def _best_hand_tile(self, view: SeatView, choices: list[Choice], reading: Reading) -> str | None:
        offered = {int(_arg(c.action, 1)) for c in choices if c.action.startswith("pick:")}
        if not offered:
            return None
        if view.public.mode == "competitive" and self._rival_target(view) is not None:
            rival = next((t for t in offered if self._kind(t).rival), None)
            if rival is not None:
                return f"pick:{rival}"
        hand = [(t, k) for t, k in self._hand_passages(view) if t in offered]
        score, index, _, _ = reading.lookahead(reading.lay, reading.own_ends(), [k for _, k in hand], self._items(view))
        if index >= 0 and score < reading.frontier() - 0.3:
            return f"pick:{hand[index][0]}"
        own = [(t, k) for t, k in hand if fits(k, reading.own_ends(), reading.lay, "put")]
        if reading.frontier() >= FAR and own:
            # No way to the goal from here (often the player's own tile blocks it): move away,
            # so that tile is vacated and the way opens.
            return f"pick:{max(own, key=lambda h: TILE_VALUE.get(h[1].key, 0))[0]}"
        return None

    def _rival_target(self, view: SeatView) -> int | None:
        """An opponent about to win (near the Exit with the Relics, or near the Relic that makes
        them enough), worth a Rival Dead End. Kept for those: spent on everyone, they would only
        make the game longer."""
        need = view.public.relics_to_win
        if view.public.round > LONG_GAME:
            return None
        for seat in range(view.public.players):
            if seat != view.seat and view.public.seats[seat].relics + 1 >= need:
                reading = self._reading(view, seat)
                if reading.frontier() <= 2:
                    return seat
        return None

    def _equip_start(self, view: SeatView, choices: list[Choice]) -> str | None:
        pawn = view.public.seats[view.seat]
        if len(pawn.items) + pawn.relics >= pawn.capacity:
            return None
        return self._prefix(choices, "arch:") or self._prefix(choices, "equip:")

    def _redraw(self, view: SeatView, choices: list[Choice], prefix: str) -> str | None:
        options = [c for c in choices if c.action.startswith(prefix) and _arg(c.action, -1) != "none"]
        if not options:
            return self._prefix(choices, prefix)
        return min(options, key=lambda c: self._hand_value(view, int(_arg(c.action, -1)))).action

    def _extra(self, view: SeatView, choices: list[Choice], rng: Rng) -> str | None:
        relic = self._relic_menu(view, choices, self._reading(view))
        return relic or "x:draw"

    def _x_play(self, view: SeatView, choices: list[Choice], rng: Rng) -> str | None:
        return self._best_hand_tile(view, choices, self._reading(view)) or "x:done"

    def _chain(self, view: SeatView, choices: list[Choice], rng: Rng) -> str | None:
        if self._prefix(choices, "slide"):
            return "slide"
        reading = self._reading(view)
        chain = view.public.chain
        last = chain[-1] if chain else -1
        base = min((reading.end_score(last, d) for d in reading.lay.opens.get(last, "")), default=FAR)
        offered = {int(_arg(c.action, 1)) for c in choices if c.action.startswith("pick:")}
        hand = [(t, k) for t, k in self._hand_passages(view) if t in offered]
        ends = reading.lay.open_ends([last]) if last >= 0 else []
        score, index, _, _ = reading.lookahead(reading.lay, ends, [k for _, k in hand], self._items(view))
        if index >= 0 and score < base - 0.3:
            return f"pick:{hand[index][0]}"
        pawn = view.public.seats[view.seat].cell
        if base >= FAR and hand and last >= 0 and reading.cell_distance(last, pawn) < 2:
            return f"pick:{hand[0][0]}"
        return "done"

    def _entry(self, reading: Reading, cell: int, openings: str, view: SeatView) -> str:
        chain = view.public.chain
        for direction in openings:
            other = reading.lay.grid.step(cell, direction)
            if other >= 0 and (other in reading.network or (chain and other == chain[-1])):
                return direction
        return openings[0]

    def _place(self, view: SeatView, choices: list[Choice], rng: Rng) -> str | None:
        scored = self.placement_scores(view, choices)
        return min(scored)[1] if scored else None

    def placement_scores(self, view: SeatView, choices: list[Choice]) -> list[tuple[float, str]]:
        """Each placement of the tile being placed with what it leaves to do (lower is better)."""
        if view.tile < 0:
            return []
        kind = self._kind(view.tile)
        reading = self._reading(view)
        hurting = view.seat != view.public.turn and view.public.mode == "competitive"
        if hurting:
            reading = self._reading(view, view.public.turn)
        scored = []
        for choice in choices:
            mode = _arg(choice.action, 0)
            if mode not in ("put", "rival", "mate", "dig"):
                continue
            cell = geo.parse_label(_arg(choice.action, 1))
            if cell is None:
                continue
            rot = int(_arg(choice.action, 2))
            openings = geo.rotate(kind.openings, rot)
            entry = self._entry(reading, cell, openings, view)
            score = reading.placement_score(kind, cell, rot, entry, self._items(view))
            if mode == "put" and not hurting and view.seat == view.public.turn and 0 < score < FAR:
                after = with_tile(reading.lay, cell, openings, kind.obstacle)
                rest = [k for _, k in self._hand_passages(view, exclude=view.tile)]
                onward = [(cell, d) for d in openings if d != entry]
                score = min(score, reading.lookahead(after, onward, rest, self._items(view), 1)[0] + 0.05)
            if mode == "rival":
                score = -2 if self._rival_target(view) is not None else FAR
            if mode == "mate":
                score = self._mate_score(view, choice, kind, cell, rot)
            if mode == "dig":
                score += 0.5
            if score >= FAR and not hurting:
                # No way on from it: lay it far from here (the tiles left behind vacate), but never
                # so that every other end of it faces a wall (a pawn there would be shut in).
                dead = all(reading.lay.grid.step(cell, d) < 0 for d in openings if d != entry)
                score = FAR + 5 if dead else FAR - reading.cell_distance(cell, view.public.seats[view.seat].cell)
            scored.append((-score if hurting else score, choice.action))
        return scored

    def _mate_score(self, view: SeatView, choice: Choice, kind: TileKind, cell: int, rot: int) -> float:
        """Co-op: a tile on a teammate's passage (it moves them to its end) is worth what it brings
        them nearer their goal, and never worth moving them off the Exit."""
        mates = [int(s) for s in SEATS.findall(choice.label)]
        if not mates:
            return FAR + 1
        mate = self._reading(view, mates[0])
        before = mate.frontier()
        openings = geo.rotate(kind.openings, rot)
        after = mate.placement_score(kind, cell, rot, self._entry(mate, cell, openings, view), self._items(view))
        gain = before - after
        if before == 0 or gain < 1:
            return FAR + 1
        return self._reading(view).frontier() - 0.3 * gain

    def _slide_pick(self, view: SeatView, choices: list[Choice], rng: Rng) -> str | None:
        if view.seat != view.public.turn and view.public.mode == "competitive":
            # told by the tile, not by the label, which is in the table's language
            bad = [
                c
                for c in choices
                if c.action.startswith("pick:") and self._kind(int(_arg(c.action, 1))).key in DEAD_ENDS
            ]
            return bad[0].action if bad else choices[0].action
        return self._best_pick(view, choices)

    def _best_pick(self, view: SeatView, choices: list[Choice]) -> str | None:
        picks = [c for c in choices if c.action.startswith("pick:")]
        if not picks:
            return None
        return max(picks, key=lambda c: self._hand_value(view, int(_arg(c.action, 1)))).action

    def _torch_move(self, view: SeatView, choices: list[Choice], rng: Rng) -> str | None:
        reading = self._reading(view)
        best, best_score = "tstay", reading.frontier() - 0.5
        for choice in choices:
            if choice.action.startswith("tgo:"):
                cell = geo.parse_label(_arg(choice.action, 1))
                if cell is None:
                    continue
                score = min((reading.end_score(cell, d) for d in reading.lay.opens.get(cell, "")), default=FAR)
                if score < best_score:
                    best, best_score = choice.action, score
        return best

    def _cross(self, view: SeatView, choices: list[Choice], rng: Rng) -> str | None:
        item = self._prefix(choices, "cross:item")
        if item:
            return item
        heal = self._free_item(view, choices)
        if heal:
            return heal
        pawn = view.public.seats[view.seat]
        spare = 3 if view.public.mode != "competitive" else 2
        turn = self._first(choices, "cross:turn")
        if turn:
            return turn
        if pawn.health >= spare or (pawn.health >= 1 and pawn.relics and view.public.mode == "competitive"):
            return "cross:health"
        return "cross:stop"

    def _steal(self, view: SeatView, choices: list[Choice], rng: Rng) -> str | None:
        for choice in choices:
            is_item = choice.action.startswith("steal:") and _arg(choice.action, 1) != "none"
            if is_item and self._kind(int(_arg(choice.action, 1))).cls == "relic":
                return choice.action
        items = [c for c in choices if c.action.startswith("steal:") and _arg(c.action, 1) != "none"]
        if items:
            return max(items, key=lambda c: ITEM_KEEP.get(self._kind(int(_arg(c.action, 1))).key, 0)).action
        return self._first(choices, "shoot", "steal:none")

    def _target(self, view: SeatView, choices: list[Choice], rng: Rng) -> str | None:
        return max(choices, key=lambda c: view.public.seats[int(_arg(c.action, 1))].relics).action

    def _room(self, view: SeatView, choices: list[Choice], rng: Rng) -> str | None:
        drops = [c for c in choices if c.action.startswith("drop:")]
        if not drops:
            return None
        return min(drops, key=lambda c: ITEM_KEEP.get(self._kind(int(_arg(c.action, 1))).key, 0)).action

    def _equip(self, view: SeatView, choices: list[Choice], rng: Rng) -> str | None:
        pawn = view.public.seats[view.seat]
        if self._prefix(choices, "done") is None:
            return self._room(view, choices, rng)
        if len(pawn.items) + pawn.relics < pawn.capacity:
            adds = [c for c in choices if c.action.startswith("equip:")]
            if adds:
                return max(adds, key=lambda c: ITEM_KEEP.get(self._kind(int(_arg(c.action, 1))).key, 0)).action
        return "done"

    def _relic_menu(self, view: SeatView, choices: list[Choice], reading: Reading) -> str | None:
        """Enter the relic menu when moving or turning a stack would join it to the passage."""
        for choice in choices:
            if choice.action.startswith("relic:"):
                cell = geo.parse_label(_arg(choice.action, 1))
                if cell is not None and self._relic_join(reading, cell):
                    return choice.action
        return None

    def _relic_join(self, reading: Reading, cell: int) -> str | None:
        """The relic action (``rmove``/``rturn``) that joins the stack at ``cell`` to the passage."""
        openings = reading.lay.relic_opens.get(cell, "")
        label = geo.label(cell)
        options: list[tuple[str, int, str]] = [(f"rturn:{label}:{t}", cell, geo.rotate(openings, t)) for t in (1, 3)]
        for direction in geo.DIRS:
            target = geo.quadrant_step(cell, direction)
            if target >= 0 and target not in reading.lay.blocked:
                options.append((f"rmove:{label}:{direction}", target, openings))
        for action, where, ends in options:
            for direction in ends:
                other = reading.lay.grid.step(where, direction)
                if other in reading.network and geo.OPPOSITE[direction] in reading.lay.opens.get(other, ""):
                    return action
        return None

    def _relic(self, view: SeatView, choices: list[Choice], rng: Rng) -> str | None:
        reading = self._reading(view)
        for choice in choices:
            if choice.action.startswith(("rmove:", "rturn:")):
                cell = geo.parse_label(_arg(choice.action, 1))
                if cell is not None and self._relic_join(reading, cell) == choice.action:
                    return choice.action
        return next((c.action for c in choices if c.action != "back"), None)

    def _discard(self, view: SeatView, choices: list[Choice], rng: Rng) -> str | None:
        return min(choices, key=lambda c: self._discard_cost(view, c.action)).action

    def _discard_cost(self, view: SeatView, action: str) -> float:
        if not action.startswith("discard:"):
            return FAR
        return self._hand_value(view, int(_arg(action, 1)))

    def _monster(self, view: SeatView, choices: list[Choice], rng: Rng) -> str | None:
        """Competitive: set monsters on the opponents about to win (carrying the Relics, or all
        but one), never on yourself, and spare the others (attacking everyone only lengthens the
        game); co-op and solo: spare the team. In a very long game, spare everyone."""
        public = view.public
        seats, need = public.seats, public.relics_to_win
        spare_all = public.mode != "competitive" or public.round > LONG_GAME

        def harm(choice: Choice) -> float:
            everyone = [int(s) for s in SEATS.findall(choice.description)]
            hit = [s for s in everyone if s != view.seat]
            mine = view.seat in everyone
            if spare_all:
                return -len(hit) - 3 * mine
            threats = sum(seats[s].relics for s in hit if seats[s].relics + 1 >= need)
            return threats - 0.1 * len(hit) - 3 * mine

        return max(choices, key=harm).action


def build_computer(engine: Any) -> CatacombsComputer:
    return CatacombsComputer(engine.data)


class CatacombsEasyComputer(MistakenPlayer):
    """The easy explorer: the computer explorer making a share of random moves, fewer as the game
    grows long and none after ``LONG_GAME`` rounds. Random moves send monsters and Rival Dead Ends
    at anyone and drop the way out, so two easy explorers could pass Relics to and fro for a thousand
    rounds; fading its mistakes lets every game end by an escape."""

    def choose(self, view: SeatView, choices: Sequence[Choice], rng: Rng) -> str:
        fading = max(0.0, 1 - view.public.round / LONG_GAME)
        if choices and rng.random() < self.share * fading:
            return rng.choice(choices).action
        return self.policy.choose(view, choices, rng)


def build_easy_computer(engine: Any) -> CatacombsEasyComputer:
    return CatacombsEasyComputer(build_computer(engine))
