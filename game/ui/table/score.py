"""The score panel at the top left: the hand, trump or contract, tricks, the game score and the
goal (the lines come from the model, in the current language; a line too long for the panel's
share of the window — a French goal — is wrapped rather than run under North's cards)."""

from __future__ import annotations

import pygame

from ..render import fonts
from ..theme import INK
from ..widgets import draw_panel
from .model import TableModel
from .widget import Widget

CORNER = (10, 10)
"""The panel's top-left corner."""
PAD_X = 10
"""Pixels between the panel's edge and its text, left and right."""
PAD_Y = 6
"""Pixels above the first line (and as much again below the last)."""
LINE_GAP = 2
TEXT_SIZE = 15
WIDTH_SHARE = 0.38
"""The panel's text keeps within this share of the window's width (North's cards lie right of
it at 1024×600) ..."""
WIDTH_SHARE_FIVE = 0.28
"""... or within this share at five seats (North-West's cards and label lie right of it)."""


def wrapped(text: str, bold: bool, width: int) -> tuple[str, ...]:
    """``text`` at the panel's size in lines no wider than ``width`` pixels (bold or not),
    a score line broken only between its entries (:mod:`game.ui.entries`)."""
    return fonts.wrap(text, TEXT_SIZE, width, bold)


class ScorePanel(Widget):
    """The compact panel of the hand's and the game's state."""

    def __init__(self, model: TableModel) -> None:
        self.model = model
        self.rect = pygame.Rect(0, 0, 0, 0)
        """Where the panel was last drawn."""

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The panel in the top-left corner of the window ``rect``."""
        share = WIDTH_SHARE_FIVE if self.model.table.size == 5 else WIDTH_SHARE
        room = int(rect.w * share) - 2 * PAD_X
        surfs = [fonts.text(part, TEXT_SIZE, INK, bold=b) for s, b in self.model.score_lines()
                 for part in wrapped(s, b, room)]
        w = max(s.get_width() for s in surfs) + 2 * PAD_X
        h = sum(s.get_height() + LINE_GAP for s in surfs) - LINE_GAP + 2 * PAD_Y
        box = pygame.Rect(rect.left + CORNER[0], rect.top + CORNER[1], w, h)
        self.rect = box
        draw_panel(surface, box)
        y = box.top + PAD_Y
        for s in surfs:
            surface.blit(s, (box.left + PAD_X, y))
            y += s.get_height() + LINE_GAP
