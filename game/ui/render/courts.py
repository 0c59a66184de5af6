"""Court cards' figures drawn in code: a king, a queen, a jack (valet) and the Tarot's knight,
each a bust in the suit's ink, drawn in the top half of the card and turned for the bottom half
as on a double-headed court card."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..theme import (
    SCENE_BROWN,
    SCENE_EARTH,
    SCENE_GOLD,
    SCENE_GREY,
    SCENE_LINE,
    SCENE_RED,
    SCENE_SKIN,
    SCENE_WHITE,
    Colour,
)
from .sketch import Pen

Figure = Callable[[Pen, Colour], None]
HEAD = (0.5, 0.52, 0.19)
"""The head's centre and radius in the half (unit coordinates, radius in widths)."""


def _bust(pen: Pen, robe: Colour, collar: Colour) -> None:
    """Shoulders in the robe's colour with a collar, and the head."""
    pen.poly(((0.04, 1.02), (0.96, 1.02), (0.86, 0.78), (0.66, 0.68), (0.34, 0.68),
              (0.14, 0.78)), robe)
    pen.poly(((0.3, 0.7), (0.7, 0.7), (0.5, 0.86)), collar)
    x, y, r = HEAD
    pen.circle(x, y, r, SCENE_SKIN)
    pen.circle(x - r * 0.35, y - 0.01, max(0.012, r * 0.1), SCENE_LINE, edge=False)
    pen.circle(x + r * 0.35, y - 0.01, max(0.012, r * 0.1), SCENE_LINE, edge=False)


def _king(pen: Pen, ink: Colour) -> None:
    """A bearded king: a tall crown, an ermine collar and a sceptre."""
    _bust(pen, ink, SCENE_WHITE)
    for x in (0.42, 0.5, 0.58):
        pen.circle(x, 0.78, 0.015, SCENE_LINE, edge=False)
    x, y, r = HEAD
    pen.poly(((x - r, y + 0.04), (x + r, y + 0.04), (x + r * 0.6, y + 0.2), (x, y + 0.24),
              (x - r * 0.6, y + 0.2)), SCENE_BROWN)
    pen.poly(((x - r * 1.05, y - 0.09), (x + r * 1.05, y - 0.09), (x + r * 1.15, y - 0.34),
              (x + r * 0.55, y - 0.2), (x, y - 0.38), (x - r * 0.55, y - 0.2),
              (x - r * 1.15, y - 0.34)), SCENE_GOLD)
    pen.circle(x, y - 0.16, 0.025, SCENE_RED)
    pen.line(((0.86, 1.0), (0.86, 0.3)), SCENE_GOLD, max(2, pen.lw + 1))
    pen.circle(0.86, 0.27, 0.05, SCENE_GOLD)


def _queen(pen: Pen, ink: Colour) -> None:
    """A queen: long hair, a small crown of pearls, a necklace and a flower."""
    x, y, r = HEAD
    pen.oval(x, y + 0.08, r * 1.35, 0.2, SCENE_BROWN)
    _bust(pen, ink, SCENE_GOLD)
    pen.poly(((x - r * 0.9, y - 0.08), (x + r * 0.9, y - 0.08), (x + r, y - 0.22),
              (x - r, y - 0.22)), SCENE_GOLD)
    for dx in (-0.7, 0.0, 0.7):
        pen.circle(x + r * dx, y - 0.25, 0.025, SCENE_WHITE)
    for dx in (-0.12, -0.04, 0.04, 0.12):
        pen.circle(x + dx, 0.74, 0.015, SCENE_WHITE, edge=False)
    pen.line(((0.15, 1.0), (0.15, 0.45)), SCENE_LINE)
    pen.circle(0.15, 0.4, 0.06, SCENE_RED)


def _jack(pen: Pen, ink: Colour) -> None:
    """A jack: a beret with a feather and a halberd."""
    _bust(pen, ink, SCENE_GOLD)
    x, y, r = HEAD
    pen.oval(x - 0.02, y - 0.12, r * 1.3, 0.07, ink)
    pen.line(((x + r * 0.8, y - 0.14), (x + r * 1.6, y - 0.36)), SCENE_RED, max(2, pen.lw + 1))
    pen.line(((0.12, 1.0), (0.12, 0.12)), SCENE_BROWN, max(2, pen.lw + 1))
    pen.poly(((0.12, 0.05), (0.2, 0.2), (0.12, 0.26), (0.04, 0.2)), SCENE_GREY)


def _knight(pen: Pen, ink: Colour) -> None:
    """The Tarot's knight: his horse's head and neck, his plumed helmet behind it."""
    pen.poly(((0.62, 1.02), (0.98, 1.02), (0.9, 0.7), (0.8, 0.55), (0.7, 0.62)), ink)
    pen.circle(0.78, 0.42, 0.13, SCENE_GREY)
    pen.line(((0.78, 0.3), (0.7, 0.1), (0.6, 0.2)), SCENE_RED, max(2, pen.lw + 2))
    pen.poly(((0.1, 0.5), (0.3, 0.22), (0.42, 0.14), (0.46, 0.26), (0.62, 0.45), (0.66, 1.02),
              (0.3, 1.02), (0.34, 0.7), (0.16, 0.66)), SCENE_EARTH)
    pen.poly(((0.28, 0.24), (0.36, 0.06), (0.4, 0.2)), SCENE_EARTH)
    pen.circle(0.34, 0.36, 0.03, SCENE_LINE, edge=False)
    pen.line(((0.46, 0.26), (0.54, 0.52), (0.62, 0.8)), SCENE_BROWN)
    pen.line(((0.16, 0.6), (0.34, 0.52)), ink)


FIGURES: dict[str, Figure] = {"K": _king, "Q": _queen, "J": _jack, "C": _knight}
"""The figure of each court rank (``"C"``, the cavalier, is the Tarot's knight)."""
PIP_LEFT = frozenset("K")
"""The ranks whose suit sign sits at the left of the figure (the king's sceptre is at its
right)."""


def draw_court(surface: pygame.Surface, frame: pygame.Rect, rank: str, ink: Colour,
               pip: pygame.Surface) -> None:
    """Court ``rank``'s figure in ``frame`` of ``surface``: the top half drawn with the suit's
    ``pip`` in its corner, then turned for the bottom half."""
    half = pygame.Surface((frame.w, frame.h // 2), pygame.SRCALPHA)
    FIGURES[rank](Pen(half, half.get_rect()), ink)
    corner = {"topleft": (2, 2)} if rank in PIP_LEFT else {"topright": (frame.w - 2, 2)}
    half.blit(pip, pip.get_rect(**corner))
    surface.blit(half, frame.topleft)
    surface.blit(pygame.transform.rotate(half, 180),
                 (frame.left, frame.top + frame.h - half.get_height()))
    pygame.draw.line(surface, ink, (frame.left + 2, frame.centery),
                     (frame.right - 3, frame.centery))
