"""Mouse Cheese Cat Cucumber: solo "Who Done It?" (1 player) and the house multiplayer mode (2-4).

A turn is a short chain of atomic actions:

* ``belt:N`` pick the Nth card of the Conveyor Belt (1 = nearest the start of the row),
  ``back`` puts it back before it is placed;
* ``place:C3:rR`` lay it in the empty space C3 turned R quarter turns clockwise,
  ``stack:C3:rR`` lay it on top of the card at C3;
* ``first:mouse`` / ``first:cat`` which character moves first when both must move;
* ``dest:C3`` where the moving character ends its Move;
* ``cat:C3`` where the Cat arrives when several spaces tie;
* ``turn:C3:Q`` the Cheese's ability (turn the card at C3 Q quarter turns clockwise);
* ``ability:KEY`` use a revealed ability (easier mode) or your own (multiplayer);
* ``discard:N`` multiplayer only, when no belt card fits anywhere.

Everything else (cogs, forced single moves, refilling the belt, agendas, the Endgame)
resolves inside ``apply``. See docs/games/mccc.md for every house decision.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.engine import (
    Choice,
    Event,
    GameEngine,
    GameResult,
    Relation,
    Rng,
    RuleError,
    Transition,
)
from bot.games.mccc import GAME
from bot.games.mccc import maze as mz
from bot.games.mccc import state as st
from bot.games.mccc.data import BELT, TOTAL_CARDS, GameData
from bot.games.mccc.state import State

CHAR_NAMES = {"mouse": "the Mouse", "cheese": "the Cheese", "cat": "the Cat", "cucumber": "the Cucumber"}
CHAR_TITLES = {"mouse": "Mouse", "cheese": "Cheese", "cat": "Cat", "cucumber": "Cucumber"}
TURN_TEXT = {1: "90° ↻", 2: "180°", 3: "90° ↺"}
ROT_DIR = {1: "clockwise", -1: "counter-clockwise"}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


class MCCCEngine(GameEngine[State, dict[str, Any], dict[str, Any]]):
    spec = GAME
    state_type = State

    def __init__(self, data: GameData) -> None:
        self.data = data
        self.t = data.table

    # ------------------------------------------------------------------ set-up

    def check_options(self, options: Mapping[str, Any], players: int) -> None:
        if options["easier"] and players > 1:
            raise RuleError("**Easier mode** is a variant of the solo game; play it with 1 player.")

    def new_game(self, players: int, options: Mapping[str, Any], seed: int) -> State:
        setup = self.data.setups[options.get("setup", 1)]
        easier = bool(options.get("easier", False)) and players == 1
        rng = Rng.from_seed(seed, "mccc")
        # 1. Set the Cat & Cucumber aside; the Cheese, the Mouse and the starting cards go in the centre.
        maze = {cell: ((card,), rot) for card, cell, rot in setup.cards}
        chars = {"cheese": setup.cheese, "mouse": setup.mouse}
        laid = {card for card, _, _ in setup.cards}
        pool: list[st.Token] = [cid for cid in self.t.ids if cid not in laid]
        aside: list[st.Token] = []
        if easier:
            # Easier mode: "Before Setup, remove the Mouse's Studio".
            pool.remove(self.data.studio)
            aside.append(self.data.studio)
        # 2. Shuffle the Maze Cards. Deal four off to the side, faceup, to start the Conveyor Belt.
        rng.shuffle(pool)
        belt = pool[:BELT]
        rest = pool[BELT:]
        # 3. Shuffle the remaining Maze Cards and deal them into 4 facedown stacks.
        rng.shuffle(rest)
        sizes = [stack.maze for stack in setup.stacks]
        if easier:
            sizes[setup.easier_short_stack] -= 1
        stacks: list[list[st.Token]] = []
        for size in sizes:
            stacks.append(rest[:size])
            rest = rest[size:]
        assert not rest
        for stack, spec in zip(stacks, setup.stacks):
            if spec.shuffle_in is None:
                continue
            # 4. Shuffle the Cat into its stack. 5. Set the top cards aside, shuffle the Cucumber
            # into the remainder, put the set-aside cards back on top.
            top, bottom = stack[: spec.keep_on_top], stack[spec.keep_on_top :]
            bottom.append(spec.shuffle_in)
            rng.shuffle(bottom)
            stack[:] = top + bottom
        agendas = [f"agenda:{key}" for key in self.data.agendas]
        rng.shuffle(agendas)
        secret: list[str] = []
        hidden: list[st.Token] = []
        if players == 1:
            # 6. Without looking, place one agenda facedown at the bottom of each stack.
            for stack, agenda in zip(stacks, agendas):
                stack.append(agenda)
        else:
            # Multiplayer (house rule): the agendas are the players' secret sides, dealt by DM.
            secret = [agenda.split(":", 1)[1] for agenda in agendas[:players]]
            hidden = list(agendas[players:])
        # 7. Stack one on top of the next: the first stack is the top of the Maze Deck.
        deck = [card for stack in stacks for card in stack]
        state = State(
            players=players,
            setup=setup.id,
            easier=easier,
            rng=rng.state,
            maze=maze,
            chars=chars,
            belt=belt,
            deck=deck,
            aside=aside,
            hidden_aside=hidden,
            secret=secret,
            revealed_seats=[False] * (players if players > 1 else 0),
        )
        events: list[Event] = []
        self._start_turn(state, events)
        return state

    # ------------------------------------------------------------------ helpers

    def _eligible(self, s: State) -> list[str]:
        """Characters a card may be placed next to (the Active Character(s))."""
        if not s.solo:
            return [c for c in ("mouse", "cheese", "cat") if c in s.chars]
        if s.easier:
            return [c for c in ("mouse", "cat") if c in s.chars]
        return ["cat"] if "cat" in s.chars else ["mouse"]

    def _active_names(self, s: State) -> str:
        names = [CHAR_NAMES[c] for c in self._eligible(s)]
        return " or ".join(names)

    def _anchors(self, s: State) -> list[int]:
        """Cells a new card may be placed next to: the Active Character(s) in solo, anything
        already in the maze in multiplayer."""
        if not s.solo:
            return sorted(mz.occupied(s.maze, s.chars))
        return [s.chars[c] for c in self._eligible(s)]

    def _placements(self, s: State, card: int) -> list[tuple[str, int, int]]:
        if "cucumber" in s.effects:
            return mz.free_placements(self.t, s.maze, card)
        return mz.placements(self.t, s.maze, s.chars, card, self._anchors(s))

    def _placeable_slots(self, s: State) -> list[int]:
        return [i for i, card in enumerate(s.belt) if isinstance(card, int) and self._placements(s, card)]

    def _ability_possible(self, s: State, key: str) -> bool:
        if key == "cat":
            return "cat" in s.chars
        if key == "cucumber":
            return any(len(cards) == 1 for cards, _ in s.maze.values()) and any(isinstance(c, int) for c in s.belt)
        return True

    def _optional_abilities(self, s: State) -> list[str]:
        """Abilities the deciding player may use now (easier mode and multiplayer)."""
        if s.phase != "pick" or s.picked is not None:
            return []
        if s.solo:
            if not s.easier:
                return []
            keys = [k for k in s.agendas_revealed if k not in s.abilities_used]
        else:
            if s.revealed_seats[s.seat]:
                return []
            keys = [s.secret[s.seat]]
        return [k for k in keys if k not in s.effects and self._ability_possible(s, k)]

    def _card_name(self, token: st.Token) -> str:
        if isinstance(token, int):
            return self.t.name(token)
        if token.startswith("agenda:"):
            return self.data.agendas[token.split(":", 1)[1]]["title"]
        return CHAR_NAMES[token]

    def _who(self, s: State) -> str:
        return "{p%d}" % s.seat

    # ------------------------------------------------------------------ turn flow

    def _start_turn(self, s: State, events: list[Event]) -> None:
        s.turn += 1
        s.phase = "pick"
        s.picked = None
        s.placed = None
        s.effects = []
        s.movers = []
        s.active_set = []
        s.starts = {}
        if s.solo and not s.easier and s.pending:
            key = s.pending
            s.pending = None
            s.abilities_used.append(key)
            title = self.data.agendas[key]["title"]
            if key == "mouse":
                s.effects.append("mouse")
                events.append(
                    Event(f"**{title}** ability: this turn the Mouse may pass through walls with a mouse hole.")
                )
            elif key == "cat":
                if "cat" in s.chars:
                    self._swap(s, events, title)
                else:
                    events.append(Event(f"**{title}** ability: not possible, the Cat is not in the maze yet."))
            elif key == "cheese":
                s.phase = "cheese"
                events.append(Event(f"**{title}** ability: turn any one maze card as far as you like."))
                return
            elif key == "cucumber":
                if self._ability_possible(s, "cucumber"):
                    s.effects.append("cucumber")
                    events.append(
                        Event(
                            f"**{title}** ability: this turn's card goes on top of any unstacked maze card, any way round."
                        )
                    )
                else:
                    events.append(Event(f"**{title}** ability: not possible, every maze card is already stacked."))
        self._ready(s, events)

    def _ready(self, s: State, events: list[Event]) -> None:
        """Enter the pick phase; lose (solo) or jam (multiplayer) when no card can be placed."""
        s.phase = "pick"
        if self._placeable_slots(s) or self._optional_abilities(s):
            return
        if s.solo:
            self._finish(s, events, won=False, kind="no_place", text=self._why_no_place(s))

    def _why_no_place(self, s: State) -> str:
        who = self._active_names(s)
        if "cucumber" in s.effects:
            return "No belt card can be placed: the Cucumber's placement needs an unstacked maze card. You lose."
        reasons = []
        box = mz.box_of(mz.occupied(s.maze, s.chars))
        belt = [c for c in s.belt if isinstance(c, int)]
        for name in self._eligible(s):
            for cell in mz.NB[s.chars[name]]:
                if cell < 0:
                    continue
                where = mz.label(cell)
                occupant = next((CHAR_NAMES[c] for c, p in s.chars.items() if p == cell), None)
                if occupant:
                    reasons.append(f"{where} holds {occupant}")
                elif cell in s.maze:
                    cards, rot = s.maze[cell]
                    if len(cards) > 1:
                        reasons.append(f"{where} is already a stack")
                    else:
                        reasons.append(
                            f"{where}: no belt card has its walls ({mz.mask_text(self.t.walls(cards[-1], rot))})"
                        )
                elif not mz.fits(box, cell):
                    reasons.append(f"{where} is beyond the 5 × 5 limit")
        detail = "; ".join(dict.fromkeys(reasons)) if belt else "the belt is empty"
        return f"No belt card can be placed next to {who} ({detail}). You lose."

    def _swap(self, s: State, events: list[Event], title: str) -> None:
        cat, cheese = s.chars["cat"], s.chars["cheese"]
        s.chars["cat"], s.chars["cheese"] = cheese, cat
        s.last = {"turn": s.turn, "swap": [mz.label(cat), mz.label(cheese)]}
        events.append(
            Event(f"**{title}** ability: the Cat ({mz.label(cat)}) and the Cheese ({mz.label(cheese)}) swap places.")
        )

    def _do_place(self, s: State, kind: str, cell: int, rot: int, events: list[Event]) -> None:
        assert s.picked is not None
        card = s.belt.pop(s.picked)
        assert isinstance(card, int)
        s.picked = None
        special = "cucumber" in s.effects
        mz.put(s.maze, kind, cell, card, rot)
        s.placed = cell
        where = mz.label(cell)
        how = self.t.describe(card, rot)
        if kind == "stack":
            text = f"{self._who(s)} stacked {self.t.name(card)} on {where} ({how})"
        else:
            text = f"{self._who(s)} placed {self.t.name(card)} at {where} ({how})"
        if special:
            text += " with the Cucumber's ability"
        rotated = []
        turns = mz.cog_turns(self.t, s.maze, cell)
        for neighbour, delta in turns:
            mz.turn(s.maze, neighbour, delta)
            rotated.append({"cell": mz.label(neighbour), "dir": "cw" if delta > 0 else "ccw"})
        if rotated:
            text += "; " + ", ".join(
                f"a cog turned {r['cell']} {ROT_DIR[1 if r['dir'] == 'cw' else -1]}" for r in rotated
            )
        s.last = {
            "turn": s.turn,
            "seat": s.seat,
            "card": card,
            "cell": where,
            "rot": rot,
            "stacked": kind == "stack",
            "special": special,
            "rotated": rotated,
            "paths": {},
        }
        events.append(Event(text + "."))
        adjacent = [c for c in ("mouse", "cat") if c in s.chars and mz.direction(cell, s.chars[c]) >= 0]
        if s.solo:
            eligible = [c for c in self._eligible(s) if c in ("mouse", "cat")]
            s.active_set = [c for c in eligible if c in adjacent] or eligible
        s.starts = {c: s.chars[c] for c in sorted(set(adjacent) | set(s.active_set))}
        # Only a character that can step onto the card moves through it; when both can, the
        # player says who goes first.
        s.movers = [
            c
            for c in adjacent
            if mz.can_enter(self.t, s.maze, s.chars, c, cell, holes=c == "mouse" and "mouse" in s.effects)
        ]
        for c in adjacent:
            if c not in s.movers and (c in s.active_set or not s.solo):
                events.append(Event(f"{_cap(CHAR_NAMES[c])} cannot move through {where}."))
        if len(s.movers) == 2:
            s.phase = "order"
            return
        self._continue_moves(s, events)

    def _dests(self, s: State, mover: str) -> tuple[dict[int, str | None], dict[int, int]]:
        assert s.placed is not None
        return mz.destinations(
            self.t, s.maze, s.chars, mover, s.placed, holes=mover == "mouse" and "mouse" in s.effects
        )

    def _continue_moves(self, s: State, events: list[Event]) -> None:
        while s.movers:
            mover = s.movers[0]
            dests, parent = self._dests(s, mover)
            if not dests:
                s.movers.pop(0)
                if mover in s.active_set or not s.solo:
                    events.append(Event(f"{_cap(CHAR_NAMES[mover])} cannot move through {mz.label(s.placed)}."))
                continue
            if len(dests) > 1:
                s.phase = "dest"
                return
            (dest,) = dests
            self._move(s, mover, dest, dests[dest], parent, events)
            if s.result is not None:
                return
        self._after_moves(s, events)

    def _move(
        self, s: State, mover: str, dest: int, hit: str | None, parent: Mapping[int, int], events: list[Event]
    ) -> None:
        start = s.chars[mover]
        path = mz.route(parent, start, dest)
        labels = [mz.label(c) for c in path]
        s.last.setdefault("paths", {})[mover] = labels
        s.movers.remove(mover)
        name = _cap(CHAR_NAMES[mover])
        if hit is None:
            s.chars[mover] = dest
            events.append(Event(f"{name} ran {' → '.join(labels)}."))
            return
        events.append(Event(f"{name} ran {' → '.join(labels)}, onto {CHAR_NAMES[hit]}!"))
        if mover == "mouse" and hit == "cheese":
            kind, text = "cheese", "The Mouse moved over the Cheese."
        elif mover == "mouse":
            kind, text = "caught", "The Mouse ran into the Cat: the Cat and the Mouse passed over each other."
        else:
            kind, text = "caught", "The Cat moved over the Mouse."
        if s.solo:
            self._finish(s, events, won=False, kind=kind, text=text + " You lose.")
        else:
            self._score(s, events, kind=kind, text=text, reached="mouse_cheese" if kind == "cheese" else "cat_mouse")

    def _after_moves(self, s: State, events: list[Event]) -> None:
        if s.solo and s.active_set and all(s.chars[c] == s.starts[c] for c in s.active_set):
            names = " and ".join(CHAR_NAMES[c] for c in s.active_set)
            self._finish(
                s,
                events,
                won=False,
                kind="stuck",
                text=f"{_cap(names)} could not move: after the Move, the Active Character ended where it started. You lose.",
            )
            return
        self._refill(s, events)

    def _refill(self, s: State, events: list[Event]) -> None:
        """End Turn: fill the Conveyor Belt from the Maze Deck and check for surprises."""
        s.phase = "refill"
        while len(s.belt) < BELT and s.deck:
            token = s.deck.pop(0)
            if token == "cat":
                options = mz.closest_empty(s.maze, s.chars, s.chars["cheese"])
                assert options, "the 5 x 5 limit always leaves a space for the Cat"
                if len(options) == 1:
                    self._cat_arrives(s, options[0], events)
                else:
                    s.cat_options = options
                    s.phase = "cat"
                    events.append(
                        Event(
                            "**The Cat** is revealed! It arrives at the closest empty space to the Cheese: "
                            f"choose {', '.join(mz.label(c) for c in options)}."
                        )
                    )
                    return
            elif isinstance(token, str) and token.startswith("agenda:"):
                key = token.split(":", 1)[1]
                s.aside.append(token)
                s.agendas_revealed.append(key)
                agenda = self.data.agendas[key]
                if s.easier:
                    events.append(
                        Event(
                            f"Secret agenda revealed: **{agenda['title']}** Its ability may be used once, any time from now."
                        )
                    )
                else:
                    s.pending = key
                    events.append(
                        Event(f"Secret agenda revealed: **{agenda['title']}** Its ability starts the next turn.")
                    )
            elif token == "cucumber":
                s.belt.append(token)
                events.append(Event("**The Cucumber** shows up on the Conveyor Belt: the Endgame begins!"))
                self._endgame(s, events)
                return
            else:
                s.belt.append(token)
        if s.solo:
            self._start_turn(s, events)
        else:
            s.seat = (s.seat + 1) % s.players
            self._start_turn(s, events)
            events.append(Event(f"{{p{s.seat}}}'s turn."))

    def _cat_arrives(self, s: State, cell: int, events: list[Event]) -> None:
        s.chars["cat"] = cell
        s.cat_options = []
        s.last["cat_arrived"] = mz.label(cell)
        active = " The Cat is now the Active Character." if s.solo and not s.easier else ""
        events.append(Event(f"**The Cat** arrives at {mz.label(cell)}, as close to the Cheese as possible.{active}"))

    def _paths(self, s: State) -> tuple[list[int] | None, list[int] | None]:
        return (
            mz.trace(self.t, s.maze, s.chars, "mouse", "cheese"),
            mz.trace(self.t, s.maze, s.chars, "cat", "mouse"),
        )

    def _endgame(self, s: State, events: list[Event]) -> None:
        if not s.solo:
            self._score(s, events, kind="cucumber", text="The Cucumber appeared.", reached=None)
            return
        final = s.deck.pop()
        assert isinstance(final, str) and final.startswith("agenda:")
        key = final.split(":", 1)[1]
        s.aside.append(final)
        s.agendas_revealed.append(key)
        agenda = self.data.agendas[key]
        mc, cm = self._paths(s)
        want = agenda["win"]
        won = (mc is not None) == want["mouse_cheese"] and (cm is not None) == want["cat_mouse"]
        text = (
            f"The agenda at the bottom of the Maze Deck: **{agenda['title']}** "
            f"Mouse→Cheese Path: {'yes' if mc else 'no'} (wanted {'yes' if want['mouse_cheese'] else 'no'}); "
            f"Cat→Mouse Path: {'yes' if cm else 'no'} (wanted {'yes' if want['cat_mouse'] else 'no'}). "
            + ("You win!" if won else "You lose.")
        )
        self._finish(s, events, won=won, kind="endgame", text=text, agenda=key, paths=(mc, cm))

    def _finish(
        self,
        s: State,
        events: list[Event],
        *,
        won: bool,
        kind: str,
        text: str,
        agenda: str | None = None,
        paths: tuple[list[int] | None, list[int] | None] | None = None,
    ) -> None:
        s.phase = "over"
        s.movers = []
        mc, cm = paths if paths is not None else (None, None)
        s.result = {
            "won": won,
            "kind": kind,
            "text": text,
            "agenda": agenda,
            "mouse_cheese": None if paths is None else mc is not None,
            "cat_mouse": None if paths is None else cm is not None,
            "paths": {
                "mouse_cheese": [mz.label(c) for c in mc] if mc else None,
                "cat_mouse": [mz.label(c) for c in cm] if cm else None,
            },
            "scores": [1.0 if won else 0.0],
        }
        events.append(Event(("🏆 " if won else "💀 ") + text))

    def _score(self, s: State, events: list[Event], *, kind: str, text: str, reached: str | None) -> None:
        """Multiplayer end: every agenda scores one point per win condition that holds."""
        mc, cm = self._paths(s)
        facts = {"mouse_cheese": mc is not None, "cat_mouse": cm is not None}
        if reached:
            facts[reached] = True
        scores = []
        for seat in range(s.players):
            want = self.data.agendas[s.secret[seat]]["win"]
            scores.append(float(sum(facts[k] == v for k, v in want.items())))
        reacher = {"mouse_cheese": "mouse", "cat_mouse": "cat"}.get(reached or "")
        if reacher in s.secret:
            # The character that reached its target wins outright for the player siding with it.
            scores = [2.0 if key == reacher else min(score, 1.0) for key, score in zip(s.secret, scores)]
        best = max(scores)
        winners = [seat for seat, score in enumerate(scores) if score == best]
        satisfied = next(k for k, a in self.data.agendas.items() if all(facts[c] == v for c, v in a["win"].items()))
        if reacher in s.secret:
            satisfied = reacher
        lines = [
            text,
            f"Mouse→Cheese: {'yes' if facts['mouse_cheese'] else 'no'} · Cat→Mouse: {'yes' if facts['cat_mouse'] else 'no'}"
            f" → **{self.data.agendas[satisfied]['title']}**",
        ]
        for seat in range(s.players):
            lines.append(f"{{p{seat}}}: {CHAR_TITLES[s.secret[seat]]} · {int(scores[seat])} point(s)")
        lines.append("Winner(s): " + ", ".join("{p%d}" % w for w in winners))
        s.phase = "over"
        s.movers = []
        s.revealed_seats = [True] * s.players
        s.result = {
            "won": None,
            "kind": kind,
            "text": "\n".join(lines),
            "agenda": satisfied,
            "mouse_cheese": facts["mouse_cheese"],
            "cat_mouse": facts["cat_mouse"],
            "paths": {
                "mouse_cheese": [mz.label(c) for c in mc] if mc else None,
                "cat_mouse": [mz.label(c) for c in cm] if cm else None,
            },
            "scores": scores,
            "winners": winners,
            "secrets": list(s.secret),
        }
        # The final scoring is the game's result, which the table shows once under this event.
        events.append(Event("🏁 " + text))

    # ------------------------------------------------------------------ play

    def has_private_information(self, players: int) -> bool:
        # Solo: the agendas are hidden from the player too, so there is nothing to tell them privately.
        return players > 1

    def current_seats(self, state: State) -> list[int]:
        if state.phase == "over":
            return []
        return [state.seat]

    def _action_list(self, s: State) -> list[str]:
        """The legal action strings (without labels), in the order the choices are offered."""
        return [c.action for c in self._choices(s, preview=False)]

    def legal_actions(self, state: State, seat: int) -> list[Choice]:
        if state.phase == "over" or seat != state.seat:
            return []
        return self._choices(state, preview=True)

    def _choices(self, s: State, preview: bool) -> list[Choice]:
        public = True
        out: list[Choice] = []
        if s.phase == "pick":
            slots = self._placeable_slots(s)
            for i in slots:
                card = s.belt[i]
                out.append(
                    Choice(
                        f"belt:{i + 1}",
                        f"{i + 1} · {self.t.name(card)}",
                        group="belt",
                        style="primary",
                        public=public,
                        description=f"{self.t.describe(card, 0)} (as printed)"[:100],
                    )
                )
            for key in self._optional_abilities(s):
                agenda = self.data.agendas[key]
                out.append(
                    Choice(
                        f"ability:{key}",
                        f"Use {CHAR_TITLES[key]} ability",
                        group="ability",
                        style="success",
                        public=s.solo,
                        description=agenda["ability_text"][:100],
                    )
                )
            if not s.solo and not slots:
                for i, card in enumerate(s.belt):
                    out.append(
                        Choice(
                            f"discard:{i + 1}",
                            f"Discard {i + 1} · {self._card_name(card)}",
                            group="discard",
                            style="danger",
                            public=True,
                            description="No belt card fits anywhere: discard one and refill the belt.",
                        )
                    )
        elif s.phase == "place":
            assert s.picked is not None
            card = s.belt[s.picked]
            special = "cucumber" in s.effects
            for kind, cell, rot in self._placements(s, card):
                where = mz.label(cell)
                how = self.t.describe(card, rot)
                if kind == "stack":
                    label = f"on {where} ({'Cucumber' if special else 'stack'}) · {how}"
                else:
                    label = f"{where} · {how}"
                out.append(
                    Choice(
                        f"{kind}:{where}:r{rot}",
                        label[:80],
                        group="place",
                        public=public,
                        description=self._preview(s, kind, cell, card, rot) if preview else "",
                    )
                )
            out.append(Choice("back", "↩ Back to the belt", group="back", public=public))
        elif s.phase == "order":
            for c in s.movers:
                out.append(
                    Choice(
                        f"first:{c}",
                        f"Move {CHAR_NAMES[c]} first",
                        group="order",
                        style="primary",
                        public=public,
                        description="Both are next to the card and must move through it if possible.",
                    )
                )
        elif s.phase == "dest":
            mover = s.movers[0]
            dests, parent = self._dests(s, mover)
            start = s.chars[mover]
            for dest in sorted(dests, key=lambda c: (dests[c] is not None, mz.XY[c])):
                where = mz.label(dest)
                hit = dests[dest]
                path = " → ".join(mz.label(c) for c in mz.route(parent, start, dest))
                if hit is not None:
                    label = f"{where} · onto {CHAR_NAMES[hit]}"
                    label += " (you lose)" if s.solo else " (ends the game)"
                    style = "danger"
                else:
                    label = where
                    style = "primary"
                out.append(
                    Choice(f"dest:{where}", label, group="dest", style=style, public=public, description=path[:100])
                )
        elif s.phase == "cat":
            for cell in s.cat_options:
                out.append(
                    Choice(
                        f"cat:{mz.label(cell)}",
                        f"Cat to {mz.label(cell)}",
                        group="cat",
                        style="primary",
                        public=public,
                        description=f"{mz.distance(cell, s.chars['cheese'])} spaces from the Cheese",
                    )
                )
        elif s.phase == "cheese":
            for cell in sorted(s.maze):
                cards, rot = s.maze[cell]
                top = cards[-1]
                now = self.t.spec[top][rot]
                seen = {now}
                for q in (1, 3, 2):
                    after = self.t.spec[top][(rot + q) & 3]
                    if after in seen:
                        continue
                    seen.add(after)
                    out.append(
                        Choice(
                            f"turn:{mz.label(cell)}:{q}",
                            f"{mz.label(cell)} · turn {TURN_TEXT[q]}",
                            group="turn",
                            public=public,
                            description=f"{self.t.name(top)} → {self.t.describe(top, rot + q)}"[:100],
                        )
                    )
            out.sort(key=lambda c: c.action)
        return out

    def _preview(self, s: State, kind: str, cell: int, card: int, rot: int) -> str:
        """A short hint of what a placement leads to: who must move and how many spaces they have,
        and a warning when every way the Move can go loses (solo)."""
        maze = dict(s.maze)
        mz.put(maze, kind, cell, card, rot)
        for neighbour, delta in mz.cog_turns(self.t, maze, cell):
            mz.turn(maze, neighbour, delta)
        parts = []
        adjacent = [c for c in ("mouse", "cat") if c in s.chars and mz.direction(cell, s.chars[c]) >= 0]
        for c in adjacent:
            dests, _ = mz.destinations(self.t, maze, s.chars, c, cell, holes=c == "mouse" and "mouse" in s.effects)
            safe = [d for d, hit in dests.items() if hit is None]
            if safe:
                parts.append(f"{CHAR_TITLES[c]}: {len(safe)} space{'s' if len(safe) > 1 else ''}")
            elif dests:
                parts.append(f"{CHAR_TITLES[c]}: only onto {CHAR_NAMES[next(h for h in dests.values() if h)]}")
            else:
                parts.append(f"{CHAR_TITLES[c]}: cannot move")
        lose = False
        if s.solo:
            eligible = [c for c in self._eligible(s) if c in ("mouse", "cat")]
            active = [c for c in eligible if c in adjacent] or eligible
            if not adjacent:
                parts.append(f"{CHAR_TITLES[active[0]]} is not next to it")
            lose = not self._survivable(s, maze, cell, adjacent, active)
        text = " · ".join(parts) or "nobody moves"
        return (("⚠ you lose: " if lose else "") + text)[:100]

    def _survivable(self, s: State, maze: mz.Maze, cell: int, movers: list[str], active: list[str]) -> bool:
        """Whether some order and choice of destinations avoids every loss of the Move."""
        start = dict(s.chars)

        def resolve(order: list[str], chars: mz.Chars) -> bool:
            if not order:
                return not (active and all(chars[c] == start[c] for c in active))
            mover = order[0]
            dests, _ = mz.destinations(
                self.t, maze, chars, mover, cell, holes=mover == "mouse" and "mouse" in s.effects
            )
            if not dests:
                return resolve(order[1:], chars)
            for dest, hit in dests.items():
                if hit is None:
                    after = dict(chars)
                    after[mover] = dest
                    if resolve(order[1:], after):
                        return True
            return False

        orders = [movers] if len(movers) < 2 else [movers, movers[::-1]]
        return any(resolve(list(order), start) for order in orders)

    def apply(self, state: State, seat: int, action: str) -> Transition[State]:
        if state.phase == "over":
            raise RuleError("The game is over.")
        if seat != state.seat:
            raise RuleError("It is not your turn.")
        if not isinstance(action, str) or action not in self._action_list(state):
            raise RuleError(f"`{action}` is not possible now. {self._prompt(state)}")
        s = state.copy()
        events: list[Event] = []
        head, _, rest = action.partition(":")
        if head == "belt":
            s.picked = int(rest) - 1
            s.phase = "place"
        elif head == "back":
            s.picked = None
            s.phase = "pick"
        elif head in ("place", "stack"):
            where, rot = rest.split(":")
            self._do_place(s, head, mz.parse_label(where), int(rot[1:]), events)
        elif head == "first":
            s.movers.remove(rest)
            s.movers.insert(0, rest)
            self._continue_moves(s, events)
        elif head == "dest":
            mover = s.movers[0]
            dests, parent = self._dests(s, mover)
            dest = mz.parse_label(rest)
            self._move(s, mover, dest, dests[dest], parent, events)
            if s.result is None:
                self._continue_moves(s, events)
        elif head == "cat":
            self._cat_arrives(s, mz.parse_label(rest), events)
            self._refill(s, events)
        elif head == "turn":
            where, q = rest.split(":")
            cell = mz.parse_label(where)
            mz.turn(s.maze, cell, int(q))
            s.last = {
                "turn": s.turn,
                "rotated": [{"cell": where, "dir": "cw" if q == "1" else ("ccw" if q == "3" else "half")}],
            }
            events.append(
                Event(f"{self._who(s)} turned the card at {where} {TURN_TEXT[int(q)]} with the Cheese's ability.")
            )
            self._ready(s, events)
        elif head == "ability":
            self._use_ability(s, rest, events)
        elif head == "discard":
            card = s.belt.pop(int(rest) - 1)
            s.discard.append(card)
            events.append(Event(f"No belt card fits anywhere: {self._who(s)} discarded {self._card_name(card)}."))
            s.last = {"turn": s.turn, "discarded": card}
            self._refill(s, events)
        else:  # pragma: no cover - every legal action has a head above
            raise RuleError(f"`{action}` is not an action of this game.")
        return Transition(s, events)

    def _use_ability(self, s: State, key: str, events: list[Event]) -> None:
        agenda = self.data.agendas[key]
        s.abilities_used.append(key)
        if not s.solo:
            s.revealed_seats[s.seat] = True
            events.append(
                Event(f"{self._who(s)} reveals their secret side: **{agenda['title']}** ({agenda['motive']})")
            )
        title = agenda["title"]
        if key == "mouse":
            s.effects.append("mouse")
            events.append(Event(f"**{title}** ability: this turn the Mouse may pass through walls with a mouse hole."))
            self._ready(s, events)
        elif key == "cat":
            self._swap(s, events, title)
            self._ready(s, events)
        elif key == "cheese":
            s.phase = "cheese"
            events.append(Event(f"**{title}** ability: turn any one maze card as far as you like."))
        elif key == "cucumber":
            s.effects.append("cucumber")
            events.append(
                Event(f"**{title}** ability: this turn's card goes on top of any unstacked maze card, any way round.")
            )
            self._ready(s, events)

    def is_terminal(self, state: State) -> bool:
        return state.phase == "over"

    def results(self, state: State) -> GameResult:
        result = state.result
        assert result is not None
        if state.solo:
            won = bool(result["won"])
            # The reason was the game's last event, just above this in the final message.
            text = "🏆 **You win!**" if won else "💀 **You lose.**"
            return GameResult.team(Relation.SOLO, 1, won, text)
        return GameResult.competitive(tuple(result["scores"]), tuple(result["winners"]), result["text"])

    # ------------------------------------------------------------------ information

    def _outlook(self, s: State) -> dict[str, float]:
        """Chances that the Cat / the Cucumber show up during this turn's End Turn, from public
        facts only: the setup's stack structure, how many cards are left and what has appeared.

        The refill draws until a maze card lands on the belt, so an agenda (always at the
        bottom of its stack) or the Cat lets the next card come too.
        """
        setup = self.data.setups[s.setup]
        sizes = [stack.maze for stack in setup.stacks]
        if s.easier:
            sizes[setup.easier_short_stack] -= 1
        kinds: list[tuple[int, int, str | None]] = []  # (start, end, what): a run of cards
        position = 0
        for size, spec in zip(sizes, setup.stacks):
            runs = [(size, None)] if spec.shuffle_in is None else []
            if spec.shuffle_in is not None:
                if spec.keep_on_top:
                    runs.append((spec.keep_on_top, None))
                runs.append((size - spec.keep_on_top + 1, spec.shuffle_in))
            if s.solo:
                runs.append((1, "agenda"))
            for length, what in runs:
                kinds.append((position, position + length, what))
                position += length
        drawn = position - len(s.deck)
        cat_seen = "cat" in s.chars or s.phase == "cat"

        def chance(pos: int, cat_seen: bool, target: str) -> float:
            for start, end, what in kinds:
                if not start <= pos < end:
                    continue
                if what == "agenda":
                    return chance(pos + 1, cat_seen, target)
                if what is None or (what == "cat" and cat_seen):
                    return 0.0
                odds = 1.0 / (end - pos)
                if what == target:
                    return odds
                return odds * chance(pos + 1, True, target) if what == "cat" else 0.0
            return 0.0

        if s.phase == "over":
            return {"cat": 0.0, "cucumber": 0.0}
        return {
            "cat": round(chance(drawn, cat_seen, "cat"), 4),
            "cucumber": round(chance(drawn, cat_seen, "cucumber"), 4),
        }

    def public_view(self, state: State) -> dict[str, Any]:
        return self.view(state, None)

    def seat_view(self, state: State, seat: int) -> dict[str, Any]:
        return self.view(state, seat)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        s = state
        setup = self.data.setups[s.setup]
        x0, y0, x1, y1 = mz.frame(s.maze, s.chars)
        maze = []
        for cell in sorted(s.maze):
            cards, rot = s.maze[cell]
            top = cards[-1]
            maze.append(
                {
                    "cell": mz.label(cell),
                    "card": top,
                    "rot": rot,
                    "name": self.t.name(top),
                    "edges": self.t.edge_codes(top, rot),
                    "stacked": len(cards) > 1,
                    "under": cards[0] if len(cards) > 1 else None,
                }
            )
        belt = []
        for i, token in enumerate(s.belt):
            entry: dict[str, Any] = {"slot": i + 1, "card": token, "name": self._card_name(token)}
            if isinstance(token, int):
                entry["edges"] = self.t.edge_codes(token, 0)
            belt.append(entry)
        agendas_in_deck = sum(1 for t in s.deck if isinstance(t, str) and t.startswith("agenda:"))
        view: dict[str, Any] = {
            "game": "mccc",
            "mode": "solo" if s.solo else "multiplayer",
            "players": s.players,
            "setup": s.setup,
            "setup_name": setup.name,
            "difficulty": setup.difficulty,
            "easier": s.easier,
            "turn": s.turn,
            "seat": s.seat,
            "phase": s.phase,
            "awaiting": self.current_seats(s),
            "active": self._eligible(s),
            "frame": {
                "cols": mz.COLUMNS[x0 : x1 + 1],
                "rows": list(range(y0 + 1, y1 + 2)),
            },
            "maze": maze,
            "characters": {c: (mz.label(s.chars[c]) if c in s.chars else None) for c in ("mouse", "cheese", "cat")},
            "belt": belt,
            "picked": None if s.picked is None else s.picked + 1,
            "deck": {
                "count": len(s.deck),
                "cat_in_deck": "cat" not in s.chars and s.phase != "cat",
                "cucumber_in_deck": "cucumber" not in s.belt,
                "agendas_in_deck": agendas_in_deck,
            },
            "outlook": self._outlook(s),
            "agendas": {
                "revealed": list(s.agendas_revealed),
                "titles": {k: self.data.agendas[k]["title"] for k in s.agendas_revealed},
            },
            "ability": {
                "pending": s.pending,
                "this_turn": list(s.effects),
                "used": list(s.abilities_used),
                "available": self._optional_abilities(s) if s.solo else [],
            },
            "placed": None if s.placed is None else mz.label(s.placed),
            "movers": list(s.movers),
            "active_set": list(s.active_set),
            "starts": {c: mz.label(cell) for c, cell in sorted(s.starts.items())},
            "last": st._deep(s.last),
            "cat_options": [mz.label(c) for c in s.cat_options],
            "discarded": len(s.discard),
            "result": st._deep(s.result),
            "cards_total": TOTAL_CARDS,
        }
        if s.phase == "dest" and s.movers:
            dests, _ = self._dests(s, s.movers[0])
            view["destinations"] = sorted(mz.label(c) for c in dests)
        if not s.solo:
            view["revealed_players"] = {str(i): s.secret[i] for i in range(s.players) if s.revealed_seats[i]}
            if seat is not None and 0 <= seat < s.players:
                key = s.secret[seat]
                agenda = self.data.agendas[key]
                view["secret"] = {
                    "seat": seat,
                    "agenda": key,
                    "title": agenda["title"],
                    "motive": agenda["motive"],
                    "win": dict(agenda["win"]),
                    "ability_text": agenda["ability_text"],
                    "ability_used": s.revealed_seats[seat],
                }
                view["ability"]["available"] = self._optional_abilities(s) if seat == s.seat else []
        return view

    def status_text(self, public_view: Mapping[str, Any]) -> str:
        v = public_view
        lines = [
            f"**Mouse Cheese Cat Cucumber** · setup {v['setup']} *{v['setup_name']}*"
            + (" · easier" if v["easier"] else "")
        ]
        if v["mode"] == "multiplayer":
            lines[0] += f" · {v['players']} players"
        result = v.get("result")
        if result:
            lines.append(result["text"])
            return "\n".join(lines)
        who = "{p%d}" % v["seat"] if v["mode"] == "multiplayer" else "You"
        active = " or ".join(CHAR_NAMES[c] for c in v["active"] if c != "cheese" or v["mode"] == "multiplayer")
        deck = v["deck"]
        line = f"Turn {v['turn']} · Active: **{active}** · Deck: {deck['count']} cards"
        if v["mode"] == "multiplayer":
            line = f"Turn {v['turn']} · {who} to play · Deck: {deck['count']} cards"
        lines.append(line)
        if v["agendas"]["revealed"]:
            lines.append("Revealed: " + ", ".join(f"*{v['agendas']['titles'][k]}*" for k in v["agendas"]["revealed"]))
        if v["mode"] == "multiplayer" and v.get("revealed_players"):
            lines.append(
                "Sides shown: "
                + ", ".join(
                    "{p%s} = %s" % (seat, CHAR_TITLES[key]) for seat, key in sorted(v["revealed_players"].items())
                )
            )
        effects = v["ability"]["this_turn"]
        if effects:
            lines.append("This turn: " + ", ".join(f"{CHAR_TITLES[k]}'s ability" for k in effects))
        chance = v["outlook"]["cucumber"]
        if chance:
            lines.append(f"Chance the Cucumber shows up this turn: {round(chance * 100)}%")
        lines.append(self._phase_text(v))
        return "\n".join(lines)

    def _phase_text(self, v: Mapping[str, Any]) -> str:
        who = "{p%d}" % v["seat"]
        phase = v["phase"]
        if phase == "pick":
            return f"{who}: pick a belt card."
        if phase == "place":
            card = v["belt"][v["picked"] - 1]["name"]
            return f"{who}: place {card}."
        if phase == "order":
            return f"{who}: both must move — choose who moves first."
        if phase == "dest":
            return f"{who}: where does {CHAR_NAMES[v['movers'][0]]} go?"
        if phase == "cat":
            return f"{who}: choose where the Cat arrives ({', '.join(v['cat_options'])})."
        if phase == "cheese":
            return f"{who}: turn one maze card (the Cheese's ability)."
        return ""

    def private_text(self, seat_view: Mapping[str, Any]) -> str:
        secret = seat_view.get("secret")
        if not secret:
            return ""
        win = secret["win"]
        goal = (
            f"Mouse→Cheese Path **{'yes' if win['mouse_cheese'] else 'no'}**, "
            f"Cat→Mouse Path **{'yes' if win['cat_mouse'] else 'no'}**"
        )
        lines = [
            f"Your secret side: **{CHAR_TITLES[secret['agenda']]}** — *{secret['title']}*",
            f"{secret['motive']}",
            f"You win if the game ends with {goal} (one of the two still scores 1 point).",
            f"Ability (once, reveals you): {secret['ability_text']}" + (" *(used)*" if secret["ability_used"] else ""),
        ]
        return "\n".join(lines)

    def prompt_text(self, seat_view: Mapping[str, Any]) -> str:
        v = seat_view
        if v.get("result"):
            return "The game is over."
        phase = v["phase"]
        if phase == "pick":
            extra = " (or use your ability)" if v["ability"]["available"] else ""
            if v["mode"] == "multiplayer":
                return f"Pick a belt card to place next to any card in the maze{extra}."
            return f"Pick a belt card to place next to {' or '.join(CHAR_NAMES[c] for c in v['active'])}{extra}."
        if phase == "place":
            card = v["belt"][v["picked"] - 1]["name"]
            return f"Where does {card} go? (cell · walls after turning)"
        return self._phase_text(v).split(": ", 1)[-1]

    def _prompt(self, s: State) -> str:
        return self.prompt_text(self.view(s, s.seat))

    # ------------------------------------------------------------------ persistence

    def dump(self, state: State) -> dict[str, Any]:
        return st.dump(state)

    def load(self, data: Mapping[str, Any]) -> State:
        return st.load(data)

    # ------------------------------------------------------------------ checks

    def check_invariants(self, state: State) -> None:
        s = state
        tokens: list[st.Token] = []
        for cards, rot in s.maze.values():
            assert 1 <= len(cards) <= 2, f"a stack of {len(cards)} cards: you may not stack more than once"
            assert rot in (0, 1, 2, 3)
            tokens.extend(cards)
        tokens.extend(s.chars)
        tokens.extend(s.belt)
        tokens.extend(s.deck)
        tokens.extend(s.aside)
        tokens.extend(s.hidden_aside)
        tokens.extend(s.discard)
        tokens.extend(f"agenda:{k}" for k in s.secret)
        if s.phase == "cat":
            tokens.append("cat")  # drawn, waiting for the player to choose its space
        expected = set(self.t.ids) | {"mouse", "cheese", "cat", "cucumber"} | {f"agenda:{k}" for k in self.data.agendas}
        assert len(tokens) == TOTAL_CARDS, f"{len(tokens)} cards instead of {TOTAL_CARDS}"
        assert set(tokens) == expected, "every card exactly once"
        if s.phase == "cat":
            assert "cat" not in s.chars
        cells = list(s.maze) + list(s.chars.values())
        assert len(cells) == len(set(cells)), "two things share a cell"
        x0, y0, x1, y1 = mz.box_of(cells)
        assert x1 - x0 < mz.LIMIT and y1 - y0 < mz.LIMIT, "the Maze may never be larger than 5 x 5"
        if s.phase != "over":
            assert all(isinstance(c, int) for c in s.belt), "only maze cards wait on the belt during play"
            if s.phase in ("pick", "place", "cheese"):
                assert len(s.belt) == BELT, "the Conveyor Belt holds four cards"
            else:
                assert len(s.belt) <= BELT
        if s.solo:
            assert not s.secret and not s.hidden_aside and not s.discard
            if s.phase != "over":
                assert isinstance(s.deck[-1], str) and s.deck[-1].startswith("agenda:"), "an agenda stays at the bottom"
        else:
            assert len(s.secret) == s.players and len(set(s.secret)) == s.players

    def shuffle_hidden(self, state: State, seed: int) -> State:
        s = state.copy()
        rng = Rng.from_seed(seed, "mccc-hidden")
        rng.shuffle(s.deck)
        if s.solo and s.phase != "over" and s.deck:
            # Keep an agenda at the bottom so the state stays a legal one.
            for i, token in enumerate(s.deck):
                if isinstance(token, str) and token.startswith("agenda:"):
                    s.deck[i], s.deck[-1] = s.deck[-1], s.deck[i]
                    break
        if not s.solo and s.phase != "over":
            hidden_seats = [i for i in range(s.players) if not s.revealed_seats[i]]
            pool = [s.secret[i] for i in hidden_seats] + [t.split(":", 1)[1] for t in s.hidden_aside]
            rng.shuffle(pool)
            for i in hidden_seats:
                s.secret[i] = pool.pop()
            s.hidden_aside = [f"agenda:{k}" for k in pool]
        s.rng = rng.next_u64()
        return s


def build_engine() -> MCCCEngine:
    from bot.games.mccc.data import default

    return MCCCEngine(default())
