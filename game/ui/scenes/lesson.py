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
from ..table.lesson_parts import LessonCoach, LessonModel, ScriptDriver
from ..table.lesson_watch import WATCH_FACTOR, LessonPlays
from ..table.lesson_words import play_these, why_refused
from ..table.policy import TablePolicy
from ..wake import soonest
from ..widgets import Button
from .overlay import ButtonScene
from .page import game_title
from .table import TableScene

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from ..host import Host

GO_ON_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
SIGNAL_HELD = 3600.0
"""Seconds a signal's words are held at a time while its trick is played (cut when it is
won)."""
SIGNAL_AFTER = 1.0
"""Seconds a signal's words stay once its trick is won."""
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
        self.refused: Action | None = None
        """South's last refused move."""
        self.signal_kept: tuple[int, int] | None = None
        """(trick, seat) of the signal whose words are held on the table."""
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
        heard = self.book.heard_at(lesson_id)
        if heard[0] == len(match.hands[-1]["actions"]) and not fresh:
            self.guide.heard = heard  # the words already gone on from at that point
        super().__init__(host, match, policy=LessonPolicy(self.lesson))
        if not self.book.begun(lesson_id):  # opened: resumed even if left before a move
            self.keep()
        self.ai = ScriptDriver(match, self.guide)
        self.plays: LessonPlays = LessonPlays(self)
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
        """The player has read the words up (where they offer to watch the next tricks:
        "Play them myself")."""
        if self.waits():
            self.guide.go_on(self.played)
            self.coach.offer_focus = 0
            self.coach.layout()
            self.keep()

    def keep(self) -> None:
        """Remember where the guided hand stands: its actions and the words gone on from."""
        self.book.keep(self.lesson.id, self.match.hands[-1]["actions"], self.guide.heard)

    def watch(self) -> None:
        """The words up offered to watch the next tricks: the player chose to."""
        if self.waits():
            self.guide.watch(self.played)
            self.coach.offer_focus = 0
            self.coach.layout()

    def speed(self) -> float:
        """The speed setting's factor; quicker while the player watches South's moves played
        (:data:`~..table.lesson_watch.WATCH_FACTOR`)."""
        base = super().speed()
        watched = self.guide.watch_until is not None and self.played < self.guide.watch_until
        return base * WATCH_FACTOR if watched else base

    # -- the flow ----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        n = self.played
        south = self.guide.south_next(n) and self.hand.to_act == 0
        self.model.scripted = self.guide.expected(n) if south else None
        super().update(dt)
        self.keep_signal()
        if self.hand.done:
            self.coach.layout()

    def keep_signal(self) -> None:
        """Arba'a Turub: a signal's words stay by its seat while the trick it was given for
        is played (the lesson speaks of it, and may hold the table on its words meanwhile);
        once that trick is won they go after :data:`SIGNAL_AFTER` seconds."""
        signals = getattr(self.hand, "signals", None) or []
        kept = self.signal_kept
        if kept is not None and (not signals or signals[-1][:2] != kept
                                 or kept[0] != len(getattr(self.hand, "tricks", []))):
            said = self.seats.bubbles.get(kept[1])
            if said is not None:
                self.seats.bubbles[kept[1]] = (said[0], min(said[1],
                                                            self.clock() + SIGNAL_AFTER))
            self.signal_kept = None
        if signals and signals[-1][0] == len(getattr(self.hand, "tricks", [])):
            trick, seat, _value = signals[-1]
            said = self.seats.bubbles.get(seat)
            if said is not None:
                self.seats.bubbles[seat] = (said[0], self.clock() + SIGNAL_HELD)
                self.signal_kept = (trick, seat)

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
        self.keep()

    # -- South's moves -----------------------------------------------------------------------

    def judged(self, action: Action) -> bool:
        """Whether the script takes ``action`` (legal) from South now; when not, the bubble
        says why and what this hand goes on with, and lifts it."""
        n = self.played
        if n < self.guide.total and self.guide.run.accepts(n, action, self.history()):
            return True
        self.refuse(n, action)
        return False

    def refuse(self, n: int, action: Action | None = None) -> None:
        """South's legal ``action`` at ``n`` is not the script's: say so — the step's own
        words, else why that card would break the lesson (:mod:`..table.lesson_words`) and
        which cards go on with it — lifting those cards. Without ``action``: the last
        refused one, said again (the language changed)."""
        if action is None:
            action = self.refused
        self.refused = action
        history = self.history()
        run = self.guide.run
        want = [run.expected(n)] if n < self.guide.total else []
        if want and "play" in want[0] and n not in self.lesson.taught_moves():
            want += [a for a in self.legal() if "play" in a and not _same_card(a, want[0])
                     and run.accepts(n, a, history)]
        first: dict[str, Any] = dict(want[0]) if want else {}
        cards: tuple[str, ...] = tuple(dict.fromkeys(str(a["play"]) for a in want
                                                     if "play" in a))
        if "discard" in first:
            cards = tuple(self.guide.scripted_lay_away(n, self.model.lay_away_size()))
        own = self.guide.wrong_words(n)
        named = ", ".join(card_words(c) for c in cards)
        if own:
            text = words_of(_(own), card_words)
        elif "discard" in first:
            text = _("Not these: in this guided hand, lay away {cards}.").format(cards=named)
        elif cards and action is not None and "play" in action:
            tricks = sum(1 for t in self.hand.trick_log() if t["winner"])
            leads = not any(t["cards"] for t in self.hand.trick_log() if not t["winner"])
            why = why_refused(str(action["play"]), run.breach(history, action), tricks, leads)
            text = f"{why} {play_these(cards)}" if why else self.play_one(cards)
        elif cards:
            text = self.play_one(cards)
        else:
            text = _("Not this one: in this guided hand, choose “{choice}”.").format(
                choice=words.action_label(first) if first else "")
        self.guide.told = (n, text, cards)
        self.told_in = language()
        self.toast = None
        self.coach.led = -1
        self.coach.layout()

    @staticmethod
    def play_one(cards: tuple[str, ...]) -> str:
        """"Not this one: in this guided hand, play …" (one card, or one of several)."""
        named = ", ".join(card_words(c) for c in cards)
        if len(cards) == 1:
            return _("Not this one: in this guided hand, play {card}.").format(card=named)
        return _("Not this one: in this guided hand, play one of {cards}.").format(cards=named)

    def try_play(self, index: int, drop: tuple[int, int] | None = None) -> bool:
        """As the table's, but a legal card the script does not take flies back, explained."""
        self.plays.stop()  # a card played while watching: the player takes the seat back
        fan = self.fan
        name = fan.cards[index] if index < len(fan.cards) else None
        if name is None or index >= len(fan.rects) or self.hand.to_act != 0:
            return super().try_play(index, drop)
        action = self.model.play_action(name)
        if self.model.why_not(action) is not None:  # the engine's reason; focus the taught card
            played = super().try_play(index, drop)
            if not played and drop is None:
                self.coach.focus_taught()
            return played
        if self.judged(action):
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
        offer = self.coach.offer if self.waits() and self.summary is None else []
        if offer and event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
            self.coach.offer_focus = 1 - self.coach.offer_focus
            return
        if event.key in GO_ON_KEYS and self.waits() and self.summary is None:
            if self.busy():
                self.anim.finish_all()
            if offer:
                offer[self.coach.offer_focus].action()
            else:
                self.go_on()
            return
        if event.key == pygame.K_ESCAPE and self.plays.stop():
            return
        super()._key(event)

    def _press(self, event: pygame.event.Event) -> None:
        go = self.coach.go_on
        for b in [*([go] if go is not None else []), *self.coach.offer]:
            if self.summary is None and b.rect.collidepoint(event.pos):
                b.action()
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


def _same_card(action: Action, other: Action) -> bool:
    """Both actions play the same card (a bella claim or not)."""
    return action.get("play") == other.get("play")
