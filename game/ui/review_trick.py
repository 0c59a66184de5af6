"""One trick of the review drawn (:class:`~game.ui.scenes.review.ReviewScene`): its cards in
their seats' places — four or five, French Tarot's North-West and North-East above — each
with its seat, its place in the trick and, for the winner, a ring and "won"; the reviewed
seat's words in bold.

**Decision** (long words at the smallest window): every seat's words are fitted to the room
they have — North-West's and North-East's outwards to the area's edges, West's and East's
between the area's edge and South's card, on two lines when even the smallest text is too
wide — so that in French at five players ("Nord-Est · entame · remporte le pli") they neither
leave the area nor run into another card.
"""

from __future__ import annotations

import pygame

from ..engine import learning
from ..i18n import N_, _, say
from . import words
from .render import fonts
from .render.cards import art
from .theme import GOLD, INK, NOTE_SIZE

ORDINALS = (N_("led"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"))
"""Each card's place in a trick (message ids)."""
LABEL_GAP = 4
"""Between a card and its words."""


def card_size(area: pygame.Rect) -> tuple[int, int]:
    """The trick's card size for ``area``: the cross of four cards and their words must
    fit."""
    h = max(70, min(170, (area.h - 40) * 10 // 23, area.w * 10 // 36))
    return h * 7 // 10, h


def draw_trick(surface: pygame.Surface, area: pygame.Rect, trick: learning.ReviewTrick,
               reviewed: str, four_colour: bool) -> None:
    """Draw ``trick`` in ``area``; ``reviewed`` is the reviewed seat's letter."""
    cw, ch = card_size(area)
    a = art(cw, ch, four_colour)
    cx, cy = area.centerx, area.top + 22 + (area.h - 40) // 2
    side = cw * (17 if len(trick.cards) == 5 else 13) // 10
    high = cy - ch * 62 // 100
    spots = {"S": (cx, cy + ch * 62 // 100), "W": (cx - side, cy), "N": (cx, high),
             "NW": (cx - cw * 65 // 100, high), "NE": (cx + cw * 65 // 100, high),
             "E": (cx + side, cy)}
    south = pygame.Rect(0, 0, cw, ch)
    south.center = spots["S"]
    for k, (letter, card) in enumerate(trick.cards):
        rect = a.face(card).get_rect(center=spots[letter])
        surface.blit(a.face(card), rect)
        won = letter == trick.winner
        if won:
            pygame.draw.rect(surface, GOLD, rect.inflate(6, 6), width=3,
                             border_radius=a.radius + 3)
        label = (_("{seat} · {order} · won") if won else _("{seat} · {order}")).format(
            seat=say(words.seat_name(letter)), order=_(ORDINALS[k]))
        room = {"NW": rect.right - area.left, "NE": area.right - rect.left,
                "W": 2 * min(rect.centerx - area.left, south.left - LABEL_GAP - rect.centerx),
                "E": 2 * min(area.right - rect.centerx, rect.centerx - south.right - LABEL_GAP)}
        width, bold = room.get(letter, area.w), won or letter == reviewed
        shown = [fonts.fit(label, NOTE_SIZE, width, GOLD if won else INK, bold=bold)]
        if shown[0].get_width() > width:  # even the smallest text is too wide: two lines
            shown = [fonts.text(part, NOTE_SIZE, GOLD if won else INK, bold=bold)
                     for part in fonts.wrap(label, NOTE_SIZE, width, bold)]
        if "N" in letter:  # above the card (North-West's and North-East's outwards)
            y = rect.top - LABEL_GAP - sum(line.get_height() for line in shown)
        else:
            y = rect.bottom + LABEL_GAP
        for line in shown:
            where = line.get_rect(midtop=(rect.centerx, y))
            edge = {"NW": "right", "NE": "left"}.get(letter)
            if edge is not None:
                setattr(where, edge, getattr(rect, edge))
            surface.blit(line, where)
            y += line.get_height()
