"""Equipment: adding items, using them, making room, and co-op trades.

"Item Tiles that are currently in a player's Inventory can be used at any time (except while
adding new items) and don't require an Action to use." "You may only carry four Items at any one
time, including Relics (the Traveler may carry 5 items)."
"""

from __future__ import annotations

from bot.engine import Choice, MultiChoice
from bot.engine.base import MULTI_SEPARATOR
from bot.games.catacombs import texts
from bot.games.catacombs.board import seats_sharing
from bot.games.catacombs.context import Ctx
from bot.games.catacombs.i18n import _, data_text
from bot.games.catacombs.state import Task
from bot.games.catacombs.texts import pn


def health_cap(ctx: Ctx, seat: int) -> int:
    character = ctx.s.seats[seat].character
    return ctx.d.characters[character].health if character else 0


def bullet_cap(ctx: Ctx, seat: int) -> int:
    character = ctx.s.seats[seat].character
    return ctx.d.characters[character].bullets if character else 0


def items_of(ctx: Ctx, seat: int, effect: str = "") -> list[int]:
    return [
        t
        for t in ctx.s.seats[seat].equipment
        if ctx.kind(t).cls == "item" and (not effect or ctx.kind(t).effect == effect)
    ]


def heal(ctx: Ctx, seat: int, amount: int = 1) -> None:
    pawn = ctx.s.seats[seat]
    pawn.health = min(health_cap(ctx, seat), pawn.health + amount)


def add_bullet(ctx: Ctx, seat: int) -> None:
    pawn = ctx.s.seats[seat]
    pawn.bullets = min(bullet_cap(ctx, seat), pawn.bullets + 1)


def discard_item(ctx: Ctx, seat: int, tile: int) -> None:
    ctx.s.seats[seat].equipment.remove(tile)
    ctx.s.discards.append(tile)


# --------------------------------------------------------------------------- free item uses


def free_choices(ctx: Ctx, seat: int, *, torch: bool = False) -> list[Choice]:
    """Items a player may use now without an Action (First Aid, Ammunition; the Torch on a turn
    without an Encounter; co-op: help a teammate on the same passage, trade)."""
    from bot.games.catacombs.play import torch_ends  # the Torch lights passages (play module)

    pawn = ctx.s.seats[seat]
    choices: list[Choice] = []
    for tile in items_of(ctx, seat):
        effect = ctx.kind(tile).effect
        if effect == "health" and pawn.health < health_cap(ctx, seat):
            choices.append(Choice(f"use:{tile}", _(texts.USE_FIRST_AID), group="items", style="success"))
        if effect == "health" and ctx.ability(seat) == "gunman" and pawn.bullets < bullet_cap(ctx, seat):
            choices.append(Choice(f"bullet:{tile}", _(texts.USE_FIRST_AID_BULLET), group="items"))
        if effect == "bullet" and pawn.bullets < bullet_cap(ctx, seat):
            choices.append(Choice(f"use:{tile}", _(texts.USE_AMMUNITION), group="items", style="success"))
    if torch and not ctx.s.flags.encounter:
        torches = items_of(ctx, seat, "torch")
        if torches and torch_ends(ctx, seat):
            choices.append(
                Choice(f"torch:{torches[0]}", _(texts.USE_TORCH), group="items", description=_(texts.TORCH_HELP))
            )
    if ctx.s.team:
        choices += _team_choices(ctx, seat)
    return _unique(choices)


def _team_choices(ctx: Ctx, seat: int) -> list[Choice]:
    choices: list[Choice] = []
    for mate in seats_sharing(ctx, seat):
        other = ctx.s.seats[mate]
        for tile in items_of(ctx, seat):
            effect = ctx.kind(tile).effect
            if effect == "health" and other.health < health_cap(ctx, mate):
                choices.append(Choice(f"aid:{tile}:{mate}", _(texts.AID_MATE).format(who=pn(mate)), group="team"))
            if effect == "bullet" and other.bullets < bullet_cap(ctx, mate):
                choices.append(Choice(f"aid:{tile}:{mate}", _(texts.AMMO_MATE).format(who=pn(mate)), group="team"))
        if len(other.equipment) < ctx.capacity(mate):
            for tile in ctx.s.seats[seat].equipment:
                label = _(texts.GIVE).format(name=ctx.name(tile), who=pn(mate))
                choices.append(Choice(f"give:{tile}:{mate}", label, group="trade"))
    return choices


def _unique(choices: list[Choice]) -> list[Choice]:
    seen: set[str] = set()
    kept = []
    for choice in choices:
        if choice.action not in seen:
            seen.add(choice.action)
            kept.append(choice)
    return kept


def apply_free(ctx: Ctx, seat: int, action: str) -> None:
    """Apply a free item use (the caller checked it is among ``free_choices``)."""
    from bot.games.catacombs.play import start_torch

    verb, *args = action.split(":")
    tile = int(args[0])
    name = ctx.name(tile)
    if verb == "use":
        discard_item(ctx, seat, tile)
        if ctx.kind(tile).effect == "health":
            heal(ctx, seat)
        else:
            add_bullet(ctx, seat)
        ctx.say(_(texts.USES).format(who=pn(seat), name=name))
    elif verb == "bullet":
        discard_item(ctx, seat, tile)
        add_bullet(ctx, seat)
        ctx.say(_(texts.USES_FOR_BULLET).format(who=pn(seat), name=name))
    elif verb == "aid":
        mate = int(args[1])
        discard_item(ctx, seat, tile)
        if ctx.kind(tile).effect == "health":
            heal(ctx, mate)
        else:
            add_bullet(ctx, mate)
        ctx.say(_(texts.USES_ON).format(who=pn(seat), name=name, other=pn(mate)))
    elif verb == "give":
        mate = int(args[1])
        ctx.s.seats[seat].equipment.remove(tile)
        ctx.s.seats[mate].equipment.append(tile)
        ctx.say(_(texts.GIVES).format(who=pn(seat), name=name, other=pn(mate)))
    elif verb == "torch":
        discard_item(ctx, seat, tile)
        ctx.say(_(texts.LIGHTS_TORCH).format(who=pn(seat)))
        start_torch(ctx, seat)


FREE_VERBS = ("use", "bullet", "aid", "give", "torch")


# --------------------------------------------------------------------------- gaining and room


def gain(ctx: Ctx, seat: int, tiles: list[int]) -> None:
    """Put tiles into a character's Equipment; if that is over the limit, the player must discard
    items ("If you want to put an Item into your Equipment and you already have the maximum number
    of items you must discard one")."""
    ctx.s.seats[seat].equipment.extend(tiles)
    if over_capacity(ctx, seat) and not any(t.kind == "room" and t.seat == seat for t in ctx.s.tasks[-1:]):
        ctx.push("room", seat)


def over_capacity(ctx: Ctx, seat: int) -> bool:
    return len(ctx.s.seats[seat].equipment) > ctx.capacity(seat)


def room_for_relics(ctx: Ctx, seat: int) -> int:
    """How many more Relics the character can carry (items can be discarded, Relics cannot)."""
    return ctx.capacity(seat) - len(ctx.relics_of(seat))


def room_choices(ctx: Ctx, task: Task) -> list[Choice]:
    seat = task.seat
    choices = []
    for tile in items_of(ctx, seat):
        choices.append(Choice(f"drop:{tile}", _(texts.DROP).format(name=ctx.name(tile)), group="drop"))
    return choices


def room_apply(ctx: Ctx, task: Task, action: str) -> None:
    tile = int(action.split(":")[1])
    discard_item(ctx, task.seat, tile)
    kind = ctx.kind(tile)
    if kind.effect == "health":
        heal(ctx, task.seat)
    elif kind.effect == "bullet":
        add_bullet(ctx, task.seat)
    ctx.say(_(texts.DISCARDS_ITEM).format(who=pn(task.seat), name=data_text(kind.name)))
    if not over_capacity(ctx, task.seat):
        ctx.pop()


# --------------------------------------------------------------------------- adding items (an Action)


def equip_choices(ctx: Ctx, task: Task) -> list[Choice]:
    seat = task.seat
    pawn = ctx.s.seats[seat]
    only_one = task.a == 1  # the Archeologist's "1 Item Tile and 1 Passage Tile"
    choices = [
        Choice(f"equip:{t}", _(texts.EQUIP).format(name=ctx.name(t)), group="add")
        for t in pawn.hand
        if ctx.kind(t).cls == "item" and not only_one
    ]
    choices += [Choice(f"drop:{t}", _(texts.DROP).format(name=ctx.name(t)), group="drop") for t in items_of(ctx, seat)]
    if not over_capacity(ctx, seat):
        choices.append(Choice("done", _(texts.EQUIP_DONE), group="done", style="primary"))
    return choices


def equip_menu(ctx: Ctx, task: Task) -> MultiChoice | None:
    """ "you may place, face-up in the Equipment section of your Character Board, as many tiles as you
    like ... Items are added to a character's Equipment all at the same time": one menu of the Items in
    hand (the one-at-a-time moves stay for computer players)."""
    items = [t for t in ctx.s.seats[task.seat].hand if ctx.kind(t).cls == "item"]
    if not items:
        return None
    options = tuple(Choice(str(t), label) for t, label in zip(items, texts.alike_labels([ctx.name(t) for t in items])))
    return MultiChoice("equips", _(texts.EQUIP_MENU), options, min_values=1, max_values=len(items))


def equip_several(ctx: Ctx, task: Task, action: str) -> None:
    """The chosen Items go into the Equipment together; then only discards are left, if it is over
    the limit ("you must discard one")."""
    tiles = [int(t) for t in action.split(":", 1)[1].split(MULTI_SEPARATOR)]
    ctx.pop()
    start_equip(ctx, task.seat, tiles[0])
    for tile in tiles[1:]:
        equip_apply(ctx, ctx.s.tasks[-1], f"equip:{tile}")
    if not over_capacity(ctx, task.seat):
        ctx.pop()


def start_equip(ctx: Ctx, seat: int, tile: int, *, only: bool = False) -> None:
    """Adding items (the Action): "Items are added to a character's Equipment all at the same
    time"; then "an Item can be used immediately after being added" (``use_items``; for the
    Archeologist's one item, during the Passage Tile that follows)."""
    if not only:
        ctx.push("use_items", seat)
    ctx.push("equip", seat, a=1 if only else 0)
    equip_apply(ctx, ctx.s.tasks[-1], f"equip:{tile}")


def equip_apply(ctx: Ctx, task: Task, action: str) -> None:
    seat = task.seat
    verb, _sep, arg = action.partition(":")
    if verb == "done":
        ctx.pop()
        return
    tile = int(arg)
    if verb == "equip":
        ctx.s.seats[seat].hand.remove(tile)
        ctx.s.seats[seat].equipment.append(tile)
        ctx.say(_(texts.EQUIPS).format(who=pn(seat), name=ctx.name(tile)))
    else:
        discard_item(ctx, seat, tile)
        ctx.say(_(texts.DISCARDS_ITEM).format(who=pn(seat), name=ctx.name(tile)))
