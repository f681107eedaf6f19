"""Boards drawn in worker processes, and each picture drawn once (issue 23).

The pool draws exactly what an in-process render draws, for seeded states of every game; a
public view and seat tags already drawn are not drawn again; a worker that dies is replaced and
the click that needed it still shows its new board.
"""

from __future__ import annotations

import asyncio
import os
import signal
import time
from datetime import UTC, datetime

import pytest

from bot.engine import Rng, SeatTag
from bot.engine.playout import play, random_action
from bot.engine.seats import plain_tags
from bot.games.registry import game, game_names
from bot.table import TableService
from bot.table.painter import Painter, ProcessDrawer, ThreadDrawer, named
from render import render_png
from tests.table.conftest import ANN, BOB, board_of, started
from tests.table.games import table_games


class Counting:
    """A renderer that counts the pictures it is asked to draw."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, spec, view, seats) -> bytes:
        self.calls += 1
        return board_of(spec, view, seats)


@pytest.fixture(scope="module")
def drawer():
    # warmed as the bot's pool is: the caches filled by the warm-up pictures must not change a board
    names = game_names()
    pool = ProcessDrawer(2, [game(name).spec.renderer for name in names], names)
    yield pool
    pool.close()


def seeded_views(name: str, steps: int = 80, every: int = 40):
    """Public views of a seeded random game, from its start every ``every`` moves."""
    engine = game(name).engine
    state = engine.new_game(engine.spec.max_players, engine.options_for({}, engine.spec.max_players), 11)
    rng = Rng.from_seed(11, "painter")
    views = [engine.public_view(state)]
    for step in range(1, steps + 1):
        if engine.is_terminal(state):
            break
        seat, action = random_action(engine, state, rng)
        state = engine.apply(state, seat, action).state
        if step % every == 0:
            views.append(engine.public_view(state))
    return engine, views


@pytest.mark.parametrize("name", game_names())
async def test_the_pool_draws_byte_for_byte_what_an_in_process_render_draws(drawer, name):
    engine, views = seeded_views(name)
    assert len(views) == 3
    spec = engine.spec
    tags = list(plain_tags(spec.max_players, spec.seat_colours))
    tags[0] = SeatTag(0, "李小龍 Dragon", spec.seat_colours[0] if spec.seat_colours else "", dms_closed=True)
    tags[-1] = SeatTag(len(tags) - 1, "🤖 Computer 1", tags[-1].colour, computer=True)
    tags[1] = SeatTag(1, tags[1].name, tags[1].colour, deadline=datetime(2026, 5, 1, 18, tzinfo=UTC))
    for view in views:
        assert (await drawer.draw(spec, view, tags))[1] == render_png(spec, view, tags)


async def test_a_picture_already_drawn_is_not_drawn_again():
    counting = Counting()
    painter = Painter(ThreadDrawer(counting))
    engine = game("mutiny").engine
    outcome = play(engine, engine.spec.max_players, 11, keep_states=True)
    tags = plain_tags(engine.spec.max_players, engine.spec.seat_colours)
    first = await painter.board(engine.spec, engine.public_view(outcome.initial), tags)
    # An equal view built anew (a move that changed nothing public) is the same picture.
    same = engine.public_view(engine.load(engine.dump(outcome.initial)))
    assert await painter.board(engine.spec, same, tags) == first and counting.calls == 1
    await painter.board(engine.spec, engine.public_view(outcome.final), tags)
    closed = (SeatTag(0, tags[0].name, tags[0].colour, dms_closed=True), *tags[1:])
    await painter.board(engine.spec, same, closed)  # 📪 beside a name is another picture
    assert counting.calls == 3


async def test_a_kept_picture_is_found_by_its_digest_until_it_is_let_go():
    engine = game("mutiny").engine
    outcome = play(engine, engine.spec.max_players, 11, keep_states=True)
    tags = plain_tags(engine.spec.max_players, engine.spec.seat_colours)
    first_png = board_of(engine.spec, engine.public_view(outcome.initial), tags)
    final_png = board_of(engine.spec, engine.public_view(outcome.final), tags)
    painter = Painter(ThreadDrawer(Counting()), keep_bytes=len(first_png) + len(final_png) - 1)  # room for one
    digest, png = await painter.board(engine.spec, engine.public_view(outcome.initial), tags)
    assert painter.png(digest) == png == first_png
    later, _ = await painter.board(engine.spec, engine.public_view(outcome.final), tags)
    assert painter.png(digest) is None, "over the bytes kept, the oldest picture is let go"
    assert painter.png(later) is not None


async def test_a_board_just_drawn_is_sent_without_reading_it_back_from_the_store(store, clock, sender, monkeypatch):
    reads = []
    stored_board = store.board

    async def board(game_id, digest):
        reads.append(digest)
        return await stored_board(game_id, digest)

    monkeypatch.setattr(store, "board", board)
    service = TableService(store, renderer=Counting(), games=table_games, seed_source=lambda: 7, clock=clock)
    await started(service, ANN, BOB, sender=sender)
    shown = [message for message in sender.of_kind("live") if message.board is not None]
    assert shown, "the live board carries its picture"
    assert reads == [], "the picture came from the painter, not from the database"


async def test_showing_the_same_board_again_draws_nothing(store, clock, sender):
    counting = Counting()
    service = TableService(store, renderer=counting, games=table_games, seed_source=lambda: 7, clock=clock)
    game_id = await started(service, ANN, BOB, sender=sender)
    drawn = counting.calls
    clock.advance(1)
    await service.show_everyone(game_id, BOB.user_id)
    await service.deliver(game_id, sender)
    [board] = sender.of_kind("live")
    assert board.board is not None, "the reposted board carries its picture"
    assert counting.calls == drawn, "the picture was drawn before: it is not drawn again"


async def test_a_dead_worker_is_replaced_and_the_click_still_shows_its_board(store, clock, sender):
    drawer = ProcessDrawer(1)
    service = TableService(store, painter=Painter(drawer), games=table_games, seed_source=lambda: 7, clock=clock)
    try:
        game_id = await started(service, ANN, BOB, sender=sender)
        drawn = service.painter.drawn
        pid, board = await _move_after_the_worker_died(service, drawer, game_id, sender)
        assert board.board is not None and service.painter.drawn == drawn + 1, "the move's board was drawn"
        assert drawer.replaced == 1 and drawer.worker_pids() and pid not in drawer.worker_pids()
    finally:
        service.stop_drawing()
    assert not drawer.worker_pids()


async def test_a_pool_that_replaces_a_broken_one_does_not_warm_up_while_a_click_waits(store, clock, sender):
    """A start warms up with a board of every game; the pool that replaces a dead worker's draws the
    waiting click's board first (a warm-up of every game would keep that click waiting)."""
    names = game_names()
    drawer = ProcessDrawer(1, [game(name).spec.renderer for name in names], names)
    service = TableService(store, painter=Painter(drawer), games=table_games, seed_source=lambda: 7, clock=clock)
    try:
        assert drawer.warming() == tuple(names)
        game_id = await started(service, ANN, BOB, sender=sender)
        _, board = await _move_after_the_worker_died(service, drawer, game_id, sender)
        assert board.board is not None and drawer.replaced == 1
        assert drawer.warming() == (), "the replacement imports the renderers and draws the click's board"
    finally:
        service.stop_drawing()


async def _move_after_the_worker_died(service, drawer, game_id, sender):
    """Kill the pool's one worker, then make a move: (the dead worker's pid, the live board sent)."""
    [pid] = drawer.worker_pids()
    os.kill(pid, signal.SIGKILL)
    _wait_until_gone(pid)
    await service.act(game_id, ANN.user_id, 0, "pass")
    await service.deliver(game_id, sender)
    [board] = sender.of_kind("live")
    return pid, board


def _wait_until_gone(pid: int) -> None:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                if stat.read().split(") ")[1].startswith("Z"):
                    return
        except FileNotFoundError:
            return
        time.sleep(0.01)
    raise AssertionError(f"worker {pid} did not die")


class Overlapping(ThreadDrawer):
    """A drawer that counts how many pictures it draws at once (each drawing yields to the loop)."""

    def __init__(self) -> None:
        super().__init__()
        self.now = 0
        self.most = 0

    async def draw(self, spec, view, seats):
        self.now += 1
        self.most = max(self.most, self.now)
        await asyncio.sleep(0.001)
        self.now -= 1
        return named(render_png(spec, view, seats))


async def test_the_movers_places_picture_is_drawn_beside_the_board_not_after_it(store, clock):
    """A Catacombs move whose mover chooses a place next answers with the places picture; it is drawn
    at the same time as the move's board, so the answer waits for one drawing, not two in a row."""
    drawer = Overlapping()
    service = TableService(store, painter=Painter(drawer), seed_source=lambda: 7, clock=clock)
    people = [ANN, BOB]
    game_id = await started(service, *people, game="catacombs")
    engine = game("catacombs").engine
    rng = Rng.from_seed(7, "places")
    for _ in range(300):
        record = await service.record(game_id)
        state = engine.load(record.state)
        seat, action = random_action(engine, state, rng)
        drawer.most = 0
        outcome = await service.act(game_id, people[seat].user_id, record.version, action)
        if outcome.reply.picture is not None:
            break
    else:
        raise AssertionError("no move asked its mover for a place")
    assert drawer.most == 2, "the board and the mover's places were drawn at once"
