"""The Rules page: opened from the main menu and from the table's Escape menu with posted
events only, every game's text wrapped inside the window, scrolled by keys and wheel, closed with
Escape; and the texts cover every option and the key numbers of RULES.md."""

from __future__ import annotations

import pygame
import pytest
from scene_helpers import assert_fits, menu_click, wheel
from ui_driver import click, key, make_app

from game.engine import games
from game.ui import rules_text
from game.ui.games import presentation
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.overlay import PauseMenu
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.table import TableScene


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("FOUR_TRUMPS_DATA_DIR", str(tmp_path))


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_rules_from_the_menu_fit_scroll_and_close(size: tuple[int, int]) -> None:
    app = make_app(size)
    try:
        menu_click(app, "Rules")
        page = app.top
        assert isinstance(page, RulesScene) and page.game == games.names()[0]
        seen = []
        for _ in games.names():  # Tab walks through every game's page
            app.step(0.0)
            seen.append(page.game)
            assert page.lines and page.max_scroll > 0, "a whole page should need scrolling"
            assert_fits(app, page, [(s, x) for s, x, _ in page.lines])
            key(app, pygame.K_TAB)
        assert seen == games.names() and page.game == games.names()[0]

        key(app, pygame.K_DOWN)
        assert page.scroll > 0
        key(app, pygame.K_UP)
        assert page.scroll == 0
        key(app, pygame.K_PAGEDOWN)
        one_page = page.scroll
        assert one_page > page.view.h // 2
        key(app, pygame.K_PAGEUP)
        assert page.scroll == 0
        wheel(app, -1)
        assert page.scroll > 0
        wheel(app, 1)
        assert page.scroll == 0
        key(app, pygame.K_END)
        assert page.scroll == page.max_scroll
        key(app, pygame.K_PAGEDOWN)
        assert page.scroll == page.max_scroll, "scrolling stops at the end"
        key(app, pygame.K_HOME)
        assert page.scroll == 0

        tarot = next(b for b in page.tab_buttons if b.label == "French Tarot")
        click(app, tarot.rect.center)
        assert page.game == "tarot" and page.scroll == 0

        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, MenuScene)
    finally:
        app.close()


def test_rules_from_the_table_open_on_its_game_and_go_back() -> None:
    app = make_app((1024, 600))
    try:
        menu_click(app, "Tarabish")
        table = app.top
        assert isinstance(table, TableScene)
        table.ai_enabled = False
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, PauseMenu)
        menu_click(app, "Rules")
        page = app.top
        assert isinstance(page, RulesScene) and page.game == "tarabish"
        click(app, page.back_button.rect.center)
        assert isinstance(app.top, PauseMenu)
        menu_click(app, "Rules")
        key(app, pygame.K_ESCAPE)
        key(app, pygame.K_ESCAPE)
        assert app.top is table
    finally:
        app.close()


def test_every_option_is_named_and_explained_on_its_page() -> None:
    for name in games.names():
        spec = games.get(name)
        assert set(presentation(name).option_texts) == set(spec.options), name
        text = " ".join(p for s in rules_text.page(name) for p in s.paragraphs)
        for opt, o in spec.options.items():
            t = rules_text.option_text(name, opt)
            assert t.label in text and t.explain in text
            for v in o.choices:
                assert rules_text.value_label(name, opt, v) in text


def test_unknown_option_falls_back_to_its_help() -> None:
    t = rules_text.option_text("turup", "target")
    assert t.label == "Points to win"
    assert rules_text.value_label("arbaa-turub", "signals", False) == "Off"
    assert rules_text.value_label("tarot", "hands", 8) == "8 hands"


FACTS = {
    "arbaa-turub": ["144", "36", "clockwise", "left", "three cards only", "18 tricks each",
                    "more tricks in the second", "strong", "weak", "played first"],
    "turup": ["36", "nine", "counter-clockwise", "five tricks", "1 point", "3 points",
              "0 to 4", "10 points"],
    "tarabish": ["J (highest), 9, A, 10, K, Q, 8, 7, 6", "A (highest), 10, K, Q, J, 9, 8, 7, 6",
                 "J 20, 9 14, A 11, 10 10, K 4, Q 3", "A 11, 10 10, K 4, Q 3, J 2", "162",
                 "dealer must call", "must play a trump", "must beat", "twenty", "fifty",
                 "bella", "20 points", "bait", "half bait", "500"],
    "tarot": ["78", "21 trumps", "Excuse", "4.5", "3.5", "2.5", "1.5", "0.5", "91",
              "petit sec", "take, keep, keep without the talon, keep against the talon",
              "56 points with no oudler, 51 with one, 41 with two, 36 with all three",
              "×1", "×2", "×4", "×6", "Petit au bout", "400", "200", "10, 13 or 15",
              "20, 30 or 40", "4 hands"],
}
"""Numbers and rules from RULES.md that each newcomer page must state."""


@pytest.mark.parametrize("game", games.names())
def test_pages_state_the_rules_key_facts(game: str) -> None:
    text = " ".join(p for s in rules_text.page(game) for p in s.paragraphs)
    for fact in FACTS[game]:
        assert fact in text, f"the {game} page does not say {fact!r}"
