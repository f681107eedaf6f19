"""Trades for the computer player: which offer to make at the Mega Event, which offers to accept.

It offers a piece for a multi-cache set it is one piece short of, paying with what helps it least
(a loose multi piece of another kind, a face-up coin, a single Traditional cache), and accepts an
offer when its own score goes up (or stays and it gets equipment it wants) and the offer does not
hand the other player the game.
"""

from __future__ import annotations

from bot.games.cmiyc.ai_values import gear_value, score_after
from bot.games.cmiyc.data import GameData
from bot.games.cmiyc.views import PlayerView, SeatView


def best_offer(data: GameData, view: SeatView) -> tuple[int, str, str] | None:
    """(partner, give, want) for the most useful offer this player can make, or None."""
    found = _best(data, view)
    return None if found is None else found[1:]


def offer_gain(data: GameData, view: SeatView) -> int:
    """What the most useful offer would add to this player's score (0: none worth making)."""
    found = _best(data, view)
    return 0 if found is None else found[0]


def _best(data: GameData, view: SeatView) -> tuple[int, int, str, str] | None:
    """(gain, partner, give, want) of the offer that adds most to this player's score and that the
    partner would accept: it adds to theirs too, and it wins the game for neither of them."""
    public = view.public
    me = public.seats[view.seat]
    mine = me.score
    best: tuple[int, int, str, str] | None = None
    best_key = (0, 0)
    for partner in public.seats:
        if partner.seat == view.seat or partner.seat in public.asked:
            continue
        for want in [f"c{c.tile}" for c in partner.caches]:
            for give in _payments(data, me):
                gain = score_after(data, view, view.seat, give, want) - mine
                their = score_after(data, view, partner.seat, want, give) - partner.score
                if gain <= 0 or their <= 0 or max(mine + gain, partner.score + their) >= public.target:
                    continue  # nobody hands the other the game (``accept``): offer only what is accepted
                if best is None or (gain, their) > best_key:
                    best, best_key = (gain, partner.seat, give, want), (gain, their)
    return best


def _payments(data: GameData, me: PlayerView) -> list[str]:
    loose = [f"c{c.tile}" for c in me.caches if data.kinds[c.kind].value <= 1 and not c.doubled]
    coins = [f"g{c.coin}" for c in me.coins if not c.flipped]
    return loose + coins


def accept(data: GameData, view: SeatView) -> bool:
    offer_prompt = view.prompt == "trade_reply"
    if not offer_prompt:
        return False
    prompt_give, prompt_want = _codes(view)
    if prompt_give is None or prompt_want is None:
        return False
    public = view.public
    offerer = public.offer[0] if public.offer else -1
    mine = score_after(data, view, view.seat, prompt_want, prompt_give) - public.seats[view.seat].score
    theirs = public.seats[offerer].score + (
        score_after(data, view, offerer, prompt_give, prompt_want) - public.seats[offerer].score
    )
    if theirs >= public.target:
        return False
    if mine > 0:
        return True
    if mine == 0 and prompt_give.startswith("e"):
        card = int(prompt_give[1:])
        item = next((g.item for s in public.seats for g in s.gear if g.card == card), "")
        return gear_value(data, view, item) > 1.0 and not prompt_want.startswith(("c", "g"))
    return False


def _codes(view: SeatView) -> tuple[str | None, str | None]:
    """The item codes of the offer waiting for this seat (the prompt carries them)."""
    return (view.give or None), (view.want or None)
