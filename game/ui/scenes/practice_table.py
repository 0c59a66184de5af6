"""The table for a practice hand (the review's "Replay this deal" and "Swap seats").

A practice is the ordinary table (:class:`~.table.TableScene`) playing a one-hand practice match
(:func:`game.ui.practice.practice_match`) under the :class:`PracticePolicy`, pushed over the
scenes it came from. Its match is never the session's, so nothing of it is saved or counted
(see :mod:`..practice`). The policy differs from the game's in three things only: a "Practice"
badge says so; the summary offers "Review", "Play it again" and "Back to your game" instead of
the next hand; and Escape opens a short menu without "New game" (which would end the real
game) — "Back to your game" leaves the practice there too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...i18n import N_, _
from ..host import open_scene, register
from ..practice import practice_match
from ..session import Match
from ..table.policy import TablePolicy
from ..widgets import Button
from .overlay import ButtonScene
from .table import TableScene

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from ..host import Host

BADGE = N_("Practice hand · not saved, not counted")
TITLES = {True: N_("Practice over: your side won"), False: N_("Practice over: your side lost"),
          None: N_("Practice over")}


def back_to_game(host: Host) -> None:
    """Leave every practice and review scene: back to the real game's table as the player left
    it (its summary still up), else to the main menu (where Continue resumes a saved game)."""
    table = host.table
    if table is not None and host.on_stack(table):
        while host.top is not table:
            host.pop()
        return
    host.replace_all(open_scene(host, "menu"))


class PracticePolicy(TablePolicy):
    """A practice hand: not saved, not counted; :attr:`dealt` keeps its record as dealt, to
    play it again."""

    saved = False
    counted = False
    badge = BADGE

    def __init__(self, match: Match) -> None:
        self.dealt: dict[str, Any] = match.record()["hands"][0]

    def told(self, table: TableScene) -> tuple[str, list[str], list[Button]]:
        """The hand's result only (no game score — the practice is not part of any game), then
        Review / Play it again / Back to your game (in the current language)."""
        result = table.hand.result()
        assert result is not None
        shown = table.model.shown
        lines = [*shown.result_lines(result),
                 _("A practice hand: it is not saved and not counted in your statistics.")]
        buttons = [Button(_("Review"), lambda: self.review(table)),
                   Button(_("Play it again"), lambda: self.again(table)),
                   Button(_("Back to your game"), lambda: back_to_game(table.host))]
        return _(TITLES[shown.south_won(result)]), lines, buttons

    @staticmethod
    def review(table: TableScene) -> None:
        """Review this practice hand (in place of the practice table; a review of an earlier
        practice under it is replaced, not stacked up)."""
        host = table.host
        record = table.match.record()["hands"][0]
        host.pop()
        top = host.top
        if top is not None and top.name == "review" and getattr(top, "practice", False):
            host.pop()
        host.push(open_scene(host, "review", record=record, practice=True))

    def again(self, table: TableScene) -> None:
        """The same practice deal once more, from the start."""
        host, match = table.host, table.match
        host.pop()
        host.push(PracticeTable(host, practice_match(self.dealt, 0, match.seats, match.seed)))

    def open_menu(self, table: TableScene) -> None:
        """Escape: the practice menu."""
        table.host.push(PracticeMenu(table.host, table.model.game))


@register("practice-table")
class PracticeTable(TableScene):
    """The name the review opens a practice by: the ordinary table given the
    :class:`PracticePolicy` (it adds nothing else)."""

    def __init__(self, host: Host, match: Match) -> None:
        super().__init__(host, match, policy=PracticePolicy(match))


class PracticeMenu(ButtonScene):
    """Escape at a practice table: go on, read the rules, or leave the practice."""

    title = N_("Practice")
    opaque = False

    def __init__(self, host: Host, game: str | None = None) -> None:
        self.game = game
        """The game at the practice table (its rules page)."""
        super().__init__(host)

    def build(self) -> None:
        self.items = [Button(_("Resume practice"), self.host.pop), Button(_("Rules"), self.rules),
                      Button(_("Back to your game"), lambda: back_to_game(self.host)),
                      Button(_("Quit"), self.host.quit)]

    def rules(self) -> None:
        """The rules page of the game at the practice table."""
        self.host.push(open_scene(self.host, "rules", game=self.game))
