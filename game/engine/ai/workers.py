"""The AI's worker processes: every AI decision the program asks for while a window is open
runs here, in other processes, so that the frame loop never shares the interpreter with a
search (issue 17, item 1). Pygame-free: a worker never imports pygame nor opens a window.

:class:`Workers` is a :class:`~concurrent.futures.ProcessPoolExecutor` with the ``spawn`` start
method (never ``fork``: the parent has SDL up, and a forked copy of it is undefined behaviour
on every system), started lazily — the first :meth:`Workers.submit` or :meth:`Workers.warm`
starts it, so the first frame never waits for a process — and warmed by a job per worker that
imports the AI. Each worker lowers its own priority (``os.nice`` where the system has it, by
:data:`NICE`) so the frame loop wins the CPU when they compete.

A job is a picklable top-level function and its arguments (:class:`Knowledge`, a
:class:`~game.engine.hand.HandState` copy, levels, seeds — all pickle); the function is called
in the worker as ``fn(*args, cancelled)``. ``cancelled()`` there reads a shared array of job ids
set up in the pool's initializer: :meth:`Job.cancel` in the parent clears the job's entry, and
the worker's search sees it at its next check — cancellation crosses the process boundary.
Deadlines are the players' own (a hard player stops at its budget), as they were in the
thread.

:class:`ThreadWorkers` is the same interface over one thread, for tests that need speed or
determinism of timing; the program itself always uses :class:`Workers`.

**Decision**: the job functions below (:func:`decide`, :func:`claim`, :func:`warm`) and the
learning core's :func:`~game.engine.learning.hint` / :func:`~game.engine.learning.differs` are
what the UI sends; a player is rebuilt in the worker from its level, seed and budget by
:func:`worker_player` (a player keeps no state between decisions besides the game AI objects
it builds, so a worker keeps the players it built: the same knowledge and seed give the same
decision in any worker).
"""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, Generic, TypeVar

from .. import judging, learning
from ..hand import Action, HandState
from ..knowledge import Knowledge
from .advisor import Advisor
from .player import Decision, Player, make_player, never
from .spread import Spread, default_workers, settle_child

__all__ = ["NICE", "AIWorkers", "Job", "ThreadWorkers", "Workers", "about", "claim", "decide",
           "differs", "hint", "judge", "worker_player"]

T = TypeVar("T")

NICE = 19
"""How much a worker process lowers its priority (``os.nice``), so that the frame loop wins.

**Decision**: the lowest priority there is (19). Measured with ``python -m game bench --ai`` on
a busy 2-core machine, workers at 10 still took frames from the loop (p99 with the hard AI
thinking about 2× the idle p99), at 19 they did not (about 1.0–1.2×). A worker still gets every
cycle nobody else wants: on a player's machine, all the cores the game does not use for
drawing."""
SLOTS = 1024
"""Size of the shared array of live job ids: a job's entry is ``id % SLOTS``. More than this
many jobs would have to be under way at once for two to share an entry (the UI has a handful)."""
SHUTDOWN_GRACE = 1.0
"""Seconds :meth:`Workers.shutdown` lets a running search notice its cancellation before the
workers are terminated."""
# -- in the worker process --------------------------------------------------------------------

_live: Any = None
"""The worker's view of the shared array of live job ids (set by :func:`_init`)."""
_players: dict[tuple[str, int, float | None], Player] = {}
"""The players this worker process built (:func:`worker_player`)."""
_spread: Spread | None = None
"""In a worker process: the helper processes its hard searches share (set by :func:`_init`;
``None`` elsewhere, e.g. under :class:`ThreadWorkers`: the search runs whole)."""
_advisor: Advisor | None = None
"""In a worker process: its learning-mode advisor (:func:`hint`, :func:`differs`)."""


def _quiet() -> None:
    """Send what this worker (and every helper it starts, which inherits it) would print to
    the null device.

    **Decision**: nothing a worker prints is for the player, and no traceback may reach the
    terminal the game was started from. A job's failure reaches the game as the job's
    exception; what is left is noise of process start-up and shut-down, e.g. a search helper
    still starting when the game quits finds its parent's locks gone and fails in
    ``multiprocessing``'s own start-up code, before any code of ours runs."""
    with contextlib.suppress(OSError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 2)
        os.close(null)


def _init(live: Any, nice: int, spread: int, idle: bool) -> None:
    """The pool's initializer, in each worker: keep the shared array, lower the priority,
    watch the parent, and prepare (not start) ``spread`` processes for its hard searches
    (this one and ``spread - 1`` helpers, which inherit its priority)."""
    global _live, _spread
    _live = live
    _quiet()
    _spread = Spread(spread, nice=0) if spread > 1 else None
    settle_child(nice, idle)


def _run(job: int, fn: Callable[..., T], args: tuple[Any, ...]) -> T:
    """Run one job in the worker: ``fn(*args, cancelled)`` where ``cancelled()`` is true once
    the parent cancelled job ``job``."""
    live = _live
    slot = job % SLOTS

    def cancelled() -> bool:
        return live is not None and live[slot] != job

    return fn(*args, cancelled)


def worker_player(level: str, seed: int, budget_ms: float | None = None) -> Player:
    """The player of ``level`` with ``seed`` and the hard level's ``budget_ms`` — the one place
    where a worker process builds a player (kept for the next decision of the same seat)."""
    key = (level, seed, budget_ms)
    player = _players.get(key)
    if player is None:
        player = _players[key] = make_player(level, seed, budget_ms, spread=_spread)
    return player


def _strong() -> Advisor:
    """This worker's advisor: the learning core's, its searches shared like the players'."""
    global _advisor
    if _advisor is None:
        _advisor = Advisor(spread=_spread)
    return _advisor


def hint(knowledge: Knowledge, cancelled: Callable[[], bool] = never) -> Decision:
    """A job: :func:`game.engine.learning.hint` with this worker's advisor."""
    return learning.hint(knowledge, cancelled, strong=_strong())


def differs(knowledge: Knowledge, taken: Action | list[Action],
            cancelled: Callable[[], bool] = never) -> Decision | None:
    """A job: :func:`game.engine.learning.differs` with this worker's advisor."""
    return learning.differs(knowledge, taken, cancelled, strong=_strong())


def judge(record: dict[str, Any], index: int,
          cancelled: Callable[[], bool] = never) -> judging.Judgement | None:
    """A job: the decision at action ``index`` of the finished hand ``record`` judged by this
    worker's advisor (:func:`game.engine.learning.point_at`, :func:`game.engine.judging.judge`;
    a learner's progress, :mod:`game.ui.judge`) — ``None`` when it is none to judge: a single
    legal choice, or a lay-away's later discard (judged with its first). The hand is replayed
    here, not in the game's process, and the verdict comes back without the advice itself
    (``better``: its layouts' scores would cost the game's process more to receive than the
    verdict is worth)."""
    point = learning.point_at(record, index)
    if point.part or len(point.knowledge.legal) <= 1:
        return None
    judged = judging.judge(point.knowledge, list(point.lay_away) or point.taken, _strong(),
                           cancelled)
    return dataclasses.replace(judged, better=None)


def decide(level: str, seed: int, budget_ms: float | None, knowledge: Knowledge,
           cancelled: Callable[[], bool] = never) -> Decision:
    """A job: the decision of the player (:func:`worker_player`) from ``knowledge``."""
    return worker_player(level, seed, budget_ms).decide(knowledge, cancelled)


def claim(hand: HandState, seat: int, cancelled: Callable[[], bool] = never) -> list[Action]:
    """A job: :func:`game.engine.claim.claim_actions` of ``hand`` (a copy) for ``seat``."""
    from ..claim import claim_actions

    return claim_actions(hand, seat)


def warm(cancelled: Callable[[], bool] = never) -> int:
    """A job: import what the AI needs (every game's AI and the learning core) and start the
    helper processes this worker's hard searches share, so that the first real decision pays
    for neither; returns the worker's process id."""
    import importlib

    from . import player

    for module, _cls in player.GAME_AI.values():
        importlib.import_module(f"{__package__}.{module}")
    importlib.import_module("game.engine.learning")
    if _spread is not None:
        _spread.start()
    return os.getpid()


def about(cancelled: Callable[[], bool] = never) -> dict[str, Any]:
    """A job: what the worker is — its process id, its priority (``None`` where the system
    has no ``os.nice``) and whether pygame was imported in it (it never should be)."""
    import sys

    policy = getattr(os, "sched_getscheduler", None)
    return {"pid": os.getpid(), "nice": os.nice(0) if hasattr(os, "nice") else None,
            "idle": policy(0) == os.SCHED_IDLE if policy is not None else None,
            "pygame": "pygame" in sys.modules}


# -- in the parent ----------------------------------------------------------------------------


class Job(Generic[T]):
    """One job under way: its result once :meth:`done`; :meth:`cancel` stops it wherever it
    runs (a job not started is dropped; a running search sees ``cancelled()`` true)."""

    def __init__(self, future: Future[T], on_cancel: Callable[[], None]) -> None:
        self.future = future
        self._on_cancel = on_cancel

    def done(self) -> bool:
        """True once the job finished (or failed, or was dropped)."""
        return self.future.done()

    def result(self, timeout: float | None = None) -> T:
        """The job's answer (raises what the job raised)."""
        return self.future.result(timeout)

    def cancel(self) -> None:
        """Stop the job: its ``cancelled()`` turns true in the worker."""
        self._on_cancel()
        self.future.cancel()


class _Pool:
    """What :class:`Workers` and :class:`ThreadWorkers` share: job ids and the submit."""

    count: int

    def __init__(self) -> None:
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self.closed = False
        self._under_way = 0
        """Jobs submitted and not yet finished (:meth:`quiet`)."""

    def _track(self, future: Future[Any]) -> None:
        """Count ``future`` under way until it finishes (counted before this is called)."""

        def finished(_f: Future[Any]) -> None:
            with self._lock:
                self._under_way -= 1

        future.add_done_callback(finished)

    def quiet(self) -> bool:
        """True when no job is under way: a job that may wait (par, :mod:`game.ui.par`) asks
        before it submits, so that it takes no search time from the table's own AI."""
        return self._under_way == 0

    def _executor(self) -> Executor:
        raise NotImplementedError

    def _open(self, job: int) -> None:
        raise NotImplementedError

    def _close(self, job: int) -> None:
        raise NotImplementedError

    def submit(self, fn: Callable[..., T], *args: Any) -> Job[T]:
        """Run ``fn(*args, cancelled)`` in a worker; ``fn`` and ``args`` must pickle (``fn`` a
        module's top-level function, in a module that does not import pygame)."""
        with self._lock:
            if self.closed:
                raise RuntimeError("the AI workers are shut down")
            job = next(self._ids)
            self._open(job)
            self._under_way += 1
            future: Future[T] = self._executor().submit(_run, job, fn, args)
        self._track(future)
        future.add_done_callback(lambda _f: self._close(job))
        return Job(future, lambda: self._close(job))


class Workers(_Pool):
    """The AI's worker processes (see the module's docstring). ``count`` is the number of
    processes (default: every core); ``nice`` how much they lower their priority; ``spread``
    how many processes each worker's hard searches share (itself and ``spread - 1`` helpers
    it starts on its first search; default: every core this process may use, so a single
    decision — the table's, a hint — uses the whole machine); ``idle`` whether they also run
    in the scheduler's idle class where the system has one (see :data:`NICE`)."""

    def __init__(self, count: int | None = None, nice: int = NICE,
                 spread: int | None = None, idle: bool = True) -> None:
        super().__init__()
        self.count = max(1, count if count is not None else (os.cpu_count() or 1))
        self.nice = nice
        self.idle = idle
        self.spread = max(1, spread if spread is not None else default_workers())
        self._context = multiprocessing.get_context("spawn")
        self._live: Any = self._context.RawArray("q", SLOTS)
        self._pool: ProcessPoolExecutor | None = None
        self._warming: list[Future[int]] = []
        self._warming_thread: threading.Thread | None = None

    @property
    def started(self) -> bool:
        """True once the processes were asked for."""
        return self._pool is not None

    def _executor(self) -> Executor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.count, mp_context=self._context, initializer=_init,
                initargs=(self._live, self.nice, self.spread, self.idle))
        return self._pool

    def _open(self, job: int) -> None:
        self._live[job % SLOTS] = job

    def _close(self, job: int) -> None:
        slot = job % SLOTS
        if self._live[slot] == job:
            self._live[slot] = 0

    def warm(self) -> None:
        """Start every worker process and have each import the AI (call it once the first
        frame is on screen). Returns at once: the processes are started from a thread."""
        with self._lock:
            if self.closed or self._warming_thread is not None:
                return
            self._warming_thread = threading.Thread(target=self._warm, daemon=True,
                                                    name="four-trumps-ai-start")
        self._warming_thread.start()

    def _warm(self) -> None:
        try:
            with self._lock:
                if self.closed:
                    return
                pool = self._executor()
                self._warming = [pool.submit(_run, 0, warm, ()) for _ in range(self.count)]
        except Exception as err:  # a process that cannot start: the first job says so
            failed: Future[int] = Future()
            failed.set_exception(err)
            self._warming = [failed]

    def wait_warm(self, timeout: float | None = None) -> list[int]:
        """Start the workers if need be and wait until each has imported the AI; their
        process ids (raises when a worker could not start: the self-test's check)."""
        self.warm()
        assert self._warming_thread is not None
        self._warming_thread.join(timeout)
        return [f.result(timeout) for f in self._warming]

    def pids(self) -> list[int]:
        """The process ids of the workers running now."""
        processes = getattr(self._pool, "_processes", None) or {}
        return [p.pid for p in processes.values() if p.pid is not None]

    def shutdown(self, grace: float = SHUTDOWN_GRACE) -> None:
        """Cancel every job, let a running search stop within ``grace`` seconds, then make
        sure no worker is left (those still running are terminated). Never hangs."""
        with self._lock:
            self.closed = True
            pool, self._pool = self._pool, None
        for i in range(SLOTS):
            self._live[i] = 0
        if pool is None:
            return
        processes = list((getattr(pool, "_processes", None) or {}).values())
        with contextlib.suppress(Exception):
            pool.shutdown(wait=False, cancel_futures=True)
        end = time.monotonic() + grace
        for p in processes:
            p.join(max(0.0, end - time.monotonic()))
        for p in processes:
            if p.is_alive():
                with contextlib.suppress(Exception):
                    p.terminate()
                p.join(1.0)
                if p.is_alive():
                    with contextlib.suppress(Exception):
                        p.kill()
                    p.join(1.0)


class ThreadWorkers(_Pool):
    """The same interface over an :class:`~concurrent.futures.Executor` of this process (by
    default one thread) — for tests only: the program uses :class:`Workers`. A test's executor
    may run a job at once in :meth:`submit` (then ``fn`` gets a ``cancelled`` that is false)."""

    def __init__(self, executor: Executor | None = None, count: int = 1) -> None:
        super().__init__()
        self.count = count
        self._pool = executor or ThreadPoolExecutor(count, thread_name_prefix="four-trumps-ai")
        self._live_ids: set[int] = set()
        self.started = True

    def _executor(self) -> Executor:
        return self._pool

    def _open(self, job: int) -> None:
        self._live_ids.add(job)

    def _close(self, job: int) -> None:
        self._live_ids.discard(job)

    def submit(self, fn: Callable[..., T], *args: Any) -> Job[T]:
        with self._lock:
            if self.closed:
                raise RuntimeError("the AI workers are shut down")
            job = next(self._ids)
            self._open(job)
            live = self._live_ids
            self._under_way += 1
        future: Future[T] = self._pool.submit(fn, *args, lambda: job not in live)
        self._track(future)
        future.add_done_callback(lambda _f: self._close(job))
        return Job(future, lambda: self._close(job))

    def warm(self) -> None:
        """Nothing to start."""

    def wait_warm(self, timeout: float | None = None) -> list[int]:
        """Nothing to wait for: no other process."""
        return []

    def pids(self) -> list[int]:
        """No other process."""
        return []

    def shutdown(self, grace: float = SHUTDOWN_GRACE) -> None:
        """Cancel every job and let the executor go."""
        self.closed = True
        self._live_ids.clear()
        self._pool.shutdown(wait=False, cancel_futures=True)


AIWorkers = Workers | ThreadWorkers
"""What the UI holds: the worker processes, or (tests) the thread stand-in."""

