"""A small line plot drawn with pygame, for the statistics pages' results over time.

:func:`moving_rate` turns a run of outcomes into the share of wins over the latest few at each
point, :func:`running_mean` a run of values into the mean so far at each (no pygame);
:func:`draw_line_plot` draws values between two bounds in a rectangle, with its axes, a guide
line per labelled level and a label at each end of the time axis (and, for the large plot,
the axes' names: :mod:`.scenes.plot_page`);
:func:`draw_dots_and_line` the same frame with one dot per value and a line through others
(the deal of the day's differences from par and their running mean).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from .render import fonts
from .theme import (
    FINE_SIZE,
    INK,
    MUTED,
    PLOT_AXIS,
    PLOT_DOT,
    PLOT_FILL,
    PLOT_GUIDE,
    PLOT_LINE,
    PLOT_LINE_WIDTH,
)

TICK = 4
"""The length of a level's tick on the vertical axis."""
LABEL_GAP = 6
"""Between a label and the axis it names."""
DOT_RADIUS = 3
"""A dot's radius (:func:`draw_dots_and_line`)."""


def moving_rate(outcomes: Sequence[str], window: int) -> list[float]:
    """At each outcome, the share (0 to 1) of ``"won"`` among it and the ``window - 1`` before
    it (fewer at the start); one value per outcome."""
    rates = []
    won = 0
    for i, outcome in enumerate(outcomes):
        won += outcome == "won"
        if i >= window:
            won -= outcomes[i - window] == "won"
        rates.append(won / min(i + 1, window))
    return rates


def running_mean(values: Sequence[float]) -> list[float]:
    """At each value, the mean of it and every value before it; one mean per value."""
    means = []
    total = 0.0
    for i, value in enumerate(values):
        total += value
        means.append(total / (i + 1))
    return means


Axes = tuple[str, str]
"""A plot's axis names: the vertical axis' (written up its left side), the time axis'
(centred under it)."""


def plot_margins(labels: Sequence[str] = (), axes: Axes | None = None,
                 size: int = FINE_SIZE) -> tuple[int, int]:
    """The room the plot's labels take left of and below its drawing area: left, the widest
    of the vertical axis' ``labels`` (at least "100%": a French "100 %" is wider), and with
    ``axes`` a line more each side for their names; labels at ``size``."""
    font = fonts.font(size)
    widest = max(font.size(text)[0] for text in ("100%", *labels))
    named = font.get_linesize() + LABEL_GAP if axes else 0
    return widest + LABEL_GAP + TICK + named, font.get_linesize() + LABEL_GAP + named


def draw_line_plot(surface: pygame.Surface, rect: pygame.Rect, values: Sequence[float],
                   levels: Sequence[tuple[float, str]], ends: tuple[str, str],
                   bounds: tuple[float, float] = (0.0, 1.0), axes: Axes | None = None,
                   size: int = FINE_SIZE) -> None:
    """Draw ``values`` (oldest first, between ``bounds``) as a line across ``rect``, which
    holds the labels too: ``levels`` are (value, label) marked on the vertical axis with a
    faint guide line, ``ends`` the time axis' labels at its left and right, ``axes`` the
    axes' names (none by default), every label at ``size``. Fewer than two values draw a dot
    (or only the axes)."""
    framed = draw_frame(surface, rect, levels, ends, bounds, axes, size)
    if framed is None or not values:
        return
    area, y_of = framed
    if len(values) == 1:
        pygame.draw.circle(surface, PLOT_LINE, (area.centerx, y_of(values[0])), TICK)
        return
    points = spread(area, values, y_of)
    fill = pygame.Surface(area.size, pygame.SRCALPHA)
    shifted = [(x - area.left, y - area.top) for x, y in points]
    pygame.draw.polygon(fill, PLOT_FILL, [(0, area.h - 1), *shifted, (area.w - 1, area.h - 1)])
    surface.blit(fill, area.topleft)
    pygame.draw.lines(surface, PLOT_LINE, False, points, PLOT_LINE_WIDTH)


def draw_dots_and_line(surface: pygame.Surface, rect: pygame.Rect, dots: Sequence[float],
                       line: Sequence[float], levels: Sequence[tuple[float, str]],
                       ends: tuple[str, str], bounds: tuple[float, float],
                       axes: Axes | None = None, size: int = FINE_SIZE) -> None:
    """Like :func:`draw_line_plot` (the same frame, ``rect`` holding the labels, ``axes``
    and ``size`` as there): ``dots`` one small faint dot each, evenly spread oldest first,
    and ``line`` (as many values) a line across them; one value alone is a larger dot of the
    line's colour."""
    framed = draw_frame(surface, rect, levels, ends, bounds, axes, size)
    if framed is None or not dots:
        return
    area, y_of = framed
    for point in spread(area, dots, y_of):
        pygame.draw.circle(surface, PLOT_DOT, point, DOT_RADIUS)
    if len(line) > 1:
        pygame.draw.lines(surface, PLOT_LINE, False, spread(area, line, y_of), PLOT_LINE_WIDTH)
    elif line:
        pygame.draw.circle(surface, PLOT_LINE, spread(area, line, y_of)[0], TICK)


def spread(area: pygame.Rect, values: Sequence[float], y_of: Callable[[float], int]
           ) -> list[tuple[int, int]]:
    """``values`` placed evenly across ``area``, the first at its left edge and the last at
    its right (one alone in the middle)."""
    if len(values) == 1:
        return [(area.centerx, y_of(values[0]))]
    step = (area.w - 1) / (len(values) - 1)
    return [(round(area.left + i * step), y_of(v)) for i, v in enumerate(values)]


def draw_frame(surface: pygame.Surface, rect: pygame.Rect, levels: Sequence[tuple[float, str]],
               ends: tuple[str, str], bounds: tuple[float, float], axes: Axes | None = None,
               size: int = FINE_SIZE) -> tuple[pygame.Rect, Callable[[float], int]] | None:
    """Draw a plot's axes, level guides and labels (at ``size``; with ``axes``, their names)
    in ``rect``; returns the drawing area and the height of a value in it (clamped to
    ``bounds``), or ``None`` when there is no room."""
    left, below = plot_margins([label for _value, label in levels], axes, size)
    area = pygame.Rect(rect.left + left, rect.top, rect.w - left, rect.h - below)
    if area.w < 2 or area.h < 2:
        return None
    low, high = bounds
    span = (high - low) or 1.0

    def y_of(v: float) -> int:
        return round(area.bottom - (min(high, max(low, v)) - low) / span * (area.h - 1))

    for value, label in levels:
        y = y_of(value)
        pygame.draw.line(surface, PLOT_GUIDE, (area.left + 1, y), (area.right - 1, y))
        pygame.draw.line(surface, PLOT_AXIS, (area.left - TICK, y), (area.left, y))
        s = fonts.text(label, size, MUTED)
        surface.blit(s, s.get_rect(midright=(area.left - TICK - LABEL_GAP // 2, y)))
    pygame.draw.line(surface, PLOT_AXIS, area.topleft, area.bottomleft)
    pygame.draw.line(surface, PLOT_AXIS, area.bottomleft, area.bottomright)
    first, last = (fonts.text(e, size, MUTED) for e in ends)
    surface.blit(first, first.get_rect(topleft=(area.left, area.bottom + LABEL_GAP // 2)))
    surface.blit(last, last.get_rect(topright=(area.right, area.bottom + LABEL_GAP // 2)))
    if axes:
        up, across = axes
        name = fonts.fit(across, size, max(1, area.w - first.get_width() - last.get_width()
                                           - 4 * LABEL_GAP), INK)
        surface.blit(name, name.get_rect(midtop=(area.centerx, area.bottom + LABEL_GAP // 2)))
        side = pygame.transform.rotate(fonts.fit(up, size, area.h, INK), 90)
        surface.blit(side, side.get_rect(midleft=(rect.left, area.centery)))
    return area, y_of
