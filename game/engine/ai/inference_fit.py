"""The offline fits of :mod:`.inference`'s likelihood tables: each plays this program's own
bidding, calling or naming on random hands and returns the table again (its numbers are in
:mod:`.inference`, rounded). Not used in play.

**Decision** (issue 28, no import circle): the fits ask the game AIs themselves
(:class:`~.tarabish.TarabishAI`, :func:`~.somali.trump_by_evaluation`,
:func:`~.tarot_hand.bid_worth`), which weigh their layouts with :mod:`.inference`; so the fits
live here, above both, and :mod:`.inference` imports no game AI.
"""

from __future__ import annotations

import random

from .. import cards as C
from .inference import tarabish_key
from .somali import trump_by_evaluation
from .tarabish import CALL_OVER, TarabishAI
from .tarot_hand import BIDS_UP, bid_worth, strength


def fit_tarot(deals: int, seed: int = 1) -> dict[int, list[float]]:
    """Refit :data:`~.inference.TAROT_AT`: for ``deals`` random deals, each hand's contract bid
    alone by the normal and the hard player; returns strength // 5 → the share bidding at least
    take, keep, keep without and keep against."""
    rng = random.Random(seed)
    counts: dict[int, int] = {}
    at_least: dict[int, list[int]] = {}
    for _ in range(deals):
        deck = list(range(78))
        rng.shuffle(deck)
        for h in range(4):
            hand = C.mask_of(deck[h * 18:(h + 1) * 18])
            b = strength(hand) // 5
            for level in ("normal", "hard"):
                worth = bid_worth(level, hand)[0]
                r = 0 if worth == "pass" else BIDS_UP.index(worth) + 1
                counts[b] = counts.get(b, 0) + 1
                row = at_least.setdefault(b, [0] * 4)
                for x in range(r):
                    row[x] += 1
    return {b: [n / counts[b] for n in at_least[b]] for b in sorted(counts)}


def fit_tarabish(deals: int, seed: int = 1) -> list[list[float | None]]:
    """Refit :data:`~.inference.TARABISH_GOOD` from ``deals`` random deals (the first six of
    each nine cards visible when calling)."""
    rng = random.Random(seed)
    good = [[[0, 0] for _ in range(24)] for _ in range(4)]
    for _ in range(deals):
        deck = list(range(36))
        rng.shuffle(deck)
        for h in range(4):
            nine = deck[h * 9:(h + 1) * 9]
            values = [TarabishAI.evaluate(nine[:6], s) for s in range(4)]
            best = max(range(4), key=lambda s: (values[s], -s))
            for s in range(4):
                key = tarabish_key(nine, s)
                for p in range(3):
                    good[p][key][0] += 1
                    good[p][key][1] += values[s] > CALL_OVER[p]
                good[3][key][0] += 1
                good[3][key][1] += s == best
    return [[g[1] / g[0] if g[0] else None for g in row] for row in good]


def fit_somali(hands: int, size: int, seed: int = 1) -> dict[int, float]:
    """Refit :data:`~.inference.TURUP_NAMED` (``size`` 9) or :data:`~.inference.ARBAA_NAMED`
    (36): for random hands of ``size`` cards, the trump named from the first three; returns
    cards of a suit held → the share of hands naming it."""
    rng = random.Random(seed)
    copies = size // 9
    seen: dict[int, list[int]] = {}
    for _ in range(hands):
        deck = [f for f in range(36) for _ in range(copies)]
        rng.shuffle(deck)
        hand = deck[:size]
        named = trump_by_evaluation(hand[:3], False)[0]
        for s in range(4):
            row = seen.setdefault(sum(1 for f in hand if f // 9 == s), [0, 0])
            row[0] += 1
            row[1] += s == named
    return {n: r[1] / r[0] for n, r in sorted(seen.items())}
