"""One plot of a statistics page, large (issue 36: the pages' plot, about 50 px high in the
smallest window, could not be read): opened from the Statistics page or the deal of the day's
results by a click on their plot or the P key, it draws the same plot over the whole page with
its axes named and its labels a size larger; Escape, a click or P goes back.

**Decision**: the pages keep their small plot as an overview under their table (both fit the
smallest window without scrolling); the large one is a page of its own rather than a taller
plot that would push the table out of view.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...i18n import N_, _
from ..host import Host, open_scene, register
from ..plot import Axes
from ..render import fonts
from ..theme import FINE_SIZE, MUTED, NOTE_SIZE
from ..widgets import LABEL_ROOM, Button
from .page import PageScene

PlotDrawer = Callable[[pygame.Surface, pygame.Rect, Axes | None, int], None]
"""Draws a page's plot in a rectangle (its labels included), with the axes' names (or none)
and the labels' size: the page's own drawing, small or large."""
LABEL_SIZE = NOTE_SIZE
"""The large plot's labels (the small plot's are a size finer)."""
BELOW_TITLE = 10
"""Between the plot's title line and the plot."""
LARGER_KEY = pygame.K_p
"""The key that opens a page's plot large (and closes it)."""
LARGER_HEIGHT = 22
"""The height of the "Larger (P)" button at the end of a small plot's title line."""
LARGER_GAP = 12
"""Between the title line and that button."""


def larger_button(action: Callable[[], None]) -> Button:
    """The small plot's "Larger (P)" button (labelled where it is placed)."""
    return Button("", action, size=FINE_SIZE)


def place_larger(button: Button, width: int, y: int) -> int:
    """Put ``button`` at the right end of a small plot's title line (at ``y``, in a content
    ``width`` wide), labelled in the current language; returns the room left for the title."""
    button.label = _("Larger (P)")
    wide = fonts.font(button.size, True).size(button.label)[0] + LABEL_ROOM
    line = fonts.font(NOTE_SIZE).get_linesize()
    button.rect = pygame.Rect(width - wide, y + (line - LARGER_HEIGHT) // 2, wide,
                              LARGER_HEIGHT)
    return width - wide - LARGER_GAP


def open_larger(host: Host, title: str, heading: str, draw: PlotDrawer, axes: Axes) -> None:
    """Open a page's plot large (:class:`PlotPage`) over the page."""
    host.push(open_scene(host, "plot", title=title, heading=heading, draw=draw, axes=axes))


@register("plot")
class PlotPage(PageScene):
    """The plot ``draw`` draws, large, with the axes named ``axes`` (the vertical axis', the
    time axis'), under the page's ``title`` and the plot's own line ``heading`` (what it
    shows, as its page says it)."""

    hint = N_("P, Esc or a click: back")

    def __init__(self, host: Host, title: str, heading: str, draw: PlotDrawer,
                 axes: Axes) -> None:
        self.shown_title = title
        self.heading = heading
        self.lines: list[tuple[pygame.Surface, pygame.Rect]] = []
        """The plot's line (wrapped), relative to the content's top left."""
        self.drawer = draw
        self.axes = axes
        self.plot_rect = pygame.Rect(0, 0, 0, 0)
        """Where the plot goes, relative to the content's top left."""
        super().__init__(host, tabs=False)

    def page_title(self) -> str:
        return self.shown_title

    def layout_content(self, width: int) -> int:
        """The plot's line, then the plot in the rest of the content area."""
        self.lines = []
        y = 0
        for line in fonts.wrap(self.heading, NOTE_SIZE, width):
            s = fonts.text(line, NOTE_SIZE, MUTED)
            self.lines.append((s, s.get_rect(topleft=(0, y))))
            y += fonts.font(NOTE_SIZE).get_linesize()
        y += BELOW_TITLE
        self.plot_rect = pygame.Rect(0, y, width, max(0, self.view.h - y))
        return self.plot_rect.bottom

    def draw_content(self, surface: pygame.Surface, origin: tuple[int, int]) -> None:
        for s, r in self.lines:
            surface.blit(s, r.move(origin))
        self.drawer(surface, self.plot_rect.move(origin), self.axes, LABEL_SIZE)

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key == LARGER_KEY:
            self.back()
            return True
        return False

    def on_click(self, pos: tuple[int, int]) -> bool:
        self.back()
        return True
