"""The main menu: the four games with a line each, Settings and Quit. A game with a game in
progress shows "Continue <game>" with its score and hand, and a small "New game" beside it
(which asks first: the game in progress would count as abandoned); a game without one shows
a small "Guided hand" beside it (the Guided hands page, :mod:`.lesson_entry`), and its
button asks once whether to play the guided hand first."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from ...engine import games
from ...i18n import _
from ..host import Scene, open_scene, register
from ..render import fonts
from ..render.felt import felt
from ..theme import GAP, GOLD, HEADLINE_SIZE, INK, MARGIN, NOTE_SIZE, SUBTITLE_SIZE
from ..widgets import Button, clicked, draw_panel, focus_keys
from .daily import menu_line
from .lesson_entry import lessons_of, start_from_menu
from .page import confirm_new_game, game_summary, game_title, progress_line

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from ..host import Host

PANEL_WIDTH = 860
"""The widest the menu's panel gets."""
TITLE_TOP = 18
SUBTITLE_TOP = 70
ENTRIES_TOP = 100
"""From the panel's top to the first entry's button."""
HEADER = 120
"""The panel's height beyond its rows of entries."""
ROW_HEIGHTS = (44, 60)
"""The least and the most height of one entry's row."""
ENTRY_SIZE = (300, 40)
"""An entry's button: its width and its greatest height."""
INDENT = 30
"""From the panel's left edge to the buttons."""
NEW_GAME_WIDTH = 110
"""The narrowest the small "New game" button beside a Continue gets."""
NEW_GAME_ROOM = 20
"""Pixels the "New game" button keeps beside its label."""
LINES_PER_ENTRY = 2
"""An entry's line wraps onto at most this many lines (a Continue's score line)."""


def entry_lines(texts: list[str], rooms: list[int]) -> tuple[int, list[tuple[str, ...]]]:
    """One text size for every entry's line, and each line wrapped to its room: the largest
    size from :data:`~game.ui.theme.NOTE_SIZE` down to the floor at which each wraps onto no
    more than :data:`LINES_PER_ENTRY` lines (a score line breaks only between entries).
    **Decision:** at the floor a line takes the lines it needs (French Tarot for five in
    French, beside "Nouvelle partie": three lines of 13 px, within the row's height)."""
    size = NOTE_SIZE
    while True:
        lines = [fonts.wrap(t, size, room) if t else () for t, room in zip(texts, rooms,
                                                                          strict=True)]
        if size <= fonts.SMALLEST_TEXT or all(len(w) <= LINES_PER_ENTRY for w in lines):
            return size, lines
        size -= 1


@register("menu")
class MenuScene(Scene):
    """Pick a game (or continue one in progress)."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.focus = 0
        self.items: list[tuple[Button, str]] = []
        self.new_games: dict[int, Button] = {}
        """Row → the small "New game" button beside that row's Continue."""
        self.guided: dict[int, Button] = {}
        """Row → the small "Guided hand" button beside that row's game (no game of it in
        progress)."""
        self.progress_button: dict[int, Button] = {}
        """The Statistics row → its small "Your progress" button (a learner's progress)."""
        self.build()

    def wake_in(self) -> float | None:
        """Nothing here moves by itself: only an event changes the look."""
        return None

    def build(self) -> None:
        """The menu entries: (button, the line beside it); a game in progress has its
        Continue, with its score, and a small "New game" (:attr:`new_games`); a game
        without one has a small "Guided hand" (:attr:`guided`) when its guided hand can be
        played.

        **Decision:** a Continue row keeps its "New game" only: its score line needs the
        room (two readable lines at 1024×600 in French), and its player has opened the game
        already — the guided hand stays one step away on the Rules page of the game, and
        the Rules row then has a small "Guided hands" of its own, so the page of every guided
        hand is reachable from the menu whatever is in progress."""
        self.items = []
        self.new_games = {}
        self.guided = {}
        session = self.host.session
        for name in games.names():
            match = session.in_progress(name)
            if match is None:
                if lessons_of(name):
                    self.guided[len(self.items)] = Button(
                        _("Guided hand"), partial(self.guided_hands, name), size=NOTE_SIZE + 2)
                self.items.append((Button(game_title(name),
                                          partial(start_from_menu, self.host, name)),
                                   game_summary(name)))
                continue
            self.new_games[len(self.items)] = Button(
                _("New game"), partial(confirm_new_game, self.host, name), size=NOTE_SIZE + 2)
            self.items.append((Button(_("Continue {game}").format(game=game_title(name)),
                                      partial(self.host.show_table, name)),
                               progress_line(match)))
        self.items.append((Button(_("Deal of the day"), self.daily), menu_line(self.host)))
        self.items.append((Button(_("Play a deal number…"), self.deal_number),
                           _("A game again from its number — the score sheet shows it")))
        if len(self.guided) < len([n for n in games.names() if lessons_of(n)]):
            self.guided[len(self.items)] = Button(
                _("Guided hands"), partial(self.guided_hands, None), size=NOTE_SIZE + 2)
        self.items.append((Button(_("Rules"), self.rules), _("How to play each game")))
        self.progress_button = {len(self.items): Button(
            _("Your progress"), self.progress, size=NOTE_SIZE + 2)}
        self.items.append((Button(_("Statistics"), self.statistics),
                           _("Hands and games won and lost, per game")))
        self.items.append((Button(_("Settings"), self.settings),
                           _("Speed, sound, AI level, deck, game options")))
        self.items.append((Button(_("Quit"), self.host.quit), ""))
        self.focus = min(self.focus, len(self.buttons()) - 1)

    def buttons(self) -> list[Button]:
        """Every button in focus order (a row's small button after its main one)."""
        out = []
        for i, (b, _line) in enumerate(self.items):
            out.append(b)
            small = self.small(i)
            if small is not None:
                out.append(small)
        return out

    def small(self, i: int) -> Button | None:
        """Row ``i``'s small button ("New game" or "Guided hand"), if any."""
        return self.new_games.get(i) or self.guided.get(i) or self.progress_button.get(i)

    def resume(self) -> None:
        self.build()

    def resize(self, size: tuple[int, int]) -> None:
        self.build()  # the words too: a change of language comes this way

    def guided_hands(self, game: str | None) -> None:
        """The Guided hands page, on ``game``'s guided hand (on the first with ``None``)."""
        found = [i for n in ([game] if game else games.names()) for i in lessons_of(n)]
        self.host.push(open_scene(self.host, "lessons", lesson_id=found[0]))

    def settings(self) -> None:
        self.host.push(open_scene(self.host, "settings"))

    def daily(self) -> None:
        self.host.push(open_scene(self.host, "daily"))

    def deal_number(self) -> None:
        self.host.push(open_scene(self.host, "deal-number"))

    def rules(self) -> None:
        self.host.push(open_scene(self.host, "rules"))

    def statistics(self) -> None:
        self.host.push(open_scene(self.host, "statistics"))

    def progress(self) -> None:
        """A learner's progress (:mod:`.progress`), on the game at the table or last there."""
        self.host.push(open_scene(self.host, "progress", game=self.host.session.current))

    def place(self) -> pygame.Rect:
        w, h = self.host.size
        least, most = ROW_HEIGHTS
        row = max(least, min(most, (h - 2 * MARGIN - HEADER) // len(self.items)))
        bw, bh = ENTRY_SIZE[0], min(ENTRY_SIZE[1], row - 6)
        total = HEADER + row * len(self.items)
        rect = pygame.Rect(0, 0, min(w - 2 * MARGIN, PANEL_WIDTH), total)
        rect.center = (w // 2, h // 2)
        for i, (b, _line) in enumerate(self.items):
            b.rect = pygame.Rect(rect.left + INDENT, rect.top + ENTRIES_TOP + i * row, bw, bh)
            small = self.small(i)
            if small is not None:
                nw = max(NEW_GAME_WIDTH,
                         fonts.font(small.size, True).size(small.label)[0] + NEW_GAME_ROOM)
                small.rect = pygame.Rect(b.rect.right + GAP, b.rect.top, nw, bh)
        return rect

    def _line_left(self, i: int) -> int:
        """Where row ``i``'s line begins (after its buttons)."""
        b = self.small(i) or self.items[i][0]
        return b.rect.right + 2 * GAP

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(surface.get_size()), (0, 0))
        rect = self.place()
        draw_panel(surface, rect)
        title = fonts.text(_("Four Trumps"), HEADLINE_SIZE, GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.top + TITLE_TOP)))
        sub = fonts.fit(_("♠ ♥ ♦ ♣  four trick-taking games at one table"), SUBTITLE_SIZE,
                        rect.w - 2 * MARGIN, INK)
        surface.blit(sub, sub.get_rect(midtop=(rect.centerx, rect.top + SUBTITLE_TOP)))
        mouse = pygame.mouse.get_pos()
        def room(i: int) -> int:
            return rect.right - self._line_left(i) - MARGIN

        size, lines = entry_lines([line for _button, line in self.items],
                                  [room(i) for i in range(len(self.items))])
        focused = self.buttons()[self.focus]
        step = fonts.font(size).get_linesize()
        for i, (b, _line) in enumerate(self.items):
            for button in (b, self.small(i)):
                if button is not None:
                    button.draw(surface, button.rect.collidepoint(mouse), button is focused)
            y = b.rect.centery - step * len(lines[i]) // 2
            for part in lines[i]:
                ls = fonts.text(part, size, INK)
                surface.blit(ls, (self._line_left(i), y))
                y += step

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        buttons = self.buttons()
        if event.type == pygame.KEYDOWN:
            focus = focus_keys(event, buttons, self.focus)
            if focus is not None:
                self.focus = focus
            elif event.key == pygame.K_ESCAPE:
                self.host.quit()
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.place()
            pressed = clicked(event, buttons)
            if pressed is not None:
                self.focus = pressed
                buttons[pressed].action()
            return None
        return event
