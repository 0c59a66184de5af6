"""Undo in learning mode (:class:`CoachUndo`, a part of :class:`~.coach.Coach`): why it may
not be done now, the Undo button's tip — which says so when an undo has just worked — and taking
South's last decision back through the match, the table shown as it was before it."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from ..i18n import _, say

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from .advice import Advice
    from .coach_table import CoachTable
    from .table.model import Moment, TableModel

NOTHING_TO_TAKE_BACK = "There is nothing of yours to take back"
"""The match's refusal when the last action is not South's (:meth:`Match.undo_refusal`)."""


class CoachUndo:
    """Undo at one table; the coach gives it its table, model, advice, note and marks."""

    table: CoachTable
    model: TableModel
    advice: Advice
    note: tuple[str, float, Hashable] | None
    _undo: tuple[Hashable, str | None]
    taken_at: Moment | None
    """The moment an undo left the table at (the Undo button's tip says it worked)."""

    @property
    def on(self) -> bool:
        """Learning mode is on (Undo is part of it)."""
        raise NotImplementedError

    def mark(self) -> tuple[int, int]:
        """The current hand and its record length."""
        raise NotImplementedError

    def undo_refusal(self) -> str | None:
        """Why Undo is not possible now (``None``: it is), as the match says it (cached per
        position; :func:`~game.i18n.say` it to show it)."""
        m = self.model.match
        actions = m.hands[-1]["actions"]
        key = (len(m.hands), len(actions), m.hand.done,
               repr(actions[-1]) if actions else None)  # after an undo, another action
        if self._undo[0] != key:
            self._undo = (key, m.undo_refusal(0))
        return self._undo[1]

    def undo_tip(self) -> str | None:
        """Why the Undo button is dimmed now, in the player's language (``None``: it is
        not). Just after an undo it says the undo worked and why nothing more may be taken
        back — not "There is nothing of yours to take back", as if it had failed (issue 36)."""
        refusal = self.undo_refusal()
        if refusal is None:
            return None
        if self.taken_at is None or not self.model.still(self.taken_at):
            return say(refusal, "S")
        if refusal == NOTHING_TO_TAKE_BACK:
            return _("Taken back. Nothing earlier can be taken back.")
        return _("Taken back. {why}").format(why=say(refusal, "S"))

    def undo(self) -> None:
        """Undo or Ctrl+Z: take back South's last decision (learning mode only)."""
        t = self.table
        if not self.on:
            t.say(_("Undo is part of learning mode (switch it on at the top right)"))
            return
        why = self.undo_tip()
        if why is not None:
            t.say(why)
            return
        try:
            taken = self.model.match.undo(0)
        except ValueError as refused:  # the match's own check, should the cache be behind
            self._undo = (None, None)
            t.say(say(str(refused), "S"))
            return
        now = self.mark()

        def kept(mark: Hashable) -> bool:  # not about an action just taken back
            return not (isinstance(mark, tuple) and mark[0] == now[0] and mark[1] > now[1])

        self.advice.drop(kept)
        if self.note is not None and not kept(self.note[2]):
            self.note = None
        t.undone(taken)
        self.taken_at = self.model.moment()
        t.host.session.save()  # the save agrees at once, not only at the next frame
