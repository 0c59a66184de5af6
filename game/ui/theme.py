"""The look of the game, named once: colours, text sizes and the spacing shared by screens.

Every colour a screen draws with comes from here, and every text size and distance that more
than one screen uses; a module that needs a size or a distance of its own names it where it
computes its layout.
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

# -- buttons, panels and shades ---------------------------------------------------------------
BUTTON_FILL: Colour = (34, 70, 50)
"""A button at rest (also the review's step boxes)."""
BUTTON_SELECTED: Colour = (60, 110, 80)
"""A toggle button switched on."""
BUTTON_HOVER: Colour = (70, 135, 95)
"""A button under the pointer (a lit step box)."""
BUTTON_DISABLED: Colour = (40, 48, 44)
"""A choice that may not be made now (learning mode)."""
BUTTON_EDGE: Colour = (150, 170, 150)
"""The thin edge of a button neither focused nor selected."""
PANEL_EDGE = (200, 180, 110, 255)
"""The edge of a translucent panel."""
SCROLL_TRACK: Colour = (50, 80, 60)
"""The track of a page's scroll bar (the thumb is gold)."""
SHADE = (0, 0, 0, 110)
"""Darkens what is under a menu."""
DEEP_SHADE = (0, 0, 0, 130)
"""Darkens what is under a question that must be answered."""
PLAIN_TEXT: Colour = (240, 240, 230)
"""The ink of text drawn without a colour of its own."""

# -- text sizes (pixels) -----------------------------------------------------------------------
HEADLINE_SIZE = 44
"""The game's name on the main menu."""
TITLE_SIZE = 28
"""A page's title."""
PANEL_TITLE_SIZE = 26
"""The title of a menu over the table or of the review."""
HEADING_SIZE = 20
"""A heading inside a page (the review's step)."""
BODY_SIZE = 18
"""Running text: a question, a message."""
BUTTON_SIZE = 18
"""A button's label."""
SUBTITLE_SIZE = 17
"""A line under a title, a caption."""
SMALL_BUTTON_SIZE = 16
"""The label of a page's tabs and of secondary buttons."""
LABEL_SIZE = 16
"""A short line of information (a tooltip, the review's info line)."""
NOTE_SIZE = 15
"""A note or a compact button."""
HINT_SIZE = 14
"""The keys hint at the bottom of a page."""
FINE_SIZE = 13
"""The smallest text: step numbers, a keys hint squeezed between buttons."""

# -- spacing (pixels) --------------------------------------------------------------------------
MARGIN = 20
"""Between a panel's edge and its content."""
GAP = 10
"""Between neighbouring buttons."""
BUTTON_RADIUS = 8
"""The rounding of a button's corners."""
PANEL_RADIUS = 12
"""The rounding of a panel's corners."""

# -- card art beyond the faces' inks -----------------------------------------------------------
CARD_SHADE = (20, 30, 25, 120)
"""Laid over a card that may not be played."""
TRUMP_BAND: Colour = (225, 210, 170)
"""The band behind a Tarot trump's numeral."""
TRUMP_BAND_EDGE: Colour = (150, 120, 60)
"""The band's edge and the stars above and below it."""
EXCUSE_STAR: Colour = (170, 40, 120)
"""The Excuse's star."""
BACK_FILL: Colour = (35, 55, 130)
BACK_PATTERN: Colour = (90, 120, 200)
"""The lattice on the card back."""
BACK_RIM: Colour = (200, 190, 140)

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
