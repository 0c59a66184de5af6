"""The review after a hand (issue 7, item 5): step through it trick by trick, see where the
strong player would have decided otherwise, and play the deal again or from another seat.

``ReviewScene(app, record, seat=0, at=None)`` takes a hand record (a match record: its last
hand) and opens on the first step, or on the step holding the record's action ``at``. The
hand comes from :func:`game.engine.learning.review`, cut into steps by :mod:`..review_steps`:
the opening (bids, calls, trump, discard), then one step per trick with its four cards, who
led and who won, the trump and the running points. Every decision of the reviewed seat is
checked with :func:`game.engine.learning.differs` — the strong AI's choice from that seat's
knowledge, as the table's play checker does — in the AI's worker processes, one point per
worker at a time, those of the step on screen first (:mod:`..review_checks`); the frame loop
only looks whether one is done. A step with a decision the strong player would have made
differently is marked in the strip of steps, and the step shows that choice and its reason.

Keys: ←/→ (and PageUp/PageDown) step, Home/End to either end, R replays the deal, S swaps
seats, Escape goes back to where the player was. "Replay this deal" and "Swap seats" start a
practice hand (:mod:`.practice_table`; **Decision**: a practice is a separate one-hand match,
never saved nor counted, and the real game is resumed untouched — see :mod:`..practice`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pygame

from ...engine import games, learning, records
from ...engine.cards import EAST, NORTH, SEATS, WEST
from ...i18n import N_, _, card_words, ngettext, pgettext, say
from .. import order, words
from ..entries import keys_line
from ..games import presentation
from ..host import Scene, open_scene, register
from ..practice import practice_match
from ..render import fonts
from ..render.cards import art
from ..render.felt import felt
from ..review_checks import Checking
from ..review_steps import Step, step_at, steps
from ..review_trick import draw_trick
from ..theme import (
    AGREES,
    BODY_SIZE,
    BUTTON_EDGE,
    BUTTON_FILL,
    BUTTON_HOVER,
    DIFFERS,
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
from ..widgets import Button, draw_panel, layout_row
from .overlay import SeatChooser

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from ..host import Host

TITLE_TOP, INFO_TOP, STRIP_TOP, ERROR_TOP = 12, 50, 84, 90
"""From the panel's top: the title, the info line, the strip of steps, an error's text."""
STEP_BOX = (16, 44, 28, 3)
"""A step box of the strip: least and most width, height, gap."""
STEP_ROOM = 8
"""The first step's box ("Start") is as wide as its label and this much more."""
BUTTONS_UP, BUTTON_HEIGHT = 56, 42
"""From the panel's bottom up to the buttons; their height."""
NAV_WIDTH, NAV_STEP = 140, 150
"""Previous/Next: width, and from one's left to the other's."""
ACT_WIDTHS = (180, 140, 110)
"""Replay, Swap seats, Back (at the right)."""
BODY_TOP, BODY_BOTTOM = 44, 88
"""From the strip's top to the body; from the panel's bottom up to the body's."""
INDENT = 16
"""A verdict's indent under its decision."""
KEYS_GAP = 16
"""Between the keys' line and what is beside it."""
KEYS_LINES = 3
"""The most lines the keys' line wraps onto between the buttons."""
KEYS_HINT = N_("← →: step · Home/End · R: replay · S: swap seats · Esc: back")
LABEL_ROOM = 28
"""Pixels a button adds to its label's width."""


@register("review")
class ReviewScene(Scene):
    """The review of ``seat``'s hand (South's: the words of :attr:`YOURS`), on ``at``'s step."""

    YOURS = (N_("Review of your hand — {game}"), N_("Your choice: {action}"),
             N_("No decision of yours here."))

    def __init__(self, host: Host, record: Mapping[str, Any], seat: int = 0,
                 practice: bool = False, at: int | None = None) -> None:
        super().__init__(host)
        self.seat = seat
        self.practice = practice
        """The review of a practice hand (a later practice's review takes its place)."""
        self.error: str | None = None
        self.steps: list[Step] = []
        self.hand_record: dict[str, Any] = {}
        self.review: learning.Review | None = None
        try:
            self.hand_record, options = learning.last_hand_record(record)
            if options is not None and "options" not in self.hand_record:  # a match's hand
                self.hand_record = {**self.hand_record, "options": dict(options)}
            self.review = learning.review(record, seat)
            self.steps = steps(self.hand_record, self.review)
        except records.RecordError as err:
            self.error = _("This hand cannot be reviewed: {why}").format(why=say(err.message))
        self.step = step_at(self.steps, at)  # ``at``: an index into the hand's actions
        self.checking = Checking(self.review, self.steps, host.session)
        self.checks = self.checking.checks
        self.cancelled = False
        self.paused = False
        size = SMALL_BUTTON_SIZE
        self.prev_button = Button(_("◀ Previous"), lambda: self.go(self.step - 1), size=size)
        self.next_button = Button(_("Next ▶"), lambda: self.go(self.step + 1), size=size)
        self.replay_button = Button(_("Replay this deal"), lambda: self.replay(0), size=size)
        self.swap_button = Button(_("Swap seats"), self.choose_seat, size=size)
        self.back_button = Button(_("Back"), self.back, size=size)
        self.strip: list[pygame.Rect] = []
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.body = pygame.Rect(0, 0, 0, 0)
        self.place()

    # -- behaviour -----------------------------------------------------------------------------

    @property
    def buttons(self) -> list[Button]:
        """Every button, left to right."""
        if self.error:
            return [self.back_button]
        return [self.prev_button, self.next_button, *self.practice_buttons(), self.back_button]

    def practice_buttons(self) -> list[Button]:
        """Replay and Swap seats — at four seats only (practice plays the four-player table;
        **decision**: a three- or five-player Tarot hand is reviewed, not replayed)."""
        players = self.hand_record.get("options", {}).get("players", 4)
        return [self.replay_button, self.swap_button] if players == 4 else []

    def go(self, step: int) -> None:
        """Show step ``step`` (kept within the hand)."""
        self.step = max(0, min(len(self.steps) - 1, step))

    def back(self) -> None:
        """Escape / Back: return to where the player was."""
        self.host.pop()

    def marked(self) -> list[int]:
        """The steps holding a decision the strong player would have made otherwise."""
        return [k for k, s in enumerate(self.steps)
                if any(self.checks[i].better is not None for i in s.points)]

    def replay(self, seat: int) -> None:
        """Play this deal as a practice hand, from ``seat``'s cards (0: as it was dealt)."""
        if self.error:
            return
        real = self.host.session.match
        match = practice_match(self.hand_record, seat, real.seats if real else None,
                               real.seed if real else 0)
        self.host.push(open_scene(self.host, "practice-table", match=match))

    def choose_seat(self) -> None:
        """Swap seats: ask from which seat to play the deal."""
        if not self.error:
            assert self.review is not None
            shown = presentation(self.review.game)
            offers = {s: shown.seat_offer(s) for s in (WEST, NORTH, EAST)}
            self.host.push(SeatChooser(self.host, self.replay, offers))

    # -- the checks (in the workers) -----------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.review is not None and not (self.paused or self.cancelled):
            self.checking.pump(self.step)

    def wake_in(self) -> float | None:
        """When a check under way ends (watched, :func:`~..wake.jobs_wake_in`: its mark
        shows as it comes); else only an event changes the review."""
        return jobs_wake_in(self.checking.pending.values())

    def pause(self) -> None:
        self.paused = True

    def resume(self) -> None:
        self.paused = False
        self.place()

    def close(self) -> None:
        self.cancelled = True
        self.checking.close()

    # -- geometry --------------------------------------------------------------------------------

    def place(self) -> None:
        """Lay the panel, the strip of steps, the body and the buttons out for the window."""
        w, h = self.host.size
        self.panel = pygame.Rect(MARGIN, MARGIN, w - 2 * MARGIN, h - 2 * MARGIN)
        p = self.panel
        n = len(self.steps)
        strip_y = p.top + STRIP_TOP
        if n:
            least, most, high, gap = STEP_BOX
            start = fonts.font(FINE_SIZE, True).size(pgettext("review step", "Start"))[0] \
                + STEP_ROOM
            box = max(least, min(most, (p.w - 2 * MARGIN - gap * n - max(0, start - most))
                                 // n))
            first = max(box, start)
            left = p.centerx - (first + (n - 1) * (box + gap)) // 2
            self.strip = [pygame.Rect(left, strip_y, first, high)] + [
                pygame.Rect(left + first + gap + k * (box + gap), strip_y, box, high)
                for k in range(n - 1)]
        buttons_y = p.bottom - BUTTONS_UP
        nav = [self.prev_button, self.next_button]
        nav_w = max(NAV_WIDTH, *(self.label_width(b) for b in nav))
        for i, b in enumerate(nav):
            b.rect = pygame.Rect(p.left + MARGIN + i * (nav_w + NAV_STEP - NAV_WIDTH), buttons_y,
                                 nav_w, BUTTON_HEIGHT)
        act = [*self.practice_buttons(), self.back_button]
        x = p.right - MARGIN
        for b, least in zip(reversed(act), reversed(ACT_WIDTHS), strict=False):
            bw = max(least, self.label_width(b))
            x -= bw
            b.rect = pygame.Rect(x, buttons_y, bw, BUTTON_HEIGHT)
            x -= GAP
        if self.error:
            layout_row([self.back_button], p.centerx, buttons_y, 200, height=BUTTON_HEIGHT)
        self.body = pygame.Rect(p.left + MARGIN, strip_y + BODY_TOP, p.w - 2 * MARGIN,
                                p.bottom - BODY_BOTTOM - (strip_y + BODY_TOP))

    @staticmethod
    def label_width(button: Button) -> int:
        """The width ``button`` needs for its whole label."""
        return fonts.font(button.size, True).size(button.label)[0] + LABEL_ROOM

    def resize(self, size: tuple[int, int]) -> None:
        self.place()

    # -- drawing ---------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.place()
        surface.blit(felt(surface.get_size()), (0, 0))
        draw_panel(surface, self.panel)
        p = self.panel
        if self.review is None:
            title = _("Review")
        elif self.seat == 0:
            title = _(self.YOURS[0]).format(game=self.title())
        else:
            title = _("Review of {seat}'s hand — {game}").format(
                seat=say(words.seat_name(self.seat)), game=self.title())
        t = fonts.fit(title, PANEL_TITLE_SIZE, p.w - 2 * MARGIN, GOLD, bold=True)
        surface.blit(t, t.get_rect(midtop=(p.centerx, p.top + TITLE_TOP)))
        mouse = pygame.mouse.get_pos()
        if self.error:
            for k, line in enumerate(fonts.wrap(self.error, BODY_SIZE, p.w - 4 * MARGIN)):
                s = fonts.text(line, BODY_SIZE, INK)
                surface.blit(s, s.get_rect(midtop=(p.centerx, p.top + ERROR_TOP + 26 * k)))
        else:
            info = fonts.fit(self.info_line(), LABEL_SIZE, p.w - 2 * MARGIN, INK)
            surface.blit(info, info.get_rect(midtop=(p.centerx, p.top + INFO_TOP)))
            self.draw_strip(surface, mouse)
            split = self.body.left + self.body.w * 11 // 20
            left = pygame.Rect(self.body.left, self.body.top, split - self.body.left,
                               self.body.h)
            right = pygame.Rect(split + MARGIN, self.body.top, self.body.right - split - MARGIN,
                                self.body.h)
            step = self.steps[self.step]
            if step.trick is not None:
                draw_trick(surface, left, step.trick, SEATS[self.seat],
                           self.host.session.settings.four_colour)
            else:
                self.draw_opening(surface, left)
            self.draw_notes(surface, right, step)
            note = fonts.fit(self.progress_line(), NOTE_SIZE, p.w - 2 * MARGIN, MUTED)
            surface.blit(note, (p.left + MARGIN, self.body.bottom + 4))
            self.draw_keys(surface, note.get_width())
        for b in self.buttons:
            b.draw(surface, b.rect.collidepoint(mouse), False)

    def draw_keys(self, surface: pygame.Surface, note_width: int) -> None:
        """The keys' line: right of the progress line when both fit on its row, else wrapped
        between Next and the buttons at the right (at most :data:`KEYS_LINES` lines)."""
        p, keys = self.panel, keys_line(_(KEYS_HINT))
        room = p.w - 2 * MARGIN - note_width - KEYS_GAP
        if fonts.fits(keys, FINE_SIZE, room):
            s = fonts.text(keys, FINE_SIZE, MUTED)
            surface.blit(s, s.get_rect(topright=(p.right - MARGIN, self.body.bottom + 6)))
            return
        left = self.next_button.rect.right + KEYS_GAP
        lines = fonts.wrap(keys, FINE_SIZE, self.replay_button.rect.left - KEYS_GAP - left)
        if len(lines) > KEYS_LINES:
            return  # no room: the buttons say what the keys do
        step = fonts.font(FINE_SIZE).get_linesize()
        y = self.next_button.rect.centery - step * len(lines) // 2
        for line in lines:
            surface.blit(fonts.text(line, FINE_SIZE, MUTED), (left, y))
            y += step

    def title(self) -> str:
        """The game's name."""
        assert self.review is not None
        return _(games.get(self.review.game).title)

    def info_line(self) -> str:
        """Trump, dealer and contract in one line."""
        assert self.review is not None
        parts = []
        if self.review.trump:
            parts.append(_("Trump: {suit}").format(suit=say(words.SUIT_NAMES[self.review.trump])))
        parts.append(_("dealt by {seat}").format(
            seat=words.seat_in_sentence(self.hand_record["dealer"])))
        result = self.review.result or {}
        if "caller" in result:
            parts.append(_("called by {seat}").format(
                seat=words.seat_in_sentence(result["caller"])))
        if "declarer" in result:  # the verb agrees with its subject: "you played", "West played"
            parts.append(words.by_seat(result["declarer"], N_("{seat} played {contract}"),
                                       N_("you played {contract}"),
                                       contract=say(words.BID_NAMES[result["bid"]]).lower()))
        if self.review.result is None:
            parts.append(_("the hand was not finished"))
        text = " · ".join(parts)
        return text[0].upper() + text[1:]

    def progress_line(self) -> str:
        """How far the checking has come, or what it found."""
        total = len(self.checks)
        done = sum(c.done for c in self.checks)
        if done < total:
            return _("Checking your decisions with the strong player… {done} of {total}").format(
                done=done, total=total)
        n = sum(c.better is not None for c in self.checks)
        if n == 0:
            return _("The strong player agrees with every decision")
        return ngettext("The strong player would have decided otherwise {n} time",
                        "The strong player would have decided otherwise {n} times", n).format(n=n)

    def draw_strip(self, surface: pygame.Surface, mouse: tuple[int, int]) -> None:
        """One box per step: the current one gold, a step with a differing decision marked."""
        marked = set(self.marked())
        for k, r in enumerate(self.strip):
            lit = r.collidepoint(mouse)
            pygame.draw.rect(surface, BUTTON_HOVER if lit else BUTTON_FILL, r, border_radius=5)
            pygame.draw.rect(surface, GOLD if k == self.step else BUTTON_EDGE, r,
                             width=3 if k == self.step else 1, border_radius=5)
            label = fonts.text(pgettext("review step", "Start") if k == 0 else str(k), FINE_SIZE,
                               INK, bold=True)
            surface.blit(label, label.get_rect(center=r.center))
            if k in marked:
                pygame.draw.circle(surface, DIFFERS, (r.right - 4, r.top + 4), 5)

    def draw_opening(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Before the play: the reviewed seat's cards as dealt, in rows."""
        assert self.review is not None
        dealt = self.hand_record["deal"][SEATS[self.seat]]
        cards = order.sort_hand(self.review.game, dealt, self.review.trump,
                                self.host.session.settings.trumps_right)
        caption = _("Your cards as dealt") if self.seat == 0 else \
            _("{seat}'s cards as dealt").format(seat=say(words.seat_name(self.seat)))
        cap = fonts.fit(caption, SUBTITLE_SIZE, area.w, GOLD, bold=True)
        surface.blit(cap, (area.left, area.top))
        per_row = 12 if len(cards) > 12 else len(cards)
        rows = (len(cards) + per_row - 1) // per_row
        ch = max(60, min(150, (area.h - 40) // (rows * 7 // 10 + 1)))
        cw = ch * 7 // 10
        step = min(cw + 6, (area.w - cw) // max(1, per_row - 1))
        a = art(cw, ch, self.host.session.settings.four_colour)
        for k, name in enumerate(cards):
            row, col = divmod(k, per_row)
            surface.blit(a.face(name), (area.left + col * step, area.top + 30 + row * ch * 7 // 10))

    def draw_notes(self, surface: pygame.Surface, area: pygame.Rect, step: Step) -> None:
        """The step's title, the running points, what was said, and the reviewed seat's
        decisions with the strong player's verdict."""
        assert self.review is not None
        y = area.top
        clip = surface.get_clip()
        surface.set_clip(area)

        def line(text: str, colour: tuple[int, int, int] = INK, size: int = LABEL_SIZE,
                 bold: bool = False, indent: int = 0) -> None:
            nonlocal y
            for part in fonts.wrap(text, size, area.w - indent, bold):
                s = fonts.text(part, size, colour, bold)
                surface.blit(s, (area.left + indent, y))
                y += s.get_height() + 2

        line(say(step.title), GOLD, HEADING_SIZE, True)
        y += 4
        for s in step.score:
            line(say(s))
        said = [say(text) for seat, text in step.said if seat != self.seat]
        if said:
            y += 8
            for text in said:
                line(text, MUTED)
        for i in step.points:
            point = self.review.decisions[i]
            check = self.checks[i]
            y += 10
            if point.part:
                continue
            taken = (_("Lay away {cards}").format(
                         cards=", ".join(card_words(a["discard"]) for a in point.lay_away))
                     if point.lay_away else say(words.action_label(point.taken)))
            choice = _(self.YOURS[1]) if self.seat == 0 else \
                _("{seat}'s choice: {action}")
            line(choice.format(action=taken, seat=say(words.seat_name(self.seat))), INK,
                 SUBTITLE_SIZE, True)
            if not check.done:
                line(_("Checking with the strong player…"), MUTED, indent=INDENT)
            elif check.failed:
                line(_("The strong player could not be asked here."), MUTED, indent=INDENT)
            elif check.better is None:
                line(_("✓ The strong player agrees."), AGREES, indent=INDENT)
            else:
                line(_("✗ The strong player would choose: {action}").format(
                         action=say(words.action_label(check.better.action))),
                     DIFFERS, LABEL_SIZE, True, INDENT)
                why = words.advice(check.better.action, check.better.reason, SEATS[self.seat])[1]
                line(learning.sentence(why), INK, NOTE_SIZE, indent=INDENT)
        if not step.points:
            y += 10
            line(_(self.YOURS[2]) if self.seat == 0 else _("No decision of this seat here."), MUTED)
        surface.set_clip(clip)

    # -- input -----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN:
            self.key(event.key)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)
            return None
        if event.type == pygame.MOUSEWHEEL:
            self.go(self.step - event.y)
            return None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            return None
        return event

    def click(self, pos: tuple[int, int]) -> None:
        """A click: a button, or a box of the strip (that step)."""
        self.place()
        hit = next((b for b in self.buttons if b.rect.collidepoint(pos)), None)
        if hit is not None:
            hit.action()
        elif not self.error:
            box = next((k for k, r in enumerate(self.strip) if r.collidepoint(pos)), None)
            if box is not None:
                self.go(box)

    def key(self, k: int) -> None:
        """One key press."""
        if k == pygame.K_ESCAPE:
            self.back()
        elif self.error:
            return
        elif k in (pygame.K_LEFT, pygame.K_PAGEUP, pygame.K_UP):
            self.go(self.step - 1)
        elif k in (pygame.K_RIGHT, pygame.K_PAGEDOWN, pygame.K_DOWN, pygame.K_SPACE,
                   pygame.K_RETURN, pygame.K_KP_ENTER):
            self.go(self.step + 1)
        elif k == pygame.K_HOME:
            self.go(0)
        elif k == pygame.K_END:
            self.go(len(self.steps) - 1)
        elif k == pygame.K_r:
            self.replay(0)
        elif k == pygame.K_s:
            self.choose_seat()

