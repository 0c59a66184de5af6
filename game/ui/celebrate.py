"""The celebrations of a win, drawn in code.

A hand won (:class:`Cheer`): when the summary opens on a hand South's side won, confetti bursts
from the summary's top corners and drifts down over the table while a gold glow breathes round
the box and stars twinkle on it, for :data:`CHEER_SECONDS` (longer and fuller, in two bursts,
when that hand also won the game). It is one tween of its progress on the table's
:class:`~.anim.Animator`, so tests step it exactly, every piece's path is a formula of that
progress and of the seed it is given, and once it is over nothing is drawn or asked for.

A game won (:class:`Cascade`): cards bouncing down from the top of the window, leaving trails —
the classic solitaire celebration, drawn over the dimmed table on the end-of-game screen.
A :class:`Cascade` is advanced only by the ``dt`` given to :meth:`Cascade.update` (tests step
time exactly) and its randomness comes from the seed it is given (the same game celebrates
the same way). It launches :data:`CARDS` cards one after another from the top; each falls
under gravity, bounces on the bottom edge losing part of its speed, and leaves through a side;
a card is stamped on a trail layer every :data:`STAMP` seconds of its flight. Once the last
card is out (at most :data:`LONGEST` seconds after its launch) the trails fade out over
:data:`FADE` seconds and the cascade is :attr:`done`: nothing moves any more.
:meth:`Cascade.skip` ends it at once.

**Decision**: trails, as the classic; the cascade is drawn under the game-over panel (its
words and buttons stay readable while it runs). The hand's cheer is drawn over the summary
but never takes an input: its buttons, keys and clicks work while it runs (the next hand, an
undo or leaving ends it), and no cheer at the ``instant`` speed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from .anim import Animator, Tween
from .layout import card_size
from .render.cards import art
from .theme import CONFETTI_COLOURS, GOLD, PANEL_RADIUS

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


CHEER_SECONDS = (1.8, 2.8)
"""Seconds a hand's cheer lasts at the normal speed: a hand won, the hand that won the game."""
CONFETTI = (70, 140)
"""Confetti pieces: a hand won, the game won (in two bursts)."""
SECOND_BURST = 0.3
"""The game's second burst starts this share of the cheer in."""
LAUNCH_SPEED = (0.6, 1.3)
"""A piece's least and most speed at its burst, in window heights per second."""
DRAG = 3.0
"""How fast a piece loses its burst speed (per second): confetti floats."""
DRIFT = 0.28
"""The speed a piece drifts down at once its burst is spent, in window heights per second."""
PIECE = (7, 14)
"""A piece's least and most length in pixels (its width is half)."""
SHRINK = 0.7
"""From this share of the cheer on, the pieces shrink away to nothing."""
GLOW_RINGS = 7
GLOW_STEP = 3
"""The glow: rings this many pixels apart round the box, fainter outward."""
GLOW_ALPHA = 120
STARS = (8, 14)
"""Twinkling stars on the glow: a hand won, the game won."""
STAR_SIZE = 11


@dataclass
class Piece:
    """One piece of confetti: where it bursts from (``x``, ``y``), its speed then (pixels per
    second), when it bursts (seconds), its colour, length, spin and sway."""

    x: float
    y: float
    vx: float
    vy: float
    start: float
    colour: tuple[int, int, int]
    length: float
    spin: float
    turn: float
    sway: float


class Cheer:
    """A hand won, celebrated over the summary (see the module) on ``anim``; ``speed`` gives
    the animation speed factor (0: no cheer)."""

    def __init__(self, anim: Animator, speed: Callable[[], float]) -> None:
        self.anim = anim
        self.speed = speed
        self.progress = 0.0
        """From 0 (the burst) to 1 (over), tweened linearly."""
        self.running = False
        self.big = False
        self.seconds = 0.0
        self.seed = 0
        self.box: Callable[[], pygame.Rect | None] = lambda: None
        """Where the summary's box is now (``None``: not shown; the cheer draws nothing)."""
        self._pieces: tuple[tuple[int, int], list[Piece]] | None = None
        """The confetti for a window size, made at the first frame drawn."""
        self._tween: Tween | None = None

    def start(self, box: Callable[[], pygame.Rect | None], big: bool, seed: int) -> None:
        """Cheer round the box ``box`` gives (the summary's), bigger when ``big`` (the hand
        won the game too), its pieces' paths from ``seed`` — unless cards may not move (the
        ``instant`` speed)."""
        self.stop()
        factor = self.speed()
        if factor <= 0:
            return
        self.box, self.big, self.seed = box, big, seed
        self.seconds = CHEER_SECONDS[big] * factor
        self.progress, self.running = 0.0, True
        self._tween = self.anim.animate(self, self.seconds, self._over, tween="linear",
                                        progress=1.0)

    def _over(self) -> None:
        self.running = False
        self._pieces = self._tween = None

    def stop(self) -> None:
        """No cheer (a new hand, an undo): nothing more is drawn, nothing more moves."""
        if self._tween is not None:
            self.anim.cancel(self._tween)
        self._over()

    def pieces(self, size: tuple[int, int], box: pygame.Rect) -> list[Piece]:
        """The confetti for a window of ``size`` bursting from ``box``'s top corners: half
        from each, thrown up and outward, to drift down beside the box rather than over its
        words (the game's second half later)."""
        if self._pieces is not None and self._pieces[0] == size:
            return self._pieces[1]
        rng = random.Random(self.seed)
        h = size[1]
        count = CONFETTI[self.big]
        out = []
        for i in range(count):
            left = i % 2 == 0
            x = (box.left + 10 if left else box.right - 10) + rng.uniform(-8, 8)
            y = box.top + rng.uniform(-6, 6)
            angle = math.radians(rng.uniform(25, 80)) * (-1 if left else 1)  # from straight up
            v = rng.uniform(*LAUNCH_SPEED) * h
            late = self.big and i >= count // 2
            out.append(Piece(x, y, v * math.sin(angle), -v * math.cos(angle),
                             SECOND_BURST * self.seconds if late else 0.0,
                             rng.choice(CONFETTI_COLOURS), rng.uniform(*PIECE),
                             rng.uniform(-7, 7), rng.uniform(4, 11), rng.uniform(4, 14)))
        self._pieces = (size, out)
        return out

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The glow and stars round the summary's box, then the confetti (nothing once the
        cheer is over or without the summary)."""
        box = self.box() if self.running else None
        if box is None:
            return
        t = self.progress
        self._glow(surface, box, min(1.0, t * 6) * (1 - t))
        self._stars(surface, box, t)
        now = t * self.seconds
        shrink = 1.0 if t < SHRINK else (1 - t) / (1 - SHRINK)
        drift = DRIFT * rect.h
        for p in self.pieces(rect.size, box):
            age = now - p.start
            if age <= 0:
                continue
            spent = (1 - math.exp(-DRAG * age)) / DRAG
            x = p.x + p.vx * spent + p.sway * math.sin(p.turn * age)
            y = p.y + p.vy * spent + drift * (age - spent)
            self._piece(surface, x, y, p, age, shrink)

    @staticmethod
    def _piece(surface: pygame.Surface, x: float, y: float, p: Piece, age: float,
               shrink: float) -> None:
        """One piece: a small rectangle turning in the plane and flipping over (its width
        follows the flip), ``shrink`` times its size."""
        half_l = p.length * shrink / 2
        half_w = half_l * 0.5 * abs(math.cos(p.turn * age * 0.7)) + 0.5
        a = p.spin * age
        ca, sa = math.cos(a), math.sin(a)
        corners = [(x + ca * dx - sa * dy, y + sa * dx + ca * dy)
                   for dx, dy in ((-half_l, -half_w), (half_l, -half_w), (half_l, half_w),
                                  (-half_l, half_w))]
        pygame.draw.polygon(surface, p.colour, corners)

    @staticmethod
    def _glow(surface: pygame.Surface, box: pygame.Rect, strength: float) -> None:
        """Gold rings round ``box``, fainter outward, at ``strength`` (0 to 1)."""
        if strength <= 0:
            return
        room = GLOW_RINGS * GLOW_STEP + 2
        layer = pygame.Surface((box.w + 2 * room, box.h + 2 * room), pygame.SRCALPHA)
        inner = pygame.Rect(room, room, box.w, box.h)
        for i in range(GLOW_RINGS):
            alpha = round(GLOW_ALPHA * strength * (1 - i / GLOW_RINGS))
            grow = 2 * (i * GLOW_STEP + 2)
            pygame.draw.rect(layer, (*GOLD, alpha), inner.inflate(grow, grow), GLOW_STEP,
                             border_radius=PANEL_RADIUS + i * GLOW_STEP)
        surface.blit(layer, (box.left - room, box.top - room))

    def _stars(self, surface: pygame.Surface, box: pygame.Rect, t: float) -> None:
        """Four-pointed stars along the box's edge, each twinkling once in turn."""
        count = STARS[self.big]
        rng = random.Random(self.seed + 1)
        for i in range(count):
            edge = rng.random() * 2 * (box.w + box.h)
            x, y = _on_edge(box, edge)
            born = 0.05 + 0.6 * i / count
            k = (t - born) / 0.3
            if not 0 < k < 1:
                continue
            r = STAR_SIZE * math.sin(math.pi * k)
            q = r * 0.28
            pygame.draw.polygon(surface, (255, 244, 200), [
                (x, y - r), (x + q, y - q), (x + r, y), (x + q, y + q), (x, y + r),
                (x - q, y + q), (x - r, y), (x - q, y - q)])


def _on_edge(box: pygame.Rect, d: float) -> tuple[float, float]:
    """The point ``d`` pixels along ``box``'s edge, clockwise from its top left."""
    if d < box.w:
        return box.left + d, box.top
    d -= box.w
    if d < box.h:
        return box.right, box.top + d
    d -= box.h
    if d < box.w:
        return box.right - d, box.bottom
    return box.left, box.bottom - (d - box.w)


__all__ = ["Cascade", "Cheer", "cascade_cards"]
