"""Scenario tests for phase 7 (Buying), the game end and scoring. Each docstring quotes the sentence it checks."""

from __future__ import annotations

import pytest

from bot.engine import Rng, RuleError
from bot.games.mutiny import buying, scoring, texts
from bot.games.mutiny.rules import Move, crew
from bot.games.mutiny.state import Phase, Vote
from tests.games.mutiny.helpers import (
    DATA,
    E,
    act,
    advance,
    at_vote,
    fresh,
    give_card,
    private_texts,
    public_texts,
)


def at_buy(seed: int, loot: dict[int, list[int]] | None = None):
    """Everyone defends in round 1; then set the players' loot (taking cubes from / giving back to the bank)."""
    s = at_vote(seed)
    for q in range(4):  # everyone defended: shares are taken, the Captain conquers the island
        for c in range(4):
            s.loot[q][c] += s.mat[q][c]
    s.mat = [[0] * 4 for _ in range(4)]
    s.divided = False
    s.status[s.current] = s.captain
    s.votes = [Vote.DEFEND] * 4
    s.dice = [[] for _ in range(4)]
    s.phase = Phase.BUY
    for q in range(4):  # everything back to the bank, then hand out what the test wants
        for c in range(4):
            s.bank[c] += s.loot[q][c]
            s.loot[q][c] = 0
    for q, wanted in (loot or {}).items():
        for c in range(4):
            s.bank[c] += s.loot[q][c] - wanted[c]
            s.loot[q][c] = wanted[c]
    s.queue = [(s.captain + k) % 4 for k in range(4)]
    s.turn = s.captain
    E.check_invariants(s)
    return s


def test_buying_starts_with_the_captain_and_goes_clockwise():
    """ "Players take turns spending their loot to buy things, always starting with the Captain (or new Captain in the
    event of a mutiny), and going clockwise." """
    s = at_buy(31, {q: [1, 1, 0, 0] for q in range(4)})
    order = []
    for _ in range(4):
        order.append(E.current_seats(s)[0])
        s, _ = act(s, "done")
    assert order == [(s.captain + k) % 4 for k in range(4)]
    assert s.phase is Phase.ASSIGN and s.round == 2


def test_prices():
    """ "1 Rum = 1 Sugar + 1 Orange", "1 Crew = 1 Orange + 2 Gold + 1 Plantain",
    "1 Mystery Card = 1 Sugar + 1 Gold + 1 Plantain" """
    s = at_buy(32)
    c = s.captain
    s = at_buy(32, {c: [3, 3, 3, 3]})
    s, events = act(s, "buy:rum")
    assert s.rum[c] == 3 and s.loot[c] == [2, 2, 3, 3]
    s, events = act(s, "buy:crew")
    assert s.green[c] == 1 and s.loot[c] == [2, 1, 1, 2] and s.green_supply == 9
    s, events = act(s, "buy:card")
    assert len(s.hands[c]) == 1 and s.loot[c] == [1, 1, 0, 1] and len(s.deck) == 25
    card = DATA.cards[s.hands[c][0]]
    assert card.name in private_texts(events, c) and card.name not in public_texts(events)
    assert "buys a Mystery card" in public_texts(events)


def test_crew_needs_more_rum_than_crew():
    """ "In order to hire more Crew Members, you must have more Rum than Crew Members." (house: all crew dice count)"""
    c = at_buy(33).captain
    s = at_buy(33, {c: [0, 2, 4, 2]})
    assert s.rum[c] == 2 and crew(DATA, s, c) == 2
    assert "buy:crew" not in [ch.action for ch in E.legal_actions(s, c)]
    with pytest.raises(RuleError, match="more Rum than Crew"):
        E.apply(s, c, "buy:crew")
    s.loot[c] = [1, 3, 4, 2]
    s.bank[0] -= 1
    s.bank[1] -= 1
    s, _ = act(s, "buy:rum")
    s, _ = act(s, "buy:crew")
    assert crew(DATA, s, c) == 3 and s.rum[c] == 3
    assert "buy:crew" not in [ch.action for ch in E.legal_actions(s, c)]


def test_mystery_cards_grant_crew_without_rum():
    """ "Note that some Mystery Cards grant Crew Members. These can be used even if you do not have enough Rum to
    support buying a Crew Member." """
    s = at_buy(34)
    c = s.captain
    give_card(s, c, "stowaway")
    give_card(s, c, "pressgang")
    assert s.rum[c] <= crew(DATA, s, c)
    s, _ = act(s, "card:stowaway")
    s, _events = act(s, "card:pressgang")
    assert s.green[c] == 3 and s.green_supply == 7
    assert s.played[c] == ["stowaway", "pressgang"]


def test_rum_is_limited_to_33():
    """ "There is a limit of 33 Rum available for purchase between all players." """
    c = at_buy(35).captain
    s = at_buy(35, {c: [3, 3, 0, 0]})
    s.rum[(c + 1) % 4] += s.rum_supply - 1
    s.rum_supply = 1
    s, _ = act(s, "buy:rum")
    assert s.rum_supply == 0 and sum(s.rum) == 33
    assert "buy:rum" not in [ch.action for ch in E.legal_actions(s, c)]
    with pytest.raises(RuleError, match="rum is all gone"):
        E.apply(s, c, "buy:rum")


def test_green_crew_is_limited_to_ten():
    """The box has "10 Green Crew Dice": no crew can be hired when they are all taken."""
    c = at_buy(36).captain
    s = at_buy(36, {c: [0, 2, 4, 2]})
    s.rum[c] = 9
    s.rum_supply -= 7
    other = (c + 1) % 4
    s.green[other] = 10
    s.green_supply = 0
    assert "buy:crew" not in [ch.action for ch in E.legal_actions(s, c)]
    with pytest.raises(RuleError, match="All 10 green crew dice"):
        E.apply(s, c, "buy:crew")


def test_three_loot_for_one_from_the_bank():
    """ "In addition, players may exchange 3 pieces of loot for 1 piece of loot from the bank. The 3 pieces of loot do
    not need to be the same kind." """
    c = at_buy(37).captain
    s = at_buy(37, {c: [2, 1, 0, 0]})
    bank = s.bank[:]
    actions = [ch.action for ch in E.legal_actions(s, c)]
    assert "trade:SSO:G" in actions
    s2, _events = act(s, "trade:SSO:G")
    assert s2.loot[c] == [0, 0, 1, 0] and s2.bank == [bank[0] + 2, bank[1] + 1, bank[2] - 1, bank[3]]
    form = E.forms(s, c)[0]
    assert form.key == "trade"
    assert E.form_action(s, c, "trade", {"give": "o s s", "get": "p"}) == "trade:SSO:P"
    with pytest.raises(RuleError, match="exactly 3"):
        E.form_action(s, c, "trade", {"give": "S O", "get": "P"})
    with pytest.raises(RuleError, match="do not have"):
        E.form_action(s, c, "trade", {"give": "G G G", "get": "P"})


def test_players_who_can_afford_nothing_are_skipped_publicly():
    """House decision 17: "players who can do nothing are skipped" — a player who can buy nothing and holds no
    card; card holders are always asked, since their hand is secret."""
    s = at_buy(38)
    c = s.captain
    give_card(s, (c + 2) % 4, "cannon")
    move = Move(DATA, s, Rng(s.rng))
    buying.start(move)
    assert E.current_seats(s) == [(c + 2) % 4], "card holders are asked (their hand is secret)"
    assert texts.skipped([c, (c + 1) % 4]) in public_texts(move.events)


def test_game_ends_after_the_buying_phase_of_the_last_island():
    """ "The game ends after the buying phase after the last Island has been conquered." """
    s = advance(fresh(39), Phase.BUY, 12)
    assert all(x >= 0 for x in s.status) and not E.is_terminal(s)
    while not E.is_terminal(s):
        s, events = act(s, "done")
    assert s.round == 12 and E.current_seats(s) == []
    assert "game is over" in public_texts(events)
    with pytest.raises(RuleError):
        E.apply(s, 0, "done")


def score(state_changes) -> scoring.FinalScore:
    s = advance(fresh(40), Phase.BUY, 12)
    state_changes(s)
    return scoring.score(DATA, s)


def set_owners(s, owners):
    for space, owner in enumerate(owners):
        s.status[space] = owner


def test_each_island_is_worth_one_infamy():
    """ "Each Island that a Captain has conquered is worth 1 Infamy." """
    r = score(lambda s: set_owners(s, [0] * 6 + [1] * 3 + [2] * 2 + [3]))
    assert r.islands == (6, 3, 2, 1)


def move_cards(s, seat, cid, n):
    for _ in range(n):
        where = s.deck if cid in s.deck else next(h for h in s.hands if cid in h)
        where.remove(cid)
        s.played[seat].append(cid)


def test_fierceness_in_battle():
    """ "Fierceness in Battle: The player who has played the most Cannons gets 3 Infamy. In the event of a tie, each
    tying player gets 1 victory point." """

    def most(s):
        s.played = [[], [], [], []]
        s.hands = [[], [], [], []]
        s.deck = list(DATA.deck)
        move_cards(s, 2, "cannon", 3)
        move_cards(s, 1, "cannon", 1)

    assert score(most).fierceness == (0, 0, 3, 0)

    def tie(s):
        most(s)
        move_cards(s, 1, "cannon", 2)

    assert score(tie).fierceness == (0, 1, 1, 0)

    def nobody(s):
        s.played = [[], [], [], []]
        s.hands = [[], [], [], []]
        s.deck = list(DATA.deck)

    assert score(nobody).fierceness == (0, 0, 0, 0), "house: no Cannon played, no award"


def test_notorious_drunk():
    """ "Notorious Drunk: The player with the most Rum gets 2 Infamy. In the event of a tie, each tying player gets
    1 victory point." """

    def one(s):
        s.rum = [5, 2, 3, 2]

    assert score(one).drunk == (2, 0, 0, 0)

    def tie(s):
        s.rum = [5, 5, 3, 2]

    assert score(tie).drunk == (1, 1, 0, 0)


def test_peg_leg_infamy_counts_when_played_face_up():
    """ "Some Mystery Cards give the player Infamy under certain circumstances. Keep these cards face-up in front of
    you after you've played them, and add them to your total at the end of the game." """

    def played(s):
        s.played = [[], [], [], []]
        s.hands = [[], [], [], []]
        s.deck = list(DATA.deck)
        move_cards(s, 3, "pegleg", 1)

    assert score(played).peg_leg == (0, 0, 0, 2)

    def held(s):
        s.played = [[], [], [], []]
        s.hands = [[], [], [], []]
        s.deck = list(DATA.deck)
        s.deck.remove("pegleg")
        s.hands[3].append("pegleg")

    assert score(held).peg_leg == (0, 0, 0, 0)


def test_most_infamy_wins_and_ties_share_the_victory():
    """ "The player with the most Infamy is the winner. In the event of a tie, players celebrate in their shared
    victory." """

    def tie(s):
        set_owners(s, [0] * 4 + [1] * 4 + [2] * 2 + [3] * 2)
        s.rum = [2, 2, 2, 2]
        s.played = [[], [], [], []]
        s.hands = [[], [], [], []]
        s.deck = list(DATA.deck)

    r = score(tie)
    assert r.totals == (5, 5, 3, 3) and r.winners == (0, 1)
    assert "share the victory" in texts.final_text(r)


def test_mystery_cards_run_out_after_26():
    """ "26 Mystery Cards (Purple)" — the deck is never reshuffled: when it is empty no card can be bought."""
    c = at_buy(41).captain
    s = at_buy(41, {c: [1, 0, 1, 1]})
    s.hands[(c + 1) % 4].extend(s.deck)
    s.deck = []
    assert "buy:card" not in [ch.action for ch in E.legal_actions(s, c)]
    with pytest.raises(RuleError, match="deck is empty"):
        E.apply(s, c, "buy:card")
