"""The card tracker panel (learning mode): per suit the cards still out, the trumps still out,
the cards known laid away and the voids each seat has shown — the memory aid a 144-card game
needs. Everything shown comes from :func:`game.engine.learning.tracker` of South's knowledge.

**Proposed place on the table** (:func:`tracker_area`): a column at the right edge, from just
below the Menu / Last trick buttons down to just above South's hand — about 260×420 px at
1280×720 (a fifth of the width, 220..300 px). While it is open it covers East's chair; East's
card backs and label are not needed to read the tracker, and the trick stays in view.

The panel fits any area: it picks the largest text size (16 px down to 13 px) at which the
whole content fits, as it is or compact (each suit's cards on its heading's line), wraps
each suit's cards to the width and, when even that is too tall, scrolls with the mouse wheel
over it (a thin gold bar shows where). Arba'a Turub shows each face with its copies out, "A×2"
(a face with none out is greyed, so the grid stays fixed); the one-copy packs show the ranks
still out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from .. import i18n
from ..engine import learning
from ..engine.cards import SUITS
from ..engine.knowledge import Knowledge
from ..i18n import N_, _, card_words, ngettext
from . import order, words
from .entries import KEEP
from .games import presentation
from .games.base import Presentation
from .render import fonts
from .theme import BACKING, GOLD, GREY, INK
from .widgets import draw_panel

SIZES = (16, 15, 14, 13)
"""Text sizes tried, largest first, down to the floor (then the panel scrolls)."""
PAD = 10
TITLE = N_("Cards still out")
"""The panel's title (translated where it is drawn)."""
SCROLL_STEP = 30
"""The wheel's scroll before the panel is first drawn (then a line at a time)."""
WIDTHS = (250, 300)
"""The panel's width: a fifth of the window's, within these pixels."""
WIDTH_SHARE = 5
"""The panel's width is the window's over this (within :data:`WIDTHS`)."""
MIN_HEIGHT = 160
"""The least height the panel is given, whatever the hand leaves."""
EDGE = 10
"""The panel keeps this far from the window's right side and bottom."""
ABOVE_HAND = 8
"""The panel ends this far above South's hand."""
TITLE_SIZE = 17
TITLE_TOP = 8
"""The title's distance from the panel's top ..."""
CONTENT_TOP = 14
"""... and the content starts this far below the title's top plus its height."""
CLOSE = 24
"""The × button's side; it sits :data:`CLOSE_INSET` from the top right corner."""
CLOSE_INSET = (30, 6)
CLOSE_SIZE = 20
SCROLLBAR = (7, 3, 20)
"""The scroll bar: its distance from the right edge, its width, its thumb's least height."""
CONTENT_RIGHT = 6
"""Room kept right of the content for the scroll bar."""
RADIUS = 12
LAYOUTS_KEPT = 4
"""The most laid-out contents kept at once."""


def tracker_area(size: tuple[int, int], hand_top: int, top: int = 56) -> pygame.Rect:
    """The proposed rect for the panel in a window of ``size`` whose South hand starts at
    ``hand_top``: the right edge, from ``top`` (below the top buttons: the Menu row ends at
    y 46; pass the bottom of any further row + 10) down to just above the hand."""
    w, h = size
    width = max(WIDTHS[0], min(WIDTHS[1], w // WIDTH_SHARE))
    bottom = max(top + MIN_HEIGHT, hand_top - ABOVE_HAND)
    return pygame.Rect(w - EDGE - width, top, width, min(bottom, h - EDGE) - top)


@dataclass(frozen=True)
class Piece:
    """One text on a content line: what, in which colour, at which x; ``weight`` 0 plain,
    1 bold, 2 a bold heading (one size larger)."""

    text: str
    colour: tuple[int, int, int]
    weight: int
    x: int

    def render(self, size: int) -> pygame.Surface:
        """The piece's surface at text ``size``."""
        return fonts.text(self.text, size + (self.weight == 2), self.colour, self.weight > 0)


Line = tuple[Piece, ...]


def lay_out(tracker: learning.Tracker, width: int, size: int, shown: Presentation,
            called: str | None = None, compact: bool = False,
            handfuls: Sequence[Handful] = ()) -> list[Line]:
    """The panel's content as lines of pieces, wrapped to ``width`` pixels at text ``size``;
    ``shown``, the game's presentation, writes each card and void (Arba'a Turub "A×2",
    French Tarot "21", "Ex", "trumps"); ``called``: the card the declarer called (French
    Tarot for five), said first. ``compact`` (a short panel: the smallest window): each
    suit's cards begin on its heading's line, and the trumps still out are said once, in
    the trump suit's heading. ``handfuls`` (French Tarot, :func:`shown_handfuls`) after the
    cards laid away, a card played since grey."""
    lines: list[Line] = []
    gap = fonts.font(size).size("  ")[0]
    indent = fonts.font(size).size("   ")[0]

    def line(text: str, colour: tuple[int, int, int] = INK, weight: int = 0) -> None:
        big = size + (weight == 2)
        for part in fonts.wrap(text, big, width - 2, weight > 0):
            lines.append((Piece(part, colour, weight, 0),))

    def tokens(items: list[tuple[str, bool]]) -> None:
        """Cards in a row, wrapped: ``(text, out)`` — a card none of which is out is grey;
        compact, after the heading just laid out when all of them fit beside it, or when
        the row is longer than a line anyway and its first card fits there (a row that
        fits one line is never split between the heading's line and the next)."""
        row: list[Piece] = []
        x = indent
        if compact and lines and len(lines[-1]) == 1:
            head = lines[-1][0]
            after = head.render(size).get_width() + gap
            widths = [Piece(t, INK, 1, 0).render(size).get_width() for t, _out in items]
            whole = sum(widths) + gap * (len(widths) - 1)
            if after + whole <= width or (indent + whole > width
                                          and after + widths[0] <= width):
                row, x = [lines.pop()[0]], after
        for text, out in items:
            piece = Piece(text, INK if out else GREY, 1 if out else 0, x)
            w = piece.render(size).get_width()
            if row and x + w > width:
                lines.append(tuple(row))
                row, x = [], indent
                piece = Piece(text, piece.colour, piece.weight, x)
            row.append(piece)
            x += w + gap
        if row:
            lines.append(tuple(row))

    if called:
        line(_("Called: {card}").format(card=card_words(called)), GOLD, 2)
    if tracker.trumps_out is None:
        line(_("Trump not named yet"), GOLD)
    elif not compact:
        line(_("Trumps still out: {n}").format(n=tracker.trumps_out), GOLD, 2)
    for suit in tracker.suits:
        line(suit_head(suit), GOLD if suit.trump else INK, 2)
        if suit.out:
            tokens([(shown.tracker_card(c, n), n > 0)
                    for c, n in in_play_order(suit.cards, shown, tracker.trump)])
        else:
            tokens([(_("none"), False)])
    if tracker.laid_away:
        line(_("Laid away (known)"), INK, 2)
        tokens([(laid_card(c, shown), True) for c in tracker.laid_away])
    for head, cards in handfuls:
        line(head, INK, 2)
        tokens([(shown.tracker_card(c, 1), held) for c, held in cards])
    line(_("Voids shown"), GOLD, 2)
    voids = [(seat, v) for seat, v in tracker.voids.items() if v]
    for seat, suits in voids:
        line(_("{seat}: {voids}").format(seat=words.seat_name(seat),
                                         voids=" ".join(shown.tracker_void(s) for s in suits)))
    if not voids:
        line(_("None yet"), GREY)
    return lines


Handful = tuple[str, list[tuple[str, bool]]]
"""A handful shown as the tracker lists it: its heading, its cards each with whether its seat
still holds it."""


def shown_handfuls(knowledge: Knowledge) -> list[Handful]:
    """The handfuls shown so far (French Tarot): "North: Single handful" (the level at this
    table), then its cards strongest first as the table sorts them, each with whether it is
    still unplayed."""
    played = {c for t in knowledge.tricks for c in t["cards"]}
    return [(_("{seat}: {handful}").format(seat=words.seat_name(seat),
                                           handful=words.handful_name(len(cards),
                                                                      len(knowledge.seats))),
             [(c, c not in played) for c in order.sort_hand(knowledge.game, cards, None)])
            for seat, cards in (knowledge.public.get("handfuls") or {}).items()]


def in_play_order(cards: Sequence[tuple[str, int]], shown: Presentation,
                  trump: str | None) -> list[tuple[str, int]]:
    """A suit's ``(card, copies out)`` from the strongest down as the game ranks them in a
    trick — the order South's hand is sorted in (:func:`.order.sort_hand`): Tarabish's trumps
    J 9 A 10 K Q 8 7 6, its plain suits A 10 K Q J …; natural rank where the game has no
    order of its own. Cards of one strength keep the engine's order (Arba'a Turub's copies)."""
    group = shown.trump_group(trump)
    return sorted(cards, key=lambda out: -shown.sort_strength(out[0], group))


def suit_head(suit: learning.SuitOut) -> str:
    """A suit's heading in the current language: its name, "(trump)" when it is trump, and
    how many of its cards are out ("♥ Hearts (trump): 5 out"; French Tarot's own trumps:
    "Trumps: 12 out")."""
    n = suit.out
    count = f"{n}{KEEP}"  # the count kept with its word: never "8" / "out" on two lines
    if suit.letter not in SUITS:
        return ngettext("Trumps: {n} out", "Trumps: {n} out", n).format(n=n).replace(
            f"{n} ", count)
    name = words.SUIT_NAMES[suit.letter]
    if suit.trump:
        return ngettext("{suit} (trump): {n} out", "{suit} (trump): {n} out", n).format(
            suit=name, n=n).replace(f"{n} ", count)
    return ngettext("{suit}: {n} out", "{suit}: {n} out", n).format(
        suit=name, n=n).replace(f"{n} ", count)


def laid_card(name: str, shown: Presentation) -> str:
    """A card known laid away, as the table writes it in the current language: rank and suit
    symbol ("10♥", French "D♠" for the queen), a trump's number, the Excuse — never the
    card's code."""
    glyph = words.SUIT_GLYPHS.get(name[-1].upper())
    return i18n.rank_text(name[:-1], name) + glyph if glyph else shown.tracker_card(name, 1)


class TrackerPanel:
    """The tracker as a panel the table shows on demand (a "Tracker" button, T)."""

    def __init__(self, visible: bool = False) -> None:
        self.visible = visible
        self.scroll = 0
        self.area = pygame.Rect(0, 0, 0, 0)
        """Where the panel was last drawn (events outside it are not the panel's)."""
        self.close_rect = pygame.Rect(0, 0, 0, 0)
        self._tracker: tuple[Knowledge, learning.Tracker] | None = None
        self._layouts: dict[object, tuple[learning.Tracker, list[Line], int, int]] = {}
        """The content laid out, by tracker, area and language (the tracker's area above the
        note zone and the taller one are both asked for each frame)."""
        self.max_scroll = 0
        self.view = pygame.Rect(0, 0, 0, 0)
        """The content's rect as last drawn."""
        self.lines: list[Line] = []
        self.text_size = SIZES[0]
        self.step = SCROLL_STEP
        """The wheel scrolls by this many pixels: a line of the content as last drawn."""

    def toggle(self) -> None:
        """Show the panel, or hide it."""
        self.visible = not self.visible

    def tracker(self, knowledge: Knowledge) -> learning.Tracker:
        """``learning.tracker(knowledge)``, computed once per knowledge object."""
        if self._tracker is None or self._tracker[0] is not knowledge:
            self._tracker = (knowledge, learning.tracker(knowledge))
        return self._tracker[1]

    def content(self, knowledge: Knowledge, width: int, height: int) -> tuple[list[Line], int,
                                                                              int]:
        """The lines, text size and line step for an area of content ``width`` × ``height``:
        the largest size whose lines all fit, as they are or compact (:func:`lay_out`), with
        every suit's heading on one line where a size allows it, else the smallest compact
        (then the panel scrolls)."""
        tracker = self.tracker(knowledge)
        # the tracker itself (kept with its layout: an id could be reused), and the language
        key = (id(tracker), width, height, i18n.language())
        kept = self._layouts.get(key)
        if kept is not None and kept[0] is tracker:
            return kept[1], kept[2], kept[3]
        shown = presentation(knowledge.game)
        heads = [suit_head(suit) for suit in tracker.suits]
        tries = [(s, c) for s in SIZES for c in (False, True)]
        whole = [t for t in tries if all(  # every suit's heading on one line ("8 out" whole)
            fonts.font(t[0] + 1, True).size(head)[0] <= width - 2 for head in heads)]
        last = tries[-1]  # the smallest compact: the one that scrolls when none fits
        for size, compact in [t for t in whole if t != last] + [
                t for t in tries if t not in whole and t != last] + [last]:
            lines = lay_out(tracker, width, size, shown, knowledge.public.get("called"),
                            compact, shown_handfuls(knowledge))
            step = fonts.font(size).get_linesize() + 1
            if len(lines) * step <= height:
                break
        if len(self._layouts) >= LAYOUTS_KEPT:
            self._layouts.clear()
        self._layouts[key] = (tracker, lines, size, step)
        return lines, size, step

    def view_of(self, area: pygame.Rect) -> pygame.Rect:
        """The content's rect in the panel's ``area`` (below the title)."""
        top = CONTENT_TOP + fonts.font(TITLE_SIZE, True).get_linesize()
        return pygame.Rect(area.left + PAD, area.top + top, area.w - 2 * PAD - CONTENT_RIGHT,
                           area.h - top - PAD)

    def fits(self, knowledge: Knowledge, area: pygame.Rect) -> bool:
        """Whether the whole content fits in ``area`` without scrolling."""
        view = self.view_of(area)
        lines, _size, step = self.content(knowledge, view.w, view.h)
        return len(lines) * step <= view.h

    def draw(self, surface: pygame.Surface, area: pygame.Rect, knowledge: Knowledge) -> None:
        """Draw the panel in ``area`` (nothing when hidden): as tall as its content needs,
        from ``area``'s top, at most all of ``area``."""
        if not self.visible:
            self.area = pygame.Rect(area.topleft, (0, 0))
            return
        title = fonts.fit(_(TITLE), TITLE_SIZE, area.w - 2 * PAD - CLOSE, GOLD, bold=True)
        view = self.view_of(area)
        lines, size, step = self.content(knowledge, view.w, view.h)
        view.h = min(view.h // step, len(lines)) * step  # whole lines: none shows cut
        self.step = step
        self.view, self.lines, self.text_size = view, lines, size
        self.area = pygame.Rect(area.left, area.top, area.w, view.bottom + PAD - area.top)
        self.max_scroll = max(0, len(lines) * step - view.h)
        self.scroll = max(0, min(self.scroll, self.max_scroll))
        pygame.draw.rect(surface, BACKING, self.area, border_radius=RADIUS)
        draw_panel(surface, self.area)
        surface.blit(title, (area.left + PAD, area.top + TITLE_TOP))
        self.close_rect = pygame.Rect(area.right - CLOSE_INSET[0], area.top + CLOSE_INSET[1],
                                      CLOSE, CLOSE)
        cross = fonts.text("×", CLOSE_SIZE, INK, bold=True)
        surface.blit(cross, cross.get_rect(center=self.close_rect.center))
        clip = surface.get_clip()
        surface.set_clip(view.clip(clip))
        y = view.top - self.scroll
        for pieces in lines:
            if y + step >= view.top and y <= view.bottom:
                for p in pieces:
                    surface.blit(p.render(size), (view.left + p.x, y))
            y += step
        surface.set_clip(clip)
        if self.max_scroll:
            inset, bar, least = SCROLLBAR
            track = pygame.Rect(area.right - inset, view.top, bar, view.h)
            thumb = max(least, track.h * view.h // (view.h + self.max_scroll))
            ty = track.top + (track.h - thumb) * self.scroll // self.max_scroll
            pygame.draw.rect(surface, GOLD, (track.left, ty, track.w, thumb), border_radius=2)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Take the mouse over the open panel: the wheel scrolls it, a click on × closes it,
        any other click on it is swallowed (it must not pick up a card below). True when the
        event was the panel's."""
        if not self.visible:
            return False
        if event.type == pygame.MOUSEWHEEL:
            if not self.area.collidepoint(pygame.mouse.get_pos()):
                return False
            self.scroll = max(0, min(self.max_scroll, self.scroll - event.y * self.step))
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if not self.area.collidepoint(event.pos):
                return False
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                    and self.close_rect.collidepoint(event.pos):
                self.visible = False
            return True
        return False
