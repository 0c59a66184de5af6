"""Par's comparison (issue 27; issue 36: one strong player): the player's hand beside the strong
player's play of the same cards, the difference in the game's own unit, and the decisions the
strong player shows worse — each opening the review at that step.

``open_scene(host, "par", mine=record, run=par_run, heading=None, on_back=None)``: ``mine``
the player's finished hand record, ``run`` a :class:`~game.ui.par.ParRun` of its deal (under
way or done). While par is played, and while the player's decisions are judged, the screen
says so with its progress and sleeps until a job ends (:func:`~..wake.jobs_wake_in`: no frame
is drawn for nothing); then it shows "You: 13 tricks" beside "The strong player, with your
cards: 15 tricks" (with each play's result lines), "2 tricks fewer than the strong player",
and up to three rows (:func:`game.engine.daily.differences`), each with a Review button that
opens the player's hand on that step (:class:`~.review.ReviewScene`'s ``at``). "The strong
player's hand" reviews par's own play (:class:`StrongReview`, its words the strong player's);
Back (Escape) calls ``on_back`` or leaves the screen.

**Decision** (one judging): the player's decisions are judged by the review's own checking
(:class:`~..review_checks.Checking`: the play checker in the AI's workers, its verdicts kept in
the session's :class:`~..advice.Verdicts`), not by a second judge — so a row's Review button
opens a review that says the same (✗ where the row says the strong player would have chosen
otherwise; ✓ where a row only says the cards on the table differ from there), and a verdict
the table's checker already gave is not asked again.

**Decision** (honest words): par is one play of the strong player, and its opponents' searches
may vary; the screen says "the strong player made … with your cards" and a line says it is not
the best possible result — never "optimal". The row where the two plays begin to differ says
"From here the cards on the table differ", and why.

**Decision** (where a decision is): a row is named by the review step that holds it
(:func:`~..review_steps.step_at`) — "Trick 4" is the step its Review button opens; a
declaration made during the play belongs to the trick it precedes, as in the review.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from ...engine import games, learning, records
from ...engine.ai import Decision
from ...i18n import N_, _, say
from ..host import Scene, open_scene, register
from ..par_words import Comparison, compare, difference_line, strong_line, yours_line
from ..render import fonts
from ..render.felt import felt
from ..review_checks import Checking
from ..review_steps import steps
from ..theme import (
    BUTTON_EDGE,
    BUTTON_FILL,
    FINE_SIZE,
    GAP,
    GOLD,
    HEADING_SIZE,
    INK,
    LABEL_SIZE,
    MARGIN,
    MUTED,
    NOTE_SIZE,
    PANEL_TITLE_SIZE,
    SMALL_BUTTON_SIZE,
    SUBTITLE_SIZE,
)
from ..wake import jobs_wake_in
from ..widgets import ROW_BUTTON_HEIGHT, Button, clicked, draw_panel, focus_keys
from .review import ReviewScene

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from ..host import Host
    from ..par import ParRun

TITLE_TOP, BODY_TOP = 14, 62
"""From the panel's top: the title; the columns (or the waiting lines)."""
RESULT_ROWS = 3
"""The most lines of a play's result shown under its score."""
ROW_HEIGHT, REVIEW_HEIGHT, LABEL_ROOM = 68, 32, 28
"""A row (its words and a note of up to :data:`NOTE_LINES` lines); its Review button's height;
a button's room beside its label."""
NOTE_LINES = 2
"""The most lines a row's note takes (:func:`note_lines`)."""
BUTTONS_UP, HONEST_UP = 56, 30
"""From the panel's bottom up to the row of buttons; from the buttons up to the honest line."""
BOTTOM_WIDTH = 160
"""The narrowest button of the bottom row (each is as wide as its label needs)."""
BAR = (360, 10)
"""The progress bar while par is played: width, height."""


def note_lines(note: str, width: int) -> tuple[int, tuple[str, ...]]:
    """A row's note in at most :data:`NOTE_LINES` lines of ``width``: the size it is drawn at
    (:data:`NOTE_SIZE`, smaller if need be) and its lines (the last one shortened with "…"
    when even the smallest size needs more)."""
    size = NOTE_SIZE
    lines = fonts.wrap(note, size, width)
    while len(lines) > NOTE_LINES and size > FINE_SIZE:
        size -= 1
        lines = fonts.wrap(note, size, width)
    if len(lines) > NOTE_LINES:
        last = " ".join(lines[NOTE_LINES - 1:])
        while last and not fonts.fits(last + "…", size, width):
            last = last[:-1]
        lines = (*lines[:NOTE_LINES - 1], last.rstrip() + "…")
    return size, tuple(lines)


class StrongReview(ReviewScene):
    """The review of par's play: South's hand is the strong player's, and said so."""

    YOURS = (N_("The strong player's play with your cards — {game}"),
             N_("The strong player's choice: {action}"),
             N_("No decision of the strong player's here."))


@register("par")
class ParCompareScene(Scene):
    """The player's hand ``mine`` against par ``run`` (see the module's docstring)."""

    def __init__(self, host: Host, mine: Mapping[str, Any], run: ParRun,
                 heading: str | None = None, on_back: Callable[[], None] | None = None) -> None:
        super().__init__(host)
        self.mine = dict(mine)
        self.run = run
        self.heading = heading
        self.on_back = on_back
        self.outcome: Comparison | None = None
        self.failed = False
        self.focus = 0
        self.reviews: list[Button] = []
        self.strong_button = Button(_("The strong player's hand"), self.strong_hand)
        self.back_button = Button(_("Back"), self.back)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.row_rects: list[pygame.Rect] = []
        self.checking: Checking | None = None
        try:
            judged = learning.review(self.mine, 0)
            self.checking = Checking(judged, steps(self.mine, judged), host.session)
        except (records.RecordError, KeyError, ValueError):
            self.failed = True
        self.look()

    # -- the run -----------------------------------------------------------------------------

    def judged(self) -> tuple[int, int]:
        """How many of the player's decisions the checker has judged, of how many."""
        checks = self.checking.checks if self.checking is not None else []
        return sum(c.done for c in checks), len(checks)

    def verdicts(self) -> dict[int, Decision]:
        """The checker's decision on each of the player's decisions it shows worse, by where
        the decision begins in the player's actions (a check that failed: not shown worse)."""
        if self.checking is None or self.checking.review is None:
            return {}
        return {point.index: check.better
                for point, check in zip(self.checking.review.decisions, self.checking.checks,
                                        strict=True) if check.better is not None}

    def look(self) -> None:
        """Once par is done and the player's decisions are judged, compare (once): the rows
        and their Review buttons, the focus on the first of them; a par that did not end with
        a finished hand is said so."""
        done, total = self.judged()
        if self.outcome is not None or self.failed or not self.run.done or done < total:
            return
        strong = self.run.result()
        try:
            if strong is None:
                raise ValueError("par was not finished")
            self.outcome = compare(self.mine, strong, self.verdicts())
        except (records.RecordError, KeyError, ValueError):
            self.failed = True
            self.focus = 0
            return
        self.reviews = [Button(_("Review"), partial(self.review, row.at), size=SMALL_BUTTON_SIZE)
                        for row in self.outcome.rows]
        self.focus = 0

    def update(self, dt: float) -> None:
        if self.checking is not None and self.outcome is None and not self.failed:
            self.checking.pump(0)
        self.look()

    def wake_in(self) -> float | None:
        """While par is played or a decision judged: the end of each wakes the loop (watched;
        a slow look now and then shows the progress); else only an event changes the
        screen."""
        pending = self.checking.pending.values() if self.checking is not None else ()
        return jobs_wake_in([self.run.future, *pending])

    def close(self) -> None:
        """Cancel the judging under way (in its workers); par goes on (it is the session's)."""
        if self.checking is not None:
            self.checking.close()

    # -- behaviour ---------------------------------------------------------------------------

    @property
    def buttons(self) -> list[Button]:
        """The buttons in keyboard order: the rows' Review, then the strong player's hand (once
        par is done), then Back."""
        if self.outcome is None:
            return [self.back_button]
        return [*self.reviews, self.strong_button, self.back_button]

    def review(self, at: int) -> None:
        """Open the review of the player's hand on the step holding action ``at``."""
        self.host.push(open_scene(self.host, "review", record=self.mine, seat=0, at=at))

    def strong_hand(self) -> None:
        """Open the review of par's play."""
        strong = self.run.result()
        if strong is not None:
            self.host.push(StrongReview(self.host, strong))

    def back(self) -> None:
        """Back or Escape: ``on_back``, else leave the screen."""
        if self.on_back is not None:
            self.on_back()
        else:
            self.host.pop()

    # -- geometry ----------------------------------------------------------------------------

    def place(self) -> None:
        """The panel, the bottom row of buttons and each row's Review button for the window."""
        w, h = self.host.size
        self.panel = p = pygame.Rect(MARGIN, MARGIN, w - 2 * MARGIN, h - 2 * MARGIN)
        row = [self.strong_button, self.back_button] if self.outcome else [self.back_button]
        widths = [max(BOTTOM_WIDTH, fonts.font(b.size, True).size(b.label)[0] + LABEL_ROOM)
                  for b in row]
        x = p.centerx - (sum(widths) + GAP * (len(row) - 1)) // 2
        for b, bw in zip(row, widths, strict=True):
            b.rect = pygame.Rect(x, p.bottom - BUTTONS_UP, bw, ROW_BUTTON_HEIGHT)
            x += bw + GAP
        self.row_rects = []
        if self.outcome is None:
            return
        top = self.rows_top()
        for k, b in enumerate(self.reviews):
            bw = fonts.font(b.size, True).size(b.label)[0] + LABEL_ROOM
            r = pygame.Rect(p.left + MARGIN, top + k * ROW_HEIGHT, p.w - 2 * MARGIN,
                            ROW_HEIGHT - 4)
            self.row_rects.append(r)
            b.rect = pygame.Rect(r.right - bw, r.top + (r.h - REVIEW_HEIGHT) // 2, bw,
                                 REVIEW_HEIGHT)

    def columns(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The player's column and par's, side by side under the title."""
        p = self.panel
        half = (p.w - 3 * MARGIN) // 2
        high = RESULT_ROWS * (fonts.font(NOTE_SIZE).get_linesize() + 2) + 34
        return (pygame.Rect(p.left + MARGIN, p.top + BODY_TOP, half, high),
                pygame.Rect(p.left + 2 * MARGIN + half, p.top + BODY_TOP, half, high))

    def rows_top(self) -> int:
        """Where the first differing decision's row starts."""
        return self.columns()[0].bottom + 2 * GAP + HEADING_SIZE + 44

    def resize(self, size: tuple[int, int]) -> None:
        self.place()

    # -- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.look()
        self.place()
        surface.blit(felt(surface.get_size()), (0, 0))
        draw_panel(surface, self.panel)
        p = self.panel
        heading = self.heading or _("{game}: your play and the strong player's").format(
            game=_(games.get(self.mine["game"]).title))
        t = fonts.fit(heading, PANEL_TITLE_SIZE, p.w - 2 * MARGIN, GOLD, bold=True)
        surface.blit(t, t.get_rect(midtop=(p.centerx, p.top + TITLE_TOP)))
        if self.outcome is not None:
            self.draw_outcome(surface, self.outcome)
        else:
            self.draw_waiting(surface)
        honest = _("Par is one play of the strong player on your cards — not the best "
                   "possible result.")
        s = fonts.fit(honest, NOTE_SIZE, p.w - 2 * MARGIN, MUTED)
        surface.blit(s, s.get_rect(midbottom=(p.centerx, p.bottom - BUTTONS_UP - HONEST_UP
                                              + s.get_height())))
        mouse = pygame.mouse.get_pos()
        for i, b in enumerate(self.buttons):
            b.draw(surface, b.rect.collidepoint(mouse), i == self.focus)

    def draw_waiting(self, surface: pygame.Surface) -> None:
        """Par under way (its progress), or the line saying it could not be finished."""
        p = self.panel
        y = p.top + BODY_TOP + 40
        if self.failed:
            line = fonts.fit(_("The strong player's play could not be finished."),
                             HEADING_SIZE, p.w - 2 * MARGIN, INK, bold=True)
            surface.blit(line, line.get_rect(midtop=(p.centerx, y)))
            return
        if self.run.done:  # par played: the player's decisions are being judged
            done, total = self.judged()
            said = _("Checking your decisions with the strong player… {done} of {total}").format(
                done=done, total=total)
        else:
            total = max(1, len(self.mine.get("actions", ())))
            done = min(self.run.played, total)
            said = _("The strong player is playing your cards…")
        total = max(1, total)
        line = fonts.fit(said, HEADING_SIZE, p.w - 2 * MARGIN, INK, bold=True)
        surface.blit(line, line.get_rect(midtop=(p.centerx, y)))
        y += line.get_height() + 2 * GAP
        bar = pygame.Rect(0, 0, min(BAR[0], p.w - 2 * MARGIN), BAR[1])
        bar.midtop = (p.centerx, y)
        pygame.draw.rect(surface, BUTTON_FILL, bar, border_radius=4)
        pygame.draw.rect(surface, GOLD, (bar.left, bar.top, bar.w * done // total, bar.h),
                         border_radius=4)
        pygame.draw.rect(surface, BUTTON_EDGE, bar, width=1, border_radius=4)
        if self.run.done:
            return
        note = fonts.fit(_("{done} of about {total} moves played").format(done=done,
                                                                           total=total),
                         NOTE_SIZE, p.w - 2 * MARGIN, MUTED)
        surface.blit(note, note.get_rect(midtop=(p.centerx, bar.bottom + GAP)))

    def draw_outcome(self, surface: pygame.Surface, c: Comparison) -> None:
        """The two columns, the difference, and the rows of differing decisions."""
        p = self.panel
        for area, head, lines, lead in zip(
                self.columns(), (yours_line(c.game, c.mine), strong_line(c.game, c.strong)),
                (c.mine_lines, c.strong_lines), (c.mine >= c.strong, c.strong >= c.mine),
                strict=True):
            s = fonts.fit(head, HEADING_SIZE, area.w, GOLD if lead else INK, bold=True)
            surface.blit(s, s.get_rect(midtop=(area.centerx, area.top)))
            y = area.top + s.get_height() + GAP
            wrapped = [part for line in lines for part in fonts.wrap(say(line), NOTE_SIZE,
                                                                      area.w)]
            for part in wrapped[:RESULT_ROWS]:
                t = fonts.text(part, NOTE_SIZE, INK)
                surface.blit(t, t.get_rect(midtop=(area.centerx, y)))
                y += t.get_height() + 2
        y = self.columns()[0].bottom + GAP
        s = fonts.fit(difference_line(c.game, c.mine - c.strong), HEADING_SIZE,
                      p.w - 2 * MARGIN, GOLD, bold=True)
        surface.blit(s, s.get_rect(midtop=(p.centerx, y)))
        y += s.get_height() + 2 * GAP
        if not c.rows:
            said = _("You and the strong player made the same decisions.")
        else:
            said = _("Where your hand and the strong player's differ:")
        s = fonts.fit(said, SUBTITLE_SIZE, p.w - 2 * MARGIN, INK, bold=True)
        surface.blit(s, (p.left + MARGIN, y))
        for row, r, b in zip(c.rows, self.row_rects, self.reviews, strict=True):
            room = b.rect.left - GAP - r.left
            s = fonts.fit(("▶ " if row.first else "") + row.text, LABEL_SIZE, room, INK,
                          bold=row.first)
            surface.blit(s, (r.left, r.top + 2))
            y = r.top + 4 + s.get_height()
            size, lines = note_lines(row.note, room)
            for part in lines:
                n = fonts.text(part, size, GOLD if row.worse else MUTED)
                surface.blit(n, (r.left, y))
                y += n.get_height()

    # -- input -------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self.look()
        self.place()
        if event.type == pygame.KEYDOWN:
            focus = focus_keys(event, self.buttons, min(self.focus, len(self.buttons) - 1))
            if focus is not None:
                self.focus = focus
            elif event.key == pygame.K_ESCAPE:
                self.back()
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            pressed = clicked(event, self.buttons)
            if pressed is None:  # a row's words open its review too
                pressed = next((i for i, r in enumerate(self.row_rects)
                                if r.collidepoint(event.pos)), None)
            if pressed is not None:
                self.focus = pressed
                self.buttons[pressed].action()
            return None
        if event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL):
            return None
        return event
