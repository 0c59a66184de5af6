"""The table: one scene plays every game, asking the engine for everything.

What South may do comes from ``hand.legal_actions()``: a ``play`` verb makes the hand playable
(drag to the table, double-click, arrows + Enter); every other verb becomes a button in a panel
(required decisions in the centre panel; optional declarations — signals, runs, handfuls — beside
the hand; Tarabish's bella as a toggle). Illegal cards are dimmed with the engine's reason on
hover, and an illegal drop flies back with that reason. South sees only ``knowledge(0)``.
In learning mode (:mod:`..coach`) illegal cards are dimmed with the engine's reason on hover or
keyboard focus, panels also show the choices that may not be made now, dimmed with the reason
(:func:`game.engine.learning.choices`), and the coach adds the hint, the play checker, undo and
the card tracker.

AI seats decide in the app's worker (``Executor``): the frame loop only checks whether the
decision is ready. Cards fly with deterministic tweens; a finished trick pauses so it can be
read (a click skips) and is then collected toward its winner.
"""

from __future__ import annotations

import random
from concurrent.futures import Future
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from ...engine import ai, learning
from ...engine.cards import SEATS, seat_index
from ...engine.hand import Action, HandState
from ...engine.knowledge import Knowledge
from .. import order, words
from ..anim import Animator
from ..coach import Coach
from ..host import Scene, open_scene, register
from ..layout import Table, hand_layout
from ..render import fonts
from ..render.cards import CardArt, art
from ..render.felt import felt
from ..session import Match
from ..theme import GOLD, INK
from ..widgets import Button, draw_panel, layout_row, tooltip

if TYPE_CHECKING:
    from ..host import Host

FLY = 0.22
"""Seconds a played card takes to reach the trick (before the speed factor)."""
TRICK_PAUSE = 0.9
COLLECT = 0.3
THINK = 0.35
DEAL_STEP = 0.05
DOUBLE_CLICK = 0.4
SOMALI = ("arbaa-turub", "turup")


@dataclass
class Sprite:
    """A card moving on the table: centre ``x``, ``y``; ``name`` ``None`` shows the back."""

    name: str | None
    x: float
    y: float
    seat: int = 0
    alpha: float = 255.0


@dataclass
class Drag:
    """A card being dragged from South's hand (index in the displayed hand)."""

    index: int
    name: str
    start: tuple[int, int]
    offset: tuple[int, int]
    pos: tuple[int, int]
    moved: bool = False


@register("table")
class TableScene(Scene):
    """The felt table for one match."""

    def __init__(self, host: Host, match: Match, ai_enabled: bool = True) -> None:
        super().__init__(host)
        self.match = match
        self.ai_enabled = ai_enabled
        self.anim = Animator()
        self.time = 0.0
        self.size = host.size
        self.geo = Table(self.size)
        self.players = {s: ai.make_player(match.player_for(s), seed=match.seed * 4 + s)
                        for s in (1, 2, 3)}
        self.pending: Future[ai.Decision] | None = None
        self.pending_key: int = -1
        self.ai_job = 0
        """Counts AI jobs; a job whose number is no longer current sees itself cancelled."""
        self.think_until = 0.0
        self.cancelled = False
        self.trick: list[Sprite] = []
        self.returning: Sprite | None = None
        self.bubbles: dict[int, tuple[str, float]] = {}
        self.toast: tuple[str, float] | None = None
        self.drag: Drag | None = None
        self.hover: int | None = None
        self.focus = 0
        self.kb_panel = False
        self.kb_used = False
        """The keyboard has been used: show the focused card."""
        self.panel_focus = 0
        self.last_click: tuple[str, float] | None = None
        self.selected: list[str] = []
        self.bella = True
        self.show_last = False
        self.summary: list[Button] | None = None
        self.summary_lines: list[str] = []
        self.summary_title = ""
        self.shown = 0
        """Cards of South's hand revealed by the deal animation so far."""
        self.reveal_target = 0
        self._cache_key: tuple[Any, ...] | None = None
        self.cards: list[str | None] = []
        self.rects: list[pygame.Rect] = []
        self._kn: tuple[int, Knowledge] | None = None
        self._dim: tuple[Any, dict[int, str]] | None = None
        self.panel_buttons: list[Button] = []
        self.side_buttons: list[Button] = []
        self.top_buttons: list[Button] = []
        self._panel_key: Any = None
        self.panel_title = ""
        self.panel_hint = ""
        self.coach = Coach(self)
        self.resize(self.size)
        self.start_hand()

    # -- helpers -----------------------------------------------------------------------------

    @property
    def hand(self) -> HandState:
        """The current hand (the engine's state)."""
        return self.match.hand

    @property
    def factor(self) -> float:
        """The animation speed factor."""
        return self.host.session.settings.speed_factor

    def knowledge(self) -> Knowledge:
        """South's view (cached per action)."""
        n = len(self.hand.history)
        if self._kn is None or self._kn[0] != n or self._kn[1].phase != self.hand.phase:
            self._kn = (n, self.hand.knowledge(0))  # type: ignore[attr-defined]
        return self._kn[1]

    def legal(self) -> list[Action]:
        """South's legal actions now (empty when another seat is to act)."""
        return list(self.knowledge().legal)

    def say(self, text: str, seconds: float = 3.0) -> None:
        """Show a message above the hand for a few seconds."""
        self.toast = (text, self.time + seconds)

    def toast_live(self) -> bool:
        """True while a message is shown."""
        return self.toast is not None and self.time < self.toast[1]

    def busy(self) -> bool:
        """True while cards fly, a trick is shown or the deal animation runs."""
        self.layout()
        return self.anim.busy or self.shown < self.reveal_target

    def close(self) -> None:
        self.cancelled = True
        self.coach.advice.close()
        if self.pending is not None:
            self.pending.cancel()

    def refresh(self) -> None:
        """Rebuild the panels and the hand's look at the next frame (a setting changed)."""
        self._panel_key = None
        self._cache_key = None
        self._dim = None

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.geo = Table(size)
        self._cache_key = None
        self._panel_key = None
        bw = 110
        w = size[0]
        self.top_buttons = [
            Button("Menu", self.open_menu, pygame.Rect(w - 16 - bw, 12, bw, 34), size=16),
            Button("Last trick", self.toggle_last, pygame.Rect(w - 24 - 2 * bw, 12, bw, 34),
                   size=16),
        ]
        for i, s in enumerate(self.trick):
            tx, ty = self.geo.trick_pos[s.seat]
            self.trick[i].x, self.trick[i].y = tx, ty

    # -- the hand on screen --------------------------------------------------------------------

    def start_hand(self) -> None:
        """Begin showing the current hand: reset the table, deal it out (a resumed hand shows
        its open trick's cards where they lie)."""
        self.anim = Animator()
        self.trick = self.open_trick()
        self.summary = None
        self.selected = []
        self.bella = True
        self.shown = 0
        self.reveal_target = 0
        self.bubbles = {}
        self._panel_key = None
        self.pending = None
        self.host.session.sound.play("deal")

    def visible_count(self) -> int:
        kn = self.knowledge()
        return len(kn.hand) + kn.unseen_own

    def layout(self) -> None:
        """Recompute South's displayed cards and their rects when anything changed."""
        kn = self.knowledge()
        total = len(kn.hand) + kn.unseen_own
        if total > self.reveal_target:
            self.shown = min(self.shown, total)
            self.reveal_target = total
            self._deal_tick()
        elif total < self.reveal_target:
            self.reveal_target = total
            self.shown = min(self.shown, total)
        key = (len(self.hand.history), self.hand.phase, self.size, self.shown,
               self.host.session.settings.trumps_right)
        if key == self._cache_key:
            return
        self._cache_key = key
        names: list[str | None] = list(order.sort_hand(
            self.hand.GAME, kn.hand, kn.trump, self.host.session.settings.trumps_right))
        names += [None] * kn.unseen_own
        if self.shown < len(names):
            # while dealing, show the cards received so far (in the order they sit)
            names = names[:self.shown]
        self.cards = names
        groups = [order.group_of(self.hand.GAME, n) if n else 9 for n in names]
        self.rects = hand_layout(groups, self.size, self.geo.card)
        self.focus = max(0, min(self.focus, len(self.cards) - 1))

    def _deal_tick(self) -> None:
        if self.shown >= self.reveal_target:
            return
        self.shown = min(self.reveal_target, self.shown + 3)
        self._cache_key = None
        self.anim.after(DEAL_STEP * self.factor, self._deal_tick)

    def card_rect(self, i: int) -> pygame.Rect:
        """Where card ``i`` of the hand is drawn now (raised when hovered or picked)."""
        r = self.rects[i]
        name = self.cards[i]
        lift = 0
        if i == self.hover or (self.kb_used and self.kb_target_hand() and i == self.focus):
            lift = self.geo.card[1] // 7
        picked = name is not None and self.hand.phase == "discard" and self._is_selected(i)
        if picked or i == self.coach.hinted_card():
            lift = self.geo.card[1] // 4
        return r.move(0, -lift) if lift else r

    def _is_selected(self, i: int) -> bool:
        name = self.cards[i]
        before = self.cards[:i].count(name)
        return name in self.selected and self.selected.count(name) > before

    def kb_target_hand(self) -> bool:
        """True when the arrow keys move through the hand (South plays or discards)."""
        return not self.kb_panel and self.hand.to_act == 0 and any(
            "play" in a or "discard" in a for a in self.legal())

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The hand card under ``pos`` (the topmost one)."""
        self.layout()
        if self.hover is not None and self.hover < len(self.rects) and \
                self.card_rect(self.hover).collidepoint(pos):
            # the raised card is on top of its neighbours where it sticks out
            top_hit = None
            for i in range(len(self.rects) - 1, -1, -1):
                if self.rects[i].collidepoint(pos):
                    top_hit = i
                    break
            if top_hit is None or top_hit == self.hover or not \
                    self.rects[top_hit].collidepoint(pos):
                return self.hover
        for i in range(len(self.rects) - 1, -1, -1):
            if self.card_rect(i).collidepoint(pos):
                return i
        return None

    def dim_reasons(self) -> dict[int, str]:
        """Hand index → why that card may not be played (or discarded) now: in learning mode,
        on South's turn to play or lay away, from :func:`game.engine.learning.illegal_cards`
        (with the cards already picked for a lay-away).

        **Decision**: while South decides something else (a bid, trump), the hand stays
        lit — the player reads it to decide; trying to play a card still says why not."""
        if not self.coach.on or self.hand.to_act != 0:
            return {}
        key = (len(self.hand.history), tuple(self.selected), self._cache_key, self.bella)
        if self._dim is not None and self._dim[0] == key:
            return self._dim[1]
        reasons: dict[int, str] = {}
        if any("play" in a or "discard" in a for a in self.legal()):
            illegal = learning.illegal_cards(self.hand, 0, self.selected)
            for i, name in enumerate(self.cards):
                if name in illegal and not self._is_selected(i):
                    reasons[i] = illegal[name]
        self._dim = (key, reasons)
        return reasons

    # -- acting ------------------------------------------------------------------------------

    def perform(self, action: Action, source: tuple[float, float] | None = None,
                check: bool = True) -> None:
        """Apply ``action`` (already known legal) and animate what it does; a South action
        goes to the coach (the play checker) unless ``check`` is false."""
        hand = self.hand
        seat = seat_index(action["seat"])
        before = len(hand.tricks)  # type: ignore[attr-defined]
        known = self.knowledge() if seat == 0 else None
        self.match.apply(action)
        if known is not None:
            self.toast = None  # a reason shown for an earlier attempt no longer applies
            if check:
                self.coach.acted(known, action)
        self._panel_key = None
        self._cache_key = None
        speech = words.announce(self.hand.knowledge(0).history[-1]  # type: ignore[attr-defined]
                                if seat != 0 else action)
        if speech:
            self.bubbles[seat] = (speech, self.time + 2.5 * max(self.factor, 0.6))
        if "play" not in action:
            if "discard" not in action:
                self.host.session.sound.play("deal" if "bid" not in action else "play")
            return
        self.host.session.sound.play("play")
        if source is None:
            source = self.seat_centre(seat)
        sprite = Sprite(action["play"], source[0], source[1], seat)
        if len(self.trick) >= 4:
            self.trick = []
        self.trick.append(sprite)
        tx, ty = self.geo.trick_pos[seat]
        self.anim.animate(sprite, FLY * self.factor, x=tx, y=ty, tween="decelerate")
        tricks = hand.tricks  # type: ignore[attr-defined]
        if len(tricks) > before:
            winner = tricks[-1].winner
            assert winner is not None  # a finished trick has its winner
            self.anim.after(FLY * self.factor + TRICK_PAUSE * self.factor,
                            lambda: self._collect(winner))

    def _collect(self, winner: int) -> None:
        self.host.session.sound.play("trick")
        wx, wy = self.seat_centre(winner)
        if winner == 0:
            wy = self.size[1] + self.geo.trick_card[1]
        cards = list(self.trick)

        def gone() -> None:
            if self.trick and self.trick[0] is cards[0]:
                self.trick = []

        for i, s in enumerate(cards):
            self.anim.animate(s, COLLECT * self.factor, gone if i == 0 else None,
                              x=wx, y=wy, alpha=60)

    def try_play(self, index: int, drop: tuple[int, int] | None = None) -> bool:
        """South plays hand card ``index`` (dropped at ``drop``); an illegal card flies back
        with the reason. Returns True when the card was played."""
        name = self.cards[index] if index < len(self.cards) else None
        rect = self.card_rect(index) if index < len(self.rects) else None
        if name is None or rect is None:
            self.say("You may not look at that card yet")
            return False
        if self.busy():
            self.anim.finish_all()
            self.shown = self.reveal_target
        action: Action = {"seat": "S", "play": name}
        if self.bella:
            claim = dict(action, bella=True)
            if claim in self.legal():
                action = claim
        reason = learning.why_not(self.hand, action)
        start = drop if drop is not None else rect.center
        if reason is not None:
            self.say(reason)
            back = Sprite(name, start[0], start[1])
            self.returning = back

            def home() -> None:
                self.returning = None

            self.anim.animate(back, FLY * self.factor, home, x=rect.centerx, y=rect.centery)
            return False
        self.perform(action, start)
        return True

    def undone(self, taken: list[Action]) -> None:
        """South's ``taken`` actions were taken back (:meth:`Match.undo`): show the hand as
        it was before them — no animation left running, the open trick's cards in their
        places, a lay-away's cards picked again, any AI decision under way dropped."""
        self.anim = Animator()
        self.ai_job += 1
        self.pending, self.pending_key = None, -1
        self.returning = self.drag = None
        self.toast = None
        self.bubbles.pop(0, None)
        kn = self.knowledge()
        self.shown = self.reveal_target = len(kn.hand) + kn.unseen_own
        self.selected = [a["discard"] for a in taken if "discard" in a]
        self.trick = self.open_trick()
        self.refresh()

    def open_trick(self) -> list[Sprite]:
        """The cards of the trick in progress, each in its seat's place (none between
        tricks): what the table shows when a hand is resumed or an action undone."""
        tricks = self.knowledge().tricks
        if not tricks or tricks[-1]["winner"] is not None:
            return []
        out: list[Sprite] = []
        seat = SEATS.index(tricks[-1]["leader"])
        for name in tricks[-1]["cards"]:
            x, y = self.geo.trick_pos[seat]
            out.append(Sprite(name, x, y, seat))
            seat = self.hand.next_seat(seat)  # type: ignore[attr-defined]
        return out

    def toggle_discard(self, index: int) -> None:
        """Pick or put back a card for the Tarot discard."""
        name = self.cards[index]
        if name is None:
            return
        if self._is_selected(index):
            self.selected.remove(name)
            return
        reason = learning.illegal_cards(self.hand, 0, self.selected).get(name)
        if reason:
            self.say(reason)
            return
        self.selected.append(name)
        self._panel_key = None

    def confirm_discard(self) -> None:
        """Lay away the six picked cards."""
        if len(self.selected) != 6:
            self.say("Pick six cards to lay away")
            return
        known = self.knowledge()
        laid = [{"seat": "S", "discard": name} for name in self.selected]
        for action in laid:
            self.perform(action, check=False)
        self.selected = []
        self.coach.acted(known, laid)

    def choose(self, action: Action) -> None:
        """A panel button: apply South's chosen action."""
        reason = learning.why_not(self.hand, action)
        if reason is not None:
            self.say(reason)
            return
        self.perform(action)

    # -- panels --------------------------------------------------------------------------------

    def refresh_panel(self) -> None:
        """Build the buttons for South's current decision from the legal actions."""
        key = (len(self.hand.history), self.hand.phase, self.size, len(self.selected),
               self.summary is not None, self.bella, self.busy(), self.coach.on)
        if key == self._panel_key:
            return
        self._panel_key = key
        self.panel_buttons, self.side_buttons = [], []
        self.panel_title = self.panel_hint = ""
        if self.hand.to_act != 0 or self.summary is not None or self.busy():
            return
        legal = self.legal()
        verbs = {k for a in legal for k in a if k not in ("seat", "bella")}
        area = self.geo.panel_area
        if "discard" in verbs:
            self.panel_title = f"Lay away six cards ({len(self.selected)} of 6 picked)"
            self.panel_hint = words.REMINDERS["discard"]
            self.panel_buttons = [Button("Lay away", self.confirm_discard)]
        elif "play" not in verbs:
            phase = self.hand.phase
            if "estimate" in verbs:
                phase = "estimate"
            if phase == "call" and not any(a.get("call") == "pass" for a in legal):
                phase = "call-forced"
            self.panel_title = {"trump": "Name trump", "call": "Call trump or pass",
                                "call-forced": "Call trump", "bid": "Your bid",
                                "announce": "Slam?", "kort": "Kort?",
                                "estimate": "Partner asks"}.get(phase, "Your decision")
            self.panel_hint = words.REMINDERS.get(phase, "")
            said = [f"{words.seat_name(a['seat'])}: {words.announce(a)}"
                    for a in self.knowledge().history if ("bid" in a or "call" in a)]
            if said:
                self.panel_hint += "\nSo far — " + ", ".join(said)
            self.panel_buttons = self.choice_buttons(legal, 18)
        else:
            self.side_buttons = self.choice_buttons(legal, 16)
            if any(a.get("bella") for a in legal):
                self.side_buttons.append(Button("Claim bella", self._toggle_bella, size=16,
                                                selected=self.bella))
        if self.panel_buttons:
            y = area.top + 94
            layout_row(self.panel_buttons, area.centerx, y, area.w - 40)
            self.panel_focus = min(self.panel_focus, len(self.panel_buttons) - 1)
        if self.side_buttons:
            layout_row(self.side_buttons, self.size[0] // 2, self.side_row_top(),
                       self.size[0] - 360, height=36)

    def choice_buttons(self, legal: list[Action], size: int) -> list[Button]:
        """A button per non-card choice: the legal ones, and in learning mode also those
        that may not be made now, dimmed with the engine's reason (clicking one says it)."""
        if self.coach.on:
            options = learning.choices(self.hand, 0)
        else:
            options = [(a, None) for a in legal if "play" not in a and "discard" not in a]
        return [Button(words.action_label(a), lambda a=a: self.choose(a), size=size, choice=a,
                       reason=why) for a, why in options]

    def hand_top(self) -> int:
        """The top of South's hand as laid out (without any raised card)."""
        return min((r.top for r in self.rects), default=self.size[1] - self.geo.card[1])

    def side_row_top(self) -> int:
        """Where the optional declarations sit: between South's trick slot and the hand."""
        return self.hand_top() - 36 - self.geo.card[1] // 7 - 6

    def _toggle_bella(self) -> None:
        self.bella = not self.bella
        self._panel_key = None

    def buttons(self) -> list[Button]:
        """Every clickable button now, the summary's first."""
        if self.summary is not None:
            return list(self.summary)
        return [*self.panel_buttons, *self.side_buttons, *self.top_buttons, *self.coach.buttons]

    def open_menu(self) -> None:
        """Escape: the in-game menu."""
        self.host.push(open_scene(self.host, "pause"))

    def toggle_last(self) -> None:
        """Show or hide the last finished trick."""
        self.show_last = not self.show_last

    def open_summary(self) -> None:
        """The end-of-hand (and end-of-game) summary."""
        result = self.hand.result()
        assert result is not None
        game = self.match.game
        won = words.south_won(game, result)
        self.summary_title = {True: "Your side wins the hand", False: "Your side loses the hand",
                              None: "Hand over"}[won]
        if game == "tarot" and won is not None:
            self.summary_title = "You win the hand" if won else "You lose the hand"
        self.summary_lines = words.result_lines(game, result)
        self.summary_lines.append("Game score: " + words.scores_line(
            game, self.match.tally.scores()))
        if won is not None:
            self.host.session.sound.play("won" if won else "lost")
        if self.match.over:
            self.summary_title = "Game over"
            self.summary_lines.append(words.winner_line(self.match.tally.winner()))
            self.summary = [Button("New game", self._new_game), Button("Main menu",
                                                                        self._to_menu)]
        else:
            self.summary = [Button("Next hand", self._next_hand)]
        self.summary += self.coach.summary_buttons()
        self.show_last = False
        self._panel_key = None
        self._summary_box()

    def _next_hand(self) -> None:
        self.match.next_hand()
        self.start_hand()

    def _new_game(self) -> None:
        self.host.start_game(self.match.game)

    def _to_menu(self) -> None:
        self.host.session.match = None
        self.host.replace_all(open_scene(self.host, "menu"))

    # -- the frame -----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.time += dt
        self.anim.update(dt)
        self.layout()
        self.coach.update()
        if self.busy() or self.summary is not None:
            self.refresh_panel()
            self.coach.layout()
            return
        hand = self.hand
        if hand.done:
            self.open_summary()
            return
        seat = hand.to_act
        if seat is not None and seat != 0 and self.ai_enabled:
            self._run_ai(seat)
        self.refresh_panel()
        self.coach.layout()

    def _run_ai(self, seat: int) -> None:
        n = len(self.hand.history)
        if self.pending is None or self.pending_key != n:
            kn = self.hand.knowledge(seat)  # type: ignore[attr-defined]
            self.ai_job += 1
            job = self.ai_job
            self.pending = self.host.session.executor.submit(
                self.players[seat].decide, kn, lambda: self.cancelled or self.ai_job != job)
            self.pending_key = n
            self.think_until = self.time + max(THINK * self.factor, self.coach.ai_wait())
            return
        if not self.pending.done() or self.time < self.think_until:
            return
        try:
            action = self.pending.result().action
        except Exception:  # an AI bug must not stop the game: fall back to a legal choice
            action = None
        self.pending = None
        if action is None or self.hand.why_illegal(action) is not None:
            action = random.Random(n).choice(self.hand.legal_actions())
        self.perform(action)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        dragging = self.drag is not None and event.type in (pygame.MOUSEMOTION,
                                                             pygame.MOUSEBUTTONUP)
        if not dragging and self.coach.handle_event(event):  # a drag ends where it is let go
            return None
        if event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos)
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
            self.kb_used = True
        if self.summary is not None:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.summary[0].action()
            return
        if key == pygame.K_l:
            self.toggle_last()
            return
        if self.busy() and key == pygame.K_SPACE:
            self.anim.finish_all()
            return
        buttons = self.panel_buttons or self.side_buttons
        if pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 < len(buttons):
            buttons[key - pygame.K_1].action()
            return
        if key == pygame.K_TAB and buttons:
            self.kb_panel = not self.kb_panel
            return
        panel_mode = (self.kb_panel and buttons) or (self.panel_buttons
                                                     and not self.kb_target_hand())
        if panel_mode:
            if key in (pygame.K_LEFT, pygame.K_UP):
                self.panel_focus = (self.panel_focus - 1) % len(buttons)
            elif key in (pygame.K_RIGHT, pygame.K_DOWN):
                self.panel_focus = (self.panel_focus + 1) % len(buttons)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                buttons[min(self.panel_focus, len(buttons) - 1)].action()
                self.kb_panel = False
            return
        if not self.cards:
            return
        if key == pygame.K_LEFT:
            self.focus = (self.focus - 1) % len(self.cards)
        elif key == pygame.K_RIGHT:
            self.focus = (self.focus + 1) % len(self.cards)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.hand.phase == "discard":
                self.toggle_discard(self.focus)
            else:
                self.try_play(self.focus)

    def _motion(self, pos: tuple[int, int]) -> None:
        self.kb_used = False
        if self.drag is not None:
            d = self.drag
            d.pos = pos
            if abs(pos[0] - d.start[0]) + abs(pos[1] - d.start[1]) > 6:
                d.moved = True
            return
        self.hover = self.card_at(pos) if self.summary is None else None

    def _press(self, pos: tuple[int, int]) -> None:
        for b in self.buttons():
            if b.rect.collidepoint(pos):
                b.action()
                return
        if self.summary is not None:
            return
        if self.show_last:
            self.show_last = False
            return
        i = self.card_at(pos)
        if i is None:
            if self.anim.busy:
                self.anim.finish_all()
            return
        r = self.card_rect(i)
        name = self.cards[i]
        if name is None:
            self.say("These cards stay hidden until trump is called")
            return
        self.drag = Drag(i, name, pos, (pos[0] - r.centerx, pos[1] - r.centery), pos)

    def _release(self, pos: tuple[int, int]) -> None:
        d = self.drag
        self.drag = None
        if d is None:
            return
        self.hover = None
        self.focus = d.index
        if d.moved:
            self._cache_key = None
            if self.geo.drop_zone.collidepoint(pos):
                self.try_play(d.index, (pos[0] - d.offset[0], pos[1] - d.offset[1]))
            else:
                r = self.card_rect(d.index)
                back = Sprite(d.name, pos[0] - d.offset[0], pos[1] - d.offset[1])
                self.returning = back

                def home() -> None:
                    self.returning = None

                self.anim.animate(back, FLY * self.factor, home, x=r.centerx, y=r.centery)
            return
        if self.hand.phase == "discard" and self.hand.to_act == 0:
            self.toggle_discard(d.index)
            return
        last = self.last_click
        self.last_click = (d.name, self.time)
        if last is not None and last[0] == d.name and self.time - last[1] <= DOUBLE_CLICK:
            self.last_click = None
            self.try_play(d.index)

    # -- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.layout()
        surface.blit(felt(self.size), (0, 0))
        self._draw_seats(surface)
        self._draw_centre(surface)
        self._draw_hand(surface)
        self._draw_score(surface)
        for b in self.top_buttons:
            b.draw(surface, b.rect.collidepoint(pygame.mouse.get_pos()), False)
        self._draw_panels(surface)
        self.coach.draw(surface)
        self._draw_reasons(surface)
        if self.toast_live():
            assert self.toast is not None
            y = (self.side_row_top() if self.side_buttons else self.hand_top()) - 10
            tooltip(surface, self.toast[0], (self.size[0] // 2, y), 18)
        if self.show_last:
            self._draw_last(surface)
        if self.summary is not None:
            self._draw_summary(surface)

    def _art(self, size: tuple[int, int]) -> CardArt:
        return art(size[0], size[1], self.host.session.settings.four_colour)

    def _seat_counts(self) -> list[int]:
        kn = self.knowledge()
        counts = list(kn.hand_sizes)
        if self.hand.GAME in SOMALI and self.hand.phase == "trump":
            eldest = getattr(self.hand, "eldest", None)
            counts = [3 if s == eldest else 0 for s in range(4)]
        return counts

    def seat_centre(self, seat: int) -> tuple[int, int]:
        """Where ``seat``'s cards are drawn and fly from: the layout's place, except that East
        moves left of the card tracker while the tracker is open (it would hide East's
        cards and label)."""
        cx, cy = self.geo.seat_pos[seat]
        if seat == 3 and self.coach.on and self.coach.tracker.visible:
            room = self.coach.tracker_area().left - 16
            half = max(self.geo.small[0] * 2, 70)
            cx = min(cx, room - half)
        return cx, cy

    def _draw_seats(self, surface: pygame.Surface) -> None:
        small = self._art(self.geo.small)
        counts = self._seat_counts()
        facts = self.knowledge().public
        roles = self._roles(facts)
        for seat in (1, 2, 3):
            cx, cy = self.seat_centre(seat)
            n = counts[seat]
            if self.shown < self.reveal_target:
                n = min(n, self.shown)
            shown_n = min(n, 12)
            step = max(4, small.w // 6)
            width = small.w + step * max(0, shown_n - 1)
            x0 = max(12, min(self.size[0] - 12 - width, cx - width // 2))
            for k in range(shown_n):
                surface.blit(small.back(), (x0 + k * step, cy - small.h // 2))
            label = words.seat_name(seat) + (f"  ·  {n}" if n else "")
            if roles.get(seat):
                label += "  ·  " + roles[seat]
            ls = fonts.text(label, 17, INK, bold=True)
            if seat == 2:
                pos = ls.get_rect(midleft=(cx + max(width, small.w) // 2 + 14, cy))
            else:
                pos = ls.get_rect(midtop=(cx, cy + small.h // 2 + 6))
            pos.clamp_ip(surface.get_rect().inflate(-24, -12))
            if self.hand.to_act == seat and not self.busy():
                pygame.draw.rect(surface, GOLD, pos.inflate(12, 6), width=2, border_radius=6)
            surface.blit(ls, pos)
            self._draw_bubble(surface, seat, pos)
        # South's label
        label = "You" + ("  ·  " + roles[0] if roles.get(0) else "")
        ls = fonts.text(label, 17, INK, bold=True)
        hand_top = min((r.top for r in self.rects), default=self.size[1] - 150)
        pos = ls.get_rect(bottomleft=(16, hand_top - 8))
        if self.hand.to_act == 0 and not self.busy():
            pygame.draw.rect(surface, GOLD, pos.inflate(12, 6), width=2, border_radius=6)
        surface.blit(ls, pos)
        self._draw_bubble(surface, 0, pos)

    def _roles(self, facts: Any) -> dict[int, str]:
        roles: dict[int, str] = {self.hand.dealer: "dealer"}
        lead = facts.get("caller") or facts.get("declarer")
        if lead:
            s = SEATS.index(lead)
            word = "caller" if "caller" in facts else "declarer"
            roles[s] = f"{roles[s]}, {word}" if s in roles else word
        return roles

    def _draw_bubble(self, surface: pygame.Surface, seat: int, anchor: pygame.Rect) -> None:
        b = self.bubbles.get(seat)
        if b is None or self.time > b[1]:
            return
        s = fonts.text(b[0], 18, (30, 30, 30), bold=True)
        r = s.get_rect()
        if seat == 1:
            r.topleft = (anchor.left, anchor.bottom + 10)
        elif seat == 3:
            r.topright = (anchor.right, anchor.bottom + 10)
        elif seat == 2:
            r.midtop = (anchor.centerx, anchor.bottom + 10)
        else:
            r.bottomleft = (anchor.right + 16, anchor.bottom)
        box = r.inflate(16, 10)
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, (250, 244, 215), box, border_radius=10)
        pygame.draw.rect(surface, (120, 100, 60), box, width=2, border_radius=10)
        surface.blit(s, s.get_rect(center=box.center))

    def _draw_centre(self, surface: pygame.Surface) -> None:
        ta = self._art(self.geo.trick_card)
        if self.drag is not None and self.drag.moved:
            lit = self.geo.drop_zone.collidepoint(self.drag.pos)
            zone = pygame.Surface(self.geo.drop_zone.size, pygame.SRCALPHA)
            pygame.draw.rect(zone, (255, 230, 140, 70 if lit else 28), zone.get_rect(),
                             border_radius=18)
            pygame.draw.rect(zone, (255, 230, 140, 200 if lit else 90), zone.get_rect(),
                             width=3, border_radius=18)
            surface.blit(zone, self.geo.drop_zone.topleft)
        facts = self.knowledge().public
        if self.hand.phase in ("discard", "announce") and facts.get("talon"):
            small = self._art(self.geo.small)
            talon = facts["talon"]
            step = small.w + 6
            x0 = self.geo.centre[0] - (step * len(talon) - 6) // 2
            y0 = self.geo.centre[1] - small.h // 2
            if self.panel_buttons:
                y0 = max(y0, max(b.rect.bottom for b in self.panel_buttons) + 50)
            cap = fonts.text("The talon", 16, INK, bold=True)
            surface.blit(cap, cap.get_rect(midbottom=(self.geo.centre[0], y0 - 4)))
            for k, name in enumerate(talon):
                surface.blit(small.face(name), (x0 + k * step, y0))
        for s in self.trick:
            img = ta.face(s.name) if s.name else ta.back()
            if s.alpha < 250:
                img = img.copy()
                img.set_alpha(int(s.alpha))
            surface.blit(img, img.get_rect(center=(round(s.x), round(s.y))))

    def _draw_hand(self, surface: pygame.Surface) -> None:
        a = self._art(self.geo.card)
        dim = self.dim_reasons()
        dragging = self.drag.index if (self.drag is not None and self.drag.moved) else None
        hidden = dragging
        if self.returning is not None and self.returning.name in self.cards and hidden is None:
            hidden = self.focus
        for i, name in enumerate(self.cards):
            if i == hidden:
                continue
            r = self.card_rect(i)
            surface.blit(a.face(name) if name else a.back(), r)
            if i in dim:
                surface.blit(a.shade(), r)
            if self.kb_used and self.kb_target_hand() and i == self.focus:
                pygame.draw.rect(surface, GOLD, r, width=3, border_radius=a.radius)
        if self.returning is not None and self.returning.name:
            img = a.face(self.returning.name)
            surface.blit(img, img.get_rect(center=(round(self.returning.x),
                                                   round(self.returning.y))))
        if dragging is not None and self.drag is not None:
            img = a.face(self.drag.name)
            p = self.drag.pos
            surface.blit(img, img.get_rect(center=(p[0] - self.drag.offset[0],
                                                   p[1] - self.drag.offset[1])))

    def _draw_score(self, surface: pygame.Surface) -> None:
        m = self.match
        kn = self.knowledge()
        facts = kn.public
        lines = [(f"{m.spec.title} — hand {len(m.hands)}", True)]
        if kn.trump:
            lines.append((f"Trump: {words.SUIT_NAMES[kn.trump]}", False))
        elif facts.get("contract"):
            lines.append((f"Contract: {words.seat_name(facts['declarer'])} "
                          f"{words.BID_NAMES[facts['contract']].lower()}", False))
        else:
            lines.append(("Trump: not yet named" if m.game != "tarot" else "Bidding", False))
        if m.game != "tarot":
            t = {"NS": 0, "EW": 0}
            for tr in kn.tricks:
                if tr["winner"]:
                    t["NS" if SEATS.index(tr["winner"]) % 2 == 0 else "EW"] += 1
            lines.append((f"Tricks: You & North {t['NS']}  ·  West & East {t['EW']}", False))
        else:
            decl = facts.get("declarer")
            if decl:
                won = sum(1 for tr in kn.tricks if tr["winner"] == decl)
                lines.append((f"Tricks won by {words.seat_name(decl)}: {won}", False))
        lines.append((words.scores_line(m.game, m.tally.scores()), False))
        lines.append((words.goal(m.game, m.options, m.counted), False))
        surfs = [fonts.text(s, 15, INK, bold=b) for s, b in lines]
        w = max(s.get_width() for s in surfs) + 20
        h = sum(s.get_height() + 2 for s in surfs) + 12
        rect = pygame.Rect(10, 10, w, h)
        draw_panel(surface, rect)
        y = rect.top + 6
        for s in surfs:
            surface.blit(s, (rect.left + 10, y))
            y += s.get_height() + 2

    def _draw_panels(self, surface: pygame.Surface) -> None:
        mouse = pygame.mouse.get_pos()
        if self.panel_buttons:
            area = self.geo.panel_area
            bottom = max(b.rect.bottom for b in self.panel_buttons) + 16
            rect = pygame.Rect(area.left, area.top + 8, area.w, bottom - area.top - 8)
            draw_panel(surface, rect)
            t = fonts.text(self.panel_title, 22, GOLD, bold=True)
            surface.blit(t, t.get_rect(midtop=(rect.centerx, rect.top + 10)))
            for k, line in enumerate(self.panel_hint.split("\n")[:2]):
                hs = fonts.fit(line, 15, rect.w - 30, INK)
                surface.blit(hs, hs.get_rect(midtop=(rect.centerx, rect.top + 40 + k * 18)))
        show_focus = (self.kb_panel or not self.kb_target_hand())
        for i, b in enumerate(self.panel_buttons):
            b.draw(surface, b.rect.collidepoint(mouse), show_focus and i == self.panel_focus)
        for i, b in enumerate(self.side_buttons):
            b.draw(surface, b.rect.collidepoint(mouse), self.kb_panel and i == self.panel_focus)
        if self.side_buttons:
            cap = fonts.text("Optional, before your card:", 14, INK)
            r = self.side_buttons[0].rect
            surface.blit(cap, cap.get_rect(midright=(r.left - 10, r.centery)))

    def shown_reason(self) -> tuple[str, tuple[int, int]] | None:
        """The reason shown now for a dimmed card or button — the one under the mouse or,
        after a key, the one the keyboard focuses — and where its tip points."""
        if self.toast_live() or (self.drag is not None and self.drag.moved):
            return None
        dim = self.dim_reasons()
        card = self.hover
        if self.kb_used:
            card = self.focus if self.kb_target_hand() else None
        if card is not None and dim.get(card):
            r = self.card_rect(card)
            return dim[card], (r.centerx, r.top - 6)
        mouse = pygame.mouse.get_pos()
        for i, b in enumerate(self.panel_buttons or self.side_buttons):
            focused = self.kb_used and i == self.panel_focus and (
                self.kb_panel or not self.kb_target_hand())
            if b.reason and (focused or (not self.kb_used and b.rect.collidepoint(mouse))):
                return b.reason, (b.rect.centerx, b.rect.top - 6)
        return None

    def _draw_reasons(self, surface: pygame.Surface) -> None:
        shown = self.shown_reason()
        if shown is not None:
            tooltip(surface, shown[0], shown[1], 15)

    def _draw_last(self, surface: pygame.Surface) -> None:
        done = [t for t in self.knowledge().tricks if t["winner"]]
        rect = pygame.Rect(0, 0, 420, 120 + self.geo.small[1])
        rect.center = self.geo.centre
        draw_panel(surface, rect)
        if not done:
            s = fonts.text("No trick has been played yet", 18, INK)
            surface.blit(s, s.get_rect(center=rect.center))
            return
        t = done[-1]
        cap = fonts.text(f"Last trick — won by {words.seat_name(t['winner'])}", 18, GOLD,
                         bold=True)
        surface.blit(cap, cap.get_rect(midtop=(rect.centerx, rect.top + 12)))
        small = self._art(self.geo.small)
        leader = SEATS.index(t["leader"])
        step = small.w + 14
        x0 = rect.centerx - (step * len(t["cards"]) - 14) // 2
        seat = leader
        for k, name in enumerate(t["cards"]):
            x = x0 + k * step
            surface.blit(small.face(name), (x, rect.top + 44))
            who = fonts.text(words.seat_name(seat), 14, INK)
            surface.blit(who, who.get_rect(midtop=(x + small.w // 2, rect.top + 50 + small.h)))
            seat = self.hand.next_seat(seat)  # type: ignore[attr-defined]

    def _summary_box(self) -> tuple[pygame.Rect, list[str]]:
        """The summary's box and wrapped lines; lays its buttons out."""
        assert self.summary is not None
        w = min(720, self.size[0] - 80)
        lines = [ln for s in self.summary_lines for ln in fonts.wrap(s, 18, w - 40)]
        h = 90 + 26 * len(lines) + 70
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (self.size[0] // 2, self.size[1] // 2 - 40)
        layout_row(self.summary, rect.centerx, rect.bottom - 56, w - 40)
        return rect, lines

    def _draw_summary(self, surface: pygame.Surface) -> None:
        rect, lines = self._summary_box()
        draw_panel(surface, rect)
        t = fonts.text(self.summary_title, 28, GOLD, bold=True)
        surface.blit(t, t.get_rect(midtop=(rect.centerx, rect.top + 16)))
        y = rect.top + 64
        for line in lines:
            s = fonts.text(line, 18, INK)
            surface.blit(s, s.get_rect(midtop=(rect.centerx, y)))
            y += 26
        assert self.summary is not None
        mouse = pygame.mouse.get_pos()
        for i, b in enumerate(self.summary):
            b.draw(surface, b.rect.collidepoint(mouse), i == 0)
