"""The review's checks (game/ui/review_checks.py, issue 17): one per worker under way, the step
on screen first, the table's play-checker answers taken instead of asking again, and the
session's memory of them."""

from __future__ import annotations

import random
from concurrent.futures import Executor, Future
from typing import Any

from helpers import fixture
from test_learning_table import south_acts
from ui_driver import NoClaimExecutor, settle

from game.engine import learning
from game.engine.ai import Decision
from game.engine.match import Match
from game.ui.advice import Verdicts, question
from game.ui.app import App
from game.ui.scenes.review import ReviewScene
from game.ui.session import Settings


class Idle(Executor):
    """Workers that never get round to anything: the jobs handed to them are kept."""

    def __init__(self) -> None:
        self.jobs: list[tuple[Any, ...]] = []

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        self.jobs.append(args)
        return Future()


class Counting(NoClaimExecutor):
    """Runs each job at once and counts them (the claim of the rest never offered: not what the
    review takes)."""

    def __init__(self) -> None:
        self.asked = 0

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        self.asked += 1
        return super().submit(fn, *args, **kwargs)


def test_one_check_per_worker_is_under_way_those_of_the_step_on_screen_first() -> None:
    from game.engine.ai.workers import ThreadWorkers

    idle = Idle()
    app = App((1280, 720), Settings(sound=False), workers=ThreadWorkers(idle, count=3),
              start_menu=False)
    try:
        scene = ReviewScene(app, fixture("arbaa-turub-hand.json"))
        app.push(scene)
        late = len(scene.steps) // 2
        scene.go(late)
        app.step(0.0)
        app.step(0.0)
        assert len(idle.jobs) == 3 == len(scene.checking.pending), "one per worker"
        asked = sorted(scene.checking.pending)
        wanted = [i for s in scene.steps[late:] for i in s.points
                  if len(scene.review.decisions[i].knowledge.legal) > 1]  # type: ignore[union-attr]
        assert len(wanted) >= 3 and asked == wanted[:3], "the step on screen first"
        scene.close()
        assert not scene.checking.pending
    finally:
        app.close()


def test_the_review_takes_the_play_checkers_answers_and_asks_nothing_again() -> None:
    """A hand of French Tarot (some twenty decisions of South's, a lay-away among them; a hand
    of Arba'a Turub, 37 searches over 144 cards, took four times as long) played with the
    checker on: the review then asks nothing, and each remembered answer is the one asked
    again."""
    counting = Counting()
    settings = Settings(ai_level="easy", speed="instant", sound=False)
    settings.learning = {"tarot": True}
    app = App((1280, 720), settings, workers=counting)
    try:
        table = app.start_game("tarot", 3)
        app.step(0.0)
        rng = random.Random(1)
        while table.summary is None:
            settle(app, table)
            if table.summary is None:
                south_acts(table, rng)
                app.step(0.0)
        for _ in range(3):
            app.step(0.1)
        remembered = len(app.session.verdicts)
        assert remembered >= 10
        before = counting.asked
        scene = ReviewScene(app, app.session.match.record())
        app.push(scene)
        app.step(0.0)
        assert all(c.done for c in scene.checks)
        assert counting.asked == before, "every question was answered at the table"
        for point, check in zip(scene.review.decisions, scene.checks, strict=True):  # type: ignore[union-attr]
            if len(point.knowledge.legal) > 1 and not point.part:
                again = learning.differs(point.knowledge, list(point.lay_away) or point.taken)
                assert check.better == again, "a remembered answer is the one asked again"
    finally:
        app.close()


def test_verdicts_are_told_apart_by_equal_questions_and_the_oldest_go() -> None:
    match = Match("turup", 5)
    hand = match.hand
    seat = hand.to_act
    a = hand.knowledge(seat)  # type: ignore[attr-defined]
    b = hand.knowledge(seat)  # type: ignore[attr-defined]
    assert a == b and a is not b
    action, other = hand.legal_actions()[:2]
    verdicts = Verdicts(kept=2)
    no = Decision(other, "other")
    verdicts.put(question(a, action), no)
    assert verdicts.get(question(b, dict(action))) == (True, no)
    assert verdicts.get(question(b, other)) == (False, None)
    verdicts.put(question(a, other), None)
    assert verdicts.get(question(b, other)) == (True, None)
    match.apply(action)
    later = match.hand.knowledge(match.hand.to_act)  # type: ignore[attr-defined]
    verdicts.put(question(later, match.hand.legal_actions()[0]), None)
    assert len(verdicts) == 2
    assert verdicts.get(question(a, action)) == (False, None), "the oldest went"
