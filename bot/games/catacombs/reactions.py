"""Items used when harm reaches a character outside his own decisions, on any player's turn.

"Items that are in a character's Equipment can be used at any time during a player's turn or
during another player's turn without requiring an Action."

A monster's attack, the Mercenary's shot, a co-op teammate's Encounter (``harm``) and a thief
about to take items (``rob``) run as automatic tasks. At each step where an item of the
character's Equipment could change what happens (a real decision), the player's standing choice
answers it: yes, no, or ask. "Ask" opens a ``react`` decision for that player alone, which times
out to yes.

Everything a step looks at is public: the items of a character's Equipment lie face up ("you may
place, face-up in the Equipment section of your Character Board"), health and bullets are tokens
on the board and the attack is announced. So whether someone is asked tells the others only that
this player chose to be asked.
"""

from __future__ import annotations

from bot.engine import Choice
from bot.games.catacombs import texts
from bot.games.catacombs.context import Ctx
from bot.games.catacombs.equipment import add_bullet, bullet_cap, discard_item, heal, health_cap, items_of
from bot.games.catacombs.i18n import _
from bot.games.catacombs.perish import lose_health
from bot.games.catacombs.state import State, Task
from bot.games.catacombs.texts import pn

KINDS = ("aid", "torch", "bullets", "spend")
"""The questions a player answers in advance (``Seat.standing``)."""
VALUES = ("yes", "ask", "no")
FALLBACK = "yes"
"""A standing choice not set, and the answer when an asked player does not answer in time."""
ANSWER_SECONDS = 600
"""How long an asked player has (or less, with a shorter turn clock) before the fallback."""


def standing(s: State, seat: int, kind: str) -> str:
    return s.seats[seat].standing.get(kind, FALLBACK)


def standing_choices(s: State, seat: int) -> list[Choice]:
    """The seat's standing choices it may change now (each to either other value)."""
    choices = []
    for kind in KINDS:
        now = standing(s, seat, kind)
        for value in VALUES:
            if value != now:
                label = _(texts.STANDING_SET).format(
                    what=_(texts.STANDING_KINDS[kind]), value=_(texts.STANDING_VALUES[value])
                )
                help_text = _(texts.STANDING_HELP).format(
                    now=_(texts.STANDING_VALUES[now]), when=_(texts.STANDING_WHEN[kind])
                )
                choices.append(Choice(f"stand:{kind}:{value}", label, group="standing", description=help_text[:100]))
    return choices


def set_standing(s: State, seat: int, action: str) -> None:
    _verb, kind, value = action.split(":")
    s.seats[seat].standing[kind] = value


# --------------------------------------------------------------------------- harm


def threaten(ctx: Ctx, victim: int, source: str, damage: int, steps: tuple[str, ...]) -> None:
    """Harm ``victim`` by ``damage`` Health Points (``source``: monster, shot, beast or trap), after
    the ``steps`` where an item may help: torch, bullets, gun (forced), aid."""
    ctx.push("harm", victim, a=damage, b=0, text=f"{source}:{'+'.join(steps)}")


def harm(ctx: Ctx, task: Task) -> None:
    source, _sep, listed = task.text.partition(":")
    steps = listed.split("+") if listed else []
    while task.b < len(steps) and not task.tiles:
        step = steps[task.b]
        task.b += 1
        if step == "gun":
            _gun(ctx, task)
            continue
        if not _needed(ctx, task, step):
            continue
        answer = standing(ctx.s, task.seat, step)
        if answer == "ask":
            ctx.push("react", task.seat, text=step)
            return
        _resolve(ctx, task, step, answer)
    ctx.pop()
    _hurt(ctx, task, source)


def _needed(ctx: Ctx, task: Task, step: str) -> bool:
    pawn = ctx.s.seats[task.seat]
    if step == "torch":
        return bool(items_of(ctx, task.seat, "torch"))
    if step == "bullets":
        return pawn.bullets > 0 and task.a > 0
    return 0 < _kits_needed(ctx, task) <= len(items_of(ctx, task.seat, "health"))


def _kits_needed(ctx: Ctx, task: Task) -> int:
    """First Aid kits that keep the character alive (0: he survives without them)."""
    pawn = ctx.s.seats[task.seat]
    short = task.a - pawn.health
    if short <= 0 or task.a > health_cap(ctx, task.seat):
        return 0
    return short


def _gun(ctx: Ctx, task: Task) -> None:
    """ "lose 1 Health Point, unless you have ammunition for your gun, then spend 1 Bullet" """
    pawn = ctx.s.seats[task.seat]
    if pawn.bullets > 0:
        pawn.bullets -= 1
        task.tiles = [1]
        ctx.say(_(texts.BEAST_SHOT).format(who=pn(task.seat)))


def _resolve(ctx: Ctx, task: Task, step: str, answer: str) -> None:
    """Apply the answer (yes, no, or for bullets "part": one Bullet) to the step."""
    if answer == "no":
        return
    seat = task.seat
    if step == "torch":
        discard_item(ctx, seat, items_of(ctx, seat, "torch")[0])
        task.tiles = [1]
        spared = _(texts.TRAP_AVOIDED) if task.text.startswith("trap") else _(texts.SCARED)
        ctx.say(spared.format(who=pn(seat)))
    elif step == "bullets":
        pawn = ctx.s.seats[seat]
        spent = 1 if answer == "part" else min(pawn.bullets, task.a)
        pawn.bullets -= spent
        task.a -= spent
        ctx.say(_(texts.BLOCKS).format(who=pn(seat), n=spent))
    else:
        kits = items_of(ctx, seat, "health")[: _kits_needed(ctx, task)]
        for kit in kits:
            discard_item(ctx, seat, kit)
            heal(ctx, seat)
        ctx.say(_(texts.HOLDS_ON).format(who=pn(seat), n=len(kits)))


def _hurt(ctx: Ctx, task: Task, source: str) -> None:
    if task.tiles or task.a <= 0:
        return
    seat = task.seat
    if source == "beast":
        ctx.say(_(texts.BEAST_HURTS).format(who=pn(seat), n=task.a))
    elif source == "trap":
        ctx.say(_(texts.TRAP_FALLS).format(who=pn(seat)))
    elif source == "monster":
        ctx.say(_(texts.BITES).format(who=pn(seat), n=task.a))
    if not lose_health(ctx, seat, task.a) and source == "trap":
        ctx.s.seats[seat].skip += 1


# --------------------------------------------------------------------------- before a thief


def before_theft(ctx: Ctx, victim: int, thief: str) -> None:
    """Before Sirrush or a linking player (``thief``) takes items from ``victim``."""
    ctx.push("rob", victim, b=0, text=thief)


def rob(ctx: Ctx, task: Task) -> None:
    """Before a theft: First Aid and Ammunition that would help now may be used first (the theft
    itself is the task below)."""
    if task.b == 0 and usable(ctx, task.seat):
        task.b = 1
        answer = standing(ctx.s, task.seat, "spend")
        if answer == "ask":
            ctx.push("react", task.seat, text="spend")
            return
        if answer == "yes":
            use_all(ctx, task.seat)
    ctx.pop()


def usable(ctx: Ctx, seat: int) -> list[int]:
    """First Aid and Ammunition in the Equipment that would add a token now."""
    pawn = ctx.s.seats[seat]
    hurt = pawn.health < health_cap(ctx, seat)
    short = pawn.bullets < bullet_cap(ctx, seat)
    gunman = ctx.ability(seat) == "gunman"
    found = []
    for tile in items_of(ctx, seat):
        effect = ctx.kind(tile).effect
        if (effect == "health" and (hurt or (gunman and short))) or (effect == "bullet" and short):
            found.append(tile)
    return found


def use_all(ctx: Ctx, seat: int) -> None:
    pawn = ctx.s.seats[seat]
    for tile in usable(ctx, seat):
        if tile not in usable(ctx, seat):
            continue  # an earlier one already filled that token up
        effect = ctx.kind(tile).effect
        discard_item(ctx, seat, tile)
        if effect == "health" and pawn.health < health_cap(ctx, seat):
            heal(ctx, seat)
            ctx.say(_(texts.USES).format(who=pn(seat), name=ctx.name(tile)))
        else:
            add_bullet(ctx, seat)
            ctx.say(_(texts.USES_FOR_BULLET).format(who=pn(seat), name=ctx.name(tile)))


# --------------------------------------------------------------------------- asking


def react_choices(ctx: Ctx, task: Task) -> list[Choice]:
    below = ctx.s.tasks[-2]
    yes, no = _labels(ctx, task, below)
    fatal = task.text == "aid"
    choices = [
        Choice("react:yes", yes, group="react", style="success", public=True),
        Choice("react:no", no, group="react", style="danger" if fatal else "secondary", public=True),
    ]
    if task.text == "bullets" and min(ctx.s.seats[task.seat].bullets, below.a) > 1:
        label = _(texts.REACT_BULLETS).format(n=1, left=below.a - 1)
        choices.insert(1, Choice("react:part", label, group="react", public=True))
    choices.append(Choice("react:yes:always", _(texts.REACT_ALWAYS), group="standing"))
    choices.append(Choice("react:no:always", _(texts.REACT_NEVER), group="standing"))
    return choices


def _labels(ctx: Ctx, task: Task, below: Task) -> tuple[str, str]:
    step = task.text
    if step == "torch":
        if below.text.startswith("trap"):
            return _(texts.REACT_TORCH_TRAP), _(texts.REACT_KEEP_TORCH_TRAP)
        return _(texts.REACT_TORCH), _(texts.REACT_KEEP_TORCH).format(n=below.a)
    if step == "bullets":
        spend = min(ctx.s.seats[task.seat].bullets, below.a)
        return _(texts.REACT_BULLETS).format(n=spend, left=below.a - spend), _(texts.REACT_KEEP_BULLETS).format(
            n=below.a
        )
    if step == "aid":
        return _(texts.REACT_AID).format(n=_kits_needed(ctx, below)), _(texts.REACT_NO_AID)
    names = texts.names(ctx, usable(ctx, task.seat))
    return _(texts.REACT_SPEND).format(names=names)[:80], _(texts.REACT_KEEP)


def react_apply(ctx: Ctx, task: Task, action: str) -> None:
    """``react:yes|no|part``, with ``:always`` also setting the standing choice."""
    ctx.pop()
    _verb, answer, *always = action.split(":")
    if always:
        ctx.s.seats[task.seat].standing[task.text] = answer
    below = ctx.top
    assert below is not None
    if task.text == "spend":
        if answer == "yes":
            use_all(ctx, task.seat)
        return
    _resolve(ctx, below, task.text, answer)


def question(s: State) -> str:
    """What the ``react`` decision on top is about: the step and the harm's source."""
    top, below = s.tasks[-1], s.tasks[-2]
    return f"{top.text}:{below.text.split(':')[0]}"
