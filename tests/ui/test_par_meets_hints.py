"""One strong player (issue 36, item 1): a player who takes every hint the table gives, against
the same opponents, plays par's hand decision for decision — in every game and at every size of
French Tarot's table — and par's comparison lists nothing.

The player here is driven through the table's own pieces: the hint is :class:`~game.ui.advice.
Advice`'s (the job the Hint button sends), the opponents are :class:`~game.ui.table.ai_driver.
AIDriver`'s (the levels and seeds the table gives them), the match is the deal of the day's
(:func:`~game.ui.daily_play.daily_match`). Par is :func:`~game.ui.daily_play.start_par`'s run,
compared by :class:`~game.ui.scenes.par_compare.ParCompareScene` (its judging included). The
opponents are the easy level the test app's settings choose (deterministic for a seat's seed
and knowledge, as a hard one with its time budget is not); the advisor samples fewer layouts
than in the game (:data:`game.engine.ai.evidence.CAP`) so the whole test takes seconds — the
same for the hint and for par, as both ask the same worker's advisor."""

from __future__ import annotations

import datetime
import threading
from typing import Any

import pygame
import pytest
from ui_driver import (
    frame_problems,
    key,
    make_app,
    quick_advisor,
    settle,
    small_advisor,
    strong_player,
    to_summary,
)

from game.engine import daily
from game.engine.ai.advisor import Advisor
from game.ui import daily_play
from game.ui.advice import Advice
from game.ui.app import App
from game.ui.host import open_scene
from game.ui.scenes.daily_table import DailyTable
from game.ui.scenes.par_compare import ParCompareScene
from game.ui.table.ai_driver import AIDriver

DAY = datetime.date(2026, 11, 28)
TABLES = [("arbaa-turub", 4), ("turup", 4), ("tarabish", 4), ("tarot", 3), ("tarot", 4),
          ("tarot", 5)]


@pytest.fixture(autouse=True)
def small_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The workers' advisor (the hint's, the checker's and par's) with a small search."""
    quick_advisor(monkeypatch)


def follow_hints(app: App, game: str, players: int, seats: dict[str, str]) -> dict[str, Any]:
    """The deal of ``DAY`` played at the table's pieces by a South who takes every hint;
    the finished hand record."""
    match = daily_play.daily_match(game, players, DAY, seats)
    pool = app.session.workers
    driver, advice = AIDriver(match, pool), Advice(pool)
    hints = 0
    while not match.hand.done:
        hand = match.hand
        seat = hand.to_act
        assert seat is not None
        if seat == 0:
            advice.at(len(hand.history))
            advice.ask_hint(hand.knowledge(0))
            decision = advice.hint()
            assert decision is not None, "the hint is ready (the test's workers run at once)"
            action = dict(decision.action)
            hints += 1
        else:
            action = driver.poll(seat, 0.0, 0.0, False) or driver.poll(seat, 0.0, 0.0, False)
            assert action is not None
        match.apply(action)
    assert hints, "South decided"
    return dict(match.hands[-1])


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_a_player_who_takes_every_hint_meets_par(game: str, players: int) -> None:
    app = make_app(claims=False, checker=False)
    key = daily.key_of(game, players)
    seats = daily_play.seats_for(app.session.settings, game, players)
    assert set(seats.values()) == {"human", "easy"}
    mine = follow_hints(app, game, players, seats)
    run = daily_play.start_par(app.session, key, DAY, seats)
    strong = run.future.result(timeout=120)
    assert [dict(a) for a in strong["actions"]] == [dict(a) for a in mine["actions"]], \
        "par's South is the hint: the same hand, action for action"
    scene = ParCompareScene(app, mine, run)
    app.push(scene)
    for _ in range(200):
        app.step(0.0)
        if scene.outcome is not None or scene.failed:
            break
    assert scene.outcome is not None and not scene.failed
    assert scene.outcome.rows == (), "no decision listed"
    assert scene.outcome.mine == scene.outcome.strong
    done, total = scene.judged()
    assert done == total > 0 and scene.verdicts() == {}, "the checker agrees with every hint"
    app.close()


@pytest.mark.parametrize(("game", "players"), [("tarabish", 4), ("tarot", 5)])
def test_at_the_daily_table_taking_every_hint_meets_par(game: str, players: int,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The same through the deal of the day's own table: H asks the hint, South takes it,
    "Compare with par" opens the comparison of par started as the table opened."""
    local = threading.local()

    def own_advisor() -> Advisor:  # par's thread and the table's each their own, as each
        if not hasattr(local, "advisor"):  # worker process has its own
            local.advisor = small_advisor()
        return local.advisor  # type: ignore[no-any-return]

    strong_player(monkeypatch, own_advisor)
    app = make_app(claims=False, checker=False)
    app.session.today = lambda: DAY
    if players != 4:
        app.session.settings.options.setdefault(game, {})["players"] = players
    table = open_scene(app, "daily-table", game=game, players=players, day=DAY)
    app.push(table)
    assert isinstance(table, DailyTable) and table.coach.on
    while True:
        settle(app, table)
        if table.summary is not None:
            break
        key(app, pygame.K_h)
        hinted = table.coach.hint()
        assert hinted is not None
        table.perform(dict(hinted.action))
        app.step(0.0)
    to_summary(app, table)
    run = app.session.pars.get(daily_play.par_name(table.key, DAY))
    assert run is not None
    run.future.result(timeout=120)
    table.summary[0].action()
    scene = app.top
    assert isinstance(scene, ParCompareScene)
    for _ in range(200):
        app.step(0.0)
        if scene.outcome is not None or scene.failed:
            break
    assert scene.outcome is not None and scene.outcome.rows == ()
    assert frame_problems(app) == []
    app.close()
