"""What a searching computer explorer weighs (``CatacombsEngine.search_choices``), from the
computer explorer's own reading of the board (``ai``).

A turn offers 10 to 20 choices at its action menu (each tile in hand to play or to redraw, each
Relic stack, each Item) and up to 40 placements of a tile: a search of 60 samples spread over all
of them tries each a few times and learns nothing, so it kept the heuristic's move in 59 of 60
decisions. It weighs instead the heuristic's own choice and a few purposeful others:

* at the action menu, the tiles in hand whose best placement brings the explorer nearest its goal,
  a Relic stack only when moving or turning it joins the passage, one redraw (of the least useful
  tile), and every step, escape, link, torch and Item use (there are few);
* for a tile being placed, its best few placements; in a chain, the best next tiles, ``done`` and
  the slide;
* decisions that looking ahead a turn cannot tell apart (which character, which tile to keep or
  discard, where a monster returns) are the heuristic's alone: no sample is spent on them.

Every ranking is built from the view of the position it is handed (a sample, during a search),
never from the real state.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.engine import Choice, Rng
from bot.games.catacombs.ai import CatacombsComputer
from bot.games.catacombs.ai_board import FAR
from bot.games.catacombs.views import SeatView

TILES_WEIGHED = 3
"""Tiles in hand a search weighs playing: those whose best placement gets nearest the goal."""
PLACES_WEIGHED = 3
"""Placements of a tile a search weighs: the heuristic's best few."""
SEARCHED = frozenset(
    {
        "action",
        "extra",
        "x_play",
        "arch_play",
        "place",
        "chain",
        "cross",
        "trap",
        "beast",
        "steal",
        "target",
        "slide_pick",
        "torch_move",
        "use_items",
        "monster",
        "relic",
        "arrive",
    }
)
"""Decisions a search weighs; at every other one the heuristic's choice is the only one."""
RANKING_SEED = 22
"""The seed of the heuristic's own tie-breaks while ranking (fixed: a position always gives the
same choices)."""
ALWAYS = ("go:", "escape", "link:", "torch:", "use:", "bullet:", "aid:", "pass", "x:done", "done", "slide")
"""Choices a menu always keeps when offered: few, and each changes the game in its own way."""


def _verb(action: str) -> str:
    return action.split(":", 1)[0]


def _tile(action: str) -> int:
    return int(action.split(":")[1])


def weighed(ai: CatacombsComputer, view: SeatView, found: list[Choice]) -> list[Choice]:
    """The choices a search weighs out of ``found`` (the seat's forward legal choices)."""
    if len(found) <= 1:
        return found
    if view.decision == "place":
        # the heuristic's own choice is the best of its placements
        kept = {action for _, action in sorted(ai.placement_scores(view, found))[:PLACES_WEIGHED]}
        return [c for c in found if c.action in kept] or found
    picked = ai.choose(view, found, Rng.from_seed(RANKING_SEED, "weighed"))
    if view.decision not in SEARCHED:
        return [c for c in found if c.action == picked] or found[:1]
    ranker = RANKERS.get(view.decision)
    if ranker is None:
        return found
    kept = ranker(ai, view, found) | {picked}
    return [c for c in found if c.action in kept]


def _tiles_to_play(ai: CatacombsComputer, view: SeatView, found: list[Choice], ends: list[tuple[int, str]]) -> set[str]:
    """The ``pick:`` choices of the passage tiles whose best placement from ``ends`` leaves least to
    do (a Rival Dead End counts as a passage in a competitive game: it is the heuristic's to play)."""
    reading = ai._reading(view)
    items = view.public.seats[view.seat].items
    scored = []
    for choice in found:
        if not choice.action.startswith("pick:"):
            continue
        kind = ai.data.kinds[_tile(choice.action)]
        if not kind.is_passage:
            continue
        score = reading.lookahead(reading.lay, ends, [kind], items, 1)[0] if ends else FAR
        scored.append((score, choice.action))
    return {action for _, action in sorted(scored)[:TILES_WEIGHED]}


def _action(ai: CatacombsComputer, view: SeatView, found: list[Choice]) -> set[str]:
    reading = ai._reading(view)
    kept = _tiles_to_play(ai, view, found, reading.own_ends())
    kept.update(c.action for c in found if c.action.startswith(ALWAYS))
    redraw = ai._redraw(view, found, "redraw:")
    if redraw:
        kept.add(redraw)
    relic = ai._relic_menu(view, found, reading)
    if relic:
        kept.add(relic)
    equip = ai._equip_start(view, found)
    if equip and view.public.seats[view.seat].health < view.public.seats[view.seat].health_cap:
        kept.add(equip)
    return kept


def _chain(ai: CatacombsComputer, view: SeatView, found: list[Choice]) -> set[str]:
    reading = ai._reading(view)
    chain = view.public.chain
    ends = reading.lay.open_ends([chain[-1]]) if chain else reading.own_ends()
    kept = _tiles_to_play(ai, view, found, ends)
    kept.update(c.action for c in found if c.action.startswith(ALWAYS))
    return kept


RANKERS: dict[str, Callable[[CatacombsComputer, SeatView, list[Choice]], set[str]]] = {
    "action": _action,
    "x_play": _chain,
    "arch_play": _chain,
    "chain": _chain,
}
"""How each decision with many choices is narrowed; the others with few are weighed whole."""
