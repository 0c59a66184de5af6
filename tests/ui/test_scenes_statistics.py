"""The Statistics page: opened from the main menu with posted events, the saved numbers shown
inside the window, the reset of one game asked first (Escape keeps them) and then done and saved,
Escape closes."""

from __future__ import annotations

import pygame
import pytest
from scene_helpers import assert_fits, content_click, menu_click, wheel
from ui_driver import SyncExecutor, click, key, make_app

from game import storage
from game.engine import games
from game.ui.app import App
from game.ui.games import presentation
from game.ui.plot import moving_rate
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.page import ConfirmScene
from game.ui.scenes.statistics import PLOT_HEIGHT, TABLE_ROWS, StatisticsScene, data_paths
from game.ui.session import Settings
from game.ui.theme import PLOT_LINE


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
        # the games' names, French Tarot's "players" (after 3 4 5), a label and 4 cells a row
        assert len(texts) == 4 + 1 + len(TABLE_ROWS) * 5
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
              workers=SyncExecutor(), paths=paths)
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


def full_history(paths: storage.Paths) -> storage.Statistics:
    """A statistics file whose every game's history is full (more hands than kept)."""
    stats = storage.Statistics()
    for game in games.names():
        for n in range(storage.HAND_HISTORY + 20):
            stats.record_hand(game, ("won", "lost", "won", "drawn")[n % 4], n % 7 - 2)
        for n in range(storage.GAME_HISTORY + 1):
            stats.record_game(game, "won" if n % 3 else "lost")
    storage.save_statistics(paths, stats)
    return stats


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
@pytest.mark.parametrize("filled", [False, True])
def test_rates_average_and_the_plot_fit_with_and_without_history(
        paths: storage.Paths, size: tuple[int, int], filled: bool) -> None:
    if filled:
        full_history(paths)
    else:
        paths.statistics.unlink()
    app = make_app(size)
    try:
        page = open_page(app)
        app.draw()
        assert page.max_scroll == 0, "the table and the plot fit without scrolling"
        assert_fits(app, page, [(s, r.left) for s, r in (*page.cells, *page.plot_cells)])
        for game in page.names:
            if filled:
                assert page.value(game, "hands_rate") == "50%"  # won, lost, won, drawn
                assert page.value(game, "games_rate") == f"{round(100 * 67 / 101)}%"
                unit = presentation(game).average_unit
                average = sum(n % 7 - 2 for n in range(20, storage.HAND_HISTORY + 20)) / 200
                assert page.value(game, "average") == f"{average:.1f} {unit}"
            else:
                assert {page.value(game, f) for f in ("hands_rate", "games_rate",
                                                      "average")} == {"—"}
        for _ in page.names:  # each game's plot in turn (or its empty line)
            values = page.plot_values()
            assert len(values) == (storage.HAND_HISTORY if filled else 0)
            assert all(0 <= v <= 1 for v in values)
            assert page.plot_rect.h >= (PLOT_HEIGHT[0] if filled else 0)
            assert page.plot_rect.bottom <= page.view.h
            title = games.get(page.names[page.focus]).title
            assert page.plot_title(len(values)).startswith(title)
            app.draw()
            key(app, pygame.K_RIGHT)
        assert page.focus == 0
    finally:
        app.close()


def test_the_plot_is_drawn_where_it_is_laid_out(paths: storage.Paths) -> None:
    full_history(paths)
    app = make_app((1024, 600))
    try:
        page = open_page(app)
        app.draw()
        area = page.plot_rect.move(page.view.left, page.view.top)
        line = pygame.Color(*PLOT_LINE)
        pixels = [app.screen.get_at((x, y)) for x in range(area.left, area.right, 3)
                  for y in range(area.top, area.bottom)]
        assert line in pixels
    finally:
        app.close()


def test_moving_rate() -> None:
    assert moving_rate([], 3) == []
    assert moving_rate(["won", "lost", "won", "won", "drawn"], 3) == [
        1.0, 0.5, 2 / 3, 2 / 3, 2 / 3]


@pytest.mark.parametrize("game,result,points", [
    ("turup", {"points": {"NS": 3, "EW": 0}, "tricks": {"NS": 9, "EW": 0}}, 3),
    ("arbaa-turub", {"tricks": {"NS": 20, "EW": 32}, "winner": "EW"}, 20),
    ("tarabish", {"score": {"NS": 81, "EW": 162}}, 81),
    ("tarot", {"score": {"S": -120.0, "W": 40, "N": 40, "E": 40}}, -120),
    ("tarabish", {"thrown_in": "all-pass"}, 0),
])
def test_each_game_counts_its_sides_score_per_hand(game: str, result: dict,
                                                   points: int) -> None:
    assert presentation(game).hand_points(result) == points


@pytest.mark.parametrize(("choose", "players", "hands"), [
    (None, 4, "2"),                       # the four-player table until another is chosen
    (pygame.K_3, 3, "1"), (pygame.K_5, 5, "0"), (pygame.K_KP3, 3, "1"),
    ("3", 3, "1"), ("5", 5, "0"), ("4", 4, "2"),   # a click on the size's button
])
def test_french_tarot_has_one_column_with_its_table_size_chosen(
        paths: storage.Paths, choose: int | str | None, players: int, hands: str) -> None:
    stats = storage.load_statistics(paths)[0]
    stats.record_hand("tarot-3", "won", 60)
    storage.save_statistics(paths, stats)
    app = make_app((1024, 600))
    try:
        page = open_page(app)
        if isinstance(choose, int):
            key(app, choose)
        elif choose is not None:
            button = next(b for b in page.size_buttons["tarot"] if b.label == choose)
            content_click(app, page, button.rect)
        app.draw()
        assert len(page.names) == len(games.names())  # one column a game
        tarot = page.names.index(storage.stats_key("tarot", {"players": players}))
        assert page.value(page.names[tarot], "hands_played") == hands
        assert [b.selected for b in page.size_buttons["tarot"]] == \
            [n == players for n in (3, 4, 5)]
        assert_fits(app, page, [(s, r.left) for s, r in (*page.cells, *page.plot_cells)])
        assert page.max_scroll == 0
        page.reset_buttons[tarot].action()
        question = app.top.question
        assert ("players" in question) == (players != 4)
    finally:
        app.close()
    # the file's keys are as before: the choice only picks which one the column shows
    assert set(storage.load_statistics(paths)[0].games) == {"turup", "tarot", "tarot-3"}
