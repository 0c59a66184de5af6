"""When the frame loop wakes: the scenes' wishes combined, and the real clock and event wait.

A scene says how soon its look changes by itself (:meth:`game.ui.host.Scene.wake_in`); the
frame loop (:meth:`game.ui.app.App.run`) draws at the frame rate while something moves and
otherwise sleeps until that time or until an event comes. :class:`Pace` is the loop's clock and
sleep; a test hands the loop a fake one and counts the frames drawn over simulated time.

Why not ``pygame.event.wait(timeout)``: pygame-ce implements it as a loop that pumps the
events and sleeps 1 ms (about 2% of a core under X11, measured), which alone would use the
whole idle budget. SDL's own ``SDL_WaitEventTimeout`` sleeps in the window system's event
queue (X11, Wayland, Windows, Cocoa) and is woken by input and by events posted from other
threads; :class:`Pace` calls it through :mod:`ctypes` in the SDL library pygame loaded. Where
that library cannot be found, or the video driver has no event queue to sleep in (``dummy``,
``offscreen``), it sleeps in short slices (:data:`SLICE`) and looks for events between them.
"""

from __future__ import annotations

import contextlib
import ctypes
import glob
import math
import os
import time
from collections.abc import Iterable
from typing import Any

import pygame

POLL = 0.05
"""Seconds between two looks at a job under way in the workers that cannot be watched (the
hint, whose job the coach keeps to itself) while nothing else moves."""
JOB_CHECK = 1.0
"""Seconds between two looks at watched jobs under way (:func:`watch`): only a safety net,
should a wake-up event be lost."""
WAKE = pygame.event.custom_type()
"""The event posted when a watched job finishes: it wakes the frame loop (and does nothing
else)."""
WATCHED = "_four_trumps_watched"
SAVE_POLL = 0.25
"""Seconds between two looks at the save writer while it has work (a failed save's line)."""
SLICE = 1 / 60
"""Without SDL's own wait: the longest sleep between two looks for events (input shows as
quickly as in a frame)."""
MAX_SLEEP = 0.5
"""The longest single wait: a signal (SIGTERM) is handled at the latest this late."""
WAITING_DRIVERS = frozenset({"x11", "wayland", "windows", "cocoa"})
"""Video drivers whose event queue SDL can sleep in."""


def soonest(*waits: float | None) -> float | None:
    """The earliest of ``waits`` (seconds; ``None``: never), never below 0."""
    known = [max(0.0, w) for w in waits if w is not None]
    return min(known) if known else None


def _wake(_done: Any) -> None:
    """A watched job finished (called in the thread that finished it): wake the loop."""
    with contextlib.suppress(pygame.error):  # the window is already closed
        pygame.event.post(pygame.event.Event(WAKE))


def post() -> None:
    """Wake the frame loop now (from any thread): something it shows or keeps has changed
    outside it — a hand judged for the learner's progress (:mod:`.judge`)."""
    _wake(None)


def watch(job: Any) -> None:
    """Have a :data:`WAKE` event posted when ``job`` (a workers' job, or a
    :class:`~concurrent.futures.Future`) finishes — at once if it has — once per job."""
    future = getattr(job, "future", job)
    if getattr(future, WATCHED, False):
        return
    setattr(future, WATCHED, True)
    future.add_done_callback(_wake)


def jobs_wake_in(jobs: Iterable[Any]) -> float | None:
    """The frame loop's wait for ``jobs`` a scene waits on: each is watched (:func:`watch`:
    its end wakes the loop), so only a slow safety look (:data:`JOB_CHECK`) while one is
    under way; ``None`` when none is."""
    under_way = False
    for job in jobs:
        watch(job)
        under_way = under_way or not job.done()
    return JOB_CHECK if under_way else None


def _sdl_candidates() -> list[str]:
    """Paths where the SDL library pygame uses may be: the one mapped into this process
    (Linux), then those shipped beside pygame (wheels for Windows and macOS)."""
    found: list[str] = []
    with contextlib.suppress(OSError), open("/proc/self/maps", encoding="utf-8") as maps:
        for line in maps:
            path = line.split()[-1] if line.split() else ""
            if "libSDL2" in os.path.basename(path) and path not in found:
                found.append(path)
    here = os.path.dirname(pygame.__file__)
    for pattern in ("SDL2.dll", ".dylibs/libSDL2*.dylib", "../pygame_ce.libs/libSDL2*",
                    "../pygame.libs/libSDL2*"):
        found.extend(p for p in glob.glob(os.path.join(here, pattern)) if p not in found)
    return found


def sdl_wait() -> Any | None:
    """``SDL_WaitEventTimeout`` of the SDL pygame initialised (checked: that library reports
    the video subsystem started), or ``None`` when it cannot be had or cannot sleep with the
    video driver in use."""
    try:
        driver = pygame.display.get_driver()
    except pygame.error:
        return None
    if driver not in WAITING_DRIVERS:
        return None
    for path in _sdl_candidates():
        try:
            lib = ctypes.CDLL(path)
            lib.SDL_WasInit.argtypes = [ctypes.c_uint32]
            lib.SDL_WasInit.restype = ctypes.c_uint32
            if not lib.SDL_WasInit(0x20):  # SDL_INIT_VIDEO: not the instance pygame runs
                continue
            wait = lib.SDL_WaitEventTimeout
            wait.argtypes = [ctypes.c_void_p, ctypes.c_int]
            wait.restype = ctypes.c_int
            return wait
        except (OSError, AttributeError):
            continue
    return None


class Pace:
    """The frame loop's real clock, frame pacing and sleep (see the module's docstring)."""

    def __init__(self) -> None:
        self._clock = pygame.time.Clock()
        self._wait = sdl_wait()

    @property
    def how(self) -> str:
        """How the loop sleeps: ``"sdl"`` (in the window system's queue) or ``"slices"``."""
        return "sdl" if self._wait is not None else "slices"

    def now(self) -> float:
        """Seconds on a monotonic clock."""
        return time.monotonic()

    def tick(self, fps: int) -> None:
        """Wait out the rest of this frame at ``fps`` frames a second."""
        self._clock.tick(fps)

    def wait(self, seconds: float) -> bool:
        """Sleep until an event is queued or ``seconds`` have passed (at most
        :data:`MAX_SLEEP`); True when an event is queued. The events stay queued."""
        seconds = min(seconds, MAX_SLEEP)
        if self._wait is not None:
            self._wait(None, max(1, math.ceil(seconds * 1000)))
            return bool(pygame.event.peek())
        end = time.monotonic() + seconds
        while True:
            if pygame.event.peek():
                return True
            left = end - time.monotonic()
            if left <= 0:
                return False
            time.sleep(min(left, SLICE))


__all__ = ["JOB_CHECK", "MAX_SLEEP", "POLL", "SAVE_POLL", "WAKE", "Pace", "jobs_wake_in",
           "sdl_wait", "soonest", "watch"]
