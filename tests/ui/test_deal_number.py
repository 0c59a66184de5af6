"""Play a deal number from the main menu (typed with keys, the game picked with the arrows or a
click) gives the deal the seed gives; Settings' AI players set each seat's level, saved and used
by the next game."""

from __future__ import annotations

import pygame
import pytest
from scene_helpers import menu_click
from ui_driver import click, key, make_app, post

from game import storage
from game.engine import games
from game.engine.ai.player import best_level
from game.engine.match import Match
from game.ui.scenes.deal_number import NOT_A_NUMBER, DealNumberScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.overlay import AILevelsScene, SettingsScene
from game.ui.scenes.table import TableScene
from game.ui.sheet import deal_number


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("FOUR_TRUMPS_DATA_DIR", str(tmp_path))


def type_text(app, text: str) -> None:
    """Type ``text`` key by key (digits by their key codes, as the number row sends them)."""
    for char in text:
        post(pygame.KEYDOWN, key=pygame.K_MINUS if char == "-" else getattr(pygame, f"K_{char}"),
             mod=0, unicode=char, scancode=0)
        app.step(0.0)


def open_deal_number(app) -> DealNumberScene:
    menu_click(app, "Play a deal number…")
    scene = app.top
    assert isinstance(scene, DealNumberScene)
    app.step(0.0)
    return scene


def test_a_typed_deal_number_deals_what_the_seed_deals() -> None:
    app = make_app((1024, 600))
    scene = open_deal_number(app)
    assert scene.game == games.names()[0]
    type_text(app, "12345-27")
    key(app, pygame.K_BACKSPACE)
    assert scene.text == "12345-2"
    turup = next(b for b in scene.game_buttons if b.label == "Turup")
    click(app, turup.rect.center)
    assert scene.game == "turup"
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    table = app.top
    assert isinstance(table, TableScene)
    match = table.match
    assert (match.game, match.seed) == ("turup", 12345)
    fresh = Match("turup", 12345, {}, "easy")
    assert match.hands[0]["deal"] == fresh.hands[0]["deal"]
    assert match.hands[0]["dealer"] == fresh.hands[0]["dealer"]
    assert deal_number(match) == "12345-1"


def test_not_a_number_is_explained_and_escape_goes_back() -> None:
    app = make_app()
    scene = open_deal_number(app)
    key(app, pygame.K_RETURN)
    assert scene.problem == NOT_A_NUMBER and app.top is scene
    type_text(app, "-")
    assert scene.text == ""  # a dash only after digits
    type_text(app, "7")
    assert scene.problem == ""
    app.step(0.0)
    click(app, scene.buttons[1].rect.center)  # Cancel
    assert isinstance(app.top, MenuScene)
    scene = open_deal_number(app)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)


def test_ai_level_per_seat_is_kept_and_used_by_the_next_game() -> None:
    app = make_app((1024, 600))
    settings = app.session.settings
    assert set(settings.ai.values()) == {"easy"}
    menu_click(app, "Settings")
    assert isinstance(app.top, SettingsScene)
    menu_click(app, "AI players: easy (next game)")
    levels = app.top
    assert isinstance(levels, AILevelsScene)
    menu_click(app, "North: easy")
    assert settings.ai == {"W": "easy", "N": "normal", "E": "easy", "NW": "easy", "NE": "easy"}
    menu_click(app, "East: easy")
    menu_click(app, "East: normal")
    assert settings.ai["E"] == "hard"
    assert storage.settings_from_json(settings.to_json())[0].ai == settings.ai  # saved as is
    menu_click(app, "Back")
    assert isinstance(app.top, SettingsScene)
    assert app.top.items[1].label == ("AI players: W easy · N normal · E hard · NW easy · NE easy "
                                      "(next game)")
    key(app, pygame.K_ESCAPE)
    table = app.start_game("turup", 3)
    assert table.match.seats == {"S": "human", "W": best_level("easy", "turup"),
                                 "N": best_level("normal", "turup"),
                                 "E": best_level("hard", "turup")}
    key(app, pygame.K_ESCAPE)
    menu_click(app, "Settings")
    menu_click(app, "AI players: W easy · N normal · E hard · NW easy · NE easy (next game)")
    menu_click(app, "North-West (five players): easy")
    menu_click(app, "North-East (five players): easy")
    assert app.top.items[0].label == "Every AI seat: W easy · N normal · E hard"
    options = {"tarot": {"players": 5}}
    settings.options = options
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    table = app.start_game("tarot", 3)
    assert {s: table.match.seats[s] for s in ("NW", "NE")} == {
        s: best_level("normal", "tarot", 5) for s in ("NW", "NE")}
    key(app, pygame.K_ESCAPE)
    menu_click(app, "Settings")
    menu_click(app, "AI players: W easy · N normal · E hard (next game)")
    menu_click(app, "Every AI seat: W easy · N normal · E hard")
    assert settings.ai == dict.fromkeys(("W", "N", "E", "NW", "NE"), "normal")


def test_the_ai_levels_offered_are_easy_normal_and_hard() -> None:
    """Settings cycles each seat through easy, normal and hard only; a "random" level already
    in the settings is named and played, and cycling moves it to easy, never back."""
    app = make_app((1024, 600))
    settings = app.session.settings
    settings.ai = {"W": "random", "N": "easy", "E": "easy"}
    menu_click(app, "Settings")
    menu_click(app, "AI players: W random · N easy · E easy (next game)")
    seen = []
    for _ in range(4):
        label = next(b.label for b in app.top.items if b.label.startswith("West: "))
        seen.append(label.removeprefix("West: "))
        menu_click(app, label)
    assert seen == ["random", "easy", "normal", "hard"] and settings.ai["W"] == "easy"


def test_a_deal_number_over_a_game_in_progress_asks_first() -> None:
    """Playing a deal number of a game that has a game in progress replaces that game: the
    same question as a new game from the menu, and "Keep it" keeps it."""
    from game.ui.scenes.page import ConfirmScene

    app = make_app((1024, 600))
    first = app.start_game("turup", seed=7)
    assert isinstance(first, TableScene)
    key(app, pygame.K_ESCAPE)
    menu_click(app, "Main menu")
    assert isinstance(app.top, MenuScene)
    scene = open_deal_number(app)
    type_text(app, "12345")
    turup = next(b for b in scene.game_buttons if b.label == "Turup")
    click(app, turup.rect.center)
    key(app, pygame.K_RETURN)
    question = app.top
    assert isinstance(question, ConfirmScene) and "count as abandoned" in question.question

    def press(label: str) -> None:
        app.step(0.0)
        top = app.top
        assert isinstance(top, ConfirmScene)
        click(app, next(b for b in top.buttons if b.label == label).rect.center)

    press("Keep it")
    kept = app.session.in_progress("turup")
    assert kept is not None and kept.seed == 7
    key(app, pygame.K_RETURN)
    press("New game")
    table = app.top
    assert isinstance(table, TableScene)
    assert (table.match.game, table.match.seed) == ("turup", 12345)
