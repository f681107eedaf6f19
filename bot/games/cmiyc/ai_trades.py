"""Trades for the computer player: which offer to make at the Mega Event, which offers to accept.

It offers a piece for a multi-cache set it is one piece short of, paying with what helps it least
(a loose multi piece of another kind, a face-up coin, a single Traditional cache), and accepts an
offer when its own score goes up (or stays and it gets equipment it wants) and the offer does not
hand the other player the game.
"""

from __future__ import annotations

from bot.games.cmiyc.ai_values import gear_value
from bot.games.cmiyc.data import GameData
from bot.games.cmiyc.views import PlayerView, SeatView


def _points(data: GameData, player: PlayerView, caches: list[int], coins: list[tuple[int, int]]) -> int:
    """Score of a set of holdings (caches by tile, coins as (coin, points)), as the rules count it."""
    doubled = {c.tile for c in player.caches if c.doubled}
    total = 0
    sets: dict[str, int] = {}
    for tile in caches:
        kind = data.kind(tile)
        if kind.is_set:
            sets[kind.id] = sets.get(kind.id, 0) + 1
        else:
            total += kind.value * (2 if tile in doubled else 1)
    for kind_id, count in sets.items():
        total += count // data.kinds[kind_id].set_size * data.kinds[kind_id].set_value
    return total + sum(points for _, points in coins)


def score_after(data: GameData, view: SeatView, seat: int, lose: str, gain: str) -> int:
    """The seat's score after giving ``lose`` and receiving ``gain`` (item codes)."""
    public = view.public
    player = public.seats[seat]
    caches = [c.tile for c in player.caches]
    coins = [(c.coin, c.points) for c in player.coins]
    if lose.startswith("c"):
        caches.remove(int(lose[1:]))
    elif lose.startswith("g"):
        coins = [c for c in coins if c[0] != int(lose[1:])]
    if gain.startswith("c"):
        caches.append(int(gain[1:]))
    elif gain.startswith("g"):
        points = next(c.points for s in public.seats for c in s.coins if c.coin == int(gain[1:]))
        coins.append((int(gain[1:]), points))
    return _points(data, player, caches, coins)


def best_offer(data: GameData, view: SeatView) -> tuple[int, str, str] | None:
    """(partner, give, want) for the most useful offer this player can make, or None."""
    public = view.public
    me = public.seats[view.seat]
    mine = me.score
    best: tuple[int, int, str, str] | None = None
    for partner in public.seats:
        if partner.seat == view.seat or partner.seat in public.asked:
            continue
        for want in [f"c{c.tile}" for c in partner.caches]:
            for give in _payments(data, me):
                gain = score_after(data, view, view.seat, give, want) - mine
                their = score_after(data, view, partner.seat, want, give) - partner.score
                if gain <= 0 or their < 0 or partner.score + their >= public.target:
                    continue
                key = (gain, their, give, want)
                if best is None or key[:2] > best[:2]:
                    best = (gain, partner.seat, give, want)
    if best is None:
        return None
    return best[1], best[2], best[3]


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
