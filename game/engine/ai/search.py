"""What every game's strong (``hard``) player shares: dealing the unseen cards consistently with
what a seat knows, and a determinized search that plays each sampled layout out once per
candidate and keeps the best average.

Nothing here knows a game. A game module supplies the unseen cards (as faces, copies repeated),
the number of cards each seat still needs, the suits each seat may hold (its revealed voids, as a
bit set of suit indexes) and an ``evaluate(world, candidate)`` that plays a layout out and
returns the searching side's score. The search is deterministic for a given ``random.Random``:
its number of samples is fixed in advance (a *work* figure, see :func:`samples_for`); the
deadline and the ``cancelled`` check only ever cut it short.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

from ..cards import count

World = list[list[int]]
"""Per seat, the faces it holds in one sampled layout (copies repeated)."""


def deal_unseen(rng: random.Random, pool: Sequence[int], need: Sequence[int],
                allowed: Sequence[int], suit_of: Callable[[int], int],
                tries: int = 20) -> World:
    """Share the faces of ``pool`` among the seats at random so that seat ``s`` receives
    exactly ``need[s]`` of them and only faces whose suit bit is set in ``allowed[s]``.

    Cards of the most constrained suits are placed first, each on a seat chosen with
    probability proportional to the room it has left, which is close to uniform among the
    consistent layouts. When ``tries`` attempts all fail (the constraints cannot be met, e.g.
    an inference that was only likely), the void constraints are dropped: the search never
    stalls on an impossible inference.
    """
    if sum(need) != len(pool):
        raise ValueError(f"{len(pool)} unseen cards for {sum(need)} places")
    seats = [s for s in range(len(need)) if need[s]]
    by_suit: dict[int, list[int]] = {}
    for f in pool:
        by_suit.setdefault(suit_of(f), []).append(f)
    for attempt in range(tries + 1):
        relax = attempt == tries
        eligible = {su: [s for s in seats if relax or allowed[s] >> su & 1] for su in by_suit}
        order = sorted(by_suit, key=lambda su: len(eligible[su]))
        room = list(need)
        world: World = [[] for _ in need]
        ok = True
        for su in order:
            cards = list(by_suit[su])
            rng.shuffle(cards)
            for f in cards:
                total = sum(room[s] for s in eligible[su])
                if not total:
                    ok = False
                    break
                r = rng.randrange(total)
                for s in eligible[su]:
                    r -= room[s]
                    if r < 0:
                        break
                world[s].append(f)
                room[s] -= 1
            if not ok:
                break
        if ok:
            return world
    raise AssertionError("unreachable: the relaxed deal always succeeds")


def samples_for(work: float, candidates: int, cards_left: int, floor: int = 4,
                cap: int = 1000) -> int:
    """How many layouts a search may sample: ``work`` card plays shared among ``candidates``
    playouts of ``cards_left`` cards each (at least ``floor``, at most ``cap``)."""
    per = max(1, candidates * max(1, cards_left))
    return max(floor, min(cap, int(work / per)))


@dataclass
class SearchResult:
    """The outcome of :func:`determinized`: each candidate's mean score and the samples used."""

    means: dict[Hashable, float]
    samples: int
    best: Hashable

    def margin(self, other: Hashable) -> float:
        """How much better the best candidate scored than ``other`` on average."""
        return self.means[self.best] - self.means[other]


def determinized(candidates: Sequence[Hashable], sample: Callable[[random.Random], World],
                 evaluate: Callable[[World, Hashable], float], rng: random.Random,
                 samples: int, deadline: float | None = None,
                 cancelled: Callable[[], bool] | None = None,
                 prefer: Hashable | None = None, *, abandon: bool = False) -> SearchResult:
    """Score every candidate on the same ``samples`` sampled layouts and return the best mean.

    The search stops early when ``cancelled()`` is true or the clock (``time.perf_counter()``)
    reaches ``deadline``: a new layout is not started when the time the layouts so far took on
    average would carry it past the deadline, so a search ends close to its deadline rather
    than up to a whole layout after it. Normally at least one layout is scored. With
    ``abandon``, the clock and ``cancelled()`` are also checked between the candidates of a
    layout, and a layout cut short is dropped: the overshoot is then at most one candidate's
    playout, and when not even one layout was finished every mean is 0 and the result is
    ``prefer`` (the simpler policy's choice). Ties go to ``prefer``, then to the earlier
    candidate. Without a deadline and a ``cancelled`` that stays false the result depends only
    on ``rng``.
    """
    totals = dict.fromkeys(candidates, 0.0)
    done = 0
    started = time.perf_counter()
    for _ in range(samples):
        if done:
            if cancelled is not None and cancelled():
                break
            if deadline is not None:
                now = time.perf_counter()
                if now + (now - started) / done > deadline:
                    break
        world = sample(rng)
        scores = []
        for c in candidates:
            if abandon and ((deadline is not None and time.perf_counter() > deadline)
                            or (cancelled is not None and cancelled())):
                break
            scores.append(evaluate(world, c))
        else:
            for c, v in zip(candidates, scores, strict=True):
                totals[c] += v
            done += 1
            continue
        break
    means = {c: totals[c] / done if done else 0.0 for c in candidates}
    if not done and prefer in totals:
        return SearchResult(means, 0, prefer)
    best = max(candidates, key=lambda c: (means[c] + (1e-9 if c == prefer else 0.0)))
    return SearchResult(means, done, best)


def paired_counts(best: Sequence[float], other: Sequence[float]) -> tuple[int, int]:
    """On the same layouts, in how many ``best`` scored more than ``other``, and in how many
    less."""
    better = sum(1 for b, o in zip(best, other, strict=True) if b > o)
    worse = sum(1 for b, o in zip(best, other, strict=True) if b < o)
    return better, worse


def choice_words(best: str, other: str, why: str, samples: int, better: int,
                 worse: int) -> str:
    """A search's choice said as a player would say it, without averages: "Play K♠ rather
    than the obvious 7♠ (it saves your trumps): of 38 layouts of the unseen cards I tried, it
    did better in 12 and worse in 3." ``best``/``other``: the cards as the table draws them;
    ``why``: a short clause from the cards themselves, or empty; ``better``/``worse``: from
    :func:`paired_counts`."""
    head = f"Play {best} rather than the obvious {other}" + (f" ({why})" if why else "")
    if not samples:
        return f"{head}."
    tried = count(samples, "layout")
    if better > worse:
        tail = f"it did better in {better} and worse in {worse}"
    elif better == worse == 0:
        tail = "it did just as well in each, and a little better on the whole"
    else:
        tail = (f"it did better in {better} and worse in {worse}, but gained more than it "
                "lost")
    return f"{head}: of {tried} of the unseen cards I tried, {tail}."


def contrast(best_suit: int, best_rank: int, other_suit: int, other_rank: int, trump: int,
             other_words: str, takes: tuple[bool, bool] = (False, False)) -> str:
    """Why one card rather than another, from the cards alone (suits, ranks in strength order,
    ``trump`` the trump suit or -1; ``takes``: whether each would be winning the open trick
    once played): "it takes this trick", "it keeps your K♠ for later", "it saves your trumps",
    "a trump pays here", or empty when the cards say nothing simple."""
    if takes[0] and not takes[1]:
        return "it takes this trick"
    if best_suit == other_suit:
        if best_rank < other_rank:
            return f"it keeps your {other_words} for later"
        return "a higher card pays here"
    if other_suit == trump:
        return "it saves your trumps"
    if best_suit == trump:
        return "a trump pays here"
    return ""
