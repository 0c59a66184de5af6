"""The end-of-hand summary over the table: a title, each side's winnings with its total big
(:mod:`.result_view`), the result's lines and a row of buttons (which buttons depends on the
table's policy); Enter or Space presses the first. Should the
language change while it is up, it is told again in the new words at the next frame."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ... import i18n
from ..piles import Pile
from ..render import fonts
from ..theme import GAP, GOLD, INK
from ..widgets import ROW_BUTTON_HEIGHT, Button, draw_dialog, layout_row, row_count
from .result_view import band_height, draw_piles
from .widget import Widget

MAX_WIDTH = 720
"""The widest the summary's box gets."""
SIDE_ROOM = 80
"""The box leaves at least this much of the window's width free."""
TEXT_PAD = 40
"""Lines and buttons keep this much of the box's width free (half each side)."""
ABOVE_LINES = 90
"""Room for the title above the lines."""
BELOW_LINES = 70
"""Room for the buttons below the lines."""
LINE_H = 26
LINES_TOP = 64
TITLE_TOP = 16
BUTTONS_UP = 56
"""The buttons' row starts this far above the box's bottom."""
RAISED = 40
"""The box sits this far above the window's middle."""
EDGE = 10
"""The least the box keeps from the window's bottom when it moves down (:meth:`box`)."""
TEXT_SIZE = 18
TITLE_SIZE = 28


Told = tuple[str, list[str], list[Button]]
"""A summary's title, lines and buttons."""


class SummaryWidget(Widget):
    """The summary shown once the hand is over."""

    def __init__(self, clear_of: Callable[[], pygame.Rect | None] = lambda: None,
                 covered: Callable[[], bool] = lambda: False) -> None:
        self.clear_of = clear_of
        """The score panel's place (the table's): the box keeps below it (:meth:`box`)."""
        self.covered = covered
        """Whether a scene is over the table (the table's): then the summary is not drawn —
        the dialog opened over it ("See the final score": Game over; the score sheet, the
        menu) replaces it rather than stacking on it; it is back when that one closes."""
        self.title = ""
        self.lines: list[str] = []
        self.buttons: list[Button] = []
        self.shown = False
        self.retell: Callable[[], Told] | None = None
        """The summary's title, lines and buttons in the current language, when whoever made
        them can say them again (the table's policy sets it; a new hand drops it)."""
        self.language = ""
        """The language the summary is in."""
        self.piles: list[Pile] = []
        """Each side's winnings, shown above the lines (the table's policy sets them)."""
        self.four_colour = False

    def show(self, title: str, lines: list[str], buttons: list[Button],
             window: tuple[int, int]) -> None:
        """Show the summary with ``buttons`` laid out for ``window``."""
        self.title, self.lines, self.buttons = title, lines, buttons
        self.language = i18n.language()
        self.shown = True
        self.box(window)

    def hide(self) -> None:
        """No summary (a new hand begins)."""
        self.shown = False
        self.buttons = []
        self.retell = None
        self.piles = []

    def follow_language(self) -> None:
        """Say the summary again in the current language if it changed since it was shown
        (and :attr:`retell` can)."""
        if self.shown and self.retell is not None and self.language != i18n.language():
            self.title, self.lines, self.buttons = self.retell()
            self.language = i18n.language()

    def box(self, window: tuple[int, int]) -> tuple[pygame.Rect, list[str]]:
        """The summary's box and wrapped lines in ``window`` (in the current language); lays
        its buttons out. The box sits a little above the window's middle, and lower where it
        would cover the score panel (:attr:`clear_of`): just below it, or as low as the window
        allows (:data:`EDGE` from its bottom).

        **Decision**: the box goes down over South's hand rather than over the score panel —
        with the hand over nothing in the hand is to play, and the score panel says what the
        hand changed (the game's score, its target)."""
        self.follow_language()
        w = min(MAX_WIDTH, window[0] - SIDE_ROOM)
        lines = [ln for s in self.lines for ln in fonts.wrap(s, TEXT_SIZE, w - TEXT_PAD)]
        more = (max(1, row_count(self.buttons, w - TEXT_PAD)) - 1) * (ROW_BUTTON_HEIGHT + GAP)
        rect = pygame.Rect(0, 0, w, ABOVE_LINES + band_height(self.piles)
                           + LINE_H * len(lines) + BELOW_LINES + more)
        rect.center = (window[0] // 2, window[1] // 2 - RAISED)
        score = self.clear_of()
        if score is not None and score.w and rect.colliderect(score.inflate(GAP, GAP)):
            rect.top = max(rect.top, min(score.bottom + GAP, window[1] - EDGE - rect.h))
        layout_row(self.buttons, rect.centerx, rect.bottom - BUTTONS_UP - more, w - TEXT_PAD)
        return rect, lines

    def handle_event(self, event: pygame.event.Event) -> bool:
        """While shown, it takes every key and click: Enter or Space presses the first
        button, a click the button under it."""
        if not self.shown:
            return False
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                          pygame.K_SPACE):
            self.buttons[0].action()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons:
                if b.rect.collidepoint(event.pos):
                    b.action()
                    break
        return True

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The summary over the middle of the window ``rect`` (when shown and not
        :attr:`covered`): the table dimmed under an opaque box."""
        if not self.shown or self.covered():
            return
        mouse = pygame.mouse.get_pos()
        box, lines = self.box(rect.size)
        draw_dialog(surface, box)
        t = fonts.fit(self.title, TITLE_SIZE, box.w - TEXT_PAD, GOLD, bold=True)
        surface.blit(t, t.get_rect(midtop=(box.centerx, box.top + TITLE_TOP)))
        y = box.top + LINES_TOP
        band = band_height(self.piles)
        draw_piles(surface, pygame.Rect(box.left + TEXT_PAD // 2, y, box.w - TEXT_PAD, band),
                   self.piles, self.four_colour)
        y += band
        for line in lines:
            s = fonts.text(line, TEXT_SIZE, INK)
            surface.blit(s, s.get_rect(midtop=(box.centerx, y)))
            y += LINE_H
        for i, b in enumerate(self.buttons):
            b.draw(surface, b.rect.collidepoint(mouse), i == 0)
