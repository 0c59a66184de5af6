"""A full-window page with a title, optional game tabs, a scrolling content area and a Back
button — the frame of the Rules, Statistics and Game options screens — and a small Yes/No
confirmation dialog.

Keys every page understands: Escape goes back; Up/Down scroll a line, PageUp/PageDown a page,
Home/End to either end; Tab / Shift+Tab (and Left/Right on pages that do not use them) switch
the game tab. The mouse wheel scrolls; clicks choose tabs and buttons.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from ...engine import games
from ...i18n import N_, _, ngettext, number
from ..entries import kept_with_word, keys_line
from ..games import presentation
from ..host import Scene
from ..render import fonts
from ..render.felt import felt
from ..theme import (
    BODY_SIZE,
    DEEP_SHADE,
    GAP,
    GOLD,
    HEADING_SIZE,
    HINT_SIZE,
    INK,
    MARGIN,
    NOTE_SIZE,
    SCROLL_TRACK,
    SMALL_BUTTON_SIZE,
    TITLE_SIZE,
)
from ..widgets import Button, dim, draw_panel, layout_row

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from ..host import Host
    from ..session import Match

LINE_STEP = 40
"""Pixels one arrow press or wheel notch scrolls."""
SMALLEST_HEIGHT = 600
"""The smallest window's height: :func:`body_size` is smallest there."""
HEIGHT_PER_SIZE = 60
"""Window height that adds a pixel to :func:`body_size`."""
PANEL_WIDTH = 1000
"""The widest a page's panel gets."""
TITLE_TOP = 14
"""From the panel's top to its title."""
TABS_TOP = 58
"""From the panel's top to the row of game tabs (or to the content without tabs)."""
TAB_HEIGHT = 36
BELOW_TABS = 14
"""From the tabs' bottom to the content."""
BACK_BUTTON = (120, 38)
"""Back's width and height."""
BACK_CORNER = (24, 12)
"""From the panel's right and bottom edges to Back."""
CONTENT_LEFT = 30
"""From the panel's left edge to the content (room for a focus mark)."""
CONTENT_RIGHT = 44
"""From the content's right edge to the panel's (the scroll bar's room)."""
SCROLLBAR = (18, 6)
"""From the content's right edge to the scroll bar, and its width."""
SHORTEST_THUMB = 30
QUESTION_WIDTH = 520
"""The widest a question dialog gets."""
QUESTION_PAD = 24
"""A question dialog's padding around its text and buttons."""
QUESTION_TOP = 30
QUESTION_TITLE_ROOM = 40
"""The height a question's heading takes above its lines (:attr:`ConfirmScene.title`)."""
QUESTION_LINE = 26
"""The height of a question's line of text."""
QUESTION_BUTTON_HEIGHT = 44
FOOTER_LABEL_ROOM = 32
"""Pixels a footer button keeps beside its label."""


def game_title(name: str) -> str:
    """The title of game ``name`` in the current language ("French Tarot" / "Tarot")."""
    return _(games.get(name).title)


def game_summary(name: str) -> str:
    """The one-line summary of game ``name`` in the current language."""
    summary = games.get(name).summary
    return _(summary) if summary else ""


def decimal(value: float, places: int = 1) -> str:
    """``value`` with ``places`` decimals as the current language writes it ("4.5", "4,5",
    "−4,5": :func:`game.i18n.number`)."""
    return number(value, places)


def percent(share: float) -> str:
    """A share (0 to 1) as a whole percentage, written the current language's way ("57%",
    "57 %")."""
    return _("{percent}%").format(percent=round(share * 100))


def body_size(window: tuple[int, int]) -> int:
    """The text size for a window: :data:`~game.ui.theme.NOTE_SIZE` at the smallest window,
    up to :data:`~game.ui.theme.BODY_SIZE`."""
    grown = NOTE_SIZE + (window[1] - SMALLEST_HEIGHT) // HEIGHT_PER_SIZE
    return max(NOTE_SIZE, min(BODY_SIZE, grown))


class PageScene(Scene):
    """Title, game tabs (when ``game`` is given), a scrolled content area and Back.

    Subclasses fill :meth:`layout_content` (positions relative to the content's top left,
    returns the content height) and :meth:`draw_content`, and may take keys and clicks first
    through :meth:`on_key` and :meth:`on_click`."""

    title = ""
    """The page's title (a message id, translated where it is drawn)."""
    hint = N_("↑ ↓ PgUp PgDn: scroll · Tab: next game · Esc: back")
    """The keys line beside Back (a message id)."""
    arrows_switch_tabs = True
    """Left/Right also switch the game tab (False when the page uses them itself)."""

    def __init__(self, host: Host, game: str | None = None, tabs: bool = True) -> None:
        super().__init__(host)
        self.games = games.names() if tabs else []
        self.game = game if game in self.games else (self.games[0] if self.games else None)
        self.tab_buttons: list[Button] = []
        self.back_button = Button("", self.back, size=SMALL_BUTTON_SIZE)
        self.footer_buttons: list[Button] = []
        """Buttons a page puts left of Back, each as wide as its label (the keys line takes
        the room left of them)."""
        self.label_buttons()
        self.scroll = 0
        self.content_height = 0
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.view = pygame.Rect(0, 0, 0, 0)
        self._laid_out: tuple[tuple[int, int], str | None, int] | None = None
        self.place()

    def wake_in(self) -> float | None:
        """Nothing here moves by itself: only an event changes the look."""
        return None

    def label_buttons(self) -> None:
        """The tabs and Back, worded in the current language."""
        self.tab_buttons = [Button(game_title(n), partial(self.show_game, n),
                                   size=SMALL_BUTTON_SIZE)
                            for n in self.games]
        self.back_button.label = _("Back")

    def page_title(self) -> str:
        """The title drawn at the top (default: :attr:`title` translated)."""
        return _(self.title) if self.title else ""

    # -- hooks ---------------------------------------------------------------------------------

    def layout_content(self, width: int) -> int:
        """Lay the content out for ``width`` pixels; return its height."""
        return 0

    def draw_content(self, surface: pygame.Surface, origin: tuple[int, int]) -> None:
        """Draw the content with its top left at ``origin`` (already scrolled; clipped)."""

    def on_key(self, event: pygame.event.Event) -> bool:
        """Take a key before the page does; True when taken."""
        return False

    def on_click(self, pos: tuple[int, int]) -> bool:
        """Take a click inside the content area (``pos`` relative to the content's top left,
        scroll included); True when taken."""
        return False

    def focus_content(self) -> pygame.Rect | None:
        """The content rect (content coordinates) that keyboard focus is on, kept in view."""
        return None

    # -- behaviour -----------------------------------------------------------------------------

    def back(self) -> None:
        """Close the page."""
        self.host.pop()

    def show_game(self, name: str) -> None:
        """Switch to the tab of game ``name`` (from the top)."""
        self.game = name
        self.scroll = 0
        self.relayout()

    def switch(self, step: int) -> None:
        """The next (``step`` 1) or previous (-1) game tab."""
        if self.games and self.game is not None:
            i = self.games.index(self.game)
            self.show_game(self.games[(i + step) % len(self.games)])

    def relayout(self) -> None:
        """Lay everything out again (after a change of content)."""
        self._laid_out = None
        self.place()

    @property
    def max_scroll(self) -> int:
        """How far the content can scroll."""
        return max(0, self.content_height - self.view.h)

    def scroll_by(self, dy: int) -> None:
        """Scroll by ``dy`` pixels (down is positive), kept within the content."""
        self.scroll = max(0, min(self.max_scroll, self.scroll + dy))

    def reveal(self, rect: pygame.Rect) -> None:
        """Scroll so that content ``rect`` is in view."""
        if rect.top < self.scroll:
            self.scroll = max(0, rect.top - 8)
        elif rect.bottom > self.scroll + self.view.h:
            self.scroll = min(self.max_scroll, rect.bottom - self.view.h + 8)

    # -- geometry ------------------------------------------------------------------------------

    def place(self) -> None:
        """Place the panel, tabs, Back and the content area for the window's size."""
        w, h = self.host.size
        self.panel = pygame.Rect(0, 0, min(w - 2 * MARGIN, PANEL_WIDTH), h - 2 * MARGIN)
        self.panel.center = (w // 2, h // 2)
        y = self.panel.top + TABS_TOP
        if self.tab_buttons:
            for b in self.tab_buttons:
                b.selected = self.games[self.tab_buttons.index(b)] == self.game
            layout_row(self.tab_buttons, self.panel.centerx, y, self.panel.w - 2 * MARGIN,
                       height=TAB_HEIGHT)
            y = max(b.rect.bottom for b in self.tab_buttons) + BELOW_TABS
        self.back_button.rect = pygame.Rect((0, 0), BACK_BUTTON)
        self.back_button.rect.bottomright = (self.panel.right - BACK_CORNER[0],
                                             self.panel.bottom - BACK_CORNER[1])
        right = self.back_button.rect.left
        for b in reversed(self.footer_buttons):
            width = fonts.font(b.size, True).size(b.label)[0] + FOOTER_LABEL_ROOM
            b.rect = pygame.Rect(0, 0, width, BACK_BUTTON[1])
            b.rect.bottomright = (right - GAP, self.back_button.rect.bottom)
            right = b.rect.left
        bottom = self.back_button.rect.top - GAP
        self.view = pygame.Rect(self.panel.left + CONTENT_LEFT, y,
                                self.panel.w - CONTENT_LEFT - CONTENT_RIGHT, bottom - y)
        key = ((w, h), self.game, self.view.w)
        if key != self._laid_out:
            self._laid_out = key
            self.content_height = self.layout_content(self.view.w)
        self.scroll = max(0, min(self.max_scroll, self.scroll))

    def resize(self, size: tuple[int, int]) -> None:
        self.label_buttons()  # a change of language comes this way too
        self.relayout()

    def resume(self) -> None:
        self.relayout()

    # -- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.place()
        surface.blit(felt(surface.get_size()), (0, 0))
        draw_panel(surface, self.panel)
        t = fonts.fit(self.page_title(), TITLE_SIZE, self.panel.w - 2 * MARGIN, GOLD, bold=True)
        surface.blit(t, t.get_rect(midtop=(self.panel.centerx, self.panel.top + TITLE_TOP)))
        mouse = pygame.mouse.get_pos()
        for b in self.tab_buttons:
            b.draw(surface, b.rect.collidepoint(mouse), False)
        clip = surface.get_clip()
        surface.set_clip(self.view.inflate(32, 0))  # room for a focus mark at the left
        self.draw_content(surface, (self.view.left, self.view.top - self.scroll))
        surface.set_clip(clip)
        self._draw_scrollbar(surface)
        for b in (*self.footer_buttons, self.back_button):
            b.draw(surface, b.rect.collidepoint(mouse), False)
        room = min(b.rect.left for b in (*self.footer_buttons, self.back_button)) \
            - self.view.left - MARGIN
        lines = fonts.wrap(keys_line(_(self.hint)), HINT_SIZE, room)  # wrapped, not shrunk
        step = fonts.font(HINT_SIZE).get_linesize()
        y = self.back_button.rect.centery - step * len(lines) // 2
        for line in lines:
            surface.blit(fonts.text(line, HINT_SIZE, INK), (self.view.left, y))
            y += step

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        if self.max_scroll <= 0:
            return
        away, wide = SCROLLBAR
        track = pygame.Rect(self.view.right + away, self.view.top, wide, self.view.h)
        pygame.draw.rect(surface, SCROLL_TRACK, track, border_radius=3)
        th = max(SHORTEST_THUMB, track.h * self.view.h // self.content_height)
        ty = track.top + (track.h - th) * self.scroll // self.max_scroll
        pygame.draw.rect(surface, GOLD, (track.left, ty, track.w, th), border_radius=3)

    # -- input ---------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return None
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * LINE_STEP)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            return None  # the wheel arrives as MOUSEWHEEL too
        if event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            return None
        return event

    def _key(self, event: pygame.event.Event) -> None:
        if self.on_key(event):
            return
        k = event.key
        page = max(LINE_STEP, self.view.h - LINE_STEP)
        if k == pygame.K_ESCAPE:
            self.back()
        elif k == pygame.K_UP:
            self.scroll_by(-LINE_STEP)
        elif k == pygame.K_DOWN:
            self.scroll_by(LINE_STEP)
        elif k == pygame.K_PAGEUP:
            self.scroll_by(-page)
        elif k in (pygame.K_PAGEDOWN, pygame.K_SPACE):
            self.scroll_by(page)
        elif k == pygame.K_HOME:
            self.scroll = 0
        elif k == pygame.K_END:
            self.scroll = self.max_scroll
        elif k == pygame.K_TAB:
            self.switch(-1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1)
        elif self.arrows_switch_tabs and k in (pygame.K_LEFT, pygame.K_RIGHT):
            self.switch(-1 if k == pygame.K_LEFT else 1)

    def _click(self, pos: tuple[int, int]) -> None:
        self.place()
        for b in (*self.tab_buttons, *self.footer_buttons, self.back_button):
            if b.rect.collidepoint(pos):
                b.action()
                return
        if self.view.collidepoint(pos):
            self.on_click((pos[0] - self.view.left, pos[1] - self.view.top + self.scroll))


class ConfirmScene(Scene):
    """A question with Yes and No over the scene below. Y or Enter on Yes confirms; N,
    Escape, or Enter on No (the starting focus) cancels."""

    opaque = False
    title = ""
    """A heading over the question (as the player reads it), if any: its place is
    :data:`QUESTION_TITLE_ROOM` high."""

    def __init__(self, host: Host, question: str, on_yes: Callable[[], None],
                 yes: str | None = None, no: str | None = None) -> None:
        """``question``, ``yes`` and ``no`` as the player reads them (already translated;
        the buttons say "Yes" and "No" unless given)."""
        super().__init__(host)
        self.question = question
        self.on_yes = on_yes
        self.buttons = [Button(_("Yes") if yes is None else yes, self.confirm),
                        Button(_("No") if no is None else no, self.cancel)]
        self.focus = 1
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.lines: list[str] = []
        self.place()

    def wake_in(self) -> float | None:
        """Nothing here moves by itself: only an event changes the look."""
        return None

    def confirm(self) -> None:
        """Close the dialog, then do what was asked."""
        self.host.pop()
        self.on_yes()

    def cancel(self) -> None:
        """Close the dialog and do nothing."""
        self.host.pop()

    def place(self) -> None:
        w, h = self.host.size
        pad, buttons = QUESTION_PAD, QUESTION_BUTTON_HEIGHT
        width = min(QUESTION_WIDTH, w - 4 * MARGIN)
        self.lines = list(fonts.wrap(self.question, BODY_SIZE, width - 2 * pad))
        height = 2 * MARGIN + QUESTION_LINE * len(self.lines) + pad + buttons + pad
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = (w // 2, h // 2)
        layout_row(self.buttons, self.rect.centerx, self.rect.bottom - pad - buttons,
                   width - 2 * pad, height=buttons)

    def draw(self, surface: pygame.Surface) -> None:
        self.place()
        dim(surface, DEEP_SHADE)
        draw_panel(surface, self.rect, opaque=True)  # no text of the page shows through
        y = self.rect.top + QUESTION_TOP
        if self.title:
            title = fonts.fit(self.title, HEADING_SIZE + 2, self.rect.w - 2 * QUESTION_PAD,
                              GOLD, bold=True)
            surface.blit(title, title.get_rect(midtop=(self.rect.centerx,
                                                       self.rect.top + MARGIN)))
            y = self.rect.top + MARGIN + QUESTION_TITLE_ROOM
        for line in self.lines:
            s = fonts.text(line, BODY_SIZE, INK)
            surface.blit(s, s.get_rect(midtop=(self.rect.centerx, y)))
            y += QUESTION_LINE
        mouse = pygame.mouse.get_pos()
        for i, b in enumerate(self.buttons):
            b.draw(surface, b.rect.collidepoint(mouse), i == self.focus)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k in (pygame.K_ESCAPE, pygame.K_n):
                self.cancel()
            elif k == pygame.K_y:
                self.confirm()
            elif k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB, pygame.K_UP, pygame.K_DOWN):
                self.focus = 1 - self.focus
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.buttons[self.focus].action()
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.place()
            for b in self.buttons:
                if b.rect.collidepoint(event.pos):
                    b.action()
                    break
            return None
        if event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL):
            return None
        return event

    def resize(self, size: tuple[int, int]) -> None:
        self.place()


def progress_line(match: Match) -> str:
    """A game in progress in a few words: its running score and hand ("You & North 3  ·
    West & East 1, hand 5"), after its table size when not four ("5 players: …")."""
    scores = presentation(match.game).scores_line(match.tally.scores())
    line = kept_with_word(_("{scores}, hand {number}"), "number").format(
        scores=scores, number=len(match.hands))
    if match.table.size == 4:
        return line
    return _("{players}: {progress}").format(  # French Tarot for three or five
        players=ngettext("{n} player", "{n} players", match.table.size).format(
            n=match.table.size), progress=line)


def confirm_new_game(host: Host, game: str, seed: int | None = None) -> None:
    """Start a new game of ``game`` (with ``seed``, else a random one) — asking first when
    ``game`` has a game in progress, which the new one replaces (and the statistics count as
    abandoned)."""
    match = host.session.in_progress(game)

    def start() -> None:
        host.start_game(game, seed)

    if match is None:
        start()
        return
    scores = presentation(game).scores_line(match.tally.scores())
    host.push(ConfirmScene(
        host, kept_with_word(_("Start a new game of {game}? The game in progress (hand "
                               "{number}, {scores}) will count as abandoned."), "number").format(
            game=game_title(game), number=len(match.hands), scores=scores),
        start, yes=_("New game"), no=_("Keep it")))
