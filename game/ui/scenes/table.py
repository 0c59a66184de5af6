"""The table: one scene plays every game, composed of the parts in :mod:`game.ui.table`.

The :class:`~game.ui.table.model.TableModel` asks the engine for everything (South sees only
``knowledge(0)``; what the decision panel offers comes from the legal actions); the
:class:`~game.ui.table.ai_driver.AIDriver` asks the AI seats in the session's workers; the
widgets — South's hand, the seats, the trick, the score panel, the decision panel and the
summary — each handle their input and draw themselves; the coach (:mod:`..coach`) adds the
learning aids. This scene wires them together, runs the match's flow (AI turns, the summary,
the next hand) and animates what each action does. Its :class:`TablePolicy` says whether it is
the game in progress or a practice hand (:mod:`.practice_table`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...engine.hand import Action, HandState
from ...engine.knowledge import Knowledge
from ...i18n import _
from ...i18n import say as said
from ..anim import Animator
from ..coach import Coach
from ..host import Scene, register
from ..layout import MARGIN, Table, clear_place
from ..render.felt import felt
from ..session import Match
from ..table.ai_driver import AIDriver
from ..table.claim import TablePlaysForYou
from ..table.decision import DecisionPanel
from ..table.hand import HandWidget
from ..table.model import TableModel
from ..table.moment import Moment
from ..table.policy import GAME, TablePolicy, draw_badge
from ..table.score import ScorePanel
from ..table.seats import SeatsWidget
from ..table.summary import SummaryWidget
from ..table.trick import LastTrick, Sprite, TrickWidget
from ..wake import jobs_wake_in, soonest
from ..widgets import TOOLTIP_WIDTH, Button, text_box_size, tooltip

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from ..host import Host

__all__ = ["Sprite", "TableScene"]

TOP_BUTTON = (110, 34)
"""Width and height of the Menu and Last trick buttons."""
TOP_ROW_Y = 12
TOP_GAP = 8
TOP_TEXT = 16
"""Label size of the Menu and Last trick buttons."""
TIP_TEXT = 15
"""Text size of the reason shown for a dimmed card or button."""
TOAST_TEXT = 18
TIP_ABOVE = 6
"""A reason's tip points this far above the card or button."""
TOAST_SECONDS = 3.0
"""How long a message above the hand stays."""
TOAST_ABOVE = 10
"""A message sits this far above the hand (or the row of declarations)."""


@register("table")
class TableScene(Scene):
    """The felt table for one match, as ``policy`` has it (the game in progress by default);
    a kind of table may give its own model and coach (:attr:`parts`: the guided hand's)."""

    parts: tuple[type[TableModel], type[Coach]] = (TableModel, Coach)

    def __init__(self, host: Host, match: Match, ai_enabled: bool = True,
                 policy: TablePolicy = GAME) -> None:
        super().__init__(host)
        session = host.session
        self.policy = policy
        self.model = self.parts[0](match, session.settings)
        self.ai = AIDriver(match, session.workers)
        self.ai_enabled = ai_enabled
        self.anim = Animator()
        self.time = 0.0
        self.size = host.size
        self.geo = Table(self.size, match.table.letters)
        self.toast: tuple[str, float, Moment | None] | None = None
        """The message above the hand: its words, when it goes, and the moment it speaks of
        (it goes sooner when the table leaves it; ``None``: it lasts its time)."""
        self.bubbles: list[pygame.Rect] = []
        """The boxes of text drawn over the table in the last frame — the hint's bubble, the
        checker's note, a reason's tip, a message: one at a time (:meth:`draw`)."""
        self.fan = HandWidget(self.model, session.settings, self.anim, self.speed, self.clock)
        self.seats = SeatsWidget(self.model, self.fan, self.speed, self.clock, self.busy,
                                 self.east_limit, self.thinking,
                                 lambda: self.summary_view.shown, self.label_obstacles)
        self.panel = DecisionPanel(self.model, self.fan, self.choose, self.confirm_discard,
                                   self.idle)
        self.middle = TrickWidget(self.model, self.fan, self.anim, self.speed,
                                  self.seats.centre, session.sound.play, self.panel.panel_bottom)
        self.middle.handful.seat_box = self.seats.seat_box
        self.last = LastTrick(self.model, self.fan)
        self.score = ScorePanel(self.model)
        self.summary_view = SummaryWidget(lambda: self.score.rect, lambda: self.host.top != self)
        self.top_buttons: list[Button] = []
        self.coach = self.parts[1](self)
        self.plays = TablePlaysForYou(self)
        self.fan.play, self.fan.pick = self.try_play, self.toggle_discard
        self.fan.say = self.say
        self.fan.hinted = self.coach.hinted_card
        self.fan.as_good = self.coach.as_good_cards
        self.fan.takes_keys = self.panel.hand_takes_keys
        self.fan.summary_up = lambda: self.summary_view.shown
        self.seats.panel_box = self.panel.box
        self.resize(self.size)
        self.start_hand()

    # -- what the parts share ----------------------------------------------------------------

    @property
    def match(self) -> Match:
        """The match at this table."""
        return self.model.match

    @property
    def hand(self) -> HandState:
        """The current hand (the engine's state)."""
        return self.model.hand

    @property
    def trick(self) -> list[Sprite]:
        """The cards shown in the middle."""
        return self.middle.cards

    @property
    def summary(self) -> list[Button] | None:
        """The summary's buttons while it is up, else ``None``."""
        return self.summary_view.buttons if self.summary_view.shown else None

    @property
    def play_buttons(self) -> list[Button]:
        """The buttons of the table playing for South ("Claim the rest", "Take back my
        cards") while they show."""
        return self.plays.buttons

    def speed(self) -> float:
        """The animation speed factor."""
        return self.host.session.settings.speed_factor

    def clock(self) -> float:
        """The table's time: seconds of :meth:`update` so far."""
        return self.time

    def knowledge(self) -> Knowledge:
        """South's view (cached per action)."""
        return self.model.knowledge()

    def legal(self) -> list[Action]:
        """South's legal actions now (empty when another seat is to act)."""
        return self.model.legal()

    def east_limit(self) -> int | None:
        """The x East's cards keep left of: the card tracker's left edge while it is open."""
        if self.coach.on and self.coach.tracker.visible:
            return int(self.coach.tracker_area().left)
        return None

    def thinking(self) -> int | None:
        """The AI seat deciding now, if any (it shows a thinking bubble)."""
        return self.ai.thinking() if self.ai_enabled else None

    def buttons(self) -> list[Button]:
        """Every button on the table now (not the summary's)."""
        return [*self.top_buttons, *self.coach.buttons, *self.panel.panel_buttons,
                *self.panel.side_buttons]

    def label_obstacles(self) -> list[pygame.Rect]:
        """What the seats' labels keep clear of: every button, the score panel, the trick's
        cards, the open card tracker."""
        rects = [b.rect for b in self.buttons()] + [self.score.rect, *self.middle.slots()]
        if self.coach.on and self.coach.tracker.visible:
            rects.append(self.coach.tracker.area)
        return rects

    def say(self, text: str, seconds: float = TOAST_SECONDS, about_now: bool = True) -> None:
        """Show a message above the hand for a few seconds (an engine's
        :class:`~game.engine.message.Message` in the player's language, said to South).

        ``about_now``: the message speaks of the table as it is (a move refused, a hint
        asked out of turn, Undo refused…) and goes as soon as that changes — an action
        applied or taken back, a card picked, learning mode switched (issue 36: "You acted
        out of turn: North is to act" stayed beside "Your turn"); else it lasts its time."""
        moment = self.model.moment() if about_now else None
        self.toast = (said(text, "S"), self.time + seconds, moment)

    def toast_live(self) -> bool:
        """True while a message is shown: its time not up, and the table still as it spoke
        of (a message no longer true is dropped)."""
        toast = self.toast
        if toast is not None and toast[2] is not None and not self.model.still(toast[2]):
            self.toast = toast = None
        return toast is not None and self.time < toast[1]

    def busy(self) -> bool:
        """True while cards fly, a trick is shown or the deal animation runs."""
        self.layout()
        return self.anim.busy or self.fan.dealing

    def idle(self) -> bool:
        """The table waits for nothing but a player: no summary, nothing moving."""
        return self.summary is None and not self.busy()

    def layout(self) -> None:
        """Lay South's hand out again if anything changed."""
        self.fan.layout()

    def close(self) -> None:
        self.ai.close()
        self.coach.advice.close()

    def refresh(self) -> None:
        """Rebuild the panels and the hand's look at the next frame (a setting changed)."""
        self.panel.rebuild()
        self.fan.relayout()

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.geo = Table(size, self.model.table.letters)
        for part in (self.fan, self.seats, self.middle, self.panel):
            part.resize(self.geo)
        bw, bh = TOP_BUTTON
        w = size[0]
        self.top_buttons = [
            Button(_("Menu"), self.open_menu, pygame.Rect(w - MARGIN - bw, TOP_ROW_Y, bw, bh),
                   size=TOP_TEXT),
            Button(_("Last trick"), self.last.toggle,
                   pygame.Rect(w - MARGIN - TOP_GAP - 2 * bw, TOP_ROW_Y, bw, bh), size=TOP_TEXT),
        ]

    # -- the match's flow --------------------------------------------------------------------

    def start_hand(self) -> None:
        """Begin showing the current hand: reset the table, deal it out (a resumed hand shows
        its open trick's cards where they lie)."""
        self.anim.clear()
        self.middle.restore()
        self.summary_view.hide()
        self.model.selected = []
        self.model.bella = True
        self.fan.restart()
        self.seats.bubbles = {}
        self.panel.rebuild()
        self.ai.reset()
        self.plays.autopilot.new_hand()
        self.host.session.sound.play("deal")

    def next_hand(self) -> None:
        """Deal the next hand of the match."""
        self.match.next_hand()
        self.start_hand()

    def open_summary(self) -> None:
        """The end-of-hand (and end-of-game) summary, as the policy has it."""
        title, lines, buttons = self.policy.summary(self)
        self.summary_view.show(title, lines, buttons, self.size)
        self.last.shown = False
        self.panel.rebuild()

    def open_menu(self) -> None:
        """Escape: the menu the policy gives."""
        self.policy.open_menu(self)

    def update(self, dt: float) -> None:
        self.time += dt
        self.anim.update(dt)
        self.fan.update(dt)
        self.coach.update()
        if not self.busy() and self.summary is None:
            if self.hand.done:
                self.open_summary()
                return
            seat = self.hand.to_act
            if seat is not None and not self.plays.step(seat) and seat != 0 and self.ai_enabled:
                action = self.ai.poll(seat, self.time, self.speed(), self.model.learning_on)
                if action is not None:
                    self.perform(action)
        self.panel.update(dt)
        self.coach.layout()

    def wake_in(self) -> float | None:
        """How soon the table looks different by itself (see :meth:`Scene.wake_in`), at its
        own time: at once while cards move, the hand is over (the summary opens) or an AI seat
        has its action to show; when the next timer, dot, bubble, message, forced or claimed
        card is due; when a job in the workers ends (an AI's decision, a check, a claim's
        proof: watched, :func:`~..wake.jobs_wake_in`; the hint: looked at every
        :data:`~..wake.POLL`, :meth:`.Coach.wake_in`); ``None`` when only the player can
        change anything (South to act, every bubble gone, the glow at rest)."""
        now = self.time
        if self.fan.dealing and not self.anim.busy:
            return 0.0
        waits = [self.anim.wake_in(), self.seats.wake_in(now), self.plays.wake_in(now),
                 self.coach.wake_in(now)]
        if self.toast_live() and self.toast is not None:
            waits.append(self.toast[1] - now)
        if not self.busy() and self.summary is None:
            seat = self.hand.to_act
            if self.hand.done:
                return 0.0
            if seat is not None and seat != 0 and self.ai_enabled and not self.plays.play_out:
                waits.append(self.ai.wake_in(now))
                waits.append(jobs_wake_in([self.ai.pending] if self.ai.pending else []))
        return soonest(*waits)

    # -- acting ------------------------------------------------------------------------------

    def perform(self, action: Action, source: tuple[float, float] | None = None,
                check: bool = True) -> None:
        """Apply ``action`` (already known legal) and animate what it does; a South action
        goes to the coach (the play checker) unless ``check`` is false."""
        known = self.knowledge() if action["seat"] == "S" else None
        outcome = self.model.apply(action)
        if known is not None:
            self.toast = None  # a reason shown for an earlier attempt no longer applies
            if check:
                self.coach.acted(known, action)
        self.refresh()
        self.seats.said(outcome.seat, outcome.speech)
        if outcome.sound:
            self.host.session.sound.play(outcome.sound)
        self.middle.acted(outcome, source)

    def try_play(self, index: int, drop: tuple[int, int] | None = None) -> bool:
        """South plays hand card ``index`` (dropped at ``drop``); an illegal card flies back
        with the reason. Returns True when the card was played."""
        fan = self.fan
        name = fan.cards[index] if index < len(fan.cards) else None
        rect = fan.card_rect(index) if index < len(fan.rects) else None
        if name is None or rect is None:
            self.say(_("You may not look at that card yet"))
            return False
        if self.busy():
            self.anim.finish_all()
            fan.show_all()
        action = self.model.play_action(name)
        reason = self.model.why_not(action)
        start = drop if drop is not None else rect.center
        if reason is not None:
            self.say(reason)
            fan.fly_home(name, start, rect)
            return False
        self.perform(action, start)
        return True

    def toggle_discard(self, index: int) -> None:
        """Pick or put back a card for the Tarot discard."""
        reason = self.model.toggle_pick(self.fan.cards, index)
        if reason:
            self.say(reason)
        self.panel.rebuild()

    def confirm_discard(self) -> None:
        """Lay away the picked cards (as many as the engine's table lays away)."""
        size = self.model.lay_away_size()
        if len(self.model.selected) != size:
            self.say(_("Pick {n} cards to lay away").format(n=size))
            return
        known = self.knowledge()
        laid = self.model.lay_away()
        for action in laid:
            self.perform(action, check=False)
        self.coach.acted(known, laid)

    def choose(self, action: Action) -> None:
        """A panel button: apply South's chosen action."""
        reason = self.model.why_not(action)
        if reason is not None:
            self.say(reason)
            return
        self.perform(action)

    def undone(self, taken: list[Action]) -> None:
        """South's ``taken`` actions were taken back (:meth:`Match.undo`): show the hand as
        it was before them — no animation left running, the open trick's cards in their
        places, a lay-away's cards picked again, any AI decision under way dropped."""
        self.anim.clear()
        self.ai.drop()
        self.plays.autopilot.stop()  # the player takes the move back: the cards too
        self.fan.returning = self.fan.drag = None
        self.toast = None
        self.seats.bubbles.pop(0, None)
        self.model.forget()
        self.fan.show_all()
        self.model.selected = [a["discard"] for a in taken if "discard" in a]
        self.middle.restore()
        self.refresh()

    # -- input -------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return None
        dragging = self.fan.drag is not None and event.type in (pygame.MOUSEMOTION,
                                                                pygame.MOUSEBUTTONUP)
        if not dragging and self.coach.handle_event(event):  # a drag ends where it is let go
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event)
            return None
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            self.fan.handle_event(event)
            return None
        return event

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key == pygame.K_ESCAPE:
            if not self.plays.autopilot.stop():  # Escape gives South's cards back first
                self.open_menu()
            return
        if key == pygame.K_s:
            self.policy.open_score_sheet(self)
            return
        if self.coach.handle_key(event):
            return
        if key != pygame.K_l:
            self.fan.kb_used = True
        if self.summary_view.handle_event(event):
            return
        if key == pygame.K_l:
            self.last.toggle()
            return
        if self.busy() and key == pygame.K_SPACE:
            self.anim.finish_all()
            return
        if not self.panel.handle_event(event):
            self.fan.handle_event(event)

    def _press(self, event: pygame.event.Event) -> None:
        """A click: the summary takes it while up; else a button, else putting the last trick
        away, else a card of the hand — a click on the felt finishes the animation."""
        if self.summary_view.handle_event(event) or self.panel.handle_event(event):
            return
        for b in [*self.top_buttons, *self.coach.buttons, *self.plays.buttons]:
            if b.rect.collidepoint(event.pos):
                b.action()
                return
        if not self.last.handle_event(event) and not self.fan.handle_event(event) \
                and self.anim.busy:
            self.anim.finish_all()

    # -- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.layout()
        window = surface.get_rect()
        mouse = pygame.mouse.get_pos()
        surface.blit(felt(self.size), (0, 0))
        for part in (self.seats, self.middle, self.fan, self.score):
            part.draw(surface, window)
        for b in self.top_buttons:
            b.draw(surface, b.rect.collidepoint(mouse), False)
        self.panel.draw(surface, window)
        self.plays.draw(surface)
        shown = self.shown_reason()
        toast = self.toast if self.toast_live() else None
        self.coach.draw(surface, quiet=shown is not None or toast is not None)
        self.bubbles = self.coach.shown_boxes()
        if shown is not None:
            reason = said(shown[0], "S")
            self.bubbles.append(tooltip(surface, reason, self.beside_buttons(reason, shown[1]),
                                        TIP_TEXT))
        if toast is not None:
            above = self.panel.side_top() or self.fan.raised_top()  # over the row's caption
            at, wide = (self.size[0] // 2, above - TOAST_ABOVE), self.geo.panel_area.w
            self.bubbles.append(tooltip(surface, toast[0], self.beside_buttons(
                toast[0], at, TOAST_TEXT, wide), TOAST_TEXT, wide))  # wide: one line mostly
        self.fan.draw_held(surface)
        self.last.draw(surface, window)
        for top in (self.summary_view, self.middle.cheer):  # a hand won: cheered over it
            top.draw(surface, window)
        if self.policy.badge:
            draw_badge(surface, _(self.policy.badge), self.geo)

    def shown_reason(self) -> tuple[str, tuple[int, int]] | None:
        """The reason shown now for a dimmed card or button, or a chosen button's warning —
        the one under the mouse or, after a key, the one the keyboard focuses — and where its
        tip points.

        **Decision** (issue 24): one box of text at a time over the table. A message (the
        answer to what the player just tried) hides every other; a reason's tip (about what
        the player points at now) hides the hint's bubble and the checker's note, which come
        back when the pointer or the focus moves on (the hinted card keeps its ring
        meanwhile); the hint's bubble hides the checker's note."""
        if self.toast_live() or self.fan.dragging():
            return None
        dim = self.fan.dim_reasons()
        card = self.fan.hover
        if self.fan.kb_used:
            card = self.fan.focus if self.panel.hand_takes_keys() else None
        if card is not None and dim.get(card):
            r = self.fan.card_rect(card)
            return dim[card], (r.centerx, min(r.top, self.fan.raised_top()) - TIP_ABOVE)
        mouse = pygame.mouse.get_pos()
        b = self.panel.reason_shown(mouse) or self.coach.reason_shown(mouse)
        if b is not None and b.tip:
            return b.tip, (b.rect.centerx, b.rect.top - TIP_ABOVE)
        return None

    def beside_buttons(self, text: str, point: tuple[int, int], size: int = TIP_TEXT,
                       width: int = TOOLTIP_WIDTH) -> tuple[int, int]:
        """Where a reason's tip or a message pointing at ``point`` goes: clear of the buttons,
        the seats' labels and words, the hint's bubble, the checker's note, the marked cards."""
        seats = [*self.seats.labels.values(), *self.seats.spoken.values()]
        return clear_place(text_box_size(text, size, width), point, self.size,
                           [*(b.rect for b in self.buttons()), *seats],
                           [*self.coach.shown_boxes(), *self.coach.marked_cards()], TOP_GAP)
