"""Learning mode at the table (issue 7): the switch, the hint, the play checker, undo, the
card tracker and the way to the review — everything the table shows only in learning mode,
kept here so the table stays about playing.

The table owns one :class:`Coach`; it calls :meth:`Coach.update` every frame,
:meth:`Coach.draw` after its own drawing, :meth:`Coach.handle_key` before its own keys, and
tells it of every South action (:meth:`Coach.acted`). The coach reads the table through its
parts — the model (:class:`~game.ui.table.model.TableModel`), South's hand
(:class:`~game.ui.table.hand.HandWidget`), the decision panel and the seats — and talks back to
it only through :class:`~game.ui.coach_table.CoachTable`. The strong AI's work runs in the app's
worker processes (:class:`~game.ui.advice.Advice`); a frame only looks whether it is done.

Where things go: the switches (Learning, Tracker) in a second row under Menu / Last trick;
Hint and Undo at the left just above "You"; the tracker panel along the right edge (D2's
:func:`~game.ui.tracker_panel.tracker_area`) ending above the checker's note, which sits at the
right just above the hand.

**Decisions**: the learning aids are for a person: with an AI in South's chair (autoplay) the
table behaves as with learning mode off. The card tracker is a learning aid that helps during
play, so it shows only in learning mode; the review (after the hand, helping nobody during it)
is offered after every hand.

The hint leads the keyboard (issue 24): once it shows, the card or choice it names has the
keyboard's focus, so Enter takes it; the player may still move the focus away. The cards and
choices the advisor counts as just as good (:attr:`Decision.alternatives`) are marked more
lightly (a smaller lift, a thin pale ring) and named in the bubble.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from ..engine.ai import Decision
from ..engine.hand import Action
from ..engine.knowledge import Knowledge
from ..i18n import _
from . import coach_layout as lay
from . import words
from .advice import Advice
from .coach_undo import CoachUndo
from .host import open_scene
from .scenes.options import toggle_learning
from .theme import BUBBLE
from .tracker_panel import TrackerPanel, tracker_area
from .wake import POLL, jobs_wake_in, soonest
from .widgets import Button, light_outline, outline, text_box, text_box_size

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from .coach_table import CoachTable


class Coach(CoachUndo):
    """The learning aids of one table (Undo: :class:`~.coach_undo.CoachUndo`)."""

    def __init__(self, table: CoachTable) -> None:
        self.table = table
        self.model = table.model
        self.fan = table.fan
        self.panel = table.panel
        self.advice = Advice(table.host.session.workers, verdicts=table.host.session.verdicts)
        self.hint_at: Hashable = None
        """The position at which the player asked for a hint (it shows only there)."""
        self.led: Hashable = None
        self.hint_drawn = False  # the last frame drawn showed a hint (hint_to_show)
        """The position whose hint has moved the keyboard's focus (it does so once)."""
        self.note: tuple[str, float, Hashable] | None = None
        """The checker's note: text, the time it goes, and the mark of the action it is
        about."""
        self.tracker = TrackerPanel()
        self.bubble: pygame.Rect | None = None
        """Where the hint's bubble was drawn in the last frame (``None``: not shown)."""
        self.note_box: pygame.Rect | None = None
        """Where the checker's note was drawn in the last frame (``None``: not shown)."""
        self.top: list[Button] = []
        self.side: list[Button] = []
        self._undo: tuple[Hashable, str | None] = (None, None)
        self.taken_at = None
        self._was_on = self.on

    # -- state -------------------------------------------------------------------------------

    @property
    def on(self) -> bool:
        """Learning mode is on for this table's game and a person plays South."""
        return self.model.learning_on

    def position(self) -> Hashable:
        """What South sees to decide from: the hand, its actions so far and the cards picked
        for a lay-away."""
        m = self.model.match
        actions = m.hands[-1]["actions"]
        return (len(m.hands), len(actions), repr(actions[-1]) if actions else None,
                tuple(self.model.selected))  # after an undo, another action at that length

    def mark(self) -> tuple[int, int]:
        """The current hand and its record length: names the action just taken."""
        m = self.model.match
        return len(m.hands), len(m.hands[-1]["actions"])

    def toggle(self) -> None:
        """The on-screen switch: learning mode on or off for this game (saved per game)."""
        toggle_learning(self.table.host.session, self.model.game)
        self.table.refresh()

    # -- the hint ----------------------------------------------------------------------------

    def ask_hint(self) -> None:
        """The Hint button or H: compute the strong AI's choice for South, in a worker process.

        **Decision**: asking for a hint puts away the checker's note — it is about an
        earlier move, and the hint's bubble may need its place above the hand."""
        t = self.table
        if not self.on:
            t.say(_("Hints are part of learning mode (switch it on at the top right)"))
            return
        if self.model.hand.to_act != 0 or t.summary is not None:
            t.say(_("A hint is for your turn"))
            return
        if len(self.model.selected) >= 6:
            t.say(_("Six cards are picked: lay them away, or click one to put it back"))
            return
        self.note = None
        self.led = None  # each hint asked for leads the keyboard once (again after an undo)
        self.hint_at = self.position()
        self.advice.at(self.hint_at)
        self.advice.ask_hint(self.hint_knowledge())

    def hint_knowledge(self) -> Knowledge:
        """South's knowledge for the hint: with the cards already picked for a lay-away
        laid away (the hint then names the next card to pick)."""
        m = self.model
        if not m.selected:
            return m.knowledge()
        trial = m.hand.clone()
        for name in m.selected:
            trial.apply({"seat": "S", "discard": name})
        return trial.knowledge(0)  # type: ignore[attr-defined,no-any-return]

    def hint(self) -> Decision | None:
        """The hint shown now, if the player asked for one here and it is ready."""
        if not self.on or self.hint_at != self.position():
            return None
        return self.advice.hint()

    def hinted_card(self) -> int | None:
        """The index in South's displayed hand of the card the hint names."""
        d = self.hint()
        if d is None:
            return None
        name = d.action.get("play", d.action.get("discard"))
        if name is None:
            return None
        for i, card in enumerate(self.fan.cards):
            if card == name and not self.fan.is_picked(i):
                return i
        return None

    def hinted_button(self) -> Button | None:
        """The panel or side button the hint names."""
        d = self.hint()
        if d is None or "play" in d.action or "discard" in d.action:
            return None
        for b in [*self.panel.panel_buttons, *self.panel.side_buttons]:
            if b.choice == d.action:
                return b
        return None

    def as_good_cards(self) -> frozenset[int]:
        """The indices in South's displayed hand of the cards the hint counts as good as the
        one it names (:func:`.words.shown_alternatives`; one copy each, not picked)."""
        d = self.hint()
        if d is None:
            return frozenset()
        hinted = self.hinted_card()
        marked: set[int] = set()
        for a in words.shown_alternatives(d):
            name = a.get("play", a.get("discard"))
            i = next((i for i, card in enumerate(self.fan.cards) if name is not None
                      and card == name and i != hinted and i not in marked
                      and not self.fan.is_picked(i)), None)
            if i is not None:
                marked.add(i)
        return frozenset(marked)

    def as_good_buttons(self) -> list[Button]:
        """The panel or side buttons of the hint's alternatives."""
        d = self.hint()
        if d is None:
            return []
        return [b for b in [*self.panel.panel_buttons, *self.panel.side_buttons]
                if b.choice is not None and b.choice in words.shown_alternatives(d)]

    def hint_to_show(self) -> bool:
        """Whether a hint has come since the last frame drawn (which the loop must draw)."""
        return not self.hint_drawn and self.hint() is not None

    def lead(self) -> None:
        """Once the hint shows, give the keyboard's focus to the card or choice it names
        (once per position; tried again each frame until its card or button is there). The
        keyboard then leads: a card under the pointer says nothing until the pointer moves."""
        d = self.hint()
        if d is None or self.led == self.hint_at:
            return
        i = self.hinted_card()
        if i is not None:
            self.fan.focus = i
            self.panel.kb_panel = False
        elif not self.panel.focus_on(d.action):
            return
        self.fan.kb_used = True
        self.led = self.hint_at

    # -- the checker and undo ----------------------------------------------------------------

    def acted(self, before: Knowledge, taken: Action | list[Action]) -> None:
        """South has acted (``taken``: one action, or a whole lay-away) from knowledge
        ``before``: the hint goes, and the play checker looks at it when it is on."""
        self.advice.forget_hint()
        self.hint_at = None
        if self.on and self.table.host.session.settings.play_checker:
            self.advice.check(self.mark(), before, taken)

    # -- the frame ---------------------------------------------------------------------------

    def wake_in(self, now: float) -> float | None:
        """The learning aids' part of the table's :meth:`~.scenes.table.TableScene.wake_in`:
        the play checker's jobs watched (at once when the oldest is answered: its note is
        collected), a look at the workers now and then while the hint is worked out (the
        coach keeps its job to itself); the checker's note fading over its last
        :data:`~.coach_layout.NOTE_FADE` seconds, then going; at once when a hint has come
        and is not drawn yet."""
        advice = self.advice
        waits: list[float | None] = []
        if (advice.checks and advice.checks[0].future.done()) or self.hint_to_show():
            return 0.0
        waits.append(jobs_wake_in(c.future for c in advice.checks))
        if advice.hint_pending():
            waits.append(POLL)
        if self.note is not None:
            waits.append(max(0.0, self.note[1] - now - lay.NOTE_FADE))
        return soonest(*waits)

    def update(self) -> None:
        """Follow the position, collect the checker's verdicts, notice the switch."""
        on = self.on
        if on != self._was_on:
            self._was_on = on
            if not on:
                self.advice.clear()
                self.note = None
                self.hint_at = None
        if not on:
            return
        self.advice.at(self.position())
        for check, verdict in self.advice.verdicts():
            self.note = (words.checker_line(verdict.action, verdict.reason),
                         self.table.time + lay.NOTE_SECONDS, check.mark)
        if self.model.hand.done:  # the checker's note goes with the hand
            self.note = None
        self.lead()

    # -- buttons -----------------------------------------------------------------------------

    def layout(self) -> None:
        """Build the learning buttons for the current state (cheap: called every frame)."""
        t = self.table
        w = t.size[0]
        if self.model.match.player_for(0) != "human":
            self.top, self.side = [], []
            return
        on = self.on
        labels = (_("Learning: on"), _("Learning: off"))
        learning_w = lay.learning_width(labels)
        learn = Button(labels[0] if on else labels[1], self.toggle,
                       pygame.Rect(w - lay.EDGE - learning_w, lay.TOP_ROW, learning_w,
                                   lay.BUTTON_H), size=lay.BUTTON_TEXT, selected=on)
        self.top = [learn]
        self.side = []
        if not on:
            return
        left = w - lay.EDGE - lay.GAP - learning_w - lay.TRACKER_W
        self.top.append(Button(_("Tracker"), self.tracker.toggle,
                               pygame.Rect(left, lay.TOP_ROW, lay.TRACKER_W, lay.BUTTON_H),
                               size=lay.BUTTON_TEXT, selected=self.tracker.visible))
        # above the "You" label
        top = self.fan.clear_top() - lay.GAP - lay.LABEL_H - lay.GAP - lay.BUTTON_H
        hint = Button(_("Hint…") if self.advice.hint_pending() else _("Hint"), self.ask_hint,
                      pygame.Rect(lay.EDGE, top, lay.SIDE_W, lay.BUTTON_H), size=lay.BUTTON_TEXT)
        if self.model.hand.to_act != 0 or t.summary is not None:
            hint.reason = _("A hint is for your turn")
        undo = Button(_("Undo"), self.undo,
                      pygame.Rect(lay.EDGE + lay.SIDE_W + lay.GAP, top, lay.SIDE_W, lay.BUTTON_H),
                      size=lay.BUTTON_TEXT, reason=self.undo_tip())
        self.side = [hint, undo]

    @property
    def buttons(self) -> list[Button]:
        """The learning buttons shown now."""
        return [*self.top, *self.side]

    def summary_buttons(self) -> list[Button]:
        """Extra buttons for the hand summary: the review of the hand just played."""
        host, match = self.table.host, self.model.match
        if match.player_for(0) != "human":
            return []

        def review() -> None:
            host.push(open_scene(host, "review", record=match.record()["hands"][-1], seat=0))

        return [Button(_("Review"), review)]

    def handle_key(self, event: pygame.event.Event) -> bool:
        """H (hint), T (tracker), Ctrl+Z (undo); True when the key was one of them."""
        if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
            return True
        if self.table.summary is not None:
            return False
        if event.key == pygame.K_h:
            self.ask_hint()
            return True
        if event.key == pygame.K_t and self.on:
            self.tracker.toggle()
            return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Mouse events the tracker panel takes (True when consumed)."""
        return self.on and self.tracker.visible and self.tracker.handle_event(event)

    # -- drawing -----------------------------------------------------------------------------

    def note_bottom(self) -> int:
        """The bottom of the checker's note zone: just above the (raised) hand."""
        return self.fan.clear_top() - lay.GAP

    def tracker_area(self) -> pygame.Rect:
        """Where the card tracker sits: the right edge, from under the switches down to the
        checker's note zone — down to the hand when the window is too short for its content
        above the zone (1024×600: the note then goes left of the tracker)."""
        top = lay.TOP_ROW + lay.BUTTON_H + lay.TRACKER_GAP
        zone = tracker_area(self.table.size, self.note_bottom() - lay.NOTE_ZONE, top)
        if self.tracker.fits(self.model.knowledge(), zone):
            return zone
        return tracker_area(self.table.size, self.note_bottom(), top)

    def reason_shown(self, mouse: tuple[int, int]) -> Button | None:
        """The Hint or Undo button under the mouse whose reason shows (why not now)."""
        return next((b for b in self.side if b.reason and b.rect.collidepoint(mouse)), None)

    def draw(self, surface: pygame.Surface, quiet: bool = False) -> None:
        """The learning buttons, the tracker, the hint and the checker's note; ``quiet``:
        another bubble shows now (a reason's tip, a message), so the hint's bubble and the
        checker's note wait (the hint's marks stay)."""
        self.hint_drawn = self.hint() is not None
        mouse = pygame.mouse.get_pos()
        for b in self.buttons:
            b.draw(surface, b.rect.collidepoint(mouse), False)
        self.bubble = self.note_box = None
        if not self.on:
            return
        if self.tracker.visible:
            self.tracker.draw(surface, self.tracker_area(), self.model.knowledge())
        self._draw_hint(surface, quiet)
        if not quiet:
            self._draw_note(surface)

    def hint_text(self, d: Decision) -> str:
        """The hint's bubble (:func:`.words.hint_bubble`)."""
        return words.hint_bubble(d)

    def _draw_hint(self, surface: pygame.Surface, quiet: bool) -> None:
        d = self.hint()
        if d is None:
            return
        text = self.hint_text(d)
        i = self.hinted_card()
        fan = self.fan
        a = fan.art(fan.geo.card)
        for j in sorted(self.as_good_cards()):
            name = fan.cards[j]
            assert name is not None
            r = fan.card_rect(j)
            surface.blit(a.face(name), r)
            light_outline(surface, r, a.radius)
        for other in self.as_good_buttons():
            light_outline(surface, other.rect)
        if i is not None:
            r = fan.card_rect(i)
            name = fan.cards[i]
            assert name is not None
            surface.blit(a.face(name), r)
            outline(surface, r, a.radius)
            if not quiet:
                self.bubble = text_box(surface, text, lay.BUBBLE_TEXT, lay.BUBBLE_W, BUBBLE,
                                       midbottom=self._above(text, r))
            return
        b = self.hinted_button()
        if b is None:
            return
        outline(surface, b.rect)
        if quiet:
            return
        below = self.panel.panel_bottom()
        if b in self.panel.panel_buttons and below is not None:
            self.bubble = text_box(surface, text, lay.BUBBLE_TEXT, lay.BUBBLE_W, BUBBLE,
                                   midtop=(fan.geo.panel_area.centerx, below + lay.BELOW_PANEL))
        else:
            self.bubble = text_box(surface, text, lay.BUBBLE_TEXT, lay.BUBBLE_W, BUBBLE,
                                   midbottom=(b.rect.centerx, b.rect.top - lay.BUBBLE_GAP))

    def _above(self, text: str, card: pygame.Rect) -> tuple[int, int]:
        """Where the hint's bubble for a lifted ``card`` goes (its midbottom): above the card
        but clear of West's and East's labels at the sides, and above whatever it would
        cover there — the row of optional declarations, the Hint and Undo buttons."""
        t = self.table
        box = pygame.Rect((0, 0), text_box_size(text, lay.BUBBLE_TEXT, lay.BUBBLE_W))
        w = t.size[0]
        x = max(min(w // 2, lay.SIDE_LABELS + box.w // 2),
                min(max(w // 2, w - lay.SIDE_LABELS - box.w // 2), card.centerx))
        box.midbottom = (x, card.top - lay.BUBBLE_GAP)
        box.clamp_ip(pygame.Rect((0, 0), t.size))
        obstacles = [b.rect for b in (*self.panel.side_buttons, *self.buttons)]
        obstacles += [caption[1] for caption in [self.panel.side_caption()] if caption]
        for r in sorted(obstacles, key=lambda r: -r.bottom):
            if box.colliderect(r):
                box.bottom = r.top - lay.GAP
        return box.midbottom

    def marked_cards(self) -> list[pygame.Rect]:
        """Where the cards the hint marks (the one it names, those as good) are drawn now: a
        reason's tip keeps clear of them."""
        if self.hint() is None:
            return []
        marked = [*self.as_good_cards(), self.hinted_card()]
        return [self.fan.card_rect(i) for i in marked if i is not None]

    def shown_boxes(self) -> list[pygame.Rect]:
        """The hint's bubble and the checker's note as drawn in this frame: a reason's tip
        keeps clear of them."""
        return [r for r in (self.bubble, self.note_box) if r is not None]

    def _draw_note(self, surface: pygame.Surface) -> None:
        if self.note is None or self.hint() is not None:  # the hint's bubble goes first
            return
        text, until, _mark = self.note
        left = until - self.table.time
        if left <= 0:
            self.note = None
            return
        alpha = round(lay.NOTE_ALPHA * min(1.0, left / lay.NOTE_FADE))
        t, east = self.table, self.table.seats.east
        right = t.size[0] if not self.tracker.visible else self.tracker.area.left
        floor = max([t.seats.centre(east)[1] + self.fan.geo.small[1] // 2 + lay.UNDER_EAST,
                     *[b.bottom + lay.GAP for b in [t.seats.spoken.get(east),
                                                    t.seats.labels.get(east)] if b]])
        cards = t.seats.fans.get(east)
        high = None if cards is None or self.tracker.visible else \
            (lay.TOP_ROW + lay.BUTTON_H + lay.GAP, cards.top - lay.GAP)
        side = [caption[1] for caption in [self.panel.side_caption()] if caption]
        width, box = lay.note_place(lambda w: text_box_size(text, lay.NOTE_TEXT, w),
                                    right - lay.EDGE, self.note_bottom(), floor, high,
                                    [*side, *(b.rect for b in self.panel.side_buttons),
                                     *(b.rect for b in t.play_buttons),
                                     *[box for box in [self.panel.box()] if box],
                                     *t.middle.card_rects(), *t.seats.labels.values()])
        self.note_box = text_box(surface, text, lay.NOTE_TEXT, width, alpha=alpha,
                                 bottomright=box.bottomright)
