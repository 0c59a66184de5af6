"""Issue 36, "the window stays where it was left": the place saved is the place restored,
restart after restart, under a window manager that draws a title bar above the asked place
(X11: ``SDL_VIDEO_WINDOW_POS`` is taken as the frame's) and without one — read and set
through SDL's window position (:class:`pygame.Window`; the dummy driver keeps it)."""

from __future__ import annotations

import os

import pygame
import pytest
from ui_driver import SyncExecutor

from game import storage
from game.ui import app as app_module
from game.ui.app import App
from game.ui.window import settle

START = (240, 130)
DESKTOP = (1920, 1080)


class FakeWindow:
    """A window whose inside SDL reports at ``position``."""

    def __init__(self, position: tuple[int, int]) -> None:
        self.position = position


@pytest.mark.parametrize(("opened", "place", "after"), [
    ((241, 150), (240, 130), (240, 130)),  # a title bar drawn above the asked place: up
    ((240, 130), (240, 130), (240, 130)),  # no title bar: where asked, left alone
    ((500, 300), None, (500, 300)),  # centred (no place asked): left where it opened
])
def test_settle_puts_the_inside_at_the_asked_place(
        opened: tuple[int, int], place: tuple[int, int] | None,
        after: tuple[int, int]) -> None:
    window = FakeWindow(opened)
    settle(window, place)
    assert window.position == after
    settle(None, place)  # no pygame.Window: nothing to move, no error


def _window_manager(monkeypatch: pytest.MonkeyPatch, bar: tuple[int, int]) -> None:
    """Open every window as an X11 window manager with a title bar of ``bar`` (left border,
    height) does: the frame at the asked place, so the inside ``bar`` lower and to the right,
    and the news of that place queued (SDL's ``WINDOWMOVED``)."""
    real = App._open

    def opened(self: App, size: tuple[int, int]) -> None:
        real(self, size)
        asked = os.environ.get("SDL_VIDEO_WINDOW_POS")
        if asked is not None and self.window is not None:
            x, y = (int(v) for v in asked.split(","))
            self.window.position = (x + bar[0], y + bar[1])
            pygame.event.post(pygame.event.Event(
                pygame.WINDOWMOVED, x=x + bar[0], y=y + bar[1]))

    monkeypatch.setattr(App, "_open", opened)


@pytest.mark.parametrize("bar", [(1, 20), (0, 0)], ids=["title bar", "no title bar"])
def test_the_window_comes_back_where_it_was_left_restart_after_restart(
        tmp_path, monkeypatch: pytest.MonkeyPatch, bar: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    paths = storage.resolve_paths(tmp_path)
    storage.save_settings(paths, storage.Settings(window=(1280, 720), window_pos=START))
    monkeypatch.setattr(app_module, "desktop_size", lambda: DESKTOP)
    _window_manager(monkeypatch, bar)
    seen = []
    for _ in range(5):
        app = App(workers=SyncExecutor(), paths=paths, start_menu=False)
        try:
            assert app.window is not None
            app.step(0.0)  # the queued news of where it opened is read
            seen.append((tuple(app.window.position), app.session.settings.window_pos))
        finally:
            app.close()
        saved, _ = storage.load_settings(paths)
        assert saved.window_pos == START
    assert seen == [(START, START)] * 5
