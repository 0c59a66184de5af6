"""Helpers for the page scenes' tests: open a page from the main menu with posted events, click
inside a scrolled page, and check that every drawn line fits the window."""

from __future__ import annotations

import pygame
from ui_driver import click

from game.ui.app import App
from game.ui.scenes.page import PageScene


def menu_click(app: App, label: str) -> None:
    """Click the button labelled ``label`` in the scene on top (a menu or button column)."""
    app.step(0.0)
    top = app.top
    items = getattr(top, "items", [])
    for item in items:
        b = item[0] if isinstance(item, tuple) else item
        if b.label == label:
            click(app, b.rect.center)
            return
    raise AssertionError(f"no button {label!r} in {type(top).__name__}: "
                         f"{[(i[0] if isinstance(i, tuple) else i).label for i in items]}")


def content_click(app: App, page: PageScene, rect: pygame.Rect) -> None:
    """Scroll content ``rect`` into view and click its centre."""
    page.reveal(rect)
    pos = (page.view.left + rect.centerx, page.view.top - page.scroll + rect.centery)
    assert page.view.collidepoint(pos), f"{rect} is not in view"
    click(app, pos)


def wheel(app: App, y: int) -> None:
    """One mouse-wheel notch: ``y`` 1 up, -1 down."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False,
                                         precise_x=0.0, precise_y=float(y)))
    app.step(0.0)


def assert_fits(app: App, page: PageScene,
                lines: list[tuple[pygame.Surface, int]]) -> None:
    """Every ``(surface, left in content coordinates)`` fits inside the content area, which
    lies inside the window."""
    window = pygame.Rect((0, 0), app.screen.get_size())
    assert window.contains(page.panel) and page.panel.contains(page.view)
    for surf, left in lines:
        assert left >= 0 and left + surf.get_width() <= page.view.w, \
            f"a line {surf.get_width()} px wide at {left} overflows {page.view.w} px"
