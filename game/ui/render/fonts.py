"""The bundled DejaVu Sans (it has the suit glyphs ♠ ♥ ♦ ♣), and cached text surfaces.

Every text the game shows is drawn at :data:`SMALLEST_TEXT` pixels or more, at every window
size: :func:`font` is the one place that floor is kept (:func:`text`, :func:`fit` and
:func:`wrap` all go through it). Text that does not fit its room at the floor is wrapped
(:func:`wrap`, which never breaks at a no-break space: :data:`game.ui.entries.KEEP` glues a
"name score" entry) or its screen lays it out otherwise; it never shrinks further.

**Decision:** a card's face (its corner index, pips and court letters) is a picture drawn to
the card's scale, not text: :func:`art_text` draws it at exactly the asked size, below the
floor on a small card.
"""

from __future__ import annotations

import re
from functools import lru_cache

import pygame

from .. import assets, report
from ..theme import FINE_SIZE, PLAIN_TEXT

Color = tuple[int, int, int]

SMALLEST_TEXT = FINE_SIZE
"""The least text size, in pixels, at every window size (1024×600 included)."""
ART_SMALLEST = 6
"""The least size of a card's picture's letters (:func:`art_text`)."""
_SPACES = re.compile("( +)")


@lru_cache(maxsize=128)
def _face(size: int, bold: bool) -> pygame.font.Font:
    """DejaVu Sans (bold) at exactly ``size`` pixels."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return pygame.font.Font(str(assets.path("fonts", name)), size)


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """DejaVu Sans (bold) for text at ``size`` pixels, never below :data:`SMALLEST_TEXT` (the
    one floor of every text size: a smaller size asked for is drawn at the floor)."""
    return _face(max(SMALLEST_TEXT, int(size)), bold)


@lru_cache(maxsize=2048)
def text(s: str, size: int, color: Color = PLAIN_TEXT, bold: bool = False) -> pygame.Surface:
    """``s`` rendered anti-aliased (cached: drawing the same label every frame is free)."""
    return report.tag(font(size, bold).render(s, True, color), report.TEXT, s)


def fit(s: str, size: int, width: int, color: Color = PLAIN_TEXT,
        bold: bool = False) -> pygame.Surface:
    """``s`` at ``size`` or the largest smaller size that fits ``width`` pixels, down to
    :data:`SMALLEST_TEXT` and no further (wider than ``width`` then: its caller wraps or
    makes room)."""
    while size > SMALLEST_TEXT and font(size, bold).size(s)[0] > width:
        size -= 1
    return text(s, size, color, bold)


def fits(s: str, size: int, width: int, bold: bool = False) -> bool:
    """Whether ``s`` at ``size`` is no wider than ``width`` pixels."""
    return font(size, bold).size(s)[0] <= width


@lru_cache(maxsize=1024)
def wrap(s: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """``s`` split into lines no wider than ``width`` at ``size`` (bold or not), at its
    spaces — never at a no-break space — keeping the spaces between the words of a line as
    written ("A  ·  B" stays so); a word wider than ``width`` stands alone on its line.
    Cached: a bubble drawn every frame measures its words once."""
    f = font(size, bold)
    lines: list[str] = []
    for para in s.split("\n"):
        parts = _SPACES.split(para.strip(" "))
        line = parts[0]
        for gap, word in zip(parts[1::2], parts[2::2], strict=True):
            trial = line + gap + word
            if line and f.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return tuple(lines)


@lru_cache(maxsize=512)
def art_text(s: str, size: int, color: Color = PLAIN_TEXT,
             bold: bool = False) -> pygame.Surface:
    """``s`` drawn as part of a card's picture at exactly ``size`` pixels (no floor: see the
    module's Decision)."""
    return _face(max(ART_SMALLEST, int(size)), bold).render(s, True, color)


def art_fit(s: str, size: int, width: int, color: Color = PLAIN_TEXT,
            bold: bool = False) -> pygame.Surface:
    """:func:`art_text` at ``size`` or the largest smaller size that fits ``width``."""
    while size > ART_SMALLEST and _face(size, bold).size(s)[0] > width:
        size -= 1
    return art_text(s, size, color, bold)


def clear_caches() -> None:
    """Forget every cached font and text surface."""
    for cached in (_face, text, wrap, art_text):
        cached.cache_clear()
