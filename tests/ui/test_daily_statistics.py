"""The deal of the day's results page (issue 27, :mod:`game.ui.scenes.daily_statistics`):
opened from the Statistics page's button, one column per game with French Tarot's table size
chosen under its name, the figures of the book in each game's unit, the chosen column's plot and
the honest line about par — fitting 1280×720 and 1024×600 in English and French, with an empty
book and with 40 days, nothing overlapping and nothing clipped."""

from __future__ import annotations

import datetime

import pygame
import pytest
from scene_helpers import assert_fits, content_click
from ui_driver import SyncExecutor, click, frame_problems, key, make_app

from game import i18n, storage
from game.engine import daily, games
from game.ui.app import App
from game.ui.daily_book import DailyBook
from game.ui.host import open_scene
from game.ui.plot import running_mean
from game.ui.render import fonts
from game.ui.report import Recorder
from game.ui.scenes.daily_statistics import HONEST, DailyStatisticsScene, signed
from game.ui.scenes.statistics import PLOT_HEIGHT, StatisticsScene
from game.ui.session import Settings
from game.ui.theme import NOTE_SIZE, PLOT_LINE

TODAY = datetime.date(2026, 11, 26)
DAYS = 40
LATE = 10
"""The day (counted from the first) played after its date: the streak begins after it."""
KEYS = ("arbaa-turub", "turup", "tarabish", "tarot", "tarot-3", "tarot-5")
BONUS = {"arbaa-turub": 1, "turup": 0, "tarabish": -3, "tarot": 20, "tarot-3": -7,
         "tarot-5": 13}
"""What each key's player makes beyond the run of scores below (so the columns differ)."""


def plays(key: str) -> list[tuple[datetime.date, int, int | None, bool]]:
    """``key``'s days: the date, the score, par (the latest day's not known yet), on the
    day."""
    out: list[tuple[datetime.date, int, int | None, bool]] = []
    for n in range(DAYS):
        day = TODAY - datetime.timedelta(days=DAYS - 1 - n)
        out.append((day, n % 5 + BONUS[key], None if n == DAYS - 1 else 2, n != LATE))
    return out


def fill(book: DailyBook) -> None:
    for name in KEYS:
        game = "tarot" if name.startswith("tarot") else name
        for day, score, par, on_day in plays(name):
            record = {"game": game, "actions": []}
            assert book.record_play(name, day, score, on_day, {"W": "hard"}, record)
            if par is not None:
                book.record_par(name, day, par, record)


def expected(key: str, game: str) -> list[str]:
    """The column of ``key`` as the page should show it (in English), worked out here."""
    diffs = [score - par for _d, score, par, _on in plays(key) if par is not None]
    mean = sum(diffs) / len(diffs)
    shown = f"{abs(mean):.1f}"
    sign = "" if shown == "0.0" else "+" if mean > 0 else "\u2212"
    return [str(DAYS), str(sum(d > 0 for d in diffs)), str(sum(d == 0 for d in diffs)),
            str(sum(d < 0 for d in diffs)), f"{sign}{shown} {daily.UNITS[game][1]}",
            str(DAYS - 1 - LATE)]


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("FOUR_TRUMPS_DATA_DIR", str(tmp_path))
    yield tmp_path
    i18n.set_language("en")


def open_page(size: tuple[int, int], language: str = "en", filled: bool = False,
              paths: storage.Paths | None = None) -> tuple[App, DailyStatisticsScene]:
    """An app (saving in ``paths`` when given) at the Statistics page, then the deal of the
    day's page through its button."""
    app = make_app(size) if paths is None else App(
        size, Settings(speed="fast", sound=False), workers=SyncExecutor(), paths=paths)
    i18n.set_language(language)
    if filled:
        fill(app.session.daily)
    app.push(open_scene(app, "statistics"))
    app.step(0.0)
    statistics = app.top
    assert isinstance(statistics, StatisticsScene)
    button = statistics.footer_buttons[0]
    assert button.label == ("Deal of the day" if language == "en" else "Donne du jour")
    click(app, button.rect.center)
    page = app.top
    assert isinstance(page, DailyStatisticsScene)
    page.today = TODAY
    page.relayout()
    app.step(0.0)
    return app, page


def drawn_texts(app: App) -> list[str]:
    """The words of every text drawn in the frame now."""
    screen, recorder = app.screen, Recorder(app.screen.get_size())
    app.screen = recorder
    try:
        app.draw()
    finally:
        app.screen = screen
    return [item.text for item in recorder.items if item.text]


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("filled", [False, True])
def test_the_page_fits_with_and_without_days(size: tuple[int, int], language: str,
                                             filled: bool) -> None:
    app, page = open_page(size, language, filled)
    try:
        for j, _game in enumerate(page.columns):   # each column's plot in turn
            assert page.focus == j and page.title_buttons[j].selected
            assert page.max_scroll == 0, "the table, the plot and its line fit unscrolled"
            assert frame_problems(app) == []
            assert_fits(app, page, [(s, r.left) for s, r in page.cells])
            for b in (*page.title_buttons, *page.size_buttons["tarot"]):
                assert b.rect.left >= 0 and b.rect.right <= page.view.w
            assert page.plot_rect.h >= (PLOT_HEIGHT[0] if filled else 0)
            texts = drawn_texts(app)
            honest = fonts.wrap(i18n._(HONEST), NOTE_SIZE, page.view.w)
            assert len(honest) > 1 and set(honest) <= set(texts), "the honest line, all of it"
            assert not any("optimal" in t.lower() for t in texts)
            key(app, pygame.K_RIGHT)
        assert page.focus == 0
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, StatisticsScene)
    finally:
        app.close()


def test_the_figures_are_the_books_in_each_games_unit() -> None:
    app, page = open_page((1024, 600), filled=True)
    try:
        assert page.page_title() == "Deal of the day: your results"
        assert page.keys == ["arbaa-turub", "turup", "tarabish", "tarot"]
        for j, game in enumerate(page.columns):
            assert page.values(j) == expected(page.keys[j], game)
        tarot = page.columns.index("tarot")
        key(app, pygame.K_5)
        assert page.keys[tarot] == "tarot-5" and page.focus == tarot
        assert page.values(tarot) == expected("tarot-5", "tarot")
        three = next(b for b in page.size_buttons["tarot"] if b.label == "3")
        content_click(app, page, three.rect)
        assert page.keys[tarot] == "tarot-3" and three.selected
        assert page.values(tarot) == expected("tarot-3", "tarot")
        assert page.plot_title(DAYS - 1).startswith("French Tarot · 3 players: ")
        content_click(app, page, page.title_buttons[1].rect)
        assert page.focus == 1 and page.plot_title(DAYS - 1).startswith("Turup: ")
        app.draw()
        area = page.plot_rect.move(page.view.left, page.view.top)
        pixels = {tuple(app.screen.get_at((x, y))) for x in range(area.left, area.right, 2)
                  for y in range(area.top, area.bottom)}
        assert (*PLOT_LINE, 255) in pixels, "the running mean is drawn in its place"
        assert "par" in drawn_texts(app)
    finally:
        app.close()


def test_in_french_the_figures_are_written_the_french_way() -> None:
    app, page = open_page((1280, 720), "fr", filled=True)
    try:
        arbaa = page.values(page.columns.index("arbaa-turub"))
        assert arbaa[4] == expected("arbaa-turub", "arbaa-turub")[4].replace(
            ".", ",").replace("tricks", "plis")
        tarabish = page.values(page.columns.index("tarabish"))
        assert tarabish[4].startswith("\u2212") and tarabish[4].endswith(" points")
        assert page.page_title() == "Donne du jour : vos résultats".replace(" :", "\u00a0:")
        assert page.plot_title(0).startswith("Arba'a Turub\u00a0: aucun jour")
    finally:
        app.close()


def test_a_damaged_file_is_said_on_the_page_once(data_dir) -> None:
    paths = storage.resolve_paths(data_dir)
    paths.data.mkdir(parents=True, exist_ok=True)
    (paths.data / "daily.json").write_text("{not json")
    app, page = open_page((1024, 600), paths=paths)
    try:
        assert page.notice is not None and "damaged" in page.notice
        assert app.session.daily.notice is None, "said here, not again"
        assert any("damaged" in t for t in drawn_texts(app))
        assert page.max_scroll == 0 and frame_problems(app) == []
        assert [page.summary(j).played for j in range(len(games.names()))] == [0, 0, 0, 0]
    finally:
        app.close()


@pytest.mark.parametrize(("values", "means"), [
    ([], []), ([3.0], [3.0]), ([2.0, -2.0, 3.0], [2.0, 0.0, 1.0]),
    ([-1.0, -1.0, -1.0, 3.0], [-1.0, -1.0, -1.0, 0.0]),
])
def test_running_mean(values: list[float], means: list[float]) -> None:
    assert running_mean(values) == pytest.approx(means)


@pytest.mark.parametrize(("value", "places", "english", "french"), [
    (1.44, 1, "+1.4", "+1,4"), (-0.25, 1, "\u22120.2", "\u22120,2"), (0.04, 1, "0.0", "0,0"),
    (-0.04, 1, "0.0", "0,0"), (6.0, 0, "+6", "+6"), (-13.0, 0, "\u221213", "\u221213"),
    (0.0, 0, "0", "0"),
])
def test_signed_figures(value: float, places: int, english: str, french: str) -> None:
    assert signed(value, places) == english
    i18n.set_language("fr")
    assert signed(value, places) == french
