"""South's hand on the table: its layout, the deal revealing it, the cards sliding to their
new places when the order changes (:mod:`.slide`), hit-testing, dragging a card, the
keyboard's focus, and drawing it (dimmed cards in learning mode, the card flying back after
an illegal drop)."""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

import pygame

from ...i18n import _
from ...storage import Settings
from ..anim import Animator
from ..layout import Table, hand_layout
from ..render.cards import CardArt, art
from ..theme import GOLD
from .model import TableModel
from .moment import same_state
from .slide import SLIDE, CardKey, Slides, card_keys, reordered
from .trick import FLY, Sprite
from .widget import Widget

DEAL_STEP = 0.05
"""Seconds between two packets of the deal animation (before the speed factor)."""
DEAL_PACKET = 3
"""Cards revealed per step of the deal animation."""
DOUBLE_CLICK = 0.4
"""Seconds within which a second click on the same card plays it."""
DRAG_SLOP = 6
"""Pixels (Manhattan) the pointer moves before a press becomes a drag."""
HOVER_LIFT = 7
"""A hovered or focused card rises by its height over this."""
PICK_LIFT = 4
"""A picked (or hinted) card rises by its height over this."""
AS_GOOD_LIFT = 8
"""A card the hint counts as good as the one it names rises by its height over this (less
than the hinted card)."""
CARD_PHASES = ("play", "discard")
"""The phases in which a card of South's hand may be picked or hinted (it rises most)."""
TURN_LIFT = 24
"""On South's turn to play, the cards that may be played rise by their height over this."""
FOCUS_RING = 3
"""The width of the keyboard focus's outline."""


@dataclass
class Drag:
    """A card being dragged from South's hand (index in the displayed hand)."""

    index: int
    name: str
    start: tuple[int, int]
    offset: tuple[int, int]
    pos: tuple[int, int]
    moved: bool = False
    playable: bool = False
    """The card may be played now (only then does the drop zone light up)."""


class HandWidget(Widget):
    """South's hand. The table gives it what a card does when played (``play``: index and the
    drop point) or picked for a lay-away (``pick``), how to tell the player something
    (``say``), which card the hint names (``hinted``) and which it counts as good
    (``as_good``), whether the arrow keys are for the
    hand (``takes_keys``) and whether the summary is up (``summary_up``); ``clock`` is the
    table's time."""

    def __init__(self, model: TableModel, settings: Settings, anim: Animator,
                 speed: Callable[[], float], clock: Callable[[], float]) -> None:
        self.model = model
        self.clock = clock
        self.settings = settings
        self.anim = anim
        self.speed = speed
        self.geo = Table((0, 0))
        self.size = (0, 0)
        self.cards: list[str | None] = []
        self.rects: list[pygame.Rect] = []
        self.keys: list[CardKey] = []
        """Each displayed card's key (:func:`.slide.card_keys`)."""
        self.slides = Slides(anim)
        self.shown = 0
        """Cards revealed by the deal animation so far."""
        self.reveal_target = 0
        self._layout_key: tuple[Any, ...] | None = None
        self.hover: int | None = None
        self.focus = 0
        self.kb_used = False
        """The keyboard has been used: show the focused card."""
        self.drag: Drag | None = None
        self.returning: Sprite | None = None
        self.home = 0
        """The place in the hand the returning card flies back to."""
        self.last_click: tuple[str, float] | None = None
        self.hinted: Callable[[], int | None] = lambda: None
        self.as_good: Callable[[], frozenset[int]] = frozenset
        self.play: Callable[[int, tuple[int, int] | None], bool] = lambda i, drop: False
        self.pick: Callable[[int], None] = lambda i: None
        self.say: Callable[[str], None] = lambda text: None
        self.takes_keys: Callable[[], bool] = model.plays_cards
        """The arrow keys move through the hand now (the decision panel may hold them)."""
        self.summary_up: Callable[[], bool] = lambda: False
        self.focus_among: Callable[[], Collection[str] | None] = lambda: None
        """The cards the keyboard's focus goes to by itself, among those South may play, as
        the scene has it (a guided hand: the cards it accepts now); ``None``, or none of
        them playable: any card South may play (:meth:`preferred`)."""
        self._focus_at: tuple[Any, ...] | None = None
        """The moment :meth:`keep_focus` last looked at (a new one moves the focus to a
        :meth:`preferred` card)."""

    # -- layout ------------------------------------------------------------------------------

    def resize(self, geo: Table) -> None:
        """The window's geometry changed."""
        self.geo, self.size = geo, geo.size
        self._layout_key = None

    def restart(self) -> None:
        """A new hand: deal it out from nothing."""
        self.shown = self.reveal_target = 0
        self.slides.stop()

    def show_all(self) -> None:
        """Skip the deal animation (every card shows at once)."""
        self.shown = self.reveal_target = self.model.held()
        self.slides.stop()

    def relayout(self) -> None:
        """Lay the hand out again at the next look (the hand or a setting changed)."""
        self._layout_key = None

    @property
    def dealing(self) -> bool:
        """True while the deal animation reveals the hand."""
        return self.shown < self.reveal_target

    def layout(self) -> None:
        """Recompute the displayed cards and their rects when anything changed."""
        total = self.model.held()
        if total > self.reveal_target:
            self.shown = min(self.shown, total)
            self.reveal_target = total
            self._deal_tick()
        elif total < self.reveal_target:
            self.reveal_target = total
            self.shown = min(self.shown, total)
        hand = self.model.hand
        key = (len(hand.history), hand.phase, self.size, self.shown, self.settings.trumps_right)
        if key == self._layout_key:
            self.keep_focus()  # South's turn may come without a new layout (cards given back)
            return
        self._layout_key = key
        # while dealing, show the cards received so far (in the order they sit)
        old = dict(zip(self.keys, self.rects, strict=True))
        self.cards = self.model.hand_cards()[:self.shown]
        self.rects = hand_layout([self.model.group_of(n) for n in self.cards], self.size,
                                 self.geo.card)
        keys, self.keys = self.keys, card_keys(self.cards)
        if old and not self.dealing and reordered(keys, self.keys):
            self.slides.start(old, dict(zip(self.keys, self.rects, strict=True)),
                              SLIDE * self.speed())
        self.focus = max(0, min(self.focus, len(self.cards) - 1))
        self.keep_focus()

    def focusable(self) -> list[int]:
        """The cards the keyboard's focus may rest on now: while South plays a card, those
        it may play; while South lays cards away, those it may pick or put back; else every
        card (the arrows browse the hand).

        **Decision** (issue 36): the arrows walk the playable cards only — a dimmed card
        says why under the pointer, or when it is tried; the keyboard does not stop on it."""
        n = len(self.cards)
        model = self.model
        if self.dealing or not model.plays_cards() or model.choosing() is not None:
            return list(range(n))
        refused = model.illegal_cards()
        ok = [i for i in range(n) if self.cards[i] is not None
              and (self.cards[i] not in refused or (model.picking() and self.is_picked(i)))]
        return ok or list(range(n))

    def preferred(self) -> list[int]:
        """The cards the focus goes to by itself (when South's turn comes, or a card is
        refused): the :meth:`focusable` ones of :attr:`focus_among` when any is, else every
        focusable one."""
        ok = self.focusable()
        among = self.focus_among() if self.model.plays_cards() else None
        if among is None:
            return ok
        return [i for i in ok if self.cards[i] in among] or ok

    def keep_focus(self, refused: bool = False) -> None:
        """Keep the focus where it may rest: on a :meth:`focusable` card, and on a
        :meth:`preferred` one when the table has just come to this moment (South's turn, the
        deal shown, the cards given back) or the focused card was ``refused`` — moving it to
        the nearest such card (the right one of two as near)."""
        model = self.model
        now = (*model.state_key(), self.dealing, model.plays_cards())
        fresh = self._focus_at is None or not same_state(self._focus_at[:4], now[:4]) \
            or self._focus_at[4:] != now[4:]
        self._focus_at = now
        ok = self.preferred() if fresh or refused else self.focusable()
        if ok and self.focus not in ok:
            self.focus = min(ok, key=lambda i: (abs(i - self.focus), -i))

    def _deal_tick(self) -> None:
        if self.shown >= self.reveal_target:
            return
        self.shown = min(self.reveal_target, self.shown + DEAL_PACKET)
        self._layout_key = None
        self.anim.after(DEAL_STEP * self.speed(), self._deal_tick)

    def top(self, empty: int | None = None) -> int:
        """The top of the hand as laid out (without any raised card); with no card, ``empty``
        (by default a card's height above the bottom)."""
        default = self.size[1] - self.geo.card[1] if empty is None else empty
        return min((r.top for r in self.rects), default=default)

    def clear_top(self, empty: int | None = None) -> int:
        """Above this nothing of the hand shows in this phase: :meth:`top` less the most a
        card rises while cards are played or laid away (a picked or hinted card) — South's
        label and the buttons above it stay clear of a raised card. With no card, ``empty``
        as :meth:`top` has it.

        **Decision** (issue 25): the room is kept for the whole phase, not only on South's
        turn — the label does not jump at every trick; while the seats bid none is kept (the
        decision panel and West's words need the height at 1024×600, French Tarot for five):
        a card rises then only under the pointer, over the label while the pointer is on it."""
        if not self.rects or self.model.hand.phase not in CARD_PHASES:
            return self.top(empty)
        return self.top() - self.geo.card[1] // PICK_LIFT

    def is_picked(self, i: int) -> bool:
        """Card ``i`` is picked for the lay-away."""
        return self.model.is_picked(self.cards, i)

    def focused(self) -> bool:
        """The keyboard's focus is on a card now (shown with an outline)."""
        return self.kb_used and self.takes_keys()

    def card_rect(self, i: int) -> pygame.Rect:
        """Where card ``i`` is drawn now (raised when hovered, focused, picked or hinted; a
        little when the hint counts it as good as the card it names)."""
        r = self.rects[i].move(*self.slides.shift(self.keys[i]))
        lift = self.geo.card[1] // TURN_LIFT if self.playable(i) else 0
        if i == self.hover or (self.focused() and i == self.focus):
            lift = self.geo.card[1] // HOVER_LIFT
        picked = self.cards[i] is not None and self.model.picking() and self.is_picked(i)
        if picked or i == self.hinted():
            lift = self.geo.card[1] // PICK_LIFT
        elif i in self.as_good():
            lift = max(lift, self.geo.card[1] // AS_GOOD_LIFT)
        return r.move(0, -lift) if lift else r

    def raised_top(self) -> int:
        """The top of the hand as drawn now, raised cards included."""
        return min((self.card_rect(i).top for i in range(len(self.rects))),
                   default=self.top())

    def playable(self, i: int) -> bool:
        """Card ``i`` may be played now, South's turn to play a card (it stands a little
        raised: whose turn it is, and which cards may go)."""
        name = self.cards[i] if i < len(self.cards) else None
        if name is None or self.dealing or self.model.picking() or not self.model.plays_cards():
            return False
        return name not in self.model.illegal_cards()

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The hand card under ``pos`` (the topmost one; a raised card is on top of its
        neighbours where it sticks out)."""
        self.layout()
        if self.hover is not None and self.hover < len(self.rects) and \
                self.card_rect(self.hover).collidepoint(pos):
            top_hit = next((i for i in range(len(self.rects) - 1, -1, -1)
                            if self.rects[i].collidepoint(pos)), None)
            if top_hit is None or top_hit == self.hover:
                return self.hover
        for i in range(len(self.rects) - 1, -1, -1):
            if self.card_rect(i).collidepoint(pos):
                return i
        return None

    def dim_reasons(self) -> dict[int, str]:
        """Hand index → why that card may not be played or picked now (learning mode)."""
        return self.model.dim_reasons(self.cards)

    def update(self, dt: float) -> None:
        """Lay the hand out again if it changed (and go on with the deal)."""
        self.layout()

    # -- input -------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The pointer over the hand (hover, press, drag, drop, double-click) and the keys
        that work the hand; True when the event was used."""
        if event.type == pygame.KEYDOWN:
            return self.handle_key(event.key)
        if event.type == pygame.MOUSEMOTION:
            self.motion(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.release(event.pos)
            return True
        return False

    def fly_home(self, name: str, start: tuple[int, int], rect: pygame.Rect) -> None:
        """Card ``name`` flies back from ``start`` to its place ``rect`` in the hand (that
        place stays empty meanwhile, wherever the focus goes)."""
        back = Sprite(name, start[0], start[1])
        self.returning = back
        self.home = next((i for i, n in enumerate(self.cards)
                          if n == name and self.card_rect(i).centerx == rect.centerx), self.focus)

        def home() -> None:
            self.returning = None

        self.anim.animate(back, FLY * self.speed(), home, x=rect.centerx, y=rect.centery)

    def handle_key(self, key: int) -> bool:
        """Arrows move the focus through the hand, Enter plays (or picks) the focused card;
        True when the key was used."""
        if not self.cards:
            return False
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.step_focus(1 if key == pygame.K_RIGHT else -1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.model.picking():
                self.pick(self.focus)
            elif not self.play(self.focus, None):  # refused: said once, the focus moves on
                self.keep_focus(refused=True)
        else:
            return False
        return True

    def step_focus(self, by: int) -> None:
        """Move the focus to the next card it may rest on (:meth:`focusable`) in the
        direction ``by`` (1: right, -1: left), round the end of the hand."""
        ok = self.focusable()
        n = len(self.cards)
        later = sorted(ok, key=lambda i: ((i - self.focus) * by) % n or n)
        if later:
            self.focus = later[0]

    def motion(self, pos: tuple[int, int]) -> None:
        """The pointer moved: drag the held card, or hover the card under it."""
        self.kb_used = False
        if self.drag is not None:
            d = self.drag
            d.pos = pos
            if abs(pos[0] - d.start[0]) + abs(pos[1] - d.start[1]) > DRAG_SLOP:
                d.moved = True
            return
        self.hover = self.card_at(pos) if not self.summary_up() else None

    def press(self, pos: tuple[int, int]) -> bool:
        """A press on the hand: take the card under it (True when there is one)."""
        i = self.card_at(pos)
        if i is None:
            return False
        r = self.card_rect(i)
        name = self.cards[i]
        if name is None:
            self.say(_("These cards stay hidden until trump is called"))
            return True
        playable = self.model.hand.to_act == 0 and not self.model.picking() \
            and self.model.why_not(self.model.play_action(name)) is None
        self.drag = Drag(i, name, pos, (pos[0] - r.centerx, pos[1] - r.centery), pos,
                         playable=playable)
        return True

    def release(self, pos: tuple[int, int]) -> None:
        """The button is let go: drop the dragged card on the table (or back home), pick it for
        the lay-away, or play it on a double-click."""
        d = self.drag
        self.drag = None
        if d is None:
            return
        self.hover = None
        self.focus = d.index
        if d.moved:
            self._layout_key = None
            drop = (pos[0] - d.offset[0], pos[1] - d.offset[1])
            if self.geo.drop_zone.collidepoint(pos):
                self.play(d.index, drop)
            else:
                self.fly_home(d.name, drop, self.card_rect(d.index))
            return
        if self.model.picking():
            self.pick(d.index)
            return
        last, now = self.last_click, self.clock()
        self.last_click = (d.name, now)
        if last is not None and last[0] == d.name and now - last[1] <= DOUBLE_CLICK:
            self.last_click = None
            self.play(d.index, None)

    def dragging(self) -> bool:
        """A card is being dragged (it has left its place)."""
        return self.drag is not None and self.drag.moved

    # -- drawing -----------------------------------------------------------------------------

    def art(self, size: tuple[int, int]) -> CardArt:
        """Card pictures at ``size`` in the player's deck colours."""
        return art(size[0], size[1], self.settings.four_colour)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The hand (within the window ``rect``) and a card flying back (the dragged one is
        drawn last of all, :meth:`draw_held`)."""
        a = self.art(self.geo.card)
        dim = self.dim_reasons()
        hidden = self.drag.index if self.drag is not None and self.drag.moved else None
        if self.returning is not None and self.returning.name in self.cards and hidden is None:
            hidden = self.home
        ring = self.focused()
        for i, name in enumerate(self.cards):
            if i == hidden:
                continue
            r = self.card_rect(i)
            surface.blit(a.face(name) if name else a.back(), r)
            if i in dim:
                surface.blit(a.shade(), r)
            if ring and i == self.focus:
                pygame.draw.rect(surface, GOLD, r, width=FOCUS_RING, border_radius=a.radius)
        if self.returning is not None and self.returning.name:
            img = a.face(self.returning.name)
            surface.blit(img, img.get_rect(center=(round(self.returning.x),
                                                   round(self.returning.y))))

    def draw_held(self, surface: pygame.Surface) -> None:
        """The card being dragged, under the pointer: over everything on the table (the
        checker's note, a bubble) as the pointer itself is — drawn from a copy of its face,
        which the layout report (:mod:`..report`) leaves out: it lies wherever the player
        holds it."""
        if self.drag is not None and self.drag.moved:
            img = self.art(self.geo.card).face(self.drag.name).copy()
            p = self.drag.pos
            surface.blit(img, img.get_rect(center=(p[0] - self.drag.offset[0],
                                                   p[1] - self.drag.offset[1])))
