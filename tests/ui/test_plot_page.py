"""The statistics pages' plot, large (issue 36: it was about 50 px high at 1024×600): P, a click
on the small plot or its "Larger (P)" button opens it on a page of its own, at 1024×600 and
1280×720, in English and French — tall, its axes named, its line drawn, nothing overlapping —
and P, Escape or a click goes back."""

from __future__ import annotations

import pygame
import pytest
from test_daily_statistics import drawn_texts
from test_daily_statistics import open_page as open_daily
from test_scenes_statistics import full_history, open_page
from ui_driver import click, frame_problems, key, make_app

from game import i18n, storage
from game.ui.scenes.daily_statistics import DailyStatisticsScene
from game.ui.scenes.plot_page import PlotPage
from game.ui.scenes.statistics import StatisticsScene
from game.ui.theme import PLOT_LINE

AXES = {"en": {"statistics": ("Share of hands won", "Your hands, oldest to latest"),
               "daily": ("Difference from par", "Days, oldest to latest")},
        "fr": {"statistics": ("Part des donnes gagnées",
                              "Vos donnes, de la plus ancienne à la plus récente"),
               "daily": ("Écart avec le par", "Jours, du plus ancien au plus récent")}}


@pytest.fixture
def paths(tmp_path, monkeypatch) -> storage.Paths:
    monkeypatch.setenv("FOUR_TRUMPS_DATA_DIR", str(tmp_path))
    paths = storage.resolve_paths(tmp_path)
    full_history(paths)
    return paths


@pytest.fixture(params=["en", "fr"])
def language(request: pytest.FixtureRequest):
    yield request.param
    i18n.set_language("en")


def check_large(app, small_h: int, axes: tuple[str, str]) -> PlotPage:
    """The large plot is up: at least twice the small one's height and 250 px, its axes
    named, its line drawn inside it, nothing overlapping."""
    page = app.top
    assert isinstance(page, PlotPage)
    app.draw()
    assert page.plot_rect.h >= max(250, 2 * small_h)
    assert page.max_scroll == 0 and page.plot_rect.bottom <= page.view.h
    assert frame_problems(app) == []
    texts = drawn_texts(app)
    assert axes[1] in texts, "the time axis is named under it"
    area = page.plot_rect.move(page.view.left, page.view.top)
    line = pygame.Color(*PLOT_LINE)
    assert any(app.screen.get_at((x, y)) == line for x in range(area.left, area.right, 3)
               for y in range(area.top, area.bottom))
    return page


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_the_statistics_plot_opens_large_by_key_button_and_click(
        paths: storage.Paths, size: tuple[int, int], language: str) -> None:
    app = make_app(size)
    i18n.set_language(language)
    try:
        stats = open_page(app)
        app.draw()
        small_h = stats.plot_rect.h
        assert frame_problems(app) == [], "the Larger button keeps clear of the plot's line"
        key(app, pygame.K_p)
        check_large(app, small_h, AXES[language]["statistics"])
        key(app, pygame.K_p)
        assert app.top is stats
        click(app, stats.larger.rect.move(stats.view.left, stats.view.top).center)
        check_large(app, small_h, AXES[language]["statistics"])
        key(app, pygame.K_ESCAPE)
        plot = stats.plot_rect.move(stats.view.left, stats.view.top)
        click(app, plot.center)
        assert isinstance(app.top, PlotPage)
        click(app, app.top.plot_rect.move(app.top.view.topleft).center)
        assert isinstance(app.top, StatisticsScene)
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_the_daily_plot_opens_large(size: tuple[int, int], language: str) -> None:
    app, page = open_daily(size, language, True)
    try:
        small_h = page.plot_rect.h
        key(app, pygame.K_p)
        check_large(app, small_h, AXES[language]["daily"])
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, DailyStatisticsScene)
    finally:
        app.close()
