"""The layout report: what a frame drew where, and what lies on top of what.

A scene draws as always; drawn onto a :class:`Recorder` (a window-sized surface) instead of the
screen, every blit of a *tagged* surface — any text :func:`.render.fonts.text` makes, a card's
face or back, a text box — and every widget that says so with :func:`note` (a button, a panel,
a dialog, the dimming under a dialog, a bubble) becomes an :class:`Item` of the report, in
drawing order. :func:`problems` then names every item that lies outside its dialog or the
window, runs over the edge of a panel, or covers another item (a card may cover a card; text
and buttons lie inside their panel; a label inside its button).

**Decision** (issue 25): one mechanism for every scene, at the drawing primitives — no scene
keeps a list of its own. The tags live in a weak mapping keyed by the surface (a property of
the surface, gone with it); drawing on an ordinary surface records nothing and costs one
``isinstance`` per :func:`note`.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

import pygame

TEXT, NOTE, CARD = "text", "note", "card"
"""Things drawn (they may not be covered, except a card by a card)."""
BUTTON, PANEL, DIALOG, BUBBLE = "button", "panel", "dialog", "bubble"
"""Boxes things are drawn in (what lies wholly inside them is theirs)."""
DIM = "dim"
"""The window darkened under a dialog: what was drawn before lies under it."""
CONTAINERS = frozenset({BUTTON, PANEL, DIALOG, BUBBLE})
SHOWN = 3
"""A problem names at most this many of the items one item lies on."""
SLACK = 1
"""Pixels two items may share at an edge (anti-aliased rounding) without covering."""

_tags: weakref.WeakKeyDictionary[pygame.Surface, tuple[str, str]] = \
    weakref.WeakKeyDictionary()


@dataclass(frozen=True)
class Item:
    """One thing drawn: its ``kind``, where (the ink of a text, the box of the rest, clipped
    to where it could show) and its words (a text's, a button's label; ``""`` for a card)."""

    kind: str
    rect: pygame.Rect
    text: str = ""
    clipped: bool = False
    """Cut by the clip (a scrolled page's line half out of view): it may end anywhere."""

    def __str__(self) -> str:
        r = self.rect
        words = f" {self.text!r}" if self.text else ""
        return f"{self.kind}{words} at ({r.x}, {r.y}, {r.w}×{r.h})"


def tag(surface: pygame.Surface, kind: str, text: str = "") -> pygame.Surface:
    """Mark ``surface`` as showing ``kind`` (:data:`TEXT`, :data:`CARD`, :data:`NOTE`) with
    ``text``: a :class:`Recorder` reports where it is blitted. Returns ``surface``."""
    _tags[surface] = (kind, text)
    return surface


def note(surface: pygame.Surface, kind: str, rect: pygame.Rect, text: str = "") -> None:
    """``surface`` shows a ``kind`` at ``rect`` (a button and its label, a panel, a dialog,
    :data:`DIM` over the whole window): reported when ``surface`` records, else nothing."""
    if isinstance(surface, Recorder):
        surface.add(kind, pygame.Rect(rect), text)


class Recorder(pygame.Surface):
    """A surface that keeps the :class:`Item` of every tagged blit and every :func:`note`
    (a subsurface reports to its root, in the root's coordinates)."""

    items: list[Item]

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.items = []

    def root(self) -> Recorder:
        """The recording surface this one is part of."""
        parent = self.get_abs_parent()
        return parent if isinstance(parent, Recorder) else self

    def add(self, kind: str, rect: pygame.Rect, text: str = "") -> None:
        """Report ``kind`` at ``rect`` (this surface's coordinates), cut to the clip when one
        is set (not to the window: what runs out of it is reported whole)."""
        clip = self.get_clip()
        shown = rect if kind == DIM or clip == self.get_rect() else rect.clip(clip)
        if shown.w <= 0 or shown.h <= 0:
            return
        clipped = shown != rect
        shown.move_ip(self.get_abs_offset())
        self.root().items.append(Item(kind, shown, text, clipped))

    def blit(self, source: pygame.Surface, dest: object, area: object = None,  # type: ignore[override]
             special_flags: int = 0) -> pygame.Rect:
        drawn = super().blit(source, dest, area, special_flags)  # type: ignore[arg-type]
        found = _tags.get(source)
        if found is not None and area is None:
            kind, text = found
            rect = source.get_rect(topleft=_topleft(dest))
            if kind == TEXT:
                ink = source.get_bounding_rect()
                rect = ink.move(rect.topleft)
            self.add(kind, rect, text)
        return drawn


def _topleft(dest: object) -> tuple[int, int]:
    if isinstance(dest, pygame.Rect):
        return dest.topleft
    x, y = dest[:2]  # type: ignore[index]
    return round(x), round(y)


def problems(items: list[Item], window: tuple[int, int]) -> list[str]:
    """What is wrong with a frame's ``items``: an item outside the ``window``; after a dialog
    (the first :data:`DIALOG` after the last :data:`DIM`) an item outside it; an item over
    part of an earlier box (it runs over its edge); an item over an earlier text, note, card
    or button (a card over a card, a box's content inside the box are fine). What lies under
    a :data:`DIM` is not looked at."""
    start = max((i + 1 for i, it in enumerate(items) if it.kind == DIM), default=0)
    live = items[start:]
    screen = pygame.Rect((0, 0), window)
    found: list[str] = []
    dialog = next((it for it in live if it.kind == DIALOG), None) if start else None
    for j, later in enumerate(live):
        if not screen.contains(later.rect) and not later.clipped:
            found.append(f"{later} is outside the window {window}")
        if dialog is not None and later is not dialog and live.index(dialog) < j \
                and not dialog.rect.contains(later.rect):
            found.append(f"{later} lies outside the {dialog}")
        wrong: dict[str, list[Item]] = {}
        for earlier in live[:j]:
            why = _covers(later, earlier)
            if why:
                wrong.setdefault(why, []).append(earlier)
        for why, under in wrong.items():
            more = f" and {len(under) - SHOWN} more" if len(under) > SHOWN else ""
            found.append(f"{later} {why} " + ", ".join(map(str, under[:SHOWN])) + more)
    return found


def _covers(later: Item, earlier: Item) -> str:
    """How ``later`` (drawn after ``earlier``) lies wrongly on it, or ``""``."""
    a = later.rect.inflate(-2 * SLACK, -2 * SLACK)
    if not a.colliderect(earlier.rect):
        return ""
    if earlier.kind in CONTAINERS:
        if earlier.rect.contains(later.rect) and not (
                earlier.kind == BUTTON and later.kind in CONTAINERS):
            return ""  # its content (a label on its button, a button on its panel)
        return "covers" if later.kind in CONTAINERS and later.rect.contains(earlier.rect) \
            else "runs over the edge of"
    if earlier.kind == CARD and later.kind == CARD:
        return ""
    return "covers"
