"""Card faces and backs drawn in code, cached per size.

One :class:`CardArt` per card size draws any card named in RECORDS.md notation — the 36-card
pack (``"10H"``, ``"AS"``), the tarot pack (``"1S"``, ``"CD"``, ``"T21"``, ``"EX"``) — with
classic pip layouts for 1–10, court cards with a figure each (:mod:`.courts`), tarot trumps with
a scene each and the Excuse's fool (:mod:`.trumps`), the chosen back (:mod:`.backs`), and crisp
corner indices. Every face is drawn once per language and kept. The index (rank above suit, its
letter as the player's language prints it — French packs: V valet, C cavalier, D dame, R roi;
a trump's number in Arabic numerals, as on a Tarot Nouveau) sits inside
:attr:`CardArt.index_rect`, the strip the hand layout keeps visible when cards overlap.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ... import i18n
from .. import report
from ..theme import (
    CARD_BLACK,
    CARD_BLUE,
    CARD_BORDER,
    CARD_CREAM,
    CARD_GREEN,
    CARD_RED,
    CARD_SHADE,
    CARD_WHITE,
    EXCUSE_STAR,
    TRUMP_FRAME,
)
from . import fonts, style
from .backs import draw_back
from .courts import FIGURES, draw_court
from .trumps import draw_excuse, draw_trump

SUIT_GLYPH = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
INDEX_W = 0.24
"""Width of the corner index as a fraction of the card width."""
INDEX_H = 0.36
"""Height of the corner index (rank and suit) as a fraction of the card height."""
TRUMP_INDEX = 0.2
"""The text size of a trump's number in its corner, as a fraction of the card height (a
two-digit number is narrowed to the index's width)."""
NARROWEST = 0.55
"""A rank is narrowed to no less than this share of its width; a smaller text size is taken
first."""

# Pip positions in a unit box: (x, y) with x in {0, .5, 1} columns and y from 0 (top) to 1.
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.5, 0), (0.5, 1)),
    3: ((0.5, 0), (0.5, 0.5), (0.5, 1)),
    4: ((0, 0), (1, 0), (0, 1), (1, 1)),
    5: ((0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)),
    6: ((0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    7: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    8: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)),
    9: ((0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1),
        (1, 1)),
    10: ((0, 0), (1, 0), (0.5, 1 / 6), (0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3),
         (0.5, 5 / 6), (0, 1), (1, 1)),
}


def split(name: str) -> tuple[str, str]:
    """``(rank, suit)`` of a card name; trumps give ``("21", "T")``, the Excuse ``("", "X")``."""
    n = name.upper()
    if n == "EX":
        return "", "X"
    if n.startswith("T") and n[1:].isdigit():
        return n[1:], "T"
    return n[:-1], n[-1]


def _alpha(surface: pygame.Surface) -> pygame.Surface:
    return surface.convert_alpha() if pygame.display.get_surface() else surface


class CardArt:
    """Every card face and the back at one size (``w`` × ``h`` pixels)."""

    def __init__(self, w: int, h: int, four_colour: bool = False) -> None:
        self.w, self.h = int(w), int(h)
        self.four_colour = four_colour
        self.radius = max(3, self.w // 12)
        self.index_rect = pygame.Rect(0, 0, max(10, round(self.w * INDEX_W)),
                                      max(14, round(self.h * INDEX_H)))
        self._faces: dict[tuple[str, str], pygame.Surface] = {}
        """(language, card) → its face: the court cards' letters are the language's."""
        self._backs: dict[str, pygame.Surface] = {}
        self._shade: pygame.Surface | None = None

    def colour(self, suit: str) -> tuple[int, int, int]:
        """Ink colour of a suit (four-colour deck: diamonds blue, clubs green)."""
        if suit in "HD":
            return CARD_BLUE if (self.four_colour and suit == "D") else CARD_RED
        if suit == "C" and self.four_colour:
            return CARD_GREEN
        return CARD_BLACK

    # -- public ------------------------------------------------------------------------------

    def face(self, name: str) -> pygame.Surface:
        """The face of card ``name`` in the current language (drawn on first use)."""
        key = (i18n.language(), name)
        surf = self._faces.get(key)
        if surf is None:
            surf = self._faces[key] = report.tag(self._draw_face(name), report.CARD, name)
        return surf

    def back(self, name: str | None = None) -> pygame.Surface:
        """Card back ``name`` (the player's choice by default)."""
        name = name or style.back_name()
        surf = self._backs.get(name)
        if surf is None:
            surf = self._backs[name] = report.tag(
                _alpha(draw_back(self.w, self.h, self.radius, name)), report.CARD)
        return surf

    def shade(self) -> pygame.Surface:
        """A translucent dark card shape laid over a card that may not be played."""
        if self._shade is None:
            s = pygame.Surface((self.w, self.h), pygame.SRCALPHA)
            pygame.draw.rect(s, CARD_SHADE, s.get_rect(), border_radius=self.radius)
            self._shade = _alpha(s)
        return self._shade

    # -- drawing -----------------------------------------------------------------------------

    def _blank(self, fill: tuple[int, int, int]) -> pygame.Surface:
        s = pygame.Surface((self.w, self.h), pygame.SRCALPHA)
        r = s.get_rect()
        pygame.draw.rect(s, fill, r, border_radius=self.radius)
        pygame.draw.rect(s, CARD_BORDER, r, width=1, border_radius=self.radius)
        return s

    def _index(self, s: pygame.Surface, rank: str, glyph: str, ink: tuple[int, int, int]) -> None:
        """Rank above suit in the top-left corner, inside :attr:`index_rect`, and, turned, in
        the bottom-right. A rank too wide (10, a trump's 21) is narrowed, never cut."""
        pad = max(2, self.w // 28)
        corner = pygame.Surface((self.index_rect.w - pad, self.index_rect.h - pad),
                                pygame.SRCALPHA)
        room = corner.get_width() - max(1, pad // 2)
        y = 0
        if rank:
            rs = fonts.art_fit(rank, round(self.h * (0.17 if glyph else TRUMP_INDEX)),
                           round(room / NARROWEST), ink, bold=True)
            if rs.get_width() > room:
                rs = pygame.transform.smoothscale(rs, (room, rs.get_height()))
            corner.blit(rs, ((corner.get_width() - rs.get_width()) // 2, 0))
            y = rs.get_height() - max(1, self.h // 60)
        if glyph:
            gs = fonts.art_fit(glyph, round(self.h * 0.15), room, ink)
            corner.blit(gs, ((corner.get_width() - gs.get_width()) // 2, y))
        s.blit(corner, (pad, pad))
        turned = pygame.transform.rotate(corner, 180)
        s.blit(turned, (self.w - pad - corner.get_width(), self.h - pad - corner.get_height()))

    def _pip_area(self) -> pygame.Rect:
        mx = self.index_rect.w + max(2, self.w // 28)
        my = round(self.h * 0.12)
        return pygame.Rect(mx, my, self.w - 2 * mx, self.h - 2 * my)

    def _draw_face(self, name: str) -> pygame.Surface:
        rank, suit = split(name)
        if suit == "T":
            return self._trump(int(rank))
        if suit == "X":
            return self._excuse()
        s = self._blank(CARD_WHITE)
        ink = self.colour(suit)
        glyph = SUIT_GLYPH[suit]
        self._index(s, i18n.rank_text(rank, name), glyph, ink)
        area = self._pip_area()
        if rank in FIGURES:
            self._court(s, area, rank, glyph, ink)
        elif rank == "A":
            big = fonts.art_text(glyph, round(area.w * 1.1), ink)
            s.blit(big, big.get_rect(center=area.center))
        else:
            self._pips(s, area, int(rank), glyph, ink)
        return _alpha(s)

    def _pips(self, s: pygame.Surface, area: pygame.Rect, n: int, glyph: str,
              ink: tuple[int, int, int]) -> None:
        size = round(min(area.w * 0.42, area.h * 0.24) * (1.5 if n == 1 else 1.0))
        pip = fonts.art_text(glyph, size, ink)
        flipped = pygame.transform.rotate(pip, 180)
        ph = pip.get_height() * 0.8
        inner = area.inflate(-pip.get_width() * 0.9, -ph)
        for fx, fy in PIPS[n]:
            cx = inner.left + fx * inner.w
            cy = inner.top + fy * inner.h
            img = flipped if fy > 0.5 else pip
            s.blit(img, img.get_rect(center=(round(cx), round(cy))))

    def _court(self, s: pygame.Surface, area: pygame.Rect, rank: str, glyph: str,
               ink: tuple[int, int, int]) -> None:
        frame = area.inflate(-2, -2)
        tint = tuple(min(255, 225 + c // 8) for c in ink)
        pygame.draw.rect(s, tint, frame, border_radius=max(2, self.w // 20))
        draw_court(s, frame, rank, ink, fonts.art_text(glyph, round(frame.h * 0.12), ink))
        pygame.draw.rect(s, ink, frame, width=max(1, self.w // 50),
                         border_radius=max(2, self.w // 20))

    def _picture_rect(self) -> pygame.Rect:
        """Where a trump's scene goes: across the card between the two corner numbers."""
        pad = max(2, self.w // 20)
        top = round(self.h * (TRUMP_INDEX + 0.04)) + pad
        return pygame.Rect(pad, top, self.w - 2 * pad, self.h - 2 * top)

    def _framed(self, s: pygame.Surface, draw: Callable[[pygame.Rect], None]) -> None:
        """A picture drawn by ``draw`` in the picture rect, then its frame."""
        rect = self._picture_rect()
        draw(rect)
        pygame.draw.rect(s, TRUMP_FRAME, rect.inflate(2, 2), width=max(1, self.w // 45))

    def _trump(self, n: int) -> pygame.Surface:
        s = self._blank(CARD_CREAM)
        self._framed(s, lambda rect: draw_trump(s, rect, n))
        self._index(s, str(n), "", CARD_BLACK)
        return _alpha(s)

    def _excuse(self) -> pygame.Surface:
        s = self._blank(CARD_CREAM)
        self._framed(s, lambda rect: draw_excuse(s, rect))
        self._index(s, "", "★", EXCUSE_STAR)
        return _alpha(s)


_ARTS: dict[tuple[int, int, bool], CardArt] = {}


def art(w: int, h: int, four_colour: bool = False) -> CardArt:
    """The shared :class:`CardArt` for a size (created once)."""
    key = (int(w), int(h), four_colour)
    a = _ARTS.get(key)
    if a is None:
        if len(_ARTS) > 24:
            _ARTS.clear()
        a = _ARTS[key] = CardArt(*key)
    return a
