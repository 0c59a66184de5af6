"""A French Tarot handful laid on the table for a moment: when any seat shows one — South or an
AI seat — its trumps are fanned beside that seat, readable, under a caption naming the seat and
the handful's level, for a couple of seconds (the table waits meanwhile: it is an animation's
timer, so a click on the felt or Space ends it, as it ends any animation).

**Decision**: the shown trumps are drawn at the trick's card size, overlapping so that each
card's corner (its number) shows, strongest first as South's hand sorts them; the fan narrows
to fit the window (at three players a triple handful is eighteen trumps)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ...i18n import _
from .. import order, words
from ..anim import Animator
from ..layout import Table
from ..render import fonts
from ..render.cards import CardArt
from ..theme import GOLD
from ..widgets import draw_panel
from .model import TableModel

HOLD_SECONDS = 2.5
"""How long a shown handful stays (times the speed factor, at least :data:`SLOWEST` of it)."""
SLOWEST = 0.8
"""The least speed factor for the hold: fast animation still leaves the trumps readable."""
STEP_SHARE = 0.42
"""The fan shows this share of each card's width (its corner, with the number)."""
WIDTH_SHARE = 0.7
"""The fan keeps within this share of the window's width."""
PAD = 10
CAPTION_TEXT = 17
CAPTION_GAP = 6
"""Pixels between the caption and the cards."""
SEAT_GAP = 16
"""Pixels between the seat's cards (or label) and the panel."""
EDGE = 8
"""The panel keeps this far inside the window."""


class ShownHandful:
    """The handful on show, if any: drawn over the middle of the table near its seat.
    ``art`` gives card pictures at a size (South's deck colours); ``seat_centre`` where a
    seat's cards lie."""

    def __init__(self, model: TableModel, anim: Animator, speed: Callable[[], float],
                 art: Callable[[tuple[int, int]], CardArt],
                 seat_centre: Callable[[int], tuple[int, int]]) -> None:
        self.model = model
        self.anim = anim
        self.speed = speed
        self.art = art
        self.seat_centre = seat_centre
        self.geo = Table((0, 0))
        self.current: tuple[int, tuple[str, ...]] | None = None
        """The seat and the cards on show."""
        self.rect = pygame.Rect(0, 0, 0, 0)
        """Where the panel was last drawn (empty while nothing shows)."""
        self.seat_box: Callable[[int], pygame.Rect | None] = lambda seat: None
        """Where a seat's cards and label lie (the seats'): the panel keeps clear of them."""

    def show(self, seat: int, cards: Sequence[str]) -> None:
        """``seat`` showed ``cards``: lay them out for a moment (the table is busy meanwhile:
        the AI waits, a click ends it)."""
        self.current = (seat, tuple(order.sort_hand(self.model.game, cards, None)))
        speed = self.speed()
        shown = self.current

        def over() -> None:
            if self.current is shown:
                self.current = None

        self.anim.after(HOLD_SECONDS * max(speed, SLOWEST) if speed > 0 else 0.0, over)

    def clear(self) -> None:
        """Nothing on show (a new hand, an undo)."""
        self.current = None

    def caption(self) -> str:
        """"North: Single handful" in the current language (the level at this table)."""
        assert self.current is not None
        seat, cards = self.current
        return _("{seat}: {handful}").format(
            seat=words.seat_name(seat, self.model.table),
            handful=words.handful_name(len(cards), self.model.table.size))

    def place(self, size: tuple[int, int]) -> pygame.Rect:
        """Where a panel of ``size`` goes for the seat on show, clear of its cards and label
        (:attr:`seat_box`): beside West's or East's (toward the middle), below a northern
        seat's, above South's label; inside the window."""
        assert self.current is not None
        seat = self.current[0]
        letter = self.model.table.letters[seat]
        cx, cy = self.seat_centre(seat)
        sw, sh = self.geo.small
        seat_box = self.seat_box(seat) or pygame.Rect(cx - sw, cy - sh // 2, 2 * sw, sh)
        box = pygame.Rect((0, 0), size)
        if letter == "S":
            box.midbottom = (self.geo.size[0] // 2, seat_box.top - SEAT_GAP)
        elif letter == "W":
            box.midleft = (seat_box.right + SEAT_GAP, cy)
        elif letter == "E":
            box.midright = (seat_box.left - SEAT_GAP, cy)
        else:  # North, North-West, North-East: below the cards and their label
            box.midtop = (cx, seat_box.bottom + SEAT_GAP)
        return box.clamp(pygame.Rect((0, 0), self.geo.size).inflate(-2 * EDGE, -2 * EDGE))

    def draw(self, surface: pygame.Surface) -> None:
        """The panel with the caption and the fanned trumps (nothing when none shows)."""
        if self.current is None:
            self.rect = pygame.Rect(0, 0, 0, 0)
            return
        cards = self.current[1]
        art = self.art(self.geo.trick_card)
        n = len(cards)
        room = int(self.geo.size[0] * WIDTH_SHARE) - 2 * PAD
        step = min(int(art.w * STEP_SHARE), (room - art.w) // max(1, n - 1))
        fan_w = art.w + step * (n - 1)
        cap = fonts.fit(self.caption(), CAPTION_TEXT, max(fan_w, room // 2), GOLD, bold=True)
        w = max(fan_w, cap.get_width()) + 2 * PAD
        h = PAD + cap.get_height() + CAPTION_GAP + art.h + PAD
        box = self.place((w, h))
        self.rect = box
        draw_panel(surface, box)
        surface.blit(cap, cap.get_rect(midtop=(box.centerx, box.top + PAD)))
        x0 = box.centerx - fan_w // 2
        top = box.top + PAD + cap.get_height() + CAPTION_GAP
        for k, name in enumerate(cards):
            surface.blit(art.face(name), (x0 + k * step, top))
