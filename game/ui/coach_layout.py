"""Where the learning mode's parts sit on the table and how big they are (:mod:`.coach`): the
switches' row, Hint and Undo, the hint's bubble and the play checker's note."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from .render import fonts
from .widgets import LABEL_ROOM

NOTE_SECONDS = 7.0
"""How long a play-checker note stays (its last second fades)."""
NOTE_FADE = 1.0
"""The note fades out over its last second (the table draws every frame meanwhile)."""
TOP_ROW = 54
"""The y of the learning switches' row (under the Menu / Last trick row)."""
BUTTON_H = 34
LEARNING_W = 130
"""The least width of the Learning switch (at the right edge, under Menu); wider when its
label needs it (French "Apprentissage : oui")."""
TRACKER_W = 110
"""The width of the Tracker switch (left of Learning, under Last trick)."""
SIDE_W = 100
"""The width of the Hint and Undo buttons (at the left, above "You")."""
EDGE = 16
"""The learning buttons' distance from the window's sides."""
GAP = 8
"""The space between two learning buttons, and around South's label."""
LABEL_H = 24
"""The height kept for South's label under Hint and Undo."""
BUTTON_TEXT = 16
NOTE_ZONE = 76
"""The height kept above the hand at the right for the checker's note."""
TRACKER_GAP = 10
"""The tracker starts this far under the learning switches."""
BUBBLE_TEXT = 16
BUBBLE_W = 440
"""The hint's bubble: text size and wrapping width."""
BUBBLE_GAP = 10
"""Pixels between the hint's bubble and what it points at (card or button)."""
BELOW_PANEL = 24
"""The hint's bubble for a panel's button sits this far below the panel's buttons."""
SIDE_LABELS = 240
"""The width of West's and East's labels, which the hint's bubble keeps clear of."""
NOTE_TEXT = 15
NOTE_WIDTHS = (340, 460)
"""The checker's note wraps at the first width, the second when it would reach East's label."""
NOTE_ALPHA = 235
"""The checker's note's opacity (before it fades)."""
UNDER_EAST = 34
"""The checker's note keeps this far below East's cards (under East's label)."""


def learning_width(labels: tuple[str, ...]) -> int:
    """The Learning switch's width: :data:`LEARNING_W`, or more so that the longer of its
    ``labels`` (on, off) is drawn at full size."""
    widest = max(fonts.font(BUTTON_TEXT, bold=True).size(label)[0] for label in labels)
    return max(LEARNING_W, widest + LABEL_ROOM)


def note_place(size: Callable[[int], tuple[int, int]], right: int, lowest: int, floor: int,
               high: tuple[int, int] | None,
               avoid: Sequence[pygame.Rect]) -> tuple[int, pygame.Rect]:
    """Where the checker's note goes and the width its text wraps at (``size`` gives its box
    for a width), its right edge at ``right``: just above the raised hand (its bottom at
    ``lowest``) and below ``floor`` (East's label and words), at the narrow width, else the
    wide one. When it fits there at neither or would cover one of ``avoid`` (the row of
    optional declarations, the trick, the claim's button), between ``high`` (top, bottom: under
    the learning switches, above East's cards) when given and clear; else as low as ``floor``
    lets it.

    **Decision** (issue 25): the note never covers the hand, East's label or its words while
    there is room elsewhere; with none (a 36-card hand at 1024×600, a long note) it keeps
    below East's label as before and the layout test says so."""
    def placed(width: int, bottom: int) -> pygame.Rect:
        box = pygame.Rect((0, 0), size(width))
        box.bottomright = (right, bottom)
        return box

    def clear(box: pygame.Rect) -> bool:
        return not any(box.colliderect(r) for r in avoid)

    for width in NOTE_WIDTHS:
        box = placed(width, lowest)
        if box.top >= floor and clear(box):
            return width, box
    for width in NOTE_WIDTHS if high is not None else ():
        assert high is not None
        box = placed(width, high[1])
        for r in sorted(avoid, key=lambda r: -r.bottom):
            if box.colliderect(r):
                box.bottom = r.top - GAP  # up, above the trick's card it would cover
        if box.top >= high[0] and clear(box):
            return width, box
    box = placed(NOTE_WIDTHS[1], lowest)
    box.bottom = max(lowest, floor + box.h)
    return NOTE_WIDTHS[1], box
