"""Issue 25 item 3, "readable at every size": every screen of the screenshot tour rendered at
the smallest window, 1024×600, in English and in French, asks for no text below the floor
(:data:`game.ui.render.fonts.SMALLEST_TEXT`) and fits every text it shrinks to fit; the floor
itself, kept in one place; score lines broken only between their entries."""

from __future__ import annotations

import importlib.util
import random
import sys
import traceback
from pathlib import Path
from typing import Any

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_learning_table import to_card_play
from ui_driver import make_app

from game.ui.entries import DOT, entries, entry
from game.ui.layout import MIN_SIZE
from game.ui.render import fonts
from game.ui.scenes.menu import LINES_PER_ENTRY, entry_lines
from game.ui.table.seats import EAST_CLEARANCE

TOOLS = Path(__file__).resolve().parents[2] / "tools"


def screenshots() -> Any:
    """The screenshot tour (tools/screenshots.py): the list of every screen, kept once."""
    spec = importlib.util.spec_from_file_location("screenshots", TOOLS / "screenshots.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("screenshots", module)
    spec.loader.exec_module(module)
    return module


def caller() -> str:
    """Where in the game a text was asked for (the first frame outside the fonts module)."""
    for frame in reversed(traceback.extract_stack()[:-2]):
        if "/game/" in frame.filename and not frame.filename.endswith("fonts.py"):
            return f"{Path(frame.filename).name}:{frame.lineno}"
    return "?"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_screen_at_the_smallest_window_keeps_its_text_readable(
        language: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("FOUR_TRUMPS_DATA_DIR", str(tmp_path))
    tour_module = screenshots()
    font, fit = fonts.font, fonts.fit
    small: dict[tuple[int, str], str] = {}
    overflow: dict[tuple[str, str], str] = {}

    def asked(size: int, bold: bool = False) -> pygame.font.Font:
        if int(size) < fonts.SMALLEST_TEXT:
            small.setdefault((int(size), caller()), screen)
        return font(size, bold)

    def fitted(s: str, size: int, width: int, *args: Any, **kwargs: Any) -> pygame.Surface:
        out = fit(s, size, width, *args, **kwargs)
        if out.get_width() > width:
            overflow.setdefault((s, caller()), screen)
        return out

    fonts.clear_caches()  # every text asked again, through the recording font
    monkeypatch.setattr(fonts, "font", asked)
    monkeypatch.setattr(fonts, "fit", fitted)
    screen = "start"

    class Tour(tour_module.Tour):  # type: ignore[misc,name-defined]
        def shot(self, name: str) -> None:
            nonlocal screen
            screen = name
            self.app.draw()
            self.count += 1

    tour = Tour(tmp_path / "shots", MIN_SIZE, language)
    try:
        tour.tour()
    finally:
        tour.close()
        fonts.clear_caches()
    assert tour.count > 80  # every screen was drawn
    assert not small, f"text below {fonts.SMALLEST_TEXT} px: {small}"
    assert not overflow, f"text wider than its room at the floor: {overflow}"


@pytest.mark.parametrize("size", [1, 6, 12, 13, 14, 20])
def test_no_text_is_drawn_below_the_floor(size: int) -> None:
    pygame.font.init()
    assert fonts.font(size).get_height() >= fonts.font(fonts.SMALLEST_TEXT).get_height()
    assert fonts.fit("a line far too long for its room", size + 10, 5).get_height() \
        == fonts.text("x", fonts.SMALLEST_TEXT).get_height()


names = st.lists(st.text(st.sampled_from("abcdeé&-"), min_size=1, max_size=12), min_size=1,
                 max_size=3).map(" ".join)


@given(st.lists(st.tuples(names, st.integers(-999, 999)), min_size=1, max_size=6),
       st.integers(40, 400), st.sampled_from([DOT, ", ", "  "]))
def test_a_score_line_wraps_between_entries_never_inside_one(
        pairs: list[tuple[str, int]], width: int, sep: str) -> None:
    pygame.font.init()
    lines = fonts.wrap(entries(pairs, sep), fonts.SMALLEST_TEXT, width)
    for name, value in pairs:
        assert any(entry(name, value) in part for part in lines), (name, value, lines)
    assert len(lines) <= len(pairs)


@pytest.mark.parametrize(("texts", "room"), [
    (["5 players: You -828  West +414  North-West -414  North-East +414  East +414, hand 1",
      "How to play each game"], 380),
    (["You & North 3  ·  West & East 1, hand 5", ""], 300),
    (["Somalia: 144 cards, 36 tricks — win two hands running, the second by more."], 480),
])
def test_a_menu_entrys_line_wraps_onto_two_lines_at_a_readable_size(
        texts: list[str], room: int) -> None:
    pygame.font.init()
    size, lines = entry_lines(texts, [room] * len(texts))
    assert size >= fonts.SMALLEST_TEXT
    for text, wrapped in zip(texts, lines, strict=True):
        assert len(wrapped) <= LINES_PER_ENTRY
        assert " ".join(wrapped).split() == text.split()
        assert all(fonts.fits(line, size, room) for line in wrapped)


@pytest.mark.parametrize("size", [MIN_SIZE, (1280, 720)])
@pytest.mark.parametrize("game", ["turup", "tarabish", "tarot", "arbaa-turub"])
def test_the_open_tracker_shows_whole_lines_and_east_keeps_clear_of_the_trick(
        game: str, size: tuple[int, int]) -> None:
    app = make_app(size)
    try:
        table = app.start_game(game, 3)
        to_card_play(app, table, random.Random(3))
        table.coach.tracker.visible = True
        app.step(0.0)
        app.draw()
        panel = table.coach.tracker
        assert panel.view.h % panel.step == 0  # no line shows cut
        if game != "arbaa-turub":  # 144 cards: it scrolls, a line at a time
            assert panel.max_scroll == 0, "everything in view"
        east = table.seats.fans[table.seats.east]
        tw = table.geo.trick_card[0]
        trick = max(x for x, _y in table.geo.trick_pos.values()) + tw // 2
        assert east.left >= trick + EAST_CLEARANCE or east.left >= panel.area.left
        assert east.right <= panel.area.left - EAST_CLEARANCE or east.left >= panel.area.left
        if east.right <= panel.area.left:  # moved beside it: its label too ("East · 3 · dealer")
            assert not table.seats.labels[table.seats.east].colliderect(panel.area)
    finally:
        app.close()
