"""Issue "Mutiny and Mouse Cheese Cat Cucumber: the rules the texts really say, boards for a phone, choices you
can see", the Mutiny list: one test per sentence (the board sentences are in test_render.py)."""

from __future__ import annotations

import re
from pathlib import Path

import msgspec
import pytest

from bot.engine import Rng, RuleError
from bot.engine.playout import play
from bot.games.mutiny import buying, texts
from bot.games.mutiny.rules import Move
from bot.games.mutiny.state import Phase, Role, Vote
from tests.games.mutiny.helpers import (
    DATA,
    E,
    act,
    advance,
    at_vote,
    fresh,
    give_card,
    plain_action,
    public,
    public_texts,
    roles,
    seat,
    vote_order,
)

DOCS = (Path(__file__).resolve().parents[3] / "docs" / "games" / "mutiny.md").read_text(encoding="utf-8")


def frozen_all_the_way(value: object) -> bool:
    """Nothing reachable from ``value`` can be changed in place: frozen structs, tuples and plain values."""
    if isinstance(value, msgspec.Struct):
        fields = value.__struct_fields__
        return value.__struct_config__.frozen and all(frozen_all_the_way(getattr(value, f)) for f in fields)
    if isinstance(value, tuple):
        return all(frozen_all_the_way(item) for item in value)
    return isinstance(value, (int, str, bool, float, type(None)))


def test_each_decision_is_announced_as_it_is_made():
    """ "Votes are public, as the text says." "Whenever you decide to Mutiny, you must give a hearty 'Yarr!'"
    "Each decision is announced as it is made ("🏴‍☠️ **bob**: Yarr!" / "🛡️ **bob** defends")." """
    s = at_vote(40)
    scout, qm, fm = vote_order(s)
    s, events = act(s, "vote:mutiny")
    assert public_texts(events) == "🏴‍☠️ **{p%d}**: Yarr!" % scout
    assert public(s).players[scout].vote is Vote.MUTINY
    assert "{p%d} 🏴‍☠️ Yarr! Mutiny" % scout in E.status_text(public(s))
    s, events = act(s, "vote:defend")
    assert public_texts(events) == "🛡️ **{p%d}** defends." % qm
    assert all(choice.public for choice in E.legal_actions(s, fm)), "the buttons may sit on the public message"


def test_the_scouts_change_comes_after_hearing_everyone():
    """ "first Scout, then Quarter Master, then First Mate, and then the Scout may change their vote."
    "The Scout's change comes after hearing everyone." """
    s = at_vote(41)
    scout, qm, fm = vote_order(s)
    heard = []
    for vote in ("defend", "mutiny", "mutiny"):
        s, events = act(s, f"vote:{vote}")
        heard.append(public_texts(events))
    assert E.current_seats(s) == [scout] and "{p%d}" % qm in heard[1] and "{p%d}" % fm in heard[2]
    view = seat(s, scout)
    assert [view.public.players[q].vote for q in (qm, fm)] == [Vote.MUTINY, Vote.MUTINY]
    assert "keep Defend or change" in E.prompt_text(view)
    s, events = act(s, "vote:mutiny")
    assert public_texts(events).startswith("🏴‍☠️ **{p%d}** (Scout) changes their mind: Yarr!" % scout)


def test_docs_quote_the_rule_for_public_decisions():
    """ "The earlier instruction to keep votes secret until the reveal was wrong; the text rules. Update the docs'
    house decision." """
    assert "Whenever you decide to Mutiny, you must give a hearty" in DOCS
    assert "then the Scout may change their vote" in DOCS
    assert "secret until voting ends" not in DOCS


@pytest.mark.parametrize(("bank", "offered"), [([1, 0, 1, 0], ["SG"]), ([0, 0, 2, 0], ["GG"]), ([0, 0, 0, 1], ["P"])])
def test_buried_treasure_takes_what_a_short_bank_has(bank, offered):
    """ "Buried Treasure cannot be played when the bank holds fewer than 3 cubes. The docs say "take 3 loot of your
    choice from the bank (what the bank has)", but only exact 3-cube combinations are offered, so no choice
    exists." """
    s = advance(fresh(42), Phase.BUY)
    holder = E.current_seats(s)[0]
    give_card(s, holder, "treasure")
    extra = [have - want for have, want in zip(s.bank, bank)]
    s.bank = list(bank)
    s.loot[(holder + 1) % 4] = [a + b for a, b in zip(s.loot[(holder + 1) % 4], extra)]
    choices = [c for c in E.legal_actions(s, holder) if c.action.startswith("card:treasure:")]
    assert [c.action.split(":")[2] for c in choices] == offered
    assert all(c.description == texts.ALL_THE_BANK_HAS for c in choices)
    s2, events = act(s, choices[0].action, holder)
    assert s2.bank == [0, 0, 0, 0] and "Buried Treasure" in public_texts(events)


def test_buried_treasure_is_a_real_choice_when_the_bank_is_low_on_a_kind():
    """ "take 3 loot of your choice from the bank (what the bank has)" — every mix the bank can give."""
    s = advance(fresh(43), Phase.BUY)
    holder = E.current_seats(s)[0]
    give_card(s, holder, "treasure")

    def offered(bank: list[int]) -> list[str]:
        s.bank = bank
        return [c.action.split(":")[2] for c in E.legal_actions(s, holder) if c.action.startswith("card:treasure:")]

    assert offered([0, 2, 2, 0]) == ["OOG", "OGG"]
    assert offered([0, 1, 2, 0]) == ["OGG"]
    assert offered([1, 1, 0, 0]) == ["SO"]
    assert offered([0, 0, 0, 0]) == []
    with pytest.raises(RuleError, match="bank is empty"):
        E.apply(s, holder, "card:treasure:S")
    s.bank = [5, 0, 0, 0]
    with pytest.raises(RuleError, match="does not have"):
        E.apply(s, holder, "card:treasure:SSG")


def test_views_are_detached_copies():
    """ "`view()` returns the state's own objects ("last", "final"), so a caller that edits a view edits the game.
    Views must be detached copies." """
    outcome = play(E, 4, 44, keep_states=True)
    final = outcome.final
    view = public(final)
    assert view.last == final.record and view.last is not final.record
    assert view.final == final.result and view.final is not final.result
    with pytest.raises(AttributeError):
        view.final.totals = (0, 0, 0, 0)  # type: ignore[misc,union-attr]
    for state in [outcome.initial, *outcome.states[::20]]:
        for q in range(4):
            assert frozen_all_the_way(public(state)) and frozen_all_the_way(seat(state, q))


def test_crew_cards_say_die_and_dice():
    """ "+2 green crew dies" should say "dice"."""
    s = advance(fresh(45), Phase.BUY)
    holder = E.current_seats(s)[0]
    give_card(s, holder, "pressgang")
    give_card(s, holder, "stowaway")
    labels = [c.label for c in E.legal_actions(s, holder) if c.action in ("card:pressgang", "card:stowaway")]
    assert any("+2 green crew dice" in label for label in labels) and any(
        "+1 green crew die" in label for label in labels
    )
    s, events = act(s, "card:pressgang", holder)
    assert "+2 green crew dice." in public_texts(events) and "dies" not in public_texts(events)
    s, events = act(s, "card:stowaway", holder)
    assert "+1 green crew die." in public_texts(events)


def test_prompts_carry_no_bold_of_their_own():
    """ "Prompts built with `**...**` inside a prompt the table already wraps in bold print broken bold." """
    outcome = play(E, 4, 46, keep_states=True)
    for state in [outcome.initial, *outcome.states]:
        for q in range(4):
            assert "**" not in E.prompt_text(seat(state, q))


def test_drunken_madness_targets_another_player():
    """ "Drunken Madness says "Choose a player" while it means another player." """
    assert DATA.cards["madness"].effect.startswith("Choose another player")
    assert "Choose another player" in DOCS


def test_the_card_window_opens_from_the_captain():
    """ ""Mystery cards may be played now, from Player 1 clockwise" appears when Player 1 is not the Captain." """
    s = at_vote(47)
    c, f, q, sc = roles(s)
    s.deck += [cid for hand in s.hands for cid in hand]
    s.hands = [[], [], [], []]
    first = (c + 2) % 4
    give_card(s, first, "cannon")
    for vote_seat, vote in ((sc, "mutiny"), (q, "defend"), (f, "defend"), (sc, "mutiny")):
        s, events = act(s, f"vote:{vote}", vote_seat)
    opening = next(text for text in public_texts(events).split("\n") if text.startswith("🃏"))
    assert opening == texts.window_opens(first)
    assert "from the Captain clockwise" in opening and opening.endswith("{p%d} goes first." % first)


def test_a_player_with_a_cube_is_not_told_they_have_nothing_to_spend():
    """ ""Nothing to spend: Player 1" appears while Player 1 holds a cube." """
    s = advance(fresh(48), Phase.BUY)
    s.deck += [cid for hand in s.hands for cid in hand]
    s.hands = [[], [], [], []]
    for q in range(4):
        s.bank = [b + have for b, have in zip(s.bank, s.loot[q])]
        s.loot[q] = [0, 0, 0, 0]
    s.loot[s.captain] = [1, 0, 0, 0]
    s.bank[0] -= 1
    move = Move(DATA, s, Rng(s.rng))
    buying.start(move)
    said = public_texts(move.events)
    assert "Nothing to spend" not in said
    assert texts.skipped([(s.captain + k) % 4 for k in range(4)]) in said
    assert "nothing they can afford" in said


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_first_captain_roll_is_told_when_the_captain_assigns_at_once(seed):
    """ "The first-Captain roll appears in no text when a computer Captain assigns at once." """
    s = fresh(seed)
    s2, events = act(s, plain_action(s, s.captain))
    said = public_texts(events)
    assert said.startswith("🎲 First Captain roll")
    for q, value in enumerate(s.first_rolls[0]):
        assert "{p%d} %d" % (q, value) in said
    assert "{p%d} is the first Captain" % s.captain in said
    assert s2.round == 1


def test_every_prompt_says_in_one_short_line_what_the_decision_means():
    """ "Every prompt says in one short line what the decision means for the player. For example, the vote:
    "Mutineers win if their total beats the Captain's side; ties re-roll"." The rule text: "Whichever side has
    the higher total wins the battle. In the event of a tie, all players re-roll their dice and count again." """
    outcome = play(E, 4, 49, keep_states=True)
    phases = set()
    for state in [outcome.initial, *outcome.states]:
        if E.is_terminal(state):
            continue
        q = E.current_seats(state)[0]
        lines = E.prompt_text(seat(state, q)).split("\n")
        assert len(lines) >= 2 and lines[0].endswith(("?", ".")) and 0 < len(lines[1]) <= 100, lines
        if state.phase is Phase.VOTE:
            assert lines[1] == texts.BATTLE_MEANING
        phases.add(state.phase)
    assert {Phase.ASSIGN, Phase.PICK, Phase.TAKE, Phase.DIVIDE, Phase.PEEK, Phase.VOTE, Phase.BUY} <= phases


def test_the_vote_prompt_names_the_players_dice_and_share():
    s = at_vote(50)
    scout = s.roles.index(Role.SCOUT)
    question = E.prompt_text(seat(s, scout)).split("\n")[0]
    total = sum(d.value for d in s.dice[scout])
    assert re.search(rf"Your dice total {total}\b", question) and "your share is" in question
