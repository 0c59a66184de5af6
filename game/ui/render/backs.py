"""Card backs drawn in code: one pattern per back the player may choose (Settings)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..theme import CARD_BORDER, Colour
from . import style

Pattern = Callable[[pygame.Surface, Colour, int], None]


def _lattice(pat: pygame.Surface, ink: Colour, step: int) -> None:
    """Diagonal lines crossing both ways."""
    w, h = pat.get_size()
    for x in range(-h, w, step):
        pygame.draw.line(pat, ink, (x, 0), (x + h, h))
        pygame.draw.line(pat, ink, (x + h, 0), (x, h))


def _diamonds(pat: pygame.Surface, ink: Colour, step: int) -> None:
    """Small filled diamonds on a staggered grid."""
    w, h = pat.get_size()
    r = max(2, step // 3)
    for row, y in enumerate(range(0, h + step, step)):
        for x in range((row % 2) * step // 2, w + step, step):
            pygame.draw.polygon(pat, ink, ((x, y - r), (x + r, y), (x, y + r), (x - r, y)))


def _rings(pat: pygame.Surface, ink: Colour, step: int) -> None:
    """Rings on a staggered grid, a dot in each."""
    w, h = pat.get_size()
    r = max(2, step * 2 // 5)
    for row, y in enumerate(range(0, h + step, step)):
        for x in range((row % 2) * step // 2, w + step, step):
            pygame.draw.circle(pat, ink, (x, y), r, width=1)
            pygame.draw.circle(pat, ink, (x, y), max(1, r // 3))


def _stripes(pat: pygame.Surface, ink: Colour, step: int) -> None:
    """Fine vertical stripes with a band of chevrons across the middle."""
    w, h = pat.get_size()
    band = pygame.Rect(0, h // 2 - step, w, 2 * step)
    for x in range(step // 2, w, max(3, step // 2)):
        pygame.draw.line(pat, ink, (x, 0), (x, band.top - 2))
        pygame.draw.line(pat, ink, (x, band.bottom + 2), (x, h))
    for x in range(0, w + step, step):
        pygame.draw.lines(pat, ink, False, ((x - step // 2, band.bottom - 2),
                                            (x, band.top + 2), (x + step // 2, band.bottom - 2)))


PATTERNS: dict[str, Pattern] = {"blue": _lattice, "red": _diamonds, "green": _rings,
                                "black": _stripes}
"""The pattern of each card back (the names of ``theme.CARD_BACKS``)."""


def draw_back(w: int, h: int, radius: int, name: str | None = None) -> pygame.Surface:
    """Card back ``name`` (the player's choice by default) at ``w`` × ``h``: its fill, a rim
    inset from the edge and its pattern inside the rim."""
    name = name if name in PATTERNS else style.back_name()
    fill, ink, rim = style.back_colours(name)
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    r = s.get_rect()
    pygame.draw.rect(s, fill, r, border_radius=radius)
    pygame.draw.rect(s, CARD_BORDER, r, width=1, border_radius=radius)
    inner = r.inflate(-max(6, w // 8), -max(6, w // 8))
    pat = pygame.Surface(inner.size, pygame.SRCALPHA)
    PATTERNS[name](pat, ink, max(5, w // 9))
    s.blit(pat, inner.topleft)
    pygame.draw.rect(s, rim, inner, width=max(1, w // 40), border_radius=max(2, radius // 2))
    return s
