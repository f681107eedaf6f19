"""Items used during another player's turn: standing choices, asking only when a real decision
exists, a short time-out to the standing choice, and nothing learned from whether someone was asked.

"Items that are in a character's Equipment can be used at any time during a player's turn or
during another player's turn without requiring an Action."
"""

from __future__ import annotations

import pytest

from bot.engine import RuleError
from bot.games.catacombs.reactions import ANSWER_SECONDS
from tests.games.catacombs.helpers import Scene, actions, at, corridor, engine, run, settle, texts


def koka_bites(health=0, victim_items=("first_aid",), standing=None, monster="koka", bullets=3, hand=()):
    """Seat 0 (the Traveler) moves a monster, one step (A1 -> B1), onto seat 1's tile."""
    sc = Scene(2)
    sc.character(0, "traveler")
    sc.character(1, "miner", health=health, bullets=bullets)
    sc.pawn(0, "C10")
    sc.lay("C10", "X")
    sc.pawn(1, "B1")
    sc.lay("B1", "X")
    items = sc.equip(1, *victim_items)
    sc.hand(1, *hand)
    sc.s.seats[1].standing = dict(standing or {})
    sc.monster("A1", monster)
    s = sc.at_phase(0, "monsters", vacated=0)
    s, events = settle(s)
    return s, events, items


def test_first_aid_saves_a_character_bitten_at_zero_health_on_another_players_turn():
    """The issue's example: "a character at 0 Health who holds First Aid is bitten by Koka on
    someone else's turn and perishes with the kit unused." Now the standing choice (always, until
    the player changes it) uses the kit: "The First Aid kit can be discarded at any time to add 1
    Health Point token"."""
    s, events, (kit,) = koka_bites(health=0)
    assert s.seats[1].perished == 0 and s.seats[1].health == 0
    assert kit not in s.seats[1].equipment
    assert "{p1} uses First Aid (1) and holds on" in texts(events)
    assert engine().current_seats(s) == [0], "nobody was asked: the turn goes on"


def test_a_player_who_asked_to_be_asked_decides_and_the_question_times_out_to_yes():
    s, events, (kit,) = koka_bites(health=0, standing={"aid": "ask"})
    e = engine()
    assert e.current_seats(s) == [1] and s.tasks[-1].kind == "react"
    assert actions(s, 1)[:2] == ["react:yes", "react:no"]
    assert e.answers_another(s, 1) and e.default_action(s, 1) == "react:yes"
    assert e.answer_within(s, 1) == ANSWER_SECONDS <= 600, "a short time-out, to the standing choice"
    assert e.prompt_text(e.seat_view(s, 1)).startswith("The attack would kill you: use First Aid")
    saved, _ = run(s, (1, "react:yes"))
    assert saved.seats[1].perished == 0 and kit not in saved.seats[1].equipment
    lost, events = run(s, (1, "react:no"))
    assert lost.seats[1].perished == 1 and "perishes" in texts(events)
    for_good, _ = run(s, (1, "react:yes:always"))
    assert for_good.seats[1].standing["aid"] == "yes"


def test_never_means_never_asked_and_no_kit_used():
    s, events, _ = koka_bites(health=0, standing={"aid": "no"})
    assert s.seats[1].perished == 1 and "perishes" in texts(events)
    assert "First Aid" not in texts(events) and s.tasks[-1].kind == "pchar", "asked only for a new character"


def test_no_question_without_a_real_decision():
    """Bitten with health to spare, First Aid changes nothing now (it can be used later): even a
    player who wants to be asked is not asked."""
    s, _, (kit,) = koka_bites(health=2, standing={"aid": "ask", "torch": "ask"})
    assert s.seats[1].health == 1 and kit in s.seats[1].equipment
    assert engine().current_seats(s) == [0]


def test_koka_and_vikoka_may_be_scared_off_with_a_torch_if_the_player_wants():
    """Koka and Vikoka "may be scared off with a Torch": a real choice (the Torch also avoids a
    Trap and lights the way)."""
    s, _, (torch,) = koka_bites(health=3, victim_items=("torch",))
    assert s.seats[1].health == 3 and torch not in s.seats[1].equipment, "standing choice: always"
    s, _, (torch,) = koka_bites(health=3, victim_items=("torch",), standing={"torch": "no"})
    assert s.seats[1].health == 2 and torch in s.seats[1].equipment
    s, _, (torch,) = koka_bites(health=3, victim_items=("torch",), standing={"torch": "ask"})
    assert engine().current_seats(s) == [1]
    assert engine().prompt_text(engine().seat_view(s, 1)).startswith("Koka and Vikoka attack you")
    kept, _ = run(s, (1, "react:no"))
    assert kept.seats[1].health == 2 and torch in kept.seats[1].equipment


def test_tauriz_bullets_are_the_players_choice_one_by_one():
    """Tauriz: "Each bullet token expended reduces the damage inflicted by 1 Health Point." """
    s, _, _ = koka_bites(health=3, victim_items=(), monster="tauriz", standing={"bullets": "ask"})
    assert actions(s, 1)[:3] == ["react:yes", "react:part", "react:no"]
    both, _ = run(s, (1, "react:yes"))
    assert (both.seats[1].health, both.seats[1].bullets) == (3, 1)
    one, _ = run(s, (1, "react:part"))
    assert (one.seats[1].health, one.seats[1].bullets) == (2, 2)
    none, _ = run(s, (1, "react:no"))
    assert (none.seats[1].health, none.seats[1].bullets) == (1, 3)


def test_before_sirrush_steals_first_aid_and_ammunition_may_be_used():
    """Sirrush "will steal 1/2 of the character's items": items "can be used at any time", so a
    hurt character may use a kit before it is taken."""
    s, events, items = koka_bites(health=1, victim_items=("whip", "first_aid", "ammunition"), monster="sirrush")
    whip, kit, _ = items
    assert s.seats[1].health == 2 and kit not in s.seats[1].equipment
    assert "{p1} uses First Aid" in texts(events)
    assert s.seats[1].equipment == [whip], "of the two items left, Sirrush steals 1 (half, rounded up)"
    s, _, items = koka_bites(health=1, victim_items=("whip", "first_aid"), monster="sirrush", standing={"spend": "no"})
    assert s.seats[1].equipment == [items[0]] and s.seats[1].health == 1


def test_a_kit_keeps_the_mercenarys_target_alive_who_then_goes_back():
    """The Mercenary "may also expend 1 bullet to reduce an opponent's Health Points by 1";
    "shot by the Mercenary he perishes on his current Tile" — unless First Aid is used first."""
    sc = corridor(red_items=("first_aid",))
    sc.character(0, "mercenary")
    sc.s.seats[1].health = 0
    tile = sc.hand(0, "I")[0]
    s = sc.at_action(0)
    s, _ = run(s, (0, f"pick:{tile}"), (0, "put:D10:1"), (0, "shoot"))
    assert s.seats[1].perished == 0 and s.seats[1].equipment == []
    assert at(s, 1) == "B10" and at(s, 0) == "F10", "the other player goes back as usual"


def test_standing_choices_are_set_any_time_privately_without_moving_the_game():
    """A standing choice is a private action of its own: taken whoever is to act, it changes only
    that setting, nothing is told to anyone, and replaying the log reproduces it."""
    s, _, _ = koka_bites(health=3, victim_items=())
    e = engine()
    assert e.current_seats(s) == [0] and s.tasks[-1].kind != "react"
    offered = [c.action for c in e.standing_choices(s, 1)]
    assert "stand:aid:ask" in offered and "stand:aid:yes" not in offered, "only changes are offered"
    assert all(not c.public for c in e.standing_choices(s, 1))
    transition = e.apply(s, 1, "stand:aid:ask")
    after = transition.state
    assert after.seats[1].standing == {"aid": "ask"} and transition.events == []
    assert e.current_seats(after) == [0] and e.legal_actions(after, 0) == e.legal_actions(s, 0)
    assert e.public_view(after) == e.public_view(s)
    with pytest.raises(RuleError):
        e.apply(after, 1, "stand:aid:ask")
    with pytest.raises(RuleError):
        e.apply(after, 1, "stand:luck:yes")


def test_whether_someone_is_asked_depends_only_on_what_everyone_sees():
    """ "Nobody may learn a secret from whether someone else was asked": the question rests on the
    Equipment, which lies face up ("you may place, face-up in the Equipment section of your
    Character Board"), on the health and bullet tokens and on the attack. The hand, the only
    secret, plays no part: "Items may not be used directly from a player's hand"."""
    e = engine()
    asked, _, _ = koka_bites(health=0, standing={"aid": "ask"})
    assert "first_aid" in e.public_view(asked).seats[1].items
    for hand in ((), ("first_aid",), ("first_aid", "torch", "L")):
        s, _, _ = koka_bites(health=0, victim_items=(), standing={"aid": "ask", "torch": "ask"}, hand=hand)
        assert s.tasks[-1].kind != "react" and s.seats[1].perished == 1, f"not asked, whatever the hand {hand}"
