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
TRICK_GAP = 4
"""Pixels kept between a trick card's corner index and the card that could cover it."""
DROP_ZONE_PAD = 20
"""The drop zone reaches this far beyond the trick's cards."""
SIDE_SEAT_RISE = 10
"""West's and East's cards sit this far above the middle of the play area."""
NORTH_LABELS = 44
"""At five seats the play area starts this much lower: North-West's and North-East's labels
(two lines) lie under their cards."""
NORTH_APART = 2.4
"""At five seats, North-West's and North-East's cards are centred this many small-card widths
left and right of the middle."""
FOUR = ("S", "W", "N", "E")
"""The seats of a four-player table, by index."""
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
    subs = [[groups[i] for i in idx] for idx in rows]
    nbs = [sum(1 for a, b in itertools.pairwise(sub) if a != b) for sub in subs]
    # two rows share one step and one left edge: their cards stand in even columns
    step = min((row_step(len(idx), nb) for idx, nb in zip(rows, nbs, strict=True)
                if len(idx) > 1), default=0.0)
    width = max(cw + step * (len(idx) - 1) + nb * gap for idx, nb in zip(rows, nbs, strict=True))
    for r, (idx, sub) in enumerate(zip(rows, subs, strict=True)):
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


def trick_positions(centre: tuple[int, int], card: tuple[int, int],
                    letters: Sequence[str] = FOUR) -> dict[int, tuple[int, int]]:
    """The centre of each seat's card in the trick, around ``centre``: a pinwheel in which
    every card's top-left corner index stays visible whatever order the cards were played
    in — North and South one above the other without overlapping, North a little to the left
    and South a little to the right, West and East beside them, overlapping them only past
    their indices. At three seats (``S W E``) the same places without North's; at five
    (``S W NW NE E``) North-West and North-East side by side above the middle, West and East
    a card further out, every corner index still clear."""
    cx, cy = centre
    tw, th = card
    index_w = round(tw * INDEX_W) + TRICK_GAP
    shift = (tw - index_w + 1) // 2  # North left, South right of the middle
    dx = tw - shift  # West's and East's distance from the middle
    dy = th // 2 + TRICK_GAP // 2
    places = {"S": (cx + shift, cy + dy), "W": (cx - dx, cy), "N": (cx - shift, cy - dy),
              "E": (cx + dx, cy)}
    if "NW" in letters:
        apart = (tw + TRICK_GAP) // 2
        places.update(S=(cx, cy + dy), W=(cx - tw - TRICK_GAP, cy), E=(cx + tw + TRICK_GAP, cy),
                      NW=(cx - apart, cy - dy), NE=(cx + apart, cy - dy))
    return {i: places[letter] for i, letter in enumerate(letters)}


@dataclass
class Table:
    """The geometry of the table at one window size."""

    size: tuple[int, int]
    letters: tuple[str, ...] = FOUR
    """The seats' letters by index (:attr:`game.engine.cards.Table.letters`): four seats, or
    French Tarot's three (``S W E``) or five (``S W NW NE E``)."""

    @property
    def two_north(self) -> bool:
        """Two seats share the top of the table (French Tarot for five)."""
        return "NW" in self.letters

    def __post_init__(self) -> None:
        w, h = self.size
        self.card = card_size(self.size)
        cw, ch = self.card
        self.small = (round(cw * SMALL), round(ch * SMALL))
        self.trick_card = (round(cw * TRICK), round(ch * TRICK))
        tw, th = self.trick_card
        top = MARGIN + self.small[1] + BELOW_NORTH + (NORTH_LABELS if self.two_north else 0)
        hand_top = h - ch - MARGIN - round(ch * INDEX_H)
        self.centre = (w // 2, (top + hand_top) // 2)
        cx, cy = self.centre
        self.trick_pos = trick_positions(self.centre, self.trick_card, self.letters)
        """Centre of each seat's card in the trick."""
        cards = [pygame.Rect(0, 0, tw, th) for _ in self.trick_pos]
        for r, pos in zip(cards, self.trick_pos.values(), strict=True):
            r.center = pos
        self.drop_zone = cards[0].unionall(cards[1:]).inflate(2 * DROP_ZONE_PAD,
                                                              2 * DROP_ZONE_PAD)
        sw, sh = self.small
        side_y = cy - SIDE_SEAT_RISE
        north = MARGIN + sh // 2
        apart = round(sw * NORTH_APART)
        places = {"S": (cx, h + ch), "W": (MARGIN + sw, side_y), "N": (cx, north),
                  "NW": (cx - apart, north), "NE": (cx + apart, north),
                  "E": (w - MARGIN - sw, side_y)}
        self.seat_pos = {i: places[letter] for i, letter in enumerate(self.letters)}
        """Centre of each AI seat's cards (South's is below the window: its cards fly from
        its hand); at five seats North-West and North-East side by side at the top."""
        self.panel_area = pygame.Rect(0, 0, min(PANEL_MAX_W, w - 2 * (MARGIN + PANEL_KEEPS * sw)),
                                      hand_top - top)
        self.panel_area.center = self.centre


def clear_place(size: tuple[int, int], point: tuple[int, int], window: tuple[int, int],
                buttons: list[pygame.Rect], keep_above: list[pygame.Rect],
                gap: int) -> tuple[int, int]:
    """Where a box of ``size`` pointing at ``point`` goes (its midbottom), inside ``window``:
    there, or moved right past any of ``buttons`` it would cover, then up above any of
    ``keep_above`` (a bubble, a raised card) it would cover, ``gap`` pixels clear."""
    box = pygame.Rect((0, 0), size)
    box.midbottom = point
    area = pygame.Rect((0, 0), window)
    box.clamp_ip(area)
    for rect in sorted(buttons, key=lambda r: r.left):
        if box.colliderect(rect):
            box.left = rect.right + gap
    for rect in sorted(keep_above, key=lambda r: -r.bottom):
        if box.colliderect(rect):
            box.bottom = rect.top - gap
    box.clamp_ip(area)
    return box.midbottom
