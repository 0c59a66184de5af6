"""The advisor's standard of evidence: when the strong player's search may recommend an action
other than the obvious one (the normal player's), when two actions count as equally good, and
when the sampling has seen enough.

A search scores every candidate on the same sampled layouts of the unseen cards
(:func:`~.search.determinized`), so two candidates are compared *pair by pair*: on each layout
the recommended action did better, worse or the same. That gives the test.

**Decision — the test.** Action ``a`` is *backed* over action ``b`` when

* a one-sided **sign test** over the layouts where the two differ rejects "``a`` is no better
  than ``b``" at :data:`ALPHA` (split over the sequential looks, see below): the chance of
  ``better`` or more wins in ``better + worse`` fair coin tosses is at most the level; and
* the **mean gain** of ``a`` over ``b``, over every layout sampled (ties included), is at least
  the game's near-tie margin (``margin``: what a player would notice; see each game's
  ``NEAR_TIE``).

Why the sign test: the layouts' score differences are far from normal (most are exact ties,
the others a few large jumps — a trick, a bait, a contract changing hands), so a t-test on a few
dozen of them is unreliable; the sign test assumes nothing about their size and is what a
player understands ("better in 12 layouts, worse in 2"). Its weakness — a gain of one point and
of fifty count the same — is covered by the mean-gain condition.

**Decision — sequential sampling.** The advisor samples in batches that double (the first is
the hard player's own number of layouts) up to a cap: it stops as soon as the leader is the
obvious action (nothing is to be overturned), or is backed over it, or leads it by less than
half the margin, and goes on while a challenger leads by about the margin without being
backed. Testing after every batch would give chance more than
one try, so each look uses ``ALPHA / looks`` (Bonferroni over the looks planned): the whole
procedure still recommends a card that is not truly better at most 5% of the time, and every
recommendation passes the plain one-sided sign test at 5%.

**Decision — as good as.** Another action is *as good as* the recommended one when the same
standard does not show it worse: its mean is within the margin, or the layouts cannot tell the
two apart. Those are the hint's alternatives ("J♠ does as well"). Generous on purpose: a card the
evidence cannot separate from the advice is not a mistake, and the advice asked again with other
layouts then stays among the first answer's action and alternatives.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

from ..hand import Action
from . import search
from .search import paired_counts as counts

ALPHA = 0.05
"""The one-sided level of the sign test for the whole sequential procedure."""

GROWTH = 2
"""Each batch of layouts is this many times the layouts sampled so far."""

LOOKS = 4
"""How many times at most the advisor looks at its evidence: batches of ``n``, ``2n``, ``4n``,
``8n`` layouts in all, ``n`` the hard player's own number (:func:`cap`)."""


CAP = 1000
"""The most layouts a sequential search grows to (its first batch may be larger: the hard
player's own number, late in a hand where a layout is quick to play out)."""


FIRST = 30
"""The fewest layouts of an advisor's first batch (:func:`first`)."""


def first(layouts: int) -> int:
    """The first batch of an advisor's search whose hard player would sample ``layouts``: at
    least :data:`FIRST`. **Decision**: early in a long hand the hard player samples a dozen
    layouts; a sign test on so few gives different answers to different seeds."""
    return max(layouts, FIRST)


def cap(first: int) -> int:
    """The most layouts an advisor's search samples when its first batch has ``first``:
    ``first`` times ``GROWTH ** (LOOKS - 1)``, but no more than :data:`CAP` (nor fewer than
    ``first``)."""
    return max(first, min(CAP, first * GROWTH ** (LOOKS - 1)))


def sign_p(better: int, worse: int) -> float:
    """The one-sided sign test's p-value: the chance of ``better`` or more successes in
    ``better + worse`` fair coin tosses (1.0 when no layout tells the two apart)."""
    n = better + worse
    if not n:
        return 1.0
    return sum(math.comb(n, k) for k in range(better, n + 1)) / 2 ** n


def gain(a: Sequence[float], b: Sequence[float]) -> float:
    """The mean of ``a - b`` over the layouts (0 when there are none)."""
    return sum(x - y for x, y in zip(a, b, strict=True)) / len(a) if a else 0.0


def backed(a: Sequence[float], b: Sequence[float], margin: float,
           alpha: float = ALPHA) -> bool:
    """Whether ``a`` is better than ``b`` beyond chance: the one-sided sign test at ``alpha``
    and a mean gain of at least ``margin`` (see the module's decision)."""
    better, worse = counts(a, b)
    return gain(a, b) >= margin and sign_p(better, worse) <= alpha


def look_alpha() -> float:
    """The level of one look of the sequential procedure (:data:`ALPHA` over :data:`LOOKS`)."""
    return ALPHA / LOOKS


def settled(scores: Mapping[Any, Sequence[float]], obvious: Hashable,
            margin: float) -> bool:
    """Whether a sequential search may stop: the candidate with the best mean is the
    ``obvious`` one (ties count for it), or it is backed over it at this look's level, or its
    mean gain is under half the margin (more layouts would hardly make it worth a change).
    It goes on while the leader leads by about the margin without being backed (then
    :func:`recommended` may still find another candidate backed)."""
    if obvious not in scores or not scores[obvious]:
        return True
    n = len(scores[obvious])
    means = {c: sum(v) / n for c, v in scores.items()}
    leader = max(scores, key=lambda c: (means[c], c == obvious))
    if leader == obvious or means[leader] - means[obvious] < margin / 2:
        return True
    return backed(scores[leader], scores[obvious], margin, look_alpha())


def recommended(scores: Mapping[Any, Sequence[float]], obvious: Hashable,
                margin: float) -> Hashable:
    """The candidate the evidence recommends: of those backed over ``obvious`` at a look's
    level, the best mean (the earlier on a tie); ``obvious`` when none is."""
    if obvious not in scores or not scores[obvious]:
        return obvious
    n = len(scores[obvious])
    usual = scores[obvious]
    proven = [c for c, v in scores.items()
              if c != obvious and backed(v, usual, margin, look_alpha())]
    return max(proven, key=lambda c: sum(scores[c]) / n) if proven else obvious


def as_good(scores: Mapping[Any, Sequence[float]], chosen: Hashable,
            margin: float) -> list[Hashable]:
    """The other candidates as good as ``chosen``: ``chosen`` is not backed over them (by a
    look's standard), so they are within the margin of it, or the layouts cannot tell them
    apart (in the candidates' order)."""
    if chosen not in scores:
        return []
    mine = scores[chosen]
    return [c for c, v in scores.items()
            if c != chosen and len(v) == len(mine) and not backed(mine, v, margin, look_alpha())]


ALIKE = 0.1
"""The share of the layouts on which two actions may score differently and still be said to do
"as well" in words (:func:`alike`)."""


def alike(a: Sequence[float], b: Sequence[float], margin: float) -> bool:
    """Whether two actions' scores are close enough to say in words that one does as well as
    the other: they differ on at most :data:`ALIKE` of the layouts and their means are within
    ``margin`` (cards that are interchangeable here, as a player sees it)."""
    better, worse = counts(a, b)
    return better + worse <= ALIKE * len(a) and abs(gain(a, b)) <= margin


def action_key(action: Action) -> str:
    """The key of ``action`` in a :attr:`~.player.Decision.scores` mapping: its verb and value,
    cards in upper case ("play AS", "trump H", "kort True")."""
    verb = next(k for k in action if k != "seat")
    value: Any = action[verb]
    if isinstance(value, str):
        value = value.upper()
    return f"{verb} {value}"


def advised(candidates: Sequence[Hashable], sample: Callable[[random.Random], search.World],
            evaluate: Callable[[search.World, Hashable], float], rng: random.Random,
            layouts: int, obvious: Hashable, margin: float,
            cancelled: Callable[[], bool] | None, share: search.Share | None
            ) -> tuple[search.SearchResult, Hashable]:
    """The advisor's search over ``candidates`` (:func:`.search.sequential`): a first batch of
    :func:`first` of the hard player's ``layouts``, growing to :func:`cap` until
    :func:`settled`, and the candidate the evidence recommends over ``obvious``."""
    batch = first(layouts)
    result = search.sequential(candidates, sample, evaluate, rng, batch, cap(batch),
                               lambda scores: settled(scores, obvious, margin), cancelled,
                               prefer=obvious, share=share)
    return result, recommended(result.scores, obvious, margin)


def play_scores(scores: Mapping[str, list[float]] | None) -> dict[str, list[float]] | None:
    """A card search's scores by card (notation) as :attr:`~.player.Decision.scores` keys
    them (:func:`action_key`: "play AS")."""
    if scores is None:
        return None
    return {f"play {card.upper()}": v for card, v in scores.items()}
