"""Where things go on the table, for any window size: pure geometry, no drawing.

:func:`hand_layout` fans South's hand: one gently arched row while every card's corner index
stays visible, two rows (the lower overlapping the upper's bottom part) when it would not — a
36-card Arba'a Turub hand at 1024×600. :class:`Table` places the seats, the trick and the drop
zone.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from .render.cards import INDEX_H, INDEX_W

MIN_SIZE = (1024, 600)
MARGIN = 16


def card_size(window: tuple[int, int]) -> tuple[int, int]:
    """South's card size for a window: about a fifth of the height."""
    h = max(90, min(220, round(window[1] * 0.22)))
    return round(h * 0.7), h


def min_step(card_w: int) -> int:
    """The least horizontal distance between overlapping cards that keeps an index visible."""
    return round(card_w * INDEX_W) + max(4, card_w // 14)


def hand_layout(groups: Sequence[int], window: tuple[int, int],
                card: tuple[int, int]) -> list[pygame.Rect]:
    """Rects (left to right, in drawing order) for a hand whose cards belong to ``groups``
    (a sort group per card, already in display order)."""
    n = len(groups)
    if n == 0:
        return []
    w, h = window
    cw, ch = card
    avail = w - 2 * MARGIN
    breaks = sum(1 for a, b in itertools.pairwise(groups) if a != b)
    gap = max(4, cw // 10)

    def row_step(count: int, nbreaks: int) -> float:
        if count <= 1:
            return 0.0
        return min(cw * 0.62, (avail - cw - nbreaks * gap) / (count - 1))

    bottom = h - MARGIN // 2
    if n == 1 or row_step(n, breaks) >= min_step(cw):
        rows = [list(range(n))]
    else:
        half = (n + 1) // 2
        rows = [list(range(half)), list(range(half, n))]
    rects: list[pygame.Rect] = [pygame.Rect(0, 0, 0, 0)] * n
    row_offset = round(ch * INDEX_H) + max(8, ch // 12)
    for r, idx in enumerate(rows):
        sub = [groups[i] for i in idx]
        nb = sum(1 for a, b in itertools.pairwise(sub) if a != b)
        step = row_step(len(idx), nb)
        width = cw + step * (len(idx) - 1) + nb * gap
        x = (w - width) / 2
        top = bottom - ch - (len(rows) - 1 - r) * row_offset
        arch = ch * 0.06 if len(rows) == 1 else 0.0
        for k, i in enumerate(idx):
            if k and sub[k] != sub[k - 1]:
                x += gap
            rel = ((x + cw / 2) - w / 2) / max(1.0, width / 2)
            y = top - arch * (1 - min(1.0, rel * rel))
            rects[i] = pygame.Rect(round(x), round(y), cw, ch)
            x += step
    return rects


@dataclass
class Table:
    """The geometry of the table at one window size."""

    size: tuple[int, int]

    def __post_init__(self) -> None:
        w, h = self.size
        self.card = card_size(self.size)
        cw, ch = self.card
        self.small = (round(cw * 0.5), round(ch * 0.5))
        self.trick_card = (round(cw * 0.82), round(ch * 0.82))
        tw, th = self.trick_card
        top = MARGIN + self.small[1] + 30
        hand_top = h - ch - MARGIN - round(ch * INDEX_H)
        self.centre = (w // 2, (top + hand_top) // 2)
        cx, cy = self.centre
        dy = round(th * 0.36)
        dx = round(tw * 0.72)
        self.trick_pos = {0: (cx, cy + dy), 1: (cx - dx, cy), 2: (cx, cy - dy), 3: (cx + dx, cy)}
        """Centre of each seat's card in the trick."""
        self.drop_zone = pygame.Rect(0, 0, tw + 2 * dx + 40, th + 2 * dy + 40)
        self.drop_zone.center = self.centre
        sw, sh = self.small
        self.seat_pos = {0: (cx, h + ch), 1: (MARGIN + sw, cy - 10), 2: (cx, MARGIN + sh // 2),
                         3: (w - MARGIN - sw, cy - 10)}
        """Centre of each AI seat's cards (South's is below the window: its cards fly from
        its hand)."""
        self.panel_area = pygame.Rect(0, 0, min(640, w - 2 * (MARGIN + 3 * sw)),
                                      hand_top - top)
        self.panel_area.center = self.centre
