"""The first window's size and place (issue 25, "a window that fits"): pure functions of sizes
and places, and the two touches of SDL they need (the desktop's size, where a window opens).

The window opens at the size the player left it (the settings' ``window``; 1280×720 the first
time), made to fit the usable part of the screen: the desktop less room for a title bar and a
task bar (:data:`ROOM`), so that no card row is ever below the screen's edge. It never opens
below the layout's minimum (:data:`~.layout.MIN_SIZE`): on a screen where the minimum does not
fit with that room, it opens full screen. It opens where the player left it (``window_pos``)
when that place is still on the screen, else centred; maximised if it was.

A place is always the top-left corner of the window's inside (its client area, below the title
bar): what SDL's window position and its ``WINDOWMOVED`` events speak of, and what is saved.
SDL's ``SDL_VIDEO_WINDOW_POS``, read as the window opens, is taken by an X11 window manager as
the place of the *frame* — the title bar's top — so a window opened there alone came back a
title bar lower at every restart (issue 36: y 50 → 70 → 90). :func:`settle` then moves the
opened window's inside to the place through SDL's window position, which is the inside's on
every system.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
from collections.abc import Iterator
from typing import Protocol

import pygame

from .layout import MIN_SIZE
from .quiet import into_log

log = logging.getLogger(__name__)

ROOM = (0, 100)
"""Pixels of the desktop's width and height kept free of the first window: a title bar (about
30–40 px) and a task bar (about 40–60 px) down. **Decision**: the larger usual sizes, as the
desktop's work area is not known to pygame; none across — window frames are a few pixels
wide and the layout's side edges are bare felt."""
GRIP = (120, 40)
"""A remembered place is kept only if this much of the window's top-left corner (where its
title bar is) lies on the screen."""
NO_SCREEN_DRIVERS = frozenset({"dummy", "offscreen"})
"""Video drivers without a screen to fit: the size asked for is taken as it is."""
NO_DISPLAY = ("Four Trumps needs a display to open its window, and this session has none "
              "(no DISPLAY or WAYLAND_DISPLAY): run it from a desktop.")
"""What the program says, on one line of standard error, when there is no screen to open its
window on. **Decision**: in English, as every line the command line prints (the player's
language is in the settings, read after the window opens)."""


NO_DISPLAY_STATUS = 1
"""The exit status when there is no screen to open the window on."""


def screen_missing() -> bool:
    """Whether SDL found no screen to open a window on — then said on one line of standard
    error (:data:`NO_DISPLAY`, and in the log) and pygame closed: its display cannot start,
    or it fell back to a driver without a screen (SDL 2.32 takes ``offscreen`` when there is
    no display: the game then ran on, drawing to nothing, saying nothing) that was not asked
    for by name in ``SDL_VIDEODRIVER`` (the tests' and the benchmarks' ``dummy``). Starts
    pygame's display, its noise kept in the log (:func:`~.quiet.into_log`)."""
    try:
        with into_log("display"):
            pygame.display.init()
        driver = pygame.display.get_driver()
        missing = driver in NO_SCREEN_DRIVERS
    except pygame.error:
        missing = True
    if not missing or driver in os.environ.get("SDL_VIDEODRIVER", "").lower():
        return False
    log.error("no display: %s", NO_DISPLAY)
    pygame.quit()
    if sys.stderr is not None:  # a windowed executable has no terminal: the log has it
        with contextlib.suppress(OSError, ValueError):
            print(NO_DISPLAY, file=sys.stderr, flush=True)
    return True


def usable(desktop: tuple[int, int]) -> tuple[int, int]:
    """The part of a ``desktop`` (its size in pixels) a window may fill, title bar and task
    bar aside."""
    return desktop[0] - ROOM[0], desktop[1] - ROOM[1]


def fit_window(wanted: tuple[int, int], desktop: tuple[int, int] | None
               ) -> tuple[tuple[int, int], bool]:
    """The first window's size for the ``wanted`` one on ``desktop`` (``None``: no screen to
    fit, as with the dummy video driver), and whether to open full screen instead: each side
    at most the usable one (:func:`usable`) and at least the minimum; full screen when the
    minimum does not fit the usable part (a 1024×600 netbook).

    **Decision**: a smaller wanted size is kept as it is (no growing to fill a big screen —
    it is the player's or the default 1280×720)."""
    least = MIN_SIZE
    if desktop is None or desktop[0] <= 0 or desktop[1] <= 0:
        return (max(least[0], wanted[0]), max(least[1], wanted[1])), False
    room = usable(desktop)
    fits = room[0] >= least[0] and room[1] >= least[1]
    size = (max(least[0], min(wanted[0], room[0])), max(least[1], min(wanted[1], room[1])))
    return size, not fits


def place_window(pos: tuple[int, int] | None, size: tuple[int, int],
                 desktop: tuple[int, int] | None) -> tuple[int, int] | None:
    """Where to open a window of ``size`` last seen at ``pos`` (its top-left corner): there
    when its top-left corner, :data:`GRIP` of it, is on ``desktop``, else ``None`` (centred).

    **Decision**: only the first display is known by size here, so a place on another display
    (or on a screen since removed) gives way to the centre of the first one."""
    if pos is None or desktop is None:
        return None
    x, y = pos
    on_screen = (-size[0] + GRIP[0] <= x <= desktop[0] - GRIP[0]
                 and 0 <= y <= desktop[1] - GRIP[1])
    return pos if on_screen else None


def desktop_size() -> tuple[int, int] | None:
    """The first display's desktop size, or ``None`` when the video driver has no screen
    (dummy, offscreen) or tells none."""
    try:
        if pygame.display.get_driver() in NO_SCREEN_DRIVERS:
            return None
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return sizes[0] if sizes else None


class Placed(Protocol):
    """What :func:`settle` needs of a window: SDL's position of its inside (``pygame.Window``)."""

    position: tuple[int, int]


def settle(window: Placed | None, place: tuple[int, int] | None) -> None:
    """Put the inside (client area) of the just opened ``window`` at ``place``, when a place
    was asked for and the window is not there: under a window manager that drew a title bar
    above the asked place (X11), the window moves up by that bar, its inside to the place
    (SDL sets an inside's place on every system). Nothing when ``place`` or ``window`` is
    ``None`` or the system cannot move windows (Wayland: it stays where it is)."""
    if window is None or place is None:
        return
    with contextlib.suppress(pygame.error):
        if tuple(window.position) != tuple(place):
            window.position = place


def inside_position(window: Placed | None, told: tuple[int, int]) -> tuple[int, int]:
    """Where the ``window``'s inside is now by SDL's window position — the truth when a
    ``WINDOWMOVED`` event is read, whose place (``told``) may be stale: the news of the place
    a window opened at is still queued after :func:`settle` moved it; ``told`` without a
    :class:`pygame.Window`."""
    if window is not None:
        with contextlib.suppress(pygame.error):
            x, y = window.position
            return x, y
    return told


@contextlib.contextmanager
def window_place(place: tuple[int, int] | None, centred: bool) -> Iterator[None]:
    """While a window opens: at ``place`` (its top-left corner), else centred when
    ``centred`` (SDL's ``SDL_VIDEO_WINDOW_POS`` / ``SDL_VIDEO_CENTERED``, read when a window
    is made); the environment as it was afterwards (a later mode change does not move it)."""
    names = ("SDL_VIDEO_WINDOW_POS", "SDL_VIDEO_CENTERED")
    before = {n: os.environ.get(n) for n in names}
    if place is not None:
        os.environ["SDL_VIDEO_WINDOW_POS"] = f"{place[0]},{place[1]}"
    elif centred:
        os.environ["SDL_VIDEO_CENTERED"] = "1"
    try:
        yield
    finally:
        for name, value in before.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
