"""A small drawing kit for the pictures on trumps, the Excuse and the court cards.

A :class:`Pen` draws inside one rectangle in unit coordinates (``x`` and ``y`` from 0 to 1
across its width and height), every shape filled and outlined in ``SCENE_LINE`` so that all the
pictures share one style: flat colours, one dark outline, a line width that follows the size.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from ..theme import (
    SCENE_BROWN,
    SCENE_GOLD,
    SCENE_GREEN,
    SCENE_LINE,
    SCENE_SKIN,
    SCENE_WHITE,
    Colour,
)

Point = tuple[float, float]


class Pen:
    """Draws on ``surface`` inside ``rect`` in unit coordinates."""

    def __init__(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.s = surface
        self.r = rect
        self.lw = max(1, round(rect.w / 70))

    def p(self, x: float, y: float) -> tuple[int, int]:
        """The pixel of unit point (``x``, ``y``)."""
        return round(self.r.left + x * self.r.w), round(self.r.top + y * self.r.h)

    def d(self, v: float) -> int:
        """A length of ``v`` widths in pixels (at least one)."""
        return max(1, round(v * self.r.w))

    # -- shapes ------------------------------------------------------------------------------

    def poly(self, pts: Sequence[Point], fill: Colour | None, edge: bool = True) -> None:
        """A polygon, filled and outlined."""
        px = [self.p(x, y) for x, y in pts]
        if fill is not None:
            pygame.draw.polygon(self.s, fill, px)
        if edge:
            pygame.draw.polygon(self.s, SCENE_LINE, px, width=self.lw)

    def circle(self, x: float, y: float, r: float, fill: Colour | None,
               edge: bool = True) -> None:
        """A circle of radius ``r`` widths."""
        if fill is not None:
            pygame.draw.circle(self.s, fill, self.p(x, y), self.d(r))
        if edge:
            pygame.draw.circle(self.s, SCENE_LINE, self.p(x, y), self.d(r), width=self.lw)

    def oval(self, x: float, y: float, rx: float, ry: float, fill: Colour | None,
             edge: bool = True) -> None:
        """An ellipse centred on (``x``, ``y``), half-axes in units of width and height."""
        box = pygame.Rect(0, 0, max(2, round(2 * rx * self.r.w)), max(2, round(2 * ry * self.r.h)))
        box.center = self.p(x, y)
        if fill is not None:
            pygame.draw.ellipse(self.s, fill, box)
        if edge:
            pygame.draw.ellipse(self.s, SCENE_LINE, box, width=self.lw)

    def line(self, pts: Sequence[Point], colour: Colour = SCENE_LINE, width: int = 0) -> None:
        """A polyline (``width`` pixels; the outline's width by default)."""
        pygame.draw.lines(self.s, colour, False, [self.p(x, y) for x, y in pts],
                          width or self.lw)

    def fill(self, top: float, colour: Colour, bottom: float = 1.0) -> None:
        """A band across the whole picture from ``top`` to ``bottom`` (sky, ground, water)."""
        a, b = self.p(0, top), self.p(1, bottom)
        pygame.draw.rect(self.s, colour, pygame.Rect(self.r.left, a[1], self.r.w, b[1] - a[1]))

    # -- things ------------------------------------------------------------------------------

    def person(self, x: float, y: float, h: float, robe: Colour, *, arms: str = "down",
               skirt: bool = False, hat: Colour | None = None) -> None:
        """A standing figure, feet at (``x``, ``y``), ``h`` heights tall. ``arms``: "down",
        "up", "out" or "forward"; ``skirt`` widens the robe to the ground."""
        head = h * 0.16
        neck = y - h + 2 * head
        hip = y - h * 0.42
        wr = head * self.r.h / self.r.w  # the head's radius in widths
        body = wr * (2.6 if skirt else 1.5)
        if not skirt:
            self.line(((x - wr * 0.5, hip), (x - wr * 0.7, y)), width=max(1, self.lw + 1))
            self.line(((x + wr * 0.5, hip), (x + wr * 0.7, y)), width=max(1, self.lw + 1))
        bottom = y if skirt else hip + h * 0.05
        self.poly(((x - wr * 0.8, neck), (x + wr * 0.8, neck), (x + body, bottom),
                   (x - body, bottom)), robe)
        hand = {"down": (wr * 1.3, neck + h * 0.32), "up": (wr * 1.6, neck - h * 0.25),
                "out": (wr * 2.4, neck + h * 0.05), "forward": (wr * 2.0, neck + h * 0.15)}
        dx, hy = hand.get(arms, hand["down"])
        for side in (-1, 1):
            self.line(((x + side * wr * 0.7, neck + h * 0.04), (x + side * dx, hy)),
                      width=max(1, self.lw + 1))
        self.circle(x, neck - head, wr, SCENE_SKIN)
        if hat is not None:
            self.poly(((x - wr * 1.2, neck - head * 1.5), (x + wr * 1.2, neck - head * 1.5),
                       (x, neck - head * 3.2)), hat)

    def horse(self, x: float, y: float, size: float, colour: Colour, facing: int = 1,
              antlers: bool = False) -> None:
        """A horse standing on (``x``, ``y``), ``size`` widths long, facing right (1) or
        left (-1); with ``antlers``, a stag."""
        f, s = facing, size
        k = self.r.w / self.r.h  # widths to heights
        top = y - s * 0.55 * k

        def at(u: float, v: float) -> Point:
            return x + f * s * u, top + s * v * k

        for leg in (-0.33, -0.22, 0.22, 0.33):
            self.line((at(leg, 0.2), at(leg, 0.55)), width=max(1, self.lw + 1))
        self.line((at(-0.42, 0.05), at(-0.52, 0.32)), width=max(1, self.lw + 1))
        self.oval(*at(0, 0.12), s * 0.42, s * 0.12 * k, colour)
        self.poly((at(0.26, 0.06), at(0.36, -0.22), at(0.46, -0.2), at(0.42, 0.12)), colour)
        self.poly((at(0.34, -0.2), at(0.42, -0.3), at(0.62, -0.14), at(0.58, -0.08),
                   at(0.46, -0.12)), colour)
        self.poly((at(0.38, -0.24), at(0.38, -0.34), at(0.43, -0.27)), colour)
        if antlers:
            for u in (0.38, 0.44):
                self.line((at(u, -0.28), at(u - 0.04, -0.5), at(u - 0.12, -0.56)))
                self.line((at(u - 0.02, -0.42), at(u + 0.06, -0.5)))

    def dog(self, x: float, y: float, size: float, colour: Colour, facing: int = 1) -> None:
        """A small dog on (``x``, ``y``), ``size`` widths long, running right (1) or left."""
        f, s = facing, size
        k = self.r.w / self.r.h
        top = y - s * 0.45 * k
        for u, lean in ((-0.3, -0.1), (-0.18, 0.06), (0.2, -0.08), (0.32, 0.1)):
            self.line(((x + f * s * u, top + s * 0.15 * k),
                       (x + f * s * (u + lean), y)))
        self.line(((x - f * s * 0.4, top + s * 0.05 * k), (x - f * s * 0.56, top - s * 0.1 * k)))
        self.oval(x, top + s * 0.12 * k, s * 0.4, s * 0.11 * k, colour)
        self.circle(x + f * s * 0.45, top - s * 0.02 * k, s * 0.13, colour)
        self.poly(((x + f * s * 0.5, top), (x + f * s * 0.68, top + s * 0.04 * k),
                   (x + f * s * 0.52, top + s * 0.1 * k)), colour)
        self.poly(((x + f * s * 0.38, top - s * 0.1 * k), (x + f * s * 0.34, top + s * 0.12 * k),
                   (x + f * s * 0.3, top - s * 0.02 * k)), colour)

    def house(self, x: float, y: float, w: float, h: float, wall: Colour,
              roof: Colour) -> None:
        """A house with its bottom-left corner at (``x``, ``y``)."""
        self.poly(((x, y), (x + w, y), (x + w, y - h), (x, y - h)), wall)
        self.poly(((x - w * 0.1, y - h), (x + w * 1.1, y - h), (x + w / 2, y - h * 1.7)), roof)
        self.poly(((x + w * 0.4, y), (x + w * 0.6, y), (x + w * 0.6, y - h * 0.45),
                   (x + w * 0.4, y - h * 0.45)), SCENE_BROWN)

    def tree(self, x: float, y: float, h: float, leaves: Colour = SCENE_GREEN) -> None:
        """A round tree on (``x``, ``y``), ``h`` heights tall."""
        w = h * self.r.h / self.r.w
        self.poly(((x - w * 0.06, y), (x + w * 0.06, y), (x + w * 0.05, y - h * 0.5),
                   (x - w * 0.05, y - h * 0.5)), SCENE_BROWN)
        self.circle(x, y - h * 0.68, w * 0.3, leaves)

    def sun(self, x: float, y: float, r: float, rays: int = 12) -> None:
        """A sun of radius ``r`` widths with ``rays`` rays."""
        k = self.r.w / self.r.h
        for i in range(rays):
            a = 2 * math.pi * i / rays
            self.line(((x + math.cos(a) * r * 1.3, y + math.sin(a) * r * 1.3 * k),
                       (x + math.cos(a) * r * 1.9, y + math.sin(a) * r * 1.9 * k)), SCENE_GOLD)
        self.circle(x, y, r, SCENE_GOLD)

    def star(self, x: float, y: float, r: float, colour: Colour = SCENE_GOLD,
             edge: bool = False) -> None:
        """A five-pointed star of radius ``r`` widths."""
        k = self.r.w / self.r.h
        pts = []
        for i in range(10):
            a = -math.pi / 2 + math.pi * i / 5
            rr = r if i % 2 == 0 else r * 0.45
            pts.append((x + math.cos(a) * rr, y + math.sin(a) * rr * k))
        self.poly(pts, colour, edge)

    def waves(self, y: float, colour: Colour = SCENE_WHITE, n: int = 5) -> None:
        """A row of little waves across the picture at ``y``."""
        for i in range(n):
            x0 = (i + 0.15) / n
            self.line(((x0, y), (x0 + 0.35 / n, y - 0.03), (x0 + 0.7 / n, y)), colour)

    def mandolin(self, x: float, y: float, size: float, angle: float = -0.6) -> None:
        """A mandolin: a pear-shaped body and a neck, turned by ``angle`` radians."""
        k = self.r.w / self.r.h
        ca, sa = math.cos(angle), math.sin(angle)
        self.oval(x, y, size * 0.28, size * 0.22 * k, SCENE_GOLD)
        self.circle(x, y, size * 0.07, SCENE_BROWN)
        self.line(((x + ca * size * 0.25, y + sa * size * 0.25 * k),
                   (x + ca * size * 0.8, y + sa * size * 0.8 * k)), SCENE_BROWN,
                  max(2, self.lw + 1))
