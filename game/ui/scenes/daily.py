"""The deal of the day page (issue 27): ``open_scene(host, "daily")`` from the main menu.

One row per game — its deal of the shown day (French Tarot at the table size the player plays
it at, :func:`game.ui.daily_play.players_of`): whether it is played, in progress or not yet,
and once played the player's result beside the strong player's with the same cards. Each row
has Play (or Resume, or Compare, and a small Play again once played). ◀ and ▶ (or PageUp and
PageDown) show an earlier day's deals — any day up to today. "Your results" opens the results
kept (the "daily-statistics" page), Back returns.

The page waits for nothing but the player, and for par runs under way (their end wakes the
frame loop, :func:`game.ui.wake.jobs_wake_in`), so it redraws when a par is played.
"""

from __future__ import annotations

import datetime
from functools import partial
from typing import TYPE_CHECKING

import pygame

from ...engine import daily, games
from ...i18n import _, ngettext, say
from .. import daily_play
from ..host import Scene, open_scene, register
from ..par import ParRun
from ..render import fonts
from ..render.felt import felt
from ..theme import GAP, GOLD, INK, MARGIN, MUTED, NOTE_SIZE, SMALL_BUTTON_SIZE, TITLE_SIZE
from ..wake import jobs_wake_in
from ..widgets import Button, clicked, draw_panel, focus_keys
from .daily_table import long_date
from .page import game_title
from .statistics import column_title

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from ..host import Host

PANEL_WIDTH = 860
TITLE_TOP, DATE_TOP, ABOUT_TOP, ROWS_TOP = 16, 60, 106, 156
"""From the panel's top: the title, the date's row, the line about the page, the rows."""
ROW_HEIGHT = (62, 80)
"""The least and the most height of a game's row."""
FOOT = 70
"""The room below the rows (the footer's buttons)."""
PLAY_WIDTH, AGAIN_WIDTH, ARROW_WIDTH, FOOT_WIDTH = 130, 120, 44, 170
BUTTON_HEIGHT = 36
INDENT = 30
EARLIEST = datetime.date(2026, 1, 1)
"""The earliest day whose deal the page offers."""


def row_state(host: Host, key: str, day: datetime.date) -> tuple[str, str]:
    """What ``key``'s row says for ``day`` and what its main button does: ``"play"``,
    ``"resume"`` or ``"compare"``."""
    book = host.session.daily.load()
    game = daily.game_of(key)[0]
    found = book.result(key, day)
    if found is None:
        kept = book.progress(key)
        if kept is not None and kept[0] == day:
            return _("In progress"), "resume"
        return _("Not played yet"), "play"
    mine = _("You: {n} {unit}").format(n=found.score, unit=say(daily.unit(game, found.score)))
    if found.par is None:
        run = host.session.pars.get(daily_play.par_name(key, day))
        waiting = run is not None and not run.done
        tail = _("the strong player is playing your cards…") if waiting else \
            _("the strong player's result is not known yet")
        return f"{mine}  ·  {tail}", "compare"
    diff = found.score - found.par
    theirs = _("the strong player, with your cards: {n}").format(n=found.par)
    if diff == 0:
        told = _("the same")
    else:
        told = ngettext("{n} more", "{n} more", diff).format(n=diff) if diff > 0 else \
            ngettext("{n} fewer", "{n} fewer", -diff).format(n=-diff)
    return f"{mine}  ·  {theirs}  ·  {told}", "compare"


@register("daily")
class DailyScene(Scene):
    """The deal of the day page (see the module's docstring); ``day``: the day shown first
    (default today)."""

    def __init__(self, host: Host, day: datetime.date | None = None) -> None:
        super().__init__(host)
        self.day = day or host.session.today()
        self.focus = 0
        self.rows: list[tuple[str, str, Button, Button | None]] = []
        """Each game's key, its line, its main button and its small Play again."""
        self.arrows: list[Button] = []
        self.foot: list[Button] = []
        self.notice = host.session.daily.load().notice
        host.session.daily.notice = None
        daily_play.resume_pars(host.session)
        self.build()

    @property
    def keys(self) -> list[str]:
        """The deal of each game the page shows."""
        settings = self.host.session.settings
        return [daily.key_of(g, daily_play.players_of(settings, g)) for g in games.names()]

    def build(self) -> None:
        """The rows and buttons for the shown day, in the current language."""
        today = self.host.session.today()
        self.day = max(EARLIEST, min(self.day, today))
        self.rows = []
        self.waiting: set[str] = set()
        """The rows whose par is under way."""
        book = self.host.session.daily
        for key in self.keys:
            line, does = row_state(self.host, key, self.day)
            found = book.result(key, self.day)
            if found is not None and found.par is None:
                self.waiting.add(key)
            label = {"play": _("Play"), "resume": _("Resume"), "compare": _("Compare")}[does]
            main = Button(label, partial(self.act, key, does), size=SMALL_BUTTON_SIZE)
            again = Button(_("Play again"), partial(self.play, key, True),
                           size=SMALL_BUTTON_SIZE) if does == "compare" else None
            self.rows.append((key, line, main, again))
        self.arrows = [Button("◀", partial(self.shift, -1), size=SMALL_BUTTON_SIZE),
                       Button("▶", partial(self.shift, 1), size=SMALL_BUTTON_SIZE)]
        if self.day >= today:
            self.arrows[1].reason = _("Tomorrow's deal is not out yet")
        if self.day <= EARLIEST:
            self.arrows[0].reason = _("No earlier deals")
        self.foot = [Button(_("Your results"), self.results, size=SMALL_BUTTON_SIZE),
                     Button(_("Back"), self.host.pop, size=SMALL_BUTTON_SIZE)]
        self.focus = min(self.focus, len(self.buttons()) - 1)

    def buttons(self) -> list[Button]:
        """Every button in focus order: the rows', the days', the footer's (the first row's
        main button is focused first)."""
        out = []
        for _key, _line, main, again in self.rows:
            out.append(main)
            if again is not None:
                out.append(again)
        return out + self.arrows + self.foot

    def resume(self) -> None:
        self.build()

    def resize(self, size: tuple[int, int]) -> None:
        self.build()

    def wake_in(self) -> float | None:
        """Only the player, and the end of a par under way for a day shown, change the look."""
        runs = [self.host.session.pars.get(daily_play.par_name(key, self.day))
                for key in self.keys]
        return jobs_wake_in([r.future for r in runs if isinstance(r, ParRun)])

    def update(self, dt: float) -> None:
        """A par of the shown day just finished: keep it and tell it."""
        pars = self.host.session.pars
        runs = [pars.get(daily_play.par_name(key, self.day)) for key in self.waiting]
        if any(run is not None and run.done for run in runs):
            daily_play.settle(self.host.session)
            self.build()

    # -- what the buttons do -------------------------------------------------------------------

    def shift(self, days: int) -> None:
        """Show the deals ``days`` later (earlier when negative), never after today nor before
        :data:`EARLIEST`."""
        self.day += datetime.timedelta(days=days)
        self.build()

    def act(self, key: str, does: str) -> None:
        """A row's main button."""
        if does == "compare":
            self.compare(key)
        else:
            self.play(key, False)

    def play(self, key: str, fresh: bool) -> None:
        """Play ``key``'s deal of the shown day (``fresh``: from its start)."""
        game, players = daily.game_of(key)
        self.host.push(open_scene(self.host, "daily-table", game=game, players=players,
                                  day=self.day, fresh=fresh))

    def compare(self, key: str) -> None:
        """The comparison of the kept play of ``key``'s day with par."""
        session = self.host.session
        mine, par = session.daily.hands(key, self.day)
        found = session.daily.result(key, self.day)
        if mine is None or found is None:
            return
        run = ParRun.of_record(par) if par is not None else \
            daily_play.start_par(session, key, self.day, found.seats)
        heading = _("{game} · deal of {date}").format(game=column_title(key),
                                                      date=long_date(self.day))
        self.host.push(open_scene(self.host, "par", mine=mine, run=run, heading=heading))

    def results(self) -> None:
        """The results kept, per game, over time."""
        self.host.push(open_scene(self.host, "daily-statistics"))

    # -- drawing ---------------------------------------------------------------------------------

    def place(self) -> tuple[pygame.Rect, int]:
        """The panel, and each row's height; every button placed."""
        w, h = self.host.size
        least, most = ROW_HEIGHT
        row = max(least, min(most, (h - 2 * MARGIN - ROWS_TOP - FOOT) // max(1, len(self.rows))))
        rect = pygame.Rect(0, 0, min(w - 2 * MARGIN, PANEL_WIDTH),
                           ROWS_TOP + row * len(self.rows) + FOOT)
        rect.center = (w // 2, h // 2)
        self.arrows[0].rect = pygame.Rect(rect.left + INDENT, rect.top + DATE_TOP,
                                          ARROW_WIDTH, BUTTON_HEIGHT)
        self.arrows[1].rect = pygame.Rect(rect.right - INDENT - ARROW_WIDTH, rect.top + DATE_TOP,
                                          ARROW_WIDTH, BUTTON_HEIGHT)
        for i, (_key, _line, main, again) in enumerate(self.rows):
            y = rect.top + ROWS_TOP + i * row + (row - BUTTON_HEIGHT) // 2
            right = rect.right - INDENT
            if again is not None:
                again.rect = pygame.Rect(right - AGAIN_WIDTH, y, AGAIN_WIDTH, BUTTON_HEIGHT)
                right = again.rect.left - GAP
            main.rect = pygame.Rect(right - PLAY_WIDTH, y, PLAY_WIDTH, BUTTON_HEIGHT)
        y = rect.bottom - FOOT + (FOOT - BUTTON_HEIGHT) // 2
        for j, b in enumerate(self.foot):
            b.rect = pygame.Rect(0, y, FOOT_WIDTH, BUTTON_HEIGHT)
            b.rect.centerx = rect.centerx + (j * 2 - 1) * (FOOT_WIDTH + GAP) // 2
        return rect, row

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(surface.get_size()), (0, 0))
        rect, row = self.place()
        draw_panel(surface, rect)
        title = fonts.text(_("Deal of the day"), TITLE_SIZE, GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.top + TITLE_TOP)))
        today = self.host.session.today()
        when = long_date(self.day) if self.day != today else \
            _("Today, {date}").format(date=long_date(self.day))
        date = fonts.fit(when, NOTE_SIZE + 3, rect.w - 2 * (INDENT + ARROW_WIDTH + GAP), INK,
                         bold=True)
        surface.blit(date, date.get_rect(center=(rect.centerx, self.arrows[0].rect.centery)))
        about = self.notice or _("The same cards for every player on the same day. The "
                                 "strong player plays your cards too, and you see how you "
                                 "compared.")
        y = rect.top + ABOUT_TOP
        for part in fonts.wrap(about, NOTE_SIZE, rect.w - 2 * INDENT)[:2]:
            s = fonts.text(part, NOTE_SIZE, MUTED)
            surface.blit(s, s.get_rect(midtop=(rect.centerx, y)))
            y += fonts.font(NOTE_SIZE).get_linesize()
        mouse = pygame.mouse.get_pos()
        focused = self.buttons()[self.focus]
        for i, (key, line, main, _again) in enumerate(self.rows):
            top = rect.top + ROWS_TOP + i * row
            room = main.rect.left - GAP - (rect.left + INDENT)
            name = column_title(key)
            name_s = fonts.fit(name, NOTE_SIZE + 3, room, GOLD, bold=True)
            step = fonts.font(NOTE_SIZE).get_linesize()
            lines = fonts.wrap(line, NOTE_SIZE, room)[:2]
            block = name_s.get_height() + step * len(lines)
            y = top + (row - block) // 2
            surface.blit(name_s, (rect.left + INDENT, y))
            y += name_s.get_height()
            for part in lines:
                surface.blit(fonts.text(part, NOTE_SIZE, INK), (rect.left + INDENT, y))
                y += step
        for b in self.buttons():
            b.draw(surface, b.rect.collidepoint(mouse), b is focused)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        buttons = self.buttons()
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.host.pop()
                return None
            if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.shift(-1 if event.key == pygame.K_PAGEUP else 1)
                return None
            focus = focus_keys(event, buttons, self.focus)
            if focus is not None:
                self.focus = focus
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.place()
            pressed = clicked(event, buttons)
            if pressed is not None:
                self.focus = pressed
                buttons[pressed].action()
            return None
        return event


def menu_line(host: Host) -> str:
    """The main menu's line for the deal of the day: today's results against par, and how
    many of today's deals are still to play."""
    session = host.session
    today = session.today()
    book = session.daily.load()
    parts, left = [], 0
    for game in games.names():
        key = daily.key_of(game, daily_play.players_of(session.settings, game))
        found = book.result(key, today)
        if found is None:
            left += 1
        elif found.par is None:
            parts.append(_("{game} played").format(game=game_title(game)))
        else:
            diff = found.score - found.par
            sign = "+" if diff > 0 else ("±" if diff == 0 else "−")
            parts.append(_("{game} {diff} against par").format(
                game=game_title(game), diff=f"{sign}{abs(diff)}"))
    if left:
        parts.append(ngettext("{n} to play", "{n} to play", left).format(n=left))
    if left == len(games.names()):
        return _("One hand a day for each game, the same cards for everyone")
    return _("Today: {parts}").format(parts="  ·  ".join(parts))
