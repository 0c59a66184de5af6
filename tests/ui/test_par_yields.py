"""Par yields to the table (issue 27, :meth:`game.ui.par.ParRun._decide`): it asks for its next
decision only while no other job is under way in the workers, and the workers say when that is
(:meth:`~game.engine.ai.workers.ThreadWorkers.quiet`)."""

from __future__ import annotations

import datetime
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import pytest

from game.engine import daily
from game.engine.ai.workers import ThreadWorkers
from game.ui import par
from game.ui.par import YIELD_LIMIT, ParRun

DAY = datetime.date(2026, 11, 20)
SEATS = {"W": "normal", "N": "normal", "E": "normal"}


def blocked(release: threading.Event) -> Callable[[Callable[[], bool]], str]:
    def job(cancelled: Callable[[], bool]) -> str:
        release.wait(10)
        return "done"
    return job


def test_the_workers_say_when_no_job_is_under_way() -> None:
    workers = ThreadWorkers(ThreadPoolExecutor(2))
    release = threading.Event()
    try:
        assert workers.quiet()
        job = workers.submit(blocked(release))
        assert not workers.quiet()
        release.set()
        assert job.result(5) == "done"
        for _ in range(100):
            if workers.quiet():
                break
            time.sleep(0.01)
        assert workers.quiet()
    finally:
        workers.shutdown()


def test_par_waits_while_the_table_has_a_job_under_way_then_plays_to_the_end() -> None:
    workers = ThreadWorkers(ThreadPoolExecutor(2))
    release = threading.Event()
    try:
        table = workers.submit(blocked(release))
        run = ParRun(daily.deal_of("turup", DAY), SEATS, daily.seed_of("turup", DAY), workers,
                     budget_ms=10)
        time.sleep(min(1.0, YIELD_LIMIT / 3))
        assert run.played == 0 and not run.done
        release.set()
        table.result(5)
        record = run.future.result(60)
        assert record["actions"] and run.result() == record
    finally:
        workers.shutdown()


def test_par_does_not_wait_for_ever_on_a_busy_table(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(par, "YIELD_LIMIT", 0.05)
    workers = ThreadWorkers(ThreadPoolExecutor(2))
    release = threading.Event()
    try:
        table = workers.submit(blocked(release))
        run = ParRun(daily.deal_of("tarabish", DAY), SEATS, daily.seed_of("tarabish", DAY),
                     workers, budget_ms=10)
        record = run.future.result(30)
        assert record["actions"] and not table.done()
    finally:
        release.set()
        workers.shutdown()
