"""The shared search helpers: consistent deals of the unseen cards, the sample budget, the
determinized search itself."""

from __future__ import annotations

import random

import pytest

from game.engine.ai import search


def test_deal_unseen_gives_each_seat_its_count_and_respects_voids():
    pool = list(range(36))
    need = [0, 12, 12, 12]
    allowed = [0xF, 0b1110, 0b0111, 0xF]  # W has no spades, N no clubs
    for seed in range(50):
        world = search.deal_unseen(random.Random(seed), pool, need, allowed, lambda f: f // 9)
        assert [len(h) for h in world] == need
        assert sorted(f for h in world for f in h) == pool
        assert not any(f // 9 == 0 for f in world[1])
        assert not any(f // 9 == 3 for f in world[2])


def test_deal_unseen_relaxes_impossible_voids():
    # nobody may hold spades, but spades are unseen: the constraint is dropped, not a hang
    world = search.deal_unseen(random.Random(1), [0, 1, 9], [0, 2, 1, 0], [0, 0b1110, 0b1110, 0],
                               lambda f: f // 9)
    assert sorted(len(h) for h in world) == [0, 0, 1, 2]


def test_samples_for():
    assert search.samples_for(1000, 2, 10) == 50
    assert search.samples_for(1, 9, 36) == 4
    assert search.samples_for(10**9, 1, 1) == 1000


def test_work_for_fills_the_clock_only_against_it():
    """A search against the clock does ``fill`` times the calibrated work (and the compiled
    engine's speed-up again); an untimed one (the advisor's) does the calibrated work on
    either engine."""
    speed = 3.0 if search.COMPILED else 1.0
    assert search.work_for(100, 60, 3.0, False, 2.0) == 6000
    assert search.work_for(100, 60, 3.0, True) == 6000 * speed
    assert search.work_for(100, 60, 3.0, True, 2.0) == 12000 * speed


def test_layouts_for_counts_a_budget_in_layouts_first():
    assert search.layouts_for(37, 10**9, 1, 1) == 37
    assert search.layouts_for(0, 1000, 2, 10) == search.samples_for(1000, 2, 10)


def test_determinized_picks_best_mean_and_prefers_on_ties():
    def evaluate(world, c):
        return {"a": 1.0, "b": 2.0, "c": 2.0}[c]

    result = search.determinized(["a", "b", "c"], lambda r: [[]], evaluate, random.Random(0), 5)
    assert result.best == "b" and result.samples == 5
    result = search.determinized(["a", "b", "c"], lambda r: [[]], evaluate, random.Random(0), 5,
                                 prefer="c")
    assert result.best == "c"
    result = search.determinized(["a", "b"], lambda r: [[]], evaluate, random.Random(0), 500,
                                 cancelled=lambda: True)
    assert result.samples == 1


def test_determinized_does_not_start_a_layout_it_cannot_finish_in_time():
    import time

    def evaluate(world, c):
        time.sleep(0.01)  # a layout of two candidates takes about 20 ms
        return 0.0

    start = time.perf_counter()
    result = search.determinized(["a", "b"], lambda r: [[]], evaluate, random.Random(0), 100,
                                 deadline=start + 0.05)
    assert 1 <= result.samples <= 2  # the old rule started a third layout at 40 ms
    assert time.perf_counter() - start < 0.09


def test_determinized_abandons_a_layout_at_the_deadline_and_falls_back_to_prefer():
    import time

    calls = []

    def evaluate(world, c):
        calls.append(c)
        return {"a": 1.0, "b": 0.0}[c]

    result = search.determinized(["a", "b"], lambda r: [[]], evaluate, random.Random(0), 10,
                                 deadline=time.perf_counter() - 1, prefer="b", abandon=True)
    assert result.samples == 0 and result.best == "b" and not calls
    cut = iter([False, False, True])
    result = search.determinized(["a", "b"], lambda r: [[]], evaluate, random.Random(0), 10,
                                 cancelled=lambda: next(cut), prefer="b", abandon=True)
    assert result.samples == 1 and result.best == "a"


@pytest.mark.parametrize(("best", "other", "z", "least", "expected"), [
    ([1.0, 1.0, 1.0], [0.0, 0.0, 0.0], 1.0, 0.0, True),     # better on every layout
    ([2.0, 0.0, 1.0], [0.0, 1.0, 1.0], 1.0, 0.0, False),    # better mean, within the noise
    ([2.0, 0.0, 1.0], [0.0, 1.0, 1.0], 0.0, 0.0, True),     # z 0: any better mean
    ([1.0, 1.0, 1.0], [0.5, 0.5, 0.5], 1.0, 1.0, False),    # clear, but less than least
    ([0.0, 0.0], [0.0, 0.0], 0.0, 0.0, False),              # a tie is no switch
    ([], [], 0.0, 0.0, False),
])
def test_clearly_better(best, other, z, least, expected):
    assert search.clearly_better(best, other, z, least) is expected
