"""The deal of the day at the table (issue 27): the page from the menu, a day's hand kept after
every action and found again, the result kept with its day, par played meanwhile, and a
player's tour of every game's deal of the day to the comparison."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from scene_helpers import menu_click
from ui_driver import (
    SyncExecutor,
    frame_problems,
    make_app,
    play_some,
    quick_advisor,
    to_summary,
)

from game import storage
from game.engine import daily
from game.ui import daily_play
from game.ui.app import App
from game.ui.host import open_scene
from game.ui.scenes.daily import DailyScene
from game.ui.scenes.daily_table import DailyTable
from game.ui.session import Settings

DAY = datetime.date(2026, 11, 20)
ALL = [("arbaa-turub", 4), ("turup", 4), ("tarabish", 4), ("tarot", 4), ("tarot", 3),
       ("tarot", 5)]


@pytest.fixture(autouse=True)
def small_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Par's South and the comparison's judging ask the hint's advisor: a small search."""
    quick_advisor(monkeypatch)


def daily_app(size: tuple[int, int] = (1280, 720), paths: storage.Paths | None = None) -> App:
    """A headless app on :data:`DAY`, par played quickly (a small budget for a hard opponent;
    the advisor's search is small, :func:`small_search`)."""
    if paths is None:
        app = make_app(size, claims=False, checker=False)
    else:
        app = App(size, Settings(ai_level="easy", speed="fast", sound=False),
                  workers=SyncExecutor(), paths=paths)
        app.session.settings.play_checker = False
    app.session.today = lambda: DAY
    app.session.pars.budget_ms = 10
    return app


def open_table(app: App, game: str, players: int = 4, fresh: bool = False) -> DailyTable:
    app.push(open_scene(app, "daily-table", game=game, players=players, day=DAY, fresh=fresh))
    app.step(0.0)
    table = app.top
    assert isinstance(table, DailyTable)
    return table


def test_the_page_opens_from_the_menu_and_fits(size: tuple[int, int] = (1024, 600)) -> None:
    for size in ((1280, 720), (1024, 600)):
        app = daily_app(size)
        try:
            menu_click(app, "Deal of the day")
            page = app.top
            assert isinstance(page, DailyScene)
            assert [line for _k, line, _m, _a in page.rows] == ["Not played yet"] * 4
            assert frame_problems(app) == []
        finally:
            app.close()


def test_two_data_folders_get_the_same_deal_on_the_same_day(tmp_path: Path) -> None:
    deals = []
    for name in ("one", "two"):
        app = daily_app(paths=storage.resolve_paths(tmp_path / name))
        try:
            deals.append(open_table(app, "tarabish").match.hands[0]["deal"])
        finally:
            app.close()
    assert deals[0] == deals[1] == daily.deal_of("tarabish", DAY)["deal"]


def test_a_days_hand_is_kept_after_every_action_and_found_again(tmp_path: Path) -> None:
    paths = storage.resolve_paths(tmp_path)
    app = daily_app(paths=paths)
    try:
        table = open_table(app, "turup")
        play_some(app, table, 3)
        app.step(0.0)
        actions = list(table.match.hands[-1]["actions"])
        assert actions
    finally:
        app.close()
    again = daily_app(paths=paths)
    try:
        menu_click(again, "Deal of the day")
        page = again.top
        assert isinstance(page, DailyScene)
        assert dict((k, line) for k, line, _m, _a in page.rows)["turup"] == "In progress"
        table = open_table(again, "turup")
        assert table.match.hands[-1]["actions"] == actions
    finally:
        again.close()


@pytest.mark.parametrize(("game", "players"), ALL)
def test_a_players_tour_plays_the_deal_and_reads_the_comparison(game: str, players: int) -> None:
    app = daily_app()
    try:
        if players != 4:
            app.session.settings.options.setdefault(game, {})["players"] = players
        menu_click(app, "Deal of the day")
        page = app.top
        assert isinstance(page, DailyScene)
        key = daily.key_of(game, players)
        row = next(r for r in page.rows if r[0] == key)
        row[2].action()
        table = app.top
        assert isinstance(table, DailyTable) and table.key == key
        play_some(app, table, 200)
        to_summary(app, table)
        found = app.session.daily.result(key, DAY)
        assert found is not None and found.on_day
        run = app.session.pars.get(daily_play.par_name(key, DAY))
        assert run is not None
        run.future.result(120)
        app.step(0.0)
        assert app.session.daily.result(key, DAY).par is not None
        labels = [b.label for b in table.summary]
        assert labels[0] == "Compare with par"
        table.summary[0].action()
        app.step(0.0)
        assert app.top.name == "par"
        assert frame_problems(app) == []
        assert app.session.daily.summary(key, DAY).streak == 1
        results = open_scene(app, "daily-statistics")
        assert getattr(results, "today", None) == DAY
    finally:
        app.close()


def test_a_par_lost_with_the_window_is_played_again_and_kept(tmp_path: Path) -> None:
    """The window closed (or was killed) after the hand, before par was played: the next start
    plays par again and keeps it with the day."""
    paths = storage.resolve_paths(tmp_path)
    app = daily_app(paths=paths)
    try:
        table = open_table(app, "tarabish")
        app.session.pars.runs.clear()  # as if par had not begun when the window closed
        play_some(app, table, 200)
        to_summary(app, table)
        found = app.session.daily.result("tarabish", DAY)
        assert found is not None and found.par is None
        app.session.pars.runs.clear()
    finally:
        app.close()
    again = daily_app(paths=paths)
    try:
        menu_click(again, "Deal of the day")
        run = again.session.pars.get(daily_play.par_name("tarabish", DAY))
        assert run is not None
        run.future.result(120)
        again.step(0.0)
        found = again.session.daily.result("tarabish", DAY)
        assert found is not None and found.par is not None
        mine, par = again.session.daily.hands("tarabish", DAY)
        assert mine is not None and par is not None and par["deal"] == mine["deal"]
        page = again.top
        assert isinstance(page, DailyScene)
        line = dict((k, text) for k, text, _m, _a in page.rows)["tarabish"]
        assert "the strong player, with your cards" in line
    finally:
        again.close()


def test_a_day_played_again_is_compared_but_not_counted() -> None:
    app = daily_app()
    try:
        for fresh in (False, True):
            table = open_table(app, "turup", fresh=fresh)
            play_some(app, table, 200)
            to_summary(app, table)
            lines = table.summary_view.lines
            counted = "Kept in your deal of the day results." in lines
            assert counted is (not fresh)
            app.pop()
        assert app.session.daily.summary("turup", DAY).played == 1
    finally:
        app.close()
