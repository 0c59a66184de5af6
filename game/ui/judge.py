"""Judging South's decisions after each ordinary hand (issue 39), quietly, in the AI's workers —
no pygame here.

The frame loop calls :meth:`Judge.watch` each frame: every hand of a game in progress that
finishes while the window is open, with the person at South, is kept as waiting in the
:class:`~.progress_book.ProgressBook` (so a quit or a kill before it is judged leaves it to the
next start) and handed to the judge's thread. The deal of the day's first finished play of a
day is handed over by :func:`.daily_play.finish` (:meth:`Judge.add`). Guided hands, practice
hands and autoplay never are: they are not the games in progress, or not the person's.

The thread takes the hands one by one, and asks one job per action of South in the workers
(:func:`game.engine.ai.workers.judge`: the hand replayed there up to that decision, the play
checker's advisor, its verdict, the kind of decision and its cost), only while no other job is
under way there — the table's AI, a hint, the review's checks and par go first; the workers
run at the lowest priority. A decision with a single legal choice is not one; a lay-away is
judged as a set at its first discard. **Decision** (measured, ``bench --judge``): nothing of
the hand is replayed in the game's process and the verdict comes back without the advice's
layouts, so the frame loop shares its interpreter with as little as can be. The
finished hand's judgements wait for the frame loop (:meth:`Judge.settle`), which records them
in the book (only the frame loop's thread changes it).

**Decision** (which hands): hands that finished before this session's first look (the games in
progress found at start) are not judged again — those not judged yet are in the book as
waiting. A hand whose judging is cut short (quit, kill) is judged again from its start at the
next start: its judgements are not kept piecemeal, since a hand counts whole.
"""

from __future__ import annotations

import hashlib
import json
import logging
import queue
import threading
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from .. import storage
from ..engine.ai import workers as jobs
from ..engine.ai.workers import AIWorkers, Job
from ..engine.judging import Judgement
from .progress_book import ProgressBook

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from .session import Session

log = logging.getLogger(__name__)

WAIT_STEP = 0.25
"""Seconds the thread waits for a decision's job before it looks whether it was stopped."""
YIELD_STEP = 0.05
"""Seconds between two looks whether the workers are free."""
PACE = 0.05
"""Seconds the judge rests before each decision it asks. **Decision** (measured with ``bench
--ai --judge``): without it the judge's jobs followed each other at about 40 a second, and
their traffic through the game's process raised the frame time's p99 more than the hard AI
thinking does; a hand of Arba'a Turub is still judged in a few seconds."""
CLOSE_WAIT = 1.0
"""The longest :meth:`Judge.close` waits for the thread to end (it ends at its next look,
:data:`WAIT_STEP`, once its job is cancelled)."""


def hand_id(key: str, seed: int, index: int, record: Mapping[str, Any]) -> str:
    """The name a finished hand of a game in progress is judged under: its statistics key,
    its match's seed, its number in the match and a digest of its actions — a deal played
    again ("Play a deal number…") is another hand, unless every action is the same."""
    actions = json.dumps(record.get("actions"), sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256(actions.encode("utf-8")).hexdigest()[:10]
    return f"{key}/{seed}/{index}/{digest}"


class Judge:
    """Judges finished hands in ``workers`` for ``book`` (see the module's docstring)."""

    def __init__(self, workers: AIWorkers, book: ProgressBook) -> None:
        self.workers = workers
        self.book = book
        self._queue: queue.Queue[tuple[str, dict[str, Any]] | None] = queue.Queue()
        """The hands to judge, in order; ``None`` wakes the thread to end."""
        self._done: list[tuple[str, list[tuple[int, Judgement]]]] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._job: Job[Any] | None = None
        self._started = False
        """Judging begins once :meth:`start` is called (after the first frame); hands
        finished before wait in the queue."""
        self._queued: list[str] = []
        """Every hand handed to the thread this session, in order."""
        self._seen: dict[str, tuple[object, int]] | None = None
        """Per game: the match last looked at and its finished hands then (``None``: before
        the first look)."""
        self.judging: str | None = None
        """The hand being judged (its id)."""
        self.on_judged: Callable[[], None] | None = None
        """Called in the judge's thread when a hand is judged (the app wakes its frame loop,
        which records it: :meth:`settle`)."""

    def start(self) -> None:
        """Hand the thread the hands left waiting by an earlier session (the first frame is on
        screen: the book is read now)."""
        self._started = True
        queued = set(self._queued)
        for waiting in list(self.book.load().pending):
            if waiting["id"] not in queued:
                self._put(waiting["id"], waiting["record"])
        self._run()

    def _put(self, name: str, record: Mapping[str, Any]) -> None:
        self._queued.append(name)
        self._queue.put((name, dict(record)))

    def watch(self, session: Session) -> None:
        """Keep as waiting, and judge, every hand finished since the last look in the games in
        progress whose South is the person (called each frame)."""
        first = self._seen is None
        seen = self._seen = self._seen or {}
        for game, match in list(session.matches.items()):
            finished = len(match.results)
            last, count = seen.get(game, (None, 0))
            if last is match and count == finished:
                continue
            seen[game] = (match, finished)
            if first or match.seats.get("S") != "human":
                continue
            start = count if last is match else 0
            key = storage.stats_key(match.game, match.options)
            for index in range(start, finished):
                record = match.hands[index]
                self.add(hand_id(key, match.seed, index, record), key, record)

    def add(self, name: str, key: str, record: Mapping[str, Any]) -> None:
        """Keep the finished hand ``record`` as waiting under ``name`` (statistics key
        ``key``) and judge it (nothing when it is known already)."""
        if self.book.add_pending(name, key, record):
            self._put(name, record)
            self._run()

    def settle(self) -> bool:
        """Record the hands judged since the last call (called each frame); returns whether
        any was."""
        with self._lock:
            done, self._done = self._done, []
        for name, judged in done:
            self.book.record(name, judged)
        return bool(done)

    def idle(self) -> bool:
        """True when no hand waits, is being judged or waits to be recorded."""
        with self._lock:
            return self._queue.empty() and self.judging is None and not self._done

    def close(self) -> None:
        """Stop judging (the decision under way is cancelled in its worker); what was judged
        is recorded first."""
        self._stop.set()
        self._queue.put(None)
        job = self._job
        if job is not None:
            job.cancel()
        if self._thread is not None:
            self._thread.join(CLOSE_WAIT)
        self.settle()

    # -- the thread ----------------------------------------------------------------------------

    def _run(self) -> None:
        if self._started and self._thread is None and not self._stop.is_set():
            self._thread = threading.Thread(target=self._loop, daemon=True,
                                            name="four-trumps-judge")
            self._thread.start()

    def _loop(self) -> None:
        while not self._stop.is_set():
            item = self._queue.get()  # asleep until a hand comes (or :meth:`close`)
            if item is None:
                return
            name, record = item
            self.judging = name
            try:
                judged = self._judge(record)
            except _Stopped:
                return
            except Exception:  # a bug: logged, never a traceback on the terminal
                log.exception("could not judge the hand %s", name)
                judged = []
            with self._lock:
                self._done.append((name, judged))
                self.judging = None
            if self.on_judged is not None:
                self.on_judged()

    def _judge(self, record: dict[str, Any]) -> list[tuple[int, Judgement]]:
        """Every decision of South in the finished hand ``record``, judged (each job replays
        the hand in its worker: nothing of the hand is replayed here, in the frame loop's
        process)."""
        out: list[tuple[int, Judgement]] = []
        for index, action in enumerate(record["actions"]):
            if not isinstance(action, Mapping) or action.get("seat") != "S":
                continue
            judged = self._ask(record, index)
            if judged is not None:
                out.append((index, judged))
        return out

    def _ask(self, record: dict[str, Any], index: int) -> Judgement | None:
        """The decision at action ``index`` judged in the workers, asked once no other job is
        under way there; ``None`` when it is none to judge or the AI failed on it (the
        decision is left out)."""
        if self._stop.wait(PACE):
            raise _Stopped
        while not self.workers.quiet():
            if self._stop.wait(YIELD_STEP):
                raise _Stopped
        try:
            job: Job[Judgement | None] = self.workers.submit(jobs.judge, record, index)
        except RuntimeError:  # the workers were shut down meanwhile: the window closes
            raise _Stopped from None
        self._job = job
        while True:
            try:
                return job.result(WAIT_STEP)
            except TimeoutError:
                if self._stop.is_set():
                    job.cancel()
                    raise _Stopped from None
            except Exception:  # an AI failure: that decision is not judged
                return None


class _Stopped(Exception):
    """The judge was closed mid-hand."""
