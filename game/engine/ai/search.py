"""What every game's strong (``hard``) player shares: dealing the unseen cards consistently with
what a seat knows, and a determinized search that plays each sampled layout out once per
candidate and keeps the best average.

Nothing here knows a game. A game module supplies the unseen cards (as faces, copies repeated),
the number of cards each seat still needs, the suits each seat may hold (its revealed voids, as a
bit set of suit indexes) and an ``evaluate(world, candidate)`` that plays a layout out and
returns the searching side's score. The search is deterministic for a given ``random.Random``:
its number of samples is fixed in advance (a *work* figure, see :func:`samples_for`); the
deadline and the ``cancelled`` check only ever cut it short. Each layout is dealt by its own
generator (:func:`layout_rng`), so a search can be run in parts on several processes
(:func:`run_part`, :class:`Share`, :mod:`.spread`) and merged (:func:`merge`) into the very
result one process would have found.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field

from .. import draws
from ..message import Message, counted
from ..native import COMPILED, mypyc_attr

World = list[list[int]]
"""Per seat, the faces it holds in one sampled layout (copies repeated)."""


EXACT_LAYOUTS = 40
"""The most layouts a hard search samples (its first batch, for the advisor) when it solves each
exactly: a solve costs up to a few milliseconds where a playout costs a few microseconds a card,
and an exact value has no playout's noise, so fewer layouts tell as much. **Decision**: 40
layouts of at most about 5 ms each (the games' thresholds, ``EXACT_CARDS``) keep a decision
near its budget; the advisor's batches start there (at least :func:`.evidence.first`) and
grow (:func:`.evidence.cap`)."""


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
            draws.shuffle(rng, cards)
            for f in cards:
                total = sum(room[s] for s in eligible[su])
                if not total:
                    ok = False
                    break
                r = draws.below(rng, total)
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


def work_for(budget_ms: float, per_ms: float, compiled_speed: float, against_clock: bool,
             fill: float = 1.0) -> float:
    """Card plays a search may spend in ``budget_ms``: ``per_ms`` a millisecond, as measured on
    the pure-Python engine. A search against the clock (``against_clock``) does ``fill`` times
    that (how much more of its budget the game's median decision may use than the calibration
    of ``per_ms`` left it), and ``compiled_speed`` times as many again on the compiled engine,
    so that the same budget buys more search. A search that does not (an untimed one, the
    advisor's) does the same number of layouts on either engine: both decide alike."""
    if not against_clock:
        return budget_ms * per_ms
    return budget_ms * per_ms * fill * (compiled_speed if COMPILED else 1.0)


def samples_for(work: float, candidates: int, cards_left: int, floor: int = 4,
                cap: int = 1000) -> int:
    """How many layouts a search may sample: ``work`` card plays shared among ``candidates``
    playouts of ``cards_left`` cards each (at least ``floor``, at most ``cap``)."""
    per = max(1, candidates * max(1, cards_left))
    return max(floor, min(cap, int(work / per)))


def layouts_for(layouts: int, work: float, candidates: int, cards_left: int) -> int:
    """How many layouts a hard search samples: exactly ``layouts`` when the player's budget is
    counted in layouts (:attr:`~.player.RulesPlayer.layouts` above 0: the arena's and the
    ladder's ``--layouts``, the same search on any machine at any load), else what ``work``
    card plays allow (:func:`samples_for`)."""
    return layouts if layouts > 0 else samples_for(work, candidates, cards_left)


@dataclass
class Partial:
    """The layouts one part of a search scored: ``indices`` the sample indexes done, in
    increasing order, and for each of them the candidates' scores (in the candidates' order).
    Plain lists, so that a part scored in another process travels back as it is."""

    indices: list[int]
    scores: list[list[float]]


PartRunner = Callable[[int, int, "float | None", "Callable[[], bool] | None"], Partial]
"""``run(part, parts, deadline, cancelled)``: score the layouts of part ``part`` of
``parts`` of one search (see :func:`determinized`)."""


@mypyc_attr(allow_interpreted_subclasses=True)  # a caller's own share: see native.py
class Share:
    """Where the parts of a search run. This one runs every search whole, in this process; a
    :class:`~.spread.Spread` gives the player one that hands parts to helper processes (and a
    helper one that runs only its own part). It also counts the layouts the searches of one
    decision used (:attr:`samples`)."""

    def __init__(self, scale: int = 1) -> None:
        self.samples = 0
        """Layouts scored by the searches run through this share so far."""
        self.scale = scale
        """How many times the layouts one process's budget allows a search may sample (the
        number of processes that share it, when they are meant to sample more rather than
        to finish sooner)."""
        self.until: float | None = None
        """When (``time.perf_counter()``) a sequential search must have ended its batches: a
        batch that would end later is not started (``None``: no limit; the player sets it,
        :attr:`~.player.RulesPlayer.time_cap`)."""

    def search(self, run: PartRunner, deadline: float | None,
               cancelled: Callable[[], bool] | None) -> list[Partial]:
        """Run the parts of one search and return those scored (here: the whole search as one
        part)."""
        partial = run(0, 1, deadline, cancelled)
        self.samples += len(partial.indices)
        return [partial]

    def more(self, per_layout: float, layouts: int) -> bool:
        """Whether a sequential search (:func:`sequential`) may score ``layouts`` more layouts,
        each taking about ``per_layout`` seconds, before :attr:`until`. A helper replaying a
        decision answers otherwise (:mod:`.spread`)."""
        return self.until is None or time.perf_counter() + per_layout * layouts <= self.until


@dataclass
class SearchResult:
    """The outcome of :func:`determinized`: each candidate's mean score, the samples used,
    the best candidate and each candidate's score on every layout used (in sample-index
    order, the same layouts for every candidate: ready for :func:`paired_counts`)."""

    means: dict[Hashable, float]
    samples: int
    best: Hashable
    scores: dict[Hashable, list[float]] = field(default_factory=dict)

    def margin(self, other: Hashable) -> float:
        """How much better the best candidate scored than ``other`` on average."""
        return self.means[self.best] - self.means[other]


def layout_rng(base: int, index: int) -> random.Random:
    """The generator of sample ``index`` of a search whose base draw is ``base``: each layout
    has its own, so any process can deal any layout of the search."""
    return random.Random(f"{base}/{index}")


def run_part(candidates: Sequence[Hashable], sample: Callable[[random.Random], World],
             evaluate: Callable[[World, Hashable], float], base: int, samples: int,
             part: int, parts: int, deadline: float | None = None,
             cancelled: Callable[[], bool] | None = None, *, abandon: bool = False,
             first: int = 0) -> Partial:
    """Score the candidates on the layouts of part ``part`` of ``parts`` of a search: the
    sample indexes from ``first`` below ``samples`` that are ``part`` modulo ``parts``, in
    increasing order, layout ``i`` dealt by :func:`layout_rng` ``(base, i)``. The clock and
    ``cancelled`` cut it short as :func:`determinized` says; a part always scores at least one
    layout unless ``abandon`` (or it has none)."""
    indices: list[int] = []
    table: list[list[float]] = []
    started = time.perf_counter()
    for i in range(first + (part - first) % parts, samples, parts):
        done = len(indices)
        if done:
            if cancelled is not None and cancelled():
                break
            if deadline is not None:
                now = time.perf_counter()
                if now + (now - started) / done > deadline:
                    break
        world = sample(layout_rng(base, i))
        scores = []
        for c in candidates:
            if abandon and ((deadline is not None and time.perf_counter() > deadline)
                            or (cancelled is not None and cancelled())):
                break
            scores.append(evaluate(world, c))
        else:
            indices.append(i)
            table.append(scores)
            continue
        break
    return Partial(indices, table)


def merge(candidates: Sequence[Hashable], partials: Sequence[Partial],
          prefer: Hashable | None = None) -> SearchResult:
    """One search's result from its parts: the layouts of every part, in sample-index order
    (so the sums, and the result, do not depend on how the layouts were shared out). When no
    layout was scored every mean is 0 and ``prefer`` (if a candidate) is the best. Ties go to
    ``prefer``, then to the earlier candidate."""
    rows = sorted((i, row) for p in partials for i, row in zip(p.indices, p.scores, strict=True))
    scores: dict[Hashable, list[float]] = {c: [] for c in candidates}
    for _, row in rows:
        for c, v in zip(candidates, row, strict=True):
            scores[c].append(v)
    done = len(rows)
    means = {c: sum(scores[c]) / done if done else 0.0 for c in candidates}
    if not done and prefer in means:
        return SearchResult(means, 0, prefer, scores)
    best = max(candidates, key=lambda c: (means[c] + (1e-9 if c == prefer else 0.0)))
    return SearchResult(means, done, best, scores)


def determinized(candidates: Sequence[Hashable], sample: Callable[[random.Random], World],
                 evaluate: Callable[[World, Hashable], float], rng: random.Random,
                 samples: int, deadline: float | None = None,
                 cancelled: Callable[[], bool] | None = None,
                 prefer: Hashable | None = None, *, abandon: bool = False,
                 share: Share | None = None) -> SearchResult:
    """Score every candidate on the same ``samples`` sampled layouts and return the best mean.

    Layout ``i`` is dealt by its own generator, :func:`layout_rng` of one draw of ``rng`` and
    ``i``, so the layouts do not depend on which process deals them: ``share`` (default: this
    process alone) may run the search in parts on several processes (:func:`run_part`, each
    part every ``parts``-th layout) and the parts are merged in sample-index order
    (:func:`merge`). Without a deadline and with a ``cancelled`` that stays false, the result
    depends only on ``rng`` and the number of layouts, ``samples`` times ``share.scale``
    (:attr:`Share.scale`: 1 unless the processes that share a search are meant to sample
    more), however many processes shared the work; a search of more layouts scores the same
    first ones and more.

    The search stops early when ``cancelled()`` is true or the clock (``time.perf_counter()``)
    reaches ``deadline``: a new layout is not started when the time the layouts so far took on
    average would carry it past the deadline, so a search ends close to its deadline rather
    than up to a whole layout after it. Normally at least one layout is scored. With
    ``abandon``, the clock and ``cancelled()`` are also checked between the candidates of a
    layout, and a layout cut short is dropped: the overshoot is then at most one candidate's
    playout, and when not even one layout was finished every mean is 0 and the result is
    ``prefer`` (the simpler policy's choice). Ties go to ``prefer``, then to the earlier
    candidate.
    """
    base = rng.getrandbits(64)
    share = share if share is not None else Share()
    samples *= share.scale

    def run(part: int, parts: int, until: float | None,
            stop: Callable[[], bool] | None) -> Partial:
        return run_part(candidates, sample, evaluate, base, samples, part, parts, until, stop,
                        abandon=abandon)

    partials = share.search(run, deadline, cancelled)
    return merge(candidates, partials, prefer)


def sequential(candidates: Sequence[Hashable], sample: Callable[[random.Random], World],
               evaluate: Callable[[World, Hashable], float], rng: random.Random,
               first: int, cap: int, settled: Callable[[dict[Hashable, list[float]]], bool],
               cancelled: Callable[[], bool] | None = None,
               prefer: Hashable | None = None, *, share: Share | None = None,
               growth: int = 2) -> SearchResult:
    """A search that samples until its evidence is settled: ``first`` layouts, then batches
    that make the layouts ``growth`` times as many, up to ``cap`` — stopping as soon as
    ``settled(scores)`` (each candidate's scores on the layouts so far) is true.

    The layouts are those of :func:`determinized` with the same ``rng`` (layout ``i`` from
    :func:`layout_rng`), so a search of ``first`` layouts that settles at once is the very
    search :func:`determinized` makes; each batch is one search of ``share`` (the processes
    that share it score its layouts), and a batch is whole: it is started only when
    ``share.more`` says the time left (:attr:`Share.until`) holds it at the pace of the
    layouts so far, and nothing cuts it short but ``cancelled()``. Without a time limit the
    result depends only on ``rng`` and the evidence. Ties go to ``prefer``, then to the
    earlier candidate."""
    base = rng.getrandbits(64)
    share = share if share is not None else Share()
    partials: list[Partial] = []
    done, target = 0, max(1, first)
    started = time.perf_counter()
    while True:
        low = done

        def run(part: int, parts: int, until: float | None,
                stop: Callable[[], bool] | None, low: int = low,
                high: int = target) -> Partial:
            return run_part(candidates, sample, evaluate, base, high, part, parts, None, stop,
                            first=low)

        partials += share.search(run, None, cancelled)
        result = merge(candidates, partials, prefer)
        done = target
        if (target >= cap or settled(result.scores)
                or (cancelled is not None and cancelled())):
            return result
        target = min(cap, target * growth)
        per = (time.perf_counter() - started) / max(1, result.samples)
        if not share.more(per, target - done):
            return result


def clearly_better(best: Sequence[float], other: Sequence[float], z: float,
                   least: float = 0.0) -> bool:
    """Whether ``best``'s scores beat ``other``'s on the same layouts by more than ``z``
    standard errors of their paired difference and by ``least`` at least on average: a few
    noisy layouts, or a gain too small to matter, do not overturn a simpler choice. With ``z``
    and ``least`` 0 it is just a better mean."""
    diffs = [b - o for b, o in zip(best, other, strict=True)]
    if not diffs:
        return False
    mean = statistics.fmean(diffs)
    if len(diffs) < 2:
        return mean > 0 and z <= 0 and mean >= least
    return mean >= least and mean > z * statistics.stdev(diffs) / math.sqrt(len(diffs))


def paired_counts(best: Sequence[float], other: Sequence[float]) -> tuple[int, int]:
    """On the same layouts, in how many ``best`` scored more than ``other``, and in how many
    less."""
    better = sum(1 for b, o in zip(best, other, strict=True) if b > o)
    worse = sum(1 for b, o in zip(best, other, strict=True) if b < o)
    return better, worse


def choice_words(best: str, other: str, why: str, samples: int, better: int,
                 worse: int) -> Message:
    """A search's choice said as a player would say it, without averages: "Play K♠ rather
    than the obvious 7♠ (it saves your trumps): of 38 layouts of the unseen cards I tried, it
    did better in 12 and worse in 3." ``best``/``other``: the cards as the table draws them
    (:class:`~game.engine.message.Card` values, said in the reader's language); ``why``: a
    short clause from the cards themselves (:func:`contrast`), or empty; ``better``/``worse``:
    from :func:`paired_counts`."""
    if why:
        head = Message("Play {best} rather than the obvious {other} ({why})", best=best,
                       other=other, why=why)
    else:
        head = Message("Play {best} rather than the obvious {other}", best=best, other=other)
    if not samples:
        return Message("{choice}.", choice=head)
    tried = counted("{n} layout", "{n} layouts", n=samples)
    if better > worse:
        tail = Message("it did better in {better} and worse in {worse}", better=better,
                       worse=worse)
    elif better == worse == 0:
        tail = Message("it did just as well in each, and a little better on the whole")
    else:
        tail = Message("it did better in {better} and worse in {worse}, but gained more than "
                       "it lost", better=better, worse=worse)
    return Message("{choice}: of {tried} of the unseen cards I tried, {result}.", choice=head,
                   tried=tried, result=tail)


def contrast(best_suit: int, best_rank: int, other_suit: int, other_rank: int, trump: int,
             other_words: str, takes: tuple[bool, bool] = (False, False)) -> Message | str:
    """Why one card rather than another, from the cards alone (suits, ranks in strength order,
    ``trump`` the trump suit or -1; ``other_words``: the other card as the table draws it;
    ``takes``: whether each would be winning the open trick once played): "it takes this
    trick", "it keeps your K♠ for later", "it saves your trumps", "a trump pays here", or empty
    when the cards say nothing simple."""
    if takes[0] and not takes[1]:
        return Message("it takes this trick")
    if best_suit == other_suit:
        if best_rank < other_rank:
            return Message("it keeps your {card} for later", card=other_words)
        return Message("a higher card pays here")
    if other_suit == trump:
        return Message("it saves your trumps")
    if best_suit == trump:
        return Message("a trump pays here")
    return ""
