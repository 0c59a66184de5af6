"""The window, the scene stack and the frame loop (Tuxemon style).

A :class:`Scene` has ``update(dt)``, ``draw(surface)`` and ``handle_event(event)``; the handler
returns ``None`` to consume an input or the event to pass it to the scene below. Only the top
scene updates; scenes draw from the lowest visible one up (an overlay such as the in-game menu
is not ``opaque``, so the table shows through). :meth:`App.step` runs one frame with a given
``dt`` — the frame loop calls it with the clock's time, tests with whatever they like.
"""

from __future__ import annotations

import os
import random
import sys
import warnings
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import TYPE_CHECKING

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from .layout import MIN_SIZE
from .render import reset_caches
from .session import Match, Settings
from .sound import Sound

if TYPE_CHECKING:
    from .scenes.table import TableScene

FPS = 60
SWITCH_INTERVAL = 0.0005


class Scene:
    """One screen (or overlay) of the game."""

    opaque = True
    """False for an overlay that lets the scene below show."""

    def __init__(self, app: App) -> None:
        self.app = app

    def resume(self) -> None:
        """The scene is on top again."""

    def pause(self) -> None:
        """Another scene was pushed over this one."""

    def close(self) -> None:
        """The scene leaves the stack for good."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene."""

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Consume ``event`` (return ``None``) or pass it down (return it)."""
        return event


class App:
    """The one window and everything that lives as long as it does."""

    def __init__(self, size: tuple[int, int] = (1280, 720), settings: Settings | None = None,
                 executor: Executor | None = None, start_menu: bool = True) -> None:
        pygame.init()
        # The AI thinks in a worker thread; a short GIL switch interval keeps frames smooth
        # while it does (the default 5 ms would let one decision hold a frame back).
        sys.setswitchinterval(SWITCH_INTERVAL)
        self.settings = settings or Settings()
        self.screen = pygame.display.set_mode(self._clamp(size), pygame.RESIZABLE)
        pygame.display.set_caption("Four Trumps")
        self.window: pygame.Window | None
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                self.window = pygame.Window.from_display_module()
            self.window.minimum_size = MIN_SIZE
        except (AttributeError, pygame.error):
            self.window = None
        self.fullscreen = False
        self.executor = executor or ThreadPoolExecutor(max_workers=1,
                                                       thread_name_prefix="four-trumps-ai")
        self.sound = Sound(self.settings)
        self.scenes: list[Scene] = []
        self.match: Match | None = None
        """The game in progress (kept as a match record for saving, issue 8)."""
        self.table: TableScene | None = None
        self.running = True
        self.rng = random.Random()
        if start_menu:
            from .scenes.menu import MenuScene

            self.push(MenuScene(self))

    @staticmethod
    def _clamp(size: tuple[int, int]) -> tuple[int, int]:
        return max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1])

    # -- the stack ---------------------------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        """The scene on top, or ``None``."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        """Put ``scene`` on top."""
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)

    def pop(self) -> None:
        """Remove the top scene; the one below resumes."""
        if self.scenes:
            self.scenes.pop().close()
        if self.scenes:
            self.scenes[-1].resume()

    def replace_all(self, scene: Scene) -> None:
        """Clear the stack and show ``scene``."""
        while self.scenes:
            self.scenes.pop().close()
        self.scenes.append(scene)

    def start_game(self, game: str, seed: int | None = None) -> TableScene:
        """Start a new game of ``game`` against the AI and show the table."""

        if seed is None:
            seed = self.rng.randrange(1 << 31)
        options = self.settings.options.get(game, {})
        self.match = Match(game, seed, options, self.settings.ai_level)
        return self.show_table()

    def show_table(self) -> TableScene:
        """Show the table for the game in progress (Continue)."""
        from .scenes.table import TableScene

        assert self.match is not None
        if self.table is None or self.table.match is not self.match:
            if self.table is not None:
                self.table.close()
            self.table = TableScene(self, self.match)
        self.replace_all(self.table)
        self.table.resize(self.screen.get_size())
        return self.table

    # -- events and frames -------------------------------------------------------------------

    def toggle_fullscreen(self) -> None:
        """F11: full screen on the desktop's resolution, or back to a window."""
        self.fullscreen = not self.fullscreen
        try:
            if self.window is not None:
                if self.fullscreen:
                    self.window.set_fullscreen(desktop=True)
                else:
                    self.window.set_windowed()
                self.screen = pygame.display.get_surface()
            else:
                pygame.display.toggle_fullscreen()
        except pygame.error:
            self.fullscreen = not self.fullscreen
        self.resize(self.screen.get_size())

    def resize(self, size: tuple[int, int]) -> None:
        """Tell every scene the window's new size (never below the minimum)."""
        clamped = self._clamp(size)
        if clamped != self.screen.get_size():
            self.screen = pygame.display.set_mode(clamped, pygame.RESIZABLE)
        for scene in self.scenes:
            scene.resize(self.screen.get_size())

    def handle(self, event: pygame.event.Event) -> None:
        """Route one event: window events here, the rest down the scene stack."""
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        for scene in reversed(list(self.scenes)):
            if scene.handle_event(event) is None:
                return

    def draw(self) -> None:
        """Draw the visible scenes, lowest first."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        for scene in self.scenes[start:]:
            scene.draw(self.screen)

    def step(self, dt: float, draw: bool = True) -> None:
        """One frame: handle pending events, advance the top scene by ``dt``, draw."""
        for event in pygame.event.get():
            self.handle(event)
            if not self.running:
                return
        if self.top is not None:
            self.top.update(dt)
        if draw:
            self.draw()

    def run(self) -> None:
        """The frame loop, until the window closes or Quit is chosen."""
        clock = pygame.time.Clock()
        while self.running:
            dt = clock.tick(FPS) / 1000.0
            self.step(min(dt, 0.1))
            pygame.display.flip()

    def quit(self) -> None:
        """Leave the frame loop."""
        self.running = False

    def close(self) -> None:
        """Stop the AI worker and close the window."""
        for scene in self.scenes:
            scene.close()
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.sound.close()
        reset_caches()
        pygame.quit()


def run() -> int:
    """Open the window and run until it is closed; returns the exit status."""
    app = App()
    try:
        app.run()
    finally:
        app.close()
    return 0
