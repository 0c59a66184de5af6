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
AS_GOOD: Colour = (200, 165, 75)
"""The thin outline of a card or button the hint counts as good as the one it names (a
duller gold than the hinted one's ring, and thinner)."""

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
TRUMP_FRAME: Colour = (150, 120, 60)
"""The frame round a Tarot trump's picture and the Excuse's."""
EXCUSE_STAR: Colour = (170, 40, 120)
"""The Excuse's corner star."""

CARD_BACKS: dict[str, tuple[Colour, Colour, Colour]] = {
    "blue": ((35, 55, 130), (90, 120, 200), (200, 190, 140)),
    "red": ((140, 30, 40), (210, 90, 90), (225, 200, 150)),
    "green": ((25, 90, 60), (90, 170, 120), (215, 200, 140)),
    "black": ((30, 30, 36), (110, 110, 125), (200, 170, 90)),
}
"""Each card back the player may choose (Settings): its fill, its pattern and its rim. The
names are ``storage.CARD_BACKS``."""

# -- the felt --------------------------------------------------------------------------------
FELTS: dict[str, tuple[Colour, Colour]] = {
    "green": ((28, 112, 64), (10, 58, 34)),
    "blue": ((30, 84, 130), (10, 36, 66)),
    "red": ((128, 36, 40), (60, 14, 18)),
    "grey": ((92, 98, 100), (38, 42, 44)),
}
"""Each felt the player may choose (Settings): the colour at its centre and at its edge. The
names are ``storage.FELTS``."""
FELT_CENTRE, FELT_EDGE = FELTS["green"]
"""The default felt (the icon's)."""

# -- the pictures on trumps and court cards (game/ui/render/) ---------------------------------
SCENE_LINE: Colour = (45, 35, 30)
"""The outline of every figure in a picture."""
SCENE_DAY: Colour = (196, 222, 236)
SCENE_DUSK: Colour = (236, 200, 150)
SCENE_NIGHT: Colour = (40, 52, 96)
SCENE_GROUND: Colour = (150, 180, 100)
SCENE_EARTH: Colour = (150, 110, 70)
SCENE_WATER: Colour = (70, 120, 170)
SCENE_SNOW: Colour = (240, 244, 250)
SCENE_SKIN: Colour = (240, 205, 170)
SCENE_GOLD: Colour = (225, 175, 50)
SCENE_RED: Colour = (190, 50, 50)
SCENE_BLUE: Colour = (60, 90, 170)
SCENE_GREEN: Colour = (60, 130, 70)
SCENE_PURPLE: Colour = (120, 60, 130)
SCENE_BROWN: Colour = (110, 75, 45)
SCENE_GREY: Colour = (150, 150, 150)
SCENE_WHITE: Colour = (250, 248, 240)
"""The palette of the trumps' scenes, the Excuse and the court figures."""

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

# -- the table look: dialogs and whose turn it is ----------------------------------------------
DIALOG: Colour = (18, 44, 31)
"""The opaque fill of a dialog (menus over the table, the summary, the last trick, a
question): nothing under it shows through."""
DIALOG_SHADE = (0, 0, 0, 160)
"""Dims the whole window under a dialog (each dialog over another dims it once more)."""
TURN_GLOW: Colour = (255, 214, 90)
"""The glow of the label of the seat to act ("Your turn", a seat thinking)."""
TURN_INK: Colour = (30, 26, 10)
"""The text of South's lit "Your turn" label."""
THINKING_DOT: Colour = (175, 160, 120)
"""The resting dots of an AI seat's thinking bubble (the rising one takes the bubble's ink)."""

# -- the statistics page's plot (game/ui/plot.py) ----------------------------------------------
PLOT_LINE: Colour = GOLD
"""The line of results over time."""
PLOT_AXIS: Colour = (150, 170, 150)
"""The plot's axes and their ticks."""
PLOT_GUIDE: Colour = (60, 95, 72)
"""The plot's faint level lines (at half and at the top)."""
PLOT_FILL = (235, 200, 90, 40)
"""The faint fill under the plot's line."""
PLOT_LINE_WIDTH = 2
"""The thickness of the plot's line, in pixels."""
PLOT_DOT: Colour = (190, 200, 185)
"""A single result's dot under the plot's line (the deal of the day's difference from par on
one day, under the running mean)."""
CONFETTI_COLOURS: tuple[Colour, ...] = (GOLD, (226, 78, 72), (86, 146, 232), (96, 204, 124),
                                        (246, 244, 232), (232, 124, 204))
"""The won hand's confetti (:mod:`game.ui.celebrate`): gold, then red, blue, green, cream and
pink pieces."""
