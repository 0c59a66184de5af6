"""The felt: a soft radial gradient, drawn once per window size."""

from __future__ import annotations

from functools import lru_cache

import pygame

from ..theme import FELT_CENTRE, FELT_EDGE


@lru_cache(maxsize=4)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """A felt background of ``size``: a small radial gradient smoothly scaled up."""
    w, h = 96, 54
    small = pygame.Surface((w, h))
    cx, cy = (w - 1) / 2, (h - 1) / 2
    for y in range(h):
        for x in range(w):
            d = min(1.0, (((x - cx) / cx) ** 2 + ((y - cy) / cy) ** 2) ** 0.5 / 1.15)
            k = d * d
            small.set_at((x, y), tuple(round(a + (b - a) * k)
                                       for a, b in zip(FELT_CENTRE, FELT_EDGE, strict=True)))
    return pygame.transform.smoothscale(small, size).convert() if pygame.display.get_surface() \
        else pygame.transform.smoothscale(small, size)
