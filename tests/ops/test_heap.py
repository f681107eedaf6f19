"""The heap settled after start-up (bot/ops/heap.py): what the process made while starting is left
out of the garbage collector's full passes, which ran on the event loop in the middle of moves."""

from __future__ import annotations

import gc

from bot.ops.heap import settle_heap


def test_objects_made_while_starting_are_left_out_of_full_collections() -> None:
    made_while_starting = {"a board": ["drawn", "once"]}
    try:
        frozen = settle_heap()
        made_later = {"a move": ["in", "flight"]}
        walked = {id(o) for o in gc.get_objects()}
        assert frozen >= 1000, "an imported test process has thousands of long-lived objects"
        assert id(made_while_starting) not in walked
        assert id(made_later) in walked
    finally:
        gc.unfreeze()


def test_each_start_up_stage_settles_once_per_process(monkeypatch) -> None:
    from bot.ops import heap

    settled: list[int] = []
    monkeypatch.setattr(heap, "_SETTLED", set())
    monkeypatch.setattr(heap, "settle_heap", lambda: settled.append(1) or 0)
    assert heap.settle_heap_once("started") and heap.settle_heap_once("connected")
    assert not heap.settle_heap_once("started"), "a second bot in the same process freezes nothing"
    assert len(settled) == 2
