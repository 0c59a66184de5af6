"""Issue 25, "a window that fits": the first window's size from the desktop's, its place, and
size, place and maximised state remembered in the settings and restored."""

from __future__ import annotations

import json
import os

import pygame
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from ui_driver import SyncExecutor

from game import storage
from game.ui import app as app_module
from game.ui.app import App
from game.ui.layout import MIN_SIZE
from game.ui.window import GRIP, ROOM, fit_window, place_window, usable


@pytest.mark.parametrize(("wanted", "desktop", "size", "full"), [
    ((1280, 720), (1280, 720), (1280, 620), False),  # the case: title and task bars
    ((1280, 720), (1920, 1080), (1280, 720), False),
    ((1280, 720), (1366, 768), (1280, 668), False),
    ((1600, 900), (1440, 900), (1440, 800), False),
    ((1280, 720), (1024, 768), (1024, 668), False),
    ((1280, 720), (1024, 600), (1024, 600), True),  # the minimum cannot fit: full screen
    ((1280, 720), (800, 600), (1024, 600), True),
    ((1500, 900), None, (1500, 900), False),  # no screen (dummy driver): as asked
    ((800, 500), None, MIN_SIZE, False),
])
def test_the_first_window_fits_the_usable_screen(wanted: tuple[int, int],
                                                 desktop: tuple[int, int] | None,
                                                 size: tuple[int, int], full: bool) -> None:
    assert fit_window(wanted, desktop) == (size, full)


@given(st.tuples(st.integers(MIN_SIZE[0], 8000), st.integers(MIN_SIZE[1], 8000)),
       st.tuples(st.integers(640, 8000), st.integers(480, 5000)))
def test_a_window_never_passes_the_usable_screen_nor_the_minimum(
        wanted: tuple[int, int], desktop: tuple[int, int]) -> None:
    size, full = fit_window(wanted, desktop)
    assert size[0] >= MIN_SIZE[0] and size[1] >= MIN_SIZE[1]
    assert size[0] <= wanted[0] and size[1] <= wanted[1]
    room = usable(desktop)
    assume(not full)
    assert size[0] <= room[0] and size[1] <= room[1]
    assert desktop[1] - size[1] >= ROOM[1]


@pytest.mark.parametrize(("pos", "size", "desktop", "placed"), [
    (None, (1280, 620), (1920, 1080), None),
    ((100, 50), (1280, 620), (1920, 1080), (100, 50)),
    ((100, 50), (1280, 620), None, None),
    ((-200, 30), (1280, 620), (1920, 1080), (-200, 30)),  # partly off to the left: still held
    ((2500, 30), (1280, 620), (1920, 1080), None),  # on a display since removed
    ((100, 1060), (1280, 620), (1920, 1080), None),  # its title bar below the screen
    ((100, -5), (1280, 620), (1920, 1080), None),  # its title bar above it
    ((1920 - GRIP[0], 1080 - GRIP[1]), (1280, 620), (1920, 1080),
     (1920 - GRIP[0], 1080 - GRIP[1])),
])
def test_a_remembered_place_is_kept_while_on_the_screen(
        pos: tuple[int, int] | None, size: tuple[int, int], desktop: tuple[int, int] | None,
        placed: tuple[int, int] | None) -> None:
    assert place_window(pos, size, desktop) == placed


@pytest.mark.parametrize(("saved", "pos", "maximised", "fell_back"), [
    ({}, None, False, []),  # a settings file from before: the defaults
    ({"window_pos": [120, 40], "maximised": True}, (120, 40), True, []),
    ({"window_pos": None, "maximised": False}, None, False, []),
    ({"window_pos": [1, 2, 3], "maximised": "yes"}, None, False, ["maximised", "window_pos"]),
    ({"window_pos": [1.5, 2]}, None, False, ["window_pos"]),
])
def test_the_window_settings_load_with_defaults_for_old_files(
        saved: dict[str, object], pos: tuple[int, int] | None, maximised: bool,
        fell_back: list[str]) -> None:
    s, fell = storage.settings_from_json({"version": 1, "window": [1300, 700], **saved})
    assert (s.window, s.window_pos, s.maximised) == ((1300, 700), pos, maximised)
    assert sorted(fell) == fell_back


def test_the_window_settings_round_trip(tmp_path) -> None:  # type: ignore[no-untyped-def]
    paths = storage.resolve_paths(tmp_path)
    s = storage.Settings(window=(1200, 650), window_pos=(33, 44), maximised=True)
    storage.save_settings(paths, s)
    assert json.loads(paths.settings.read_text())["window_pos"] == [33, 44]
    again, notice = storage.load_settings(paths)
    assert notice is None
    assert (again.window, again.window_pos, again.maximised) == ((1200, 650), (33, 44), True)


def _event(kind: int, **attrs: object) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def test_moves_and_maximising_are_remembered(tmp_path) -> None:  # type: ignore[no-untyped-def]
    paths = storage.resolve_paths(tmp_path)
    app = App(workers=SyncExecutor(), paths=paths)
    try:
        s = app.session.settings
        assert app.window is not None
        app.window.position = (70, 90)  # the player moved it: SDL's place, then the news
        _event(pygame.WINDOWMOVED, x=70, y=90)
        _event(pygame.VIDEORESIZE, w=1100, h=650, size=(1100, 650))
        app.step(0.0)
        assert (s.window_pos, s.window, s.maximised) == ((70, 90), (1100, 650), False)
        # a maximise: its resize comes first, the news after — the normal size is kept
        _event(pygame.VIDEORESIZE, w=1400, h=800, size=(1400, 800))
        _event(pygame.WINDOWMAXIMIZED)
        _event(pygame.WINDOWMOVED, x=0, y=0)
        app.step(0.0)
        assert (s.window_pos, s.window, s.maximised) == ((70, 90), (1100, 650), True)
        _event(pygame.WINDOWRESTORED)
        _event(pygame.VIDEORESIZE, w=1100, h=650, size=(1100, 650))
        app.step(0.0)
        assert (s.window, s.maximised) == ((1100, 650), False)
        app.session.keeper.writer.flush()
        on_disk = json.loads(paths.settings.read_text())
        assert on_disk["window_pos"] == [70, 90] and on_disk["maximised"] is False
    finally:
        app.close()


def test_the_saved_window_is_restored_fitted_to_the_desktop(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    paths = storage.resolve_paths(tmp_path)
    storage.save_settings(paths, storage.Settings(window=(1280, 720), window_pos=(60, 30)))
    monkeypatch.setattr(app_module, "desktop_size", lambda: (1280, 720))
    seen: dict[str, str | None] = {}
    real = pygame.display.set_mode

    def set_mode(*args, **kwargs):  # type: ignore[no-untyped-def]
        seen["pos"] = os.environ.get("SDL_VIDEO_WINDOW_POS")
        return real(*args, **kwargs)

    monkeypatch.setattr(pygame.display, "set_mode", set_mode)
    app = App(workers=SyncExecutor(), paths=paths)
    try:
        assert app.screen.get_size() == (1280, 720 - ROOM[1])
        assert seen["pos"] == "60,30" and "SDL_VIDEO_WINDOW_POS" not in os.environ
        assert not app.fullscreen
    finally:
        app.close()
