"""The window, the scene stack and the frame loop (Tuxemon style) — the program's entry point.

:class:`App` is the :class:`~game.ui.host.Host` every scene talks to: it routes events down the
stack (a scene's handler returns ``None`` to consume an input or the event to pass it to the
scene below), updates the top scene, and draws from the lowest visible one up (an overlay such
as the in-game menu is not ``opaque``, so the table shows through). :meth:`App.step` runs one
frame with a given ``dt`` — the frame loop calls it with the clock's time, tests with whatever
they like. What outlives the scenes — settings, the game in progress, the files, the AI's
worker processes, the sound — is the :class:`~game.ui.session.Session` (``app.session``);
scenes reach it through the host and never import this module.

Given :class:`game.storage.Paths`, the app keeps its files (issue 8, :mod:`.persist`): settings,
statistics and the game in progress are loaded at start (damaged ones are moved aside and the
menu shows one calm line), and whatever changes is saved from :meth:`App.step` by a background
writer — the frame never waits on the disk. An unexpected error in a frame is logged with its
traceback, told in one line on the menu, and the game in progress is kept (Continue resumes it
at its last action). Without paths (tests, the bench) nothing touches the disk.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import sys
import time
import warnings
from collections.abc import Callable
from concurrent.futures import Executor
from typing import TYPE_CHECKING

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from .. import engine_choice, i18n, saved_game, storage
from ..engine.ai.workers import AIWorkers, ThreadWorkers, Workers
from ..engine.message import Message
from ..i18n import N_
from . import assets, background, notices, probe
from . import window as win
from .host import Scene, open_scene
from .layout import MIN_SIZE
from .persist import Keeper
from .quiet import into_log
from .render import reset_caches, style
from .session import Match, Session, Settings
from .sound import Sound
from .wake import MAX_SLEEP, SAVE_POLL, WAKE, Pace, post, soonest
from .window import desktop_size, fit_window, place_window, window_place

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from .scenes.table import TableScene

FPS = 60
MAX_DT = 0.1
"""The longest step of a frame while something moves (a stalled frame does not make an
animation jump)."""
EARLY = 1e-4
"""A wake-up this close before its time counts as on time."""
SWITCH_INTERVAL = 0.0005
CRASH_LIMIT = (5, 10.0)
"""This many unexpected errors within this many seconds: give up (the autosave is kept)."""

log = logging.getLogger(__name__)


class App:
    """The one window, its scene stack and frame loop; the :class:`~game.ui.host.Host` of
    every scene."""

    def __init__(self, size: tuple[int, int] | None = None, settings: Settings | None = None,
                 workers: AIWorkers | Executor | None = None, start_menu: bool = True,
                 paths: storage.Paths | None = None) -> None:
        """The window at ``size`` (default: the player's window as left — its saved size
        fitted to the desktop, its place and maximised state, :mod:`.window`; full screen if
        it was). With ``paths``, the saved settings (unless ``settings`` is given),
        statistics and game are loaded and everything is saved as it changes.

        The AI runs in ``workers``: by default the worker processes
        (:class:`~game.engine.ai.workers.Workers`, one per core, started once the first frame
        is on screen — :meth:`run` — or at the first AI job); a test may hand an
        :class:`~concurrent.futures.Executor` of its own (wrapped in a
        :class:`~game.engine.ai.workers.ThreadWorkers`)."""
        with into_log("start"):  # ALSA's "cannot find card" and the like: to the log
            pygame.init()
        # Only the save writer shares the interpreter now (the AI is in other processes); a
        # short GIL switch interval still keeps it from holding a frame back.
        sys.setswitchinterval(SWITCH_INTERVAL)
        keeper = Keeper(paths) if paths is not None else None
        saved: Match | None = None
        if keeper is not None:
            loaded, saved = keeper.load()
            settings = settings or loaded
        settings = settings or Settings()
        settings.language = i18n.set_language(settings.language)  # before the first frame
        style.follow(settings)  # the card back and the felt the player chose
        if workers is None:
            workers = Workers()
        elif isinstance(workers, Executor):
            workers = ThreadWorkers(workers)
        self.session = Session(
            settings, workers, Sound(settings), keeper, saved,
            keeper.in_progress if keeper is not None else None)
        """Settings, the game in progress, the files, the AI's workers and the sound."""
        self.fps = FPS
        self.after_frame: list[Callable[[], None]] = []
        """Called at the end of every frame's update (autoplay drives the table from here)."""
        self.exit_status = 0
        self.frames = 0
        """Frames drawn by :meth:`run` so far."""
        self._crashes: list[float] = []
        self._before_resize = settings.window
        """The window size remembered before the latest resize (a maximise's own resize may
        come before the news that the window is maximised: that size is not kept)."""
        restored = size is None  # the player's window, as left (else a test's or the bench's)
        small_screen = False
        place: tuple[int, int] | None = None
        if size is None:
            desktop = desktop_size()
            size, small_screen = fit_window(settings.window, desktop)
            place = place_window(settings.window_pos, size, desktop)
        assets.set_window_icon()  # before the window opens: some systems take it only then
        self.window: pygame.Window | None = None
        with window_place(place, centred=restored):
            self._open(self._clamp(size))
        win.settle(self.window, place)  # the inside where it was left, not the title bar's top
        pygame.display.set_caption("Four Trumps")
        self.fullscreen = False
        self.scenes: list[Scene] = []
        self._table: TableScene | None = None
        self.running = True
        if settings.fullscreen or small_screen:
            self.toggle_fullscreen(save=False)
        elif restored and settings.maximised and self.window is not None:
            with contextlib.suppress(pygame.error):
                self.window.maximize()
        if start_menu:
            self.push(open_scene(self, "menu"))

    def _open(self, size: tuple[int, int]) -> None:
        """Set the window to ``size`` (resizable, never below the minimum) and take its
        :class:`pygame.Window` again (a new mode may make a new window)."""
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                self.window = pygame.Window.from_display_module()
            self.window.minimum_size = MIN_SIZE
        except (AttributeError, pygame.error):
            self.window = None

    @staticmethod
    def _clamp(size: tuple[int, int]) -> tuple[int, int]:
        return max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1])

    # -- the host ----------------------------------------------------------------------------

    @property
    def size(self) -> tuple[int, int]:
        """The window's size in pixels."""
        return self.screen.get_size()

    @property
    def top(self) -> Scene | None:
        """The scene on top, or ``None``."""
        return self.scenes[-1] if self.scenes else None

    def below(self, scene: Scene) -> Scene | None:
        """The scene right under ``scene`` (``None`` at the bottom or off the stack)."""
        if scene not in self.scenes:
            return None
        i = self.scenes.index(scene)
        return self.scenes[i - 1] if i > 0 else None

    def on_stack(self, scene: Scene) -> bool:
        """True while ``scene`` is on the stack."""
        return scene in self.scenes

    @property
    def table(self) -> TableScene | None:
        """The table of the game in progress, once shown (kept while the game goes on, so
        that Continue and "Back to your game" find it as the player left it)."""
        return self._table

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
        """Start a new game of ``game`` against the AI and show the table (the game of
        ``game`` in progress, if any, is replaced: ask first, :func:`.scenes.page.confirm`)."""
        self.session.new_match(game, seed)
        return self.show_table()

    def show_table(self, game: str | None = None) -> TableScene:
        """Show the table for the game in progress (Continue): ``game``'s, else the one last
        at the table."""
        if game is not None:
            self.session.take_up(game)
        match = self.session.match
        assert match is not None
        if self._table is None or self._table.match is not match:
            if self._table is not None:
                self._table.close()
            self._table = open_scene(self, "table", match=match)  # type: ignore[assignment]
        assert self._table is not None
        self.replace_all(self._table)
        self._table.resize(self.size)
        self.session.notices.clear()
        return self._table

    # -- events and frames -------------------------------------------------------------------

    def toggle_fullscreen(self, save: bool = True) -> None:
        """F11: full screen on the desktop's resolution, or back to a window (remembered in
        the settings unless ``save`` is false)."""
        self.fullscreen = not self.fullscreen
        try:
            if self.window is not None:
                if self.fullscreen:
                    self.window.set_fullscreen(desktop=True)
                else:
                    self.window.set_windowed()
                surface = pygame.display.get_surface()
                if surface is not None:
                    self.screen = surface
            else:
                pygame.display.toggle_fullscreen()
        except pygame.error:
            self.fullscreen = not self.fullscreen
        if save:
            self.session.settings.fullscreen = self.fullscreen
        self.resize(self.screen.get_size())

    def resize(self, size: tuple[int, int]) -> None:
        """Tell every scene the window's new size (never below the minimum)."""
        clamped = self._clamp(size)
        if clamped != self.screen.get_size():
            self._open(clamped)
        settings = self.session.settings
        if not self.fullscreen and not settings.maximised:
            if self.screen.get_size() != settings.window:
                self._before_resize = settings.window
            settings.window = self.screen.get_size()
        for scene in self.scenes:
            scene.resize(self.screen.get_size())

    def set_language(self, code: str) -> None:
        """Speak ``code`` from the next frame on (see :meth:`Host.set_language`): the
        setting (saved with the others), the catalog, the caches of drawn text, and the path
        a window resize takes, so that every scene builds its words again."""
        self.session.settings.language = i18n.set_language(code)
        reset_caches()
        self.resize(self.size)

    def window_changed(self, event: pygame.event.Event) -> None:
        """Remember where the window is and whether it is maximised (the settings, saved
        with the others; not while full screen). When it is maximised, the size kept is the
        one it had before — the size it comes back to."""
        settings = self.session.settings
        if self.fullscreen:
            return
        if event.type == pygame.WINDOWMOVED:
            if not settings.maximised:
                settings.window_pos = win.inside_position(self.window, (event.x, event.y))
        elif event.type == pygame.WINDOWMAXIMIZED:
            settings.maximised = True
            if settings.window == self.size:  # the maximised size was kept first: undo that
                settings.window = self._before_resize
        else:
            settings.maximised = False

    def handle(self, event: pygame.event.Event) -> None:
        """Route one event: window events here, the rest down the scene stack."""
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == WAKE:  # a job finished: the frame it woke is all it asks
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        if event.type in (pygame.WINDOWMOVED, pygame.WINDOWMAXIMIZED, pygame.WINDOWRESTORED):
            self.window_changed(event)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if (event.type == pygame.MOUSEBUTTONDOWN and self.session.notices and self._on_menu()
                and self._notice_rect().collidepoint(event.pos)):
            self.session.notices.clear()
            return
        for scene in reversed(list(self.scenes)):
            if scene.handle_event(event) is None:
                return

    def draw(self) -> None:
        """Draw the visible scenes, lowest first (and the notices over the main menu)."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        for scene in self.scenes[start:]:
            scene.draw(self.screen)
        problem = self._save_problem()
        if self._banner_lines() and self._on_menu():
            notices.draw_banner(self.screen, self._banner_lines())
        elif problem:
            shown = self._table in self.scenes[start:]
            notices.draw_save_problem(self.screen, *self._save_problem_box(shown), shown)

    def _save_problem(self) -> str | None:
        keeper = self.session.keeper
        return keeper.save_problem if keeper is not None else None

    def _banner_lines(self) -> list[str]:
        """The menu banner's lines (:func:`.notices.banner_lines`)."""
        return notices.banner_lines(self._save_problem(), self.session.notices)

    def _on_menu(self) -> bool:
        return getattr(self.top, "name", None) == "menu"

    def _notice_rect(self) -> pygame.Rect:
        return notices.banner_rect(self.screen.get_size(), len(self._banner_lines()))

    def _save_problem_box(self, table_shown: bool) -> tuple[pygame.Rect, list[str]]:
        keeper = self.session.keeper
        assert keeper is not None
        return notices.save_problem_box(self.screen.get_size(), keeper, table_shown)

    def step(self, dt: float, draw: bool = True) -> None:
        """One frame: handle pending events, advance the top scene by ``dt``, save whatever
        changed (handed to the writer thread), draw."""
        for event in pygame.event.get():
            self.handle(event)
            if not self.running:
                return
        if self.top is not None:
            self.top.update(dt)
        for hook in list(self.after_frame):
            hook()
        background.settle(self.session)  # par kept with its day, hands judged
        self.session.save()
        if draw:
            self.draw()

    def wake_in(self) -> float | None:
        """How soon a frame is due without an event (see :meth:`Scene.wake_in`): every frame
        while an :attr:`after_frame` hook drives the app (autoplay, the start-up probe) or no
        scene is shown, else the top scene's wish — only the top scene is updated, so only its
        look changes by itself — and a look at the save writer while it has work (a failed
        save's line shows by itself)."""
        if self.after_frame or self.top is None:
            return 0.0
        keeper = self.session.keeper
        writing = SAVE_POLL if keeper is not None and keeper.writer.working else None
        return soonest(self.top.wake_in(), writing)

    def run(self, pace: Pace | None = None) -> None:
        """The frame loop, until the window closes or Quit is chosen. An unexpected error in
        a frame does not end it (see :meth:`recover`).

        It draws only when something changed (issue 25): at the frame rate while something
        moves (:meth:`wake_in` is below a frame), else it sleeps until an event comes or the
        time the top scene named arrives (:class:`~.wake.Pace`; ``pace`` is a test's fake
        clock and event source). A frame after a sleep first gives the top scene the whole
        time slept (its timers fire, its clock keeps to the wall's), then handles the events
        and updates with ``dt`` 0 — so that an animation an event starts begins at its
        start. While something moves ``dt`` is capped at :data:`MAX_DT` as before. Frames
        never come faster than :attr:`fps`, however many events arrive."""
        pace = pace or Pace()
        first = True
        last = pace.now()
        due: float | None = last
        moving = True
        while self.running:
            now = pace.now()
            if (due is None or now < due - EARLY) and \
                    not pace.wait(MAX_SLEEP if due is None else due - now):
                continue  # no event yet: sleep on (a signal handler ran meanwhile)
            pace.tick(self.fps)  # never more frames than the frame rate (a mouse sends more)
            now = pace.now()
            elapsed, last = now - last, now
            try:
                if moving:
                    self.step(min(elapsed, MAX_DT))
                else:
                    if self.top is not None:
                        self.top.update(elapsed)
                    self.step(0.0)
                pygame.display.flip()
                self.frames += 1
            except Exception as err:
                self.recover(err)
            if first:  # the first frame is on screen: now start the AI's processes
                first = False
                self.session.workers.warm()
                background.start(self.session, awake=post)
            try:
                wait = self.wake_in()
            except Exception as err:  # a scene's bug: as in a frame, and frames go on
                self.recover(err)
                wait = 0.0
            moving = wait is not None and wait < 1 / self.fps
            due = None if wait is None else pace.now() + wait

    def recover(self, err: BaseException) -> None:
        """After an unexpected error in a frame: log it with its traceback, keep the game in
        progress (rebuilt from its record, which holds only actions that were applied) and go
        back to the main menu with one line for the player, who may Continue.

        **Decision**: back to the menu rather than on at the table — the table's state may be
        half-updated, the match record never is. Errors that repeat (:data:`CRASH_LIMIT`) end
        the program with status 1, the autosave kept."""
        log.error("unexpected error in the frame loop", exc_info=err)
        now = time.monotonic()
        self._crashes = [t for t in self._crashes if now - t < CRASH_LIMIT[1]] + [now]
        if len(self._crashes) >= CRASH_LIMIT[0]:
            log.critical("the same trouble keeps coming back; closing (the game is saved)")
            self.exit_status = 1
            self.running = False
            return
        session = self.session
        if session.match is not None:
            try:
                session.match = Match.from_record(session.match.record())
            except Exception:
                log.exception("the game in progress could not be rebuilt; using the saved one")
                game = session.match.game
                session.match = None
                if session.keeper is not None:
                    session.keeper.writer.flush()
                    record = saved_game.read(session.keeper.paths, game=game).record
                    with contextlib.suppress(Exception):
                        session.match = Match.from_record(record) if record else None
        for scene in self.scenes:
            with contextlib.suppress(Exception):
                scene.close()
        self.scenes = []
        self._table = None
        session.notices.append(Message(
            "Something went wrong ({error}); it was written to the log and your game is kept "
            "— choose Continue.", error=f"{type(err).__name__}: {err}"))
        self.push(open_scene(self, "menu"))

    def quit(self) -> None:
        """Leave the frame loop."""
        self.running = False

    def close(self) -> None:
        """Save the last state (waiting for the disk), stop the AI's worker processes (a
        search under way is cancelled; none is left behind), close the window."""
        for scene in self.scenes:
            with contextlib.suppress(Exception):
                scene.close()
        background.close(self.session)
        if self.session.keeper is not None:
            try:
                self.session.keeper.close(self.session)
            except Exception:
                log.exception("could not save on closing")
        self.session.workers.shutdown()
        self.session.sound.close()
        reset_caches()
        pygame.quit()


def run(data_dir: str | None = None, autoplay: str | None = None, hands: int = 1,
        resume: bool = False, level: str | None = None) -> int:
    """Open the window and run until it is closed; returns the exit status.

    ``data_dir`` (else ``$FOUR_TRUMPS_DATA_DIR``, else the platform's folders) holds every
    file. ``autoplay`` names a game that four AI players play for ``hands`` hands
    (:mod:`.autoplay`); ``resume`` opens the saved game as Continue does."""
    from . import logging_setup

    paths = storage.resolve_paths(data_dir)
    logging_setup.setup(paths)
    log.info("starting (data in %s; %s)", paths.data, engine_choice.describe())
    if win.screen_missing():  # said on one line, not run on unseen (issue 36)
        return win.NO_DISPLAY_STATUS
    app = App(paths=paths)
    probe.install(app)  # only with FOUR_TRUMPS_FIRST_FRAME set: the start-up measurement
    with contextlib.suppress(ValueError):  # not the main thread
        signal.signal(signal.SIGTERM, lambda *_: app.quit())
    if autoplay is not None:
        from .autoplay import Autoplay

        Autoplay(app, autoplay, hands, level, via_menu=resume)
    elif resume:
        if app.session.match is not None:
            app.show_table()
        else:
            app.session.notices.append(N_("There is no saved game to continue."))
    try:
        app.run()
    finally:
        app.close()
    log.info("closed (status %d)", app.exit_status)
    return app.exit_status
