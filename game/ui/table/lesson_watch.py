"""A guided hand's tricks that teach nothing new, watched (issue 36): where the script offers it
(a step's ``watch``), the words come with two buttons, "Watch them" and "Play them myself".
Watching, the table plays South's moves too — the script's, through the table like the
player's own — at a quicker pace (:data:`WATCH_FACTOR` of the speed setting's durations),
until the script's next words or the player's "Let me play" (Escape, or a click on a card,
gives the seat back too).

**Decision**: Enter and Space choose "Watch them" (the focused one): a reader who only goes
on reaches the next thing taught soonest; "Play them myself" is one Tab or click away, and
"Let me play" takes the cards back at any moment.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n import _
from ...lessons.duration import WATCH_FACTOR
from ..widgets import Button, fitted_button
from .autopilot import ABOVE_HAND, BUTTON, BUTTON_TEXT
from .claim import TablePlaysForYou

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from ..scenes.lesson import LessonTable

__all__ = ["WATCH_FACTOR", "LessonPlays", "NoPlaysForYou"]


class NoPlaysForYou(TablePlaysForYou):
    """No claim, no forced card, no autopilot at a guided hand: South makes every move."""

    def step(self, seat: int) -> bool:
        return False

    def wake_in(self, now: float) -> float | None:
        return None

    @property
    def buttons(self) -> list[Button]:
        return []


class LessonPlays(NoPlaysForYou):
    """South's moves played by the script while the player watches a stretch the script
    offered; "Let me play" above South's hand meanwhile."""

    table: LessonTable

    def watching(self) -> bool:
        """The table plays South's next move (the player chose to watch)."""
        t = self.table
        return t.hand.to_act == 0 and not t.hand.done and t.guide.watching(t.played)

    def step(self, seat: int) -> bool:
        """South's move, when watched and its short think is over (the script's, as the
        other seats'); True while the table plays South's seat."""
        t = self.table
        if seat != 0 or not self.watching():
            return False
        action = t.ai.poll(0, t.clock(), t.speed(), False)
        if action is not None:
            t.perform(action)
        return True

    def wake_in(self, now: float) -> float | None:
        return self.table.ai.wake_in(now) if self.watching() else None

    def stop(self) -> bool:
        """The player takes South's cards back; False when the table was not playing
        them."""
        t = self.table
        if t.guide.watch_until is None or t.guide.watch_until <= t.played:
            t.guide.watch_until = None
            return False
        t.guide.watch_until = None
        t.ai.drop()
        return True

    @property
    def buttons(self) -> list[Button]:
        """"Let me play" while the table plays a watched stretch."""
        t = self.table
        if t.guide.watch_until is None or t.played >= t.guide.watch_until or t.hand.done:
            return []
        side = t.panel.side_top()
        above = t.fan.clear_top() if side is None else side
        return [fitted_button(_("Let me play"), self.stop, BUTTON, BUTTON_TEXT,
                              (t.size[0] // 2, above - ABOVE_HAND),
                              _("The table is playing your cards until the lesson has "
                                "something new to show (Esc stops it)"))]


def offer_buttons(table: LessonTable, midbottom: tuple[int, int], size: int,
                  height: int) -> list[Button]:
    """The offer's two buttons side by side, their row's bottom centre at ``midbottom``:
    "Watch them" then "Play them myself"."""
    gap = 8
    watch = fitted_button(_("Watch them"), table.watch, (120, height), size, (0, 0))
    play = fitted_button(_("Play them myself"), table.go_on, (120, height), size, (0, 0))
    width = watch.rect.width + gap + play.rect.width
    left = midbottom[0] - width // 2
    watch.rect.bottomleft = (left, midbottom[1])
    play.rect.bottomleft = (watch.rect.right + gap, midbottom[1])
    return [watch, play]
