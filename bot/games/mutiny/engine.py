"""Mutiny (rule text 002) for the game-master bot.

Every round walks the seven phases of the rule text in order. All decisions are
sequential (one seat at a time), so a Discord table always knows whom it waits for:

1. ``assign``  the Captain names First Mate, Quarter Master and Scout.
2. ``look`` (only when the Scout remembers a face-down island) / ``pick`` / ``take``:
   the Scout looks at two face-down islands, picks one, takes 1 loot from it.
3. ``divide``  the Captain divides the rest on the Loot Distribution Mat.
4. Rally: every cup is rolled inside ``apply``; then ``peek``: the First Mate may peek.
5. ``vote``    Scout, Quarter Master, First Mate, then the Scout may change; the Captain defends.
6. Battle: no battle when all defend; otherwise the dice are revealed and a
   ``cards`` window runs from the Captain clockwise until every card holder has
   passed in a row; ties re-roll (and open the window again); the outcome is applied.
7. ``buy``     from the Captain clockwise, each player until Done.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from itertools import permutations
from typing import Any

from bot.engine import (
    Choice,
    Event,
    Form,
    FormField,
    GameEngine,
    GameResult,
    RuleError,
    Transition,
)
from bot.engine.rng import Rng
from bot.games.mutiny import GAME
from bot.games.mutiny.data import LOOT_CODES, LOOT_NAMES, GameData
from bot.games.mutiny.state import DOWN, ROLE_NAMES, UP, MutinyState, dice_total
from bot.games.mutiny.texts import (
    COLOURS,
    fmt_codes,
    fmt_dice,
    fmt_die,
    fmt_loot,
    fmt_loot_short,
    p,
    waiting_text,
)

ROUNDS_PHASES = {
    "assign": (1, "Assign Roles"),
    "look": (2, "Pick an Island"),
    "pick": (2, "Pick an Island"),
    "take": (2, "Pick an Island"),
    "divide": (3, "Divide Loot"),
    "peek": (4, "Rally Crew"),
    "vote": (5, "Mutiny or Defend"),
    "cards": (6, "Resolve Battle"),
    "buy": (7, "Buying"),
    "over": (0, "Game over"),
}
TREASURE_COMBOS = tuple(
    "".join(sorted(a + b + c, key=LOOT_CODES.index))
    for i, a in enumerate(LOOT_CODES)
    for j, b in enumerate(LOOT_CODES)
    for k, c in enumerate(LOOT_CODES)
    if i <= j <= k
)
_DIVIDE = re.compile(r"^divide:(\d{4})\.(\d{4})\.(\d{4})\.(\d{4})$")
_TRADE = re.compile(r"^trade:([SOGP]{3}):([SOGP])$")


def _codes_to_counts(codes: str) -> list[int]:
    return [codes.count(c) for c in LOOT_CODES]


def _has(have: list[int], need: list[int] | tuple[int, ...]) -> bool:
    return all(have[i] >= need[i] for i in range(4))


class MutinyEngine(GameEngine[MutinyState, dict[str, Any], dict[str, Any]]):
    spec = GAME
    state_type = MutinyState

    def __init__(self, data: GameData) -> None:
        self.data = data
        self.cards_view = {
            cid: {"name": c.name, "emoji": c.emoji, "effect": c.effect, "when": c.when, "amount": c.amount}
            for cid, c in data.cards.items()
        }
        self.price = {k: list(v) for k, v in data.prices.items()}

    # ------------------------------------------------------------------ set-up

    def new_game(self, players: int, options: Mapping[str, Any], seed: int) -> MutinyState:
        if players != 4:
            self.spec.check_players(players)
        d = self.data
        rng = Rng.from_seed(seed)
        ids = list(range(len(d.islands)))
        rng.shuffle(ids)
        cubes = [list(d.islands[i].loot) for i in ids]
        bank = [d.cubes[c] - sum(row[c] for row in cubes) for c in range(4)]
        deck = list(d.deck)
        rng.shuffle(deck)
        # "all players roll their dice in their cups and reveal them. The player who rolls
        # the highest is the first Captain." Ties: the tied players roll again.
        rolling = [0, 1, 2, 3]
        setup: list[list[int]] = []
        while True:
            row = [0, 0, 0, 0]
            for seat in rolling:
                row[seat] = sum(rng.die(d.crew_sides) for _ in range(d.red_dice))
            setup.append(row)
            best = max(row)
            rolling = [s for s in rolling if row[s] == best]
            if len(rolling) == 1:
                break
        captain = rolling[0]
        roles = ["", "", "", ""]
        roles[captain] = "C"
        return MutinyState(
            rng=rng.state,
            round=1,
            phase="assign",
            captain=captain,
            roles=roles,
            island_ids=ids,
            cubes=cubes,
            status=[DOWN] * len(ids),
            current=-1,
            look=[],
            known=[[], [], [], []],
            mat=[[0] * 4 for _ in range(4)],
            divided=False,
            bank=bank,
            loot=[[0] * 4 for _ in range(4)],
            rum=[d.start_rum] * 4,
            rum_supply=d.rum_total - 4 * d.start_rum,
            green=[0] * 4,
            green_supply=d.green_dice,
            deck=deck,
            hands=[[], [], [], []],
            played=[[], [], [], []],
            dice=[[], [], [], []],
            lost=[[], [], [], []],
            peek=-1,
            votes=["", "", "", ""],
            vote_step=0,
            revealed=False,
            battle=False,
            turn=captain,
            passed=[],
            queue=[],
            setup=setup,
            record=None,
            result=None,
        )

    # ------------------------------------------------------------------ helpers

    @staticmethod
    def role_seat(s: MutinyState, code: str) -> int:
        return s.roles.index(code)

    def _vote_order(self, s: MutinyState) -> list[int]:
        scout = s.roles.index("S")
        return [scout, s.roles.index("Q"), s.roles.index("F"), scout]

    def island_name(self, s: MutinyState, space: int) -> str:
        return self.data.islands[s.island_ids[space]].name

    def _island_text(self, s: MutinyState, space: int) -> str:
        island = self.data.islands[s.island_ids[space]]
        return f"#{space + 1} **{island.name}** — {fmt_loot(island.loot)}"

    def _crew(self, s: MutinyState, seat: int) -> int:
        return self.data.red_dice + s.green[seat]

    def _side_totals(self, s: MutinyState) -> tuple[int, int]:
        mut = sum(dice_total(s.dice[q]) for q in range(4) if s.votes[q] == "M")
        dfd = sum(dice_total(s.dice[q]) for q in range(4) if s.votes[q] == "D")
        return mut, dfd

    def _roll(self, kind: str, rng: Rng) -> str:
        sides = self.data.qm_sides if kind == "q" else self.data.crew_sides
        return f"{kind}{rng.die(sides)}"

    # ------------------------------------------------------------------ who acts

    def current_seats(self, s: MutinyState) -> list[int]:
        phase = s.phase
        if phase == "over":
            return []
        if phase in ("assign", "divide"):
            return [s.captain]
        if phase in ("look", "pick", "take"):
            return [s.roles.index("S")]
        if phase == "peek":
            return [s.roles.index("F")]
        if phase == "vote":
            return [self._vote_order(s)[s.vote_step]]
        return [s.turn]

    def is_terminal(self, s: MutinyState) -> bool:
        return s.phase == "over"

    # ------------------------------------------------------------------ choices

    def legal_actions(self, s: MutinyState, seat: int) -> list[Choice]:
        if seat not in self.current_seats(s):
            return []
        return getattr(self, f"_choices_{s.phase}")(s, seat)

    def _choices_assign(self, s: MutinyState, seat: int) -> list[Choice]:
        others = [(seat + k) % 4 for k in (1, 2, 3)]
        orders = list(permutations(others))
        keep = None
        if all(s.roles[o] in ("F", "Q", "S") for o in others):
            keep = (s.roles.index("F"), s.roles.index("Q"), s.roles.index("S"))
            orders.remove(keep)
            orders.insert(0, keep)
        out = []
        for f, q, sc in orders:
            label = f"⚓ FM {p(f)} · 🎱 QM {p(q)} · 🔭 Scout {p(sc)}"
            out.append(
                Choice(
                    f"assign:{f},{q},{sc}",
                    label,
                    group="assign",
                    description="Same roles as last round" if (f, q, sc) == keep else "",
                    style="primary",
                    public=True,
                )
            )
        return out

    def _choices_look(self, s: MutinyState, seat: int) -> list[Choice]:
        out = [Choice("look:random", "🎲 Look at 2 face-down islands at random", group="look", style="primary")]
        for space in s.known[seat]:
            if s.status[space] == DOWN:
                out.append(
                    Choice(
                        f"look:{space + 1}",
                        f"🧭 Look again at #{space + 1} (+1 at random)",
                        group="look",
                        description=f"You saw {self.island_name(s, space)} there",
                    )
                )
        return out

    def _choices_pick(self, s: MutinyState, seat: int) -> list[Choice]:
        out = []
        for space in s.look:
            island = self.data.islands[s.island_ids[space]]
            label = f"#{space + 1} {island.name}: {fmt_loot_short(island.loot)}"
            out.append(
                Choice(f"pick:{space + 1}", label, group="pick", description=fmt_loot(island.loot), style="primary")
            )
        return out

    def _choices_take(self, s: MutinyState, seat: int) -> list[Choice]:
        cubes = s.cubes[s.current]
        return [
            Choice(f"take:{LOOT_CODES[c]}", f"Take 1 {LOOT_NAMES[c]}", group="take", public=True, style="primary")
            for c in range(4)
            if cubes[c]
        ]

    def fair_split(self, s: MutinyState) -> list[list[int]]:
        """An even split by number of cubes, counting the cube the Scout already took.

        Cubes are dealt one at a time, Gold first, to whoever has fewest so far;
        ties go clockwise from the Captain's left, so the Captain is served last.
        """
        loot = s.cubes[s.current]
        scout = s.roles.index("S")
        have = [0, 0, 0, 0]
        have[scout] = 1
        order = [(s.captain + k) % 4 for k in (1, 2, 3, 4)]
        shares = [[0] * 4 for _ in range(4)]
        for colour in (2, 1, 3, 0):
            for _ in range(loot[colour]):
                target = min(order, key=lambda q: (have[q], order.index(q)))
                shares[target][colour] += 1
                have[target] += 1
        return shares

    def split_action(self, shares: list[list[int]]) -> str:
        return "divide:" + ".".join("".join(str(n) for n in row) for row in shares)

    def _preset_splits(self, s: MutinyState) -> list[tuple[str, str, str, list[list[int]]]]:
        loot = s.cubes[s.current]
        captain = s.captain
        fair = self.fair_split(s)
        keep = [[0] * 4 for _ in range(4)]
        keep[captain] = loot[:]
        # Captain's half: the Captain takes half the cubes (rounded up), the rest dealt evenly.
        half = [[0] * 4 for _ in range(4)]
        total = sum(loot)
        mine = (total + 1) // 2
        taken = 0
        rest = loot[:]
        for colour in (2, 1, 3, 0):
            while rest[colour] and taken < mine:
                half[captain][colour] += 1
                rest[colour] -= 1
                taken += 1
        others = [(captain + k) % 4 for k in (1, 2, 3)]
        have = {q: 0 for q in others}
        for colour in (2, 1, 3, 0):
            for _ in range(rest[colour]):
                target = min(others, key=lambda q: (have[q], others.index(q)))
                half[target][colour] += 1
                have[target] += 1
        return [
            ("✅ Confirm the fair split", "Even shares, shown in the prompt", "success", fair),
            ("⚖️ Captain's half, rest shared", "You take half, the others share the rest", "secondary", half),
            ("💰 Keep it all", "Every cube for the Captain", "danger", keep),
        ]

    def _choices_divide(self, s: MutinyState, seat: int) -> list[Choice]:
        out = []
        seen = set()
        for label, desc, style, shares in self._preset_splits(s):
            action = self.split_action(shares)
            if action in seen:
                continue
            seen.add(action)
            out.append(Choice(action, label, group="divide", description=desc, style=style, public=True))
        return out

    def _choices_peek(self, s: MutinyState, seat: int) -> list[Choice]:
        out = [
            Choice(f"peek:{t}", f"👀 Peek under {p(t)}'s cup", group="peek", public=True, style="primary")
            for t in range(4)
            if t != seat
        ]
        out.append(Choice("peek:none", "Don't peek", group="peek", public=True))
        return out

    def _choices_vote(self, s: MutinyState, seat: int) -> list[Choice]:
        if s.vote_step < 3:
            return [
                Choice("vote:mutiny", "Yarr! Mutiny", group="vote", style="danger", public=True, emoji="🏴‍☠️"),
                Choice("vote:defend", "Defend", group="vote", style="success", public=True, emoji="🛡️"),
            ]
        mine = s.votes[seat]
        return [
            Choice(
                "vote:mutiny",
                "Stay: Yarr! Mutiny" if mine == "M" else "Change to Yarr! Mutiny",
                group="vote",
                style="danger",
                emoji="🏴‍☠️",
            ),
            Choice(
                "vote:defend",
                "Stay: Defend" if mine == "D" else "Change to Defend",
                group="vote",
                style="success",
                emoji="🛡️",
            ),
        ]

    def _reload_options(self, s: MutinyState, seat: int) -> list[list[int]]:
        dice = s.dice[seat]
        subsets: list[list[int]] = []
        for limit in range(1, 8):
            subset = [i for i, die in enumerate(dice) if int(die[1:]) <= limit]
            if subset and subset not in subsets:
                subsets.append(subset)
        everything = list(range(len(dice)))
        if everything and everything not in subsets:
            subsets.append(everything)
        if len(subsets) > 5:
            subsets = subsets[:4] + [subsets[-1]]
        return subsets

    def _card_choices_battle(self, s: MutinyState, seat: int) -> list[Choice]:
        hand = s.hands[seat]
        cards = self.data.cards
        out = []
        side = "the Mutineers" if s.votes[seat] == "M" else "the Captain's side"
        if "cannon" in hand:
            out.append(Choice("card:cannon", f"💥 Cannon: +1 d6 for {side}", group="card", style="danger"))
        if "madness" in hand:
            for t in range(4):
                if t != seat and s.dice[t]:
                    top = max(s.dice[t], key=lambda d: int(d[1:]))
                    out.append(
                        Choice(
                            f"card:madness:{t}",
                            f"🍾 Drunken Madness: {p(t)} loses {fmt_die(top).replace('*', '')}",
                            group="card",
                        )
                    )
        if "reload" in hand and s.dice[seat]:
            for subset in self._reload_options(s, seat):
                faces = " ".join(fmt_die(s.dice[seat][i]).replace("*", "") for i in subset)
                out.append(
                    Choice(
                        "card:reload:" + ",".join(str(i + 1) for i in subset),
                        f"🔁 Quick Reload: re-roll {faces}"[:80],
                        group="card",
                    )
                )
        if "storm" in hand:
            out.append(Choice("card:storm", "🌪️ The Perfect Storm: everyone re-rolls", group="card"))
        for cid in ("stowaway", "pressgang"):
            if cid in hand and cards[cid].in_battle and s.green_supply > 0:
                n = min(cards[cid].amount, s.green_supply)
                out.append(
                    Choice(f"card:{cid}", f"{cards[cid].emoji} {cards[cid].name}: +{n} green crew now", group="card")
                )
        if "pegleg" in hand and cards["pegleg"].in_battle:
            out.append(Choice("card:pegleg", "🦿 Play the Peg-Leg face up (+2 Infamy)", group="card"))
        if "treasure" in hand and cards["treasure"].in_battle:
            out.extend(self._treasure_choices(s, seat))
        return out

    def _choices_cards(self, s: MutinyState, seat: int) -> list[Choice]:
        return [Choice("pass", "Pass", group="pass", style="secondary")] + self._card_choices_battle(s, seat)

    def _treasure_choices(self, s: MutinyState, seat: int) -> list[Choice]:
        n = self.data.cards["treasure"].amount
        combos = TREASURE_COMBOS if n == 3 else self._combos(n)
        return [
            Choice(f"card:treasure:{combo}", f"💰 Buried Treasure: take {fmt_codes(combo)}", group="treasure")
            for combo in combos
            if _has(s.bank, _codes_to_counts(combo))
        ]

    @staticmethod
    def _combos(n: int) -> tuple[str, ...]:
        out: list[str] = []

        def rec(prefix: str, start: int) -> None:
            if len(prefix) == n:
                out.append(prefix)
                return
            for i in range(start, 4):
                rec(prefix + LOOT_CODES[i], i)

        rec("", 0)
        return tuple(out)

    def _can_buy(self, s: MutinyState, seat: int, item: str) -> bool:
        if not _has(s.loot[seat], self.price[item]):
            return False
        if item == "rum":
            return s.rum_supply > 0
        if item == "crew":
            return s.green_supply > 0 and s.rum[seat] > self._crew(s, seat)
        return len(s.deck) > 0

    def _auto_trade(self, s: MutinyState, seat: int, target: int) -> str | None:
        """Give 3 cubes of the kinds you have most of (never the kind you get)."""
        if s.bank[target] < 1:
            return None
        have = s.loot[seat][:]
        have[target] = 0
        if sum(have) < 3:
            return None
        give = []
        for _ in range(3):
            colour = max(range(4), key=lambda c: (have[c], -c))
            give.append(colour)
            have[colour] -= 1
        give.sort()
        return "".join(LOOT_CODES[c] for c in give)

    def _can_act_in_buy(self, s: MutinyState, seat: int) -> bool:
        if s.hands[seat]:
            return True
        if any(self._can_buy(s, seat, item) for item in ("rum", "crew", "card")):
            return True
        return sum(s.loot[seat]) >= 3 and sum(s.bank) > 0

    def _choices_buy(self, s: MutinyState, seat: int) -> list[Choice]:
        cards = self.data.cards
        out = []
        labels = {
            "rum": "🍺 Buy Rum (Sugar + Orange)",
            "crew": "🎲 Buy Crew (Orange + 2 Gold + Plantain)",
            "card": "🃏 Buy Mystery card (Sugar + Gold + Plantain)",
        }
        for item in ("rum", "crew", "card"):
            if self._can_buy(s, seat, item):
                out.append(Choice(f"buy:{item}", labels[item], group="buy", style="primary", public=True))
        out.append(Choice("done", "✅ Done buying", group="buy", style="success", public=True))
        for target in range(4):
            give = self._auto_trade(s, seat, target)
            if give:
                out.append(
                    Choice(
                        f"trade:{give}:{LOOT_CODES[target]}",
                        f"🔄 Trade {fmt_codes(give)} → 1 {LOOT_NAMES[target]}",
                        group="trade",
                        public=True,
                    )
                )
        hand = s.hands[seat]
        if "pegleg" in hand and cards["pegleg"].in_buy:
            out.append(Choice("card:pegleg", "🦿 Play the Peg-Leg face up (+2 Infamy)", group="card"))
        for cid in ("stowaway", "pressgang"):
            if cid in hand and cards[cid].in_buy and s.green_supply > 0:
                n = min(cards[cid].amount, s.green_supply)
                out.append(
                    Choice(f"card:{cid}", f"{cards[cid].emoji} {cards[cid].name}: +{n} green crew", group="card")
                )
        if "treasure" in hand and cards["treasure"].in_buy:
            out.extend(self._treasure_choices(s, seat))
        return out

    # ------------------------------------------------------------------ forms

    def forms(self, s: MutinyState, seat: int) -> list[Form]:
        if seat not in self.current_seats(s):
            return []
        if s.phase == "divide":
            fair = self.fair_split(s)
            fields = tuple(
                FormField(
                    key=f"p{q}",
                    label=f"{p(q)} — S O G P",
                    default=" ".join(str(n) for n in fair[q]),
                    placeholder="Sugar Orange Gold Plantain, e.g. 1 0 2 0",
                    max_length=20,
                    required=False,
                )
                for q in range(4)
            )
            return [
                Form(
                    "divide",
                    "Divide the loot (Sugar Orange Gold Plantain)"[:45],
                    "✏️ Custom split",
                    fields,
                    group="divide",
                )
            ]
        if s.phase == "look":
            down = [i for i in range(len(s.status)) if s.status[i] == DOWN]
            known = [i for i in s.known[seat] if s.status[i] == DOWN]
            first = known[0] if known else down[0]
            second = next(i for i in down if i != first)
            return [
                Form(
                    "look",
                    "Which two islands do you look at?",
                    "🗺️ Choose two islands",
                    (
                        FormField(
                            "spaces",
                            "Two face-down island numbers",
                            default=f"{first + 1} {second + 1}",
                            placeholder="e.g. 3 7",
                            max_length=10,
                        ),
                    ),
                    group="look",
                )
            ]
        if s.phase == "cards" and "reload" in s.hands[seat] and s.dice[seat]:
            listing = " ".join(f"{i + 1}:{fmt_die(d).replace('*', '')}" for i, d in enumerate(s.dice[seat]))
            lowest = min(range(len(s.dice[seat])), key=lambda i: int(s.dice[seat][i][1:]))
            return [
                Form(
                    "reload",
                    "Quick Reload: which dice?",
                    "🔁 Quick Reload: pick dice",
                    (
                        FormField(
                            "dice",
                            "Dice to re-roll (positions)",
                            default=str(lowest + 1),
                            placeholder=listing[:100],
                            max_length=30,
                        ),
                    ),
                    group="card",
                )
            ]
        if s.phase == "buy":
            default = None
            for target in range(4):
                default = self._auto_trade(s, seat, target)
                if default:
                    default = (default, LOOT_CODES[target])
                    break
            if default:
                return [
                    Form(
                        "trade",
                        "Trade 3 loot for 1 from the bank",
                        "🔄 Custom trade",
                        (
                            FormField(
                                "give",
                                "Give 3 (letters S O G P)",
                                default=" ".join(default[0]),
                                placeholder="e.g. S S O",
                                max_length=12,
                            ),
                            FormField(
                                "get", "Get 1 (S, O, G or P)", default=default[1], placeholder="e.g. G", max_length=10
                            ),
                        ),
                        group="trade",
                    )
                ]
        return []

    def form_action(self, s: MutinyState, seat: int, key: str, values: Mapping[str, str]) -> str:
        available = {f.key for f in self.forms(s, seat)}
        if key not in available:
            raise RuleError("That form is not available now.")
        if key == "divide":
            loot = s.cubes[s.current]
            shares = []
            for q in range(4):
                shares.append(parse_share(values.get(f"p{q}", ""), q))
            problems = []
            for c in range(4):
                given = sum(row[c] for row in shares)
                if given != loot[c]:
                    if given < loot[c]:
                        problems.append(
                            f"{LOOT_NAMES[c]}: the shares give {given} but the island has {loot[c]} "
                            f"({loot[c] - given} still to give out)"
                        )
                    else:
                        problems.append(
                            f"{LOOT_NAMES[c]}: the shares give {given} but the island has only {loot[c]} "
                            f"({given - loot[c]} too many)"
                        )
            if problems:
                raise RuleError(
                    f"The shares must add up to the loot on the island ({fmt_loot(loot)}).\n- " + "\n- ".join(problems)
                )
            action = self.split_action(shares)
        elif key == "look":
            numbers = re.findall(r"\d+", values.get("spaces", ""))
            if len(numbers) != 2:
                raise RuleError("Write two island numbers, e.g. `3 7`.")
            action = f"look:{int(numbers[0])},{int(numbers[1])}"
        elif key == "reload":
            numbers = re.findall(r"\d+", values.get("dice", ""))
            if not numbers:
                raise RuleError("Write the positions of the dice to re-roll, e.g. `1 3`.")
            picked = sorted({int(n) for n in numbers})
            action = "card:reload:" + ",".join(str(n) for n in picked)
        elif key == "trade":
            give = re.sub(r"[^SOGP]", "", values.get("give", "").upper())
            get = re.sub(r"[^SOGP]", "", values.get("get", "").upper())
            if len(give) != 3:
                raise RuleError("Give exactly 3 pieces of loot, as letters: S Sugar, O Orange, G Gold, P Plantain.")
            if len(get) != 1:
                raise RuleError("Get exactly 1 piece of loot: S, O, G or P.")
            give = "".join(sorted(give, key=LOOT_CODES.index))
            action = f"trade:{give}:{get}"
        else:  # pragma: no cover - guarded above
            raise RuleError("That form is not available now.")
        self.apply(s, seat, action)  # validates with the same checks as a button press
        return action

    # ------------------------------------------------------------------ apply

    def apply(self, state: MutinyState, seat: int, action: str) -> Transition[MutinyState]:
        if state.phase == "over":
            raise RuleError("The game is over.")
        acting = self.current_seats(state)
        if seat not in acting:
            raise RuleError(f"It is not your turn: waiting for {p(acting[0])}.")
        s = state.clone()
        rng = Rng(s.rng)
        events: list[Event] = []
        getattr(self, f"_do_{s.phase}")(s, seat, action, rng, events)
        s.rng = rng.state
        return Transition(s, events)

    def _bad(self, action: str) -> RuleError:
        return RuleError(f"`{action}` is not a legal move now.")

    # 1. Assign roles
    def _do_assign(self, s, seat, action, rng, events):
        m = re.fullmatch(r"assign:([0-3]),([0-3]),([0-3])", action)
        if not m:
            raise self._bad(action)
        f, q, sc = (int(x) for x in m.groups())
        if sorted((f, q, sc)) != sorted((seat + k) % 4 for k in (1, 2, 3)):
            raise RuleError(
                "Give First Mate, Quarter Master and Scout to the three other players; the Captain role cannot be assigned."
            )
        s.roles = ["", "", "", ""]
        s.roles[seat] = "C"
        s.roles[f], s.roles[q], s.roles[sc] = "F", "Q", "S"
        events.append(
            Event(f"👑 {p(seat)} (Captain) names ⚓ First Mate {p(f)}, 🎱 Quarter Master {p(q)}, 🔭 Scout {p(sc)}.")
        )
        self._begin_scout(s, rng, events)

    # 2. Pick an island
    def _begin_scout(self, s, rng, events):
        scout = s.roles.index("S")
        down = [i for i in range(len(s.status)) if s.status[i] == DOWN]
        if len(down) <= 2:
            self._look_at(s, sorted(down), events)
            return
        if any(s.status[i] == DOWN for i in s.known[scout]):
            s.phase = "look"
            return
        self._look_at(s, sorted(rng.sample(down, 2)), events)

    def _do_look(self, s, seat, action, rng, events):
        down = [i for i in range(len(s.status)) if s.status[i] == DOWN]
        if action == "look:random":
            spaces = rng.sample(down, 2)
        else:
            m = re.fullmatch(r"look:(\d+)(?:,(\d+))?", action)
            if not m:
                raise self._bad(action)
            first = int(m.group(1)) - 1
            if first not in down:
                raise RuleError(f"Island #{first + 1} is not face down.")
            if m.group(2) is None:
                if first not in s.known[seat]:
                    raise self._bad(action)
                spaces = [first, rng.choice([i for i in down if i != first])]
            else:
                second = int(m.group(2)) - 1
                if second not in down:
                    raise RuleError(f"Island #{second + 1} is not face down.")
                if second == first:
                    raise RuleError("Choose two different islands.")
                spaces = [first, second]
        self._look_at(s, sorted(spaces), events)

    def _look_at(self, s, spaces, events):
        scout = s.roles.index("S")
        s.look = spaces
        for space in spaces:
            if space not in s.known[scout]:
                s.known[scout].append(space)
        s.known[scout].sort()
        if len(spaces) == 1:
            events.append(Event(f"🔭 Only one island is left face down: {p(scout)} (Scout) must take it."))
            self._pick(s, scout, spaces[0], events)
            return
        names = " and ".join(f"#{x + 1}" for x in spaces)
        events.append(Event(f"🔭 {p(scout)} (Scout) looks at islands {names}."))
        events.append(Event("🗺️ You look at:\n" + "\n".join(self._island_text(s, x) for x in spaces), seats=(scout,)))
        s.phase = "pick"

    def _do_pick(self, s, seat, action, rng, events):
        m = re.fullmatch(r"pick:(\d+)", action)
        if not m or int(m.group(1)) - 1 not in s.look:
            raise self._bad(action)
        self._pick(s, seat, int(m.group(1)) - 1, events)

    def _pick(self, s, scout, space, events):
        s.status[space] = UP
        s.current = space
        for known in s.known:
            if space in known:
                known.remove(space)
        events.append(Event(f"🏝️ {p(scout)} (Scout) picks {self._island_text(s, space)}."))
        s.phase = "take"

    def _do_take(self, s, seat, action, rng, events):
        m = re.fullmatch(r"take:([SOGP])", action)
        if not m:
            raise self._bad(action)
        colour = LOOT_CODES.index(m.group(1))
        if s.cubes[s.current][colour] < 1:
            raise RuleError(f"There is no {LOOT_NAMES[colour]} on the island.")
        s.cubes[s.current][colour] -= 1
        s.loot[seat][colour] += 1
        events.append(Event(f"🔭 {p(seat)} (Scout) takes 1 {LOOT_NAMES[colour]} onto their ship."))
        s.phase = "divide"

    # 3. Divide loot
    def _do_divide(self, s, seat, action, rng, events):
        m = _DIVIDE.fullmatch(action)
        if not m:
            raise self._bad(action)
        shares = [[int(ch) for ch in group] for group in m.groups()]
        loot = s.cubes[s.current]
        for c in range(4):
            if sum(row[c] for row in shares) != loot[c]:
                raise RuleError(f"The shares must add up to the loot on the island ({fmt_loot(loot)}).")
        s.mat = shares
        s.cubes[s.current] = [0, 0, 0, 0]
        s.divided = True
        lines = [f"{p(q)}: {fmt_loot(shares[q])}" for q in range(4)]
        events.append(Event(f"👑 {p(seat)} (Captain) divides the loot:\n" + "\n".join(lines)))
        self._rally(s, rng, events)

    # 4. Rally crew
    def _rally(self, s, rng, events):
        qm = s.roles.index("Q")
        for q in range(4):
            dice = [self._roll("r", rng) for _ in range(self.data.red_dice)]
            dice += [self._roll("g", rng) for _ in range(s.green[q])]
            if q == qm:
                dice.append(self._roll("q", rng))
            s.dice[q] = dice
            s.lost[q] = []
        events.append(Event("🎲 Every crew is rolled and hidden under its cup."))
        for q in range(4):
            events.append(
                Event(f"🎲 Under your cup: {fmt_dice(s.dice[q])} (total {dice_total(s.dice[q])})", seats=(q,))
            )
        s.phase = "peek"

    def _do_peek(self, s, seat, action, rng, events):
        if action == "peek:none":
            events.append(Event(f"⚓ {p(seat)} (First Mate) does not peek."))
        else:
            m = re.fullmatch(r"peek:([0-3])", action)
            if not m or int(m.group(1)) == seat:
                raise self._bad(action)
            target = int(m.group(1))
            s.peek = target
            events.append(Event(f"👀 {p(seat)} (First Mate) peeks under {p(target)}'s cup."))
            events.append(
                Event(
                    f"👀 Under {p(target)}'s cup: {fmt_dice(s.dice[target])} (total {dice_total(s.dice[target])})",
                    seats=(seat,),
                )
            )
        s.phase = "vote"
        s.vote_step = 0

    # 5. Mutiny or defend
    def _do_vote(self, s, seat, action, rng, events):
        if action not in ("vote:mutiny", "vote:defend"):
            raise self._bad(action)
        vote = "M" if action == "vote:mutiny" else "D"
        if s.vote_step < 3:
            s.votes[seat] = vote
            events.append(Event(f"🗳️ {p(seat)} has decided."))
            s.vote_step += 1
            if s.vote_step == 3:
                order = self._vote_order(s)
                scout = order[0]
                lines = ", ".join(f"{p(q)} {'Yarr! Mutiny' if s.votes[q] == 'M' else 'Defend'}" for q in order[1:3])
                events.append(
                    Event(
                        f"🗳️ The others have decided: {lines}; the Captain defends. "
                        f"You decided {'Yarr! Mutiny' if s.votes[scout] == 'M' else 'Defend'}: keep it or change it.",
                        seats=(scout,),
                    )
                )
            return
        s.votes[seat] = vote
        events.append(Event(f"🗳️ {p(seat)} (Scout) has made the final decision."))
        s.votes[s.captain] = "D"
        s.revealed = True
        mutineers = [q for q in range(4) if s.votes[q] == "M"]
        if not mutineers:
            self._peace(s, events)
            return
        self._reveal(s, events)
        self._open_window(s, rng, events)

    def _peace(self, s, events):
        captain = s.captain
        for q in range(4):
            for c in range(4):
                s.loot[q][c] += s.mat[q][c]
        s.mat = [[0] * 4 for _ in range(4)]
        s.divided = False
        s.status[s.current] = captain
        name = self.island_name(s, s.current)
        events.append(
            Event(
                f"🤝 Everyone defends: **no battle**, no dice are shown. Each player takes their share; "
                f"{p(captain)} (Captain) conquers **{name}**."
            )
        )
        s.record = {"round": s.round, "kind": "peace", "island": name, "captain": captain}
        self._start_buy(s, events)

    # 6. Resolve battle
    def _battle_lines(self, s) -> str:
        lines = []
        for side, label in (("M", "🏴‍☠️ Mutineers"), ("D", "🛡️ Captain's side")):
            members = [q for q in range(4) if s.votes[q] == side]
            parts = []
            for q in members:
                lost = f" (lost {' '.join(fmt_die(d) for d in s.lost[q])})" if s.lost[q] else ""
                parts.append(f"{p(q)} {fmt_dice(s.dice[q])} = {dice_total(s.dice[q])}{lost}")
            total = sum(dice_total(s.dice[q]) for q in members)
            lines.append(f"{label} **{total}**: " + " · ".join(parts))
        return "\n".join(lines)

    def _reveal(self, s, events):
        s.battle = True
        events.append(Event("⚔️ **Yarr! Mutiny!** Every cup is lifted:\n" + self._battle_lines(s)))

    def _open_window(self, s, rng, events):
        s.passed = []
        if any(s.hands):
            s.phase = "cards"
            self._window_next(s, s.captain, rng, events, opening=True)
        else:
            self._close_window(s, rng, events)

    def _window_next(self, s, start, rng, events, opening=False):
        for k in range(4):
            q = (start + k) % 4
            if s.hands[q] and q not in s.passed:
                s.turn = q
                if opening:
                    events.append(
                        Event(f"🃏 Mystery cards may be played now, from {p(q)} clockwise, until everyone passes.")
                    )
                return
        self._close_window(s, rng, events)

    def _close_window(self, s, rng, events):
        while True:
            mut, dfd = self._side_totals(s)
            if mut != dfd:
                self._resolve(s, rng, events)
                return
            for q in range(4):
                s.dice[q] = [self._roll(d[0], rng) for d in s.dice[q]]
            events.append(Event(f"⚖️ A tie at **{mut}**! Everyone re-rolls:\n" + self._battle_lines(s)))
            if any(s.hands):
                s.passed = []
                s.phase = "cards"
                self._window_next(s, s.captain, rng, events, opening=True)
                return

    def _do_cards(self, s, seat, action, rng, events):
        if action == "pass":
            s.passed.append(seat)
            events.append(Event(f"🃏 {p(seat)} passes."))
            self._window_next(s, (seat + 1) % 4, rng, events)
            return
        if not any(c.action == action for c in self._card_choices_battle(s, seat)) and not action.startswith(
            "card:reload:"
        ):
            raise self._bad(action)
        self._play_card(s, seat, action, rng, events, battle=True)
        s.passed = []
        self._window_next(s, (seat + 1) % 4, rng, events)

    def _play_card(self, s, seat, action, rng, events, battle):
        parts = action.split(":")
        cid = parts[1] if len(parts) > 1 else ""
        if cid not in self.data.cards or cid not in s.hands[seat]:
            raise self._bad(action)
        card = self.data.cards[cid]
        who = p(seat)
        if cid == "reload":
            dice = s.dice[seat]
            try:
                picks = sorted({int(x) - 1 for x in parts[2].split(",")}) if len(parts) == 3 else []
            except ValueError:
                picks = []
            if not picks or any(i < 0 or i >= len(dice) for i in picks):
                raise RuleError(f"Pick dice by position, 1 to {len(dice)}.")
            before = " ".join(fmt_die(dice[i]) for i in picks)
            for i in picks:
                dice[i] = self._roll(dice[i][0], rng)
            after = " ".join(fmt_die(dice[i]) for i in picks)
            text = f"🔁 {who} plays **Quick Reload**: {before} → {after}."
        elif len(parts) > 2 and cid not in ("madness", "treasure"):
            raise self._bad(action)
        elif cid == "cannon":
            s.dice[seat].append(self._roll("c", rng))
            text = f"💥 {who} fires a **Cannon**: {fmt_die(s.dice[seat][-1])}!"
        elif cid == "madness":
            if len(parts) != 3 or parts[2] not in "0123" or not parts[2]:
                raise self._bad(action)
            target = int(parts[2])
            if target == seat or not s.dice[target]:
                raise self._bad(action)
            dice = s.dice[target]
            top = max(range(len(dice)), key=lambda i: int(dice[i][1:]))
            die = dice.pop(top)
            s.lost[target].append(die)
            text = f"🍾 {who} plays **Drunken Madness**: {p(target)} loses {fmt_die(die)} for this battle."
        elif cid == "storm":
            for q in range(4):
                s.dice[q] = [self._roll(d[0], rng) for d in s.dice[q]]
            text = f"🌪️ {who} plays **The Perfect Storm**: everyone re-rolls!"
        elif cid in ("stowaway", "pressgang"):
            n = min(card.amount, s.green_supply)
            if n < 1:
                raise RuleError("There are no green crew dice left in the supply.")
            s.green_supply -= n
            s.green[seat] += n
            if battle:
                new = [self._roll("g", rng) for _ in range(n)]
                s.dice[seat].extend(new)
                text = f"{card.emoji} {who} plays **{card.name}**: +{n} green crew, rolled {fmt_dice(new)}."
            else:
                text = f"{card.emoji} {who} plays **{card.name}**: +{n} green crew die{'s' if n > 1 else ''}."
        elif cid == "pegleg":
            text = f"🦿 {who} plays the **Exceptionally Fine Peg-Leg** face up: +{card.amount} Infamy at the end."
        elif cid == "treasure":
            if len(parts) != 3 or not re.fullmatch(r"[SOGP]+", parts[2]) or len(parts[2]) != card.amount:
                raise self._bad(action)
            need = _codes_to_counts(parts[2])
            if not _has(s.bank, need):
                raise RuleError("The bank does not have that loot.")
            for c in range(4):
                s.bank[c] -= need[c]
                s.loot[seat][c] += need[c]
            text = f"💰 {who} plays **Buried Treasure**: takes {fmt_codes(parts[2])} from the bank."
        else:  # pragma: no cover
            raise self._bad(action)
        s.hands[seat].remove(cid)
        s.played[seat].append(cid)
        if battle:
            mut, dfd = self._side_totals(s)
            text += f" Now 🏴‍☠️ **{mut}** vs 🛡️ **{dfd}**."
        events.append(Event(text))

    def _resolve(self, s, rng, events):
        mut, dfd = self._side_totals(s)
        mutineers = [q for q in range(4) if s.votes[q] == "M"]
        defenders = [q for q in range(4) if s.votes[q] == "D"]
        old = s.captain
        record: dict[str, Any] = {
            "round": s.round,
            "kind": "battle",
            "island": self.island_name(s, s.current),
            "votes": ["mutiny" if v == "M" else "defend" for v in s.votes],
            "dice": [d[:] for d in s.dice],
            "lost": [d[:] for d in s.lost],
            "sums": [dice_total(d) for d in s.dice],
            "totals": {"mutiny": mut, "defend": dfd},
            "old_captain": old,
            "rolloffs": [],
            "draws": [],
        }
        if mut > dfd:
            sums = {q: dice_total(s.dice[q]) for q in mutineers}
            best = max(sums.values())
            tied = [q for q in mutineers if sums[q] == best]
            rolloffs = []
            while len(tied) > 1:
                roll = {q: rng.die(self.data.crew_sides) for q in tied}
                rolloffs.append([[q, roll[q]] for q in tied])
                top = max(roll.values())
                tied = [q for q in tied if roll[q] == top]
            new = tied[0]
            cup = [c for q in range(4) for c in range(4) for _ in range(s.mat[q][c])]
            order = [q for q in ((new + k) % 4 for k in range(4)) if q in mutineers]
            draws = self._draw_cup(s, cup, order, rng)
            s.roles[old] = ""
            s.roles[new] = "C"
            s.captain = new
            s.status[s.current] = new
            record.update(winner="mutiny", captain=new, rolloffs=rolloffs, draws=draws)
            text = f"🏴‍☠️ **The mutineers win {mut}–{dfd}!**"
            if rolloffs:
                rounds = " then ".join(", ".join(f"{p(q)} {fmt_die('r%d' % v)}" for q, v in roll) for roll in rolloffs)
                text += f"\nHighest mutineers tie at {best}: roll-off {rounds}."
            else:
                text += f"\n{p(new)} rolled highest ({best})."
            text += f"\n👑 {p(new)} is the new Captain and takes **{record['island']}**."
        else:
            cup = []
            for q in range(4):
                if s.votes[q] == "D":
                    for c in range(4):
                        s.loot[q][c] += s.mat[q][c]
                else:
                    cup += [c for c in range(4) for _ in range(s.mat[q][c])]
            order = [q for q in ((old + k) % 4 for k in range(4)) if q in defenders]
            draws = self._draw_cup(s, cup, order, rng)
            s.status[s.current] = old
            record.update(winner="defend", captain=old, draws=draws)
            text = (
                f"🛡️ **The Captain's side wins {dfd}–{mut}!** {p(old)} stays Captain and takes **{record['island']}**."
                "\nDefenders keep their shares."
            )
        s.mat = [[0] * 4 for _ in range(4)]
        s.divided = False
        if draws:
            got: dict[int, list[int]] = {}
            for q, c in draws:
                got.setdefault(q, [0, 0, 0, 0])[c] += 1
            text += "\n🥤 Drawn from the cup: " + " · ".join(f"{p(q)} {fmt_loot(got[q])}" for q in got)
        events.append(Event(text))
        s.record = record
        s.battle = False
        self._start_buy(s, events)

    @staticmethod
    def _draw_cup(s, cup: list[int], order: list[int], rng: Rng) -> list[list[int]]:
        draws = []
        turn = 0
        while cup:
            q = order[turn % len(order)]
            c = cup.pop(rng.below(len(cup)))
            s.loot[q][c] += 1
            draws.append([q, c])
            turn += 1
        return draws

    # 7. Buying
    def _start_buy(self, s, events):
        s.phase = "buy"
        s.queue = [(s.captain + k) % 4 for k in range(4)]
        self._buy_advance(s, events)

    def _buy_advance(self, s, events):
        skipped = []
        while s.queue:
            q = s.queue[0]
            if self._can_act_in_buy(s, q):
                s.turn = q
                break
            skipped.append(q)
            s.queue.pop(0)
        if skipped:
            events.append(Event("🛒 Nothing to spend: " + ", ".join(p(q) for q in skipped) + "."))
        if not s.queue:
            self._end_round(s, events)

    def _do_buy(self, s, seat, action, rng, events):
        if action == "done":
            s.queue.pop(0)
            self._buy_advance(s, events)
            return
        if action.startswith("buy:"):
            item = action[4:]
            if item not in ("rum", "crew", "card"):
                raise self._bad(action)
            if not self._can_buy(s, seat, item):
                raise RuleError(self._why_not(s, seat, item))
            cost = self.price[item]
            for c in range(4):
                s.loot[seat][c] -= cost[c]
                s.bank[c] += cost[c]
            if item == "rum":
                s.rum[seat] += 1
                s.rum_supply -= 1
                events.append(Event(f"🍺 {p(seat)} buys 1 Rum (now {s.rum[seat]})."))
            elif item == "crew":
                s.green[seat] += 1
                s.green_supply -= 1
                events.append(Event(f"🎲 {p(seat)} hires 1 green Crew (now {self._crew(s, seat)} crew)."))
            else:
                cid = s.deck.pop(0)
                s.hands[seat].append(cid)
                events.append(Event(f"🃏 {p(seat)} buys a Mystery card."))
                card = self.data.cards[cid]
                events.append(Event(f"🃏 You drew {card.emoji} **{card.name}**: {card.effect}", seats=(seat,)))
        elif action.startswith("trade:"):
            m = _TRADE.fullmatch(action)
            if not m:
                raise self._bad(action)
            give = _codes_to_counts(m.group(1))
            target = LOOT_CODES.index(m.group(2))
            if not _has(s.loot[seat], give):
                raise RuleError(f"You do not have {fmt_codes(m.group(1))} to give.")
            if s.bank[target] < 1:
                raise RuleError(f"The bank has no {LOOT_NAMES[target]} left.")
            for c in range(4):
                s.loot[seat][c] -= give[c]
                s.bank[c] += give[c]
            s.bank[target] -= 1
            s.loot[seat][target] += 1
            events.append(Event(f"🔄 {p(seat)} trades {fmt_codes(m.group(1))} for 1 {LOOT_NAMES[target]}."))
        elif action.startswith("card:"):
            cid = action.split(":")[1]
            if cid not in self.data.cards or not self.data.cards[cid].in_buy:
                raise RuleError("That card cannot be played on your buying turn.")
            self._play_card(s, seat, action, rng, events, battle=False)
        else:
            raise self._bad(action)
        if not self._can_act_in_buy(s, seat):
            s.queue.pop(0)
            self._buy_advance(s, events)

    def _why_not(self, s, seat, item) -> str:
        if not _has(s.loot[seat], self.price[item]):
            return f"You cannot pay for that ({fmt_loot(self.price[item])})."
        if item == "rum":
            return "The rum is all gone (33 pieces in the game)."
        if item == "crew":
            if s.green_supply < 1:
                return "All 10 green crew dice are taken."
            return f"To hire crew you need more Rum than Crew (you have {s.rum[seat]} rum, {self._crew(s, seat)} crew)."
        return "The mystery deck is empty."

    def _end_round(self, s, events):
        if all(x >= 0 for x in s.status):
            s.phase = "over"
            s.result = self._score(s)
            # The table appends the final scores (results().text) to the last post itself.
            events.append(Event("🏁 **The last island is conquered: the game is over!**"))
            return
        s.round += 1
        s.phase = "assign"
        s.current = -1
        s.look = []
        s.mat = [[0] * 4 for _ in range(4)]
        s.divided = False
        s.dice = [[], [], [], []]
        s.lost = [[], [], [], []]
        s.peek = -1
        s.votes = ["", "", "", ""]
        s.vote_step = 0
        s.revealed = False
        s.battle = False
        s.passed = []
        s.queue = []
        s.turn = s.captain
        events.append(Event(f"🌅 **Round {s.round} of 12.** {p(s.captain)} (Captain) assigns the roles."))

    # ------------------------------------------------------------------ scoring

    def _score(self, s: MutinyState) -> dict[str, Any]:
        sc = self.data.scoring
        islands = [sum(1 for x in s.status if x == q) * sc["island"] for q in range(4)]
        cannons = [s.played[q].count("cannon") for q in range(4)]
        fierce = [0] * 4
        most = max(cannons)
        if most > 0:
            top = [q for q in range(4) if cannons[q] == most]
            for q in top:
                fierce[q] = sc["fierceness"] if len(top) == 1 else sc["fierceness_tie"]
        drunk = [0] * 4
        most = max(s.rum)
        top = [q for q in range(4) if s.rum[q] == most]
        for q in top:
            drunk[q] = sc["drunk"] if len(top) == 1 else sc["drunk_tie"]
        peg = self.data.cards["pegleg"].amount
        cards = [s.played[q].count("pegleg") * peg for q in range(4)]
        totals = [islands[q] + fierce[q] + drunk[q] + cards[q] for q in range(4)]
        best = max(totals)
        winners = [q for q in range(4) if totals[q] == best]
        lines = []
        for q in sorted(range(4), key=lambda q: (-totals[q], q)):
            parts = [f"islands {islands[q]}"]
            if fierce[q]:
                parts.append(f"Fierceness {fierce[q]}")
            if drunk[q]:
                parts.append(f"Drunk {drunk[q]}")
            if cards[q]:
                parts.append(f"Peg-Leg {cards[q]}")
            crown = "🏆 " if q in winners else ""
            lines.append(f"{crown}{p(q)}: **{totals[q]} Infamy** ({', '.join(parts)})")
        if len(winners) > 1:
            lines.append("A tie: " + " and ".join(p(q) for q in winners) + " share the victory!")
        return {
            "totals": totals,
            "islands": islands,
            "fierceness": fierce,
            "drunk": drunk,
            "cards": cards,
            "cannons": cannons,
            "winners": winners,
            "text": "\n".join(lines),
        }

    def results(self, s: MutinyState) -> GameResult:
        if s.result is None:
            raise RuleError("The game is not over yet.")
        r = s.result
        return GameResult.competitive(tuple(float(x) for x in r["totals"]), tuple(r["winners"]), r["text"])

    # ------------------------------------------------------------------ views

    def public_view(self, state: MutinyState) -> dict[str, Any]:
        return self.view(state, None)

    def seat_view(self, state: MutinyState, seat: int) -> dict[str, Any]:
        return self.view(state, seat)

    def view(self, s: MutinyState, seat: int | None) -> dict[str, Any]:
        acting = self.current_seats(s)
        step, title = ROUNDS_PHASES[s.phase]
        assigned = s.phase != "assign"
        players = []
        for q in range(4):
            role = s.roles[q]
            if not assigned and role != "C":
                role = ""
            if s.revealed and s.votes[q]:
                vote = "mutiny" if s.votes[q] == "M" else "defend"
            elif s.votes[q]:
                vote = "decided"
            else:
                vote = None
            played: dict[str, int] = {}
            for cid in s.played[q]:
                played[cid] = played.get(cid, 0) + 1
            islands = sum(1 for x in s.status if x == q)
            infamy = islands * self.data.scoring["island"] + played.get("pegleg", 0) * self.data.cards["pegleg"].amount
            players.append(
                {
                    "seat": q,
                    "colour": COLOURS[q],
                    "role": ROLE_NAMES[role] if role else None,
                    "rum": s.rum[q],
                    "red": self.data.red_dice,
                    "green": s.green[q],
                    "crew": self.data.red_dice + s.green[q],
                    "loot": s.loot[q][:],
                    "cards": len(s.hands[q]),
                    "played": played,
                    "cannons": played.get("cannon", 0),
                    "islands": islands,
                    "infamy": infamy,
                    "share": s.mat[q][:] if s.divided else None,
                    "vote": vote,
                    "cup": len(s.dice[q]) if s.dice[q] and not s.battle and s.phase != "over" else 0,
                    "dice": s.dice[q][:] if s.battle else None,
                    "lost": s.lost[q][:] if s.battle else None,
                }
            )
        islands_view = []
        for i in range(len(s.status)):
            st = s.status[i]
            up = st != DOWN
            islands_view.append(
                {
                    "space": i + 1,
                    "state": "down" if st == DOWN else ("up" if st == UP else "taken"),
                    "name": self.island_name(s, i) if up else None,
                    "printed": list(self.data.islands[s.island_ids[i]].loot) if up else None,
                    "loot": s.cubes[i][:] if st == UP else None,
                    "owner": st if st >= 0 else None,
                    "looking": i in s.look and st == DOWN and s.current < 0,
                }
            )
        battle = None
        if s.battle:
            mut, dfd = self._side_totals(s)
            battle = {
                "votes": ["mutiny" if v == "M" else "defend" for v in s.votes],
                "dice": [d[:] for d in s.dice],
                "lost": [d[:] for d in s.lost],
                "sums": [dice_total(d) for d in s.dice],
                "totals": {"mutiny": mut, "defend": dfd},
            }
        complete = all(code in s.roles for code in "FQS")
        order = self._vote_order(s) if assigned and complete and s.phase != "over" else []
        v: dict[str, Any] = {
            "game": "mutiny",
            "round": s.round,
            "rounds": len(s.status),
            "phase": s.phase,
            "step": step,
            "phase_title": title,
            "captain": s.captain,
            "awaiting": acting,
            "players": players,
            "islands": islands_view,
            "island": s.current + 1 if s.current >= 0 else None,
            "island_name": self.island_name(s, s.current) if s.current >= 0 else None,
            "island_loot": s.cubes[s.current][:] if s.phase in ("take", "divide") else None,
            "looking": [x + 1 for x in s.look] if s.current < 0 else [],
            "divided": s.divided,
            "vote_order": order,
            "vote_step": s.vote_step if s.phase == "vote" else (4 if s.revealed else 0),
            "votes_public": s.revealed,
            "peeked": s.peek if s.peek >= 0 else None,
            "battle": battle,
            "last": s.record,
            "window": {"turn": s.turn, "passed": s.passed[:]} if s.phase == "cards" else None,
            "buy_queue": s.queue[:] if s.phase == "buy" else [],
            "supply": {
                "rum": s.rum_supply,
                "green": s.green_supply,
                "deck": len(s.deck),
                "bank": s.bank[:],
            },
            "setup": [row[:] for row in s.setup],
            "final": s.result,
            "cards_info": self.cards_view,
        }
        v["waiting"] = waiting_text(v)
        if seat is None:
            return v
        you: dict[str, Any] = {
            "seat": seat,
            "acting": seat in acting,
            "hand": s.hands[seat][:],
            "dice": s.dice[seat][:] if s.dice[seat] and s.phase in ("peek", "vote") else None,
            "vote": {"M": "mutiny", "D": "defend"}.get(s.votes[seat]),
            "looking": [],
            "known": [],
            "peek": None,
            "votes_seen": None,
            "fair_split": None,
        }
        if s.roles[seat] == "S" and s.current < 0 and s.look:
            you["looking"] = [
                {"space": x + 1, "name": self.island_name(s, x), "loot": list(self.data.islands[s.island_ids[x]].loot)}
                for x in s.look
            ]
        you["known"] = [
            {"space": x + 1, "name": self.island_name(s, x), "loot": list(self.data.islands[s.island_ids[x]].loot)}
            for x in s.known[seat]
            if s.status[x] == DOWN and x not in (s.look if s.current < 0 else [])
        ]
        if s.roles[seat] == "F" and s.peek >= 0 and s.dice[s.peek] and not s.revealed:
            you["peek"] = {"seat": s.peek, "dice": s.dice[s.peek][:]}
        if s.phase == "vote" and s.vote_step == 3 and s.roles[seat] == "S":
            you["votes_seen"] = [{"M": "mutiny", "D": "defend"}.get(x) for x in s.votes]
        if s.phase == "divide" and seat == s.captain:
            you["fair_split"] = self.fair_split(s)
        v["you"] = you
        return v

    def status_text(self, view: Mapping[str, Any]) -> str:
        return status_text(view)

    def private_text(self, view: Mapping[str, Any]) -> str:
        return private_text(view)

    def prompt_text(self, view: Mapping[str, Any]) -> str:
        return prompt_text(view)

    # ------------------------------------------------------------------ persistence

    def dump(self, s: MutinyState) -> dict[str, Any]:
        return s.dump()

    def load(self, data: Mapping[str, Any]) -> MutinyState:
        return MutinyState.load(data)

    # ------------------------------------------------------------------ checks

    def check_invariants(self, s: MutinyState) -> None:
        d = self.data
        for c in range(4):
            total = s.bank[c] + sum(row[c] for row in s.cubes) + sum(row[c] for row in s.mat)
            total += sum(row[c] for row in s.loot)
            assert total == d.cubes[c], f"{LOOT_NAMES[c]}: {total} cubes in play, expected {d.cubes[c]}"
        for collection in (s.bank, *s.cubes, *s.mat, *s.loot, s.rum, s.green):
            assert all(x >= 0 for x in collection), f"negative count in {collection}"
        assert s.rum_supply >= 0 and s.green_supply >= 0
        assert s.rum_supply + sum(s.rum) == d.rum_total, "rum is not conserved"
        assert s.green_supply + sum(s.green) == d.green_dice, "green dice are not conserved"
        cards = s.deck + [c for h in s.hands for c in h] + [c for h in s.played for c in h]
        assert len(cards) == len(d.deck), "mystery cards are not conserved"
        for cid, card in d.cards.items():
            assert cards.count(cid) == card.count, f"{cid}: {cards.count(cid)} cards, expected {card.count}"
        for i in range(len(s.status)):
            printed = list(d.islands[s.island_ids[i]].loot)
            if s.status[i] == DOWN:
                assert s.cubes[i] == printed, "a face-down island lost cubes"
            elif s.status[i] >= 0:
                assert s.cubes[i] == [0, 0, 0, 0], "a conquered island still holds cubes"
        assert sorted(s.island_ids) == list(range(len(d.islands)))
        conquered = sum(1 for x in s.status if x >= 0)
        if s.phase == "over":
            assert conquered == len(s.status), "the game ended before the last island"
            assert s.round == len(s.status)
        else:
            assert s.round <= len(s.status)
            assert conquered == s.round - 1 or (conquered == s.round and s.phase == "buy")
        assert s.roles.count("C") == 1 and s.roles[s.captain] == "C"
        if s.phase not in ("assign", "over") and not (s.phase == "buy" and s.roles.count("") == 1):
            assert sorted(s.roles) == ["C", "F", "Q", "S"], s.roles
        if s.phase in ("peek", "vote", "cards"):
            for q in range(4):
                crew = sum(1 for x in s.dice[q] + s.lost[q] if x[0] in "rg")
                # green dice may have been added in this battle by Stow-away / Press-gang
                assert crew == self._crew(s, q), f"seat {q} rolls {crew} crew dice but has {self._crew(s, q)}"
                for x in s.dice[q]:
                    sides = d.qm_sides if x[0] == "q" else d.crew_sides
                    assert 1 <= int(x[1:]) <= sides

    def shuffle_hidden(self, state: MutinyState, seed: int) -> MutinyState:
        s = state.clone()
        rng = Rng.from_seed(seed, "shuffle_hidden")
        # Face-down island cards: which card lies on which face-down space.
        down = [i for i in range(len(s.status)) if s.status[i] == DOWN]
        ids = [s.island_ids[i] for i in down]
        rng.shuffle(ids)
        for i, card in zip(down, ids):
            s.island_ids[i] = card
            s.cubes[i] = list(self.data.islands[card].loot)
        # The mystery deck and the hands (same sizes).
        pool = s.deck + [c for h in s.hands for c in h]
        rng.shuffle(pool)
        sizes = [len(h) for h in s.hands]
        s.hands = []
        for n in sizes:
            s.hands.append(pool[:n])
            pool = pool[n:]
        s.deck = pool
        # Dice still under the cups, and decisions not yet revealed.
        if not s.battle:
            s.dice = [[self._roll(x[0], rng) for x in d] for d in s.dice]
        if not s.revealed:
            s.votes = [rng.choice("MD") if v else "" for v in s.votes]
        s.rng = rng.next_u64()
        return s


_SHARE_WORD = re.compile(r"(\d+)\s*([SOGP])|([SOGP])\s*(\d+)|([SOGP])", re.I)


def parse_share(text: str, seat: int) -> list[int]:
    """'1 0 2 0' or '1020' or '2G 1S' or 'G G S' -> counts; RuleError if unreadable."""
    raw = text.strip()
    if not raw or raw in ("-", "0"):
        return [0, 0, 0, 0]
    numbers = re.findall(r"\d+", raw)
    if re.fullmatch(r"[\d\s,;/.-]+", raw):
        if len(numbers) == 1 and len(numbers[0]) == 4:
            return [int(ch) for ch in numbers[0]]
        if len(numbers) == 4:
            return [int(n) for n in numbers]
        raise RuleError(f"{p(seat)}'s share: write four numbers for Sugar Orange Gold Plantain, e.g. `1 0 2 0`.")
    counts = [0, 0, 0, 0]
    rest = _SHARE_WORD.sub("", re.sub(r"(?i)sugar|orange|gold|plantain", lambda m: m.group(0)[0], raw))
    if re.sub(r"[\s,;+&]|and", "", rest, flags=re.I):
        raise RuleError(
            f"{p(seat)}'s share: `{raw}` is unclear. Write four numbers (Sugar Orange Gold Plantain), e.g. `1 0 2 0`, "
            "or letters like `2G 1S`."
        )
    for m in _SHARE_WORD.finditer(re.sub(r"(?i)sugar|orange|gold|plantain", lambda m: m.group(0)[0], raw)):
        if m.group(2):
            counts[LOOT_CODES.index(m.group(2).upper())] += int(m.group(1))
        elif m.group(3):
            counts[LOOT_CODES.index(m.group(3).upper())] += int(m.group(4))
        else:
            counts[LOOT_CODES.index(m.group(5).upper())] += 1
    return counts


from bot.games.mutiny.views_text import private_text, prompt_text, status_text  # noqa: E402


def build_engine() -> MutinyEngine:
    from bot.games.mutiny.data import load_data

    return MutinyEngine(load_data())
