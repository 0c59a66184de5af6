"""The middle of the table: the trick (cards flying in, the pause to read it, the collection
toward its winner), the drop zone while a card is dragged, the talon, a handful shown
(:mod:`.shown_handful`), and the last trick on demand."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ...i18n import _
from .. import words
from ..anim import Animator
from ..celebrate import Cheer
from ..layout import Table
from ..render import fonts
from ..render.cards import CardArt
from ..theme import DROP_ZONE, GOLD, INK
from ..widgets import draw_dialog
from .model import Outcome, TableModel
from .shown_handful import ShownHandful
from .widget import Widget

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from .hand import HandWidget

FLY = 0.22
"""Seconds a played card takes to reach the trick (before the speed factor)."""
TRICK_PAUSE = 1.2
"""Seconds a finished trick stays to be read once its last card has landed (before the speed
factor): at the normal speed long enough to see every card and which one won."""
SEEN_TRICK = 0.45
"""The least seconds a finished trick stays while a person watches South's seat (at the
``instant`` speed too: the fourth card is seen before the trick goes)."""
COLLECT = 0.35
"""Seconds the trick takes to slide to its winner (before the speed factor)."""
WIN_RING = 3
"""The width of the gold ring round the winning card while the finished trick is read."""
WIN_RING_GAP = 3
"""Pixels between the winning card and its ring."""
COLLECTED_ALPHA = 60
"""How opaque a collected card ends."""
TRICK_SIZE = 4
"""Cards in a trick: a fifth card starts a new one."""
ZONE_RADIUS = 18
ZONE_EDGE = 3
ZONE_ALPHA = {True: (70, 200), False: (28, 90)}
"""Fill and edge opacity of the drop zone, lit (the pointer is over it) or not."""
TALON_GAP = 6
"""Pixels between the talon's cards."""
TALON_BELOW_PANEL = 50
"""The talon keeps this far below the decision panel's buttons."""
LAST_TRICK_W = 420
"""The width of the last trick's panel."""
LAST_TRICK_GAP = 14
"""Pixels between the last trick's cards."""
TALON_TEXT = 16
LAST_TEXT = 18
"""The last trick's caption (and its "no trick yet") size."""
LAST_TEXT_ROOM = 36
"""The last trick's caption keeps this much of the panel's width free (it shrinks to fit)."""
NAME_TEXT = 14
"""The size of the seat names under the last trick's cards."""
LAST_CAPTION_TOP = 12
LAST_CARDS_TOP = 44
LAST_NAMES_GAP = 6
"""The names sit this far below the last trick's cards."""
OPAQUE = 250
"""A card at least this opaque is drawn as it is (no copy made to fade it)."""
LAST_TRICK_ROOM = 120
"""The last trick's panel is this much taller than a small card (caption, names)."""


@dataclass
class Sprite:
    """A card moving on the table: centre ``x``, ``y``; ``name`` ``None`` shows the back."""

    name: str | None
    x: float
    y: float
    seat: int = 0
    alpha: float = 255.0


class TrickWidget(Widget):
    """The trick in the middle, beside South's hand ``fan`` (a card dragged from it lights the
    drop zone). ``seat_centre`` says where a seat's cards fly from and go to; ``sound`` plays a
    named sound; ``panel_bottom`` gives the bottom of the decision panel's buttons, if any (the
    talon keeps below them)."""

    def __init__(self, model: TableModel, fan: HandWidget, anim: Animator,
                 speed: Callable[[], float], seat_centre: Callable[[int], tuple[int, int]],
                 sound: Callable[[str], None], panel_bottom: Callable[[], int | None]) -> None:
        self.model = model
        self.fan = fan
        self.panel_bottom = panel_bottom
        self.anim = anim
        self.speed = speed
        self.seat_centre = seat_centre
        self.sound = sound
        self.geo = Table((0, 0))
        self.cards: list[Sprite] = []
        self.winner: int | None = None
        """The seat whose card won the finished trick while it is read (its card is ringed);
        ``None`` otherwise."""
        self.handful = ShownHandful(model, anim, speed, fan.art, seat_centre)
        self.cheer = Cheer(anim, speed)
        """A hand won, celebrated over the summary (the table's policy starts it)."""

    def resize(self, geo: Table) -> None:
        """The window's geometry changed: the trick's cards move to their new places."""
        self.geo = self.handful.geo = geo
        for s in self.cards:
            s.x, s.y = geo.trick_pos[s.seat]

    def restore(self) -> None:
        """Show the open trick's cards where they lie (a resumed hand, an undo); no handful
        on show."""
        self.handful.clear()
        self.cheer.stop()
        self.winner = None
        self.cards = [Sprite(name, *self.geo.trick_pos[seat], seat)
                      for name, seat in self.model.open_trick()]

    def acted(self, outcome: Outcome, source: tuple[float, float] | None) -> None:
        """What an action shows in the middle: a handful shown is laid out beside its seat
        for a moment; a card played (from ``source``, its seat by default) flies to the
        trick."""
        if outcome.shown:
            self.handful.show(outcome.seat, outcome.shown)
        if outcome.played is not None:
            self.played(outcome.played, outcome.seat, source, outcome.winner)

    def played(self, name: str, seat: int, source: tuple[float, float] | None,
               winner: int | None) -> None:
        """``seat`` played ``name`` from ``source`` (its seat by default); ``winner`` is set when
        the card finished the trick, which is then collected after a pause."""
        if source is None:
            source = self.seat_centre(seat)
        sprite = Sprite(name, source[0], source[1], seat)
        if len(self.cards) >= TRICK_SIZE:
            self.cards = []
        self.winner = None
        self.cards.append(sprite)
        tx, ty = self.geo.trick_pos[seat]
        self.anim.animate(sprite, FLY * self.speed(), x=tx, y=ty, tween="decelerate")
        if winner is not None:
            self.winner = winner
            watched = self.model.match.player_for(0) == "human"  # not autoplay
            self.anim.after(self.linger(watched), lambda: self.collect(winner))

    def linger(self, watched: bool) -> float:
        """Seconds from a trick's last card leaving its seat to the trick's slide to its
        winner: the card's flight, then :data:`TRICK_PAUSE` (both times the speed factor),
        at least :data:`SEEN_TRICK` when a person watches South's seat (``watched``).

        **Decision** (issue 36): at the normal speed the finished trick stays 1.2 s after
        its last card lands, its winning card ringed in gold, then slides 0.35 s to the
        winner's seat; a click, a key or South's next card skips the wait."""
        return FLY * self.speed() + max(TRICK_PAUSE * self.speed(),
                                        SEEN_TRICK if watched else 0.0)

    def collect(self, winner: int) -> None:
        """The trick's cards slide to ``winner`` (South's below the window) over
        :data:`COLLECT` seconds (times the speed factor), fading as they go."""
        self.winner = None
        self.sound("trick")
        wx, wy = self.seat_centre(winner)
        if winner == 0:
            wy = self.geo.size[1] + self.geo.trick_card[1]
        cards = list(self.cards)

        def gone() -> None:
            if self.cards and self.cards[0] is cards[0]:
                self.cards = []

        for i, s in enumerate(cards):
            self.anim.animate(s, COLLECT * self.speed(), gone if i == 0 else None,
                              x=wx, y=wy, alpha=COLLECTED_ALPHA)

    # -- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The drop zone (while a card that may be played is dragged), the talon (below the
        decision panel) and the trick, within the window ``rect``."""
        drag = self.fan.drag
        if drag is not None and drag.moved and drag.playable:
            self._draw_zone(surface, self.geo.drop_zone.collidepoint(drag.pos))
        talon = self.model.talon()
        if talon:
            self._draw_talon(surface, self.fan.art(self.geo.small), talon, self.panel_bottom())
        ta = self.fan.art(self.geo.trick_card)
        for s in self.cards:
            img = ta.face(s.name) if s.name else ta.back()
            if s.alpha < OPAQUE:
                img = img.copy()
                img.set_alpha(int(s.alpha))
            surface.blit(img, img.get_rect(center=(round(s.x), round(s.y))))
        for r in self.winner_rects():  # over the cards it overlaps
            edge = 2 * (WIN_RING_GAP + WIN_RING)
            pygame.draw.rect(surface, GOLD, r.inflate(edge, edge), WIN_RING,
                             border_radius=ta.radius + WIN_RING_GAP + WIN_RING)
        self.handful.draw(surface)

    def winner_rects(self) -> list[pygame.Rect]:
        """Where the winning card of the finished trick lies while the trick is read (none
        otherwise)."""
        return [r for r, s in zip(self.card_rects(), self.cards, strict=True)
                if s.seat == self.winner]

    def slots(self) -> list[pygame.Rect]:
        """Where the trick's cards lie, each seat's place whether played or not: the seats'
        labels keep clear of them."""
        tw, th = self.geo.trick_card
        return [pygame.Rect(x - tw // 2, y - th // 2, tw, th)
                for x, y in self.geo.trick_pos.values()]

    def card_rects(self) -> list[pygame.Rect]:
        """Where the trick's cards are drawn now."""
        tw, th = self.geo.trick_card
        return [pygame.Rect(round(s.x) - tw // 2, round(s.y) - th // 2, tw, th)
                for s in self.cards]

    def _draw_zone(self, surface: pygame.Surface, lit: bool) -> None:
        zone = pygame.Surface(self.geo.drop_zone.size, pygame.SRCALPHA)
        fill, edge = ZONE_ALPHA[lit]
        pygame.draw.rect(zone, (*DROP_ZONE, fill), zone.get_rect(), border_radius=ZONE_RADIUS)
        pygame.draw.rect(zone, (*DROP_ZONE, edge), zone.get_rect(), width=ZONE_EDGE,
                         border_radius=ZONE_RADIUS)
        surface.blit(zone, self.geo.drop_zone.topleft)

    def _draw_talon(self, surface: pygame.Surface, small: CardArt, talon: list[str],
                    panel_bottom: int | None) -> None:
        step = small.w + TALON_GAP
        cx, cy = self.geo.centre
        x0 = cx - (step * len(talon) - TALON_GAP) // 2
        y0 = cy - small.h // 2
        if panel_bottom is not None:
            y0 = max(y0, panel_bottom + TALON_BELOW_PANEL)
        cap = fonts.text(_("The dog"), TALON_TEXT, INK, bold=True)
        surface.blit(cap, cap.get_rect(midbottom=(cx, y0 - 4)))
        for k, name in enumerate(talon):
            surface.blit(small.face(name), (x0 + k * step, y0))



class LastTrick(Widget):
    """The last finished trick on demand (the "Last trick" button or L), in a panel over the
    middle; a click anywhere puts it away."""

    def __init__(self, model: TableModel, fan: HandWidget) -> None:
        self.model = model
        self.fan = fan
        self.shown = False

    def toggle(self) -> None:
        """Show or hide the last finished trick."""
        self.shown = not self.shown

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A click while it shows puts it away (and does nothing else)."""
        if self.shown and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.shown = False
            return True
        return False

    @staticmethod
    def caption(winner: str) -> str:
        """The panel's caption in the current language: who won the last trick (seat
        ``winner``'s letter)."""
        if winner == "S":
            return _("Last trick — you won it")
        return _("Last trick — won by {seat}").format(seat=words.seat_name(winner))

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The panel over the middle of the table (when shown)."""
        if not self.shown:
            return
        geo = self.fan.geo
        small = self.fan.art(geo.small)
        rect = pygame.Rect(0, 0, LAST_TRICK_W, LAST_TRICK_ROOM + geo.small[1])
        rect.center = geo.centre
        draw_dialog(surface, rect)  # the trick under it dimmed, not read through
        last = self.model.last_trick()
        if last is None:
            s = fonts.fit(_("No trick has been played yet"), LAST_TEXT,
                          rect.w - LAST_TEXT_ROOM, INK)
            surface.blit(s, s.get_rect(center=rect.center))
            return
        winner, cards = last
        cap = fonts.fit(self.caption(winner), LAST_TEXT, rect.w - LAST_TEXT_ROOM, GOLD,
                        bold=True)
        surface.blit(cap, cap.get_rect(midtop=(rect.centerx, rect.top + LAST_CAPTION_TOP)))
        step = small.w + LAST_TRICK_GAP
        x0 = rect.centerx - (step * len(cards) - LAST_TRICK_GAP) // 2
        for k, (name, seat) in enumerate(cards):
            x = x0 + k * step
            top = rect.top + LAST_CARDS_TOP
            surface.blit(small.face(name), (x, top))
            who = fonts.fit(words.seat_name(seat), NAME_TEXT, step, INK)
            names_top = top + small.h + LAST_NAMES_GAP
            surface.blit(who, who.get_rect(midtop=(x + small.w // 2, names_top)))
