"""The look of the game, named once: colours, and the sizes and spacing shared by screens.

Every colour a screen draws with comes from here; a module that needs a size or a distance of
its own names it where it computes its layout.
"""

from __future__ import annotations

Colour = tuple[int, int, int]

# -- text and panels -------------------------------------------------------------------------
INK: Colour = (240, 238, 225)
"""Ordinary text on the felt and on panels."""
GOLD: Colour = (235, 200, 90)
"""Titles, focus and selection outlines, the edge of panels."""
DIM_INK: Colour = (150, 150, 140)
"""Text of a button that cannot be pressed now."""
MUTED: Colour = (160, 170, 160)
"""Secondary text (the review's notes)."""
PANEL = (16, 40, 28, 225)
"""The translucent fill of panels over the felt."""
BACKING: Colour = (16, 40, 28)
"""An opaque fill under a panel, so that what it covers does not show through its text."""
GREY: Colour = (125, 135, 125)
"""Cards gone (the card tracker)."""
BUBBLE: tuple[Colour, Colour, Colour] = ((250, 244, 215), (120, 100, 60), (30, 30, 30))
"""Fill, edge and ink of a speech bubble (the seats' words, the hint)."""
NOTE: tuple[Colour, Colour, Colour] = ((30, 30, 30), GOLD, INK)
"""Fill, edge and ink of a tooltip or a note."""

# -- the review's marks ----------------------------------------------------------------------
DIFFERS: Colour = (235, 120, 60)
"""The mark of a decision the strong player would have made otherwise."""
AGREES: Colour = (120, 200, 130)
"""The mark of a decision the strong player agrees with."""

# -- the felt --------------------------------------------------------------------------------
FELT_CENTRE: Colour = (28, 112, 64)
FELT_EDGE: Colour = (10, 58, 34)

# -- cards -----------------------------------------------------------------------------------
CARD_WHITE: Colour = (250, 248, 240)
CARD_CREAM: Colour = (246, 238, 214)
CARD_BLACK: Colour = (25, 25, 30)
CARD_RED: Colour = (200, 30, 40)
CARD_BLUE: Colour = (30, 80, 200)
"""Diamonds in the four-colour deck."""
CARD_GREEN: Colour = (20, 130, 60)
"""Clubs in the four-colour deck."""
CARD_BORDER: Colour = (120, 120, 120)

# -- the table (game/ui/table/) --------------------------------------------------------------
DROP_ZONE: Colour = (255, 230, 140)
"""The zone a dragged card is dropped on (drawn translucent, brighter when the card is over
it)."""
