"""What a decision becomes when time runs out, which actions can be taken back, and what is shown after the game
(docs/games/mutiny.md, "When time runs out" and "After the game")."""

from __future__ import annotations

from bot.engine.playout import play
from bot.games.mutiny import division, roles
from bot.games.mutiny.state import PeaceRecord, Phase
from tests.games.mutiny.helpers import DATA, E, act, advance, at_vote, fresh, give_card, vote_order


def test_every_default_is_a_legal_move():
    outcome = play(E, 4, 60, keep_states=True)
    seen = set()
    for state in outcome.states:
        for seat in range(4):
            default = E.default_action(state, seat)
            if seat not in E.current_seats(state):
                assert default is None
            elif default is not None:
                assert default in {c.action for c in E.legal_actions(state, seat)}
                seen.add(state.phase)
    assert {Phase.ASSIGN, Phase.DIVIDE, Phase.PEEK, Phase.VOTE, Phase.BUY} <= seen


def test_a_silent_pirate_defends_and_a_silent_scout_keeps_their_word():
    """ "Whenever you decide to Mutiny, you must give a hearty 'Yarr!'": no Yarr in time, no mutiny, so a silent
    pirate defends; the Scout's silent second word keeps the first."""
    s = at_vote(61)
    scout, _qm, _fm = vote_order(s)
    assert E.default_action(s, scout) == "vote:defend"
    for vote in ("mutiny", "defend", "defend"):
        s, _ = act(s, f"vote:{vote}")
    assert s.vote_step == 3 and E.default_action(s, scout) == "vote:mutiny"


def test_a_silent_captain_splits_fairly_and_keeps_the_crew():
    """ "They could divide the loot fairly": a Captain whose time runs out gives the fair split; roles stay as
    they were where possible."""
    s = advance(fresh(62), Phase.DIVIDE)
    assert E.default_action(s, s.captain) == division.split_action(division.fair_split(s))
    s = advance(s, Phase.ASSIGN, 2)
    assert E.default_action(s, s.captain) == roles.default(s)
    assert E.default_action(s, s.captain) == E.legal_actions(s, s.captain)[0].action
    s = advance(s, Phase.PICK)
    assert E.default_action(s, E.current_seats(s)[0]) is None, "the computer player picks the island"


def test_only_actions_that_show_nothing_may_be_taken_back():
    """ "reveals" is False only when nobody learned anything: a vote made aloud, a cube taken from a face-up
    island, a purchase of rum; True when dice are rolled, a card is drawn or an island turned up."""
    s = at_vote(63)
    assert not E.apply(s, E.current_seats(s)[0], "vote:defend").reveals
    s = advance(fresh(63), Phase.TAKE)
    scout = E.current_seats(s)[0]
    assert not E.apply(s, scout, E.legal_actions(s, scout)[0].action).reveals
    s = advance(fresh(63), Phase.DIVIDE)
    assert E.apply(s, s.captain, E.legal_actions(s, s.captain)[0].action).reveals, "the rally rolls every cup"
    s = advance(fresh(64), Phase.BUY)
    buyer = E.current_seats(s)[0]
    s.loot[buyer] = [a + b for a, b in zip(s.loot[buyer], [2, 1, 1, 1])]
    s.bank = [a - b for a, b in zip(s.bank, [2, 1, 1, 1])]
    assert not E.apply(s, buyer, "buy:rum").reveals
    assert E.apply(s, buyer, "buy:card").reveals, "a card is drawn"
    give_card(s, buyer, "pegleg")
    assert E.apply(s, buyer, "card:pegleg").reveals, "a card from a secret hand is shown"


def test_after_the_game_the_dice_nobody_saw_and_the_unplayed_cards_are_shown():
    """ "If all players vote to defend, then there is no battle and players do not need to show their dice roll
    to anyone else." Once the game is over, nothing is left to protect: the reveal shows them."""
    outcome = play(E, 4, 65, keep_states=True)
    final = outcome.final
    peace_rounds = {s.record.round for s in outcome.states if isinstance(s.record, PeaceRecord)}
    assert peace_rounds and {roll.round for roll in final.unseen} == peace_rounds
    reveal = E.reveal_text(final)
    for round_ in peace_rounds:
        assert f"Round {round_}:" in reveal
    for seat, hand in enumerate(final.hands):
        for cid in hand:
            assert DATA.cards[cid].name in reveal and "{p%d}" % seat in reveal
