"""The task machine: which function runs each task, and running the automatic ones.

A task on top of the stack either runs by itself (``AUTO``) or waits for one seat's decision
(``DECISIONS``: the choices offered and how a chosen action is applied). After every action
``advance`` runs automatic tasks until a decision is needed or the game is over.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.engine import Choice, MultiChoice
from bot.engine.base import one_per_look
from bot.games.catacombs import equipment, folds, monsters, movement, perish, play, reactions, texts, turn
from bot.games.catacombs.context import Ctx
from bot.games.catacombs.draws import keep_tile
from bot.games.catacombs.i18n import _
from bot.games.catacombs.state import Task

Auto = Callable[[Ctx, Task], None]
Choices = Callable[[Ctx, Task], list[Choice]]
Apply = Callable[[Ctx, Task, str], None]
Several = Callable[[Ctx, Task], MultiChoice | None]
RUNAWAY = 5000


@dataclass(frozen=True)
class Decision:
    choices: Choices
    apply: Apply
    free_items: bool = False
    """First Aid, Ammunition (and co-op help and trades) may be used meanwhile."""
    torch: bool = False
    """The Torch may be lit meanwhile (a turn without an Encounter)."""
    single: bool = False
    """Resolved by itself when only one choice is possible."""
    settles: Callable[[Ctx, Task], str | None] | None = None
    """The action that resolves the decision by itself when there is nothing to decide."""
    over: Callable[[Ctx, Task], bool] | None = None
    """Whether the decision no longer has anything to ask (a step taken meanwhile settled it)."""
    while_items: bool = False
    """Only open while an item may be used (it offers nothing else but going on)."""
    several: Several | None = None
    """People make it with one menu of several choices at once, applied whole by ``several_apply``..."""
    several_apply: Apply | None = None
    replaces: tuple[str, ...] = ()
    """... in place of the one-at-a-time moves with these prefixes (kept for computer players)."""


def keep_choices(ctx: Ctx, task: Task) -> list[Choice]:
    return [
        Choice(f"keep:{t}", _(texts.KEEP).format(name=ctx.name(t)), group="keep") for t in dict.fromkeys(task.tiles)
    ]


def keep_apply(ctx: Ctx, task: Task, action: str) -> None:
    ctx.pop()
    kept = int(action.split(":")[1])
    ctx.s.discards.extend(t for t in task.tiles if t != kept)
    keep_tile(ctx, task.seat, kept)


AUTO: dict[str, Auto] = {
    "turn_start": turn.turn_start,
    "pickup": turn.pickup,
    "draw_phase": turn.draw_phase,
    "after_draw": turn.after_draw,
    "x_after": turn.x_after,
    "end_action": turn.end_action,
    "discard_phase": turn.discard_phase,
    "vacate": turn.vacate,
    "monsters": monsters.monsters_phase,
    "monster_pick": monsters.monster_pick,
    "monster_go": monsters.monster_go,
    "return_bag": turn.return_bag,
    "next_turn": turn.next_turn,
    "move_step": movement.move_step,
    "arrive_check": movement.arrive_check,
    "slide_next": play.slide_next,
    "torch_next": play.torch_next,
    "harm": reactions.harm,
    "rob": reactions.rob,
    "sirrush": monsters.sirrush,
    "swap": movement.swap,
}

DECISIONS: dict[str, Decision] = {
    "draft": Decision(perish.character_choices, perish.character_apply),
    "pchar": Decision(perish.character_choices, perish.character_apply),
    "ptop": Decision(perish.ptop_choices, perish.ptop_apply, single=True),
    "arch": Decision(turn.arch_choices, turn.arch_apply),
    "keep": Decision(keep_choices, keep_apply),
    "enc": Decision(turn.enc_choices, turn.enc_apply, free_items=True),
    "beast": Decision(turn.beast_choices, turn.beast_apply, free_items=True, settles=turn.beast_settles),
    "trap": Decision(turn.trap_choices, turn.trap_apply, free_items=True, settles=turn.trap_settles),
    "action": Decision(
        turn.action_choices,
        turn.action_apply,
        free_items=True,
        torch=True,
        several=equipment.equip_menu,
        several_apply=equipment.equip_several,
        replaces=("equip:",),
    ),
    "place": Decision(play.place_choices, play.place_apply),
    "chain": Decision(play.chain_choices, play.chain_apply, free_items=True),
    "target": Decision(play.target_choices, play.target_apply, single=True),
    "slide_pick": Decision(play.slide_pick_choices, play.slide_pick_apply),
    "torch_pick": Decision(play.torch_pick_choices, play.torch_pick_apply),
    "torch_move": Decision(play.torch_move_choices, play.torch_move_apply),
    "cross": Decision(movement.cross_choices, movement.cross_apply, free_items=True),
    "steal": Decision(movement.steal_choices, movement.steal_apply),
    "arrive": Decision(movement.arrive_choices, movement.arrive_apply, free_items=True),
    "together": Decision(movement.together_choices, movement.together_apply),
    "room": Decision(equipment.room_choices, equipment.room_apply),
    "equip": Decision(equipment.equip_choices, equipment.equip_apply),
    "use_items": Decision(turn.use_items_choices, turn.use_items_apply, free_items=True, torch=True, while_items=True),
    "arch_play": Decision(turn.arch_play_choices, turn.arch_play_apply, free_items=True),
    "react": Decision(reactions.react_choices, reactions.react_apply),
    "relic": Decision(turn.relic_choices, turn.relic_apply),
    "extra": Decision(turn.extra_choices, turn.extra_apply, free_items=True, torch=True),
    "x_play": Decision(turn.x_play_choices, turn.x_play_apply, free_items=True),
    "discard": Decision(
        turn.discard_choices,
        turn.discard_apply,
        free_items=True,
        over=turn.discard_over,
        several=turn.discard_menu,
        several_apply=turn.discard_apply,
        replaces=("discard:", "discardall:"),
    ),
    "monster": Decision(monsters.monster_choices, monsters.monster_apply),
    "mreturn": Decision(monsters.mreturn_choices, monsters.mreturn_apply, single=True),
    "groot": Decision(monsters.groot_choices, monsters.groot_apply, single=True),
    "yao": Decision(monsters.yao_choices, monsters.yao_apply, single=True),
}


def choices_for(ctx: Ctx, task: Task) -> list[Choice]:
    decision = DECISIONS[task.kind]
    found = decision.choices(ctx, task)
    if decision.free_items and task.seat == ctx.s.turn:
        found = found + equipment.free_choices(ctx, task.seat, torch=decision.torch)
    return found


SHORTCUTS = {"action": "hand", "chain": "", "x_play": "extra", "arch_play": "arch"}
"""Decisions whose "Play <tile>" people make with its place in one tap (the tile's source: the
chain's is the play's own)."""


def offered(ctx: Ctx, task: Task) -> list[Choice]:
    """What people are offered: the listed choices, with each tile to play and its place as one, and
    copies of one tile (two Kayaks to discard) once: they are the same move."""
    replaced = DECISIONS[task.kind].replaces if several_for(ctx, task) else ()
    found = [c for c in choices_for(ctx, task) if c.listed and not (replaced and c.action.startswith(replaced))]
    if task.kind in SHORTCUTS:
        source = SHORTCUTS[task.kind] or (ctx.s.play.source if ctx.s.play else "hand")
        found = [
            shortcut
            for choice in found
            for shortcut in (
                play.tile_and_place(ctx, task.seat, choice, source) if choice.action.startswith("pick:") else [choice]
            )
        ]
    return one_per_look(folds.with_monster(ctx, task, found))


def apply_shortcut(ctx: Ctx, task: Task, action: str) -> None:
    """``play:<tile>:<placement>``: the pick, then the place it opens, in one step (nothing half-applied:
    the engine works on a copy); and when no tile in hand can follow it, the move to its end that is
    then all there is left (``play.forced_finish``)."""
    _verb, tile, placement = action.split(":", 2)
    DECISIONS[task.kind].apply(ctx, task, f"pick:{tile}")
    advance(ctx)
    place = ctx.top
    assert place is not None and place.kind == "place", "a picked tile is placed next"
    DECISIONS["place"].apply(ctx, place, placement)
    advance(ctx)
    chain = ctx.top
    if chain is not None and chain.kind == "chain" and chain.seat == task.seat and play.forced_finish(ctx, chain):
        DECISIONS["chain"].apply(ctx, chain, "done")


def several_for(ctx: Ctx, task: Task) -> list[MultiChoice]:
    several = DECISIONS[task.kind].several
    menu = several(ctx, task) if several is not None else None
    return [menu] if menu is not None else []


def menus_offered(ctx: Ctx, task: Task) -> list[MultiChoice]:
    """The menus of several people are offered: a discard down with the monster it leads to."""
    return folds.menus_with_monster(ctx, task, several_for(ctx, task))


def apply_step(ctx: Ctx, task: Task, action: str) -> None:
    """One action offered at ``task`` (checked by the caller): a listed choice, a tile with its
    place, a menu of several, an item used meanwhile, or a step with the monster it leads to."""
    folded = folds.split(action)
    decision = DECISIONS[task.kind]
    if folded is not None:
        step, monster = folded
        apply_step(ctx, task, step)
        advance(ctx)
        chosen = ctx.top
        assert chosen is not None and chosen.kind == "monster", "the step leads straight to the monster"
        DECISIONS["monster"].apply(ctx, chosen, monster)
    elif action.startswith("play:"):
        apply_shortcut(ctx, task, action)
    elif any(menu.values(action) is not None for menu in several_for(ctx, task)):
        apply_several(ctx, task, action)
    elif action.split(":", 1)[0] in equipment.FREE_VERBS and decision.free_items:
        equipment.apply_free(ctx, task.seat, action)
    else:
        decision.apply(ctx, task, action)


def apply_several(ctx: Ctx, task: Task, action: str) -> None:
    several_apply = DECISIONS[task.kind].several_apply
    assert several_apply is not None, "a menu of several is applied by its decision"
    several_apply(ctx, task, action)


def advance(ctx: Ctx) -> None:
    """Run automatic tasks until a seat must decide or the game is over."""
    for _step in range(RUNAWAY):
        if ctx.s.over:
            ctx.s.tasks.clear()
            return
        task = ctx.top
        assert task is not None, "a running game always has a task"
        if task.kind in AUTO:
            AUTO[task.kind](ctx, task)
            continue
        decision = DECISIONS[task.kind]
        if (decision.while_items and not turn.items_to_use_now(ctx, task)) or (
            decision.over and decision.over(ctx, task)
        ):
            ctx.pop()
            continue
        settled = decision.settles(ctx, task) if decision.settles else None
        if settled is not None:
            decision.apply(ctx, task, settled)
            continue
        if decision.single:
            found = decision.choices(ctx, task)
            if len(found) == 1:
                decision.apply(ctx, task, found[0].action)
                continue
        return
    raise RuntimeError("the turn did not settle on a decision")
