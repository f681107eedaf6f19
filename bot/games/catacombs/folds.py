"""The monster move folded into the tap that ends a turn's action (issue 21.3: at most 3 taps a turn).

"If playing with Monsters the player must now move one Monster tile." When the step a player
finishes with (*Done: move to the end*, *Go on*, *Pass*, the discard down to 5) leads straight to
choosing that monster, with nothing in between for anyone to decide, people are offered the two
at once: *Done: move to the end, then move Minhocão (G6)*, or one discard menu per monster. The
choice is the same (every monster that may move is offered, previewed as on its own), only one
tap shorter. Computer players keep the steps one at a time (``legal_actions``), and so may people
(the plain step stays legal).

Actions: ``then:<monster>:<step>`` (the step's own action after the second colon); menus of
several: ``<verb>-then<monster>:<values>``.
"""

from __future__ import annotations

from dataclasses import replace

from bot.engine import Choice, MultiChoice, Rng
from bot.engine.codec import clone
from bot.games.catacombs import texts
from bot.games.catacombs.context import Ctx
from bot.games.catacombs.i18n import _
from bot.games.catacombs.state import Task

FINISHERS = frozenset({"done", "finish", "pass", "x:done", "x:skip", "stay", "tstay"})
"""Steps that end what the player is doing this turn (the action, the items just added)."""
THEN = "then:"
MENU_THEN = "-then"
MOST_MENUS = 3
"""Monsters offered one discard menu each (a panel has 5 rows: the items and ❓ need theirs)."""


def monster_after(ctx: Ctx, task: Task, action: str) -> list[Choice]:
    """The monster choices that ``action`` leads straight to (for the same seat), or none."""
    from bot.games.catacombs import flow

    state = clone(ctx.s)
    trial = Ctx(state, ctx.d, Rng(state.rng))
    top = trial.top
    assert top is not None
    flow.apply_step(trial, top, action)
    flow.advance(trial)
    after = trial.top
    if state.over or after is None or after.kind != "monster" or after.seat != task.seat:
        return []
    return flow.choices_for(trial, after)


def with_monster(ctx: Ctx, task: Task, found: list[Choice]) -> list[Choice]:
    """Each finishing step that leads straight to choosing a monster, offered with each monster."""
    if not ctx.s.monsters or task.seat != ctx.s.turn:
        return found
    out: list[Choice] = []
    for choice in found:
        monsters = monster_after(ctx, task, choice.action) if choice.action in FINISHERS else []
        if not monsters:
            out.append(choice)
            continue
        out += [
            Choice(
                f"{THEN}{m.action.split(':')[1]}:{choice.action}",
                _(texts.THEN_MONSTER).format(step=choice.label, monster=_lower(m.label))[:80],
                group=choice.group,
                description=m.description,
                style=choice.style,
                public=choice.public and m.public,
            )
            for m in monsters
        ]
    return out


def menus_with_monster(ctx: Ctx, task: Task, menus: list[MultiChoice]) -> list[MultiChoice]:
    """A discard menu that leads straight to choosing a monster: one menu per monster, each
    naming its monster and where it lands (up to ``MOST_MENUS``; more keep the steps apart)."""
    if not ctx.s.monsters or task.seat != ctx.s.turn or task.kind != "discard":
        return menus
    out: list[MultiChoice] = []
    for menu in menus:
        first = [c.action for c in menu.options[: menu.min_values]]
        monsters = monster_after(ctx, task, menu.action(first))
        if not monsters or len(monsters) > MOST_MENUS:
            out.append(menu)
            continue
        out += [
            replace(
                menu,
                verb=f"{menu.verb}{MENU_THEN}{m.action.split(':')[1]}",
                placeholder=_(texts.THEN_MONSTER_MENU).format(
                    step=menu.placeholder.rstrip("…"), monster=_lower(m.label), where=_lower(m.description)
                )[:150],
            )
            for m in monsters
        ]
    return out


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def split(action: str) -> tuple[str, str] | None:
    """A folded action as (the step's action, the monster's action), or None."""
    if action.startswith(THEN):
        monster, _sep, step = action[len(THEN) :].partition(":")
        return step, f"monster:{monster}"
    verb, colon, values = action.partition(":")
    base, mark, monster = verb.rpartition(MENU_THEN)
    if mark and colon and monster.isdigit():
        return f"{base}:{values}", f"monster:{monster}"
    return None
