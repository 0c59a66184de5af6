"""Small hand-made widgets: buttons, panels, tooltips."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from . import report
from .render import fonts
from .theme import (
    AS_GOOD,
    BUTTON_DISABLED,
    BUTTON_EDGE,
    BUTTON_FILL,
    BUTTON_HOVER,
    BUTTON_RADIUS,
    BUTTON_SELECTED,
    BUTTON_SIZE,
    DIALOG,
    DIALOG_SHADE,
    DIM_INK,
    GAP,
    GOLD,
    INK,
    LABEL_SIZE,
    NOTE,
    PANEL,
    PANEL_EDGE,
    PANEL_RADIUS,
)

LABEL_ROOM = 12
"""Pixels of a button's width kept free around its label."""
ROW_BUTTON_WIDTHS = (90, 200)
"""The narrowest and widest button :func:`layout_row` makes."""
ROW_LABEL_ROOM = 28
"""Pixels :func:`layout_row` adds to the widest label."""
ROW_BUTTON_HEIGHT = 40
TOOLTIP_WIDTH = 420
"""The widest a tooltip's text runs before it wraps."""
NOTE_PAD = (8, 5)
"""Pixels between a text box's edge and its text, across and down."""
NOTE_RADIUS = 6
"""The rounding of a text box's corners."""


@dataclass
class Button:
    """A clickable labelled box; ``action`` is called when it is pressed."""

    label: str
    action: Callable[[], Any]
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    hint: str = ""
    size: int = BUTTON_SIZE
    selected: bool = False
    """Drawn as switched on (a toggle's state)."""
    choice: Any = None
    """The engine action the button stands for, if any (the hint finds its button by it)."""
    reason: str | None = None
    """Set for a choice that may not be made now (learning mode shows it dimmed): why not.
    The button still calls ``action`` (which tells the reason); the table shows it on hover
    or keyboard focus (:attr:`tip`)."""
    note: str | None = None
    """A word about a choice that may be made but deserves a thought first (calling one's own
    card at the king call): shown like a reason on hover or keyboard focus, the button not
    dimmed."""

    @property
    def tip(self) -> str | None:
        """What shows on hover or keyboard focus: the reason, else the note."""
        return self.reason or self.note

    def draw(self, surface: pygame.Surface, hover: bool, focus: bool) -> None:
        """Draw the button (lit when hovered or focused by keyboard, dimmed when it carries
        a ``reason``)."""
        base = BUTTON_SELECTED if self.selected else BUTTON_FILL
        fill = BUTTON_HOVER if hover else base
        ink = INK
        if self.reason is not None:
            fill, ink = BUTTON_DISABLED, DIM_INK
        report.note(surface, report.BUTTON, self.rect, self.label)
        pygame.draw.rect(surface, fill, self.rect, border_radius=BUTTON_RADIUS)
        pygame.draw.rect(surface, GOLD if (focus or self.selected) else BUTTON_EDGE,
                         self.rect, width=3 if focus else 1, border_radius=BUTTON_RADIUS)
        label = fonts.fit(self.label, self.size, self.rect.w - LABEL_ROOM, ink, bold=True)
        surface.blit(label, label.get_rect(center=self.rect.center))


PREVIOUS_KEYS = (pygame.K_UP, pygame.K_LEFT)
NEXT_KEYS = (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_TAB)
PRESS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def fitted_button(label: str, action: Callable[[], Any], least: tuple[int, int], size: int,
                  midbottom: tuple[int, int], hint: str = "") -> Button:
    """A button at least ``least`` (width, height), as wide as its bold label at ``size``
    needs, its bottom centre at ``midbottom``."""
    width = max(least[0], fonts.font(size, True).size(label)[0] + 2 * LABEL_ROOM)
    rect = pygame.Rect(0, 0, width, least[1])
    rect.midbottom = midbottom
    return Button(label, action, rect, hint=hint, size=size)


def focus_keys(event: pygame.event.Event, buttons: list[Button], focus: int) -> int | None:
    """A column or row of ``buttons`` driven by the keyboard: the arrows and Tab move the
    focus, Enter and Space press the focused button. Returns the new focus, or ``None`` when
    ``event`` is not one of those keys (the caller handles it)."""
    if event.type != pygame.KEYDOWN or not buttons:
        return None
    if event.key in PREVIOUS_KEYS:
        return (focus - 1) % len(buttons)
    if event.key in NEXT_KEYS:
        return (focus + 1) % len(buttons)
    if event.key in PRESS_KEYS:
        buttons[focus].action()
        return focus
    return None


def clicked(event: pygame.event.Event, buttons: list[Button]) -> int | None:
    """The index of the button of ``buttons`` a left click lands on (``None``: the click
    missed them all, or ``event`` is not a left click). The caller focuses it, then presses
    it (its action may leave the scene)."""
    if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
        return None
    return next((i for i, b in enumerate(buttons) if b.rect.collidepoint(event.pos)), None)


def outline(surface: pygame.Surface, rect: pygame.Rect, radius: int = BUTTON_RADIUS) -> None:
    """The gold ring that marks a recommended card or button (the hint)."""
    pygame.draw.rect(surface, GOLD, rect.inflate(8, 8), width=4, border_radius=radius + 4)


def light_outline(surface: pygame.Surface, rect: pygame.Rect,
                  radius: int = BUTTON_RADIUS) -> None:
    """The thin pale ring that marks a card or button as good as the recommended one (the
    hint's alternatives): lighter than :func:`outline`."""
    pygame.draw.rect(surface, AS_GOOD, rect.inflate(4, 4), width=2, border_radius=radius + 2)


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, opaque: bool = False) -> None:
    """A dark rounded box: translucent over the felt, or ``opaque`` (a dialog: nothing under
    it shows through)."""
    report.note(surface, report.DIALOG if opaque else report.PANEL, rect)
    box = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(box, DIALOG if opaque else PANEL, box.get_rect(), border_radius=PANEL_RADIUS)
    pygame.draw.rect(box, PANEL_EDGE, box.get_rect(), width=2, border_radius=PANEL_RADIUS)
    surface.blit(box, rect.topleft)


def dim(surface: pygame.Surface, shade: tuple[int, int, int, int] = DIALOG_SHADE) -> None:
    """Darken the whole ``surface`` (what lies under a dialog)."""
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    layer.fill(shade)
    surface.blit(layer, (0, 0))
    report.note(surface, report.DIM, surface.get_rect())


def draw_dialog(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A dialog's ground: the whole window dimmed, then an opaque panel at ``rect`` — no text
    of what lies under it can be read through it."""
    dim(surface)
    draw_panel(surface, rect, opaque=True)


def row_button_width(buttons: list[Button]) -> int:
    """The width of each button :func:`layout_row` makes for ``buttons`` (their widest label's,
    within :data:`ROW_BUTTON_WIDTHS`)."""
    narrow, wide = ROW_BUTTON_WIDTHS
    label = max(fonts.font(BUTTON_SIZE, True).size(b.label)[0] for b in buttons)
    return max(narrow, min(wide, label + ROW_LABEL_ROOM))


def row_width(buttons: list[Button], gap: int = GAP) -> int:
    """The width :func:`layout_row` needs to put ``buttons`` in one row."""
    if not buttons:
        return 0
    return len(buttons) * (row_button_width(buttons) + gap) - gap


def row_count(buttons: list[Button], width: int, gap: int = GAP) -> int:
    """How many rows :func:`layout_row` puts ``buttons`` in within ``width`` pixels."""
    if not buttons:
        return 0
    per_row = max(1, min(len(buttons), (width + gap) // (row_button_width(buttons) + gap)))
    return -(-len(buttons) // per_row)


def layout_row(buttons: list[Button], centre_x: int, y: int, width: int,
               height: int = ROW_BUTTON_HEIGHT, gap: int = GAP) -> None:
    """Place ``buttons`` in rows of equal width centred on ``centre_x`` from ``y`` down,
    wrapping so no row is wider than ``width``."""
    if not buttons:
        return
    bw = row_button_width(buttons)
    per_row = max(1, min(len(buttons), (width + gap) // (bw + gap)))
    for i, b in enumerate(buttons):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(buttons) - row * per_row)
        left = centre_x - (in_row * bw + (in_row - 1) * gap) // 2
        b.rect = pygame.Rect(left + col * (bw + gap), y + row * (height + gap), bw, height)


def tooltip(surface: pygame.Surface, text: str, pos: tuple[int, int],
            size: int = LABEL_SIZE, width: int = TOOLTIP_WIDTH) -> pygame.Rect:
    """A one-or-two-line box near ``pos`` (its text wrapped at ``width``), kept inside the
    window; returns the box."""
    return text_box(surface, text, size, width, midbottom=pos)




def text_box_size(text: str, size: int, width: int) -> tuple[int, int]:
    """The size of the box :func:`text_box` draws for the same text, size and width."""
    surfs = [fonts.text(s, size, INK) for s in fonts.wrap(text, size, width)]
    across, down = NOTE_PAD
    return (max(s.get_width() for s in surfs) + 2 * across,
            sum(s.get_height() for s in surfs) + 2 * down)


def text_box(surface: pygame.Surface, text: str, size: int, width: int,
             colours: tuple[tuple[int, int, int], ...] = NOTE, alpha: int = 255,
             **place: tuple[int, int]) -> pygame.Rect:
    """``text`` wrapped to ``width`` pixels in a rounded box placed by one rect attribute
    (``midbottom=(x, y)``, ``topright=…``) and kept inside the window; ``colours`` are its
    fill, edge and ink; ``alpha`` below 255 fades it. Returns the box."""
    fill, edge, ink = colours
    surfs = [fonts.text(s, size, ink) for s in fonts.wrap(text, size, width)]
    r = pygame.Rect((0, 0), text_box_size(text, size, width))
    for attr, pos in place.items():
        setattr(r, attr, pos)
    r.clamp_ip(surface.get_rect())
    box = pygame.Surface(r.size, pygame.SRCALPHA)
    pygame.draw.rect(box, fill, box.get_rect(), border_radius=NOTE_RADIUS)
    pygame.draw.rect(box, edge, box.get_rect(), width=1, border_radius=NOTE_RADIUS)
    across, y = NOTE_PAD
    for s in surfs:
        box.blit(s, (across, y))
        y += s.get_height()
    if alpha < 255:
        box.set_alpha(alpha)
    surface.blit(report.tag(box, report.NOTE, text), r.topleft)
    return r
