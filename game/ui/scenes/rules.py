"""The rules page of each game, written for a newcomer (texts in :mod:`game.ui.rules_text`),
wrapped to the window's width and scrolled with the keys or the mouse wheel; beside Back, the
game's guided hand (French Tarot: and the king call at five), played over the page."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...i18n import N_
from .. import rules_text
from ..host import register
from ..render import fonts
from ..theme import GOLD, INK
from .lesson_entry import rules_buttons
from .page import PageScene, body_size

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from ..host import Host

BULLET = "•"
BULLET_X = 4
"""From the content's left edge to a bullet."""
LINE_SPACING = 2
"""Added to the font's line height."""
HEADING_GROWTH = 4
"""A heading's size beyond the body text's."""
UNDER_HEADING = 6
DRAWN_ABOVE = 40
"""Lines that start this far above the view are still drawn (their lower part shows)."""


@register("rules")
class RulesScene(PageScene):
    """How to play each game; opens on ``game`` (the game at the table) or the first."""

    title = N_("Rules")
    """A message id: the page's frame shows it in the current language."""
    WITH_LESSON = N_("↑ ↓ PgUp PgDn: scroll · Tab: next game · G: guided hand · Esc: back")
    """The keys line when the game shown has a guided hand."""

    def __init__(self, host: Host, game: str | None = None) -> None:
        self.lines: list[tuple[pygame.Surface, int, int]] = []
        """Each drawn line: its surface and its place relative to the content's top left."""
        super().__init__(host, game)

    def label_buttons(self) -> None:
        """The tabs and Back, and the game's guided hands (:func:`.lesson_entry.rules_buttons`:
        none when its lesson cannot be played)."""
        super().label_buttons()
        self.footer_buttons = rules_buttons(self.host, self.game) if self.game else []
        self.hint = self.WITH_LESSON if self.footer_buttons else PageScene.hint

    def show_game(self, name: str) -> None:
        self.game = name
        self.label_buttons()
        super().show_game(name)

    def on_key(self, event: pygame.event.Event) -> bool:
        """G (or Enter) plays the game's guided hand; K French Tarot's king call at five."""
        wanted = {pygame.K_g: 0, pygame.K_RETURN: 0, pygame.K_KP_ENTER: 0, pygame.K_k: 1}
        index = wanted.get(event.key)
        if index is None or index >= len(self.footer_buttons):
            return False
        self.footer_buttons[index].action()
        return True

    def layout_content(self, width: int) -> int:
        """Wrap the page to ``width`` in the current language: headings in gold, paragraphs in
        ink, bullets with a hanging indent. Returns the height."""
        assert self.game is not None
        size = body_size(self.host.size)
        step = fonts.font(size).get_linesize() + LINE_SPACING
        indent = fonts.font(size).size(BULLET + "  ")[0]
        self.lines = []
        y = 0
        for k, section in enumerate(rules_text.page(self.game)):
            if k:
                y += step
            head = fonts.fit(section.heading, size + HEADING_GROWTH, width, GOLD, bold=True)
            self.lines.append((head, 0, y))
            y += head.get_height() + UNDER_HEADING
            for para in section.paragraphs:
                bullet = para.startswith(BULLET + " ")
                text = para[2:] if bullet else para
                left = indent if bullet else 0
                if bullet:
                    self.lines.append((fonts.text(BULLET, size, GOLD), BULLET_X, y))
                for line in fonts.wrap(text, size, width - left):
                    self.lines.append((fonts.text(line, size, INK), left, y))
                    y += step
                y += step // 3
        return y

    def draw_content(self, surface: pygame.Surface, origin: tuple[int, int]) -> None:
        x0, y0 = origin
        top, bottom = self.view.top - DRAWN_ABOVE, self.view.bottom
        for s, x, y in self.lines:
            if top <= y0 + y <= bottom:
                surface.blit(s, (x0 + x, y0 + y))
