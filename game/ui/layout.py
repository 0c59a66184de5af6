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
"""The space kept along the window's edges."""
CARD_HEIGHT_SHARE = 0.22
"""South's card height as a share of the window's height ..."""
CARD_HEIGHTS = (90, 220)
"""... kept within these pixels."""
CARD_RATIO = 0.7
"""A card's width over its height."""
INDEX_SLACK = (4, 14)
"""Beyond the corner index, an overlapping card shows at least the larger of this many pixels
and its width over this."""
GROUP_GAP = (4, 10)
"""The gap between two suits of the hand: at least this many pixels, or the card's width over
this."""
MAX_STEP = 0.62
"""The widest step between two cards of the hand, as a share of a card's width."""
ROW_SLACK = (8, 12)
"""The lower row of a two-row hand leaves the upper's index visible and this much more (the
larger of the pixels and the card's height over the number)."""
ARCH = 0.06
"""How high a one-row hand arches in its middle, as a share of a card's height."""
SMALL = 0.5
"""The AI seats' cards as a share of South's."""
TRICK = 0.82
"""The trick's cards as a share of South's."""
BELOW_NORTH = 30
"""The play area starts this far below North's cards."""
TRICK_SPREAD = (0.72, 0.36)
"""How far West's and East's (x) and North's and South's (y) trick cards sit from the middle,
as a share of a trick card's width and height."""
DROP_ZONE_PAD = 20
"""The drop zone reaches this far beyond the trick's cards."""
SIDE_SEAT_RISE = 10
"""West's and East's cards sit this far above the middle of the play area."""
PANEL_MAX_W = 640
"""The widest the decision panel gets ..."""
PANEL_KEEPS = 3
"""... leaving this many small-card widths free at each side (for West's and East's cards)."""


def card_size(window: tuple[int, int]) -> tuple[int, int]:
    """South's card size for a window: about a fifth of the height."""
    h = max(CARD_HEIGHTS[0], min(CARD_HEIGHTS[1], round(window[1] * CARD_HEIGHT_SHARE)))
    return round(h * CARD_RATIO), h


def min_step(card_w: int) -> int:
    """The least horizontal distance between overlapping cards that keeps an index visible."""
    return round(card_w * INDEX_W) + max(INDEX_SLACK[0], card_w // INDEX_SLACK[1])


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
    gap = max(GROUP_GAP[0], cw // GROUP_GAP[1])

    def row_step(count: int, nbreaks: int) -> float:
        if count <= 1:
            return 0.0
        return min(cw * MAX_STEP, (avail - cw - nbreaks * gap) / (count - 1))

    bottom = h - MARGIN // 2
    if n == 1 or row_step(n, breaks) >= min_step(cw):
        rows = [list(range(n))]
    else:
        half = (n + 1) // 2
        rows = [list(range(half)), list(range(half, n))]
    rects: list[pygame.Rect] = [pygame.Rect(0, 0, 0, 0)] * n
    row_offset = round(ch * INDEX_H) + max(ROW_SLACK[0], ch // ROW_SLACK[1])
    for r, idx in enumerate(rows):
        sub = [groups[i] for i in idx]
        nb = sum(1 for a, b in itertools.pairwise(sub) if a != b)
        step = row_step(len(idx), nb)
        width = cw + step * (len(idx) - 1) + nb * gap
        x = (w - width) / 2
        top = bottom - ch - (len(rows) - 1 - r) * row_offset
        arch = ch * ARCH if len(rows) == 1 else 0.0
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
        self.small = (round(cw * SMALL), round(ch * SMALL))
        self.trick_card = (round(cw * TRICK), round(ch * TRICK))
        tw, th = self.trick_card
        top = MARGIN + self.small[1] + BELOW_NORTH
        hand_top = h - ch - MARGIN - round(ch * INDEX_H)
        self.centre = (w // 2, (top + hand_top) // 2)
        cx, cy = self.centre
        dx = round(tw * TRICK_SPREAD[0])
        dy = round(th * TRICK_SPREAD[1])
        self.trick_pos = {0: (cx, cy + dy), 1: (cx - dx, cy), 2: (cx, cy - dy), 3: (cx + dx, cy)}
        """Centre of each seat's card in the trick."""
        pad = 2 * DROP_ZONE_PAD
        self.drop_zone = pygame.Rect(0, 0, tw + 2 * dx + pad, th + 2 * dy + pad)
        self.drop_zone.center = self.centre
        sw, sh = self.small
        side_y = cy - SIDE_SEAT_RISE
        self.seat_pos = {0: (cx, h + ch), 1: (MARGIN + sw, side_y), 2: (cx, MARGIN + sh // 2),
                         3: (w - MARGIN - sw, side_y)}
        """Centre of each AI seat's cards (South's is below the window: its cards fly from
        its hand)."""
        self.panel_area = pygame.Rect(0, 0, min(PANEL_MAX_W, w - 2 * (MARGIN + PANEL_KEEPS * sw)),
                                      hand_top - top)
        self.panel_area.center = self.centre
