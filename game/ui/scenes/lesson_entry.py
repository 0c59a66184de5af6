"""Where a guided hand is offered (issue 26, item 3): the first time a game is started from
the main menu, from the Rules page of each game, and from the menu's game row — which opens
the *Guided hands* page, every guided hand with its summary, whether it is done, and Start,
or Resume and Start again.

The guided hand itself is the lesson scene (``open_scene(host, "lesson", lesson_id=ID)``,
resuming its saved progress, or ``fresh=True`` to start again), pushed over whatever offered
it: leaving it comes back there. Nothing here touches the statistics or a game in progress.

A lesson whose files are missing or malformed (:class:`game.lessons.LessonError`) is simply
not offered: no button, no question — its trouble is logged once.
"""

from __future__ import annotations

import functools
import logging
from functools import partial
from typing import TYPE_CHECKING

import pygame

from ... import lessons
from ...i18n import N_, _
from ..host import open_scene, register
from ..render import fonts
from ..theme import (
    BODY_SIZE,
    BUTTON_SIZE,
    GAP,
    GOLD,
    HEADING_SIZE,
    INK,
    MARGIN,
    SMALL_BUTTON_SIZE,
)
from ..widgets import LABEL_ROOM, ROW_LABEL_ROOM, Button
from .page import (
    QUESTION_BUTTON_HEIGHT,
    QUESTION_LINE,
    QUESTION_PAD,
    QUESTION_TITLE_ROOM,
    ConfirmScene,
    PageScene,
    body_size,
    game_title,
)

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from ..host import Host

log = logging.getLogger(__name__)

LESSON_SCENE = "lesson"
"""The scene that plays a guided hand, opened by name (``lesson_id``, ``fresh``)."""
EXTRA_LABELS = {"tarot-5": N_("The king call at five")}
"""The Rules page's button for a game's second guided hand (French Tarot's at five)."""
INTRO = N_("A guided hand is one hand at the real table: you make every move, and each rule "
           "is shown when it comes up. A few minutes; it is not counted in your statistics.")
"""The Guided hands page's first lines."""
OFFER_WIDTH = 600
"""The widest the first-time question gets (wider than a Yes/No question: its buttons say
more)."""
ENTRY_BUTTON_HEIGHT = 36
UNDER_TITLE = 4
ABOVE_BUTTONS = 8
BETWEEN_ENTRIES = 22
BUTTON_LEAST = 120
"""The narrowest a Start / Resume / Start again button gets."""


@functools.cache
def find_lesson(lesson_id: str) -> lessons.Lesson | None:
    """The lesson ``lesson_id``, or ``None`` when its files are missing or malformed (then
    it is not offered; the trouble is logged once).

    **Decision:** kept for the run (the lesson files ship with the game and do not change
    while it runs): the menu asks at every visit, and loading replays the hand."""
    try:
        return lessons.load(lesson_id)
    except lessons.LessonError as err:
        log.info("guided hand %s not offered: %s", lesson_id, err)
        return None


def lessons_of(game: str) -> list[str]:
    """The guided hands of ``game`` that can be played, in :data:`game.lessons.LESSONS`
    order (French Tarot: the four-player one, then the king call at five)."""
    found = []
    for lesson_id in lessons.LESSONS:
        lesson = find_lesson(lesson_id)
        if lesson is not None and lesson.game == game:
            found.append(lesson_id)
    return found


def progress(host: Host, lesson_id: str) -> tuple[bool, bool]:
    """Whether the guided hand ``lesson_id`` was ever finished, and whether it was left part
    way (Resume takes it up there — opened and left before its first move too), as the
    session's :class:`~game.ui.lesson_book.LessonBook` remembers. A hand played to its end
    is not part way (reopened, it would show its summary): it is started again."""
    book = host.session.lessons
    played = len(book.played(lesson_id))
    lesson = find_lesson(lesson_id)
    whole = len(lesson.actions) if lesson is not None else 0
    return book.is_done(lesson_id), book.begun(lesson_id) and played < whole


def open_lesson(host: Host, lesson_id: str, fresh: bool = False) -> None:
    """Play the guided hand ``lesson_id`` over the scene on top (leaving it comes back
    there): where it was left, or from the start with ``fresh``."""
    extra = {"fresh": True} if fresh else {}
    host.push(open_scene(host, LESSON_SCENE, lesson_id=lesson_id, **extra))


def start_from_menu(host: Host, game: str) -> None:
    """The menu's button of ``game`` (no game of it in progress): the first time ever, ask
    whether to play its guided hand first (:class:`OfferScene`); else start the game.

    Asked only when ``game`` has no game in progress, its guided hand (French Tarot: the
    four-player one) can be played, was never offered and never finished. Deal-number
    games and Continue do not come here."""
    lesson_id = lessons.lesson_for(game)
    settings = host.session.settings
    lesson = find_lesson(lesson_id) if lesson_id is not None else None
    if (lesson is None or lesson.id in settings.lessons_offered
            or host.session.in_progress(game) is not None or progress(host, lesson.id)[0]):
        host.start_game(game)
        return
    host.push(OfferScene(host, game, lesson))


class OfferScene(ConfirmScene):
    """"New to Tarabish?" — the guided hand's summary, *Play a guided hand* (opens it) and
    *No thanks* (starts the game as before). Either answer is remembered in the settings
    (:attr:`game.storage.Settings.lessons_offered`): it is asked once per game.

    **Decision:** Escape is no answer: the dialog closes, the menu stays, nothing is
    remembered — the player who did not choose is asked again next time. N answers "No
    thanks"; Y and Enter (the focus starts there: the offer is the point) "Play a guided
    hand"."""

    def __init__(self, host: Host, game: str, lesson: lessons.Lesson) -> None:
        self.game = game
        self.lesson = lesson
        self.title = _("New to {game}?").format(game=game_title(game))
        super().__init__(host, _(lesson.summary), self.play, yes=_("Play a guided hand"),
                         no=_("No thanks"))
        self.buttons[1].action = self.decline
        self.focus = 0

    def remember(self) -> None:
        """Never ask about this guided hand again (saved with the settings)."""
        offered = self.host.session.settings.lessons_offered
        if self.lesson.id not in offered:
            offered.append(self.lesson.id)

    def play(self) -> None:
        """Play the guided hand (the dialog is already closed: over the menu)."""
        self.remember()
        open_lesson(self.host, self.lesson.id)

    def decline(self) -> None:
        """No thanks: start the game, as the menu's button did before."""
        self.remember()
        self.host.pop()
        self.host.start_game(self.game)

    def place(self) -> None:
        w, h = self.host.size
        width = min(OFFER_WIDTH, w - 4 * MARGIN)
        self.lines = list(fonts.wrap(self.question, BODY_SIZE, width - 2 * QUESTION_PAD))
        height = (2 * MARGIN + QUESTION_TITLE_ROOM + QUESTION_LINE * len(self.lines)
                  + QUESTION_PAD + QUESTION_BUTTON_HEIGHT + QUESTION_PAD)
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = (w // 2, h // 2)
        widest = max(fonts.font(BUTTON_SIZE, True).size(b.label)[0] for b in self.buttons)
        bw = min(widest + ROW_LABEL_ROOM, (width - 2 * QUESTION_PAD - GAP) // 2)
        top = self.rect.bottom - QUESTION_PAD - QUESTION_BUTTON_HEIGHT
        left = self.rect.centerx - bw - GAP // 2
        for k, b in enumerate(self.buttons):  # side by side, as wide as the longer label
            b.rect = pygame.Rect(left + k * (bw + GAP), top, bw, QUESTION_BUTTON_HEIGHT)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_n:
            self.decline()
            return None
        return super().handle_event(event)


@register("lessons")
class LessonsPage(PageScene):
    """Every guided hand that can be played: a word on what a guided hand is, then each one's
    title (and a mark once done), its summary, and *Start* (*Play it again* once done) — or,
    when it was left part way, *Resume* and *Start again*. Opened from a game row of the menu
    on that game's guided hand (``lesson_id``: its buttons have the focus and are in view).

    **Decision** (the menu's way in): a small *Guided hand* button on each game row, where a
    newcomer looks for the game, rather than one more "Learn to play…" row — the menu keeps
    its nine rows (at 1024×600 they are at their least height already). The button opens this
    page rather than the lesson at once: a newcomer reads what the hand teaches and that it
    is not counted before starting, French Tarot's extra at five sits beside the four-player
    one, and the choice between resuming and starting again is made here, the same way for
    every guided hand."""

    title = N_("Guided hands")
    hint = N_("↑ ↓ Tab: choose · Enter: start · Esc: back")

    def __init__(self, host: Host, lesson_id: str | None = None) -> None:
        self.ids = [i for i in lessons.LESSONS if find_lesson(i) is not None]
        self.texts: list[tuple[pygame.Surface, int, int]] = []
        self.entry_buttons: list[tuple[str, Button]] = []
        """(lesson id, button) in focus order."""
        self.focus = 0
        self.wanted = lesson_id
        super().__init__(host, tabs=False)
        shown = self.focus_content()
        if shown is not None:
            self.reveal(shown)

    def layout_content(self, width: int) -> int:
        """A word on what a guided hand is, then each: its title (with "Done ✓" once
        finished), its summary, its buttons."""
        size = body_size(self.host.size)
        step = fonts.font(size).get_linesize()
        focused = (self.entry_buttons[self.focus][1].label, self.entry_buttons[self.focus][0]) \
            if self.entry_buttons else None
        self.texts, self.entry_buttons = [], []
        y = 0
        for line in fonts.wrap(_(INTRO), size, width):
            self.texts.append((fonts.text(line, size, INK), 0, y))
            y += step
        y += BETWEEN_ENTRIES
        for lesson_id in self.ids:
            lesson = find_lesson(lesson_id)
            assert lesson is not None
            done, started = progress(self.host, lesson_id)
            head = fonts.fit(_(lesson.title), HEADING_SIZE, width * 3 // 4, GOLD, bold=True)
            self.texts.append((head, 0, y))
            if done:
                mark = fonts.text(_("Done ✓"), size, INK)
                self.texts.append((mark, head.get_width() + 2 * MARGIN,
                                   y + (head.get_height() - mark.get_height()) // 2))
            y += head.get_height() + UNDER_TITLE
            for line in fonts.wrap(_(lesson.summary), size, width):
                self.texts.append((fonts.text(line, size, INK), 0, y))
                y += step
            y += ABOVE_BUTTONS
            if started:
                labels = [(_("Resume"), False), (_("Start again"), True)]
            else:
                labels = [(_("Play it again") if done else _("Start"), True)]
            x = 0
            for label, fresh in labels:
                need = fonts.font(SMALL_BUTTON_SIZE, True).size(label)[0] + 4 * LABEL_ROOM
                b = Button(label, partial(open_lesson, self.host, lesson_id, fresh),
                           pygame.Rect(x, y, max(BUTTON_LEAST, need), ENTRY_BUTTON_HEIGHT),
                           size=SMALL_BUTTON_SIZE)
                self.entry_buttons.append((lesson_id, b))
                x = b.rect.right + MARGIN
            y += ENTRY_BUTTON_HEIGHT + BETWEEN_ENTRIES
        self._refocus(focused)
        return y

    def _refocus(self, focused: tuple[str, str] | None) -> None:
        """Keep the focus on the same button after a new layout (else the first of the
        wanted guided hand's, once)."""
        ids = [lesson_id for lesson_id, _b in self.entry_buttons]
        if self.wanted is not None:
            self.focus = ids.index(self.wanted) if self.wanted in ids else 0
            self.wanted = None
        elif focused is not None:
            label, lesson_id = focused
            same = [i for i, (lid, b) in enumerate(self.entry_buttons)
                    if lid == lesson_id and b.label == label]
            self.focus = same[0] if same else (ids.index(lesson_id) if lesson_id in ids else 0)
        self.focus = min(self.focus, max(0, len(self.entry_buttons) - 1))

    def focus_content(self) -> pygame.Rect | None:
        if not self.entry_buttons:
            return None
        return self.entry_buttons[self.focus][1].rect

    def draw_content(self, surface: pygame.Surface, origin: tuple[int, int]) -> None:
        x0, y0 = origin
        for s, x, y in self.texts:
            surface.blit(s, (x0 + x, y0 + y))
        mouse = pygame.mouse.get_pos()
        for i, (_lid, b) in enumerate(self.entry_buttons):
            drawn = Button(b.label, b.action, b.rect.move(x0, y0), size=b.size)
            drawn.draw(surface, drawn.rect.collidepoint(mouse), i == self.focus)

    def move(self, by: int) -> None:
        """Focus the next (``by`` 1) or previous (-1) button, kept in view."""
        if self.entry_buttons:
            self.focus = (self.focus + by) % len(self.entry_buttons)
            self.reveal(self.entry_buttons[self.focus][1].rect)

    def on_key(self, event: pygame.event.Event) -> bool:
        k = event.key
        back = k in (pygame.K_UP, pygame.K_LEFT) or (
            k == pygame.K_TAB and getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        if back or k in (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_TAB):
            self.move(-1 if back else 1)
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.entry_buttons:
            self.entry_buttons[self.focus][1].action()
            return True
        return False

    def on_click(self, pos: tuple[int, int]) -> bool:
        for i, (_lid, b) in enumerate(self.entry_buttons):
            if b.rect.collidepoint(pos):
                self.focus = i
                b.action()
                return True
        return False


def in_a_lesson(host: Host) -> bool:
    """A guided hand is on the stack (under the scene on top): a page opened from its menu
    offers no other one over it."""
    scene = host.top
    while scene is not None:
        if scene.name == LESSON_SCENE:
            return True
        scene = host.below(scene)
    return False


def rules_buttons(host: Host, game: str) -> list[Button]:
    """The Rules page's way into ``game``'s guided hands: *Play a guided hand*, and for a
    second one (French Tarot at five) its own label (:data:`EXTRA_LABELS`) — none on a
    Rules page opened from a guided hand's menu (:func:`in_a_lesson`)."""
    if in_a_lesson(host):
        return []
    out = []
    for k, lesson_id in enumerate(lessons_of(game)):
        label = _("Play a guided hand") if k == 0 else _(EXTRA_LABELS.get(
            lesson_id, find_lesson(lesson_id).title))  # type: ignore[union-attr]
        out.append(Button(label, partial(open_lesson, host, lesson_id), size=SMALL_BUTTON_SIZE))
    return out
