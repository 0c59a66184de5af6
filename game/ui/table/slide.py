"""South's cards sliding to their new places when the hand's order changes (a suit runs out
and the colours alternate otherwise, trump is named and its suit moves to the side, the
trumps' side is changed in the settings) instead of jumping there.

:func:`card_keys` names each displayed card so that copies stay apart; :func:`reordered`
tells whether the cards kept from one layout to the next changed their order; :class:`Slides`
keeps each card's offset from its new place and tweens it to nothing on the table's
:class:`~..anim.Animator` (the table is busy meanwhile, so nothing else moves under it).

**Decision**: only a change of order slides; a card played or laid away closes its gap at
once, as before (the pace of play stays); no slide while the deal reveals the hand, and none
at the ``instant`` speed (a slide of no duration).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import pygame

from ..anim import Animator

SLIDE = 0.35
"""Seconds a slide takes (before the speed factor)."""

CardKey = tuple[str | None, int]
"""A displayed card's name (``None``: still hidden) and which copy of that name it is."""


def card_keys(cards: Sequence[str | None]) -> list[CardKey]:
    """Each card of ``cards`` as its name and the number of the same names before it."""
    seen: dict[str | None, int] = {}
    keys = []
    for name in cards:
        keys.append((name, seen.get(name, 0)))
        seen[name] = seen.get(name, 0) + 1
    return keys


def reordered(old: Sequence[CardKey], new: Sequence[CardKey]) -> bool:
    """True when the known cards in both ``old`` and ``new`` are not in the same order."""
    kept = {k for k in old if k[0] is not None} & {k for k in new if k[0] is not None}
    return [k for k in old if k in kept] != [k for k in new if k in kept]


class Offset:
    """How far a card is drawn from its place (pixels), tweened to nothing."""

    def __init__(self, x: float, y: float) -> None:
        self.x, self.y = x, y


class Slides:
    """The cards sliding now, by key."""

    def __init__(self, anim: Animator) -> None:
        self.anim = anim
        self.offsets: dict[CardKey, Offset] = {}

    def start(self, old: dict[CardKey, pygame.Rect], new: dict[CardKey, pygame.Rect],
              seconds: float) -> None:
        """Every card in both layouts starts where it was drawn (its slide under way
        included) and slides to its new place over ``seconds``."""
        offsets: dict[CardKey, Offset] = {}
        for key, rect in new.items():
            if key in old:
                was = old[key].move(*self.shift(key))
                off = Offset(was.x - rect.x, was.y - rect.y)
                if off.x or off.y:
                    offsets[key] = off
        self.stop()
        self.offsets = offsets

        for key, off in offsets.items():
            self.anim.animate(off, seconds, partial(self._arrived, key, off),
                              tween="accel_decel", x=0.0, y=0.0)

    def _arrived(self, key: CardKey, off: Offset) -> None:
        """Card ``key``'s slide ended (unless a newer one took it over)."""
        if self.offsets.get(key) is off:
            del self.offsets[key]

    def shift(self, key: CardKey) -> tuple[int, int]:
        """How far card ``key`` is drawn from its place now."""
        off = self.offsets.get(key)
        return (round(off.x), round(off.y)) if off is not None else (0, 0)

    def stop(self) -> None:
        """Every card at its place at once (a new hand, an undo, the deal)."""
        for off in self.offsets.values():
            off.x = off.y = 0.0
        self.offsets = {}

    @property
    def moving(self) -> bool:
        """True while a card slides."""
        return bool(self.offsets)
