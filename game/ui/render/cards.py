"""Card faces and backs drawn in code, cached per size.

One :class:`CardArt` per card size draws any card named in RECORDS.md notation — the 36-card
pack (``"10H"``, ``"AS"``), the tarot pack (``"1S"``, ``"CD"``, ``"T21"``, ``"EX"``) — with
classic pip layouts for 1–10, court cards with a large letter and a chess figure, tarot trumps
with large Roman numerals, the Excuse, and crisp corner indices. Every face is drawn once and
kept. The index (rank above suit) sits inside :attr:`CardArt.index_rect`, the strip the hand
layout keeps visible when cards overlap.
"""

from __future__ import annotations

import pygame

from ..theme import (
    BACK_FILL,
    BACK_PATTERN,
    BACK_RIM,
    CARD_BLACK,
    CARD_BLUE,
    CARD_BORDER,
    CARD_CREAM,
    CARD_GREEN,
    CARD_RED,
    CARD_SHADE,
    CARD_WHITE,
    EXCUSE_STAR,
    TRUMP_BAND,
    TRUMP_BAND_EDGE,
)
from . import fonts

SUIT_GLYPH = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
COURT_FIGURE = {"J": "♝", "C": "♞", "Q": "♛", "K": "♚"}
ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII",
         "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI")
INDEX_W = 0.24
"""Width of the corner index as a fraction of the card width."""
INDEX_H = 0.36
"""Height of the corner index (rank and suit) as a fraction of the card height."""

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
        self._faces: dict[str, pygame.Surface] = {}
        self._back: pygame.Surface | None = None
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
        """The face of card ``name`` (drawn on first use)."""
        surf = self._faces.get(name)
        if surf is None:
            surf = self._faces[name] = self._draw_face(name)
        return surf

    def back(self) -> pygame.Surface:
        """The card back."""
        if self._back is None:
            self._back = self._draw_back()
        return self._back

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
        """Rank above suit in the top-left corner and, turned, in the bottom-right."""
        box = self.index_rect
        pad = max(2, self.w // 28)
        corner = pygame.Surface(box.size, pygame.SRCALPHA)
        y = 0
        if rank:
            rs = fonts.fit(rank, round(self.h * 0.17), box.w - pad, ink, bold=True)
            if rs.get_width() > box.w - pad:
                rs = pygame.transform.smoothscale(rs, (box.w - pad, rs.get_height()))
            corner.blit(rs, ((box.w - rs.get_width()) // 2, 0))
            y = rs.get_height() - max(1, self.h // 60)
        if glyph:
            gs = fonts.fit(glyph, round(self.h * 0.15), box.w - pad, ink)
            corner.blit(gs, ((box.w - gs.get_width()) // 2, y))
        s.blit(corner, (pad, pad))
        turned = pygame.transform.rotate(corner, 180)
        s.blit(turned, (self.w - pad - box.w, self.h - pad - box.h))

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
        self._index(s, rank, glyph, ink)
        area = self._pip_area()
        if rank in COURT_FIGURE:
            self._court(s, area, rank, glyph, ink)
        elif rank == "A":
            big = fonts.text(glyph, round(area.w * 1.1), ink)
            s.blit(big, big.get_rect(center=area.center))
        else:
            self._pips(s, area, int(rank), glyph, ink)
        return _alpha(s)

    def _pips(self, s: pygame.Surface, area: pygame.Rect, n: int, glyph: str,
              ink: tuple[int, int, int]) -> None:
        size = round(min(area.w * 0.42, area.h * 0.24) * (1.5 if n == 1 else 1.0))
        pip = fonts.text(glyph, size, ink)
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
        tint = tuple(min(255, 215 + c // 6) for c in ink)
        pygame.draw.rect(s, tint, frame, border_radius=max(2, self.w // 20))
        pygame.draw.rect(s, ink, frame, width=max(1, self.w // 50),
                         border_radius=max(2, self.w // 20))
        half = pygame.Surface((frame.w, frame.h // 2), pygame.SRCALPHA)
        fig = fonts.text(COURT_FIGURE[rank], round(frame.h * 0.34), ink)
        letter = fonts.text(rank, round(frame.h * 0.2), ink, bold=True)
        pip = fonts.text(glyph, round(frame.h * 0.14), ink)
        half.blit(fig, fig.get_rect(midleft=(round(frame.w * 0.08), half.get_height() // 2 + 2)))
        half.blit(letter, letter.get_rect(topright=(frame.w - 3, 2)))
        half.blit(pip, pip.get_rect(bottomright=(frame.w - 4, half.get_height())))
        s.blit(half, frame.topleft)
        s.blit(pygame.transform.rotate(half, 180),
               (frame.left, frame.top + frame.h - half.get_height()))
        pygame.draw.line(s, ink, (frame.left + 4, frame.centery), (frame.right - 5, frame.centery))

    def _trump(self, n: int) -> pygame.Surface:
        s = self._blank(CARD_CREAM)
        self._index(s, str(n), "", CARD_BLACK)
        area = self._pip_area()
        band = area.inflate(0, -area.h // 3)
        pygame.draw.rect(s, TRUMP_BAND, band, border_radius=max(2, self.w // 16))
        pygame.draw.rect(s, TRUMP_BAND_EDGE, band, width=max(1, self.w // 60),
                         border_radius=max(2, self.w // 16))
        numeral = fonts.fit(ROMAN[n], round(area.h * 0.28), band.w - 4, CARD_BLACK, bold=True)
        s.blit(numeral, numeral.get_rect(center=band.center))
        star = fonts.text("✦", round(area.h * 0.16), TRUMP_BAND_EDGE)
        s.blit(star, star.get_rect(center=(area.centerx, area.top + area.h // 8)))
        s.blit(star, star.get_rect(center=(area.centerx, area.bottom - area.h // 8)))
        return _alpha(s)

    def _excuse(self) -> pygame.Surface:
        s = self._blank(CARD_CREAM)
        self._index(s, "", "★", CARD_BLACK)
        area = self._pip_area()
        star = fonts.text("★", round(area.w * 0.9), EXCUSE_STAR)
        s.blit(star, star.get_rect(center=(area.centerx, area.centery - area.h // 10)))
        word = fonts.fit("Excuse", round(area.h * 0.12), area.w, CARD_BLACK, bold=True)
        s.blit(word, word.get_rect(midbottom=(area.centerx, area.bottom)))
        return _alpha(s)

    def _draw_back(self) -> pygame.Surface:
        s = self._blank(BACK_FILL)
        inner = s.get_rect().inflate(-max(6, self.w // 8), -max(6, self.w // 8))
        pat = pygame.Surface(inner.size, pygame.SRCALPHA)
        step = max(5, self.w // 9)
        for x in range(-inner.h, inner.w, step):
            pygame.draw.line(pat, BACK_PATTERN, (x, 0), (x + inner.h, inner.h))
            pygame.draw.line(pat, BACK_PATTERN, (x + inner.h, 0), (x, inner.h))
        s.blit(pat, inner.topleft)
        pygame.draw.rect(s, BACK_RIM, inner, width=max(1, self.w // 40),
                         border_radius=max(2, self.radius // 2))
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
