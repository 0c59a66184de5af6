"""The calm lines the window shows over its scenes (issue 8): the notice banner along the bottom
of the menu (a damaged file moved aside, a file the game may not read) and the line of a save
that fails, wherever the player is. The app decides when they show (:class:`~.app.App`); this
module says what they hold, where they go and how they are drawn."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ..i18n import say
from .layout import Table as TableGeometry
from .persist import Keeper
from .render import fonts
from .theme import GOLD
from .widgets import draw_panel

SAVE_LINE_SIZE = 14
"""Font size of the failed-save line."""
SAVE_BOX_MARGIN = 10
"""Its box's distance from the window's left edge (and the table's middle panel) on the
table."""


def banner_lines(problem: str | None, notices: Sequence[str]) -> list[str]:
    """The menu banner's lines, in the player's language: the failed-save line (while saving
    fails), then the newest three notices."""
    return [say(line) for line in ([problem] if problem else []) + list(notices[-3:])]


def banner_rect(size: tuple[int, int], lines: int) -> pygame.Rect:
    """Where the banner of ``lines`` lines goes in a window of ``size``: along the bottom."""
    w, h = size
    rect = pygame.Rect(0, 0, min(w - 40, 980), 4 + 22 * lines)
    rect.midbottom = (w // 2, h - 2)
    return rect


def draw_banner(surface: pygame.Surface, lines: list[str]) -> None:
    """The notice banner along the bottom: the failed-save line if any, then one calm line per
    notice (the newest three); a click puts the notices away (the app's)."""
    rect = banner_rect(surface.get_size(), len(lines))
    draw_panel(surface, rect)
    for i, line in enumerate(lines):
        text = fonts.fit(line, 15, rect.w - 24, GOLD)
        surface.blit(text, text.get_rect(midleft=(rect.left + 12, rect.top + 13 + 22 * i)))


def save_problem_box(size: tuple[int, int], keeper: Keeper,
                     table_shown: bool) -> tuple[pygame.Rect, list[str]]:
    """Where the failed-save line goes, and its text as drawn there. **Decision**: on the
    table, a small box in the left column between the score panel and West's cards (the brief
    line, wrapped: no button, card or panel is there at any window size); over any other scene,
    one line along the bottom (on the menu it is the first line of the notice banner instead,
    :func:`banner_lines`)."""
    w, h = size
    if table_shown:
        geo = TableGeometry((w, h))
        width = geo.panel_area.left - 2 * SAVE_BOX_MARGIN
        lines = list(fonts.wrap(say(keeper.writer.problem_brief or ""), SAVE_LINE_SIZE - 1,
                                width - 20))
        height = len(lines) * fonts.font(SAVE_LINE_SIZE - 1).get_linesize() + 12
        west_top = geo.seat_pos[1][1] - geo.small[1] // 2
        return pygame.Rect(SAVE_BOX_MARGIN, west_top - 8 - height, width, height), lines
    line = say(keeper.save_problem or "")
    rect = pygame.Rect(0, 0, min(w - 40, fonts.font(SAVE_LINE_SIZE).size(line)[0] + 28),
                       SAVE_LINE_SIZE + 10)
    rect.midbottom = (w // 2, h - 2)
    return rect, [line]


def draw_save_problem(surface: pygame.Surface, rect: pygame.Rect, lines: list[str],
                      table_shown: bool) -> None:
    """The calm line of a failed save (:attr:`Keeper.save_problem`) in its box, over any
    scene, until a save succeeds again."""
    draw_panel(surface, rect)
    size = SAVE_LINE_SIZE - 1 if table_shown else SAVE_LINE_SIZE
    step = fonts.font(size).get_linesize()
    for i, line in enumerate(lines):
        text = fonts.fit(line, size, rect.w - 16, GOLD)
        surface.blit(text, text.get_rect(midtop=(rect.centerx, rect.top + 6 + step * i)))
