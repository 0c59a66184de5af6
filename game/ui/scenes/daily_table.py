"""The table of a deal of the day (issue 27): ``open_scene(host, "daily-table", game=…,
players=…, day=…)``, pushed over the daily page.

It is the ordinary table (:class:`~.table.TableScene`, with the learning mode as the player
has it) playing the day's one-hand match (:func:`game.ui.daily_play.daily_match`) under the
:class:`DailyPolicy`: never the session's game, so nothing of it is saved as a game or counted
in the ordinary statistics; instead its actions are kept in the
:class:`~game.ui.daily_book.DailyBook` after every change (a kill or a Leave resumes it at the
same action), and its result is kept with the day once the hand is over. Par of the same deal
starts as the table opens (:func:`~game.ui.daily_play.start_par`), in the AI's workers.

The summary shows the hand's result and leads to the comparison with par (the "par" scene),
the daily page or the main menu; Escape opens :class:`DailyMenu`.

**Decision** (a day played again): the day's first finished play is the one kept and compared
in the statistics; a later play of the same deal is compared with par all the same, and its
summary says it is not counted.
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

from ...engine import daily, records
from ...i18n import N_, _, say
from .. import daily_play
from ..coach import Coach
from ..host import leave, open_scene, register
from ..table.model import TableModel
from ..table.policy import TablePolicy
from ..widgets import Button
from .overlay import ButtonScene
from .statistics import column_title
from .table import TableScene

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from ..host import Host

BADGE = N_("Deal of the day")


def long_date(day: datetime.date) -> str:
    """``day`` written for the player ("26 November 2026"; in French "26 novembre 2026")."""
    months = (N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"),
              N_("July"), N_("August"), N_("September"), N_("October"), N_("November"),
              N_("December"))
    return _("{day} {month} {year}").format(day=day.day, month=_(months[day.month - 1]),
                                           year=day.year)


class DailyModel(TableModel):
    """The table's model with the score panel of one hand: no game score nor goal (the deal
    of the day is one hand), its last line "Deal of the day".

    **Decision**: as at a guided hand, the badge is a line of the score panel rather than a
    box on the felt (:class:`~..table.lesson_parts.LessonModel` says why)."""

    def score_lines(self) -> list[tuple[str, bool]]:
        lines = super().score_lines()
        body = lines[1:-2]  # the contract, the bids, the tricks: not the game score, the goal
        return [(say(self.match.spec.title), True), *body, (_(BADGE), True)]


class DailyPolicy(TablePolicy):
    """A deal of the day: not saved as a game, not counted in the ordinary statistics; its
    summary leads to the comparison with par."""

    saved = False
    counted = False
    badge = None  # a line of the score panel (:class:`DailyModel`)

    def __init__(self, key: str, day: datetime.date) -> None:
        self.key = key
        self.day = day
        self.counted_play: bool | None = None
        """Whether this play is the day's counted one (known once the hand is over)."""

    def told(self, table: TableScene) -> tuple[str, list[str], list[Button]]:
        """The hand's result, whether it counts, then Compare with par / Deal of the day /
        Main menu."""
        result = table.hand.result()
        assert result is not None
        host = table.host
        lines = [*table.model.shown.result_lines(result)]
        if self.counted_play is False:
            lines.append(_("You had already played this deal: this play is not counted."))
        else:
            lines.append(_("Kept in your deal of the day results."))
        buttons = [Button(_("Compare with par"), lambda: compare(table)),
                   Button(_("Deal of the day"), lambda: leave(host, table)),
                   Button(_("Main menu"), lambda: host.replace_all(open_scene(host, "menu")))]
        title = _("Deal of the day over: {date}").format(date=long_date(self.day))
        return title, lines, buttons

    def open_menu(self, table: TableScene) -> None:
        """Escape: the deal of the day's menu."""
        table.host.push(DailyMenu(table.host, table))


def compare(table: TableScene) -> None:
    """The comparison of this play with par (par's run: the one under way, or started)."""
    assert isinstance(table, DailyTable)
    host = table.host
    run = daily_play.start_par(host.session, table.key, table.day, table.match.seats)
    heading = _("{game} · deal of {date}").format(game=column_title(table.key),
                                                  date=long_date(table.day))
    host.push(open_scene(host, "par", mine=dict(table.match.hands[-1]), run=run,
                         heading=heading))


@register("daily-table")
class DailyTable(TableScene):
    """The table of ``game``'s deal of ``day`` at ``players`` (see the module's docstring),
    resumed where it was left unless ``fresh``."""

    parts = (DailyModel, Coach)

    def __init__(self, host: Host, game: str, day: datetime.date, players: int = 4,
                 fresh: bool = False) -> None:
        session = host.session
        self.key = daily.key_of(game, players)
        self.day = day
        book = session.daily.load()
        notice = book.notice
        book.notice = None
        kept = book.progress(self.key)
        seats = daily_play.seats_for(session.settings, game, players)
        actions: list[dict[str, object]] = []
        if kept is not None and kept[0] == day and not fresh:
            seats, actions = dict(kept[2]), kept[1]
        try:
            match = daily_play.daily_match(game, players, day, seats, actions)
        except records.RecordError:
            notice = _("Your place in this deal was not found again: it starts from the "
                       "beginning.")
            match = daily_play.daily_match(game, players, day, seats)
        self.kept = len(actions)
        """Actions of the hand kept in the book so far."""
        super().__init__(host, match, policy=DailyPolicy(self.key, day))
        daily_play.start_par(session, self.key, day, match.seats)
        if notice:
            self.say(notice, 6.0)

    @property
    def daily_policy(self) -> DailyPolicy:
        """The table's policy (a :class:`DailyPolicy`)."""
        assert isinstance(self.policy, DailyPolicy)
        return self.policy

    def update(self, dt: float) -> None:
        """As the table's; the hand's actions are kept whenever they changed (a play, an
        undo), and the result as soon as the hand is over (:meth:`keep_result`)."""
        super().update(dt)
        actions = self.match.hands[-1]["actions"]
        if self.hand.done:
            self.keep_result()
        elif len(actions) != self.kept:
            self.kept = len(actions)
            self.host.session.daily.keep_progress(self.key, self.day, actions, self.match.seats)

    def keep_result(self) -> None:
        """Keep the finished hand's result with its day, once (the summary then says whether
        this play counts)."""
        if self.daily_policy.counted_play is None:
            self.daily_policy.counted_play = daily_play.finish(
                self.host.session, self.key, self.day, self.match)

    def open_summary(self) -> None:
        """The result is kept before the summary says whether it counts (the summary may
        open within the frame's update, before :meth:`update` looks)."""
        self.keep_result()
        super().open_summary()


class DailyMenu(ButtonScene):
    """Escape at the deal of the day: go on, read the rules, leave (the progress kept),
    quit."""

    title = N_("Deal of the day")
    opaque = False

    def __init__(self, host: Host, table: TableScene) -> None:
        self.table = table
        super().__init__(host)

    def build(self) -> None:
        self.items = [Button(_("Resume the deal"), self.host.pop),
                      Button(_("Rules"), self.rules),
                      Button(_("Leave (your place is kept)"),
                             lambda: leave(self.host, self.table)),
                      Button(_("Quit"), self.host.quit)]

    def rules(self) -> None:
        """The rules page of the deal's game."""
        self.host.push(open_scene(self.host, "rules", game=self.table.model.game))
