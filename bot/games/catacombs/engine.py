"""Catacombs of Mu: the engine contract (set-up, decisions, views, results, checks).

Each action string is one step of a guided turn (all at most 80 characters):

* ``draft`` / ``pchar``: ``char:<key>``; ``arch``: ``draw:2|3``; ``keep``: ``keep:<tile>``;
  ``enc``: ``enc:<tile>``; ``beast``: ``beast:shoot|health``; ``trap``: ``trap:torch:<tile>|fall``
* ``action``: ``pick:<tile>`` (a Passage Tile; people play ``play:<tile>:<placement>``, the tile and
  its place at once, here and in ``chain`` and ``x_play``), ``equip:<tile>``, ``redraw:<tile>``,
  ``relic:<space>``, ``link:<seat>``, ``go:<space>|exit``, ``escape``, ``pass``
* ``discard``: ``discards:<tile>+<tile>...`` (people: the whole discard at once), or one at a time
  ``discard:<tile>`` / ``discardall:<tile>`` (computer players)
* ``place``: ``put|rival|mate|dig:<space>:<turns>`` or ``back``/``skip``; ``chain``: ``pick:<tile>``,
  ``slide``, ``done``; ``cross``: ``cross:item:<tile>|health|turn|stop``; ``steal``:
  ``steal:<tile>|none``, ``shoot``; ``arrive``: ``go:<space>|exit``, ``stay``
* items at any own decision: ``use:<tile>``, ``bullet:<tile>``, ``torch:<tile>``, co-op
  ``aid:<tile>:<seat>``, ``give:<tile>:<seat>``; ``use_items``: ``finish``; the Archeologist's
  ``arch:<tile>`` (an item, then ``arch_play``: ``pick:<tile>``, ``x:done``)
* reactions (any turn): ``react:yes|no|part`` (``:always`` keeps that answer); standing choices,
  at any time and by any seat: ``stand:<kind>:yes|ask|no``
* monsters: ``monster:<n>``, ``mret:<space>``, ``groot:<space>``, ``yao:<space>``

Tile numbers are the game's tile ids (0-110); spaces are grid labels ``A1``-``L12``. Whatever
the player sends is checked against the choices offered, so a forged id changes nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cached_property
from typing import Any

from bot.engine import Choice, GameEngine, GameResult, MultiChoice, Relation, Rng, RuleError, Transition
from bot.engine.recent import RecentChoices
from bot.games.catacombs import GAME, ai_search, flow, help, prospects, reactions, sampling, texts, viewing
from bot.games.catacombs.ai import CatacombsComputer
from bot.games.catacombs.context import Ctx
from bot.games.catacombs.data import TOTAL_TILES, GameData, load
from bot.games.catacombs.i18n import N_, _, data_text
from bot.games.catacombs.setup import new_state
from bot.games.catacombs.state import State
from bot.games.catacombs.texts import pn
from bot.games.catacombs.views import PlacesView, PublicView, SeatView

NAVIGATION = frozenset({"back"})
"""Actions that only step back in the guided turn (nothing drawn or shown)."""
DEFAULTS_FOR_OTHERS = frozenset({"slide_pick", "place", "pchar", "ptop", "react"})

ENDINGS = {
    "escaped": N_("escaped"),
    "limit": N_("lamps-out"),
    "perished": N_("perished"),
    "delivered": N_("delivered"),
    "expedition": N_("expedition-left"),
}
"""The result's ending key for each way a game ends (``State.over``), as `/game stats` counts them:
an explorer escaped with the Relics; the house lamps limit ran out; a solo or co-op character
perished; every Relic reached the Exit; the expedition chose to leave."""
MODE_WORDS = {"co-op": N_("co-op"), "solo": N_("solo")}
"""The team modes' words in a result's variant (``Relation.label``), marked for the catalogue."""
TEAM_ENDINGS = {over: key for over, key in ENDINGS.items() if over != "escaped"}


class CatacombsEngine(GameEngine[State, PublicView, SeatView]):
    spec = GAME
    state_type = State

    def __init__(self, data: GameData) -> None:
        self.data = data
        self._choices = RecentChoices()

    # ------------------------------------------------------------------ set-up

    def new_game(self, players: int, options: Mapping[str, Any], seed: int) -> State:
        mode = self.relation(players, options).value
        state = new_state(self.data, players, mode, options, seed)
        ctx = Ctx(state, self.data, Rng(state.rng))
        flow.advance(ctx)
        state.rng = ctx.rng.state
        return state

    # ------------------------------------------------------------------ play

    def current_seats(self, state: State) -> list[int]:
        if state.over or not state.tasks:
            return []
        return [state.tasks[-1].seat]

    def legal_actions(self, state: State, seat: int) -> list[Choice]:
        if seat not in self.current_seats(state):
            return []
        # A search asks for the same position's choices twice (to pick a move, then ``apply`` checks it).
        return self._choices.choices(
            state, seat, lambda: flow.choices_for(Ctx(state, self.data, Rng(state.rng)), state.tasks[-1])
        )

    def offered(self, state: State, seat: int) -> list[Choice]:
        if seat not in self.current_seats(state):
            return []
        return flow.offered(Ctx(state, self.data, Rng(state.rng)), state.tasks[-1])

    def multi_choices(self, state: State, seat: int) -> list[MultiChoice]:
        if seat not in self.current_seats(state):
            return []
        return flow.menus_offered(Ctx(state, self.data, Rng(state.rng)), state.tasks[-1])

    def standing_choices(self, state: State, seat: int) -> list[Choice]:
        """ "use First Aid when it would save me": yes / ask me / never, and the other questions
        asked during any turn (``reactions``)."""
        if state.over or not 0 <= seat < state.players:
            return []
        return reactions.standing_choices(state, seat)

    def apply(self, state: State, seat: int, action: str) -> Transition[State]:
        if state.over:
            raise RuleError(_(texts.GAME_OVER))
        if action.startswith("stand:"):
            return self._set_standing(state, seat, action)
        acting = self.current_seats(state)
        if seat not in acting:
            raise RuleError(_(texts.NOT_YOUR_TURN).format(who=pn(acting[0])))
        ctx = Ctx(state, self.data, Rng(state.rng))
        menus = [*self.multi_choices(state, seat), *flow.several_for(ctx, state.tasks[-1])]
        legal = action in {c.action for c in self.legal_actions(state, seat)}
        shortcut = not legal and action in {c.action for c in self.offered(state, seat)}
        if not legal and not shortcut and all(menu.values(action) is None for menu in menus):
            raise RuleError(_(texts.NOT_POSSIBLE))
        new = self.clone(state)
        ctx = Ctx(new, self.data, Rng(new.rng))
        flow.apply_step(ctx, new.tasks[-1], action)
        flow.advance(ctx)
        ctx.flush_draws(_(texts.YOU_DRAW))
        new.rng = ctx.rng.state
        quiet = action in NAVIGATION and not ctx.drew
        return Transition(new, ctx.events, reveals=not quiet)

    def _set_standing(self, state: State, seat: int, action: str) -> Transition[State]:
        """A standing choice changes only that seat's setting: the game does not move. It reports
        ``reveals`` (no undo): setting it again is the way back, not an announced take-back."""
        if action not in {c.action for c in self.standing_choices(state, seat)}:
            raise RuleError(_(texts.NOT_POSSIBLE))
        new = self.clone(state)
        reactions.set_standing(new, seat, action)
        return Transition(new, [])

    def default_action(self, state: State, seat: int) -> str | None:
        """A slide's tile chosen by the player on the left (the first tile that fits, placed the
        first way listed), a perished character's new card (the same character if free) and the
        top of a dropped Relic stack (as it lies)."""
        if seat not in self.current_seats(state):
            return None
        task = state.tasks[-1]
        if task.kind not in DEFAULTS_FOR_OTHERS or (task.kind in ("slide_pick", "place") and seat == state.turn):
            return None
        if task.kind == "react":
            return f"react:{reactions.FALLBACK}"
        choices = [c.action for c in self.legal_actions(state, seat) if c.action not in ("back", "skip")]
        if task.kind == "pchar" and f"char:{task.text}" in choices:
            return f"char:{task.text}"
        return choices[0] if choices else None

    def answers_another(self, state: State, seat: int) -> bool:
        """A slide's next tile, a perished character's new card, a dropped Relic stack's top and a
        reaction are taken during another explorer's turn (a reaction maybe on one's own, when
        a monster moved by the rules attacks): exactly the decisions with a default."""
        return self.default_action(state, seat) is not None

    def places_on_the_board(self, state: State) -> bool:
        """While tiles are being played, the next one's place is chosen on the tiles laid so far."""
        return state.play is not None and not state.over

    def answer_within(self, state: State, seat: int) -> int | None:
        """A question a player asked to be asked waits a short while, then takes the fallback."""
        if seat in self.current_seats(state) and state.tasks[-1].kind == "react":
            return reactions.ANSWER_SECONDS
        return None

    def is_terminal(self, state: State) -> bool:
        return bool(state.over)

    def results(self, state: State) -> GameResult:
        relics = [len([t for t in p.equipment if self.data.kinds[t].cls == "relic"]) for p in state.seats]
        relation = Relation(state.mode)
        if relation is Relation.COMPETITIVE:
            if state.winners:
                winners = tuple(state.winners)
                text = _(texts.RESULT_ESCAPED).format(who=pn(winners[0]), n=relics[winners[0]])
            else:
                best = max(relics)
                winners = tuple(seat for seat, n in enumerate(relics) if n == best)
                text = _(texts.RESULT_LIMIT).format(who=", ".join(pn(w) for w in winners), n=best)
            ending = ENDINGS["escaped" if state.winners else "limit"]
            return GameResult.competitive(tuple(float(n) for n in relics), winners, text, ending=ending)
        score = len(state.exit_relics)
        won = state.over in ("delivered", "expedition") and score > 0
        text = (_(texts.RESULT_TEAM_WON) if won else _(texts.RESULT_TEAM_LOST[state.over])).format(
            n=score, total=state.relic_count
        )
        variant = f"{relation.label} · {state.relic_count} relics"
        ending = TEAM_ENDINGS[state.over]
        return GameResult.team(relation, state.players, won, text, score=score, variant=variant, ending=ending)

    def variant_text(self, variant: str) -> str:
        mode, _dot, relics = variant.partition(" · ")
        count = relics.split(" ", 1)[0]
        if not count.isdigit():
            return super().variant_text(variant)
        # The stored variant is English ("co-op · 4 relics"); a reader reads its words in their language.
        return _("{mode} · {count} relics").format(mode=_(MODE_WORDS.get(mode, mode)), count=count)

    # ------------------------------------------------------------------ search

    @cached_property
    def thumb(self) -> CatacombsComputer:
        """The computer explorer a search narrows its choices by (``ai_search.weighed``)."""
        return CatacombsComputer(self.data)

    def search_choices(self, state: State, seat: int) -> list[Choice]:
        """The legal moves a search weighs (``ai_search.weighed``: the heuristic's choice and a few
        purposeful others), never ``back``: stepping back inside a guided turn only reaches a
        position the search weighs anyway."""
        found = self.legal_actions(state, seat)
        forward = [choice for choice in found if choice.action not in NAVIGATION] or found
        return ai_search.weighed(self.thumb, self.seat_view(state, seat), forward)

    def determinize(self, state: State, seat: int, seed: int) -> State:
        return sampling.determinize(self.data, self.clone(state), seat, seed)

    def estimate(self, state: State) -> tuple[float, ...]:
        return prospects.estimate(self.data, state)

    def final_value(self, state: State) -> tuple[float, ...]:
        """Solo: the Relics brought out ("try to collect as many as you can before perishing": the
        solo text has no loss, and the Relics left at the Exit stay the score), not the house's
        "won" for leaving alive, which made the search leave with the first Relic."""
        if state.mode == "solo":
            return (prospects.solo_value(len(state.exit_relics), state.relic_count),)
        return super().final_value(state)

    # ------------------------------------------------------------------ information

    def public_view(self, state: State) -> PublicView:
        return viewing.public_view(state, self.data)

    def seat_view(self, state: State, seat: int) -> SeatView:
        return viewing.seat_view(state, self.data, seat)

    def seat_view_with(self, state: State, seat: int, public: PublicView) -> SeatView:
        return viewing.seat_view(state, self.data, seat, public)

    def places_view(self, state: State, seat: int) -> PlacesView | None:
        """Where the seat's offered moves would put a tile or a piece, on the board as they see it."""
        if seat not in self.current_seats(state):
            return None
        actions = [c.action for c in self.offered(state, seat)]
        return viewing.places_view(self.seat_view(state, seat), actions)

    def status_text(self, public_view: PublicView) -> str:
        return viewing.status_text(public_view)

    def private_text(self, seat_view: SeatView) -> str:
        return viewing.private_text(seat_view)

    def prompt_text(self, seat_view: SeatView) -> str:
        return viewing.prompt_text(seat_view)

    def rule_help(self, seat_view: SeatView) -> str:
        return help.rule_help(seat_view)

    def reveal_text(self, state: State) -> str:
        hands = [
            "{p%d}: %s" % (seat, ", ".join(data_text(self.data.kinds[t].name) for t in pawn.hand) or "—")
            for seat, pawn in enumerate(state.seats)
        ]
        return _(texts.REVEAL).format(hands="; ".join(hands))

    # ------------------------------------------------------------------ checks

    def locations(self, state: State) -> list[int]:
        """Every tile where it is, for the conservation check (each of the 111 exactly once)."""
        tiles = state.bag + state.discards + state.aside + state.exit_relics
        tiles += state.flags.aside + state.flags.encounters
        for pawn in state.seats:
            tiles += pawn.hand + pawn.equipment + pawn.pickup
        tiles += [t.id for t in state.board.values()]
        tiles += [r.id for stack in state.relics.values() for r in stack]
        tiles += [m.id for m in state.monsters]
        if state.play is not None:
            tiles += state.play.drawn
        for task in state.tasks:
            if task.kind == "keep":
                tiles += task.tiles
            elif task.kind == "groot":
                tiles.append(task.a)
        return tiles

    def check_invariants(self, state: State) -> None:
        tiles = self.locations(state)
        counts = Counter(tiles)
        assert len(tiles) == TOTAL_TILES and set(counts) == set(range(TOTAL_TILES)), (
            f"tiles not conserved: {len(tiles)} placed, doubled {[t for t, n in counts.items() if n > 1]}"
        )
        exit_cell = self.data.board.exit_cell
        for seat, pawn in enumerate(state.seats):
            character = self.data.characters.get(pawn.character)
            health_cap = character.health if character else 0
            bullet_cap = character.bullets if character else 0
            assert 0 <= pawn.health <= health_cap, f"seat {seat} health {pawn.health} outside 0-{health_cap}"
            assert 0 <= pawn.bullets <= bullet_cap, f"seat {seat} bullets {pawn.bullets} outside 0-{bullet_cap}"
            assert pawn.cell == exit_cell or pawn.cell in state.board, f"seat {seat}'s pawn is off the passages"
            if pawn.cell in state.board and self.data.kinds[state.board[pawn.cell].id].obstacle:
                assert pawn.side in "NESW" and pawn.side, f"seat {seat} stands nowhere on an obstacle"
            capacity = character.equipment if character else 4
            waiting = any(t.kind in ("room", "equip") and t.seat == seat for t in state.tasks)
            assert len(pawn.equipment) <= capacity or waiting, f"seat {seat} carries too much"
            assert all(self.data.kinds[t].cls in ("item", "relic") for t in pawn.equipment)
            assert all(self.data.kinds[t].cls in ("passage", "item") for t in pawn.hand)
        for cell in state.board:
            assert self.data.kinds[state.board[cell].id].is_passage
        assert not state.over or not state.tasks

    def shuffle_hidden(self, state: State, seed: int) -> State:
        """Deal the hands again from the hands and the bag (sizes kept). Tiles a decision refers
        to (the tile being placed) stay where they are."""
        new = self.clone(state)
        rng = Rng(seed)
        pinned = {t.a for t in new.tasks if t.kind == "place"}
        pool = [t for t in new.bag]
        sizes = []
        for pawn in new.seats:
            keep = [t for t in pawn.hand if t in pinned]
            pool += [t for t in pawn.hand if t not in pinned]
            sizes.append(len(pawn.hand) - len(keep))
            pawn.hand = keep
        hand_kinds = [t for t in pool if self.data.kinds[t].cls in ("passage", "item")]
        rng.shuffle(hand_kinds)
        for pawn, size in zip(new.seats, sizes):
            pawn.hand += hand_kinds[:size]
            hand_kinds = hand_kinds[size:]
        dealt = {t for pawn in new.seats for t in pawn.hand}
        new.bag = [t for t in pool if t not in dealt]
        return new


def build_engine() -> CatacombsEngine:
    return CatacombsEngine(load())
