"""Helper processes that share a hard search's sampled layouts: the search on every core.

The process that decides (the *lead*: the arena's process, or the UI's AI worker process) owns
a :class:`Spread` of ``workers`` processes, itself and ``workers - 1`` helpers, and gives it to
its players (:func:`~.player.make_player`). When a player's search runs, the lead sends parts
``1 … P-1`` of it (:func:`~.search.run_part`: every ``P``-th layout) to the helpers as a
:class:`Job`, scores part 0 itself and merges the parts in sample-index order
(:func:`~.search.merge`). A helper rebuilds the player from the job (level, seed, budget,
timed flag), makes the same decision on the same :class:`~..knowledge.Knowledge` in *part
mode* — the searches before the one asked for return the lead's merged parts, the one asked
for scores only its part and stops the decision there — and sends the part's scores back.
Each layout has its own generator (:func:`~.search.layout_rng`), so the layouts do not depend
on which process deals them: an untimed search of a given number of layouts gives the same
answer with any number of workers. By default a spread search samples ``workers`` times the
layouts one process's budget allows (:class:`Spread`'s ``scale``): the same first layouts,
and more.

**Decisions** (where the issue is silent):

* The helpers start on the first search that needs them (:meth:`Spread.start` starts them
  earlier), with the ``spawn`` start method (the same on every system, and safe in a process
  that has threads), each lowered by ``nice`` (default 5) where ``os.nice`` exists. Importing
  this module starts nothing.
* A helper is given the time left, not the lead's clock: the seconds from the job's sending
  (less :data:`HAND_BACK` to hand the scores back), from which it subtracts the wall-clock
  time the job waited. The lead waits for the helpers until its deadline plus
  :data:`HAND_BACK`; a part that is late is dropped, a part whose helper failed is scored by
  the lead itself while time remains (always, when untimed, so an untimed answer never
  depends on a helper), and when the helpers cannot start at all the lead runs every search
  whole itself from then on (the same number of layouts: an untimed answer is the same).
* Cancelling: every job has a number, and a counter shared with the helpers (set up when the
  pool starts) says up to which job the work is off; the lead raises it after every search
  (a late helper stops at once) and when its own ``cancelled()`` turns true.
* The only module state is that counter in a helper process, set when the helper starts
  (the pool's initializer); the lead's state is all in its :class:`Spread` object.
* A lead closes its spread (:meth:`Spread.close`, or a ``with`` block) from its own code, or
  not at all — a spread dropped, or still open when the process exits, is shut down by the
  pool's own exit handling — but never from an exit handler (``atexit``, a
  ``multiprocessing`` finalizer): stopping the pool there waits for ever.
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import multiprocessing
import multiprocessing.connection
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from ..knowledge import Knowledge
from ..native import mypyc_attr
from . import search
from .player import GAME_AI, LEVELS, RulesPlayer

HAND_BACK = 0.004
"""Seconds a helper keeps in hand to send its scores back before the lead's deadline (and
the lead's wait for them past it)."""

POLL = 0.01
"""Seconds between the lead's checks of its ``cancelled()`` while it waits for helpers."""


def default_workers() -> int:
    """The number of cores this process may use (its CPU affinity where the system has one,
    else ``os.cpu_count()``), at least 1."""
    affinity = getattr(os, "sched_getaffinity", None)
    if affinity is not None:
        try:
            return max(1, len(affinity(0)))
        except OSError:
            pass
    return max(1, os.cpu_count() or 1)


@mypyc_attr(native_class=False)  # copied and pickled: see native.py
@dataclass(frozen=True)
class Job:
    """One part of one search, as a helper receives it (picklable)."""

    level: str
    seed: int
    budget_ms: float
    timed: bool
    knowledge: Knowledge
    index: int
    """Which search of the decision (0 = the first)."""
    earlier: tuple[list[search.Partial], ...]
    """The merged parts of the decision's earlier searches, in order."""
    part: int
    parts: int
    remaining: float | None
    """Seconds the part may take from :attr:`sent` (``None``: untimed)."""
    sent: float
    """``time.time()`` when the lead sent the job."""
    ident: int
    """The job's number: the helper stops once the lead's cancel counter reaches it."""
    scale: int = 1
    """The lead's :attr:`~.search.Share.scale`."""
    inference: bool | None = None
    """The lead player's :attr:`~.player.RulesPlayer.inference` (the helper weighs its layouts
    as the lead does)."""
    advise: bool = False
    """The lead player's :attr:`~.player.RulesPlayer.advise` (the helper samples in the same
    batches)."""
    exact: bool = False
    """The lead player's :attr:`~.player.RulesPlayer.exact` (the helper solves its layouts
    exactly near the end as the lead does: one search never mixes exact values and
    playouts)."""
    layouts: int = 0
    """The lead player's :attr:`~.player.RulesPlayer.layouts` (the helper's search samples as
    many as the lead's)."""


_stop: Any = None
"""In a helper process: the lead's cancel counter (see the module's decisions)."""


def _start_helper(stop: Any, nice: int) -> None:
    """A helper's start: keep the cancel counter, lower the priority, and end with the lead."""
    global _stop
    _stop = stop
    settle_child(nice)


def settle_child(nice: int, idle: bool = False) -> None:
    """In a process started by ``multiprocessing``: lower its priority by ``nice`` (where the
    system has ``os.nice``), with ``idle`` also put it in the scheduler's idle class (Linux's
    ``SCHED_IDLE``, where the system has it: the process runs only on a core nobody else wants,
    and a waking frame loop takes the core back at once; the search helpers it starts inherit
    it), and end it as soon as the process that started it is gone, however that one ended (no
    orphan). Shared by the search helpers and the AI's worker processes."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_end_with, args=(parent.sentinel,), daemon=True).start()
    if nice and hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(nice)
    if idle and hasattr(os, "sched_setscheduler") and hasattr(os, "SCHED_IDLE"):
        with contextlib.suppress(OSError):
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))


def _end_with(sentinel: int) -> None:
    """Wait for the parent process to end, then end this one."""
    multiprocessing.connection.wait([sentinel])
    os._exit(0)


def _warm() -> None:
    """Import every game's AI (a helper's first job then starts at once)."""
    import importlib

    for module, _ in GAME_AI.values():
        importlib.import_module(f"{__package__}.{module}")


class _PartDone(Exception):
    """Ends a helper's decision once its part of the search asked for is scored."""

    def __init__(self, partial: search.Partial) -> None:
        super().__init__("part scored")
        self.partial = partial


class _HelperShare(search.Share):
    """A helper's searches: the earlier ones return the lead's parts, the one asked for
    scores the job's part and ends the decision."""

    def __init__(self, job: Job, deadline: float | None,
                 cancelled: Callable[[], bool]) -> None:
        super().__init__(job.scale)
        self.job = job
        self.deadline = deadline
        self.cancelled = cancelled
        self.count = 0

    def search(self, run: search.PartRunner, deadline: float | None,
               cancelled: Callable[[], bool] | None) -> list[search.Partial]:
        index = self.count
        self.count += 1
        if index < self.job.index:
            return list(self.job.earlier[index])
        raise _PartDone(run(self.job.part, self.job.parts, self.deadline, self.cancelled))

    def more(self, per_layout: float, layouts: int) -> bool:
        """A helper replays the lead's batches up to the one asked for, whatever its clock."""
        return self.count <= self.job.index


class _Given:
    """A :class:`~.player.Spreader` that hands the player one given share."""

    def __init__(self, share: search.Share) -> None:
        self.share = share

    def decision(self, player: RulesPlayer, knowledge: Knowledge) -> search.Share:
        return self.share


def run_job(job: Job) -> search.Partial | None:
    """A helper's work: the scores of ``job``'s part of its search (no layout when the job
    was called off or its time ran out before it started; ``None`` when the decision did not
    reach that search, which the same decision always does)."""
    stop = _stop

    def cancelled() -> bool:
        return stop is not None and stop.value >= job.ident

    deadline = None
    if job.remaining is not None:
        deadline = time.perf_counter() + job.remaining - max(0.0, time.time() - job.sent)
    if cancelled() or (deadline is not None and deadline <= time.perf_counter()):
        return search.Partial([], [])
    cls = LEVELS[job.level]
    assert issubclass(cls, RulesPlayer)
    player = cls(job.seed, job.budget_ms, job.timed, inference=job.inference,
                 spread=_Given(_HelperShare(job, deadline, cancelled)), layouts=job.layouts)
    player.advise = job.advise
    player.exact = job.exact
    try:
        player.decide(job.knowledge, cancelled)
    except _PartDone as done:
        return done.partial
    return None


class _LeadShare(search.Share):
    """The lead's searches of one decision: each shared out by the :class:`Spread`."""

    def __init__(self, spread: Spread, player: RulesPlayer, knowledge: Knowledge) -> None:
        super().__init__(spread.workers if spread.scale and player.scaled else 1)
        self.spread = spread
        self.player = player
        self.knowledge = knowledge
        self.earlier: list[list[search.Partial]] = []

    def search(self, run: search.PartRunner, deadline: float | None,
               cancelled: Callable[[], bool] | None) -> list[search.Partial]:
        partials = self.spread.run(self, run, deadline, cancelled)
        self.earlier.append(partials)
        self.samples += sum(len(p.indices) for p in partials)
        return partials


class Spread:
    """``workers`` processes for the hard searches: this one and ``workers - 1`` helpers,
    started on the first search that needs them (or by :meth:`start`) and stopped by
    :meth:`close` (or at the end of a ``with`` block). Cheap to make; one decision at a time
    (a player's decisions, or several players' in turn).

    ``scale`` (default): a search samples ``workers`` times the layouts its budget allows one
    process (the search's work figure, :func:`~.search.samples_for`, is one core's), so more
    cores make a stronger search within the same deadline; without it the number of layouts
    is one process's and the search only finishes sooner (the same answer as one process,
    untimed). A player whose :attr:`~.player.RulesPlayer.scaled` is false is never scaled
    (the learning mode's advisor: its advice must not depend on the machine's cores).
    ``nice``: how much lower the helpers' priority is than this process's."""

    def __init__(self, workers: int, *, scale: bool = True, nice: int = 5,
                 start: str = "spawn") -> None:
        self.workers = max(1, workers)
        self.scale = scale
        self.nice = nice
        self.start_method = start
        """How the helpers are started (``multiprocessing``'s start method): ``spawn`` by
        default; a one-shot command with no threads may ask for ``fork`` where the system
        has it (helpers then start in milliseconds)."""
        self._pool: cf.ProcessPoolExecutor | None = None
        self._stop: Any = None
        self._ident = 0
        self._unable = False
        """True once the helpers could not be started: every search then runs here."""

    def __enter__(self) -> Spread:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def start(self) -> None:
        """Start the helpers now (each imports the games' AI), rather than on the first
        search."""
        pool = self._ensure()
        if pool is not None:
            for _ in range(self.workers - 1):
                pool.submit(_warm)

    def close(self) -> None:
        """Call off the helpers' work and stop them (a later search starts them again)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            self._stop.value = self._ident
            pool.shutdown(wait=True, cancel_futures=True)

    def decision(self, player: RulesPlayer, knowledge: Knowledge) -> search.Share:
        """Where the searches of ``player``'s decision on ``knowledge`` run (for
        :class:`~.player.RulesPlayer`)."""
        return _LeadShare(self, player, knowledge)

    def _ensure(self) -> cf.ProcessPoolExecutor | None:
        if self._pool is None and self.workers > 1:
            ctx = multiprocessing.get_context(self.start_method)
            self._stop = ctx.Value("q", self._ident)
            self._pool = cf.ProcessPoolExecutor(self.workers - 1, mp_context=ctx,
                                                initializer=_start_helper,
                                                initargs=(self._stop, self.nice))
        return self._pool

    def _broken(self) -> None:
        """Forget a pool that failed (the next search starts a new one)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def run(self, lead: _LeadShare, run: search.PartRunner, deadline: float | None,
            cancelled: Callable[[], bool] | None) -> list[search.Partial]:
        """One search of ``lead``'s decision, its parts shared among the processes."""
        parts = self.workers
        if parts <= 1 or self._unable:
            return [run(0, 1, deadline, cancelled)]
        player = lead.player
        futures: dict[int, cf.Future[search.Partial | None]] = {}
        try:
            pool = self._ensure()
            assert pool is not None
            self._ident += 1
            ident = self._ident
            remaining = (None if deadline is None
                         else max(0.0, deadline - time.perf_counter() - HAND_BACK))
            for p in range(1, parts):
                job = Job(player.level, player.seed, player.budget_ms, player.timed,
                          lead.knowledge, len(lead.earlier), tuple(lead.earlier), p, parts,
                          remaining, time.time(), ident, lead.scale, player.inference,
                          player.advise, player.exact, player.layouts)
                futures[p] = pool.submit(run_job, job)
        except Exception:  # the helpers cannot start: every search here from now on
            for f in futures.values():
                f.cancel()
            self._broken()
            self._unable = True
            return [run(0, 1, deadline, cancelled)]
        got = [run(0, parts, deadline, cancelled)]
        pending = set(futures.values())
        while pending:
            if cancelled is not None and cancelled():
                break
            timeout = POLL if cancelled is not None else None
            if deadline is not None:
                left = deadline + HAND_BACK - time.perf_counter()
                if left <= 0:
                    break
                timeout = min(timeout or left, left)
            _, pending = cf.wait(pending, timeout=timeout)
        self._stop.value = max(self._stop.value, ident)  # whatever is left is off
        broken = False
        for p, f in futures.items():
            if not f.done() or f.cancelled():
                f.cancel()  # late: dropped
                continue
            error = f.exception()
            partial = None if error is not None else f.result()
            if partial is not None:
                got.append(partial)
                continue
            broken = broken or isinstance(error, BrokenProcessPool)
            out_of_time = deadline is not None and time.perf_counter() >= deadline
            if not out_of_time and not (cancelled is not None and cancelled()):
                got.append(run(p, parts, deadline, cancelled))  # a helper failed: its part here
        if broken:
            self._broken()
        return got
