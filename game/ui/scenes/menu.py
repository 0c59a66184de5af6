"""The main menu: the four games with a line each, Continue, Settings and Quit."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from ...engine import games
from ..host import Scene, open_scene, register
from ..render import fonts
from ..render.felt import felt
from ..theme import GAP, GOLD, HEADLINE_SIZE, INK, MARGIN, NOTE_SIZE, SUBTITLE_SIZE
from ..widgets import Button, draw_panel

if TYPE_CHECKING:
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
SMALLEST_LINE_SIZE = 10
"""The smallest text size of an entry's line (from :data:`~game.ui.theme.NOTE_SIZE` down)."""


@register("menu")
class MenuScene(Scene):
    """Pick a game (or continue the one in progress)."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.focus = 0
        self.items: list[tuple[Button, str]] = []
        self.build()

    def build(self) -> None:
        """The menu entries: (button, the line under it)."""
        self.items = []
        m = self.host.session.match
        if m is not None and not (m.over and m.hand.done):
            self.items.append((Button(f"Continue: {m.spec.title}", self.host.show_table),
                               f"Hand {len(m.hands)} of the game in progress"))
        for name in games.names():
            spec = games.get(name)
            self.items.append((Button(spec.title, partial(self.host.start_game, name)),
                               spec.summary))
        self.items.append((Button("Play a deal number…", self.deal_number),
                           "A game again from its number — the score sheet shows it"))
        self.items.append((Button("Rules", self.rules), "How to play each game"))
        self.items.append((Button("Statistics", self.statistics),
                           "Hands and games won and lost, per game"))
        self.items.append((Button("Settings", self.settings),
                           "Speed, sound, AI level, deck, game options"))
        self.items.append((Button("Quit", self.host.quit), ""))
        self.focus = min(self.focus, len(self.items) - 1)

    def resume(self) -> None:
        self.build()

    def settings(self) -> None:
        self.host.push(open_scene(self.host, "settings"))

    def deal_number(self) -> None:
        self.host.push(open_scene(self.host, "deal-number"))

    def rules(self) -> None:
        self.host.push(open_scene(self.host, "rules"))

    def statistics(self) -> None:
        self.host.push(open_scene(self.host, "statistics"))

    def place(self) -> pygame.Rect:
        w, h = self.host.size
        least, most = ROW_HEIGHTS
        row = max(least, min(most, (h - 2 * MARGIN - HEADER) // len(self.items)))
        bw, bh = ENTRY_SIZE[0], min(ENTRY_SIZE[1], row - 6)
        total = HEADER + row * len(self.items)
        rect = pygame.Rect(0, 0, min(w - 2 * MARGIN, PANEL_WIDTH), total)
        rect.center = (w // 2, h // 2)
        for i, (b, _) in enumerate(self.items):
            b.rect = pygame.Rect(rect.left + INDENT, rect.top + ENTRIES_TOP + i * row, bw, bh)
        return rect

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(surface.get_size()), (0, 0))
        rect = self.place()
        draw_panel(surface, rect)
        title = fonts.text("Four Trumps", HEADLINE_SIZE, GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.top + TITLE_TOP)))
        sub = fonts.text("♠ ♥ ♦ ♣  four trick-taking games at one table", SUBTITLE_SIZE, INK)
        surface.blit(sub, sub.get_rect(midtop=(rect.centerx, rect.top + SUBTITLE_TOP)))
        mouse = pygame.mouse.get_pos()
        room = rect.right - (rect.left + INDENT + ENTRY_SIZE[0]) - 2 * MARGIN
        size = NOTE_SIZE
        while size > SMALLEST_LINE_SIZE and any(fonts.font(size).size(line)[0] > room
                                                for _, line in self.items):
            size -= 1
        for i, (b, line) in enumerate(self.items):
            b.draw(surface, b.rect.collidepoint(mouse), i == self.focus)
            if line:
                ls = fonts.fit(line, size, room, INK)
                surface.blit(ls, ls.get_rect(midleft=(b.rect.right + 2 * GAP, b.rect.centery)))

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_LEFT):
                self.focus = (self.focus - 1) % len(self.items)
            elif event.key in (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_TAB):
                self.focus = (self.focus + 1) % len(self.items)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.items[self.focus][0].action()
            elif event.key == pygame.K_ESCAPE:
                self.host.quit()
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.place()
            for i, (b, _) in enumerate(self.items):
                if b.rect.collidepoint(event.pos):
                    self.focus = i
                    b.action()
                    break
            return None
        return event
