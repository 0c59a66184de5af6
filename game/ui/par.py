"""Par (issue 27; issue 36: one strong player): a deal played again by the strong player in
South's seat, in the AI's worker processes, while the table goes on — no pygame.

A :class:`ParRun` plays one hand from its deal: the strong player at South, every other seat
the level it had in the player's own play with the seed the table gives it
(:data:`game.ui.table.ai_driver` builds seat ``s``'s player from ``match.seed * 4 + s``; par
does the same). Each decision is one job in the workers, asked from a thread of this process
that waits for it, so the frame loop never waits; par asks only while no other job is under
way in the workers (:meth:`ParRun._decide`), so a table's own AI decision waits at most for the
one par decision already running, and the workers run at the lowest priority
(:data:`~game.engine.ai.workers.NICE`). When the hand is over the run's :attr:`ParRun.future`
holds the finished hand record (its end can wake the frame loop, :func:`game.ui.wake.watch`).

**Decision** (one strong player): South's every decision in par is the hint — the same job the
table's Hint sends (:func:`~game.engine.ai.workers.hint`: the worker's
:class:`~game.engine.ai.advisor.Advisor`, its fixed seed, judged against the obvious choice by
the standard of evidence of :mod:`game.engine.ai.evidence`), from South's knowledge. The hint,
the play checker, the review and par are then one player: a player who takes every hint
against the same opponents plays par's hand decision for decision. That advisor is *untimed*
(it samples until its evidence is settled or its cap of layouts is reached, never reading the
clock), so the same knowledge gives the same choice on any machine and under any load — which
is what makes "follow every hint" meet par. Only the ``hint`` command caps its time
(:data:`~game.engine.ai.advisor.ADVICE_TIME_CAP`); the table's hint, the checker, the review
and par never do.

**Decision** (honest par): par is still one play. Its opponents are the player's levels with
the table's seeds; a hard opponent's search samples within a time budget, so it may choose
otherwise in par than at the table, and from there the cards on the table differ (par's
comparison says so, :mod:`game.ui.scenes.par_compare`); the screens say "the strong player
made …", never "the best result".

:class:`Pars` holds the runs of one session by name, so a screen that closes and opens again
finds its par under way.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Mapping
from concurrent.futures import Future
from typing import Any

from ..engine import games, records
from ..engine.ai.player import best_level
from ..engine.ai.workers import AIWorkers, Job, decide, hint
from ..engine.hand import Action

STRONG = "advisor"
"""What par's South is (:attr:`ParRun.levels`): the learning mode's advisor, the hint's player
(see the module's docstring), whatever the levels of the other seats."""
WAIT_STEP = 0.25
"""Seconds the par thread waits for a decision before it looks whether it was cancelled."""
YIELD_STEP = 0.02
"""Seconds between two looks whether the workers are free (:meth:`ParRun._decide`)."""
YIELD_LIMIT = 3.0
"""The longest par waits for the workers to be free before it asks all the same."""


def par_levels(record: Mapping[str, Any], seats: Mapping[str, str]) -> dict[str, str]:
    """Each seat's level in par of ``record``'s deal: the strong player (:data:`STRONG`) at
    South, ``seats``' levels elsewhere (the best level there is at that table; ``"hard"``
    for a seat it lacks)."""
    spec = games.get(record["game"])
    table = spec.table(spec.full_options(dict(record.get("options") or {})))
    levels = {s: best_level(str(seats.get(s, "hard")), spec.name, table.size)
              for s in table.letters[1:]}
    return {"S": STRONG, **levels}


def fresh(record: Mapping[str, Any]) -> dict[str, Any]:
    """``record``'s deal as a hand record with no actions (a match record: its last hand)."""
    hand = dict(record["hands"][-1]) if "hands" in record else dict(record)
    if "hands" in record and "options" not in hand:
        hand["options"] = dict(record.get("options") or {})
    return {**hand, "actions": []}


class ParRun:
    """The strong player's play of ``record``'s deal (see the module's docstring): ``seats``
    the levels of the player's AI seats by letter, ``seed`` the player's match seed,
    ``budget_ms`` the hard level's budget for a hard opponent (``None``: its default, as at
    the table; South's advisor has its own fixed work, the hint's). Starts at once in a thread
    of its own."""

    def __init__(self, record: Mapping[str, Any], seats: Mapping[str, str], seed: int,
                 workers: AIWorkers, budget_ms: float | None = None) -> None:
        self.deal = fresh(record)
        self.levels = par_levels(self.deal, seats)
        self.seed = seed
        self.workers = workers
        self.budget_ms = budget_ms
        self.future: Future[dict[str, Any]] = Future()
        """The finished hand record of par (raises what stopped it: cancelled, a bad deal)."""
        self._stop = threading.Event()
        self._job: Job[Any] | None = None
        self.played = 0
        """Actions of par played so far (for a progress line)."""
        self._thread = threading.Thread(target=self._run, daemon=True, name="four-trumps-par")
        self._thread.start()

    @classmethod
    def of_record(cls, record: Mapping[str, Any]) -> ParRun:
        """A run already over: par's finished hand record ``record`` (kept from an earlier
        run), for the screens that show a run."""
        self = cls.__new__(cls)
        self.deal = fresh(record)
        self.levels, self.seed, self.budget_ms = {}, 0, None
        self.future = Future()
        self.future.set_result(dict(record))
        self._stop, self._job = threading.Event(), None
        self.played = len(record["actions"])
        return self

    def _run(self) -> None:
        try:
            self.future.set_result(self._play())
        except BaseException as err:  # the run's end is its future's: never a traceback
            if not self.future.done():
                self.future.set_exception(err)

    def _play(self) -> dict[str, Any]:
        _, hand = records.start_hand(self.deal)
        actions: list[Action] = []
        while not hand.done:
            seat = hand.to_act
            assert seat is not None
            action = self._decide(hand, seat, hand.table.letters[seat])
            hand.apply(action)
            actions.append(dict(action))
            self.played = len(actions)
        return {**self.deal, "actions": actions}

    def _decide(self, hand: Any, seat: int, letter: str) -> Action:
        """One decision of par in the workers, asked once no other job is under way there
        (the table's AI, a hint, a check: at most :data:`YIELD_LIMIT` later).

        **Decision** (par yields to the table): par's searches and the table's hard players'
        would share the cores and each sample fewer layouts (measured: the table's hard
        searches sampled a third to a half fewer while par ran); asking only when the workers
        are free leaves the table's AI its whole time, and par fills the seconds the player
        thinks."""
        waited = 0.0
        while not self.workers.quiet() and waited < YIELD_LIMIT:
            if self._stop.wait(YIELD_STEP):
                raise CancelledRun
            waited += YIELD_STEP
        if self._stop.is_set():
            raise CancelledRun
        knowledge = hand.knowledge(seat)
        job: Job[Any] = (self.workers.submit(hint, knowledge) if seat == 0 else
                         self.workers.submit(decide, self.levels[letter], self.seed * 4 + seat,
                                             self.budget_ms, knowledge))
        self._job = job
        while True:
            try:
                action = job.result(WAIT_STEP).action
                break
            except TimeoutError:
                if self._stop.is_set():
                    job.cancel()
                    raise CancelledRun from None
            except Exception:  # an AI failure: a legal choice, as at the table
                action = None
                break
        if action is None or hand.why_illegal(action) is not None:
            action = random.Random(len(hand.history)).choice(hand.legal_actions())
        return action

    @property
    def done(self) -> bool:
        """True once par is played (or stopped)."""
        return self.future.done()

    def result(self) -> dict[str, Any] | None:
        """Par's finished hand record once it is done and played to the end, else ``None``."""
        if not self.future.done() or self.future.cancelled():
            return None
        return None if self.future.exception() is not None else self.future.result()

    def cancel(self) -> None:
        """Stop par (its decision under way is cancelled in the worker)."""
        self._stop.set()
        if self._job is not None:
            self._job.cancel()


class CancelledRun(Exception):
    """Par was stopped before the end."""


class Pars:
    """The par runs of a session, by name (see the module's docstring); ``budget_ms`` the hard
    level's budget for each run's hard opponents (``None``: its default, as at the table)."""

    def __init__(self, workers: AIWorkers, budget_ms: float | None = None) -> None:
        self.workers = workers
        self.budget_ms = budget_ms
        self.runs: dict[str, ParRun] = {}

    def start(self, name: str, record: Mapping[str, Any], seats: Mapping[str, str],
              seed: int) -> ParRun:
        """Par of ``record``'s deal under ``name`` (the run already under that name, unless
        it failed)."""
        run = self.runs.get(name)
        if run is None or (run.done and run.result() is None):
            run = self.runs[name] = ParRun(record, seats, seed, self.workers, self.budget_ms)
        return run

    def get(self, name: str) -> ParRun | None:
        """The run under ``name``, if any."""
        return self.runs.get(name)

    def close(self) -> None:
        """Stop every run (the window closes)."""
        for run in self.runs.values():
            run.cancel()
