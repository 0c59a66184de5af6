"""The score panel at the top left: the hand, trump or contract, tricks, the game score and the
goal (the lines come from the model)."""

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


class ScorePanel(Widget):
    """The compact panel of the hand's and the game's state."""

    def __init__(self, model: TableModel) -> None:
        self.model = model

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The panel in the top-left corner of the window ``rect``."""
        surfs = [fonts.text(s, TEXT_SIZE, INK, bold=b) for s, b in self.model.score_lines()]
        w = max(s.get_width() for s in surfs) + 2 * PAD_X
        h = sum(s.get_height() + LINE_GAP for s in surfs) + 2 * PAD_Y
        box = pygame.Rect(rect.left + CORNER[0], rect.top + CORNER[1], w, h)
        draw_panel(surface, box)
        y = box.top + PAD_Y
        for s in surfs:
            surface.blit(s, (box.left + PAD_X, y))
            y += s.get_height() + LINE_GAP
