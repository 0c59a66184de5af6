"""The bundled DejaVu Sans (it has the suit glyphs ♠ ♥ ♦ ♣), and cached text surfaces."""

from __future__ import annotations

from functools import lru_cache

import pygame

from .. import assets, report
from ..theme import PLAIN_TEXT

Color = tuple[int, int, int]


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """DejaVu Sans (bold) at ``size`` pixels."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return pygame.font.Font(str(assets.path("fonts", name)), max(6, int(size)))


@lru_cache(maxsize=2048)
def text(s: str, size: int, color: Color = PLAIN_TEXT, bold: bool = False) -> pygame.Surface:
    """``s`` rendered anti-aliased (cached: drawing the same label every frame is free)."""
    return report.tag(font(size, bold).render(s, True, color), report.TEXT, s)


def fit(s: str, size: int, width: int, color: Color = PLAIN_TEXT,
        bold: bool = False) -> pygame.Surface:
    """``s`` at ``size`` or the largest smaller size that fits ``width`` pixels."""
    while size > 8 and font(size, bold).size(s)[0] > width:
        size -= 1
    return text(s, size, color, bold)


@lru_cache(maxsize=1024)
def wrap(s: str, size: int, width: int) -> tuple[str, ...]:
    """``s`` split into lines no wider than ``width`` at ``size`` (cached: a bubble drawn
    every frame measures its words once)."""
    f = font(size)
    lines: list[str] = []
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}".strip()
            if line and f.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return tuple(lines)
