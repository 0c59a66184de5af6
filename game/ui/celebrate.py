"""The win cascade: cards bouncing down from the top of the window, leaving trails — the
classic solitaire celebration, drawn over the dimmed table when South's side wins a game.

A :class:`Cascade` is advanced only by the ``dt`` given to :meth:`Cascade.update` (tests step
time exactly) and its randomness comes from the seed it is given (the same game celebrates
the same way). It launches :data:`CARDS` cards one after another from the top; each falls
under gravity, bounces on the bottom edge losing part of its speed, and leaves through a side;
a card is stamped on a trail layer every :data:`STAMP` seconds of its flight. Once the last
card is out (at most :data:`LONGEST` seconds after its launch) the trails fade out over
:data:`FADE` seconds and the cascade is :attr:`done`: nothing moves any more.
:meth:`Cascade.skip` ends it at once.

**Decision**: trails, as the classic; the cascade is drawn under the game-over panel (its
words and buttons stay readable while it runs).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from .layout import card_size
from .render.cards import art

CARDS = 13
"""How many cards fall."""
LAUNCH_EVERY = 0.3
"""Seconds between two launches."""
LONGEST = 3.6
"""The longest a card flies (seconds): its side speed is at least what takes it out by then."""
GRAVITY = 2.2
"""Gravity, in window heights per second squared."""
BOUNCE = 0.78
"""The share of its speed a card keeps after a bounce."""
SIDE_SPEED = (0.16, 0.34)
"""A card's least and most side speed, in window widths per second."""
FADE = 0.8
"""Seconds the trails take to fade once the last card is out."""
STAMP = 1 / 30
"""Seconds of flight between two stamps of a card on the trail layer."""
LARGEST_DT = 0.1
"""A longer ``dt`` (a frame after a sleep) counts as this long: the cards never jump."""
SIZE = 0.8
"""The falling cards' size, as a share of South's card size at the window's size."""

GAME_CARDS = {
    "tarot": ("KS", "T21", "KH", "EX", "KD", "T1", "KC", "QS", "QH", "QD", "QC", "CS", "CH"),
}
"""The cards a game's cascade shows, launched in this order (the game's pack: its kings and
oudlers for French Tarot)."""
PACK36 = ("AS", "AH", "AC", "AD", "KS", "KH", "KC", "KD", "QS", "QH", "QC", "QD", "JS")
"""The 36-card games' cascade: aces, kings, queens."""


def cascade_cards(game: str) -> tuple[str, ...]:
    """The cards ``game``'s cascade shows, in launch order."""
    return GAME_CARDS.get(game, PACK36)[:CARDS]


@dataclass
class Falling:
    """One card in flight: its name, the top-left corner and the speed (pixels, pixels per
    second), the seconds flown and until its next stamp."""

    name: str
    x: float
    y: float
    vx: float
    vy: float
    flown: float = 0.0
    stamp_in: float = 0.0


class Cascade:
    """The cascade in a window of ``size`` with ``cards`` (notation) face up, its randomness
    from ``seed``; ``four_colour`` as the player's deck."""

    def __init__(self, size: tuple[int, int], cards: Sequence[str], seed: int,
                 four_colour: bool = False) -> None:
        self.size = size
        self.cards = list(cards)
        self.rng = random.Random(seed)
        cw, ch = card_size(size)
        self.card = (round(cw * SIZE), round(ch * SIZE))
        self.art = art(*self.card, four_colour)
        for name in self.cards:  # drawn now, not in the middle of the motion
            self.art.face(name)
        self.flying: list[Falling] = []
        self.launched = 0
        self.launch_in = 0.0
        self.time = 0.0
        self.fading = 0.0
        """Seconds of the trails' fade so far (it starts once the last card is out)."""
        self.trails = pygame.Surface(size, pygame.SRCALPHA)
        self.done = not self.cards

    @property
    def running(self) -> bool:
        """True while cards move (the frame loop draws every frame)."""
        return not self.done

    def wake_in(self) -> float | None:
        """``0.0`` while the cascade runs, ``None`` once it is done (nothing moves)."""
        return 0.0 if self.running else None

    def skip(self) -> None:
        """End at once (a click or a key): no card flies, no trail is left."""
        self.flying.clear()
        self.trails.fill((0, 0, 0, 0))
        self.trails.set_alpha(None)
        self.done = True

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: the cascade ends there (trails of another size would be
        out of place)."""
        self.skip()
        self.size = size
        self.trails = pygame.Surface(size, pygame.SRCALPHA)

    def _launch(self) -> None:
        """Throw the next card from the top: from one of four places spread along the top
        (as a solitaire's foundations), most often toward the farther side, at a side speed
        that takes it out within :data:`LONGEST` seconds."""
        w, h = self.size
        cw = self.card[0]
        spot = (0, 3, 1, 2)[self.launched % 4]
        x = w * (0.2 + 0.2 * spot) + self.rng.uniform(-0.04, 0.04) * w - cw / 2
        y = self.rng.uniform(0.0, 0.08) * h
        left = self.rng.random() < (0.75 if x + cw / 2 > w / 2 else 0.25)
        to_go = (x + cw) if left else (w - x)
        speed = max(self.rng.uniform(*SIDE_SPEED) * w, to_go / LONGEST)
        self.flying.append(Falling(self.cards[self.launched], x, y,
                                   -speed if left else speed,
                                   self.rng.uniform(-0.25, 0.05) * h))
        self.launched += 1

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds (at most :data:`LARGEST_DT`) in steps of :data:`STAMP`:
        launch, fall, bounce, stamp, and drop the cards gone through a side; once every card
        is out, fade the trails, then stop."""
        if self.done:
            return
        left = min(max(0.0, dt), LARGEST_DT)
        if self.launched >= len(self.cards) and not self.flying:
            self.fading += left
            if self.fading >= FADE:
                self.skip()
            else:
                self.trails.set_alpha(round(255 * (1 - self.fading / FADE)))
            return
        while left > 1e-9:
            step = min(left, STAMP)
            left -= step
            self._step(step)

    def _step(self, dt: float) -> None:
        w, h = self.size
        cw, ch = self.card
        self.time += dt
        self.launch_in -= dt
        if self.launch_in <= 0 and self.launched < len(self.cards):
            self._launch()
            self.launch_in += LAUNCH_EVERY
        for card in list(self.flying):
            card.vy += GRAVITY * h * dt
            card.x += card.vx * dt
            card.y += card.vy * dt
            floor = h - ch
            if card.y > floor and card.vy > 0:
                card.y = floor - (card.y - floor) * BOUNCE
                card.vy = -card.vy * BOUNCE
            card.flown += dt
            card.stamp_in -= dt
            if card.stamp_in <= 0:
                self.trails.blit(self.art.face(card.name), (round(card.x), round(card.y)))
                card.stamp_in += STAMP
            gone = card.x + cw < 0 or card.x > w
            if gone or card.flown > LONGEST + 1:
                self.flying.remove(card)

    def draw(self, surface: pygame.Surface) -> None:
        """The trails, and each card in flight where it is now."""
        surface.blit(self.trails, (0, 0))
        for card in self.flying:
            surface.blit(self.art.face(card.name), (round(card.x), round(card.y)))


__all__ = ["Cascade", "cascade_cards"]
