"""The guided hand's parts of the table (issue 26), in place of the game's: the script playing
the AI seats (:class:`ScriptDriver`), the model with learning mode always on
(:class:`LessonModel`), the coach showing the script's words in place of the learning aids
(:class:`LessonCoach`); no claim, forced card or autopilot, but the script's own moves for
South in a stretch the player chose to watch (:mod:`.lesson_watch`).

**Decision**: in a guided hand the illegal cards are dimmed with their reasons whatever the
setting (it teaches the rules), but nothing asks the AI: no hint, no play checker, no
autopilot, no claim, no undo — the script is the one voice, and no worker job runs.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

import pygame

from ...engine.hand import Action
from ...i18n import N_, _
from ..coach import Coach
from ..coach_layout import BUBBLE_TEXT, BUBBLE_W
from ..layout import MARGIN
from ..render import fonts
from ..theme import BUBBLE, GOLD
from ..widgets import Button, outline, text_box, text_box_size
from .ai_driver import THINK, AIDriver
from .lesson_watch import offer_buttons
from .model import TableModel
from .trick import TALON_BELOW_PANEL, TALON_GAP

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from ...engine.match import Match
    from ..scenes.lesson import LessonTable
    from .guide import Guide

BADGE = N_("Guided hand")
"""The score panel's last line (in place of the game's goal, which a guided hand has not)."""
GO_ON = (120, 34)
"""The "Go on" button's least width and its height."""
GO_ON_TEXT = 16
GAP = 8
"""Between the bubble and its button, and the least room kept around the bubble."""
SCAN = 12
"""The bubble's place is looked for in steps of this many pixels, from above the hand up."""
TALON_CAPTION = 24
"""Room for the dog's caption above its cards."""
STEPS = 16
ACROSS = (0, -3, 3, -4, 4, -5, 5, -2, 2, -6, 6, -1, 1, -7, 7)
"""Where the bubble is tried across the window, in sixteenths from its middle (the middle
first, then a little to the sides, where the trick leaves room)."""
NARROW = 280
"""The bubble's last width, for the room between the trick and East's or West's cards."""
WIDER = 640
"""The bubble's second width, tried when the usual one (the hint's) finds no free place."""
SIDE_ROOM = 120
"""The widest bubble keeps this far from each side (West's and East's labels)."""
RING = 6
"""How far the gold ring stands out around the trick or a seat's label."""


class ScriptDriver(AIDriver):
    """The AI seats of a guided hand: each plays the script's action after a short think (the
    speed setting's), none while the script's words wait for the player — no worker."""

    def __init__(self, match: Match, guide: Guide) -> None:  # no worker, no AI player
        self.match = match
        self.guide = guide
        self.pending = None
        self.pending_key = -1
        self.pending_seat: int | None = None
        self.think_until = 0.0
        self.closed = False

    def poll(self, seat: int, now: float, speed: float, learning_on: bool) -> Action | None:
        """The script's action for ``seat`` once it has thought, else ``None`` (always while
        words wait). Should the script ever disagree with the engine, a legal action is taken
        (as the AI's driver does: a bug must not stop the table)."""
        hand = self.match.hand
        n = len(hand.history)
        if self.guide.blocks(n):
            self.pending_key = -1
            return None
        if self.pending_key != n:
            self.pending_key, self.pending_seat = n, seat
            self.think_until = now + THINK * speed
            return None
        if now < self.think_until:
            return None
        self.pending_key = -1
        action = self.guide.expected(n) if n < self.guide.total else None
        if action is None or hand.why_illegal(action) is not None:
            action = random.Random(n).choice(hand.legal_actions())
        return action

    def wake_in(self, now: float) -> float | None:
        """At once when the seat's think has not begun, at its end; ``None`` while the
        script's words wait for the player."""
        n = len(self.match.hand.history)
        if self.guide.blocks(n):
            return None
        if self.pending_key != n:
            return 0.0
        return max(0.0, self.think_until - now)

    def thinking(self) -> int | None:
        """The seat thinking now (its bubble of dots), if any."""
        return self.pending_seat if self.pending_key == len(self.match.hand.history) else None

    def drop(self) -> None:
        self.pending_key = -1

    def reset(self) -> None:
        self.pending_key = -1

    def close(self) -> None:
        self.closed = True


class LessonModel(TableModel):
    """The table's model with learning mode on whatever the setting; a handful's choice opens
    with the script's trumps chosen (:attr:`scripted`)."""

    scripted: Action | None = None
    """South's next action in the script, when it is South's turn (set by the table)."""
    hide_talon = False
    """The dog is not shown in the middle (set by the coach when the script's words find no
    room beside it)."""

    def talon(self) -> list[str]:
        """The dog shown while South lays away — unless its place is the words'.

        **Decision**: at 1024×600 the lay-away's panel, the dog and South's hand can leave
        the script's words no free place; the dog's cards are in South's hand by then (those
        still there rise when picked), so the middle gives its place to the words."""
        return [] if self.hide_talon else super().talon()

    @property
    def learning_on(self) -> bool:
        return self.match.player_for(0) == "human"

    def score_lines(self) -> list[tuple[str, bool]]:
        """The table's score lines, the game's goal replaced by the guided hand's badge.

        **Decision**: the badge is a line of the score panel, which sizes itself to its
        lines, rather than a box on the felt, where North's words, the decision panel and the
        dog leave it no place at every moment. It says "Guided hand" only, one short line as
        the goal it replaces: at five players at 1024×600 a longer one made the panel reach
        the lay-away's panel. The summary, the Esc menu and the Guided hands page say that a
        guided hand is neither saved nor counted."""
        return [*super().score_lines()[:-1], (_(BADGE), True)]

    def start_handful(self, action: Action) -> None:
        super().start_handful(action)
        want = self.scripted
        if self.handful is not None and want is not None \
                and len(want.get("handful") or ()) == self.handful.size:
            self.handful.chosen = list(want["handful"])


class LessonCoach(Coach):
    """The script's voice at the table: the bubble of the step up (or of a refused move) with
    its "Go on" button, South's cards lifted and ringed, the trick or seats' labels ringed,
    the scripted button ringed. No learning aid (:attr:`on` is false)."""

    def __init__(self, table: object) -> None:
        super().__init__(table)  # type: ignore[arg-type]
        self.block: pygame.Rect | None = None
        """Where the bubble (with its button) goes, laid out at the last frame."""
        self.go_on: Button | None = None
        self.offer: list[Button] = []
        """"Watch them" and "Play them myself" while the words up offer to watch."""
        self.offer_focus = 0
        """The offer's button Enter presses."""
        self._placed: tuple[object, tuple[int, pygame.Rect, int]] | None = None
        self.width = BUBBLE_W
        """The width the bubble's words are wrapped to (wider where the usual one finds no
        free place)."""
        self.shown: pygame.Rect | None = None
        """Where the bubble was drawn in the last frame (``None``: not shown)."""
        self.led: int | tuple[int, str] = -1
        """The action the keyboard's focus was last given for (``(n, "show")``: the
        handful's Show, its choice open)."""

    @property
    def lesson(self) -> LessonTable:
        return cast("LessonTable", self.table)

    @property
    def scripted(self) -> Action | None:
        """South's next action in the script, when it is South's turn."""
        return cast(LessonModel, self.model).scripted

    @property
    def on(self) -> bool:
        return False

    def acted(self, before: object, taken: object) -> None:
        """Nothing is checked in a guided hand."""

    def ask_hint(self) -> None:
        """No hint in a guided hand."""

    def undo(self) -> None:
        """No undo in a guided hand."""

    @property
    def buttons(self) -> list[Button]:
        return []

    def summary_buttons(self) -> list[Button]:
        return []

    def handle_key(self, event: pygame.event.Event) -> bool:
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    # -- what is up --------------------------------------------------------------------------

    def words(self) -> str | None:
        """The words shown now (the player's language), if any."""
        return self.lesson.words_up()

    def lifted(self) -> list[int]:
        """South's cards lifted now, by their place in the hand: every copy of each card
        named (identical cards are the same card to play: "You hold three A♠" lifts all
        three); not the cards picked for the lay-away."""
        names = set(self.lesson.guide.lifted(self.lesson.played)) \
            if self.model.hand.to_act == 0 else set()
        return [i for i, card in enumerate(self.fan.cards)
                if card in names and not self.fan.is_picked(i)]

    def hinted_card(self) -> int | None:
        """The card the hand raises as the one taught (none in the lay-away: the cards
        suggested there are ringed, not raised, so that only the picked ones stand up)."""
        found = self.lifted()
        return found[0] if found and not self.laying_away() else None

    def as_good_cards(self) -> frozenset[int]:
        return frozenset(self.lifted()[1:]) if not self.laying_away() else frozenset()

    def laying_away(self) -> bool:
        """South picks the cards to lay away now."""
        return self.model.hand.to_act == 0 and self.model.hand.phase == "discard"

    def marked_cards(self) -> list[pygame.Rect]:
        return [self.fan.card_rect(i) for i in self.lifted()]

    def shown_boxes(self) -> list[pygame.Rect]:
        return [self.shown] if self.shown is not None else []

    def update(self) -> None:
        """Give the keyboard's focus to the taught card or choice once per action — and
        to Show once the handful's choice opens with the script's trumps chosen."""
        n = self.lesson.played
        if self.model.choosing() is not None and self.led != (n, "show"):
            self.panel.focus, self.panel.kb_panel = 0, True  # the row's first: Show
            self.led = (n, "show")
            return
        if self.led in (n, (n, "show")):
            return
        if self.words() is None:  # a move of the player's own: the focus on the script's card
            if self.model.hand.to_act == 0 and self.fan.cards and self.focus_taught():
                self.led = n
            return
        lifted = self.lifted()
        want = self.scripted
        if want is not None and "handful" in want:  # the row's button of that handful's size
            want = next((b.choice for b in self.panel.buttons if b.choice is not None
                         and len(b.choice.get("handful") or ()) == len(want["handful"])), want)
        if want is not None and "play" not in want and "discard" not in want:
            # a button is taught (the cards it goes with lifted): Enter presses it — once the
            # panel has its buttons (it builds them after this frame's update)
            if self.panel.focus_on(want):
                self.led = n
        elif lifted:
            self.fan.focus = lifted[0]
            self.panel.kb_panel = False
            self.led = n

    def focus_taught(self) -> bool:
        """Put the keyboard's focus on the card the script plays next (so Enter never starts
        on a card the lesson refuses); False when South's next move is no card."""
        want = self.scripted
        card = want.get("play") if want is not None else None
        i = next((i for i, c in enumerate(self.fan.cards)
                  if card is not None and c == card and not self.fan.is_picked(i)), None)
        if i is None:
            return False
        self.fan.focus = i
        return True

    def visible_part(self, i: int) -> pygame.Rect:
        """What shows of South's card ``i`` as the hand lies: its place, cut where the next
        card of its row covers it."""
        r = self.fan.card_rect(i)
        if i + 1 < len(self.fan.rects):
            nxt = self.fan.card_rect(i + 1)
            if nxt.left > r.left and nxt.colliderect(r) and abs(nxt.top - r.top) < r.h // 2:
                r = pygame.Rect(r.left, r.top, nxt.left - r.left, r.h)
        return r

    # -- where the bubble goes ---------------------------------------------------------------

    def layout(self) -> None:
        """Lay the bubble and its "Go on" button out (the button only while the words wait
        for the player) where they cover nothing."""
        text = self.words()
        if text is None or self.table.summary is not None:
            self.block, self.go_on, self.offer = None, None, []
            return
        waits = self.lesson.waits()
        label = _("Go on")
        offered = self.lesson.guide.offer(self.lesson.played) is not None
        row = offer_buttons(self.lesson, (0, 0), GO_ON_TEXT, GO_ON[1]) if offered else []
        bw = row[1].rect.right - row[0].rect.left if row else \
            max(GO_ON[0], fonts.font(GO_ON_TEXT, True).size(label)[0] + 2 * 18)
        model = cast(LessonModel, self.model)
        model.hide_talon = False
        best = self.place(text, bw, waits)
        if best[0] and model.talon():  # no room with the dog shown: it is in the hand now
            model.hide_talon = True
            best = self.place(text, bw, waits)
        _covered, self.block, self.width = best
        self.go_on = None
        self.offer = offer_buttons(self.lesson, self.block.midbottom, GO_ON_TEXT, GO_ON[1]) \
            if offered else []
        if waits and not offered:
            r = pygame.Rect(0, 0, bw, GO_ON[1])
            r.midbottom = self.block.midbottom
            self.go_on = Button(label, self.lesson.go_on, r, size=GO_ON_TEXT)

    def place(self, text: str, button: int, waits: bool) -> tuple[int, pygame.Rect, int]:
        """Where the bubble of ``text`` (with a button ``button`` wide when it ``waits``)
        covers nothing, at the usual width, else wider, else narrower: (how many things it
        covers — 0, the box, the width); else the place that covers the fewest. The same
        words among the same things keep their place (worked out once)."""
        key = (text, button, waits, tuple(map(tuple, self.obstacles())), self.anchor())
        if self._placed is not None and self._placed[0] == key:
            return self._placed[1]
        best: tuple[int, pygame.Rect, int] | None = None
        for width in (BUBBLE_W, WIDER, self.table.size[0] - 2 * MARGIN - 2 * SIDE_ROOM, NARROW):
            w, h = text_box_size(text, BUBBLE_TEXT, width)
            box, covered = self.free_spot((max(w, button), h + (GAP + GO_ON[1] if waits
                                                                 else 0)))
            if best is None or covered < best[0]:
                best = (covered, box, width)
            if not covered:
                break
        assert best is not None
        self._placed = (key, best)
        return best

    def trick_ring(self) -> pygame.Rect | None:
        """The gold ring around the trick when the step now looks at it, else ``None``."""
        t = self.lesson
        step = t.guide.step(t.played)
        if step is None or not step.look.trick:
            return None
        slots = t.middle.card_rects() or t.middle.slots()
        return slots[0].unionall(slots).inflate(2 * RING, 2 * RING) if slots else None

    def obstacles(self) -> list[pygame.Rect]:
        """What the bubble keeps clear of: every button, the seats' labels, cards and words,
        the trick (while cards are played: its every place), a handful shown, the dog, the
        decision panel and its caption, the score panel, South's hand."""
        t = self.lesson
        seats = t.seats
        rects = [b.rect for b in t.buttons()]
        rects += [*seats.labels.values(), *seats.spoken.values(), *seats.fans.values()]
        rects += [*t.middle.card_rects(), t.score.rect, t.middle.handful.rect, *talon_rect(t)]
        if self.model.hand.phase == "play":  # where the trick's next cards land
            rects += t.middle.slots()
        ring = self.trick_ring()
        if ring is not None:  # the ring spans the trick's cards and the room between them
            rects.append(ring)
        rects += [r for r in [self.panel.box()] if r is not None]
        rects += [c[1] for c in [self.panel.side_caption()] if c]
        top = min(self.fan.raised_top(), self.fan.clear_top())
        rects.append(pygame.Rect(0, top, t.size[0], t.size[1] - top))
        return rects

    def anchor(self) -> int | None:
        """The x the bubble is tried at first: the middle of the cards it lifts (its words
        speak of them — a correction above the cards it names), ``None`` when it lifts
        none."""
        cards = self.lifted()
        if not cards:
            return None
        rects = [self.fan.rects[i] for i in cards if i < len(self.fan.rects)]
        return rects[0].unionall(rects[1:]).centerx if rects else None

    def free_spot(self, size: tuple[int, int]) -> tuple[pygame.Rect, int]:
        """The first place for a box of ``size`` covering nothing — from just above the hand
        upwards, above the cards the words lift first (:meth:`anchor`), then the middle,
        then to the sides — and 0; else the place covering the fewest things, and how
        many."""
        w = self.table.size[0]
        area = pygame.Rect((0, 0), self.table.size).inflate(-2 * MARGIN, -2 * MARGIN)
        keep = [r.inflate(2 * GAP, 2 * GAP) for r in self.obstacles()]
        bottom = min(self.fan.raised_top(), self.fan.clear_top()) - GAP
        side = self.panel.side_top()
        if side is not None:
            bottom = min(bottom, side - GAP)
        best: tuple[int, pygame.Rect] | None = None
        anchor = self.anchor()
        across = [w // 2 + k * w // STEPS for k in ACROSS]
        for y in range(bottom, size[1], -SCAN):
            for x in ([anchor] if anchor is not None else []) + across:
                box = pygame.Rect((0, 0), size)
                box.midbottom = (x, y)
                box.clamp_ip(area)
                covered = len(box.collidelistall(keep))
                if best is None or covered < best[0]:
                    best = (covered, box)
                if not covered:
                    return box, 0
        return (best[1], best[0]) if best is not None else (pygame.Rect((0, 0), size), 1)

    # -- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, quiet: bool = False) -> None:
        """The rings (cards, trick, labels, the scripted button), then the bubble and its
        button unless a message shows (``quiet`` for a message; a tip of a hovered button or
        card leaves the lesson's words up, the tip finding its place beside them)."""
        quiet = quiet and self.lesson.toast_live()
        self.shown = None
        t = self.lesson
        if t.summary is not None or t.last.shown:
            return
        fan = self.fan
        art = fan.art(fan.geo.card)
        laying_away = self.laying_away()
        for i in self.lifted():
            r = fan.card_rect(i)
            name = fan.cards[i]
            if laying_away:  # a ring round what shows of it, in its place: picked ones rise
                outline(surface, self.visible_part(i), art.radius)
                continue
            if name is not None:
                surface.blit(art.face(name), r)
            outline(surface, r, art.radius)
        step = t.guide.step(t.played)
        ring = self.trick_ring()
        if ring is not None:
            pygame.draw.rect(surface, GOLD, ring, width=3, border_radius=10)
        if step is not None:
            for letter in step.look.seats:
                if letter in t.model.table.letters:
                    label = t.seats.labels.get(t.model.table.index(letter))
                    if label is not None:
                        pygame.draw.rect(surface, GOLD, label.inflate(RING, RING), width=3,
                                         border_radius=8)
        want = self.scripted
        if want is not None and (step is not None or t.guide.told is not None):
            for b in [*self.panel.panel_buttons, *self.panel.side_buttons]:
                choice = b.choice
                if choice is not None and "play" not in choice and \
                        (t.guide.run.accepts(t.played, choice) or same_handful(choice, want)):
                    outline(surface, b.rect)
        text = self.words()
        if quiet or text is None or self.block is None:
            return
        box = text_box(surface, text, BUBBLE_TEXT, self.width, BUBBLE, midtop=self.block.midtop)
        below = [self.go_on] if self.go_on is not None else self.offer
        self.shown = box.unionall([b.rect for b in below]) if below else box
        mouse = pygame.mouse.get_pos()
        for i, b in enumerate(below):
            b.draw(surface, b.rect.collidepoint(mouse), i == (self.offer_focus if self.offer
                                                             else 0))


def talon_rect(table: LessonTable) -> list[pygame.Rect]:
    """Where the dog lies face up with its caption while the declarer lays away (as
    :class:`.trick.TrickWidget` draws it), if it does."""
    talon = table.model.talon()
    if not talon:
        return []
    cw, ch = table.geo.small
    step = cw + TALON_GAP
    cx, cy = table.geo.centre
    top = cy - ch // 2
    below = table.panel.panel_bottom()
    if below is not None:
        top = max(top, below + TALON_BELOW_PANEL)
    width = step * len(talon) - TALON_GAP
    return [pygame.Rect(cx - width // 2, top - TALON_CAPTION, width, ch + TALON_CAPTION)]


def same_handful(choice: Action, want: Action) -> bool:
    """``choice`` (a panel's button) opens the choice of the handful the script shows: the
    same size (the button stands for the size; the script's trumps are chosen when it opens,
    :meth:`LessonModel.start_handful`)."""
    return "handful" in choice and "handful" in want \
        and len(choice["handful"]) == len(want["handful"])
