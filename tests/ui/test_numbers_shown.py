"""Issue 36: one way of writing numbers per language on the statistics pages — the minus sign
"−" (never the hyphen: "−90" beside "−18,0" mixed "-90" and "−18,0"), the language's decimal
mark (:func:`game.i18n.number`) — a keys line under a page that wraps between its items only
("Échap : retour" kept whole), and the menu's "hand 1" kept on one line."""

from __future__ import annotations

import pygame
import pytest
from scene_helpers import menu_click
from ui_driver import make_app

from game import i18n, storage
from game.ui.entries import KEEP, keys_line
from game.ui.render import fonts
from game.ui.scenes.page import PageScene, progress_line
from game.ui.scenes.statistics import TABLE_ROWS, StatisticsScene


@pytest.mark.parametrize(("lang", "value", "places", "sign", "text"), [
    ("en", -90, 0, False, "−90"),
    ("fr", -90, 0, False, "−90"),
    ("en", -18.04, 1, False, "−18.0"),
    ("fr", -18.04, 1, False, "−18,0"),
    ("fr", 4.5, 1, False, "4,5"),
    ("fr", 1.4, 1, True, "+1,4"),
    ("en", 12, 0, True, "+12"),
    ("en", -0.04, 1, True, "0.0"),  # rounds to zero: no sign
    ("fr", 0, 0, False, "0"),
])
def test_a_number_is_written_the_languages_way(lang: str, value: float, places: int,
                                               sign: bool, text: str) -> None:
    i18n.set_language(lang)
    try:
        assert i18n.number(value, places, sign) == text
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_statistics_page_writes_every_negative_number_with_one_minus(
        tmp_path, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("FOUR_TRUMPS_DATA_DIR", str(tmp_path))
    stats = storage.Statistics()
    for points in (-40, -50, 20, -20):
        stats.record_hand("tarot", "lost" if points < 0 else "won", points)
    storage.save_statistics(storage.resolve_paths(tmp_path), stats)
    app = make_app()
    app.set_language(lang)
    try:
        menu_click(app, i18n._("Statistics"))
        page = app.top
        assert isinstance(page, StatisticsScene)
        cells = [page.value(g, f) for g in page.names for _label, fields in TABLE_ROWS
                 for f in ((fields,) if isinstance(fields, str) else fields)]
        assert page.value("tarot", "points") == "−90"
        assert page.value("tarot", "average").startswith("−22" + (",5" if lang == "fr"
                                                                   else ".5"))
        assert not [c for c in cells if "-" in c]
    finally:
        app.close()
        i18n.set_language("en")


def test_a_keys_line_breaks_only_between_its_items() -> None:
    pygame.font.init()
    i18n.set_language("fr")
    try:
        text = keys_line(i18n._(PageScene.hint))
    finally:
        i18n.set_language("en")
    items = text.split(f"{KEEP}· ")
    assert items[-1] == f"Échap{KEEP}:{KEEP}retour"
    assert all(" " not in item for item in items)
    for room in range(120, 700, 40):  # wherever the line breaks, "Échap : retour" stays whole
        lines = fonts.wrap(text, 14, room)
        assert any(line.endswith(items[-1]) for line in lines)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_menus_line_keeps_hand_and_its_number_together(lang: str) -> None:
    """"…, hand 1" wrapped as "…, hand" / "1" in the menu's line of a game in progress."""
    pygame.font.init()
    app = make_app()
    app.set_language(lang)
    try:
        match = app.start_game("tarabish", 3).match
        line = progress_line(match)
        word = i18n._("{scores}, hand {number}").split()[-2]  # "hand", "donne"
        assert line.endswith(f"{word}{KEEP}1")
        for room in range(80, 400, 10):
            assert all(not w.endswith(word) for w in fonts.wrap(line, 14, room))
    finally:
        app.close()
        i18n.set_language("en")
