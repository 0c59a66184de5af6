"""The Game options page: opened from Settings with posted events, only each option's allowed
values selectable, text inside the window, scrolled, closed with Escape; a choice made there is
what the next new Match of that game is dealt with."""

from __future__ import annotations

import pygame
import pytest
from scene_helpers import assert_fits, content_click, menu_click, wheel
from ui_driver import SyncExecutor, click, key, make_app

from game import storage
from game.engine import games
from game.ui.app import App
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.options import OptionsScene
from game.ui.scenes.overlay import SettingsScene
from game.ui.scenes.table import TableScene
from game.ui.session import Settings


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("FOUR_TRUMPS_DATA_DIR", str(tmp_path))


def open_page(app) -> OptionsScene:
    menu_click(app, "Settings")
    assert isinstance(app.top, SettingsScene)
    menu_click(app, "Game options…")
    page = app.top
    assert isinstance(page, OptionsScene)
    app.step(0.0)
    return page


def test_options_show_only_allowed_values_fit_and_scroll() -> None:
    app = make_app((1024, 600))
    try:
        page = open_page(app)
        scrolled = False
        for name in games.names():
            assert page.game == name
            app.step(0.0)
            spec = games.get(name)
            assert [r.name for r in page.rows] == list(spec.every_option())
            for row in page.rows:
                assert row.values == list(spec.every_option()[row.name].choices)
                assert sum(b.selected for b in row.buttons) == 1
                assert all(page.view.w >= b.rect.right for b in row.buttons)
            assert_fits(app, page, [(s, x) for s, x, _ in page.texts])
            if page.max_scroll:
                key(app, pygame.K_PAGEDOWN)
                assert page.scroll > 0
                wheel(app, 1)
                key(app, pygame.K_HOME)
                assert page.scroll == 0
                scrolled = True
            key(app, pygame.K_TAB)
        assert scrolled, "Tarabish's five options need scrolling at 1024x600"
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, SettingsScene)
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, MenuScene)
    finally:
        app.close()


def test_chosen_options_reach_the_next_new_match() -> None:
    app = make_app((1024, 600))
    try:
        page = open_page(app)
        click(app, next(b for b in page.tab_buttons if b.label == "Tarabish").rect.center)
        assert page.game == "tarabish"
        rows = {r.name: r for r in page.rows}
        content_click(app, page, rows["dealer_may_pass"].buttons[1].rect)  # On
        rows = {r.name: r for r in page.rows}
        target = next(b for b in rows["target"].buttons if b.label == "1000 points")
        content_click(app, page, target.rect)
        assert app.session.settings.options["tarabish"] == {"dealer_may_pass": True, "target": 1000}
        rows = {r.name: r for r in page.rows}
        assert rows["target"].buttons[2].selected and not rows["target"].buttons[1].selected

        key(app, pygame.K_TAB)  # French Tarot: the keyboard walks the allowed values only
        assert page.game == "tarot" and page.focus == 0
        key(app, pygame.K_DOWN)  # past Players (first) to Hands in a game
        key(app, pygame.K_RIGHT)
        assert app.session.settings.options["tarot"] == {"hands": 8}
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_RIGHT)  # 12, then round to the default 4
        assert "tarot" not in app.session.settings.options
        key(app, pygame.K_LEFT)
        assert app.session.settings.options["tarot"] == {"hands": 12}

        key(app, pygame.K_ESCAPE)
        key(app, pygame.K_ESCAPE)
        menu_click(app, "Tarabish")
        assert isinstance(app.top, TableScene)
        m = app.session.match
        assert m is not None and m.options["dealer_may_pass"] is True
        assert m.options["target"] == 1000 and m.options["partner_exception"] is False
        assert m.record()["options"] == {"dealer_may_pass": True, "target": 1000}
        assert m.tally.scores() is not None
        key(app, pygame.K_ESCAPE)
        menu_click(app, "Main menu")
        menu_click(app, "French Tarot")
        assert app.session.match is not None and app.session.match.options == {"hands": 12}
    finally:
        app.close()


def test_restore_defaults_and_the_game_in_progress_note() -> None:
    app = make_app((1024, 600))
    try:
        table = app.start_game("turup", 3)
        table.ai_enabled = False
        key(app, pygame.K_ESCAPE)
        menu_click(app, "Settings")
        menu_click(app, "Game options…")
        page = app.top
        assert isinstance(page, OptionsScene) and page.game == "turup"
        app.step(0.0)
        assert any(s.get_width() for s, _, _ in page.texts)
        key(app, pygame.K_RIGHT)
        assert app.session.settings.options["turup"] == {"target": 15}
        assert app.session.match is not None and app.session.match.options["target"] == 10, \
            "the game in progress keeps its options"
        key(app, pygame.K_DOWN)
        assert page.focus == len(page.rows)
        key(app, pygame.K_RETURN)
        assert "turup" not in app.session.settings.options
        key(app, pygame.K_RIGHT)
        content_click(app, page, page.defaults_button.rect)
        assert "turup" not in app.session.settings.options
    finally:
        app.close()


def test_a_chosen_option_is_saved_with_the_settings(tmp_path) -> None:
    paths = storage.resolve_paths(tmp_path)
    app = App((1024, 600), Settings(ai_level="easy", speed="fast", sound=False),
              workers=SyncExecutor(), paths=paths)
    try:
        page = open_page(app)
        assert page.game == "arbaa-turub"
        key(app, pygame.K_RIGHT)  # signals off
        assert app.session.settings.options == {"arbaa-turub": {"signals": False}}
    finally:
        app.close()
    saved, _ = storage.load_settings(paths)
    assert saved.options == {"arbaa-turub": {"signals": False}}
    assert saved.game_options("arbaa-turub")["signals"] is False
