"""The legal choices of a seat: the base game's, adjusted for Muggles, plus Muggles' own decisions.

Adjusted: the base game's trade button gives way to Muggles' restricted trades; the Snoop's peek
reads "reveal"; the Golden Ammo Can is never played from the hand; a Disable Cache cannot be kept;
swaps with a muggle (and the solitaire coin trade) join the moves and the square's actions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from bot.engine import Choice
from bot.games.cmiyc import cards as base_cards
from bot.games.cmiyc import choices as base_choices
from bot.games.cmiyc import texts as base_texts
from bot.games.cmiyc import town
from bot.games.cmiyc.state import Prompt
from bot.games.cmiyc.turns import prompt_for
from bot.games.muggles import cards, company, texts, trading
from bot.games.muggles.context import Team
from bot.games.muggles.i18n import _


def legal(ctx: Team, seat: int) -> list[Choice]:
    prompt = prompt_for(ctx.state, seat)
    if prompt is None:
        return []
    own = OWN.get(prompt.kind)
    if own is not None:
        return own(ctx, seat, prompt)
    found = [_adjust(prompt, c) for c in base_choices.legal(ctx, seat) if _kept(ctx, prompt, c)]
    if prompt.kind in ("move", "act"):
        found = _extras(ctx, seat, prompt) + found
    return found


def _kept(ctx: Team, prompt: Prompt, choice: Choice) -> bool:
    if choice.action == "trade":
        return False
    if choice.action.startswith("ev:"):
        effect = ctx.data.events[int(choice.action[3:])].effect
        return effect not in cards.PASSIVE and effect != "disable_cache"
    if choice.action == "cancel" and prompt.kind == "target":
        return ctx.data.events[prompt.card].effect != "disable_cache"
    return True


def _adjust(prompt: Prompt, choice: Choice) -> Choice:
    if choice.action.startswith("ab:snoop:"):
        return replace(choice, label=texts.snoop_label(choice.action[9:]))
    if choice.action == "peek:done":
        return replace(choice, label=_(texts.REVEAL_DONE).format(left=prompt.count))
    if choice.action.startswith("peek:"):
        return replace(choice, group=choice.group.replace("Peek", "Reveal"))
    # Nothing is secret, but at set-up everyone chooses their sides at once in their own panel, as in
    # the base game: one shared menu would mix everyone's cards.
    return choice if prompt.kind == "side" and not choice.public else replace(choice, public=True)


def _extras(ctx: Team, seat: int, prompt: Prompt) -> list[Choice]:
    found = [Choice(a, label, group="muggle", style="success", public=True) for a, label in company.swaps(ctx, seat)]
    found += [
        Choice(a, label, group="square", style="primary", public=True) for a, label in trading.coin_trades(ctx, seat)
    ]
    if trading.can_trade(ctx, seat):
        found.append(Choice("trade", _(texts.TRADE), group="square", style="primary", public=True))
    return found


def turn_open(ctx: Team, seat: int) -> bool:
    """The turn stays open while something is left to do on the square (no secret cards to hide)."""
    playable = [c for c in base_cards.playable(ctx, seat) if ctx.data.events[c].effect not in cards.PASSIVE]
    return bool(
        town.store_action(ctx, seat)
        or town.swag_flips(ctx, seat)
        or trading.can_trade(ctx, seat)
        or company.swaps(ctx, seat)
        or trading.coin_trades(ctx, seat)
        or playable
    )


# ---------------------------------------------------------------------- Muggles' own decisions


def _trade_partner(ctx: Team, seat: int, prompt: Prompt) -> list[Choice]:
    return [
        Choice(f"to:{other}", _(texts.OFFER_TO).format(player=base_texts.p(other)), group="partner", public=True)
        for other in trading.partners(ctx, seat)
    ] + [Choice("cancel", _(texts.NO_TRADE), group="turn", public=True)]


def _trade_give(ctx: Team, seat: int, prompt: Prompt) -> list[Choice]:
    return [
        Choice(f"give:{code}", _("Give {item}").format(item=trading.label(ctx, code))[:80], group="give", public=True)
        for code in trading.gives(ctx, seat, prompt.partner)
    ] + [Choice("cancel", _(texts.NO_TRADE), group="turn", public=True)]


def _trade_want(ctx: Team, seat: int, prompt: Prompt) -> list[Choice]:
    return [
        Choice(
            f"want:{code}", _("Ask for {item}").format(item=trading.label(ctx, code))[:80], group="want", public=True
        )
        for code in trading.wants(ctx, prompt.partner, prompt.give)
    ] + [Choice("cancel", _(texts.NO_TRADE), group="turn", public=True)]


def _trade_reply(ctx: Team, seat: int, prompt: Prompt) -> list[Choice]:
    return [
        Choice("accept", _(texts.ACCEPT), group="reply", style="success", public=True),
        Choice("refuse", _(texts.REFUSE), group="reply", style="danger", public=True),
    ]


def _toss(ctx: Team, seat: int, prompt: Prompt) -> list[Choice]:
    return [
        Choice(
            f"toss:{card}",
            _("Discard {card}").format(card=base_texts.event_name(ctx.data, card)),
            group="toss",
            public=True,
        )
        for card in ctx.player(seat).events
    ]


def _order(ctx: Team, seat: int, prompt: Prompt) -> list[Choice]:
    return [
        Choice("order:draw", _(texts.DRAW_FIRST), group="order", public=True),
        Choice("order:discard", _(texts.DISCARD_FIRST), group="order", public=True),
    ]


OWN: dict[str, Callable[[Team, int, Prompt], list[Choice]]] = {
    "trade_partner": _trade_partner,
    "trade_give": _trade_give,
    "trade_want": _trade_want,
    "trade_reply": _trade_reply,
    "toss": _toss,
    "order": _order,
}
