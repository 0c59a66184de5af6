"""The seats around the table: the three AI seats' card backs, every seat's name and role, the
mark of the seat to act — South's label lit "Your turn" with a soft pulse, an AI seat deciding
outlined with a thinking bubble of moving dots — and what each seat says (speech bubbles)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ...engine.cards import TABLE4
from ...engine.cards import Table as Seats
from ...i18n import N_, _, say
from .. import report, words
from ..layout import MARGIN, Table
from ..render import fonts
from ..theme import BUBBLE, GOLD, INK, THINKING_DOT, TURN_GLOW, TURN_INK
from .model import Speech, TableModel
from .widget import Widget

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from .hand import HandWidget

SPEECH_SECONDS = 2.5
"""How long a seat's words stay (times the speed factor, at least 0.6 of it)."""
SLOWEST_SPEECH = 0.6
"""The least speed factor for the words' time: fast animation still leaves them readable."""
MAX_BACKS = 12
"""The most card backs drawn for one seat (the count is written beside them)."""
BACK_STEP = (4, 6)
"""The step between a seat's card backs: the larger of these pixels and a card's width over
the number."""
TURN_LINE = 2
TURN_RADIUS = 6
LABEL_GAP = 14
"""Pixels between North's cards and its label (at their right)."""
BELOW_CARDS = 6
"""Pixels between West's or East's cards and their label (below them)."""
ABOVE_HAND = 8
"""Pixels between South's label and the top of its hand."""
EDGE = 12
"""The seats keep this far from the window's sides."""
LABEL_CLEARANCE = (-24, -12)
"""A label stays inside the window shrunk by this."""
TURN_RING = (12, 6)
"""The turn's outline is the label grown by this."""
EAST_CLEARANCE = 16
"""East keeps this far left of the card tracker and right of the trick."""
EAST_HALF_WIDTH = 70
"""The least half width kept for East's cards beside the tracker."""
EAST_LABEL_ROOM = 40
"""The height kept under East's cards for its label when they move beside the tracker."""
BUBBLE_GAP = 10
"""Pixels between a label and its seat's bubble."""
LABEL_TEXT = 17
BUBBLE_TEXT = 18
SOUTH_BUBBLE_GAP = 16
"""South's bubble sits this far right of its label."""
BUBBLE_PAD = (16, 10)
BUBBLE_RADIUS = 10
NO_HAND = 150
"""With no card in South's hand, South's label sits this far above the window's bottom."""
LABEL_SEP = "  ·  "
"""Between the parts of a seat's label."""
YOUR_TURN = N_("Your turn")
"""South's label while South is to act (translated where it is drawn)."""
PULSE_SECONDS = 1.4
"""One breath of the "Your turn" glow."""
BREATHS = 3
"""The glow breathes this many times when South's turn comes, then stays lit.
**Decision** (issue 25): a table waiting for South draws nothing — a glow breathing for ever
would redraw the table 60 times a second while the player thinks."""
BUBBLE_OVER = 0.001
"""A bubble is gone this long after its time (the frame that wakes for it draws it gone)."""
GLOW_RINGS = ((8, 40), (4, 90))
"""The glow around South's lit label: rings grown by so many pixels, at their most opaque."""
DOTS = 3
DOT_RADIUS = 5
DOT_GAP = 16
"""The thinking bubble's dots: how many, their radius and the distance between centres."""
DOT_SECONDS = 0.35
"""Each dot rises in turn for this long."""
DOT_RISE = 4
THINK_BOX = (70, 32)
"""The thinking bubble's size."""


class SeatsWidget(Widget):
    """The four seats' labels and the AI seats' cards, beside South's hand ``fan``.
    ``east_limit`` gives the x East's cards must stay left of (the card tracker's left edge),
    or ``None``; ``busy`` says cards are moving (no seat is marked to act then); ``clock`` is
    the table's time."""

    def __init__(self, model: TableModel, fan: HandWidget, speed: Callable[[], float],
                 clock: Callable[[], float], busy: Callable[[], bool],
                 east_limit: Callable[[], int | None],
                 thinking: Callable[[], int | None] = lambda: None,
                 summary_up: Callable[[], bool] = lambda: False,
                 keep_clear: Callable[[], list[pygame.Rect]] = list) -> None:
        self.model = model
        self.keep_clear = keep_clear
        """The buttons and panels the AI seats' labels keep clear of."""
        self.panel_box: Callable[[], pygame.Rect | None] = lambda: None
        """The decision panel's box while it shows (the table's): West's and East's labels
        are written smaller rather than run under it (on two lines they would push the seat's
        words onto the Hint button at 1024×600)."""
        self.thinking = thinking
        """The AI seat deciding now (the AI driver's), if any: it shows a thinking bubble."""
        self.summary_up = summary_up
        """The summary is up: nobody is to act."""
        self.fan = fan
        self.speed = speed
        self.clock = clock
        self.busy = busy
        self.east_limit = east_limit
        self.geo = Table((0, 0))
        self.bubbles: dict[int, tuple[str, float]] = {}
        self.south_since: float | None = None
        """The table's time when South's turn (as marked, :meth:`turn`) began, if it is
        South's turn."""
        self.labels: dict[int, pygame.Rect] = {}
        """Where each seat's label was last drawn (its turn mark included)."""
        self.fans: dict[int, pygame.Rect] = {}
        """Where each AI seat's card backs were last drawn."""
        self.spoken: dict[int, pygame.Rect] = {}
        """Where each seat's words (its speech or thinking bubble) were drawn in the last
        frame."""

    def resize(self, geo: Table) -> None:
        """The window's geometry changed."""
        self.geo = geo

    def said(self, seat: int, speech: str | None) -> None:
        """``seat`` says ``speech`` (a bubble for a while): a :class:`~.model.Speech`, or a
        message id, said in the language of the moment each frame."""
        if speech:
            until = self.clock() + SPEECH_SECONDS * max(self.speed(), SLOWEST_SPEECH)
            self.bubbles[seat] = (speech, until)

    def seat_box(self, seat: int) -> pygame.Rect | None:
        """Where ``seat``'s cards and label were last drawn, together (``None`` before the
        first frame)."""
        drawn = [r for r in (self.fans.get(seat), self.labels.get(seat)) if r is not None]
        return drawn[0].unionall(drawn[1:]) if drawn else None

    def centre(self, seat: int) -> tuple[int, int]:
        """Where ``seat``'s cards are drawn and fly from: the layout's place, except that East
        moves left of the card tracker while the tracker is open (it would hide East's
        cards and label) — when there is room there, its whole fan of backs
        :data:`EAST_CLEARANCE` clear of the trick's cards and of the tracker, beside the
        decision panel's buttons."""
        cx, cy = self.geo.seat_pos[seat]
        limit = self.east_limit() if self.letter(seat) == "E" else None
        if limit is not None:
            sw, sh = self.geo.small
            fan = (sw + max(BACK_STEP[0], sw // BACK_STEP[1]) * (MAX_BACKS - 1) + 1) // 2
            half = max(fan, EAST_HALF_WIDTH)
            moved = min(cx, limit - EAST_CLEARANCE - fan)
            tw = self.geo.trick_card[0]
            trick = max(x for x, _y in self.geo.trick_pos.values()) + tw // 2
            room = pygame.Rect(moved - half, cy - sh // 2, 2 * half, sh + EAST_LABEL_ROOM)
            if moved - fan >= trick + EAST_CLEARANCE and not any(
                    room.colliderect(o) for o in self.keep_clear() if o.left < limit):
                cx = moved  # else it stays under the tracker rather than run into the trick
                # or a button
        return cx, cy

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The seats within the window ``rect``: no more cards each than South's hand shows
        while the deal animation runs; the seat to act (when nothing moves) outlined; South's
        label above its hand."""
        small = self.fan.art(self.geo.small)
        now = self.clock()
        self.spoken = {}
        dealt = self.fan.shown if self.fan.dealing else None
        turn = self.turn()
        counts = self.model.seat_counts()
        roles = self.model.roles()
        for seat in range(1, len(self.geo.letters)):
            cx, cy = self.centre(seat)
            n = counts[seat] if dealt is None else min(counts[seat], dealt)
            shown_n = min(n, MAX_BACKS)
            step = max(BACK_STEP[0], small.w // BACK_STEP[1])
            width = small.w + step * max(0, shown_n - 1)
            x0 = max(EDGE, min(rect.w - EDGE - width, cx - width // 2))
            for k in range(shown_n):
                surface.blit(small.back(), (x0 + k * step, cy - small.h // 2))
            label = self.label(seat, n, roles.get(seat), table=self.model.table)
            ls = self._label_text(label, self.letter(seat) in ("NW", "NE"))
            cards = pygame.Rect(x0, cy - small.h // 2, max(width, small.w), small.h)
            self.fans[seat] = cards
            limit = self.east_limit() if self.letter(seat) == "E" else None
            pos = self._label_place(ls.get_rect(), seat, cards, rect, limit)
            if limit is not None and self._blocked(pos):  # beside the tracker: two lines
                ls = self._label_text(label, True)
                pos = self._label_place(ls.get_rect(), seat, cards, rect, limit)
            box = self.panel_box()
            if box is not None and self.letter(seat) in ("W", "E") and \
                    pos.inflate(*TURN_RING).colliderect(box):
                inside = rect.inflate(*LABEL_CLEARANCE)  # "West · 18 · dealer" ran under it
                room = box.left - inside.left if self.letter(seat) == "W" else \
                    inside.right - box.right
                room -= LABEL_GAP + TURN_RING[0]
                ls = fonts.fit(label, LABEL_TEXT, room, INK, bold=True) if fonts.fits(
                    label, fonts.SMALLEST_TEXT, room, bold=True) else \
                    self._label_text(label, True)  # too long even at the floor: two lines
                pos = self._label_place(ls.get_rect(), seat, cards, rect)
            self._draw_label(surface, ls, pos, seat, turn, now)
        label = self.label(0, 0, roles.get(0), turn == 0)
        ls = fonts.text(label, LABEL_TEXT, TURN_INK if turn == 0 else INK, bold=True)
        hand_top = self.fan.clear_top(rect.h - NO_HAND)
        self._draw_label(surface, ls, ls.get_rect(bottomleft=(MARGIN, hand_top - ABOVE_HAND)), 0,
                         turn, now)

    @staticmethod
    def _label_text(label: str, two_lines: bool) -> pygame.Surface:
        """An AI seat's ``label`` drawn: one line, or when ``two_lines`` (the northern seats
        of a five-seat table, side by side) its name above the rest, centred."""
        name, sep, rest = label.partition(LABEL_SEP)
        if not two_lines or not sep:
            return fonts.text(label, LABEL_TEXT, INK, bold=True)
        top, below = (fonts.text(t, LABEL_TEXT, INK, bold=True) for t in (name, rest))
        out = pygame.Surface((max(top.get_width(), below.get_width()),
                              top.get_height() + below.get_height()), pygame.SRCALPHA)
        out.blit(top, top.get_rect(midtop=(out.get_width() // 2, 0)))
        out.blit(below, below.get_rect(midbottom=(out.get_width() // 2, out.get_height())))
        return report.tag(out, report.TEXT, label)

    @staticmethod
    def label(seat: int, cards: int, role: str | None, to_act: bool = False,
              table: Seats = TABLE4) -> str:
        """A seat's label in the current language: its name at ``table`` (South's "Your turn"
        while ``to_act``), how many ``cards`` it holds (none written for 0) and its ``role``."""
        parts = [_(YOUR_TURN) if to_act else words.seat_name(seat, table)]
        if cards:
            parts.append(str(cards))
        if role:
            parts.append(role)
        return LABEL_SEP.join(parts)

    def _blocked(self, pos: pygame.Rect) -> bool:
        """Whether a label at ``pos`` (its turn ring around it) meets a button or panel."""
        ring = pos.inflate(*TURN_RING)
        return any(ring.colliderect(o) for o in self.keep_clear())

    def _label_place(self, label: pygame.Rect, seat: int, cards: pygame.Rect,
                     window: pygame.Rect, right: int | None = None) -> pygame.Rect:
        """Where an AI seat's ``label`` goes beside its ``cards``: North's at their right
        (else their left, else below them), West's and East's below them (else above them) —
        the first place clear of every button and panel :attr:`keep_clear` names, inside the
        window and left of ``right`` (the open card tracker's left edge, for East: its label
        never runs under it). At five seats North-West's and North-East's go below their
        cards (else beside them, outwards)."""
        inside = window.inflate(*LABEL_CLEARANCE)
        if right is not None:
            inside.width = min(inside.w, right - LABEL_GAP - TURN_RING[0] - inside.left)
        letter = self.letter(seat)
        if letter in ("NW", "NE"):
            out = ({"midright": (cards.left - LABEL_GAP, cards.centery)} if letter == "NW"
                   else {"midleft": (cards.right + LABEL_GAP, cards.centery)})
            places = [{"midtop": (cards.centerx, cards.bottom + BELOW_CARDS)}, out]
        elif letter == "N":
            places = [{"midleft": (cards.right + LABEL_GAP, cards.centery)},
                      {"midright": (cards.left - LABEL_GAP, cards.centery)},
                      {"midtop": (cards.centerx, cards.bottom + BELOW_CARDS)}]
        else:
            places = [{"midtop": (cards.centerx, cards.bottom + BELOW_CARDS)},
                      {"midbottom": (cards.centerx, cards.top - BELOW_CARDS)}]
        first: pygame.Rect | None = None
        for place in places:
            pos = label.copy()
            for attr, xy in place.items():
                setattr(pos, attr, xy)
            pos.clamp_ip(inside)
            first = first or pos
            if not self._blocked(pos):
                return pos
        assert first is not None
        return first

    def turn(self) -> int | None:
        """The seat marked as to act: the hand's, while nothing moves and no summary is up."""
        if self.summary_up() or self.busy():
            return None
        return self.model.hand.to_act

    def _draw_label(self, surface: pygame.Surface, text: pygame.Surface, pos: pygame.Rect,
                    seat: int, turn: int | None, now: float) -> None:
        self.labels[seat] = pos.inflate(*TURN_RING)
        since = self.turn_time(now, turn) if seat == 0 else None
        if since is not None:
            self._draw_glow(surface, pos.inflate(*TURN_RING), since)
        elif turn == seat:
            pygame.draw.rect(surface, GOLD, pos.inflate(*TURN_RING), width=TURN_LINE,
                             border_radius=TURN_RADIUS)
        surface.blit(text, pos)
        b = self.bubbles.get(seat)
        if seat != 0 and seat == turn and seat == self.thinking() and (b is None or now > b[1]):
            self._draw_thinking(surface, seat, pos, now)
        else:
            self._draw_bubble(surface, seat, pos, now)

    @staticmethod
    def pulse(since: float) -> float:
        """The glow's strength ``since`` seconds into South's turn: :data:`BREATHS` slow
        breaths from lit to dim and back, then lit."""
        if since >= BREATHS * PULSE_SECONDS:
            return 1.0
        return 0.5 + 0.5 * math.cos(2 * math.pi * since / PULSE_SECONDS)

    def turn_time(self, now: float, turn: int | None) -> float | None:
        """Seconds since South's turn (``turn`` 0) began at the table's time ``now`` (it
        begins now when it was not South's turn before), or ``None`` when it is not South's
        turn."""
        if turn != 0:
            self.south_since = None
            return None
        if self.south_since is None or self.south_since > now:
            self.south_since = now
        return now - self.south_since

    def wake_in(self, now: float) -> float | None:
        """How soon the seats look different by themselves at the table's time ``now``: at
        once while South's glow breathes, when the next thinking dot rises, when the next
        bubble goes; ``None`` when nothing of theirs is timed."""
        waits: list[float | None] = [until - now + BUBBLE_OVER
                                     for _speech, until in self.bubbles.values() if until >= now]
        turn = self.turn()
        since = self.turn_time(now, turn)
        if since is not None and since < BREATHS * PULSE_SECONDS:
            waits.append(0.0)
        if turn is not None and turn != 0 and turn == self.thinking():
            waits.append(DOT_SECONDS - now % DOT_SECONDS)
        return min((w for w in waits if w is not None), default=None)

    def _draw_glow(self, surface: pygame.Surface, pill: pygame.Rect, since: float) -> None:
        """South's lit label, ``since`` seconds into its turn: a gold pill with a soft glow
        that breathes (:meth:`pulse`)."""
        strength = self.pulse(since)
        grow = max(g for g, _ in GLOW_RINGS)
        halo = pygame.Surface(pill.inflate(2 * grow, 2 * grow).size, pygame.SRCALPHA)
        for g, alpha in GLOW_RINGS:
            ring = pygame.Rect(0, 0, pill.w + 2 * g, pill.h + 2 * g)
            ring.center = halo.get_rect().center
            pygame.draw.rect(halo, (*TURN_GLOW, round(alpha * strength)), ring,
                             border_radius=TURN_RADIUS + g)
        surface.blit(halo, halo.get_rect(center=pill.center))
        report.note(surface, report.BUBBLE, pill)
        pygame.draw.rect(surface, TURN_GLOW, pill, border_radius=TURN_RADIUS)

    def _draw_thinking(self, surface: pygame.Surface, seat: int, anchor: pygame.Rect,
                       now: float) -> None:
        """A small bubble of dots rising in turn where ``seat``'s words would show."""
        fill, edge, ink = BUBBLE
        box = pygame.Rect((0, 0), THINK_BOX)
        self._place(box, self.letter(seat), anchor)
        report.note(surface, report.BUBBLE, box)
        self.spoken[seat] = box
        pygame.draw.rect(surface, fill, box, border_radius=BUBBLE_RADIUS)
        pygame.draw.rect(surface, edge, box, width=2, border_radius=BUBBLE_RADIUS)
        lit = int(now / DOT_SECONDS) % DOTS
        x0 = box.centerx - DOT_GAP * (DOTS - 1) // 2
        for k in range(DOTS):
            y = box.centery - (DOT_RISE if k == lit else 0)
            pygame.draw.circle(surface, ink if k == lit else THINKING_DOT,
                               (x0 + k * DOT_GAP, y), DOT_RADIUS)

    @property
    def east(self) -> int:
        """East's seat (the last: 3 at four seats, 2 at three, 4 at five)."""
        return len(self.geo.letters) - 1

    def letter(self, seat: int) -> str:
        """The letter of ``seat`` at this table (``"W"``, ``"N"``, ``"NW"``…)."""
        return self.geo.letters[seat]

    def _place(self, box: pygame.Rect, letter: str, anchor: pygame.Rect,
               pad: tuple[int, int] = (0, 0)) -> bool:
        """Put a bubble ``box`` beside the label ``anchor`` of the seat ``letter``: below it
        (South's at its right) — West's and East's beside it, towards the middle, the northern
        seats' beside their label, when below it the bubble (``box`` grown by ``pad``) would
        run into a button, a panel or a seat's cards (:attr:`keep_clear`, the decision panel:
        Hint and Undo under West's label, the lay-away's panel under North's, North's own
        fan under its label at 1024×600). Returns False
        when every place runs into one (the box is then at the first place).

        **Decision**: a seat's words that find no free place are not drawn rather than drawn
        under a panel — the panel is what the player is to answer; the bids stay in the score
        panel's contract line and the bidding panel's "So far" line."""
        side = BUBBLE_GAP + pad[0] // 2
        places = {"W": [("topleft", (anchor.left, anchor.bottom + BUBBLE_GAP)),
                        ("midleft", (anchor.right + side, anchor.centery))],
                  "E": [("topright", (anchor.right, anchor.bottom + BUBBLE_GAP)),
                        ("midright", (anchor.left - side, anchor.centery))],
                  "S": [("bottomleft", (anchor.right + SOUTH_BUBBLE_GAP, anchor.bottom))]}.get(
            letter, [("midtop", (anchor.centerx, anchor.bottom + BUBBLE_GAP)),
                     ("midleft", (anchor.right + side, anchor.centery)),
                     ("midright", (anchor.left - side, anchor.centery))])
        obstacles = [*self.keep_clear(), *[b for b in [self.panel_box()] if b is not None],
                     *self.fans.values()]
        for attr, xy in places:
            setattr(box, attr, xy)
            if not any(box.inflate(*pad).colliderect(o) for o in obstacles):
                return True
        setattr(box, *places[0])
        return False

    def stays(self, speech: str) -> bool:
        """``speech`` is a bid that stays beside its seat while the bidding goes on (French
        Tarot: who passed and who bid what stays seen, the game's
        :meth:`~game.ui.games.base.Presentation.bids_stay`)."""
        return isinstance(speech, Speech) and "bid" in speech.action \
            and self.model.shown.bids_stay(self.model.knowledge())

    def _draw_bubble(self, surface: pygame.Surface, seat: int, anchor: pygame.Rect,
                     now: float) -> None:
        b = self.bubbles.get(seat)
        if b is None or (now > b[1] and not self.stays(b[0])):
            return
        fill, edge, ink = BUBBLE
        text = b[0].again() if isinstance(b[0], Speech) else say(b[0])
        s = fonts.text(text, BUBBLE_TEXT, ink, bold=True)
        r = s.get_rect()
        if not self._place(r, self.letter(seat), anchor, BUBBLE_PAD):
            self.spoken.pop(seat, None)
            return
        box = r.inflate(*BUBBLE_PAD)
        box.clamp_ip(surface.get_rect())
        report.note(surface, report.BUBBLE, box, text)
        self.spoken[seat] = box
        pygame.draw.rect(surface, fill, box, border_radius=BUBBLE_RADIUS)
        pygame.draw.rect(surface, edge, box, width=2, border_radius=BUBBLE_RADIUS)
        surface.blit(s, s.get_rect(center=box.center))
