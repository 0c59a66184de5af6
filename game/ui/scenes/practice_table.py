"""The table for a practice hand (the review's "Replay this deal" and "Swap seats").

A :class:`PracticeTable` is the ordinary table playing a one-hand practice match
(:func:`game.ui.practice.practice_match`), pushed over the scenes it came from. It never becomes
the app's table nor its match, so nothing of it is saved or counted (see :mod:`..practice`).
It differs from the table in three things only: a "Practice" badge says so; its summary offers
"Review", "Play it again" and "Back to your game" instead of the next hand; and Escape opens a
short menu without "New game" (which would end the real game) — "Back to your game" leaves the
practice there too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from .. import words
from ..host import open_scene, register
from ..practice import practice_match
from ..render import fonts
from ..session import Match
from ..theme import GOLD
from ..widgets import Button, draw_panel
from .overlay import ButtonScene
from .table import TableScene

if TYPE_CHECKING:
    from ..host import Host

BADGE = "Practice hand · not saved, not counted"
TITLES = {True: "Practice over: your side won", False: "Practice over: your side lost",
          None: "Practice over"}


def back_to_game(host: Host) -> None:
    """Leave every practice and review scene: back to the real game's table as the player left
    it (its summary still up), else to the main menu (where Continue resumes a saved game)."""
    table = host.table
    if table is not None and host.on_stack(table):
        while host.top is not table:
            host.pop()
        return
    host.replace_all(open_scene(host, "menu"))


@register("practice-table")
class PracticeTable(TableScene):
    """The table for one practice hand (badge under North's cards, clear of the trick);
    :attr:`dealt` keeps the practice hand's record as dealt, to play it again."""

    def __init__(self, host: Host, match: Match) -> None:
        super().__init__(host, match)
        self.dealt: dict[str, Any] = match.record()["hands"][0]

    def open_summary(self) -> None:
        """The practice's own summary: the hand's result only (no game score — the practice is
        not part of any game), then Review / Play it again / Back to your game."""
        result = self.hand.result()
        assert result is not None
        self.summary_title = TITLES[words.south_won(self.match.game, result)]
        self.summary_lines = [*words.result_lines(self.match.game, result),
                              "A practice hand: it is not saved and not counted in your "
                              "statistics."]
        self.summary = [Button("Review", self.review), Button("Play it again", self.again),
                        Button("Back to your game", lambda: back_to_game(self.host))]
        self.show_last = False

    def review(self) -> None:
        """Review this practice hand (in place of the practice table)."""
        record = self.match.record()["hands"][0]
        self.host.pop()
        top = self.host.top
        if top is not None and top.name == "review" and getattr(top, "practice", False):
            self.host.pop()  # replaced, not stacked up
        self.host.push(open_scene(self.host, "review", record=record, practice=True))

    def again(self) -> None:
        """The same practice deal once more, from the start."""
        match = practice_match(self.dealt, 0, self.match.seats, self.match.seed)
        self.host.pop()
        self.host.push(PracticeTable(self.host, match))

    def open_menu(self) -> None:
        """Escape: the practice menu."""
        self.host.push(PracticeMenu(self.host))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        text = fonts.text(BADGE, 15, GOLD, bold=True)
        under_north = self.geo.seat_pos[2][1] + self.geo.small[1] // 2 + 8
        rect = text.get_rect(midtop=(self.size[0] // 2, under_north)).inflate(20, 8)
        draw_panel(surface, rect)
        surface.blit(text, text.get_rect(center=rect.center))


class PracticeMenu(ButtonScene):
    """Escape at a practice table: go on, read the rules, or leave the practice."""

    title = "Practice"
    opaque = False

    def build(self) -> None:
        self.items = [Button("Resume practice", self.host.pop), Button("Rules", self.rules),
                      Button("Back to your game", lambda: back_to_game(self.host)),
                      Button("Quit", self.host.quit)]

    def rules(self) -> None:
        """The rules page of the game at the table below."""
        below = self.host.below(self)
        game = below.match.game if isinstance(below, TableScene) else None
        self.host.push(open_scene(self.host, "rules", game=game))
