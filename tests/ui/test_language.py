"""The language setting: the system's by default, saved with the other settings, applied at
start-up, and changed in Settings at once — the menu and the table speak the new language at
the next frame, without a restart."""

from __future__ import annotations

import json

import pygame
import pytest
from scene_helpers import menu_click
from ui_driver import SyncExecutor, click, key, settle, start_from_menu

from game import i18n, storage
from game.ui.app import App
from game.ui.scenes.table import TableScene
from game.ui.session import Settings


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.fixture
def paths(tmp_path):
    return storage.resolve_paths(tmp_path)


def french_system(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")


def test_the_default_is_the_systems_language(monkeypatch, paths):
    french_system(monkeypatch)
    assert Settings().language == "fr"
    assert storage.settings_from_json({"version": 1})[0].language == "fr"
    assert storage.load_settings(paths)[0].language == "fr"  # no settings file yet
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert storage.settings_from_json({"version": 1})[0].language == "en"


@pytest.mark.parametrize("value", ["de", 3, None, ["fr"]])
def test_an_invalid_language_falls_back_to_the_default_alone(monkeypatch, value):
    french_system(monkeypatch)
    settings, fell_back = storage.settings_from_json({"version": 1, "language": value,
                                                      "speed": "fast"})
    assert settings.language == "fr" and settings.speed == "fast"
    assert fell_back == ["language"]


def test_the_language_survives_a_save_and_a_load(paths):
    storage.save_settings(paths, Settings(language="fr"))
    assert json.loads(paths.settings.read_text())["language"] == "fr"
    assert storage.load_settings(paths)[0].language == "fr"
    storage.save_settings(paths, Settings(language="en"))
    assert storage.load_settings(paths)[0].language == "en"


def test_the_saved_language_is_spoken_from_the_first_frame(paths):
    storage.save_settings(paths, Settings(language="fr", sound=False))
    app = App((1280, 720), workers=SyncExecutor(), paths=paths)
    try:
        assert i18n.language() == "fr"
        app.step(0.0)
        labels = [b.label for b, _ in app.top.items]  # type: ignore[union-attr]
        assert "Réglages" in labels and "Quitter" in labels and "Tarot" in labels
    finally:
        app.close()


def language_button(app: App):
    return next(b for b in app.top.items  # type: ignore[union-attr]
                if b.label.startswith(("Language:", "Langue")))


def test_switching_on_the_menu_changes_its_words_at_the_next_frame(paths):
    app = App((1280, 720), Settings(language="en", sound=False), workers=SyncExecutor(),
              paths=paths)
    try:
        menu_click(app, "Settings")
        assert language_button(app).label == "Language: English"
        click(app, language_button(app).rect.center)
        assert i18n.language() == "fr" and app.session.settings.language == "fr"
        assert language_button(app).label == "Langue\u00a0: Français"
        assert app.top.items[-1].label == "Retour"  # type: ignore[union-attr]
        key(app, pygame.K_ESCAPE)
        labels = [b.label for b, _ in app.top.items]  # type: ignore[union-attr]
        assert labels[:4] == ["Arba'a Turub", "Turup", "Tarabish", "Tarot"]
        assert "Statistiques" in labels and "Statistics" not in labels
        app.session.keeper.writer.flush()  # type: ignore[union-attr]
        assert json.loads(paths.settings.read_text())["language"] == "fr"
        menu_click(app, "Réglages")
        click(app, language_button(app).rect.center)  # and back
        assert language_button(app).label == "Language: English"
        key(app, pygame.K_ESCAPE)
        assert "Statistics" in [b.label for b, _ in app.top.items]  # type: ignore[union-attr]
    finally:
        app.close()


def test_switching_at_the_table_changes_its_words_without_a_restart():
    app = App((1024, 600), Settings(ai_level="easy", speed="fast", sound=False,
                                    language="en"), workers=SyncExecutor())
    try:
        table = start_from_menu(app, "Tarabish")
        settle(app, table)
        assert [b.label for b in table.top_buttons] == ["Menu", "Last trick"]
        key(app, pygame.K_ESCAPE)          # the in-game menu
        menu_click(app, "Settings")
        click(app, language_button(app).rect.center)
        key(app, pygame.K_ESCAPE)          # back to the in-game menu, now in French
        assert app.top.items[0].label == "Reprendre"  # type: ignore[union-attr]
        key(app, pygame.K_ESCAPE)          # back to the table
        assert app.top is table and isinstance(table, TableScene)
        assert table.top_buttons[1].label == "Dernier pli"
        app.step(0.0)
        assert i18n.language() == "fr"
    finally:
        app.close()
