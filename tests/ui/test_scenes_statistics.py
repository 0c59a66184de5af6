"""The Statistics page: opened from the main menu with posted events, the saved numbers shown
inside the window, the reset of one game asked first (Escape keeps them) and then done and saved,
Escape closes."""

from __future__ import annotations

import pygame
import pytest
from scene_helpers import assert_fits, content_click, menu_click, wheel
from ui_driver import SyncExecutor, click, key, make_app

from game import storage
from game.ui.app import App
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.page import ConfirmScene
from game.ui.scenes.statistics import StatisticsScene, data_paths
from game.ui.session import Settings


@pytest.fixture
def paths(tmp_path, monkeypatch) -> storage.Paths:
    monkeypatch.setenv("FOUR_TRUMPS_DATA_DIR", str(tmp_path))
    paths = storage.resolve_paths(tmp_path)
    stats = storage.Statistics()
    for outcome in ("won", "won", "lost", "drawn"):
        stats.record_hand("turup", outcome)
    stats.record_game("turup", "won")
    stats.record_game("turup", "won")
    stats.record_hand("tarot", "won", 123)
    stats.record_hand("tarot", "lost", -45)
    storage.save_statistics(paths, stats)
    return paths


def shown(page: StatisticsScene) -> list[str]:
    return [page.value(g, f) for g in page.names for f in ("hands_played", "points")]


def open_page(app) -> StatisticsScene:
    menu_click(app, "Statistics")
    page = app.top
    assert isinstance(page, StatisticsScene)
    app.step(0.0)
    return page


def test_statistics_show_the_saved_numbers_and_fit(paths: storage.Paths) -> None:
    app = make_app((1024, 600))
    try:
        assert data_paths(app) == paths
        page = open_page(app)
        assert page.value("turup", "hands_won") == "2"
        assert page.value("turup", "best_streak") == "2"
        assert page.value("tarot", "points") == "78"
        assert page.value("turup", "points") == "—"
        assert page.value("tarabish", "games_won") == "0"
        texts = [s for s, _ in page.cells]
        assert_fits(app, page, [(s, r.left) for s, r in page.cells])
        assert len(texts) == 4 + 12 * 5                   # 12 rows: "Games abandoned" added
        assert all(page.view.h >= b.rect.bottom for b in page.reset_buttons), \
            "the whole table fits at the smallest window"
        wheel(app, -1)
        assert page.scroll == 0 == page.max_scroll
        key(app, pygame.K_PAGEDOWN)
        assert page.scroll == 0
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, MenuScene)
    finally:
        app.close()


def test_reset_asks_then_zeroes_only_that_game(paths: storage.Paths) -> None:
    app = make_app((1024, 600))
    try:
        page = open_page(app)
        turup = page.names.index("turup")
        content_click(app, page, page.reset_buttons[turup].rect)
        dialog = app.top
        assert isinstance(dialog, ConfirmScene) and "Turup" in dialog.question
        key(app, pygame.K_ESCAPE)  # keep them
        assert app.top is page and page.value("turup", "hands_played") == "4"
        assert storage.load_statistics(paths)[0].of("turup")["hands_played"] == 4

        key(app, pygame.K_LEFT)  # the click focused Turup's Reset; arrows move the focus
        assert page.focus == turup - 1
        key(app, pygame.K_RIGHT)
        assert page.focus == turup
        key(app, pygame.K_RETURN)
        dialog = app.top
        assert isinstance(dialog, ConfirmScene)
        yes = next(b for b in dialog.buttons if b.label == "Reset")
        click(app, yes.rect.center)
        assert app.top is page
        assert page.value("turup", "hands_played") == "0"
        assert page.value("turup", "best_streak") == "0"
        assert page.value("tarot", "points") == "78"
        saved = storage.load_statistics(paths)[0]
        assert all(v == 0 for v in saved.of("turup").values())
        assert saved.of("tarot")["hands_played"] == 2
    finally:
        app.close()


def test_reset_goes_through_the_apps_writer_and_keeps_counted_games(
        paths: storage.Paths) -> None:
    app = App((1024, 600), Settings(ai_level="easy", speed="fast", sound=False),
              executor=SyncExecutor(), paths=paths)
    try:
        page = open_page(app)
        assert page.writer is not None and page.value("turup", "hands_played") == "4"
        page.ask_reset("turup")
        key(app, pygame.K_y)
        assert page.value("turup", "hands_played") == "0"
        assert page.writer.flush(5.0)
        saved = storage.load_statistics(paths)[0]
        assert saved.of("turup")["hands_played"] == 0
        assert saved.of("tarot")["points"] == 78
    finally:
        app.close()
