"""What kind of table it is: the game in progress, or a practice hand
(:mod:`..scenes.practice_table`).

The table is the same for both; its :class:`TablePolicy` says what differs — whether the match
is the one the session saves and the statistics count, the summary's title, lines and buttons
(the game's own offers the review and par), a badge on the felt, and what Escape opens.
(Saving and counting themselves are the session's: it saves and counts its own match only, and
a practice's match never is the session's — :attr:`TablePolicy.saved` and
:attr:`TablePolicy.counted` state which kind of match the table plays.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...i18n import _
from ..host import open_scene
from ..layout import Table
from ..render import fonts
from ..theme import GOLD
from ..widgets import Button, draw_panel

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from ..scenes.table import TableScene


BADGE_TEXT = 15
BADGE_BELOW_NORTH = 8
BADGE_PAD = (20, 8)


class TablePolicy:
    """The table of the game in progress: saved, counted; its summary leads to the next hand
    (or a new game), and Escape opens the in-game menu."""

    saved = True
    """The match is the session's, saved after every action."""
    counted = True
    """Its finished hands count in the statistics."""
    badge: str | None = None
    """A line shown on the felt under North's cards."""

    def summary(self, table: TableScene) -> tuple[str, list[str], list[Button]]:
        """The summary's title, lines and buttons once the hand is over (the coach adds its
        review), with the sound of a hand won or lost and the cheer of a hand won
        (:class:`~..celebrate.Cheer`); the summary widget is told how to say
        it again should the language change while it is up."""
        won = table.model.summary().won
        if won is not None:
            table.host.session.sound.play("won" if won else "lost")
        view = table.summary_view
        if won:  # a hand won: cheered over the summary, more when it won the game too
            match = table.model.match

            def box() -> pygame.Rect | None:  # not under another scene (it would stand still)
                return view.box(table.size)[0] if view.shown and table.host.top is table \
                    else None

            table.middle.cheer.start(box, match.over, match.seed * 1009 + len(match.hands))
        view.four_colour = table.host.session.settings.four_colour

        def retell() -> tuple[str, list[str], list[Button]]:
            view.piles = table.model.piles()  # each side's winnings (:mod:`.result_view`)
            return self.told(table)

        view.retell = retell
        return retell()

    def told(self, table: TableScene) -> tuple[str, list[str], list[Button]]:
        """The summary's title, lines and buttons in the current language (no sound)."""
        s = table.model.summary()
        if table.model.match.over:
            buttons = [Button(_("See the final score"), lambda: self.game_over(table)),
                       Button(_("New game"), lambda: self.new_game(table)),
                       Button(_("Main menu"), lambda: self.main_menu(table))]
        else:
            buttons = [Button(_("Next hand"), table.next_hand)]
        return s.title, s.lines, buttons + table.coach.summary_buttons() + self.par(table)

    @staticmethod
    def par(table: TableScene) -> list[Button]:
        """"Par" after a hand the player played (issue 27: "How would the strong player have
        done?"): the strong player plays the same cards in South's seat in the AI's workers
        (:meth:`game.ui.par.Pars.start`, one run per hand: named by the game, its table, its
        seed and the hand's number) and the comparison opens (:mod:`..scenes.par_compare`).

        **Decision**: only the game in progress offers it — a practice or guided hand's
        summary is its policy's own — and only when a person played South (autoplay has no
        play of the player's to compare)."""
        host, match = table.host, table.model.match
        if match.player_for(0) != "human":
            return []

        def compare() -> None:
            record = match.record()["hands"][-1]
            name = f"{match.game}/{match.table.size}/{match.seed}/{len(match.hands)}"
            run = host.session.pars.start(name, record, match.seats, match.seed)
            host.push(open_scene(host, "par", mine=record, run=run))

        return [Button(_("Par"), compare, hint=_("How would the strong player have done?"))]

    def open_menu(self, table: TableScene) -> None:
        """Escape: the in-game menu."""
        table.host.push(open_scene(table.host, "pause"))

    def open_score_sheet(self, table: TableScene) -> None:
        """S at the table: the score sheet of the table's game."""
        table.host.push(open_scene(table.host, "score-sheet", match=table.match))

    def game_over(self, table: TableScene) -> None:
        """The end-of-game screen over the last summary."""
        table.host.push(open_scene(table.host, "game-over", match=table.match,
                                   new_game=lambda: self.new_game(table),
                                   main_menu=lambda: self.main_menu(table)))

    @staticmethod
    def new_game(table: TableScene) -> None:
        """A new game of the same game."""
        table.host.start_game(table.model.game)

    @staticmethod
    def main_menu(table: TableScene) -> None:
        """The game is over: back to the main menu, no game in progress."""
        table.host.session.match = None
        table.host.replace_all(open_scene(table.host, "menu"))


GAME = TablePolicy()
"""The policy of the game in progress."""


def draw_badge(surface: pygame.Surface, badge: str, geo: Table) -> None:
    """A policy's ``badge`` (in the current language) under North's cards, clear of the
    trick."""
    text = fonts.text(badge, BADGE_TEXT, GOLD, bold=True)
    under_north = geo.seat_pos[2][1] + geo.small[1] // 2 + BADGE_BELOW_NORTH
    rect = text.get_rect(midtop=(geo.size[0] // 2, under_north)).inflate(*BADGE_PAD)
    draw_panel(surface, rect)
    surface.blit(text, text.get_rect(center=rect.center))
