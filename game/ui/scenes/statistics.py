"""South's statistics, one column per game, each with a Reset button that asks first; below,
the chosen game's (←/→, the focused Reset button's) results over time: a plot of the share of
hands won over its latest hands, shown large with its axes named on a page of its own by P, a
click on it or its "Larger (P)" button (:mod:`.plot_page`).

The numbers come from :func:`game.storage.load_statistics`. The folder is the session's ``paths``
when it has them, else :func:`game.storage.resolve_paths` (the data folder the program would
use anyway). When the app saves through a background writer (``session.keeper.writer``, which
counts finished hands by reading and rewriting the file), the page waits for it before reading
and hands its reset to the same writer as a read-modify-write, so a count and a reset can never
overwrite each other.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from ... import storage
from ...engine import games
from ...engine.message import Message
from ...i18n import N_, _, ngettext, number, say
from ..games import presentation
from ..host import open_scene, register
from ..plot import Axes, draw_line_plot, moving_rate
from ..render import fonts
from ..theme import FINE_SIZE, GOLD, INK, LABEL_SIZE, MUTED, NOTE_SIZE, SMALL_BUTTON_SIZE
from ..widgets import LABEL_ROOM as BUTTON_LABEL_ROOM
from ..widgets import Button
from .page import ConfirmScene, PageScene, body_size, decimal, game_title, percent
from .plot_page import LARGER_KEY, larger_button, open_larger, place_larger

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from ..host import Host

Row = tuple[str, "str | tuple[str, ...]"]
"""A row of the table: its label and the statistics field (or fields, shown "22 · 23 · 6")
each game's cell shows."""
ROWS: tuple[Row, ...] = (
    (N_("Hands played"), "hands_played"),
    (N_("Hands won · lost · drawn"), ("hands_won", "hands_lost", "hands_drawn")),
    (N_("Games played"), "games_played"),
    (N_("Games won · lost · drawn"), ("games_won", "games_lost", "games_drawn")),
    (N_("Games abandoned"), "games_abandoned"),
    (N_("Winning streak: now · best"), ("streak", "best_streak")), (N_("Points"), "points"),
)
"""The table's rows of counts (the points row names its games: :func:`row_label`); the
won, lost and drawn counts share a row so that the table and the plot fit the smallest
window."""
ROW_PAD = 7
"""Added to a line's height for a row of the table (also below the games' names) ..."""
TIGHT_ROW_PAD = 4
"""... or this much when the page would scroll otherwise."""
LABEL_ROOM = 24
"""Added to the widest row label for the labels' column."""
CELL_ROOM = 8
"""Kept free in a cell around its text."""
RESET_BUTTON = (140, 36)
"""The width of a Reset button (wider when its label needs it), and its height."""
RESET_GAP = 4
"""The least gap between two Reset buttons."""
TITLE_ROW_EXTRA = 6
"""Added to a row for the games' names (a size larger)."""
ABOVE_RESETS = 12
BELOW_RESETS = 8
RATE_ROWS: tuple[Row, ...] = (
    (N_("Share of hands won"), "hands_rate"), (N_("Share of games won"), "games_rate"),
    (N_("Average per hand (last {n})"), "average"))
"""Rows after :data:`ROWS` computed from the counters (the rates) and the kept history (the
average, in the words of each game's presentation: ``average_unit``)."""
TABLE_ROWS = ROWS + RATE_ROWS
"""Every row of the table."""
RATE_WINDOW = 10
"""The plot's share of hands won is over this many latest hands at each point."""
PLOT_HEIGHT = (64, 220)
"""The plot's least height (below it the page scrolls) and its greatest."""
ABOVE_PLOT = 6
"""Between the plot's title and the plot."""
SIZE_BUTTON = (30, 24)
"""A table size's button (French Tarot's 3, 4, 5 under its name): width and height."""
SIZE_BUTTON_TEXT = 14
SIZE_GAP = 4
SIZE_KEYS = {pygame.K_3: 3, pygame.K_4: 4, pygame.K_5: 5, pygame.K_KP3: 3, pygame.K_KP4: 4,
             pygame.K_KP5: 5}
"""The keys that choose French Tarot's table size."""
"""Between two table sizes' buttons, and after the last one."""


def row_fields(field: str | tuple[str, ...]) -> tuple[str, ...]:
    """The fields a row's cell shows."""
    return (field,) if isinstance(field, str) else field


def row_label(label: str, field: str | tuple[str, ...]) -> str:
    """A row's label (``label`` a message id) in the current language; the points row names
    the games that count points ("Points (French Tarot)")."""
    if field != "points":
        return _(label).format(n=storage.HAND_HISTORY)
    counted = [game_title(n) for n in games.names() if presentation(n).points_in_statistics]
    return _("Points ({games})").format(games=", ".join(counted))


def table_sizes(game: str) -> tuple[int, ...]:
    """The table sizes ``game`` is played at (French Tarot: 3, 4 and 5), one when it has no
    choice."""
    players = games.get(game).players
    return tuple(sorted(players.choices)) if players is not None else ()


def column_key(game: str, players: int) -> str:
    """The statistics key of ``game``'s column showing its table of ``players``
    (:func:`game.storage.stats_key`: the file's keys are unchanged)."""
    return storage.stats_key(game, {"players": players})


def column_title(key: str) -> str:
    """A column's title: the game's, with the table size for another table ("French Tarot ·
    5 players")."""
    title = game_title(storage.stats_game(key))
    players = storage.stats_players(key)
    if storage.stats_game(key) == key:
        return title
    return ngettext("{game} · {n} player", "{game} · {n} players", players).format(
        game=title, n=players)


def data_paths(host: Host) -> storage.Paths:
    """The session's data folders if it has them, else the ones the program would
    resolve."""
    paths = host.session.paths
    return paths if paths is not None else storage.resolve_paths(None)


@register("statistics")
class StatisticsScene(PageScene):
    """Hands and games played, won, lost and drawn, streaks and (Tarot) points, per game."""

    title = N_("Statistics")
    hint = N_("←/→: choose a game and its plot · 3 4 5: French Tarot's players · "
              "Enter: reset it · G: progress · D: deal of the day · Esc: back")
    arrows_switch_tabs = False

    def __init__(self, host: Host) -> None:
        self.paths = data_paths(host)
        keeper = host.session.keeper
        self.writer = keeper.writer if keeper is not None else None
        if self.writer is not None:
            self.writer.flush(2.0)  # hands counted a moment ago are on disk
        self.stats, self.notice = storage.load_statistics(self.paths)
        self.columns = games.names()
        """The games, one column each."""
        self.players = {g: 4 for g in self.columns if table_sizes(g)}
        """The table size each game with several shows (French Tarot: 4 until chosen)."""
        self.size_buttons = {g: [Button(str(n), partial(self.show_players, g, n),
                                        size=SIZE_BUTTON_TEXT) for n in table_sizes(g)]
                             for g in self.players}
        self.reset_buttons = [Button("", partial(self.ask_column, j), size=NOTE_SIZE)
                              for j in range(len(self.columns))]
        self.focus = 0
        self.cells: list[tuple[pygame.Surface, pygame.Rect]] = []
        """Each drawn text and its rect relative to the content's top left."""
        self.size = LABEL_SIZE
        self.plot_rect = pygame.Rect(0, 0, 0, 0)
        """Where the chosen game's plot goes, relative to the content's top left (empty: no
        history to draw)."""
        self.plot_cells: list[tuple[pygame.Surface, pygame.Rect]] = []
        """The plot's title (or why there is no plot), relative to the content."""
        self.larger = larger_button(self.open_plot)
        """Opens the plot large (:mod:`.plot_page`); placed while there is a plot."""
        super().__init__(host, tabs=False)

    def label_buttons(self) -> None:
        """Back, and the learner's progress and the deal of the day's results beside it."""
        super().label_buttons()
        self.footer_buttons = [Button(_("Deal of the day"), self.open_daily,
                                      size=SMALL_BUTTON_SIZE),
                               Button(_("Your progress"), self.open_progress,
                                      size=SMALL_BUTTON_SIZE)]

    def open_progress(self) -> None:
        """Open the progress page (:mod:`.progress`) on the chosen column's game."""
        game = self.columns[self.focus]
        page = open_scene(self.host, "progress", game=game)
        if game in self.players and hasattr(page, "show_players"):
            page.show_players(game, self.players[game])
        self.host.push(page)

    def open_daily(self) -> None:
        """Open the deal of the day's results (:mod:`.daily_statistics`)."""
        self.host.push(open_scene(self.host, "daily-statistics"))

    @property
    def names(self) -> list[str]:
        """The statistics key of each column: each game, at the table size it shows."""
        return [column_key(g, self.players[g]) if g in self.players else g
                for g in self.columns]

    def show_players(self, game: str, players: int) -> None:
        """Show ``game``'s table of ``players`` in its column (and its plot)."""
        self.players[game] = players
        self.focus = self.columns.index(game)
        self.relayout()

    def ask_column(self, j: int) -> None:
        """Ask before forgetting column ``j``'s statistics (the table size it shows)."""
        self.ask_reset(self.names[j])

    def value(self, game: str, field: str) -> str:
        """What one cell shows."""
        if field == "points" and not presentation(
                storage.stats_game(game)).points_in_statistics:
            return "—"
        if field in ("hands_rate", "games_rate"):
            rate = self.stats.win_rate(game, field.removesuffix("_rate"))
            return "—" if rate is None else percent(rate)
        if field == "average":
            average = self.stats.average_points(game)
            if average is None:
                return "—"
            return _("{average} {unit}").format(
                average=decimal(average),
                unit=say(presentation(storage.stats_game(game)).average_unit))
        return number(self.stats.of(game)[field] if game in self.stats.games else 0)

    def plot_values(self) -> list[float]:
        """The chosen game's share of hands won over its latest :data:`RATE_WINDOW` hands, at
        each of its kept hands (oldest first)."""
        history = self.stats.history.get(self.names[self.focus])
        return moving_rate([o for o, _points in history.hands] if history else [], RATE_WINDOW)

    def plot_title(self, count: int) -> str:
        """What the plot shows, in a line."""
        title = column_title(self.names[self.focus])
        if count == 0:
            return _("{game}: no hands kept yet — your results over time show here.").format(
                game=title)
        return ngettext("{game}: share of hands won, over the last {window} at each point, "
                        "across your latest {n} hand",
                        "{game}: share of hands won, over the last {window} at each point, "
                        "across your latest {n} hands", count).format(
            game=title, window=RATE_WINDOW, n=count)

    def ask_reset(self, game: str) -> None:
        """Ask before forgetting ``game``'s statistics."""
        self.host.push(ConfirmScene(
            self.host, _("Reset your statistics and your progress for {game}? This cannot be "
                         "undone.").format(game=column_title(game)),
            lambda: self.reset(game), yes=_("Reset"), no=_("Keep them")))

    def reset(self, game: str) -> None:
        """Forget ``game``'s statistics, on the page and on disk, and its progress
        (:mod:`..progress_book`)."""
        self.stats.reset(game)
        self.host.session.progress.reset(game)
        if self.writer is not None:
            from ..persist import Job

            def job() -> dict[str, object]:
                stats, _notice = storage.load_statistics(self.paths)
                stats.reset(game)
                return stats.to_json()

            self.writer.put(self.paths.statistics, Job(job))
        else:
            try:
                storage.save_statistics(self.paths, self.stats)
            except OSError as err:
                self.notice = Message("The statistics could not be saved ({why}).",
                                      why=err.strerror or str(err))
        self.relayout()

    def layout_content(self, width: int) -> int:
        """The table with its rows :data:`ROW_PAD` apart, closer (:data:`TIGHT_ROW_PAD`) when
        the page would scroll otherwise with a plot (the smallest window: the same spacing
        whichever column's plot shows, and whether it has one)."""
        bottom = self.layout_table(width, ROW_PAD)
        if bottom + (0 if self.plot_rect.h else PLOT_HEIGHT[0]) <= self.view.h:
            return bottom
        return self.layout_table(width, TIGHT_ROW_PAD)

    def layout_table(self, width: int, pad: int) -> int:
        """Lay the table out with its rows ``pad`` pixels beyond a line; returns the
        content's height."""
        size = body_size(self.host.size)
        self.size = size
        row_h = fonts.font(size).get_linesize() + pad
        labels = [row_label(label, field) for label, field in TABLE_ROWS]
        widest = max(fonts.font(size).size(label)[0] for label in labels)
        label_w = min(width // 3, widest + LABEL_ROOM)
        col_w = (width - label_w) // len(self.names)
        self.cells = []

        def cell(s: pygame.Surface, rect: pygame.Rect, align: str) -> None:
            r = s.get_rect(midleft=rect.midleft) if align == "left" else s.get_rect(
                center=rect.center)
            self.cells.append((s, r))

        y = 0
        for b in self.reset_buttons:
            b.label = _("Reset…")
        if self.notice:
            for line in fonts.wrap(say(self.notice), size, width):
                cell(fonts.text(line, size, GOLD), pygame.Rect(0, y, width, row_h), "left")
                y += row_h
        for j, n in enumerate(self.columns):
            rect = pygame.Rect(label_w + j * col_w, y, col_w, row_h + TITLE_ROW_EXTRA)
            cell(fonts.fit(game_title(n), size + 1, col_w - CELL_ROOM, GOLD, bold=True),
                 rect, "centre")
        y += row_h + pad
        if self.size_buttons:
            y = self.layout_sizes(y, label_w, col_w, size, pad)
        for label, (_label, field) in zip(labels, TABLE_ROWS, strict=True):
            cell(fonts.fit(label, size, label_w - CELL_ROOM, INK),
                 pygame.Rect(0, y, label_w, row_h), "left")
            for j, n in enumerate(self.names):
                rect = pygame.Rect(label_w + j * col_w, y, col_w, row_h)
                shown = " · ".join(self.value(n, f) for f in row_fields(field))
                cell(fonts.fit(shown, size, col_w - CELL_ROOM, INK), rect, "centre")
            y += row_h
        y += ABOVE_RESETS
        widest_button, height = RESET_BUTTON
        for j, b in enumerate(self.reset_buttons):
            need = fonts.font(b.size, True).size(b.label)[0] + BUTTON_LABEL_ROOM
            b.rect = pygame.Rect(0, 0, min(max(widest_button, need), col_w - RESET_GAP), height)
            b.rect.midtop = (label_w + j * col_w + col_w // 2, y)
        return self.layout_plot(y + height + BELOW_RESETS, width)

    def layout_sizes(self, y: int, label_w: int, col_w: int, size: int, pad: int) -> int:
        """Under the names of the games played at several table sizes, the choice of the
        size their column shows ("3 4 5 players", the shown one selected); returns the row's
        bottom."""
        words = fonts.text(_("players"), size, MUTED)
        for j, game in enumerate(self.columns):
            buttons = self.size_buttons.get(game, [])
            if not buttons:
                continue
            bw, bh = SIZE_BUTTON
            wide = len(buttons) * (bw + SIZE_GAP) + words.get_width()
            x = label_w + j * col_w + (col_w - wide) // 2
            for b, n in zip(buttons, table_sizes(game), strict=True):
                b.rect = pygame.Rect(x, y, bw, bh)
                b.selected = n == self.players[game]
                x += bw + SIZE_GAP
            self.cells.append((words, words.get_rect(midleft=(x, y + bh // 2))))
        return y + SIZE_BUTTON[1] + pad

    def layout_plot(self, y: int, width: int) -> int:
        """Place the chosen game's plot title and plot from ``y`` down (the plot takes the
        view's height left, within :data:`PLOT_HEIGHT`); returns the content's bottom."""
        size = fonts.font(NOTE_SIZE).get_linesize()
        count = len(self.plot_values())
        room = place_larger(self.larger, width, y) if count else width
        line = fonts.fit(self.plot_title(count), NOTE_SIZE, room, MUTED)
        self.plot_cells = [(line, line.get_rect(topleft=(0, y)))]
        y += size + ABOVE_PLOT
        if count == 0:
            self.plot_rect = pygame.Rect(0, y, 0, 0)
            return y
        least, most = PLOT_HEIGHT
        self.plot_rect = pygame.Rect(0, y, width, max(least, min(most, self.view.h - y)))
        return self.plot_rect.bottom

    def draw_content(self, surface: pygame.Surface, origin: tuple[int, int]) -> None:
        x0, y0 = origin
        for s, r in (*self.cells, *self.plot_cells):
            surface.blit(s, r.move(x0, y0))
        if self.plot_values():
            self.draw_plot(surface, self.plot_rect.move(x0, y0))
        mouse = pygame.mouse.get_pos()
        if self.plot_values():
            larger = Button(self.larger.label, self.open_plot, self.larger.rect.move(x0, y0),
                            size=self.larger.size)
            larger.draw(surface, larger.rect.collidepoint(mouse), False)
        for b in (b for row in self.size_buttons.values() for b in row):
            drawn = Button(b.label, b.action, b.rect.move(x0, y0), size=b.size,
                           selected=b.selected)
            drawn.draw(surface, drawn.rect.collidepoint(mouse), False)
        for i, b in enumerate(self.reset_buttons):
            drawn = Button(b.label, b.action, b.rect.move(x0, y0), size=b.size)
            drawn.draw(surface, drawn.rect.collidepoint(mouse), i == self.focus)

    def draw_plot(self, surface: pygame.Surface, rect: pygame.Rect, axes: Axes | None = None,
                  size: int = FINE_SIZE) -> None:
        """The chosen game's plot in ``rect`` (labels included): small on the page, large
        with its ``axes`` named on the plot's own page."""
        values = self.plot_values()
        count = len(values)
        levels = (0.0, 0.5, 1.0) if axes is None else (0.0, 0.25, 0.5, 0.75, 1.0)
        draw_line_plot(surface, rect, values, [(v, percent(v)) for v in levels],
                       (ngettext("{n} hand ago", "{n} hands ago", count).format(n=count)
                        if count > 1 else "", _("latest hand")), axes=axes, size=size)

    def open_plot(self) -> None:
        """The chosen game's plot, large, with its axes named (when it has one)."""
        if self.plot_values():
            open_larger(self.host, column_title(self.names[self.focus]),
                        self.plot_title(len(self.plot_values())), self.draw_plot,
                        (_("Share of hands won"), _("Your hands, oldest to latest")))

    def on_key(self, event: pygame.event.Event) -> bool:
        k = event.key
        if k == LARGER_KEY:
            self.open_plot()
            return True
        if k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
            back = k == pygame.K_LEFT or getattr(event, "mod", 0) & pygame.KMOD_SHIFT
            self.focus = (self.focus + (-1 if back else 1)) % len(self.reset_buttons)
            self.relayout()  # the plot follows the chosen game
            self.reveal(self.reset_buttons[self.focus].rect)
            return True
        typed = SIZE_KEYS.get(k)
        for game in (g for g in self.players if typed in table_sizes(g)):
            assert typed is not None
            self.show_players(game, typed)
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.reset_buttons[self.focus].action()
            return True
        if k == pygame.K_d:
            self.open_daily()
            return True
        if k == pygame.K_g:
            self.open_progress()
            return True
        return False

    def on_click(self, pos: tuple[int, int]) -> bool:
        if self.plot_values() and (self.plot_rect.collidepoint(pos)
                                   or self.larger.rect.collidepoint(pos)):
            self.open_plot()
            return True
        for b in (b for row in self.size_buttons.values() for b in row):
            if b.rect.collidepoint(pos):
                b.action()
                return True
        for i, b in enumerate(self.reset_buttons):
            if b.rect.collidepoint(pos):
                self.focus = i
                self.relayout()
                b.action()
                return True
        return False
