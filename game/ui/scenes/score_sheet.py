"""The score sheet over the table: the game so far, hand by hand, as players keep it on paper.

One row per finished hand — its number, its dealer, what the game's presentation writes for it
(:func:`game.ui.sheet.score_sheet`) and the running totals — then the total row, under the
deal number of the hand in play. S (or Escape, Enter) closes it; the arrows, Page Up/Down and
the wheel scroll a long game (it opens on the latest hands).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...i18n import N_, _, say
from ..games import presentation
from ..host import Scene, register
from ..render import fonts
from ..session import Match
from ..sheet import Sheet, deal_number, score_sheet
from ..theme import (
    BODY_SIZE,
    BUTTON_EDGE,
    GAP,
    GOLD,
    INK,
    LABEL_SIZE,
    MARGIN,
    MUTED,
    NOTE_SIZE,
    PANEL_TITLE_SIZE,
)
from ..widgets import Button, draw_dialog

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from ..host import Host

MAX_SIZE = (1100, 640)
"""The largest the sheet's panel gets."""
TITLE_TOP = 14
SUBTITLE_TOP = 50
TABLE_TOP = 104
"""From the panel's top to the header row."""
ROW_H = 28
BOTTOM_ROOM = 64
"""Below the table: the Close button."""
CLOSE_BUTTON = (140, 38)
CELL_ROOM = 8
"""Pixels kept free each side of a cell's text."""
SMALLEST_TEXT = 12
"""The smallest text size the sheet shrinks to so that its columns fit."""
EMPTY = N_("No hand is finished yet: the sheet fills in as hands end.")


@register("score-sheet")
class ScoreSheetScene(Scene):
    """The score sheet of ``match`` (default: the game in progress) over a dimmed table."""

    opaque = False

    def __init__(self, host: Host, match: Match | None = None) -> None:
        super().__init__(host)
        found = match if match is not None else host.session.match
        assert found is not None, "a score sheet needs a game"
        self.match = found
        self.sheet: Sheet = score_sheet(found)
        self.scroll = self.max_scroll()
        self.close_button = Button(_("Close"), self.host.pop, size=LABEL_SIZE)

    # -- layout ------------------------------------------------------------------------------

    def wake_in(self) -> float | None:
        """Nothing here moves by itself: only an event changes the look."""
        return None

    def panel(self) -> pygame.Rect:
        """The sheet's panel, centred in the window."""
        w, h = self.host.size
        rows = max(1, len(self.sheet.rows)) + 2  # the header and the total
        height = TABLE_TOP + rows * ROW_H + BOTTOM_ROOM
        rect = pygame.Rect(0, 0, min(MAX_SIZE[0], w - 2 * MARGIN),
                           min(MAX_SIZE[1], h - 2 * MARGIN, height))
        rect.center = (w // 2, h // 2)
        return rect

    def visible_rows(self) -> int:
        """How many hand rows fit between the header and the total row."""
        room = self.panel().h - TABLE_TOP - BOTTOM_ROOM - 2 * ROW_H
        return max(1, room // ROW_H)

    def max_scroll(self) -> int:
        return max(0, len(self.sheet.rows) - self.visible_rows())

    def column_widths(self, width: int) -> tuple[int, list[int]]:
        """The text size that lets every column show its widest text within ``width`` (at
        most :data:`~game.ui.theme.BODY_SIZE`) and each column's width at that size, the room
        left shared out in proportion."""
        rows = (*self.sheet.rows, self.sheet.total)
        size = BODY_SIZE
        while True:
            plain, bold = fonts.font(size), fonts.font(size, bold=True)
            wanted = [max(bold.size(self.sheet.columns[i])[0], bold.size(self.sheet.total[i])[0],
                          *(plain.size(row[i])[0] for row in rows)) + 2 * CELL_ROOM
                      for i in range(len(self.sheet.columns))]
            if sum(wanted) <= width or size <= SMALLEST_TEXT:
                break
            size -= 1
        scale = width / sum(wanted)
        widths = [int(x * scale) for x in wanted]
        widths[-1] += width - sum(widths)
        return size, widths

    # -- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.panel()
        draw_dialog(surface, rect)
        title = _("Score sheet — {game}").format(game=_(self.match.spec.title))
        t = fonts.fit(title, PANEL_TITLE_SIZE, rect.w - 2 * MARGIN, GOLD, bold=True)
        surface.blit(t, t.get_rect(midtop=(rect.centerx, rect.top + TITLE_TOP)))
        shown = presentation(self.match.game)
        sub = _("Deal {number}   ·   {goal}").format(
            number=deal_number(self.match),
            goal=say(shown.goal(self.match.options, len(self.match.results))))
        s = fonts.fit(sub, NOTE_SIZE, rect.w - 2 * MARGIN, INK)
        surface.blit(s, s.get_rect(midtop=(rect.centerx, rect.top + SUBTITLE_TOP)))
        if self.sheet.note:
            n = fonts.fit(say(self.sheet.note), NOTE_SIZE, rect.w - 2 * MARGIN, MUTED)
            surface.blit(n, n.get_rect(midtop=(rect.centerx, s.get_rect().h + rect.top
                                               + SUBTITLE_TOP + GAP // 2)))
        self.draw_table(surface, rect.inflate(-2 * MARGIN, 0))
        self.close_button.rect = pygame.Rect(0, 0, *CLOSE_BUTTON)
        self.close_button.rect.midbottom = (rect.centerx, rect.bottom - GAP - 2)
        mouse = pygame.mouse.get_pos()
        self.close_button.draw(surface, self.close_button.rect.collidepoint(mouse), True)

    def draw_table(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The header row, the hands in view and the total row inside ``area``'s width."""
        size, widths = self.column_widths(area.w)
        y = area.top + TABLE_TOP
        self.draw_row(surface, self.sheet.columns, area.left, y, widths, size, GOLD, bold=True)
        y += ROW_H
        pygame.draw.line(surface, BUTTON_EDGE, (area.left, y - 3), (area.right, y - 3))
        if not self.sheet.rows:
            e = fonts.fit(_(EMPTY), BODY_SIZE, area.w, MUTED)
            surface.blit(e, e.get_rect(midtop=(area.centerx, y + GAP)))
            return
        shown = self.sheet.rows[self.scroll:self.scroll + self.visible_rows()]
        for row in shown:
            self.draw_row(surface, row, area.left, y, widths, size, INK)
            y += ROW_H
        pygame.draw.line(surface, BUTTON_EDGE, (area.left, y + 2), (area.right, y + 2))
        self.draw_row(surface, self.sheet.total, area.left, y + 4, widths, size, GOLD,
                      bold=True)
        if self.max_scroll():
            more = _("Hands {first}–{last} of {total}  (↑ ↓ to scroll)").format(
                first=self.scroll + 1, last=self.scroll + len(shown), total=len(self.sheet.rows))
            m = fonts.text(more, NOTE_SIZE, MUTED)
            beside_close = area.bottom - GAP - 2 - CLOSE_BUTTON[1] // 2
            surface.blit(m, m.get_rect(midleft=(area.left, beside_close)))

    @staticmethod
    def draw_row(surface: pygame.Surface, cells: tuple[str, ...], left: int, top: int,
                 widths: list[int], size: int, colour: tuple[int, int, int],
                 bold: bool = False) -> None:
        """One row of cells at text ``size``, each centred in its column (shrunk further
        only if it still must)."""
        x = left
        for cell, w in zip(cells, widths, strict=True):
            if cell:
                c = fonts.fit(cell, size, w - CELL_ROOM, colour, bold=bold)
                surface.blit(c, c.get_rect(center=(x + w // 2, top + ROW_H // 2)))
            x += w

    # -- input -------------------------------------------------------------------------------

    def scroll_by(self, rows: int) -> None:
        """Scroll ``rows`` hands down (up when negative), within the sheet."""
        self.scroll = max(0, min(self.max_scroll(), self.scroll + rows))

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_UP: -1, pygame.K_DOWN: 1,
                     pygame.K_PAGEUP: -self.visible_rows(), pygame.K_PAGEDOWN: self.visible_rows()}
            if event.key in steps:
                self.scroll_by(steps[event.key])
            elif event.key in (pygame.K_ESCAPE, pygame.K_s, pygame.K_RETURN, pygame.K_KP_ENTER,
                               pygame.K_SPACE):
                self.host.pop()
            return None
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.close_button.rect.collidepoint(event.pos):
                self.host.pop()
            return None
        if event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            return None
        return event
