"""The computer team's plans: which swap with a muggle, which Mega Event trade (few, and only when
they complete something), which cache a forced Disable Cache should hit, which card to discard.

Everything is judged by one number, ``progress``: how much of the goal the team's holdings meet
(groups held as a team and by each player, flipped geocoins each player needs). A swap or trade is
worth making when it raises that number; the team saves its three trades for such moments.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.cmiyc.scoring import complete_sets
from bot.games.muggles.data import MugglesData
from bot.games.muggles.goals import PLAYER_GROUPS, TEAM_GROUPS
from bot.games.muggles.views import PublicView

LEAVE_TOWN = 1.0
"""What a trade is worth less for each of its players who must first leave town (a few turns)."""
RELAY = 4.0
"""The Coin Collector passing a flipped geocoin to a teammate who needs one, to take another back
from a teammate who can spare one."""
SWAP_WORTH = 0.5
"""The least progress a swap with a muggle must bring to be made (and its muggle chased)."""
SET_STEP = 1.0
RELAY_STEP = 1.0
"""What a relay through a muggle is worth less: the teammate must still reach the muggle."""
"""A swap for a multi piece towards a set the team lacks."""
Holdings = list[list[int]]
"""Each seat's cache tiles."""
Coins = list[list[tuple[int, bool]]]
"""Each seat's geocoins: (coin, flipped)."""


def groups_of(team: MugglesData, tiles: Sequence[int]) -> frozenset[str]:
    data = team.game
    found = {team.group_of(data.tiles[t].kind).id for t in tiles if not data.kind(t).is_set}
    if complete_sets(data, list(tiles)):
        found |= {g.id for g in team.groups if g.sets}
    return frozenset(found)


class Progress:
    """How much of the goal the team's holdings meet, and how a change of holdings moves it."""

    def __init__(self, team: MugglesData, public: PublicView) -> None:
        from bot.games.muggles.ai_values import coins_needed

        self.team = team
        self.goal = public.goal
        self.holdings: Holdings = [[c.tile for c in s.caches] for s in public.base.seats]
        self.coins: Coins = [[(c.coin, c.flipped) for c in s.coins] for s in public.base.seats]
        self.groups = [groups_of(team, tiles) for tiles in self.holdings]
        self.needs = [coins_needed(public, s) for s in range(public.base.players)]
        self.now = self.score({}, {})

    def score(self, tiles: dict[int, list[int]], coins: dict[int, list[tuple[int, bool]]]) -> float:
        """The progress with some seats' caches or coins replaced."""
        groups = [groups_of(self.team, tiles[s]) if s in tiles else g for s, g in enumerate(self.groups)]
        together = frozenset().union(*groups)
        total = 10.0 * min(len(together), self.goal[TEAM_GROUPS] or 7)
        if self.goal[PLAYER_GROUPS]:
            total += 4.0 * sum(min(len(g), self.goal[PLAYER_GROUPS]) for g in groups)
        for seat, held in enumerate(self.coins):
            mine = tiles.get(seat, self.holdings[seat])
            flipped = sum(1 for coin, f in coins.get(seat, held) if f or self._goal_met(coin, mine))
            total += 8.0 * min(flipped, self.needs[seat])
        pieces = sum(self.team.game.kind(t).is_set for s, h in enumerate(self.holdings) for t in tiles.get(s, h))
        return total + 0.1 * pieces

    def _goal_met(self, coin: int, tiles: Sequence[int]) -> bool:
        """An unflipped coin whose goal these caches meet flips on its owner's next turn."""
        goal = self.team.game.coins[coin].goal
        kinds = [self.team.game.tiles[t].kind for t in tiles]
        match goal.kind:
            case "hold":
                return sum(k in goal.types for k in kinds) >= goal.count
            case "types":
                return len(set(kinds)) >= goal.count
            case "set":
                return bool(complete_sets(self.team.game, list(tiles)))
        return False


# ---------------------------------------------------------------------- swaps with muggles


def swap_gain(team: MugglesData, public: PublicView, progress: Progress, seat: int, give: int, receive: int) -> float:
    mine = [t for t in progress.holdings[seat] if t != give] + [receive]
    gain = progress.score({seat: mine}, {}) - progress.now
    if team.game.tiles[receive].coin and not team.game.kind(receive).is_set and not public.flipped[seat]:
        gain += 2.0
    gain += _set_step(team, public, progress, seat, receive)
    # the muggle then carries the tile given: a group the team holds only through it is at risk
    rest = frozenset().union(*(groups_of(team, mine) if s == seat else g for s, g in enumerate(progress.groups)))
    if team.group_of(team.game.tiles[give].kind).id not in rest:
        gain -= 5.0
    return gain


def best_swap(team: MugglesData, public: PublicView, seat: int, actions: Sequence[str]) -> str:
    swaps = [a for a in actions if a.startswith("swap:")]
    if not swaps:
        return ""
    progress = Progress(team, public)
    best, pick = SWAP_WORTH, ""
    for action in swaps:
        _, index, tile = action.split(":")
        muggle = next(m for m in public.muggles if m.index == int(index))
        if muggle.tile < 0 or takes_swap(team, public, progress, seat, muggle.tile) <= SWAP_WORTH:
            continue
        gain = give_worth(team, public, progress, seat, int(tile), muggle.tile)
        if gain > best:
            best, pick = gain, action
    return pick


def woods_empty(public: PublicView) -> bool:
    """No cache is left on the board or in the stock: a muggle can pick none up, so the cache it
    carries stays where it is until a player swaps for it."""
    return not any(g.woods for g in public.groups)


def relay_gain(team: MugglesData, public: PublicView, progress: Progress, seat: int, give: int, receive: int) -> float:
    """Handing a muggle a cache a teammate needs more (for a geocoin, say), for the teammate to swap a
    spare cache for it next, when the team's Mega Event trades are used up; only once the woods are
    empty (``woods_empty``), so that the muggle cannot trash it (a team of four whose coinless player
    needed a teammate's Lock cache, with its trades used up, played on for ever)."""
    if public.base.players < 2 or public.trades_left or not woods_empty(public):
        return 0.0
    mine = [t for t in progress.holdings[seat] if t != give] + [receive]
    best = 0.0
    for other in range(public.base.players):
        for spare in progress.holdings[other] if other != seat else ():
            theirs = [t for t in progress.holdings[other] if t != spare] + [give]
            best = max(best, progress.score({seat: mine, other: theirs}, {}) - progress.now)
    return best - RELAY_STEP


def give_worth(team: MugglesData, public: PublicView, progress: Progress, seat: int, give: int, receive: int) -> float:
    """A swap of ``give`` for ``receive``, for this player or as a relay to a teammate."""
    gain = swap_gain(team, public, progress, seat, give, receive)
    return max(gain, relay_gain(team, public, progress, seat, give, receive))


def swap_worth(team: MugglesData, public: PublicView, progress: Progress, seat: int, carried: int) -> float:
    """This player's best swap of one of its caches for ``carried``."""
    gives = progress.holdings[seat]
    return max((give_worth(team, public, progress, seat, give, carried) for give in gives), default=0.0)


def takes_swap(team: MugglesData, public: PublicView, progress: Progress, seat: int, carried: int) -> float:
    """This player's best swap for ``carried``, or 0 once the woods are empty and a teammate's swap for
    it is worth more (the earlier seat on a tie): the muggle keeps the cache safe for the one it
    helps most, and a relay's giver does not swap it back."""
    worth = swap_worth(team, public, progress, seat, carried)
    if not woods_empty(public):
        return worth
    for other in range(public.base.players):
        theirs = swap_worth(team, public, progress, other, carried) if other != seat else worth
        if theirs > worth or (theirs == worth and other < seat):
            return 0.0
    return worth


def _set_step(team: MugglesData, public: PublicView, progress: Progress, seat: int, receive: int) -> float:
    """A multi piece that does not finish a set yet is a step towards one the team lacks, while enough
    pieces of its kind are out of the discard pile to finish it (without this, pieces carried by both
    muggles were never swapped for, and a team that needed them stalled)."""
    data = team.game
    kind = data.kind(receive)
    if not kind.is_set or team.group_of(kind.id).id in frozenset().union(*progress.groups):
        return 0.0
    mine = sum(data.tiles[t].kind == kind.id for t in progress.holdings[seat]) % kind.set_size
    if mine + 1 == kind.set_size:
        return 0.0  # it finishes the set: the progress counts the group
    return SET_STEP if kind.count - public.base.discard.count(kind.id) >= kind.set_size else 0.0


# ---------------------------------------------------------------------- Mega Event trades


def _candidates(team: MugglesData, public: PublicView, progress: Progress, a: int, b: int) -> list[tuple[str, str]]:
    """Like-for-like pairs that can help: coins (an unflipped one for a flipped one the other can
    spare, or one whose goal the other's caches meet), caches of different types."""
    found = []
    for coin_a, _ in progress.coins[a]:
        for coin_b, _ in progress.coins[b]:
            found.append((f"g{coin_a}", f"g{coin_b}"))
    for tile_a in progress.holdings[a]:
        for tile_b in progress.holdings[b]:
            if team.game.tiles[tile_a].kind != team.game.tiles[tile_b].kind:
                found.append((f"c{tile_a}", f"c{tile_b}"))
    return found


def trade_gain(
    team: MugglesData, public: PublicView, a: int, give: str, b: int, want: str, progress: Progress | None = None
) -> float:
    progress = progress or Progress(team, public)
    tiles = {a: list(progress.holdings[a]), b: list(progress.holdings[b])}
    coins = {a: list(progress.coins[a]), b: list(progress.coins[b])}
    for giver, taker, code in ((a, b, give), (b, a, want)):
        number = int(code[1:])
        if code[0] == "c":
            tiles[giver].remove(number)
            tiles[taker].append(number)
        else:
            moved = next(c for c in coins[giver] if c[0] == number)
            coins[giver].remove(moved)
            coins[taker].append(moved)
    return progress.score(tiles, coins) - progress.now


def trade_plan(team: MugglesData, public: PublicView) -> tuple[int, int, str, str] | None:
    """(offerer, partner, give, want): the trade that helps the team most, if any helps; it is the
    same for every computer seat. A player who traded this visit must leave town first ("Players
    must leave town between trades"): such trades count for a little less."""
    if public.base.players < 2 or public.trades_left <= 0:
        return None
    progress = Progress(team, public)
    best: tuple[float, int, int, str, str] | None = None
    seats = range(public.base.players)
    for a in seats:
        for b in seats:
            if a >= b:
                continue
            for give, want in _candidates(team, public, progress, a, b):
                gain = trade_gain(team, public, a, give, b, want, progress)
                gain -= LEAVE_TOWN * sum(s in public.traded for s in (a, b))
                if gain >= 5.0 and (best is None or gain > best[0]):
                    best = (gain, a, b, give, want)
    return None if best is None else best[1:]


def coin_swap_value(team: MugglesData, public: PublicView, seat: int, other: int, mine: int, theirs: int) -> float:
    """The Coin Collector's swap of his coin ``mine`` for ``other``'s ``theirs``: what it does for the
    goal, or a relay: his flipped coin to a teammate who needs one, while a third teammate can spare
    one to swap back next turn."""
    progress = Progress(team, public)
    gain = trade_gain(team, public, seat, f"g{mine}", other, f"g{theirs}", progress)
    if gain > 0:
        return gain
    flipped = {coin: f for held in progress.coins for coin, f in held}
    if not flipped[mine] or flipped[theirs] or public.flipped[other] >= progress.needs[other]:
        return gain
    spare = any(public.flipped[s] > progress.needs[s] for s in range(public.base.players) if s not in (seat, other))
    return RELAY if spare else gain


# ---------------------------------------------------------------------- cards


def disable_target(team: MugglesData, public: PublicView, options: Sequence[str]) -> str:
    """The cache whose loss hurts the team least."""
    progress = Progress(team, public)

    def loss(option: str) -> float:
        seat, tile = (int(x) for x in option[4:].split("."))
        return progress.now - progress.score({seat: [t for t in progress.holdings[seat] if t != tile]}, {})

    return min(options, key=lambda o: (loss(o), o))


CARD_WORTH = {"snack": 3.0, "trail_notes": 2.0, "second_wind": 1.5, "ranger_lift": 1.0, "mega_invite": 1.5}


def toss_choice(public: PublicView, seat: int, options: Sequence[str], names: dict[int, str]) -> str:
    return min(options, key=lambda o: (CARD_WORTH.get(names[int(o[5:])], 1.0), o))
