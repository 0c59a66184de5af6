"""The shape every part of the table shares (Tuxemon's scenes in small): it takes the input
meant for it, follows the time, and draws itself within a rect of the window."""

from __future__ import annotations

import pygame


class Widget:
    """One part of the table."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Take ``event`` if it is meant for this part; True when it was used."""
        return False

    def update(self, dt: float) -> None:
        """Follow the table by ``dt`` seconds (lay out again what changed)."""

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw the part within ``rect`` (the window's rect: each part places itself)."""
        raise NotImplementedError
