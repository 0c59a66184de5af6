"""The guided hand (issue 26): a lesson (:mod:`game.lessons`) played at the real table.

``open_scene(host, "lesson", lesson_id="tarabish")`` opens it where the player left it (its
progress is kept in :attr:`Session.lessons <game.ui.session.Session.lessons>`, the
:class:`~game.ui.lesson_book.LessonBook`), ``fresh=True`` from the start. It is pushed over
the scene it came from (the main menu, a rules page): leaving goes back there.

The table is the ordinary one (:class:`~.table.TableScene`) with the guided hand's parts
(:mod:`..table.lesson_parts`): the script plays the other seats, learning mode's dimmed cards
are on, nothing asks the AI. The match is a one-hand match of the lesson's deal that only this
table holds — never the session's: nothing of it is saved as a game or counted
(:class:`LessonPolicy`). South's every move goes through the script (:meth:`LessonTable.
judged`): a move the engine refuses keeps the engine's reason; a legal move the script does
not take is explained in the bubble and not played (a card flies back); an accepted one is
played and the progress saved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ...engine import games, records
from ...engine.ai.player import best_level
from ...engine.hand import Action
from ...i18n import N_, _, card_words, language
from ...lessons import Lesson, load
from ...lessons.script import SOUTH, words_of
from .. import words
from ..host import leave, open_scene, register
from ..session import Match
from ..table.guide import Guide
from ..table.lesson_parts import LessonCoach, LessonModel, NoPlaysForYou, ScriptDriver
from ..table.policy import TablePolicy
from ..wake import soonest
from ..widgets import Button
from .overlay import ButtonScene
from .page import game_title
from .table import TableScene

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from ..host import Host

GO_ON_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
SEED = 0
"""The lesson match's seed (nothing in it is random: every seat's action is the script's)."""


def lesson_match(lesson: Lesson, actions: list[Action]) -> Match:
    """A one-hand match of ``lesson``'s deal with ``actions`` played, South the person (the
    other seats' levels are never asked: the script plays them). Raises
    ``records.RecordError`` when ``actions`` do not replay."""
    record = lesson.fresh()
    spec = games.get(record["game"])
    options = spec.full_options(dict(record.get("options") or {}))
    table = spec.table(options)
    seats = {s: "human" if s == SOUTH else best_level("easy", spec.name, table.size)
             for s in table.letters}
    return Match.from_record({"format": records.MATCH_FORMAT, "version": records.VERSION,
                              "game": record["game"], "options": record.get("options") or {},
                              "seed": SEED, "seats": seats,
                              "hands": [dict(record, actions=[dict(a) for a in actions])]})


class LessonPolicy(TablePolicy):
    """A guided hand: not saved, not counted; its summary leads to a real game, the same
    lesson again or the main menu; Escape opens :class:`LessonMenu`."""

    saved = False
    counted = False
    badge = None  # a line of the score panel (:class:`~..table.lesson_parts.LessonModel`)

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson

    def told(self, table: TableScene) -> tuple[str, list[str], list[Button]]:
        """The hand's result, then "Play a game" (of the lesson's game: or "Continue …" when
        one is in progress, as the main menu has it), "Play it again", "Main menu"."""
        result = table.hand.result()
        assert result is not None
        host, game = table.host, self.lesson.game
        lines = [*table.model.shown.result_lines(result),
                 _("A guided hand: it is not saved and not counted in your statistics.")]
        if host.session.in_progress(game) is not None:
            play = Button(_("Continue {game}").format(game=game_title(game)),
                          lambda: host.show_table(game))
        else:
            play = Button(_("Play a game"), lambda: host.start_game(game))
        buttons = [play, Button(_("Play it again"), lambda: start_again(table)),
                   Button(_("Main menu"), lambda: host.replace_all(open_scene(host, "menu")))]
        return _("Guided hand over: {title}").format(title=_(self.lesson.title)), lines, buttons

    def open_menu(self, table: TableScene) -> None:
        """Escape: the guided hand's menu."""
        table.host.push(LessonMenu(table.host, table))


def start_again(table: TableScene) -> None:
    """The same guided hand from its start, in place of ``table``."""
    host = table.host
    assert isinstance(table, LessonTable)
    lesson_id = table.lesson.id
    while host.top is not table and host.on_stack(table):
        host.pop()
    host.pop()
    host.push(open_scene(host, "lesson", lesson_id=lesson_id, fresh=True))


@register("lesson")
class LessonTable(TableScene):
    """The table of a guided hand (see the module's docstring)."""

    parts = (LessonModel, LessonCoach)
    model: LessonModel
    coach: LessonCoach

    def __init__(self, host: Host, lesson_id: str, fresh: bool = False) -> None:
        self.lesson = load(lesson_id)
        self.book = host.session.lessons
        notice = self.book.load().notice
        self.book.notice = None
        self.guide = Guide(self.lesson)
        self.told_in = language()
        """The language a refused move was told in."""
        saved = [] if fresh else self.book.played(lesson_id)
        if fresh:
            self.book.forget(lesson_id)
        try:
            if not self.guide.replayed(saved):
                raise records.RecordError("not the script's")
            match = lesson_match(self.lesson, saved)
        except records.RecordError:
            notice = _("Your place in this guided hand was not found again: it starts from "
                       "the beginning.")
            self.guide = Guide(self.lesson)
            match = lesson_match(self.lesson, [])
        super().__init__(host, match, policy=LessonPolicy(self.lesson))
        self.ai = ScriptDriver(match, self.guide)
        self.plays = NoPlaysForYou(self)
        self.fan.focus_among = lambda: [str(a.get("play")) for a in self.guide.run.choices(
            self.played)]  # the focus goes by itself to a card the script takes
        if notice:
            self.say(notice, 6.0, about_now=False)  # about the book, not the cards

    # -- where the guided hand stands --------------------------------------------------------

    @property
    def played(self) -> int:
        """How many of the hand's actions have been played."""
        return len(self.match.hands[-1]["actions"])

    def history(self) -> list[Action]:
        """The hand's actions played so far."""
        return list(self.match.hands[-1]["actions"])

    def waits(self) -> bool:
        """The words up wait for the player to go on ("Go on", Enter, Space)."""
        n = self.played
        return self.guide.waits(n, self.guide.south_next(n) and not self.hand.done)

    def words_up(self) -> str | None:
        """The words shown now, in the player's language: a refused move's explanation, else
        the step's."""
        n, told = self.played, self.guide.told
        if told is not None and told[0] == n:
            if self.told_in != language():  # the language changed: say it again
                self.refuse(n)
                told = self.guide.told
                assert told is not None
            return told[1]
        step = self.guide.step(n)
        if step is None or not step.say:
            return None
        return words_of(_(step.say), card_words)

    def go_on(self) -> None:
        """The player has read the words up."""
        if self.waits():
            self.guide.go_on(self.played)
            self.coach.layout()

    # -- the flow ----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        n = self.played
        south = self.guide.south_next(n) and self.hand.to_act == 0
        self.model.scripted = self.guide.expected(n) if south else None
        super().update(dt)
        if self.hand.done:
            self.coach.layout()

    def open_summary(self) -> None:
        """The summary, once the last words are gone on from; the lesson is then done."""
        if self.guide.blocks(self.played):
            return
        self.book.finish(self.lesson.id)
        super().open_summary()

    def wake_in(self) -> float | None:
        """As the table's; while the closing words wait, only the player changes anything."""
        if self.hand.done and self.summary is None and self.guide.blocks(self.played):
            return soonest(self.anim.wake_in(), self.seats.wake_in(self.time))
        return super().wake_in()

    def perform(self, action: Action, source: tuple[float, float] | None = None,
                check: bool = True) -> None:
        """Apply ``action`` (South's: already accepted by the script, then applied in the
        script's form — a bella claim as scripted), then keep the progress."""
        n = self.played
        if action.get("seat") == SOUTH and n < self.guide.total:
            want = self.guide.expected(n)
            if "play" in action and action["play"] == want.get("play"):
                action = want
            self.guide.run.accept(n, action)
        self.guide.told = None
        super().perform(action, source, check=False)
        self.book.keep(self.lesson.id, self.match.hands[-1]["actions"])

    # -- South's moves -----------------------------------------------------------------------

    def judged(self, action: Action) -> bool:
        """Whether the script takes ``action`` (legal) from South now; when not, the bubble
        says what this hand goes on with and lifts it."""
        n = self.played
        if n < self.guide.total and self.guide.run.accepts(n, action, self.history()):
            return True
        self.refuse(n)
        return False

    def refuse(self, n: int) -> None:
        """South's legal move at ``n`` is not the script's: say so (the step's own words,
        else which card or choice this hand goes on with), lifting the cards meant."""
        history = self.history()
        want = [a for a in self.guide.run.choices(n) if self.guide.run.accepts(n, a, history)] \
            if n < self.guide.total else []
        first: dict[str, Any] = dict(want[0]) if want else {}
        cards: tuple[str, ...] = tuple(str(a["play"]) for a in want if "play" in a)
        if "discard" in first:
            cards = tuple(self.guide.scripted_lay_away(n, self.model.lay_away_size()))
        own = self.guide.wrong_words(n)
        named = ", ".join(card_words(c) for c in cards)
        if own:
            text = words_of(_(own), card_words)
        elif "discard" in first:
            text = _("Not these: in this guided hand, lay away {cards}.").format(cards=named)
        elif len(cards) == 1:
            text = _("Not this one: in this guided hand, play {card}.").format(card=named)
        elif cards:
            text = _("Not this one: in this guided hand, play one of {cards}.").format(
                cards=named)
        else:
            text = _("Not this one: in this guided hand, choose “{choice}”.").format(
                choice=words.action_label(first) if first else "")
        self.guide.told = (n, text, cards)
        self.told_in = language()
        self.toast = None
        self.coach.led = -1
        self.coach.layout()

    def try_play(self, index: int, drop: tuple[int, int] | None = None) -> bool:
        """As the table's, but a legal card the script does not take flies back, explained."""
        fan = self.fan
        name = fan.cards[index] if index < len(fan.cards) else None
        if name is None or index >= len(fan.rects) or self.hand.to_act != 0:
            return super().try_play(index, drop)
        action = self.model.play_action(name)
        if self.model.why_not(action) is not None or self.judged(action):
            return super().try_play(index, drop)
        if self.busy():
            self.anim.finish_all()
            fan.show_all()
        rect = fan.card_rect(index)
        fan.fly_home(name, drop if drop is not None else rect.center, rect)
        return False

    def choose(self, action: Action) -> None:
        """A panel button: the engine's reason when it may not be chosen; else as the script
        has it (a handful: the script's trumps)."""
        if self.model.why_not(action) is not None:
            super().choose(action)
            return
        n = self.played
        want = self.guide.expected(n) if n < self.guide.total else {}
        if "handful" in action and "handful" in want \
                and sorted(action["handful"]) == sorted(want["handful"]):
            action = want
        if self.judged(action):
            super().choose(action)

    def confirm_discard(self) -> None:
        """Lay away the picked cards when they are the script's (in any order: laid away in
        the script's); else say which."""
        size = self.model.lay_away_size()
        if len(self.model.selected) != size:
            super().confirm_discard()
            return
        n = self.played
        if not self.guide.accepts_lay_away(n, list(self.model.selected)):
            self.refuse(n)
            return
        self.model.selected = []
        for i in range(n, n + size):
            self.perform(self.guide.expected(i))
        self.panel.rebuild()

    # -- input -------------------------------------------------------------------------------

    def _key(self, event: pygame.event.Event) -> None:
        if event.key in GO_ON_KEYS and self.waits() and self.summary is None:
            if self.busy():
                self.anim.finish_all()
            self.go_on()
            return
        super()._key(event)

    def _press(self, event: pygame.event.Event) -> None:
        go = self.coach.go_on
        if go is not None and self.summary is None and go.rect.collidepoint(event.pos):
            go.action()
            return
        super()._press(event)


class LessonMenu(ButtonScene):
    """Escape at a guided hand: go on, start again, read the rules, leave (the progress
    kept), quit."""

    title = N_("Guided hand")
    opaque = False

    def __init__(self, host: Host, table: TableScene) -> None:
        self.table = table
        super().__init__(host)

    def build(self) -> None:
        self.items = [Button(_("Resume guided hand"), self.host.pop),
                      Button(_("Start again"), lambda: start_again(self.table)),
                      Button(_("Rules"), self.rules),
                      Button(_("Leave guided hand"), lambda: leave(self.host, self.table)),
                      Button(_("Quit"), self.host.quit)]

    def rules(self) -> None:
        """The rules page of the guided hand's game."""
        self.host.push(open_scene(self.host, "rules", game=self.table.model.game))
