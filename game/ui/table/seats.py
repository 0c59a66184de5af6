"""The seats around the table: the three AI seats' card backs, every seat's name and role, the
mark of the seat to act, and what each seat says (speech bubbles)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from .. import words
from ..layout import MARGIN, Table
from ..render import fonts
from ..theme import BUBBLE, GOLD, INK
from .model import TableModel
from .widget import Widget

if TYPE_CHECKING:
    from .hand import HandWidget

SPEECH_SECONDS = 2.5
"""How long a seat's words stay (times the speed factor, at least 0.6 of it)."""
SLOWEST_SPEECH = 0.6
"""The least speed factor for the words' time: fast animation still leaves them readable."""
MAX_BACKS = 12
"""The most card backs drawn for one seat (the count is written beside them)."""
BACK_STEP = (4, 6)
"""The step between a seat's card backs: the larger of these pixels and a card's width over
the number."""
TURN_LINE = 2
TURN_RADIUS = 6
LABEL_GAP = 14
"""Pixels between North's cards and its label (at their right)."""
BELOW_CARDS = 6
"""Pixels between West's or East's cards and their label (below them)."""
ABOVE_HAND = 8
"""Pixels between South's label and the top of its hand."""
EDGE = 12
"""The seats keep this far from the window's sides."""
LABEL_CLEARANCE = (-24, -12)
"""A label stays inside the window shrunk by this."""
TURN_RING = (12, 6)
"""The turn's outline is the label grown by this."""
EAST_CLEARANCE = 16
"""East keeps this far left of the card tracker."""
EAST_HALF_WIDTH = 70
"""The least half width kept for East's cards beside the tracker."""
BUBBLE_GAP = 10
"""Pixels between a label and its seat's bubble."""
LABEL_TEXT = 17
BUBBLE_TEXT = 18
SOUTH_BUBBLE_GAP = 16
"""South's bubble sits this far right of its label."""
BUBBLE_PAD = (16, 10)
BUBBLE_RADIUS = 10
NO_HAND = 150
"""With no card in South's hand, South's label sits this far above the window's bottom."""


class SeatsWidget(Widget):
    """The four seats' labels and the AI seats' cards, beside South's hand ``fan``.
    ``east_limit`` gives the x East's cards must stay left of (the card tracker's left edge),
    or ``None``; ``busy`` says cards are moving (no seat is marked to act then); ``clock`` is
    the table's time."""

    def __init__(self, model: TableModel, fan: HandWidget, speed: Callable[[], float],
                 clock: Callable[[], float], busy: Callable[[], bool],
                 east_limit: Callable[[], int | None]) -> None:
        self.model = model
        self.fan = fan
        self.speed = speed
        self.clock = clock
        self.busy = busy
        self.east_limit = east_limit
        self.geo = Table((0, 0))
        self.bubbles: dict[int, tuple[str, float]] = {}

    def resize(self, geo: Table) -> None:
        """The window's geometry changed."""
        self.geo = geo

    def said(self, seat: int, speech: str | None) -> None:
        """``seat`` says ``speech`` (a bubble for a while)."""
        if speech:
            until = self.clock() + SPEECH_SECONDS * max(self.speed(), SLOWEST_SPEECH)
            self.bubbles[seat] = (speech, until)

    def centre(self, seat: int) -> tuple[int, int]:
        """Where ``seat``'s cards are drawn and fly from: the layout's place, except that East
        moves left of the card tracker while the tracker is open (it would hide East's
        cards and label)."""
        cx, cy = self.geo.seat_pos[seat]
        limit = self.east_limit() if seat == 3 else None
        if limit is not None:
            half = max(self.geo.small[0] * 2, EAST_HALF_WIDTH)
            cx = min(cx, limit - EAST_CLEARANCE - half)
        return cx, cy

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The seats within the window ``rect``: no more cards each than South's hand shows
        while the deal animation runs; the seat to act (when nothing moves) outlined; South's
        label above its hand."""
        small = self.fan.art(self.geo.small)
        now = self.clock()
        dealt = self.fan.shown if self.fan.dealing else None
        turn = self.model.hand.to_act if not self.busy() else None
        counts = self.model.seat_counts()
        roles = self.model.roles()
        for seat in (1, 2, 3):
            cx, cy = self.centre(seat)
            n = counts[seat] if dealt is None else min(counts[seat], dealt)
            shown_n = min(n, MAX_BACKS)
            step = max(BACK_STEP[0], small.w // BACK_STEP[1])
            width = small.w + step * max(0, shown_n - 1)
            x0 = max(EDGE, min(rect.w - EDGE - width, cx - width // 2))
            for k in range(shown_n):
                surface.blit(small.back(), (x0 + k * step, cy - small.h // 2))
            label = words.seat_name(seat) + (f"  ·  {n}" if n else "")
            if roles.get(seat):
                label += "  ·  " + roles[seat]
            ls = fonts.text(label, LABEL_TEXT, INK, bold=True)
            if seat == 2:
                pos = ls.get_rect(midleft=(cx + max(width, small.w) // 2 + LABEL_GAP, cy))
            else:
                pos = ls.get_rect(midtop=(cx, cy + small.h // 2 + BELOW_CARDS))
            pos.clamp_ip(rect.inflate(*LABEL_CLEARANCE))
            self._draw_label(surface, ls, pos, seat, turn, now)
        label = "You" + ("  ·  " + roles[0] if roles.get(0) else "")
        ls = fonts.text(label, LABEL_TEXT, INK, bold=True)
        hand_top = self.fan.top(rect.h - NO_HAND)
        self._draw_label(surface, ls, ls.get_rect(bottomleft=(MARGIN, hand_top - ABOVE_HAND)), 0,
                         turn, now)

    def _draw_label(self, surface: pygame.Surface, text: pygame.Surface, pos: pygame.Rect,
                    seat: int, turn: int | None, now: float) -> None:
        if turn == seat:
            pygame.draw.rect(surface, GOLD, pos.inflate(*TURN_RING), width=TURN_LINE,
                             border_radius=TURN_RADIUS)
        surface.blit(text, pos)
        self._draw_bubble(surface, seat, pos, now)

    def _draw_bubble(self, surface: pygame.Surface, seat: int, anchor: pygame.Rect,
                     now: float) -> None:
        b = self.bubbles.get(seat)
        if b is None or now > b[1]:
            return
        fill, edge, ink = BUBBLE
        s = fonts.text(b[0], BUBBLE_TEXT, ink, bold=True)
        r = s.get_rect()
        if seat == 1:
            r.topleft = (anchor.left, anchor.bottom + BUBBLE_GAP)
        elif seat == 3:
            r.topright = (anchor.right, anchor.bottom + BUBBLE_GAP)
        elif seat == 2:
            r.midtop = (anchor.centerx, anchor.bottom + BUBBLE_GAP)
        else:
            r.bottomleft = (anchor.right + SOUTH_BUBBLE_GAP, anchor.bottom)
        box = r.inflate(*BUBBLE_PAD)
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, fill, box, border_radius=BUBBLE_RADIUS)
        pygame.draw.rect(surface, edge, box, width=2, border_radius=BUBBLE_RADIUS)
        surface.blit(s, s.get_rect(center=box.center))
