"""South's decisions judged after each ordinary hand (issue 39, :mod:`game.ui.judge`): a hand
that finishes is kept as waiting, judged decision by decision in the workers while they are
otherwise free, and recorded by the frame loop; hands found finished at start, autoplay's and
the deal of the day's later plays are not; a hand whose judging was cut short is judged at the
next start."""

from __future__ import annotations

import random
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from game import storage
from game.engine import learning
from game.engine.ai import workers as jobs
from game.engine.ai.workers import ThreadWorkers
from game.engine.judging import AGREED, MISTAKE, Judgement, decision_kind
from game.engine.match import Match
from game.ui import persist
from game.ui.judge import Judge, hand_id
from game.ui.progress_book import ProgressBook


def finish_hand(match: Match, seed: int = 0) -> None:
    """Play the current hand to its end with random legal actions, then deal the next."""
    rng = random.Random(seed)
    while not match.hand.done:
        match.apply(rng.choice(match.hand.legal_actions()))
    match.deal()


def one_hand_judged(judge: Judge, seed: int, play: int = 0) -> Match:
    """A Turup match of ``seed`` watched by ``judge`` from its start (the first look), judging
    started, its first hand played out (random legal actions of ``play``) and seen finished."""
    match = Match("turup", seed, ai_level="normal")
    session = SimpleNamespace(matches={"turup": match})
    judge.watch(session)                       # the first look: nothing finished yet
    judge.start()
    finish_hand(match, play)
    judge.watch(session)
    return match


def fake_judge(record, index, cancelled=None) -> Judgement | None:
    """Every card a mistake costing 1, everything else agreed (fast and known)."""
    point = learning.point_at(record, index)
    if point.part or len(point.knowledge.legal) <= 1:
        return None
    knowledge, taken = point.knowledge, list(point.lay_away) or point.taken
    kind = decision_kind(knowledge, taken)
    if isinstance(taken, dict) and "play" in taken:
        return Judgement(kind, MISTAKE, 1.0)
    return Judgement(kind, AGREED)


def wait_idle(judge: Judge, seconds: float = 60.0) -> None:
    end = time.monotonic() + seconds
    while not judge.idle() or judge._done:
        judge.settle()
        assert time.monotonic() < end, "the judge did not finish"
        time.sleep(0.01)
    judge.settle()


def south_decisions(record: dict[str, Any]) -> int:
    """South's decisions that are judged: more than one legal choice, a lay-away once."""
    return sum(1 for p in learning.review(record, 0).decisions
               if not p.part and len(p.knowledge.legal) > 1)


@pytest.fixture
def paths(tmp_path: Path) -> storage.Paths:
    return storage.resolve_paths(tmp_path)


def test_a_finished_hand_is_kept_judged_and_recorded(paths, monkeypatch) -> None:
    monkeypatch.setattr(jobs, "judge", fake_judge)
    keeper = persist.Keeper(paths)
    book = ProgressBook(keeper)
    judge = Judge(ThreadWorkers(), book)
    woken: list[int] = []
    judge.on_judged = lambda: woken.append(1)  # the app wakes its frame loop so
    match = one_hand_judged(judge, 11)
    name = hand_id("turup", 11, 0, match.hands[0])
    assert book.known(name)
    wait_idle(judge)
    assert woken == [1]
    record = match.hands[0]
    decisions = south_decisions(record)
    cards = sum(1 for a in record["actions"] if a["seat"] == "S" and "play" in a)
    summary = book.summary("turup")
    assert summary.hands == 1 and summary.judged == decisions
    assert book.pending == [] and book.summary("turup", 10).per_hundred is not None
    assert book.example("turup", "lead") is not None or cards == 0
    judge.close()
    assert keeper.writer.flush()
    keeper.writer.close()
    again = ProgressBook(persist.Keeper(paths))
    assert again.summary("turup") == summary and again.load().notice is None


def test_hands_finished_before_the_first_look_and_autoplay_are_not_judged(monkeypatch) -> None:
    monkeypatch.setattr(jobs, "judge", fake_judge)
    book = ProgressBook()
    judge = Judge(ThreadWorkers(), book)
    resumed = Match("turup", 3, ai_level="normal")
    finish_hand(resumed)
    autoplay = Match("tarabish", 4, ai_level="normal", south="normal")
    session = SimpleNamespace(matches={"turup": resumed, "tarabish": autoplay})
    judge.watch(session)
    finish_hand(autoplay)
    judge.watch(session)
    assert book.pending == []
    finish_hand(resumed, 1)
    judge.watch(session)
    assert [p["id"] for p in book.pending] == [hand_id("turup", 3, 1, resumed.hands[1])]
    judge.close()


def test_a_new_match_and_a_french_tarot_table_are_kept_under_their_keys(monkeypatch) -> None:
    monkeypatch.setattr(jobs, "judge", fake_judge)
    book = ProgressBook()
    judge = Judge(ThreadWorkers(), book)
    session = SimpleNamespace(matches={})
    judge.watch(session)
    match = session.matches["tarot"] = Match("tarot", 5, {"players": 5}, ai_level="normal")
    finish_hand(match)
    judge.watch(session)
    assert [p["key"] for p in book.pending] == ["tarot-5"]
    judge.close()


def test_judging_cut_short_is_done_at_the_next_start(paths, monkeypatch) -> None:
    started = []

    def slow(record, index, cancelled=None):
        started.append(1)
        while not cancelled():
            time.sleep(0.005)
        raise RuntimeError("cancelled")

    monkeypatch.setattr(jobs, "judge", slow)
    keeper = persist.Keeper(paths)
    judge = Judge(ThreadWorkers(), ProgressBook(keeper))
    match = one_hand_judged(judge, 8)
    end = time.monotonic() + 30
    while not started:
        assert time.monotonic() < end
        time.sleep(0.01)
    judge.close()                                  # the window closes mid-hand
    assert keeper.writer.flush()
    keeper.writer.close()

    monkeypatch.setattr(jobs, "judge", fake_judge)
    book = ProgressBook(persist.Keeper(paths))
    assert [p["id"] for p in book.load().pending] == [hand_id("turup", 8, 0, match.hands[0])]
    again = Judge(ThreadWorkers(), book)
    again.start()
    wait_idle(again)
    assert book.pending == [] and book.summary("turup").judged == south_decisions(
        match.hands[0])
    again.close()


def test_the_judge_waits_for_the_workers_to_be_free(monkeypatch) -> None:
    monkeypatch.setattr(jobs, "judge", fake_judge)
    workers = ThreadWorkers(count=2)
    busy = workers.submit(lambda cancelled: time.sleep(0.4))
    book = ProgressBook()
    judge = Judge(workers, book)
    one_hand_judged(judge, 2)
    time.sleep(0.2)
    assert not busy.done() and book.summary("turup").hands == 0
    wait_idle(judge)
    assert book.summary("turup").hands == 1
    judge.close()


def test_the_real_job_gives_the_checkers_verdict_on_every_decision() -> None:
    """The worker's job on a whole Turup hand: one judgement per decision of South, a mistake
    exactly where the play checker says so."""
    book = ProgressBook()
    judge = Judge(ThreadWorkers(), book)
    match = one_hand_judged(judge, 21, 5)
    wait_idle(judge, 300)
    record = match.hands[0]
    entry = book.games["turup"]["hands"][0]
    assert entry["judged"] == south_decisions(record)
    marks = {m[0] for m in entry["marks"]}
    for p in learning.review(record, 0).decisions:
        if not p.part and len(p.knowledge.legal) > 1:
            said = learning.differs(p.knowledge, list(p.lay_away) or p.taken)
            assert (said is not None) == (p.index in marks), p.index
    judge.close()


def test_a_deal_played_again_is_another_hand(monkeypatch) -> None:
    """"Play a deal number…" deals the same cards again: a play of them that differs is
    judged too; the very same play is not counted twice."""
    monkeypatch.setattr(jobs, "judge", fake_judge)
    book = ProgressBook()
    judge = Judge(ThreadWorkers(), book)
    session = SimpleNamespace(matches={})
    judge.watch(session)
    for play in (0, 1, 1):
        match = session.matches["turup"] = Match("turup", 77, ai_level="normal")
        judge.watch(session)
        finish_hand(match, play)
        judge.watch(session)
    assert len(book.pending) == 2 and len({p["id"] for p in book.pending}) == 2
    judge.close()


def test_the_deal_of_the_days_first_play_is_judged_its_replay_is_not(monkeypatch) -> None:
    import datetime

    from ui_driver import make_app

    from game.ui import daily_play

    monkeypatch.setattr(jobs, "judge", fake_judge)
    app = make_app((1280, 720))
    session = app.session
    day = datetime.date(2026, 11, 20)
    for _ in range(2):
        match = daily_play.daily_match("turup", 4, day, {"S": "human", "W": "normal",
                                                         "N": "normal", "E": "normal"})
        rng = random.Random(len(session.progress.pending))
        while not match.hand.done:
            match.apply(rng.choice(match.hand.legal_actions()))
        daily_play.finish(session, "turup", day, match)
    assert [p["id"] for p in session.progress.pending] == ["daily/turup/2026-11-20"]
    assert session.progress.pending[0]["key"] == "turup"
    session.pars.close()
