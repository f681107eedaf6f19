"""What the strong (searching) explorer of Catacombs of Mu weighs (``ai_search.weighed``, the
engine's ``search_choices``) and how it scores a race it is losing (``prospects``)."""

from __future__ import annotations

from bot.engine import Rng
from bot.engine.search import SearchBudget, SearchPlayer
from bot.games.catacombs import ai_search
from bot.games.catacombs.ai import build_computer
from bot.games.catacombs.state import State
from tests.games.catacombs.helpers import Scene, engine
from tests.games.catacombs.test_search import Recording


def _miner_with_a_hand(relic: str = "F6") -> tuple[Scene, State]:
    """A miner on D12 (an I passage) with five tiles in hand, a traveler on I12, a Relic at ``relic``."""
    sc = Scene(2)
    sc.character(0, "miner")
    sc.character(1, "traveler")
    sc.pawn(0, "D12")
    sc.pawn(1, "I12")
    sc.lay("D12", "I", 1)
    sc.lay("I12", "I", 1)
    sc.relic(relic, "moon_mask")
    sc.hand(0, "I", "L", "T", "X", "L")
    return sc, sc.at_action(0)


def _heuristic(s: State, seat: int) -> str:
    e = engine()
    return build_computer(e).choose(e.seat_view(s, seat), e.search_choices(s, seat), Rng(1))


def test_at_the_action_menu_the_search_weighs_the_best_tiles_one_redraw_and_the_heuristics_choice():
    """ "Take One Action: ... b. Play Tiles ... c. Discard and Draw New Tiles ... d. Move One Relic
    Tile ... e. Pass" (a hand of five offers ten ways to play or redraw a tile): the search weighs the
    few tiles that bring the miner nearest the Relic, one redraw, and passing, not a Relic stack it
    cannot join."""
    e = engine()
    _, s = _miner_with_a_hand()
    legal = [c.action for c in e.legal_actions(s, 0)]
    weighed = [c.action for c in e.search_choices(s, 0)]
    assert set(weighed) < set(legal) and "relic:F6" in legal and "relic:F6" not in weighed
    assert sum(a.startswith("pick:") for a in weighed) == ai_search.TILES_WEIGHED
    assert sum(a.startswith("redraw:") for a in weighed) == 1 and "pass" in weighed
    assert _heuristic(s, 0) in weighed


def test_a_tile_being_placed_is_weighed_at_its_best_few_placements_the_heuristics_among_them():
    e = engine()
    ai = build_computer(e)
    _, s = _miner_with_a_hand()
    tile = next(a for a in (c.action for c in e.search_choices(s, 0)) if a.startswith("pick:"))
    s = e.apply(s, 0, tile).state
    view = e.seat_view(s, 0)
    assert view.decision == "place"
    legal = [c for c in e.legal_actions(s, 0) if c.action != "back"]
    weighed = {c.action for c in e.search_choices(s, 0)}
    best = sorted(ai.placement_scores(view, legal))[: ai_search.PLACES_WEIGHED]
    assert len(legal) > ai_search.PLACES_WEIGHED
    assert weighed == {action for _, action in best}
    assert ai.choose(view, legal, Rng(1)) in weighed


def test_a_decision_looking_ahead_cannot_tell_apart_is_the_heuristics_without_a_search():
    """ "Players choose a Character Card to start with": which one is the heuristic's choice, and the
    search spends no play-out on it."""
    e = engine()
    s = e.new_game(2, e.options_for({"characters": "choose"}, 2), 5)
    seat = e.current_seats(s)[0]
    assert e.seat_view(s, seat).decision == "draft" and len(e.legal_actions(s, seat)) > 1
    [only] = e.search_choices(s, seat)
    recording = Recording()
    player = SearchPlayer(recording, build_computer(e), SearchBudget(iterations=20, seconds=1e9, rollout_moves=4))
    assert player.choose_in_state(recording, s, seat, e.legal_actions(s, seat), Rng(2)) == only.action
    assert len(recording.samples) == 1, "one sample, to learn what to weigh, and no play-out"


def test_far_behind_an_explorer_still_values_a_relic_one_space_nearer():
    """ "The first player to get a character to escape with 2 or more Relics wins the game!" The
    traveler carries both; the miner's chance is slim either way, yet a nearer Relic must still be
    worth clearly more to it, or a search cannot tell its better move from its worse."""
    values = []
    for relic in ("D9", "D10"):
        sc, s = _miner_with_a_hand(relic)
        s.seats[1].equipment += [sc.take("sun_disc"), sc.take("star_idol")]
        values.append(engine().estimate(s))
    (far, ahead_far), (near, ahead_near) = values
    assert near - far > 0.01 and ahead_near < ahead_far
    assert all(0 < v < 1 for v in (far, near, ahead_far, ahead_near))
