"""``game.engine.draws`` makes exactly the draws of ``random.Random`` (run under both engines:
compiled when built, and with ``FOUR_TRUMPS_ENGINE=pure``)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine import draws

SEEDS = st.one_of(st.integers(min_value=0, max_value=2**70), st.text(max_size=12))
BOUNDS = st.one_of(st.integers(min_value=1, max_value=300),
                   st.integers(min_value=1, max_value=2**130))


def _twins(seed: int | str) -> tuple[random.Random, random.Random]:
    return random.Random(seed), random.Random(seed)


@given(SEEDS, st.lists(BOUNDS, min_size=1, max_size=40))
def test_randrange_and_below_draw_as_random(seed: int | str, bounds: list[int]) -> None:
    ours, theirs = _twins(seed)
    got = [draws.randrange(ours, n) if i % 2 else draws.below(ours, n)
           for i, n in enumerate(bounds)]
    assert got == [theirs.randrange(n) for n in bounds]
    assert ours.getstate() == theirs.getstate()


@given(SEEDS, st.integers(min_value=0, max_value=200))
def test_shuffle_draws_as_random(seed: int | str, size: int) -> None:
    ours, theirs = _twins(seed)
    mine, reference = list(range(size)), list(range(size))
    draws.shuffle(ours, mine)
    theirs.shuffle(reference)
    assert mine == reference
    assert ours.getstate() == theirs.getstate()


@given(SEEDS, st.lists(st.integers(min_value=1, max_value=150), min_size=1, max_size=20))
def test_choice_draws_as_random(seed: int | str, sizes: list[int]) -> None:
    ours, theirs = _twins(seed)
    pools = [tuple(f"x{i}" for i in range(n)) for n in sizes]
    assert [draws.choice(ours, p) for p in pools] == [theirs.choice(p) for p in pools]
    assert ours.getstate() == theirs.getstate()


def test_empty_ranges_fail_as_random_does_without_drawing() -> None:
    ours, theirs = _twins(7)
    with pytest.raises(ValueError):
        draws.randrange(ours, 0)
    with pytest.raises(IndexError):
        draws.choice(ours, [])
    assert ours.getstate() == theirs.getstate()


class _Reversing(random.Random):
    """A generator whose ``shuffle`` reverses and whose ``randrange``/``choice`` take the
    last: its own methods, not ``random.Random``'s draws."""

    def shuffle(self, x, *args) -> None:  # type: ignore[no-untyped-def, override]
        x.reverse()

    def randrange(self, start, *args) -> int:  # type: ignore[no-untyped-def, override]
        return start - 1

    def choice(self, seq):  # type: ignore[no-untyped-def]
        return seq[-1]


def test_a_subclass_draws_with_its_own_methods() -> None:
    rng = _Reversing(3)
    items = [1, 2, 3]
    draws.shuffle(rng, items)
    assert items == [3, 2, 1]
    assert draws.below(rng, 10) == draws.randrange(rng, 10) == 9
    assert draws.choice(rng, "abc") == "c"
