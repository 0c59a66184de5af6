"""The deal of the day's results (issue 27): one column per game (French Tarot's table size
chosen under its name, as on the Statistics page) with the days played, the days better than,
equal to and worse than par, the mean difference in the game's unit and the current streak;
below, the chosen column's difference from par on each day and its running mean (large, its
axes named, on a page of its own by P, a click on it or its "Larger (P)" button:
:mod:`.plot_page`), and a line that says what par is worth.

The figures are :meth:`game.ui.daily_book.DailyBook.summary` and
:meth:`~game.ui.daily_book.DailyBook.diffs` of the session's book (``host.session.daily``),
as of ``today`` (the session's date, :attr:`~game.ui.session.Session.today`, unless given).

**Decision** (honest figures): par is one play of the strong player, not the best result
possible: the page never calls it optimal, and says under the plot that one day's difference
is mostly luck and that the mean over many days says more.
"""

from __future__ import annotations

import datetime
from functools import partial
from typing import TYPE_CHECKING

import pygame

from ...engine import daily, games
from ...i18n import N_, _, ngettext, number, say
from ..host import register
from ..plot import Axes, draw_dots_and_line, running_mean
from ..render import fonts
from ..theme import FINE_SIZE, GOLD, INK, MUTED, NOTE_SIZE, SMALL_BUTTON_SIZE
from ..widgets import Button
from .page import PageScene, body_size, game_title
from .plot_page import LARGER_KEY, larger_button, open_larger, place_larger
from .statistics import (
    ABOVE_PLOT,
    CELL_ROOM,
    LABEL_ROOM,
    PLOT_HEIGHT,
    ROW_PAD,
    SIZE_BUTTON,
    SIZE_BUTTON_TEXT,
    SIZE_GAP,
    SIZE_KEYS,
    TIGHT_ROW_PAD,
)

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from ..daily_book import DailySummary
    from ..host import Host

ROWS = (N_("Days played"), N_("Better than par"), N_("Equal to par"), N_("Worse than par"),
        N_("Mean difference"), N_("Current streak (days)"))
"""The table's rows, one figure of :class:`~game.ui.daily_book.DailySummary` each."""
HONEST = N_("Par is one play of the strong player on the same cards, not the best possible "
            "result: one day's difference is mostly luck; the mean over many days says more.")
"""The line under the plot."""
TITLE_BUTTON = 30
"""The height of a column's title (a button: it chooses the plot's column)."""
BELOW_PLOT = 8
"""Between the plot and the line under it."""
PLOT_ROOM = 1.1
"""The plot's bounds are the greatest difference times this (no dot lies on an axis)."""


def signed(value: float, places: int) -> str:
    """``value`` with its sign ("+1.4", "−2", "0"), ``places`` decimals, the language's
    decimal mark (:func:`game.i18n.number`)."""
    return number(value, places, sign=True)


def column_title(game: str, players: int) -> str:
    """A column's title for the plot's line: the game's, with the table size when it is not
    four ("French Tarot · 5 players")."""
    if players == 4:
        return game_title(game)
    return ngettext("{game} · {n} player", "{game} · {n} players", players).format(
        game=game_title(game), n=players)


@register("daily-statistics")
class DailyStatisticsScene(PageScene):
    """The deal of the day's results against par, per game."""

    title = N_("Deal of the day: your results")
    hint = N_("←/→: choose a game and its plot · 3 4 5: French Tarot's players · Esc: back")
    arrows_switch_tabs = False

    def __init__(self, host: Host, today: datetime.date | None = None) -> None:
        self.today = today if today is not None else host.session.today()
        self.book = host.session.daily.load()
        self.notice, self.book.notice = self.book.notice, None  # said here, once
        self.columns = games.names()
        """The games, one column each."""
        self.players = {g: 4 for g in self.columns if len(daily.sizes_of(g)) > 1}
        """The table size each game dealt at several shows (French Tarot: 4 until chosen)."""
        self.size_buttons = {g: [Button(str(n), partial(self.show_players, g, n),
                                        size=SIZE_BUTTON_TEXT) for n in daily.sizes_of(g)]
                             for g in self.players}
        self.title_buttons = [Button("", partial(self.choose, j), size=SMALL_BUTTON_SIZE)
                              for j in range(len(self.columns))]
        self.focus = 0
        """The column whose plot shows."""
        self.cells: list[tuple[pygame.Surface, pygame.Rect]] = []
        """Each drawn text and its rect relative to the content's top left."""
        self.plot_rect = pygame.Rect(0, 0, 0, 0)
        """Where the chosen column's plot goes, relative to the content (empty: none)."""
        self.shown: list[tuple[str, int]] = []
        """The chosen column's days with par and their differences, as laid out (a frame
        draws them without asking the book again)."""
        self.larger = larger_button(self.open_plot)
        """Opens the plot large (:mod:`.plot_page`); placed while there is a plot."""
        super().__init__(host, tabs=False)

    @property
    def keys(self) -> list[str]:
        """The book's key of each column: each game at the table size it shows."""
        return [daily.key_of(g, self.players.get(g, 4)) for g in self.columns]

    def choose(self, j: int) -> None:
        """Show column ``j``'s plot."""
        self.focus = j
        self.relayout()

    def show_players(self, game: str, players: int) -> None:
        """Show ``game``'s deal at ``players`` in its column (and its plot)."""
        self.players[game] = players
        self.choose(self.columns.index(game))

    def summary(self, j: int) -> DailySummary:
        """Column ``j``'s figures."""
        return self.book.summary(self.keys[j], self.today)

    def values(self, j: int) -> list[str]:
        """What column ``j``'s cells show, one per row of :data:`ROWS`."""
        s = self.summary(j)
        mean = "—"
        if s.mean is not None:
            mean = _("{average} {unit}").format(
                average=signed(s.mean, 1), unit=say(daily.unit(self.columns[j], 2)))
        return [number(s.played), number(s.better), number(s.equal), number(s.worse), mean,
                number(s.streak)]

    def plot_title(self, count: int) -> str:
        """What the plot shows, in a line."""
        game = self.columns[self.focus]
        title = column_title(game, self.players.get(game, 4))
        if count == 0:
            return _("{game}: no day compared with par yet — your results over time show "
                     "here.").format(game=title)
        return ngettext("{game}: your difference from par on each day (dots) and its running "
                        "mean (line), over {n} day",
                        "{game}: your difference from par on each day (dots) and its running "
                        "mean (line), over {n} days", count).format(game=title, n=count)

    # -- layout --------------------------------------------------------------------------------

    def layout_content(self, width: int) -> int:
        """The table with its rows :data:`ROW_PAD` apart, closer when the page would scroll
        otherwise; then the plot and the line under it."""
        bottom = self.layout_table(width, ROW_PAD)
        if bottom <= self.view.h:
            return bottom
        return self.layout_table(width, TIGHT_ROW_PAD)

    def layout_table(self, width: int, pad: int) -> int:
        """Lay everything out with the table's rows ``pad`` pixels beyond a line; returns
        the content's height."""
        size = body_size(self.host.size)
        row_h = fonts.font(size).get_linesize() + pad
        labels = [_(label) for label in ROWS]
        label_w = min(width // 3, max(fonts.font(size).size(t)[0] for t in labels) + LABEL_ROOM)
        col_w = (width - label_w) // len(self.columns)
        self.cells = []

        def cell(s: pygame.Surface, rect: pygame.Rect, centre: bool) -> None:
            self.cells.append((s, s.get_rect(center=rect.center) if centre
                               else s.get_rect(midleft=rect.midleft)))

        y = 0
        if self.notice:
            for line in fonts.wrap(say(self.notice), size, width):
                cell(fonts.text(line, size, GOLD), pygame.Rect(0, y, width, row_h), False)
                y += row_h
            y += pad
        for j, (game, b) in enumerate(zip(self.columns, self.title_buttons, strict=True)):
            b.label = game_title(game)
            b.selected = j == self.focus
            b.rect = pygame.Rect(label_w + j * col_w + SIZE_GAP, y, col_w - 2 * SIZE_GAP,
                                 TITLE_BUTTON)
        y += TITLE_BUTTON + pad
        if self.size_buttons:
            y = self.layout_sizes(y, label_w, col_w, size, pad)
        columns = [self.values(j) for j in range(len(self.columns))]
        for i, label in enumerate(labels):
            cell(fonts.fit(label, size, label_w - CELL_ROOM, INK),
                 pygame.Rect(0, y, label_w, row_h), False)
            for j, shown in enumerate(columns):
                cell(fonts.fit(shown[i], size, col_w - CELL_ROOM, INK),
                     pygame.Rect(label_w + j * col_w, y, col_w, row_h), True)
            y += row_h
        return self.layout_plot(y + pad, width)

    def layout_sizes(self, y: int, label_w: int, col_w: int, size: int, pad: int) -> int:
        """Under the names of the games dealt at several table sizes, the choice of the size
        their column shows ("3 4 5 players"); returns the row's bottom."""
        words = fonts.text(_("players"), size, MUTED)
        bw, bh = SIZE_BUTTON
        for j, game in enumerate(self.columns):
            buttons = self.size_buttons.get(game, [])
            if not buttons:
                continue
            x = label_w + j * col_w + (col_w - len(buttons) * (bw + SIZE_GAP)
                                       - words.get_width()) // 2
            for b, n in zip(buttons, daily.sizes_of(game), strict=True):
                b.rect = pygame.Rect(x, y, bw, bh)
                b.selected = n == self.players[game]
                x += bw + SIZE_GAP
            self.cells.append((words, words.get_rect(midleft=(x, y + bh // 2))))
        return y + bh + pad

    def layout_plot(self, y: int, width: int) -> int:
        """The plot's line, the plot (when there are days to draw: the height the view has
        left, within :data:`~.statistics.PLOT_HEIGHT`) and the honest line under it; returns
        the content's bottom."""
        self.shown = self.book.diffs(self.keys[self.focus])
        count = len(self.shown)
        room = place_larger(self.larger, width, y) if count else width
        line = fonts.fit(self.plot_title(count), NOTE_SIZE, room, MUTED)
        self.cells.append((line, line.get_rect(topleft=(0, y))))
        y += fonts.font(NOTE_SIZE).get_linesize() + ABOVE_PLOT
        step = fonts.font(NOTE_SIZE).get_linesize()
        honest = fonts.wrap(_(HONEST), NOTE_SIZE, width)
        if count:
            least, most = PLOT_HEIGHT
            room = self.view.h - y - BELOW_PLOT - step * len(honest)
            self.plot_rect = pygame.Rect(0, y, width, max(least, min(most, room)))
            y = self.plot_rect.bottom + BELOW_PLOT
        else:
            self.plot_rect = pygame.Rect(0, y, 0, 0)
        for text in honest:
            s = fonts.text(text, NOTE_SIZE, INK)
            self.cells.append((s, s.get_rect(topleft=(0, y))))
            y += step
        return y

    # -- drawing and input ---------------------------------------------------------------------

    def draw_content(self, surface: pygame.Surface, origin: tuple[int, int]) -> None:
        x0, y0 = origin
        for s, r in self.cells:
            surface.blit(s, r.move(x0, y0))
        mouse = pygame.mouse.get_pos()
        if self.shown and self.plot_rect.h:
            self.draw_plot(surface, self.plot_rect.move(x0, y0))
            larger = Button(self.larger.label, self.open_plot, self.larger.rect.move(x0, y0),
                            size=self.larger.size)
            larger.draw(surface, larger.rect.collidepoint(mouse), False)
        for b in (*self.title_buttons, *(b for row in self.size_buttons.values() for b in row)):
            drawn = Button(b.label, b.action, b.rect.move(x0, y0), size=b.size,
                           selected=b.selected)
            drawn.draw(surface, drawn.rect.collidepoint(mouse), False)

    def draw_plot(self, surface: pygame.Surface, rect: pygame.Rect, axes: Axes | None = None,
                  size: int = FINE_SIZE) -> None:
        """The chosen column's differences from par and their running mean in ``rect``
        (labels included): small on the page, large with its ``axes`` named on the plot's
        own page."""
        diffs = self.shown
        values = [float(d) for _day, d in diffs]
        most = max(1.0, *(abs(v) for v in values))
        room = most * PLOT_ROOM
        draw_dots_and_line(surface, rect, values, running_mean(values),
                           [(0.0, _("par")), (most, signed(most, 0)), (-most, signed(-most, 0))],
                           (diffs[0][0] if len(diffs) > 1 else "", diffs[-1][0]),
                           (-room, room), axes=axes, size=size)

    def open_plot(self) -> None:
        """The chosen column's plot, large, with its axes named (when it has days)."""
        if self.shown:
            open_larger(self.host, _(self.title), self.plot_title(len(self.shown)),
                        self.draw_plot, (_("Difference from par"), _("Days, oldest to latest")))

    def on_key(self, event: pygame.event.Event) -> bool:
        k = event.key
        if k == LARGER_KEY:
            self.open_plot()
            return True
        if k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
            back = k == pygame.K_LEFT or getattr(event, "mod", 0) & pygame.KMOD_SHIFT
            self.choose((self.focus + (-1 if back else 1)) % len(self.columns))
            return True
        typed = SIZE_KEYS.get(k)
        for game in (g for g in self.players if typed in daily.sizes_of(g)):
            assert typed is not None
            self.show_players(game, typed)
            return True
        return False

    def on_click(self, pos: tuple[int, int]) -> bool:
        if self.shown and (self.plot_rect.collidepoint(pos)
                           or self.larger.rect.collidepoint(pos)):
            self.open_plot()
            return True
        for b in (*self.title_buttons, *(b for row in self.size_buttons.values() for b in row)):
            if b.rect.collidepoint(pos):
                b.action()
                return True
        return False
