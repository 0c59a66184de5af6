"""The AI's worker processes (game/engine/ai/workers.py): spawned, lowered in priority,
cancellable across the process boundary, the same decisions as in this process, and nothing
left behind."""

from __future__ import annotations

import os
import time

import pytest
import worker_jobs

from game.engine import learning
from game.engine.ai import make_player
from game.engine.ai.workers import ThreadWorkers, Workers, about, claim, decide, differs, hint
from game.engine.claim import claim_actions
from game.engine.match import Match


@pytest.fixture(scope="module")
def workers():
    pool = Workers(2)
    pool.wait_warm(60)
    yield pool
    pool.shutdown()


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie is gone as far as anyone can see
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def test_the_workers_are_other_processes_with_a_lower_priority_and_no_pygame(workers):
    facts = [workers.submit(about).result(30) for _ in range(4)]
    assert all(f["pid"] != os.getpid() for f in facts)
    assert {f["pid"] for f in facts} <= set(workers.pids())
    assert len(workers.pids()) == 2
    assert not any(f["pygame"] for f in facts)
    if hasattr(os, "nice"):
        assert all(f["nice"] == 19 for f in facts)
    if hasattr(os, "SCHED_IDLE"):  # the scheduler's idle class: the frame loop wins at once
        assert all(f["idle"] for f in facts)


def test_cancelling_a_job_stops_it_in_the_worker(workers):
    job = workers.submit(worker_jobs.spin, 30.0)
    time.sleep(0.5)
    assert not job.done()
    start = time.monotonic()
    job.cancel()
    done = job.result(10)
    assert done["cancelled"] and done["pid"] != os.getpid()
    assert time.monotonic() - start < 2.0
    other = workers.submit(worker_jobs.spin, 0.2).result(10)  # the others are not touched
    assert not other["cancelled"]


@pytest.mark.parametrize("game", ["arbaa-turub", "tarot"])
def test_a_decision_in_a_worker_is_the_one_made_here(workers, game):
    match = Match(game, 7)
    match.apply(match.hand.legal_actions()[0])
    seat = match.hand.to_act
    knowledge = match.hand.knowledge(seat)
    there = workers.submit(decide, "normal", 11, None, knowledge).result(30)
    here = make_player("normal", 11).decide(knowledge)
    assert there == here
    advice = workers.submit(learning.hint, knowledge).result(60)
    assert advice == learning.hint(knowledge)
    # the worker's own advisor shares its search with a helper process: the same advice
    assert workers.submit(hint, knowledge).result(60) == advice
    assert workers.submit(differs, knowledge, advice.action).result(60) is None


def test_a_claim_is_asked_of_a_copy_of_the_hand(workers):
    match = Match("turup", 3)
    copy = match.hand.clone()
    assert workers.submit(claim, copy, 0).result(30) == claim_actions(match.hand.clone(), 0)


def test_the_workers_start_only_when_asked_and_leave_nothing_behind():
    pool = Workers(1)
    assert not pool.started and pool.pids() == []
    job = pool.submit(worker_jobs.spin, 60.0)  # a search that would not stop by itself soon
    time.sleep(0.3)
    pids = pool.pids()
    assert len(pids) == 1 and alive(pids[0])
    start = time.monotonic()
    pool.shutdown(grace=0.5)
    assert time.monotonic() - start < 5.0
    assert not alive(pids[0])
    assert job.done()
    with pytest.raises(RuntimeError):
        pool.submit(about)


def test_the_thread_stand_in_cancels_too():
    pool = ThreadWorkers()
    job = pool.submit(worker_jobs.spin, 30.0)
    time.sleep(0.1)
    job.cancel()
    assert job.result(5)["cancelled"]
    pool.shutdown()
