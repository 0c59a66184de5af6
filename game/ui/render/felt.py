"""The felt: a soft radial gradient in the player's felt colour, drawn once per window size."""

from __future__ import annotations

from functools import lru_cache

import pygame

from . import style


def felt(size: tuple[int, int], name: str | None = None) -> pygame.Surface:
    """A felt background of ``size`` in felt colour ``name`` (the player's choice by default)."""
    return _felt((int(size[0]), int(size[1])), name if name is not None else style.felt_name())


@lru_cache(maxsize=4)
def _felt(size: tuple[int, int], name: str) -> pygame.Surface:
    """A small radial gradient smoothly scaled up to ``size``."""
    centre, edge = style.felt_colours(name)
    w, h = 96, 54
    small = pygame.Surface((w, h))
    cx, cy = (w - 1) / 2, (h - 1) / 2
    for y in range(h):
        for x in range(w):
            d = min(1.0, (((x - cx) / cx) ** 2 + ((y - cy) / cy) ** 2) ** 0.5 / 1.15)
            k = d * d
            small.set_at((x, y), tuple(round(a + (b - a) * k)
                                       for a, b in zip(centre, edge, strict=True)))
    return pygame.transform.smoothscale(small, size).convert() if pygame.display.get_surface() \
        else pygame.transform.smoothscale(small, size)
