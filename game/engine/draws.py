"""The draws of :class:`random.Random` the engine makes, written as engine code.

``random.Random``'s ``shuffle``, ``randrange`` and ``choice`` are Python functions of the
standard library: in the compiled engine they would stay interpreted, and on the search's hot
paths (dealing each sampled layout) they were its largest cost. These functions make the very
same draws — the same calls of the generator's ``getrandbits`` with the same rejection
sampling, in the same order — so they give exactly what the ``random.Random`` methods give
from the same generator state and leave it in the same state, compiled or not
(``tests/engine/test_draws.py`` checks it against ``random.Random``).

They follow CPython 3.11's ``random.py`` (unchanged in its draws since 3.2) for a
``random.Random`` itself; a subclass's own methods are called instead (a test's stacked deck
overrides ``shuffle``; a subclass may draw differently), so each function promises exactly
what the generator's method of the same name gives.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def below(rng: random.Random, n: int) -> int:
    """A uniform integer in ``[0, n)`` for ``n > 0``: ``rng._randbelow(n)``, drawn the same
    way (``n.bit_length()`` bits at a time until one is below ``n``)."""
    if type(rng) is not random.Random:
        return rng.randrange(n)
    return _bits_below(rng, n)


def _bits_below(rng: random.Random, n: int) -> int:
    """:func:`below` for a plain ``random.Random`` (checked once by the caller, not at every
    draw of a shuffle)."""
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def randrange(rng: random.Random, stop: int) -> int:
    """``rng.randrange(stop)``: a uniform integer in ``[0, stop)``; ``ValueError`` when
    ``stop`` is not positive (nothing is drawn then)."""
    if stop <= 0:
        raise ValueError("empty range for randrange()")
    return below(rng, stop)


def shuffle(rng: random.Random, items: list[T]) -> None:
    """``rng.shuffle(items)``: shuffle the list in place (Fisher–Yates from its end)."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    for i in range(len(items) - 1, 0, -1):
        j = _bits_below(rng, i + 1)
        items[i], items[j] = items[j], items[i]


def choice(rng: random.Random, seq: Sequence[T]) -> T:
    """``rng.choice(seq)``: one element of a non-empty sequence, uniformly; ``IndexError``
    when it is empty (nothing is drawn then)."""
    if type(rng) is not random.Random:
        return rng.choice(seq)
    if not len(seq):
        raise IndexError("Cannot choose from an empty sequence")
    return seq[_bits_below(rng, len(seq))]
