"""The pictures of the 21 Tarot trumps and of the Excuse, drawn in code.

In the spirit of the Tarot Nouveau's genre scenes: each trump has a scene of its own (a juggler,
children at play, a musician, a dancer, a horseman, a boat, a village, the moon, the sun, the
world...) in the same flat style (:mod:`.sketch`); the Excuse is the fool with his mandolin.
:func:`draw_trump` paints trump ``n``'s scene inside a rectangle of a card.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..theme import (
    SCENE_BLUE,
    SCENE_BROWN,
    SCENE_DAY,
    SCENE_DUSK,
    SCENE_EARTH,
    SCENE_GOLD,
    SCENE_GREEN,
    SCENE_GREY,
    SCENE_GROUND,
    SCENE_NIGHT,
    SCENE_PURPLE,
    SCENE_RED,
    SCENE_SNOW,
    SCENE_WATER,
    SCENE_WHITE,
)
from .sketch import Pen

Scene = Callable[[Pen], None]


def _day(pen: Pen, ground: float = 0.78) -> None:
    pen.fill(0, SCENE_DAY, ground)
    pen.fill(ground, SCENE_GROUND)


def _juggler(pen: Pen) -> None:
    """1, the Petit: a juggler with three balls."""
    _day(pen)
    pen.person(0.5, 0.92, 0.6, SCENE_RED, arms="up", hat=SCENE_BLUE)
    for x, y, c in ((0.25, 0.2, SCENE_GOLD), (0.5, 0.1, SCENE_BLUE), (0.75, 0.2, SCENE_GREEN)):
        pen.circle(x, y, 0.06, c)


def _children(pen: Pen) -> None:
    """2: two children and a ball."""
    _day(pen)
    pen.person(0.28, 0.9, 0.45, SCENE_BLUE, arms="out")
    pen.person(0.72, 0.9, 0.42, SCENE_RED, arms="out", skirt=True)
    pen.circle(0.5, 0.55, 0.07, SCENE_GOLD)


def _musician(pen: Pen) -> None:
    """3: a musician with a mandolin and notes in the air."""
    _day(pen)
    pen.person(0.4, 0.92, 0.62, SCENE_GREEN, arms="forward")
    pen.mandolin(0.48, 0.58, 0.5)
    for x, y in ((0.72, 0.25), (0.85, 0.4)):
        pen.circle(x, y, 0.035, None)
        pen.line(((x + 0.035, y), (x + 0.035, y - 0.14)))


def _dancer(pen: Pen) -> None:
    """4: a dancer, arms raised, skirt wide."""
    pen.fill(0, SCENE_DUSK, 0.82)
    pen.fill(0.82, SCENE_EARTH)
    pen.person(0.5, 0.92, 0.72, SCENE_PURPLE, arms="up", skirt=True)


def _lovers(pen: Pen) -> None:
    """5: a couple and a heart."""
    _day(pen)
    pen.person(0.33, 0.92, 0.6, SCENE_BLUE, arms="forward")
    pen.person(0.67, 0.92, 0.56, SCENE_RED, arms="forward", skirt=True)
    pen.poly(((0.42, 0.2), (0.5, 0.3), (0.58, 0.2), (0.54, 0.13), (0.5, 0.17), (0.46, 0.13)),
             SCENE_RED)


def _horseman(pen: Pen) -> None:
    """6: a horseman."""
    _day(pen, 0.85)
    pen.horse(0.48, 0.92, 0.7, SCENE_BROWN)
    pen.person(0.45, 0.5, 0.42, SCENE_RED, arms="forward")


def _hunt(pen: Pen) -> None:
    """7: the hunt: a stag chased by a hound past a tree."""
    _day(pen)
    pen.tree(0.12, 0.82, 0.6)
    pen.horse(0.68, 0.86, 0.42, SCENE_EARTH, antlers=True)
    pen.dog(0.32, 0.88, 0.32, SCENE_GREY)


def _boat(pen: Pen) -> None:
    """8: a sailing boat on the waves."""
    pen.fill(0, SCENE_DAY, 0.7)
    pen.fill(0.7, SCENE_WATER)
    pen.poly(((0.15, 0.68), (0.85, 0.68), (0.72, 0.82), (0.28, 0.82)), SCENE_BROWN)
    pen.line(((0.5, 0.68), (0.5, 0.1)))
    pen.poly(((0.5, 0.12), (0.5, 0.62), (0.82, 0.62)), SCENE_WHITE)
    pen.poly(((0.48, 0.2), (0.48, 0.62), (0.24, 0.62)), SCENE_RED)
    pen.waves(0.92)


def _village(pen: Pen) -> None:
    """9: a village with its church."""
    _day(pen)
    pen.house(0.08, 0.88, 0.26, 0.22, SCENE_WHITE, SCENE_RED)
    pen.house(0.62, 0.88, 0.28, 0.25, SCENE_DUSK, SCENE_BROWN)
    pen.poly(((0.38, 0.88), (0.56, 0.88), (0.56, 0.42), (0.38, 0.42)), SCENE_GREY)
    pen.poly(((0.36, 0.42), (0.58, 0.42), (0.47, 0.1)), SCENE_BLUE)
    pen.circle(0.47, 0.54, 0.05, SCENE_WHITE)


def _fisher(pen: Pen) -> None:
    """10: an angler on the bank, a fish on his line."""
    pen.fill(0, SCENE_DAY, 0.65)
    pen.fill(0.65, SCENE_WATER)
    pen.poly(((0, 0.65), (0.45, 0.65), (0.35, 1), (0, 1)), SCENE_GROUND)
    pen.person(0.2, 0.82, 0.55, SCENE_BLUE, arms="forward", hat=SCENE_GOLD)
    pen.line(((0.3, 0.5), (0.9, 0.15)), SCENE_BROWN)
    pen.line(((0.9, 0.15), (0.88, 0.78)), SCENE_GREY, 1)
    pen.oval(0.86, 0.85, 0.09, 0.04, SCENE_GOLD)


def _harvest(pen: Pen) -> None:
    """11: the harvest: a reaper with his scythe among the sheaves."""
    pen.fill(0, SCENE_DAY, 0.66)
    pen.fill(0.66, SCENE_GOLD)
    pen.person(0.26, 0.94, 0.66, SCENE_BLUE, arms="forward", hat=SCENE_GOLD)
    pen.line(((0.42, 0.94), (0.36, 0.3)), SCENE_BROWN, max(2, pen.lw + 1))
    pen.poly(((0.36, 0.3), (0.5, 0.26), (0.62, 0.34), (0.48, 0.32)), SCENE_GREY)
    for x in (0.64, 0.86):
        pen.poly(((x - 0.07, 0.92), (x + 0.07, 0.92), (x + 0.02, 0.66), (x + 0.09, 0.4),
                  (x - 0.09, 0.4), (x - 0.02, 0.66)), SCENE_GOLD)
        pen.line(((x - 0.05, 0.66), (x + 0.05, 0.66)), SCENE_BROWN)
        for dx in (-0.06, 0.0, 0.06):
            pen.oval(x + dx, 0.38, 0.025, 0.06, SCENE_EARTH)


def _shepherd(pen: Pen) -> None:
    """12: a shepherd with his crook and a sheep."""
    _day(pen, 0.72)
    pen.person(0.28, 0.9, 0.62, SCENE_EARTH, arms="out", hat=SCENE_BROWN)
    pen.line(((0.5, 0.92), (0.5, 0.3), (0.56, 0.24), (0.6, 0.3)), SCENE_BROWN)
    pen.oval(0.74, 0.8, 0.14, 0.08, SCENE_WHITE)
    pen.circle(0.89, 0.74, 0.05, SCENE_GREY)


def _windmill(pen: Pen) -> None:
    """13: a windmill on a hill."""
    pen.fill(0, SCENE_DAY)
    pen.oval(0.5, 1.0, 0.7, 0.25, SCENE_GROUND)
    pen.poly(((0.4, 0.85), (0.6, 0.85), (0.56, 0.42), (0.44, 0.42)), SCENE_WHITE)
    pen.poly(((0.42, 0.42), (0.58, 0.42), (0.5, 0.32)), SCENE_RED)
    for a, b in (((0.18, 0.1), (0.82, 0.66)), ((0.82, 0.1), (0.18, 0.66))):
        pen.line((a, b), SCENE_BROWN, max(2, pen.lw + 1))
    pen.circle(0.5, 0.38, 0.04, SCENE_BROWN)


def _castle(pen: Pen) -> None:
    """14: a castle with two towers and a flag."""
    _day(pen, 0.85)
    pen.poly(((0.22, 0.88), (0.78, 0.88), (0.78, 0.5), (0.22, 0.5)), SCENE_GREY)
    for x in (0.12, 0.7):
        pen.poly(((x, 0.88), (x + 0.18, 0.88), (x + 0.18, 0.3), (x, 0.3)), SCENE_GREY)
        pen.poly(((x - 0.02, 0.3), (x + 0.2, 0.3), (x + 0.09, 0.12)), SCENE_BLUE)
    pen.poly(((0.42, 0.88), (0.58, 0.88), (0.58, 0.7), (0.5, 0.63), (0.42, 0.7)), SCENE_BROWN)
    pen.line(((0.79, 0.12), (0.79, 0.02)))
    pen.poly(((0.79, 0.02), (0.92, 0.05), (0.79, 0.08)), SCENE_RED)


def _cart(pen: Pen) -> None:
    """15: a cart on the road to market."""
    _day(pen, 0.7)
    pen.poly(((0.1, 0.55), (0.85, 0.55), (0.8, 0.72), (0.15, 0.72)), SCENE_BROWN)
    for x, c in ((0.25, SCENE_RED), (0.42, SCENE_GOLD), (0.6, SCENE_GREEN)):
        pen.circle(x, 0.5, 0.08, c)
    for x in (0.25, 0.7):
        pen.circle(x, 0.8, 0.1, SCENE_EARTH)
        pen.circle(x, 0.8, 0.02, SCENE_BROWN)
    pen.line(((0.85, 0.62), (0.98, 0.7)), SCENE_BROWN)


def _winter(pen: Pen) -> None:
    """16: winter: snow, a bare tree and a skater."""
    pen.fill(0, SCENE_GREY, 0.75)
    pen.fill(0.75, SCENE_SNOW)
    pen.line(((0.15, 0.9), (0.15, 0.3)), SCENE_BROWN, max(2, pen.lw + 1))
    pen.line(((0.15, 0.5), (0.3, 0.35)), SCENE_BROWN)
    pen.line(((0.15, 0.42), (0.04, 0.3)), SCENE_BROWN)
    pen.person(0.6, 0.9, 0.6, SCENE_BLUE, arms="out", hat=SCENE_RED)
    for x, y in ((0.35, 0.15), (0.85, 0.2), (0.5, 0.08), (0.9, 0.55), (0.3, 0.6)):
        pen.circle(x, y, 0.025, SCENE_WHITE, edge=False)


def _garden(pen: Pen) -> None:
    """17: a garden with a fountain and flowers."""
    _day(pen, 0.7)
    pen.poly(((0.3, 0.85), (0.7, 0.85), (0.62, 0.7), (0.38, 0.7)), SCENE_GREY)
    pen.line(((0.5, 0.7), (0.5, 0.35)), SCENE_GREY, max(2, pen.lw + 1))
    for side in (-1, 1):
        pen.line(((0.5, 0.35), (0.5 + side * 0.15, 0.3), (0.5 + side * 0.25, 0.6)), SCENE_WATER)
    for x, c in ((0.1, SCENE_RED), (0.2, SCENE_GOLD), (0.8, SCENE_PURPLE), (0.9, SCENE_RED)):
        pen.line(((x, 0.95), (x, 0.8)), SCENE_GREEN)
        pen.circle(x, 0.78, 0.04, c)


def _moon(pen: Pen) -> None:
    """18: the moon over a night landscape."""
    pen.fill(0, SCENE_NIGHT, 0.8)
    pen.fill(0.8, SCENE_GREEN)
    pen.circle(0.55, 0.38, 0.22, SCENE_SNOW)
    pen.circle(0.66, 0.32, 0.2, SCENE_NIGHT, edge=False)
    for x, y in ((0.15, 0.15), (0.85, 0.6), (0.2, 0.6)):
        pen.star(x, y, 0.05)


def _sun(pen: Pen) -> None:
    """19: the sun over the fields."""
    pen.fill(0, SCENE_DUSK, 0.8)
    pen.fill(0.8, SCENE_GROUND)
    pen.sun(0.5, 0.42, 0.17, 16)


def _stars(pen: Pen) -> None:
    """20: a lighthouse under the stars."""
    pen.fill(0, SCENE_NIGHT, 0.8)
    pen.fill(0.8, SCENE_WATER)
    pen.poly(((0.38, 0.85), (0.62, 0.85), (0.56, 0.32), (0.44, 0.32)), SCENE_WHITE)
    pen.poly(((0.41, 0.6), (0.59, 0.6), (0.58, 0.5), (0.42, 0.5)), SCENE_RED)
    pen.poly(((0.44, 0.32), (0.56, 0.32), (0.56, 0.22), (0.44, 0.22)), SCENE_GOLD)
    pen.poly(((0.42, 0.22), (0.58, 0.22), (0.5, 0.14)), SCENE_RED)
    for x, y in ((0.15, 0.2), (0.85, 0.15), (0.8, 0.5), (0.2, 0.55)):
        pen.star(x, y, 0.06)


def _world(pen: Pen) -> None:
    """21: the world, a globe in a wreath."""
    pen.fill(0, SCENE_DAY)
    pen.circle(0.5, 0.5, 0.34, SCENE_WATER)
    pen.oval(0.5, 0.5, 0.16, 0.24, None)
    pen.line(((0.16, 0.5), (0.84, 0.5)))
    pen.poly(((0.3, 0.38), (0.45, 0.3), (0.48, 0.45), (0.35, 0.55)), SCENE_GREEN)
    pen.poly(((0.56, 0.55), (0.7, 0.5), (0.68, 0.7), (0.58, 0.72)), SCENE_GREEN)
    for side in (-1, 1):
        for k in range(5):
            y = 0.2 + k * 0.15
            pen.oval(0.5 + side * (0.42 - abs(k - 2) * 0.03), y, 0.04, 0.04, SCENE_GREEN)


SCENES: tuple[Scene, ...] = (
    _juggler, _children, _musician, _dancer, _lovers, _horseman, _hunt, _boat, _village,
    _fisher, _harvest, _shepherd, _windmill, _castle, _cart, _winter, _garden, _moon, _sun,
    _stars, _world)
"""Trump ``n``'s scene is ``SCENES[n - 1]``."""


def draw_trump(surface: pygame.Surface, rect: pygame.Rect, n: int) -> None:
    """Trump ``n``'s scene (1 to 21) inside ``rect`` of ``surface``."""
    clip = surface.get_clip()
    surface.set_clip(rect)
    SCENES[n - 1](Pen(surface, rect))
    surface.set_clip(clip)


def draw_excuse(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The Excuse: the fool in his jester's cap, dancing with his mandolin."""
    clip = surface.get_clip()
    surface.set_clip(rect)
    pen = Pen(surface, rect)
    pen.fill(0, SCENE_DUSK, 0.85)
    pen.fill(0.85, SCENE_EARTH)
    pen.person(0.45, 0.95, 0.7, SCENE_PURPLE, arms="forward")
    # the cap: three floppy points with bells
    for tip in ((0.2, 0.18), (0.45, 0.06), (0.7, 0.18)):
        pen.poly(((0.36, 0.33), (0.54, 0.33), tip), SCENE_RED if tip[0] != 0.45 else SCENE_GOLD)
        pen.circle(tip[0], tip[1], 0.035, SCENE_GOLD)
    # a diamond pattern on the tunic
    for y in (0.5, 0.62):
        pen.poly(((0.45, y - 0.04), (0.49, y), (0.45, y + 0.04), (0.41, y)), SCENE_GOLD)
    pen.mandolin(0.58, 0.56, 0.55, -0.4)
    # the little dog that nips at his heels
    pen.dog(0.84, 0.95, 0.2, SCENE_WHITE, facing=-1)
    surface.set_clip(clip)
