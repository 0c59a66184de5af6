"""Small hand-made widgets: buttons, panels, tooltips."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from .render import fonts
from .theme import DIM_INK, GOLD, INK, NOTE, PANEL


@dataclass
class Button:
    """A clickable labelled box; ``action`` is called when it is pressed."""

    label: str
    action: Callable[[], Any]
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    hint: str = ""
    size: int = 18
    selected: bool = False
    """Drawn as switched on (a toggle's state)."""
    choice: Any = None
    """The engine action the button stands for, if any (the hint finds its button by it)."""
    reason: str | None = None
    """Set for a choice that may not be made now (learning mode shows it dimmed): why not.
    The button still calls ``action`` (which tells the reason); :func:`reason_tip` shows it
    on hover or keyboard focus."""

    def draw(self, surface: pygame.Surface, hover: bool, focus: bool) -> None:
        """Draw the button (lit when hovered or focused by keyboard, dimmed when it carries
        a ``reason``)."""
        base = (60, 110, 80) if self.selected else (34, 70, 50)
        fill = (70, 135, 95) if hover else base
        ink = INK
        if self.reason is not None:
            fill, ink = (40, 48, 44), DIM_INK
        pygame.draw.rect(surface, fill, self.rect, border_radius=8)
        pygame.draw.rect(surface, GOLD if (focus or self.selected) else (150, 170, 150),
                         self.rect, width=3 if focus else 1, border_radius=8)
        label = fonts.fit(self.label, self.size, self.rect.w - 12, ink, bold=True)
        surface.blit(label, label.get_rect(center=self.rect.center))


def reason_tip(surface: pygame.Surface, button: Button) -> None:
    """The tooltip above a dimmed ``button`` saying why it may not be chosen now."""
    if button.reason:
        tooltip(surface, button.reason, (button.rect.centerx, button.rect.top - 6), 15)


def outline(surface: pygame.Surface, rect: pygame.Rect, radius: int = 8) -> None:
    """The gold ring that marks a recommended card or button (the hint)."""
    pygame.draw.rect(surface, GOLD, rect.inflate(8, 8), width=4, border_radius=radius + 4)


def draw_panel(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A dark translucent rounded box."""
    box = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(box, PANEL, box.get_rect(), border_radius=12)
    pygame.draw.rect(box, (200, 180, 110, 255), box.get_rect(), width=2, border_radius=12)
    surface.blit(box, rect.topleft)


def layout_row(buttons: list[Button], centre_x: int, y: int, width: int, height: int = 40,
               gap: int = 10) -> None:
    """Place ``buttons`` in rows of equal width centred on ``centre_x`` from ``y`` down,
    wrapping so no row is wider than ``width``."""
    if not buttons:
        return
    bw = max(90, min(200, max(fonts.font(18, True).size(b.label)[0] + 28 for b in buttons)))
    per_row = max(1, min(len(buttons), (width + gap) // (bw + gap)))
    for i, b in enumerate(buttons):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(buttons) - row * per_row)
        left = centre_x - (in_row * bw + (in_row - 1) * gap) // 2
        b.rect = pygame.Rect(left + col * (bw + gap), y + row * (height + gap), bw, height)


def tooltip(surface: pygame.Surface, text: str, pos: tuple[int, int], size: int = 16) -> None:
    """A one-or-two-line box near ``pos``, kept inside the window."""
    text_box(surface, text, size, 420, midbottom=pos)




def text_box_size(text: str, size: int, width: int) -> tuple[int, int]:
    """The size of the box :func:`text_box` draws for the same text, size and width."""
    surfs = [fonts.text(s, size, INK) for s in fonts.wrap(text, size, width)]
    return (max(s.get_width() for s in surfs) + 16, sum(s.get_height() for s in surfs) + 10)


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
    pygame.draw.rect(box, fill, box.get_rect(), border_radius=6)
    pygame.draw.rect(box, edge, box.get_rect(), width=1, border_radius=6)
    y = 5
    for s in surfs:
        box.blit(s, (8, y))
        y += s.get_height()
    if alpha < 255:
        box.set_alpha(alpha)
    surface.blit(box, r.topleft)
    return r
