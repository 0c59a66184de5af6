"""The band of the end-of-hand summary that shows each side's winnings (:class:`~..piles.Pile`):
a column per side, its name over its cards (groups apart) or its tricks as small stacked
backs, and its total as a big number beside them with its words under it. South's side is
written in gold."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ..piles import Pile
from ..render import fonts
from ..render.cards import art
from ..theme import GOLD, INK, MUTED

CARD_H = 66
"""The height of a card in the band (its width from the cards' ratio)."""
CARD_RATIO = 0.7
WHO_SIZE = 18
BIG_SIZE = 40
UNDER_SIZE = 15
WHO_H = 26
"""The room of a side's name above its cards."""
HEIGHT = WHO_H + CARD_H + 10
"""The band's height."""
GROUP_GAP = 10
"""Pixels between two groups of cards."""
TRICK_STEP = 9
"""Pixels between two stacked tricks."""
CARD_STEP = 0.42
"""The most a card steps over the one before it, as a share of a card's width."""
BIG_ROOM = 96
"""The width a column keeps at its right for the big number and its words."""
BESIDE = 14
"""Pixels between the cards and the big number."""


def band_height(piles: Sequence[Pile]) -> int:
    """The height the band takes in the summary (0 without piles)."""
    return HEIGHT if piles else 0


def draw_piles(surface: pygame.Surface, rect: pygame.Rect, piles: Sequence[Pile],
               four_colour: bool = False) -> None:
    """``piles`` side by side across ``rect`` (the band's place in the summary's box)."""
    if not piles:
        return
    column = rect.w // len(piles)
    for i, pile in enumerate(piles):
        _draw_pile(surface, pygame.Rect(rect.left + i * column, rect.top, column, rect.h),
                   pile, four_colour)


def _draw_pile(surface: pygame.Surface, box: pygame.Rect, pile: Pile,
               four_colour: bool) -> None:
    colour = GOLD if pile.ours else INK
    who = fonts.fit(pile.who, WHO_SIZE, box.w - 8, colour, bold=True)
    surface.blit(who, who.get_rect(midtop=(box.centerx, box.top)))
    ch = CARD_H
    cw = round(ch * CARD_RATIO)
    a = art(cw, ch, four_colour)
    room = max(cw, box.w - BIG_ROOM - 8)
    cards = [c for g in pile.cards for c in g]
    gaps = max(0, len(pile.cards) - 1) * GROUP_GAP
    if cards:
        step = min(cw * CARD_STEP, max(2.0, (room - cw - gaps) / max(1, len(cards) - 1)))
        width = cw + step * (len(cards) - 1) + gaps
    else:
        step = TRICK_STEP
        width = cw + step * max(0, pile.tricks - 1) if pile.tricks else 0
    big = fonts.text(pile.big, BIG_SIZE, colour, bold=True)
    under = fonts.fit(pile.under, UNDER_SIZE, box.w - 8, MUTED)
    words_w = max(big.get_width(), under.get_width())
    beside = width + (BESIDE if width else 0)
    left = box.centerx - (beside + words_w) / 2
    top = box.top + WHO_H
    x = left
    for g, group in enumerate(pile.cards):
        if g:
            x += GROUP_GAP - step
        for card in group:
            surface.blit(a.face(card), (round(x), top))
            x += step
    for t in range(pile.tricks):
        surface.blit(a.back(), (round(left + t * step), top))
    centre = round(left + beside + words_w / 2)
    surface.blit(big, big.get_rect(midtop=(centre, top)))
    surface.blit(under, under.get_rect(midtop=(centre, top + BIG_SIZE + 4)))
