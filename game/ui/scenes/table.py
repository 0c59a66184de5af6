"""The table: one scene plays every game, composed of the parts in :mod:`game.ui.table`.

The :class:`~game.ui.table.model.TableModel` asks the engine for everything (South sees only
``knowledge(0)``; what the decision panel offers comes from the legal actions); the
:class:`~game.ui.table.ai_driver.AIDriver` asks the AI seats in the session's worker; the
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
from ..anim import Animator
from ..coach import Coach
from ..host import Scene, register
from ..layout import MARGIN, Table
from ..render import fonts
from ..render.felt import felt
from ..session import Match
from ..table.ai_driver import AIDriver
from ..table.decision import DecisionPanel
from ..table.hand import HandWidget
from ..table.model import TableModel
from ..table.policy import GAME, TablePolicy
from ..table.score import ScorePanel
from ..table.seats import SeatsWidget
from ..table.summary import SummaryWidget
from ..table.trick import Sprite, TrickWidget
from ..theme import GOLD
from ..widgets import Button, draw_panel, tooltip

if TYPE_CHECKING:
    from ..host import Host

__all__ = ["Sprite", "TableScene"]

TOP_BUTTON = (110, 34)
"""Width and height of the Menu and Last trick buttons."""
TOP_ROW_Y = 12
TOP_GAP = 8
TOAST_SECONDS = 3.0
"""How long a message above the hand stays."""
TOAST_ABOVE = 10
"""A message sits this far above the hand (or the row of declarations)."""
NO_HAND_LABEL = 150
"""With no card in South's hand, South's label sits this far above the bottom."""
BADGE_BELOW_NORTH = 8
BADGE_PAD = (20, 8)


@register("table")
class TableScene(Scene):
    """The felt table for one match, as ``policy`` has it (the game in progress by default)."""

    def __init__(self, host: Host, match: Match, ai_enabled: bool = True,
                 policy: TablePolicy = GAME) -> None:
        super().__init__(host)
        session = host.session
        self.policy = policy
        self.model = TableModel(match, session.settings)
        self.ai = AIDriver(match, session.executor)
        self.ai_enabled = ai_enabled
        self.anim = Animator()
        self.time = 0.0
        self.size = host.size
        self.geo = Table(self.size)
        self.toast: tuple[str, float] | None = None
        self.fan = HandWidget(self.model, session.settings, self.anim, self.speed)
        self.seats = SeatsWidget(self.model, self.speed, self.east_limit)
        self.middle = TrickWidget(self.model, self.anim, self.speed, self.seats.centre,
                                  session.sound.play)
        self.score = ScorePanel(self.model)
        self.panel = DecisionPanel(self.model, self.choose, self.confirm_discard)
        self.summary_view = SummaryWidget()
        self.top_buttons: list[Button] = []
        self.coach = Coach(self)
        self.fan.play = self.try_play
        self.fan.pick = self.toggle_discard
        self.fan.say = self.say
        self.fan.hinted = self.coach.hinted_card
        self.fan.takes_keys = self.panel.hand_takes_keys
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

    def speed(self) -> float:
        """The animation speed factor."""
        return self.host.session.settings.speed_factor

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

    def say(self, text: str, seconds: float = TOAST_SECONDS) -> None:
        """Show a message above the hand for a few seconds."""
        self.toast = (text, self.time + seconds)

    def toast_live(self) -> bool:
        """True while a message is shown."""
        return self.toast is not None and self.time < self.toast[1]

    def busy(self) -> bool:
        """True while cards fly, a trick is shown or the deal animation runs."""
        self.layout()
        return self.anim.busy or self.fan.dealing

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
        self.geo = Table(size)
        for part in (self.fan, self.seats, self.middle, self.panel):
            part.resize(self.geo)
        bw, bh = TOP_BUTTON
        w = size[0]
        self.top_buttons = [
            Button("Menu", self.open_menu, pygame.Rect(w - MARGIN - bw, TOP_ROW_Y, bw, bh),
                   size=16),
            Button("Last trick", self.middle.toggle_last,
                   pygame.Rect(w - MARGIN - TOP_GAP - 2 * bw, TOP_ROW_Y, bw, bh), size=16),
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
        self.host.session.sound.play("deal")

    def next_hand(self) -> None:
        """Deal the next hand of the match."""
        self.match.next_hand()
        self.start_hand()

    def open_summary(self) -> None:
        """The end-of-hand (and end-of-game) summary, as the policy has it."""
        title, lines, buttons = self.policy.summary(self)
        self.summary_view.show(title, lines, buttons, self.size)
        self.middle.show_last = False
        self.panel.rebuild()

    def open_menu(self) -> None:
        """Escape: the menu the policy gives."""
        self.policy.open_menu(self)

    def update(self, dt: float) -> None:
        self.time += dt
        self.anim.update(dt)
        self.layout()
        self.coach.update()
        if not self.busy() and self.summary is None:
            if self.hand.done:
                self.open_summary()
                return
            seat = self.hand.to_act
            if seat is not None and seat != 0 and self.ai_enabled:
                action = self.ai.poll(seat, self.time, self.speed(), self.coach.on)
                if action is not None:
                    self.perform(action)
        idle = self.summary is None and not self.busy()
        self.panel.update(idle, self.fan.top(), (self.summary is not None, self.coach.on))
        self.coach.layout()

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
        self.seats.said(outcome.seat, outcome.speech, self.time)
        if outcome.sound:
            self.host.session.sound.play(outcome.sound)
        if outcome.played is not None:
            self.middle.played(outcome.played, outcome.seat, source, outcome.winner)

    def try_play(self, index: int, drop: tuple[int, int] | None = None) -> bool:
        """South plays hand card ``index`` (dropped at ``drop``); an illegal card flies back
        with the reason. Returns True when the card was played."""
        fan = self.fan
        name = fan.cards[index] if index < len(fan.cards) else None
        rect = fan.card_rect(index) if index < len(fan.rects) else None
        if name is None or rect is None:
            self.say("You may not look at that card yet")
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
        """Lay away the six picked cards."""
        if len(self.model.selected) != 6:
            self.say("Pick six cards to lay away")
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
        self.fan.returning = self.fan.drag = None
        self.toast = None
        self.seats.bubbles.pop(0, None)
        self.model.forget()
        self.fan.show_all()
        self.model.selected = [a["discard"] for a in taken if "discard" in a]
        self.middle.restore()
        self.refresh()

    # -- input -------------------------------------------------------------------------------

    def buttons(self) -> list[Button]:
        """Every clickable button now, the summary's first."""
        if self.summary is not None:
            return list(self.summary)
        return [*self.panel.panel_buttons, *self.panel.side_buttons, *self.top_buttons,
                *self.coach.buttons]

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return None
        dragging = self.fan.drag is not None and event.type in (pygame.MOUSEMOTION,
                                                                pygame.MOUSEBUTTONUP)
        if not dragging and self.coach.handle_event(event):  # a drag ends where it is let go
            return None
        if event.type == pygame.MOUSEMOTION:
            self.fan.motion(event.pos, self.summary is not None)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.fan.release(event.pos, self.time)
            return None
        return event

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key == pygame.K_ESCAPE:
            self.open_menu()
            return
        if self.coach.handle_key(event):
            return
        if key != pygame.K_l:
            self.fan.kb_used = True
        if self.summary is not None:
            self.summary_view.handle_key(key)
            return
        if key == pygame.K_l:
            self.middle.toggle_last()
            return
        if self.busy() and key == pygame.K_SPACE:
            self.anim.finish_all()
            return
        if not self.panel.handle_key(key):
            self.fan.handle_key(key)

    def _press(self, pos: tuple[int, int]) -> None:
        for b in self.buttons():
            if b.rect.collidepoint(pos):
                b.action()
                return
        if self.summary is not None:
            return
        if self.middle.show_last:
            self.middle.show_last = False
            return
        if not self.fan.press(pos) and self.anim.busy:
            self.anim.finish_all()

    # -- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.layout()
        window = surface.get_rect()
        mouse = pygame.mouse.get_pos()
        surface.blit(felt(self.size), (0, 0))
        turn = self.hand.to_act if not self.busy() else None
        self.seats.draw(surface, window, self.fan.art(self.geo.small), self.time,
                        self.fan.shown if self.fan.dealing else None, turn,
                        self.fan.top(self.size[1] - NO_HAND_LABEL))
        drag = self.fan.drag
        self.middle.draw(surface, window, self.fan.art,
                         drag.pos if drag is not None and drag.moved else None,
                         self.panel.panel_bottom())
        self.fan.draw(surface, window)
        self.score.draw(surface, window)
        for b in self.top_buttons:
            b.draw(surface, b.rect.collidepoint(mouse), False)
        self.panel.draw(surface, window, mouse)
        self.coach.draw(surface)
        shown = self.shown_reason()
        if shown is not None:
            tooltip(surface, shown[0], shown[1], 15)
        if self.toast_live():
            assert self.toast is not None
            above = (self.panel.side_row_top(self.fan.top()) if self.panel.side_buttons
                     else self.fan.top())
            tooltip(surface, self.toast[0], (self.size[0] // 2, above - TOAST_ABOVE), 18)
        if self.middle.show_last:
            self.middle.draw_last(surface, self.fan.art(self.geo.small))
        if self.summary is not None:
            self.summary_view.draw(surface, window, mouse)
        if self.policy.badge:
            self._draw_badge(surface, self.policy.badge)

    def shown_reason(self) -> tuple[str, tuple[int, int]] | None:
        """The reason shown now for a dimmed card or button — the one under the mouse or,
        after a key, the one the keyboard focuses — and where its tip points."""
        if self.toast_live() or self.fan.dragging():
            return None
        dim = self.fan.dim_reasons()
        card = self.fan.hover
        if self.fan.kb_used:
            card = self.fan.focus if self.panel.hand_takes_keys() else None
        if card is not None and dim.get(card):
            r = self.fan.card_rect(card)
            return dim[card], (r.centerx, r.top - 6)
        b = self.panel.reason_shown(self.fan.kb_used, pygame.mouse.get_pos())
        if b is not None and b.reason:
            return b.reason, (b.rect.centerx, b.rect.top - 6)
        return None

    def _draw_badge(self, surface: pygame.Surface, badge: str) -> None:
        """The policy's badge under North's cards, clear of the trick."""
        text = fonts.text(badge, 15, GOLD, bold=True)
        under_north = self.geo.seat_pos[2][1] + self.geo.small[1] // 2 + BADGE_BELOW_NORTH
        rect = text.get_rect(midtop=(self.size[0] // 2, under_north)).inflate(*BADGE_PAD)
        draw_panel(surface, rect)
        surface.blit(text, text.get_rect(center=rect.center))
