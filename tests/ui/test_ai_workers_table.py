"""The table with its AI in real worker processes (issue 17, item 1): the AI seats, the hint
and the play checker answer from other processes, nothing of the AI runs in the UI's, a job
no longer wanted is cancelled in its worker, and closing the window leaves no process."""

from __future__ import annotations

import os
import random
import time

import pygame
import pytest
import worker_jobs
from ui_driver import key

from game.engine import learning
from game.engine.ai import player as ai_player
from game.engine.ai import workers as worker_module
from game.engine.ai.workers import Workers
from game.ui.advice import Advice
from game.ui.app import App
from game.ui.session import Settings


def gone(pid: int) -> bool:
    """True when process ``pid`` no longer runs (a zombie counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] == "Z"
    except OSError:
        return True


def test_a_table_plays_with_its_ai_in_worker_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    here: list[str] = []
    real = ai_player.RulesPlayer.decide

    def spy(self, knowledge, cancelled=ai_player.never):  # type: ignore[no-untyped-def]
        here.append(knowledge.game)
        return real(self, knowledge, cancelled)

    monkeypatch.setattr(ai_player.RulesPlayer, "decide", spy)  # this process only
    # the spy sees a decision asked by the UI's code; one asked by a job run here, in the
    # engine's code, when compiled goes past it: the players such jobs make stay unmade
    monkeypatch.setattr(worker_module, "_players", {})
    monkeypatch.setattr(worker_module, "_advisor", None)
    settings = Settings(ai_level="normal", speed="fast", sound=False)
    settings.learning = {"turup": True}
    app = App((1280, 720), settings)  # the program's own worker processes
    workers = app.session.workers
    assert isinstance(workers, Workers) and not workers.started
    rng = random.Random(3)
    try:
        table = app.start_game("turup", 3)
        app.step(0.0)
        ai_actions = hints = 0
        deadline = time.monotonic() + 120
        while table.summary is None and time.monotonic() < deadline:
            app.step(0.05)
            time.sleep(0.002)
            if table.hand.to_act != 0 or table.busy():
                continue
            if hints == 0:  # South asks for a hint once and waits for it
                key(app, pygame.K_h)
                while table.coach.hint() is None and time.monotonic() < deadline:
                    app.step(0.02)
                    time.sleep(0.01)
                before = len(here)
                assert table.coach.hint() == learning.hint(table.coach.hint_knowledge())
                del here[before:]  # the test's own call, here
                hints += 1
            ai_actions = sum(1 for a in table.hand.history if a.get("seat") != "S")
            table.perform(rng.choice(table.legal()))
        assert table.summary is not None, "the hand did not finish"
        assert ai_actions >= 8
        pids = workers.pids()
        assert pids and os.getpid() not in pids
        assert not here, "no AI decision is made in the UI's process"
        assert not worker_module._players and worker_module._advisor is None, "no AI job either"
    finally:
        pids = workers.pids()
        app.close()
    assert all(gone(p) for p in pids), "closing the window leaves no worker behind"


def test_a_hint_no_longer_wanted_is_cancelled_in_its_worker_process() -> None:
    match_app = App((1280, 720), Settings(ai_level="easy", sound=False), start_menu=False)
    workers = match_app.session.workers
    assert isinstance(workers, Workers)
    try:
        match = match_app.session.new_match("turup", 4)
        knowledge = match.hand.knowledge(match.hand.to_act)  # type: ignore[attr-defined]
        workers.wait_warm(60)
        advice = Advice(workers, hint=worker_jobs.spin_hint)
        advice.at(("position", 1))
        advice.ask_hint(knowledge)
        assert advice._hint is not None
        job = advice._hint[1]
        time.sleep(1.0)  # it thinks in a worker (it would for 30 s)
        assert not job.done() and advice.hint_pending()
        start = time.monotonic()
        advice.at(("position", 2))  # the table shows another position: the hint is dropped
        answer = job.result(10)
        assert time.monotonic() - start < 2.0
        assert answer.reason.startswith("cancelled=True pid=")
        assert int(answer.reason.split("pid=")[1]) in workers.pids()
        assert advice.hint() is None
    finally:
        match_app.close()


def test_the_first_frame_does_not_wait_for_the_workers() -> None:
    app = App((1280, 720), Settings(sound=False))
    workers = app.session.workers
    assert isinstance(workers, Workers)
    seen: list[bool] = []

    def first_frame() -> None:
        seen.append(workers.started)
        app.quit()

    app.after_frame.append(first_frame)
    try:
        app.run()  # one frame, then the loop ends
        assert seen == [False], "no process is started before the first frame is drawn"
        pids = workers.wait_warm(60)  # started right after it
        assert len(pids) == workers.count and os.getpid() not in pids
    finally:
        app.close()
    assert all(gone(p) for p in pids)
